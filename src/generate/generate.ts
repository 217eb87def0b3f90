/**
 * `foodbase generate`: N products in the dump's format (one JSON object per line), the same for the
 * same seed. Products are made in chunks by worker threads and written in order.
 */
import type { Writable } from "node:stream";
import type { NutriScoreVersion } from "../config.js";
import type { EnrichmentContext } from "../domain/enrich.js";
import type { Product } from "../domain/product.js";
import { loadTaxonomies } from "../domain/taxonomy/index.js";
import { writeText } from "../export/output.js";
import { canonicalJson } from "../import/canonical-json.js";
import { defaultImportWorkers } from "../import/importer.js";
import { inlineRunner, mapInOrder, type TaskRunner, WorkerPool } from "../import/parallel.js";
import { buildCatalog, type Catalog } from "./catalog.js";
import { generateProduct } from "./product.js";

/**
 * `sorted`: keys sorted at every level, exactly as `foodbase export` writes products (the default: a
 * generated file, imported then exported, comes back byte for byte). `natural`: keys in the order the
 * fields were filled in, as in OFF's own dump (importing it costs a sort of every object).
 */
export type KeyOrder = "sorted" | "natural";

export interface GeneratorSettings {
  seed: number;
  nutriscoreHeadlineVersion: NutriScoreVersion;
  keyOrder: KeyOrder;
}

/** Products `start` to `end - 1`. */
export interface ProductRange {
  start: number;
  end: number;
}

/** Makes the JSONL text of ranges of products (one per worker thread, or inline). */
export function rangeWriter(settings: GeneratorSettings): (range: ProductRange) => string {
  const taxonomies = loadTaxonomies();
  const catalog: Catalog = buildCatalog(taxonomies, settings.seed);
  const ctx: EnrichmentContext = { taxonomies, nutriscoreHeadlineVersion: settings.nutriscoreHeadlineVersion };
  const serialize = settings.keyOrder === "sorted" ? canonicalJson : (product: Product) => JSON.stringify(product);
  return ({ start, end }) => {
    let text = "";
    for (let index = start; index < end; index++) {
      text += `${serialize(generateProduct(catalog, settings.seed, index, ctx))}\n`;
    }
    return text;
  };
}

export interface GenerateOptions extends GeneratorSettings {
  count: number;
  out: Writable;
  /** Worker threads; 0 generates in this thread. */
  workers?: number;
  /** Products per task. */
  chunkSize?: number;
  onProgress?(written: number): void;
}

async function* ranges(count: number, chunkSize: number): AsyncGenerator<ProductRange> {
  for (let start = 0; start < count; start += chunkSize) yield { start, end: Math.min(count, start + chunkSize) };
}

export async function generateProducts(options: GenerateOptions): Promise<void> {
  const settings: GeneratorSettings = {
    seed: options.seed,
    nutriscoreHeadlineVersion: options.nutriscoreHeadlineVersion,
    keyOrder: options.keyOrder,
  };
  const workers = options.workers ?? defaultImportWorkers();
  const chunkSize = options.chunkSize ?? 1000;
  const pool =
    workers > 0
      ? new WorkerPool<ProductRange, string>(new URL("./worker.js", import.meta.url), settings, workers, 192)
      : undefined;
  const run: TaskRunner<ProductRange, string> = pool?.run ?? inlineRunner(rangeWriter(settings));
  let written = 0;
  try {
    for await (const text of mapInOrder(ranges(options.count, chunkSize), (range) => run(range), workers * 2 + 1)) {
      await writeText(options.out, text);
      written = Math.min(options.count, written + chunkSize);
      options.onProgress?.(written);
    }
  } finally {
    await pool?.close();
  }
}
