/**
 * Issue 20 benchmark: the cost of the schema conversions a read pays when its answer is not cached, on the 12
 * real OFF documents of 2026 (classic, 1001, 1002, 1003; 12–21 KB each).
 *   npm run bench:schema       (ROUNDS=2000 by default)
 * Prints µs per product for: one upgrade to 1003 + downgrade to the v2 shape of the whole document; the same
 * through the read path's view (only the keys a conversion touches are parsed); and the v3.5 shape.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { selectFieldsJson } from "../src/domain/fields.js";
import type { Product } from "../src/domain/product.js";
import { StoredProductBytesView, serializeProductDocument } from "../src/domain/product-document.js";
import { ConvertedProductView, convertForApiVersion } from "../src/domain/schema/index.js";
import { sortKeysDeep } from "../src/http/json.js";
import { loadTaxonomies } from "../src/storage/taxonomy-files.js";

const ROUNDS = Number(process.env.ROUNDS ?? 2000);
const taxonomies = loadTaxonomies();
const samples = readFileSync(join(import.meta.dirname, "../test/fixtures/off-products-2026.jsonl"), "utf8")
  .split("\n")
  .filter((line) => line !== "")
  .map((line) => JSON.parse(line) as Product);
const stored = samples.map((p) => Buffer.from(serializeProductDocument(sortKeysDeep(p) as Product)));
const ctx = { taxonomies, fieldContext: { requestLanguages: undefined, displayTags: () => [] } };

function measure(name: string, work: (i: number) => unknown): number {
  for (let i = 0; i < 200; i++) work(i % samples.length);
  const started = process.hrtime.bigint();
  let n = 0;
  for (let r = 0; r < ROUNDS; r++) {
    for (let i = 0; i < samples.length; i++) {
      work(i);
      n++;
    }
  }
  const us = Number(process.hrtime.bigint() - started) / 1000 / n;
  console.log(`${name.padEnd(62)} ${us.toFixed(1).padStart(7)} µs/product`);
  return us;
}

console.log(`${samples.length} real OFF documents, ${ROUNDS} rounds`);
measure("parse only (JSON.parse of the stored bytes)", (i) => JSON.parse((stored[i] as Buffer).toString("utf8")));
measure("whole document: upgrade to 1003 + downgrade to v2 (998)", (i) =>
  convertForApiVersion(samples[i] as Product, "v2", { taxonomies, now: 0 }),
);
measure("read path, v2, fields=all (view: converted keys only)", (i) =>
  selectFieldsJson(
    new ConvertedProductView(new StoredProductBytesView(stored[i] as Buffer), "v2", taxonomies),
    undefined,
    ctx.fieldContext,
  ),
);
measure("read path, v2, fields=product_name,nutrition_grades,nutriments", (i) =>
  selectFieldsJson(
    new ConvertedProductView(new StoredProductBytesView(stored[i] as Buffer), "v2", taxonomies),
    "product_name,nutrition_grades,nutriments",
    ctx.fieldContext,
  ),
);
measure("read path, v3.5, fields=all", (i) =>
  selectFieldsJson(
    new ConvertedProductView(new StoredProductBytesView(stored[i] as Buffer), "v3.5", taxonomies),
    undefined,
    ctx.fieldContext,
  ),
);
measure("stored bytes as they are (fields=raw)", (i) =>
  selectFieldsJson(new StoredProductBytesView(stored[i] as Buffer), "raw", ctx.fieldContext),
);
