/**
 * Writes src/store/sqlite/document-dictionary-2.ts: the zstd dictionary SQLite documents are compressed
 * with (document-codec.ts, format 2). Run once, by hand, with the zstd command-line tool installed
 * (Debian's `zstd` package): `node --import tsx scripts/build-zstd-dictionary.ts`. The file it writes is
 * committed and must never change once used (stored documents need their dictionary, byte for byte, to be
 * read); a new dictionary gets a new id and format.
 *
 * Trained by zstd's own trainer on real OFF documents only (test/fixtures/off-products-2026.jsonl, OFF's
 * dump of early 2026), as foodbase stores them: each document cut into runs of four top-level members,
 * and the changed-field list a new product's first revision records. Trained on generated documents it
 * would flatter the benchmarks, which use generated ones.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Product } from "../src/domain/product.js";
import { serializeProductDocument } from "../src/domain/product-document.js";
import { changedFields } from "../src/domain/product-edit.js";

const SOURCE = "test/fixtures/off-products-2026.jsonl";
const OUTPUT = "src/store/sqlite/document-dictionary-2.ts";
const MAX_BYTES = 32_768;
const MEMBERS_PER_SAMPLE = 4;

const products = readFileSync(SOURCE, "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line) as Product);
const samples: string[] = [];
for (const product of products) {
  const lines = serializeProductDocument(product).split("\n");
  for (let i = 0; i < lines.length; i += MEMBERS_PER_SAMPLE) {
    samples.push(lines.slice(i, i + MEMBERS_PER_SAMPLE).join("\n"));
  }
  samples.push(JSON.stringify(changedFields(undefined, product)));
}
const dir = mkdtempSync(join(tmpdir(), "foodbase-zstd-dictionary-"));
try {
  const files = samples.map((sample, i) => {
    const file = join(dir, String(i));
    writeFileSync(file, sample);
    return file;
  });
  const output = join(dir, "dictionary");
  execFileSync("zstd", ["--train", ...files, "-o", output, `--maxdict=${MAX_BYTES}`, "-3", "-q"]);
  const dictionary = readFileSync(output);
  writeFileSync(
    OUTPUT,
    `/**
 * zstd dictionary 2 of stored SQLite documents (document-codec.ts, format 2), made by
 * scripts/build-zstd-dictionary.ts with zstd's trainer from ${products.length} real OFF documents (${SOURCE}).
 * Never change it: stored documents compressed with it need it, byte for byte, to be read.
 */
export const DOCUMENT_DICTIONARY_2 = Buffer.from(
  ${JSON.stringify(dictionary.toString("base64"))},
  "base64",
);
`,
  );
  console.log(`${OUTPUT}: ${dictionary.length} bytes from ${samples.length} samples of ${products.length} documents`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
