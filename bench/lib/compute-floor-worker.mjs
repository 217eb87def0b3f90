// Worker thread of compute-floor.ts: the per-product work of an import, on the built modules.
import { workerData } from "node:worker_threads";
import { enrichProduct } from "../../dist/domain/enrich.js";
import { productIndexEntry } from "../../dist/domain/search/index-entry.js";
import { serveTasks } from "../../dist/import/parallel.js";
import { loadTaxonomies } from "../../dist/storage/taxonomy-files.js";
import { encodeDocument } from "../../dist/store/sqlite/document-codec.js";

const taxonomies = loadTaxonomies();
const enrich = workerData.work === "recompute";
const parseOnly = workerData.work === "parse";
const context = { taxonomies, nutriscoreHeadlineVersion: "2021" };
const decoder = new TextDecoder();

serveTasks((block) => {
  let count = 0;
  const text = decoder.decode(block.bytes);
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    if (end > start) {
      const line = text.slice(start, end);
      const product = JSON.parse(line);
      if (!parseOnly) {
        const computed = enrich ? enrichProduct(product, context) : product;
        productIndexEntry(computed, taxonomies);
        encodeDocument(enrich ? JSON.stringify(computed) : line);
      }
      count++;
    }
    start = end + 1;
  }
  return count;
});
