/**
 * `foodbase import`: streams a JSONL dump into the store.
 *   read (this thread) → cut into blocks of lines → parse, check, normalise, (enrich), serialise
 *   (worker threads) → in input order: drop repeated codes → store in batches of thousands, one
 * transaction each. Memory stays bounded by the blocks in flight and one batch, whatever the size of
 * the input. A product whose stored document is the same is left alone, so running an interrupted
 * import again ends where one uninterrupted run would.
 */
import { availableParallelism } from "node:os";
import { IMPORT_USER_ID } from "../accounts/user-id.js";
import type { NutriScoreVersion } from "../config.js";
import { changedFields } from "../domain/product-edit.js";
import type { ProductLoadOutcome, RevisionInfo, Store } from "../store/types.js";
import { type LineBlock, lineBlocks, type PreparedBlock, prepareBlock } from "./blocks.js";
import { inlineRunner, mapInOrder, type TaskRunner, WorkerPool } from "./parallel.js";
import { type PreparedProduct, type PrepareWorkerData, prepareOptionsOf, type RejectedLine } from "./prepare.js";
import { SeenCodes } from "./seen-codes.js";
import { InputError, type InputSource } from "./source.js";

export interface ImportProgress {
  bytesRead: number;
  /** Lines read and prepared so far. */
  lines: number;
  /** Products stored or found unchanged so far. */
  products: number;
}

export interface ImportSummary {
  /** New products. */
  imported: number;
  /** Products whose stored document changed. */
  updated: number;
  /** Products already stored as they are in the input. */
  unchanged: number;
  /** Lines skipped: not JSON, no usable code, wrong types, or a code seen earlier in the input. */
  rejected: number;
}

export interface ImportOptions {
  store: Store;
  input: InputSource;
  /** Run foodbase's enrichment on every product instead of keeping the dump's computed fields. */
  recompute?: boolean;
  nutriscoreHeadlineVersion?: NutriScoreVersion;
  /** Worker threads preparing lines; 0 prepares them in this thread. Default: the cores, at most 4. */
  workers?: number;
  /** Products per transaction. */
  batchSize?: number;
  /** Stops the import between two batches (what was stored stays stored). */
  signal?: AbortSignal;
  onReject?(reject: RejectedLine): void;
  onProgress?(progress: ImportProgress): void;
  /** The revision time, Unix seconds (default: now). */
  now?: number;
}

export class ImportInterruptedError extends Error {
  constructor(readonly summary: ImportSummary) {
    super("import interrupted");
  }
}

/** The input could not be read to its end (e.g. truncated gzip); the whole lines before were stored. */
export class ImportInputError extends Error {
  constructor(
    message: string,
    readonly summary: ImportSummary,
  ) {
    super(message);
  }
}

/**
 * Products per transaction. At a million products a batch of 2,500 imports about as fast as one of
 * 5,000 (each product dirties about one page per index either way) and keeps the import under 1 GiB:
 * the lines prepared ahead of the store scale with it (blocksInFlight).
 */
export const DEFAULT_BATCH_SIZE = 2500;
/**
 * A batch also ends at this much document text (UTF-16 code units), whatever its count: OFF's own
 * documents average 12.3 KB, three times the ones the count was chosen with, and 2,500 of them took the
 * import past 1 GiB (200,000 realistic products: peak RSS 1,100 MiB; 935 MiB with this limit, about 650
 * products a batch, for 3 % fewer products a second).
 */
const BATCH_TEXT_LIMIT = 8 * 1024 * 1024;

/**
 * The default number of worker threads: one per core but the one this thread writes the store on, at
 * least 1, at most 4 (the store's thread is the limit beyond). More threads than cores only adds
 * memory: on 2 cores, 2 workers import no faster than 1 and hold 40% more.
 */
export function defaultImportWorkers(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

/**
 * Blocks (of about 1 MiB, a few hundred products) given to the workers ahead of the store. Writing a
 * batch blocks this thread, so the workers must already hold about a batch of lines, or they stop too.
 */
function blocksInFlight(workerCount: number, batchSize: number): number {
  return workerCount === 0 ? 2 : workerCount * 2 + Math.ceil(batchSize / 200);
}

export async function importProducts(options: ImportOptions): Promise<ImportSummary> {
  const { store, input, signal } = options;
  const workerData: PrepareWorkerData = {
    recompute: options.recompute ?? false,
    nutriscoreHeadlineVersion: options.nutriscoreHeadlineVersion ?? "2021",
  };
  const workerCount = options.workers ?? defaultImportWorkers();
  // Documents are compressed where there is time for it: with one worker, that worker is already as busy
  // as the writing thread (2 cores, 100,000 realistic products: 1,427/s compressing in the worker, 1,660/s
  // in the writing thread; with zstd, 30,000 products: 572-575/s against 730-738/s on a slow day); with two
  // or more, in the workers (1,922/s with two, deflate). With zstd, two workers on 2 cores import slower than
  // one (677-689/s against 749-767/s, same run): more threads than cores only adds work.
  if (workerCount >= 2 && store.bulkDocumentEncoding !== undefined) {
    workerData.documentEncoding = store.bulkDocumentEncoding;
  }
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const info: RevisionInfo = {
    userId: IMPORT_USER_ID,
    t: options.now ?? Math.floor(Date.now() / 1000),
    comment: `import ${input.name}`,
    appName: "foodbase",
    appVersion: "",
    appUuid: "",
    userAgent: "",
  };
  const summary: ImportSummary = { imported: 0, updated: 0, unchanged: 0, rejected: 0 };
  const seen = new SeenCodes();
  let lines = 0;
  let stored = 0;
  let batch: PreparedProduct[] = [];
  let batchText = 0;

  // A worker's heap limit (see WorkerPool). With --recompute it also holds the ingredients analysis'
  // taxonomies (about 60 MB beside the core ones' 45 MB); under a 192 MB limit V8 collected the whole heap
  // over and over. 20,000 realistic products: 661 products/s with 192 MB, 764 with 256, 807 with 384; at
  // 200,000, 827/s with 256 and 808 with 384, both at a peak RSS of about 1,070 MiB.
  const pool =
    workerCount > 0
      ? new WorkerPool<LineBlock, PreparedBlock>(
          new URL("./worker.js", import.meta.url),
          workerData,
          workerCount,
          workerData.recompute ? 256 : 160,
        )
      : undefined;
  let run: TaskRunner<LineBlock, PreparedBlock>;
  if (pool === undefined) {
    const prepareOptions = prepareOptionsOf(workerData);
    run = inlineRunner((block: LineBlock) => prepareBlock(block, prepareOptions));
  } else {
    run = pool.run;
  }

  const count = (outcome: ProductLoadOutcome) => {
    if (outcome === "inserted") summary.imported++;
    else if (outcome === "updated") summary.updated++;
    else summary.unchanged++;
  };
  const flush = async () => {
    if (batch.length === 0) return;
    const outcomes = await store.loadProducts(batch, { info, changedFields });
    for (const outcome of outcomes) count(outcome);
    stored += batch.length;
    batch = [];
    batchText = 0;
  };
  const reject = (rejected: RejectedLine) => {
    summary.rejected++;
    options.onReject?.(rejected);
  };
  const progress = () => options.onProgress?.({ bytesRead: input.bytesRead(), lines, products: stored + batch.length });

  const blocks = lineBlocks(input.chunks());
  const prepared = mapInOrder(
    blocks,
    (block) => run(block, [block.bytes.buffer as ArrayBuffer]),
    blocksInFlight(workerCount, batchSize),
  );
  try {
    for await (const block of prepared) {
      if (signal?.aborted) throw new ImportInterruptedError(summary);
      const duplicates: RejectedLine[] = [];
      for (const product of block.products) {
        const earlier = seen.firstLineOf(product.code, product.line);
        if (earlier === undefined) {
          batch.push(product);
          batchText += product.head.length + product.tail.length;
        } else
          duplicates.push({
            line: product.line,
            reason: `duplicate code ${product.code} (first on line ${earlier})`,
            // The record as it would have been stored (normalised, keys sorted), on one line.
            text: `${product.head}"rev":${product.minRev}${product.tail}`.replaceAll("\n", ""),
          });
      }
      const rejected =
        duplicates.length === 0 ? block.rejects : [...block.rejects, ...duplicates].sort((a, b) => a.line - b.line);
      for (const r of rejected) reject(r);
      lines = block.lastLine;
      if (batch.length >= batchSize || batchText >= BATCH_TEXT_LIMIT) await flush();
      progress();
    }
    if (signal?.aborted) throw new ImportInterruptedError(summary);
    await flush();
    progress();
    return summary;
  } catch (e) {
    if (e instanceof InputError) {
      // Keep every whole line read before the input broke off.
      await flush();
      progress();
      throw new ImportInputError(
        `${e.message}; the ${lines} whole lines before the cut were imported (the summary above counts them)`,
        summary,
      );
    }
    throw e;
  } finally {
    await prepared.return(undefined);
    await pool?.close();
  }
}
