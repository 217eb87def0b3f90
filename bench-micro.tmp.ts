import { readFileSync } from "node:fs";
import { loadTaxonomies } from "./dist/storage/taxonomy-files.js";
import { productIndexEntry } from "./dist/domain/search/index-entry.js";
import { enrichProduct } from "./dist/domain/enrich.js";
import { encodeDocument } from "./dist/store/sqlite/document-codec.js";
import { prepareLine } from "./dist/import/prepare.js";
const file = process.argv[2]!;
const lines = readFileSync(file, "utf8").split("\n").filter((l) => l !== "").slice(0, 8000);
const tax = loadTaxonomies();
function time(name: string, f: () => void) {
  f(); const t = process.hrtime.bigint(); f(); const s = Number(process.hrtime.bigint() - t) / 1e6;
  console.log(`${name}: ${(s / lines.length * 1000).toFixed(1)} us/product`);
}
let objs: any[] = [];
time("parse", () => { objs = lines.map((l) => JSON.parse(l)); });
time("stringify", () => { for (const o of objs) JSON.stringify(o); });
time("indexEntry", () => { for (const o of objs) productIndexEntry(o, tax); });
time("zstd per doc", () => { for (const l of lines) encodeDocument(l); });
time("prepareLine (no enrich)", () => { let i = 0; for (const l of lines) prepareLine(l, ++i, { taxonomies: tax }); });
time("prepareLine + zstd", () => { let i = 0; for (const l of lines) prepareLine(l, ++i, { taxonomies: tax, documentEncoding: "sqlite-zstd-1" }); });
const some = lines.slice(0, 2000);
const ctx = { taxonomies: tax, nutriscoreHeadlineVersion: "2021" as const };
{ const t = process.hrtime.bigint(); for (const l of some) enrichProduct(JSON.parse(l), ctx); const s = Number(process.hrtime.bigint() - t) / 1e6; console.log(`parse+enrich: ${(s / some.length * 1000).toFixed(1)} us/product`); }
{ const t = process.hrtime.bigint(); for (const l of some) enrichProduct(JSON.parse(l), ctx); const s = Number(process.hrtime.bigint() - t) / 1e6; console.log(`parse+enrich (2nd): ${(s / some.length * 1000).toFixed(1)} us/product`); }
