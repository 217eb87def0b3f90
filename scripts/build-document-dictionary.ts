/**
 * Writes src/store/sqlite/document-dictionary.ts: the preset dictionary SQLite documents are compressed
 * with (document-codec.ts). Run once, by hand (`node --import tsx scripts/build-document-dictionary.ts`);
 * the file it writes is committed and must never change for a dictionary id already used (stored documents
 * name the dictionary they need). A new dictionary gets a new id.
 *
 * Made from real OFF documents only (test/fixtures/off-products-2026.jsonl, OFF's dump of early 2026), as
 * foodbase stores them: the keys, short values and tags found in at least two of them, the most frequent
 * last (deflate reaches the end of its dictionary most cheaply).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { serializeProductDocument } from "../src/domain/product-document.js";

const SOURCE = "test/fixtures/off-products-2026.jsonl";
const OUTPUT = "src/store/sqlite/document-dictionary.ts";
/** zlib's largest dictionary. */
const MAX_BYTES = 32_768;
/**
 * Top-level keys with their short values (`\n"lang":"fr"`), language-prefixed tags (`"en:milk"`), and
 * keys of nested objects with their short values.
 */
const PIECES =
  /\n"[^"]+":("[^"\n]{0,60}"|[0-9.]+|\[\]|\{\}|null|true|false)?|"[a-z]{2}:[a-z0-9-]+"|"[^"]{3,40}":("[^"]{0,40}"|[0-9.]+)?/g;

const documents = readFileSync(SOURCE, "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => serializeProductDocument(JSON.parse(line)));
const documentsHaving = new Map<string, number>();
for (const text of documents) {
  for (const piece of new Set(Array.from(text.matchAll(PIECES), (m) => m[0]))) {
    documentsHaving.set(piece, (documentsHaving.get(piece) ?? 0) + 1);
  }
}
const pieces = [...documentsHaving]
  .filter(([, n]) => n >= 2)
  .sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
  .map(([piece]) => piece);
const dictionary = Buffer.from(pieces.join("")).subarray(-MAX_BYTES);
writeFileSync(
  OUTPUT,
  `/**
 * Preset dictionary 1 of stored SQLite documents (document-codec.ts), made by
 * scripts/build-document-dictionary.ts from ${documents.length} real OFF documents (${SOURCE}).
 * Never change it: stored documents compressed with it need it, byte for byte, to be read.
 */
export const DOCUMENT_DICTIONARY_1 = Buffer.from(
  ${JSON.stringify(dictionary.toString("base64"))},
  "base64",
);
`,
);
console.log(`${OUTPUT}: ${dictionary.length} bytes from ${documents.length} documents`);
