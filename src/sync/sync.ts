/**
 * `foodbase sync`: keeps a database current with OFF's published delta files (issue 21 item 4).
 *   index.txt (one file name per line) → the files not yet applied, oldest first → each downloaded to
 *   a temporary file, checked whole (gzip), imported by `foodbase import`'s path → recorded as applied.
 * A file is recorded only once all of it is stored, so an interrupted run leaves it unrecorded and the
 * next run imports it again: the import is idempotent (a product already stored as the file has it is
 * left alone), so the end state is that of one uninterrupted run. Upstream wins: a product in a delta
 * replaces the stored one as a new revision; earlier revisions (a local edit) stay in the history.
 */
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { createGunzip } from "node:zlib";
import type { NutriScoreVersion } from "../config.js";
import { type ImportSummary, importProducts } from "../import/importer.js";
import type { RejectedLine } from "../import/prepare.js";
import { openInput } from "../import/source.js";
import type { AppliedDelta } from "../store/sync-types.js";
import type { Store } from "../store/types.js";

/** A sync that cannot go on: the message says why, in the operator's words. */
export class SyncError extends Error {}

/** OFF's delta file names: `openfoodfacts_products_<start>_<end>.json.gz` (Unix seconds). */
const DELTA_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*_(\d+)_(\d+)\.jsonl?\.gz$/;

export interface DeltaFile {
  name: string;
  /** The window of modifications it holds (Unix seconds). */
  start: number;
  end: number;
}

/** The delta files an index lists, oldest first. Blank lines and `#` comments are skipped. */
export function parseDeltaIndex(text: string): DeltaFile[] {
  const files: DeltaFile[] = [];
  const seen = new Set<string>();
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const m = DELTA_NAME.exec(line);
    if (m === null) {
      throw new SyncError(
        `line ${i + 1} of the delta index is not a delta file name (expected openfoodfacts_products_<start>_<end>.json.gz): ${JSON.stringify(line.slice(0, 100))}`,
      );
    }
    if (seen.has(line)) continue;
    seen.add(line);
    files.push({ name: line, start: Number(m[1]), end: Number(m[2]) });
  }
  return files.sort((a, b) => a.start - b.start || a.end - b.end || (a.name < b.name ? -1 : 1));
}

async function get(url: string, what: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { redirect: "follow" });
  } catch (e) {
    const cause = (e as { cause?: { message?: string } }).cause?.message ?? (e as Error).message;
    throw new SyncError(`cannot download ${what} ${url}: ${cause}`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    const missing = response.status === 404 ? " (missing from the server)" : "";
    throw new SyncError(`cannot download ${what} ${url}: HTTP ${response.status}${missing}`);
  }
  return response;
}

/** Downloads `url` to `path`, reporting bytes as they come; answers its Last-Modified time, if any. */
async function download(
  url: string,
  path: string,
  what: string,
  onBytes: (bytes: number) => void,
): Promise<number | undefined> {
  const response = await get(url, what);
  const lastModified = Date.parse(response.headers.get("last-modified") ?? "");
  if (response.body === null) throw new SyncError(`cannot download ${what} ${url}: empty answer`);
  let bytes = 0;
  const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
  body.on("data", (chunk: Buffer) => {
    bytes += chunk.length;
    onBytes(bytes);
  });
  try {
    await pipeline(body, createWriteStream(path));
  } catch (e) {
    throw new SyncError(`cannot download ${what} ${url}: ${(e as Error).message}`);
  }
  return Number.isNaN(lastModified) ? undefined : Math.floor(lastModified / 1000);
}

/**
 * Decompresses the whole file once before anything is imported: a corrupt or truncated file is refused
 * with nothing of it stored (the import would store the products before the damage).
 */
async function checkGzip(path: string, name: string): Promise<void> {
  try {
    await pipeline(
      createReadStream(path),
      createGunzip(),
      new Writable({
        write(_chunk, _encoding, callback) {
          callback();
        },
      }),
    );
  } catch (e) {
    throw new SyncError(`${name} is not a valid gzip file (${(e as Error).message}); nothing of it was imported`);
  }
}

export interface SyncProgress {
  /** The file being applied, its position (1-based) among those to apply this run, and their count. */
  file: string;
  position: number;
  files: number;
  phase: "download" | "import";
  /** Bytes downloaded, or products stored so far in this file. */
  done: number;
}

export interface SyncOptions {
  store: Store;
  indexUrl: string;
  /** Start from this full dump (once), then follow the deltas newer than it. */
  fullUrl?: string;
  nutriscoreHeadlineVersion?: NutriScoreVersion;
  workers?: number;
  signal?: AbortSignal;
  onProgress?(progress: SyncProgress): void;
  onReject?(file: string, reject: RejectedLine): void;
  /** A file applied (or skipped as older than the full dump). */
  onApplied?(delta: AppliedDelta, skipped: boolean): void;
  /** Unix seconds (default: now). */
  now?(): number;
}

export interface SyncSummary {
  /** Files applied by this run, in order. */
  applied: AppliedDelta[];
  /** Files of the index already applied before this run. */
  alreadyApplied: number;
  /** Files older than the full dump, recorded without being imported. */
  skipped: number;
  /** Products of the files applied by this run. */
  totals: ImportSummary;
}

/** The full dump's record name, by URL. */
function fullName(url: string): string {
  return `full:${url}`;
}

/**
 * Applies every delta of the index not yet applied. The caller holds the sync lock. Throws SyncError
 * (nothing of the failing file recorded), or ImportInterruptedError when `signal` stops it.
 */
export async function syncDeltas(options: SyncOptions): Promise<SyncSummary> {
  const { store } = options;
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const totals: ImportSummary = { imported: 0, updated: 0, unchanged: 0, rejected: 0 };
  const summary: SyncSummary = { applied: [], alreadyApplied: 0, skipped: 0, totals };
  const applied = new Map((await store.sync.appliedDeltas()).map((d) => [d.name, d]));
  const dir = mkdtempSync(join(tmpdir(), "foodbase-sync-"));
  try {
    const importFile = async (url: string, name: string, position: number, files: number): Promise<AppliedDelta> => {
      const path = join(dir, name.replace(/[^A-Za-z0-9._-]/g, "_").slice(-200));
      options.onProgress?.({ file: name, position, files, phase: "download", done: 0 });
      const full = name.startsWith("full:");
      const madeT = await download(url, path, full ? "the full dump" : "delta", (bytes) =>
        options.onProgress?.({ file: name, position, files, phase: "download", done: bytes }),
      );
      await checkGzip(path, name);
      const result = await importProducts({
        store,
        input: await openInput(path),
        nutriscoreHeadlineVersion: options.nutriscoreHeadlineVersion,
        workers: options.workers,
        signal: options.signal,
        onReject: (r) => options.onReject?.(name, r),
        onProgress: (p) => options.onProgress?.({ file: name, position, files, phase: "import", done: p.products }),
      });
      rmSync(path, { force: true });
      // A full dump's record keeps when the dump was made (its Last-Modified), to skip older deltas.
      const delta: AppliedDelta = { name, appliedT: full && madeT !== undefined ? madeT : now(), ...result };
      // Recorded only now: an interruption above leaves the file to be imported again.
      await store.sync.recordDelta(delta);
      for (const key of ["imported", "updated", "unchanged", "rejected"] as const) totals[key] += result[key];
      summary.applied.push(delta);
      options.onApplied?.(delta, false);
      return delta;
    };

    // A full dump first, once: the deltas that ended before it was made are then skipped.
    if (options.fullUrl !== undefined) {
      const name = fullName(options.fullUrl);
      if (!applied.has(name)) applied.set(name, await importFile(options.fullUrl, name, 0, 0));
    }
    const fullDumpT = Math.max(
      ...[...applied.values()].filter((d) => d.name.startsWith("full:")).map((d) => d.appliedT),
      Number.NEGATIVE_INFINITY,
    );

    const index = await get(options.indexUrl, "the delta index");
    const files = parseDeltaIndex(await index.text());
    const pending = files.filter((f) => !applied.has(f.name));
    summary.alreadyApplied = files.length - pending.length;
    for (const [i, file] of pending.entries()) {
      if (options.signal?.aborted) break;
      // A delta that ended before the full dump was made holds nothing newer than the dump: importing
      // it would only add revisions of older versions (the later deltas would put the newer back).
      if (file.end <= fullDumpT) {
        const skipped: AppliedDelta = {
          name: file.name,
          appliedT: now(),
          imported: 0,
          updated: 0,
          unchanged: 0,
          rejected: 0,
        };
        await store.sync.recordDelta(skipped);
        summary.skipped++;
        options.onApplied?.(skipped, true);
        continue;
      }
      await importFile(new URL(file.name, options.indexUrl).toString(), file.name, i + 1, pending.length);
    }
    return summary;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
