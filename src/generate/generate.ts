/**
 * `foodbase generate`: N products in the dump's format (one JSON object per line), the same for the
 * same seed. Products are made in chunks by worker threads and written in order as they come: the
 * memory used does not grow with the count (chunks in flight, and a fixed-size histogram of sizes).
 */
import type { Writable } from "node:stream";
import type { NutriScoreVersion } from "../config.js";
import type { EnrichmentContext } from "../domain/enrich.js";
import type { Product } from "../domain/product.js";
import { writeText } from "../export/output.js";
import { canonicalJson } from "../import/canonical-json.js";
import { defaultImportWorkers } from "../import/importer.js";
import { inlineRunner, mapInOrder, type TaskRunner, WorkerPool } from "../import/parallel.js";
import { loadTaxonomies } from "../storage/taxonomy-files.js";
import { buildCatalog, type Catalog } from "./catalog.js";
import { generateProduct } from "./product.js";
import { realisticProduct } from "./realistic.js";
import { SizeHistogram, type SizeSummary } from "./size-stats.js";

/**
 * `sorted`: keys sorted at every level, exactly as `foodbase export` writes products (the default: a
 * generated file, imported then exported, comes back byte for byte). `natural`: keys in the order the
 * fields were filled in, as in OFF's own dump (importing it costs a sort of every object).
 */
export type KeyOrder = "sorted" | "natural";

/**
 * `realistic`: the size and field mix of OFF's 2026 dump (12.3 KB on average, a tail past 40 KB; see
 * realistic.ts). `small`: the contributor's fields and foodbase's enrichment only (about 6 KB).
 */
export type GeneratorProfile = "realistic" | "small";
export const GENERATOR_PROFILES: readonly GeneratorProfile[] = ["realistic", "small"];

export interface GeneratorSettings {
  seed: number;
  profile: GeneratorProfile;
  nutriscoreHeadlineVersion: NutriScoreVersion;
  keyOrder: KeyOrder;
}

/** Products `start` to `end - 1`. */
export interface ProductRange {
  start: number;
  end: number;
}

/** The JSONL text of a range of products, and the UTF-8 length of each line (without its newline). */
export interface GeneratedChunk {
  text: string;
  sizes: number[];
}

/** Makes the JSONL text of ranges of products (one per worker thread, or inline). */
export function rangeWriter(settings: GeneratorSettings): (range: ProductRange) => GeneratedChunk {
  const taxonomies = loadTaxonomies();
  const catalog: Catalog = buildCatalog(taxonomies, settings.seed);
  const ctx: EnrichmentContext = { taxonomies, nutriscoreHeadlineVersion: settings.nutriscoreHeadlineVersion };
  const serialize = settings.keyOrder === "sorted" ? canonicalJson : (product: Product) => JSON.stringify(product);
  const make = settings.profile === "small" ? generateProduct : realisticProduct;
  return ({ start, end }) => {
    const lines: string[] = [];
    const sizes: number[] = [];
    for (let index = start; index < end; index++) {
      const line = serialize(make(catalog, settings.seed, index, ctx));
      lines.push(line);
      sizes.push(Buffer.byteLength(line));
    }
    lines.push("");
    return { text: lines.join("\n"), sizes };
  };
}

export interface GenerateOptions extends GeneratorSettings {
  count: number;
  out: Writable;
  /** Worker threads; 0 generates in this thread. */
  workers?: number;
  /** Products per task (default: 250, a few MB of text). */
  chunkSize?: number;
  onProgress?(written: number): void;
}

async function* ranges(count: number, chunkSize: number): AsyncGenerator<ProductRange> {
  for (let start = 0; start < count; start += chunkSize) yield { start, end: Math.min(count, start + chunkSize) };
}

/**
 * Heap of a generating thread: the taxonomies (with the ingredient ones) and the catalog take about
 * 150 MB; 192 MB ran out of memory in a thread.
 */
const WORKER_HEAP_MB = 448;

/** Writes the products and answers their size statistics. */
export async function generateProducts(options: GenerateOptions): Promise<SizeSummary> {
  const settings: GeneratorSettings = {
    seed: options.seed,
    profile: options.profile,
    nutriscoreHeadlineVersion: options.nutriscoreHeadlineVersion,
    keyOrder: options.keyOrder,
  };
  const workers = options.workers ?? defaultImportWorkers();
  const chunkSize = options.chunkSize ?? 250;
  const pool =
    workers > 0
      ? new WorkerPool<ProductRange, GeneratedChunk>(
          new URL("./worker.js", import.meta.url),
          settings,
          workers,
          WORKER_HEAP_MB,
        )
      : undefined;
  const run: TaskRunner<ProductRange, GeneratedChunk> = pool?.run ?? inlineRunner(rangeWriter(settings));
  const histogram = new SizeHistogram();
  let written = 0;
  try {
    for await (const chunk of mapInOrder(ranges(options.count, chunkSize), (range) => run(range), workers * 2 + 1)) {
      await writeText(options.out, chunk.text);
      for (const size of chunk.sizes) histogram.add(size);
      written += chunk.sizes.length;
      options.onProgress?.(written);
    }
  } finally {
    await pool?.close();
  }
  return histogram.summary();
}
