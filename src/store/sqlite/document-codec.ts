/**
 * How the SQLite store keeps product documents (issue 21): compressed, since the documents are nearly all
 * of a database's bytes (OFF's average 12 KB, 1.3 GB of a 1.9 GB database at 100,000 products when
 * stored as text) and JSON repeats itself. Raw deflate with a preset dictionary of the keys and tags real
 * OFF documents share (document-dictionary.ts): about 4.8 times smaller on real documents, read back in
 * about 25 µs; the zstd that would do better is not in Node 20's zlib.
 *
 * A stored `doc` (or `changed_fields`) value is either
 * - TEXT: the JSON itself, as databases made before compression hold it (read as it is, never rewritten);
 * - a BLOB whose first byte names its format: 1 = raw deflate with DOCUMENT_DICTIONARY_1.
 */
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { DOCUMENT_DICTIONARY_1 } from "./document-dictionary.js";

export type StoredDocument = string | Buffer;

const DEFLATE_WITH_DICTIONARY_1 = 1;

/**
 * Compression levels: a write is one document, where the best ratio costs little; a bulk load does
 * thousands a second on the loading thread, where level 3 would be a third cheaper, for 10 % more bytes
 * (100,000 realistic products: a database of 0.53× the JSONL at level 3).
 */
export const WRITE_LEVEL = 6;
export const BULK_LEVEL = 6;

export function encodeDocument(json: string, level = WRITE_LEVEL): Buffer {
  const compressed = deflateRawSync(json, { level, dictionary: DOCUMENT_DICTIONARY_1 });
  return Buffer.concat([Buffer.of(DEFLATE_WITH_DICTIONARY_1), compressed]);
}

/**
 * A revision's list of changed fields: kept as text when short (an edit), compressed like documents when
 * long (a new product lists every field it has: 2.5 KB on average for OFF's documents).
 */
export function encodeChangedFields(json: string, level = WRITE_LEVEL): StoredDocument {
  return json.length <= SHORT_TEXT ? json : encodeDocument(json, level);
}
const SHORT_TEXT = 200;

/** The document's JSON as UTF-8 bytes. */
export function documentBytes(stored: StoredDocument): Buffer {
  if (typeof stored === "string") return Buffer.from(stored);
  if (stored[0] === DEFLATE_WITH_DICTIONARY_1) {
    return inflateRawSync(stored.subarray(1), { dictionary: DOCUMENT_DICTIONARY_1 });
  }
  throw new Error(`stored document of unknown format ${stored[0]}`);
}

/** The document's JSON text. */
export function documentText(stored: StoredDocument): string {
  return typeof stored === "string" ? stored : documentBytes(stored).toString("utf8");
}
