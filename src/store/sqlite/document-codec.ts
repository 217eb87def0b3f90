/**
 * How the SQLite store keeps product documents (issue 21): compressed, since the documents are nearly all
 * of a database's bytes (OFF's average 12 KB, 1.3 GB of a 1.9 GB database at 100,000 products when
 * stored as text) and JSON repeats itself. Both compressed formats use a dictionary made from real OFF
 * documents (never from generated ones, which would flatter the benchmarks).
 *
 * A stored `doc` (or `changed_fields`) value is either
 * - TEXT: the JSON itself, as databases made before compression hold it (read as it is, never rewritten);
 * - a BLOB whose first byte names its format:
 *   - 1 = raw deflate with DOCUMENT_DICTIONARY_1 (databases written before zstd; read, no longer written);
 *   - 2 = one zstd frame made with DOCUMENT_DICTIONARY_2, trained by zstd on real documents.
 *
 * Why zstd: compressing was the largest single cost of an import's writing thread, and a tenth of a write.
 * On 3,000 generated OFF-like documents (12.7 KB on average), same machine and run: deflate level 6 with
 * dictionary 1 took about 275 µs a document for 0.204 of its size; zstd level 3 with dictionary 1 as raw
 * content 80–95 µs for 0.224; with the trained dictionary 2, 75 µs for 0.208. Reading back takes about
 * 20 µs instead of 49. Node 20's zlib has no zstd, so zstd-napi (the zstd library, through Node-API) does it.
 */
import { createRequire } from "node:module";
import { inflateRawSync } from "node:zlib";
import type * as ZstdBinding from "zstd-napi/binding.js";
import { DOCUMENT_DICTIONARY_1 } from "./document-dictionary.js";
import { DOCUMENT_DICTIONARY_2 } from "./document-dictionary-2.js";

export type StoredDocument = string | Buffer;

const DEFLATE_WITH_DICTIONARY_1 = 1;
const ZSTD_WITH_DICTIONARY_2 = 2;

/**
 * zstd's level for every document written: on these documents level 3 is about as fast as level 1 and
 * 4 % smaller; level 5 is 5 % smaller again for twice the time.
 */
const ZSTD_LEVEL = 3;

/**
 * The low-level binding: its CDict/DDict digest the dictionary once, where the Compressor class of the
 * package's main module loads it again for every document (30 % slower on these sizes). Loaded on first
 * use: a process that never reads or writes a document (a cluster's primary) does not pay the 2-5 ms.
 */
let zstdBinding: typeof ZstdBinding | undefined;
function zstd(): typeof ZstdBinding {
  zstdBinding ??= createRequire(import.meta.url)("zstd-napi/binding.js") as typeof ZstdBinding;
  return zstdBinding;
}

/** This thread's compression state, made on first use (each worker thread has its own). */
let compression: { context: ZstdBinding.CCtx; dictionary: ZstdBinding.CDict; scratch: Buffer } | undefined;
let decompression: { context: ZstdBinding.DCtx; dictionary: ZstdBinding.DDict } | undefined;

/** Documents up to this size (UTF-8 bytes) are compressed through one reused buffer. */
const SCRATCH_BYTES = 1 << 20;

function compressionState() {
  compression ??= {
    context: new (zstd().CCtx)(),
    dictionary: new (zstd().CDict)(DOCUMENT_DICTIONARY_2, ZSTD_LEVEL),
    scratch: Buffer.allocUnsafe(SCRATCH_BYTES),
  };
  return compression;
}

/** The JSON compressed, behind its format byte. */
export function encodeDocument(json: string): Buffer {
  const { context, dictionary, scratch } = compressionState();
  // The text goes in as UTF-8 into the first part of the scratch buffer, the frame comes out behind it;
  // only the frame is copied out. A text too big for that is encoded on its own buffers.
  const bound = zstd().compressBound(json.length * 3);
  if (json.length * 3 + 1 + bound <= scratch.length) {
    const length = scratch.write(json, 0);
    const out = scratch.subarray(length);
    out[0] = ZSTD_WITH_DICTIONARY_2;
    const written = context.compressUsingCDict(out.subarray(1), scratch.subarray(0, length), dictionary);
    return Buffer.from(out.subarray(0, 1 + written));
  }
  const input = Buffer.from(json, "utf8");
  const out = Buffer.allocUnsafe(1 + zstd().compressBound(input.length));
  out[0] = ZSTD_WITH_DICTIONARY_2;
  const written = context.compressUsingCDict(out.subarray(1), input, dictionary);
  return out.subarray(0, 1 + written);
}

/**
 * A revision's list of changed fields: kept as text when short (an edit), compressed like documents when
 * long (a new product lists every field it has: 2.5 KB on average for OFF's documents).
 */
export function encodeChangedFields(json: string): StoredDocument {
  return json.length <= SHORT_TEXT ? json : encodeDocument(json);
}
const SHORT_TEXT = 200;

function zstdBytes(frame: Buffer): Buffer {
  decompression ??= { context: new (zstd().DCtx)(), dictionary: new (zstd().DDict)(DOCUMENT_DICTIONARY_2) };
  const size = zstd().getFrameContentSize(frame);
  // Every frame is written whole by encodeDocument, which records its size.
  if (size === null) throw new Error("stored document without its size");
  const out = Buffer.allocUnsafe(size);
  const read = decompression.context.decompressUsingDDict(out, frame, decompression.dictionary);
  return read === size ? out : out.subarray(0, read);
}

/** The document's JSON as UTF-8 bytes. */
export function documentBytes(stored: StoredDocument): Buffer {
  if (typeof stored === "string") return Buffer.from(stored);
  if (stored[0] === ZSTD_WITH_DICTIONARY_2) return zstdBytes(stored.subarray(1));
  if (stored[0] === DEFLATE_WITH_DICTIONARY_1) {
    return inflateRawSync(stored.subarray(1), { dictionary: DOCUMENT_DICTIONARY_1 });
  }
  throw new Error(`stored document of unknown format ${stored[0]}`);
}

/** The document's JSON text. */
export function documentText(stored: StoredDocument): string {
  return typeof stored === "string" ? stored : documentBytes(stored).toString("utf8");
}
