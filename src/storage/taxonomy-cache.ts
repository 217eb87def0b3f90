/**
 * The compact form of built taxonomies on disk: one file keyed by a hash of everything that decides its
 * content (source files, this engine's code, the format version), so that a server start reads it
 * instead of parsing the 2.5 MB categories file (TAXONOMY.md §4.6 "precompute once"). The file is V8's
 * serialisation of the tables (`node:v8`): read back in 290 ms where the same tables as JSON took 450 ms
 * and then a copy of every synonym array into an Int32Array (12 MB, 2 cores busy with other work); most of
 * a server start. A file another Node version cannot read is rebuilt like a stale one.
 */

import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { deserialize, serialize } from "node:v8";
import type { TaxonomyTables } from "../domain/taxonomy/tables.js";

/** Bump when the shape of {@link TaxonomyTables} changes in a way the engine hash would not catch. */
const CACHE_FORMAT = 2;
/**
 * Compiled (`dist/`) and source (`src/`, under the test runner) engines hash different code: each keeps
 * its own cache file, so that one does not delete the other's as stale.
 */
const CACHE_PREFIX = `taxonomies-${basename(join(dirname(fileURLToPath(import.meta.url)), ".."))}-`;
const CACHE_SUFFIX = ".v8";

let engineTexts: string[] | undefined;

/**
 * The engine files whose code decides the built tables: their text is part of the cache key. Read once
 * per process: every key (core, ingredient part) includes them.
 */
function engineSourceTexts(): string[] {
  if (engineTexts !== undefined) return engineTexts;
  const dir = join(dirname(fileURLToPath(import.meta.url)), "..", "domain", "taxonomy");
  engineTexts = readdirSync(dir)
    .filter((file) => /\.(ts|js)$/.test(file) && !file.endsWith(".d.ts"))
    .sort()
    .map((file) => `${file}\n${readFileSync(join(dir, file), "utf8")}`);
  return engineTexts;
}

/**
 * Cache key of source files by their names, sizes and modification times, as `make` decides: a start
 * then reads no source file (reading and hashing the core ones took 90 ms of it). Any edit of a file
 * changes its modification time; a copy that does not keep it only costs one rebuild.
 */
export function cacheKeyOfFiles(files: Readonly<Record<string, string>>): string {
  const hash = createHash("sha256");
  hash.update(`format ${CACHE_FORMAT} files\n`);
  for (const name of Object.keys(files).sort()) {
    const stat = statSync(files[name] as string);
    hash.update(`${name}\n${stat.size}\n${stat.mtimeMs}\n`);
  }
  for (const text of engineSourceTexts()) hash.update(text);
  return hash.digest("hex").slice(0, 16);
}

/** Name part of the ingredient-analysis taxonomies' compact form (a file of its own, loaded on first use). */
export const INGREDIENT_CACHE_PART = "ingredients-";

export function cacheFilePath(cacheDir: string, key: string, part = ""): string {
  return join(cacheDir, `${CACHE_PREFIX}${part}${key}${CACHE_SUFFIX}`);
}

interface CacheDocument {
  format: number;
  key: string;
  taxonomies: Record<string, TaxonomyTables>;
}

/** Reads a cached compact form; undefined when absent, stale or unreadable (it is then rebuilt). */
export function readCache(file: string, key: string): Record<string, TaxonomyTables> | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  try {
    const document = deserialize(bytes) as CacheDocument;
    if (document?.format !== CACHE_FORMAT || document.key !== key) return undefined;
    return document.taxonomies;
  } catch {
    return undefined;
  }
}

/**
 * Writes the compact form atomically (temporary file, then rename) and removes older cache files.
 * Returns false when the directory is not writable: the caller just keeps the tables in memory.
 */
export function writeCache(file: string, key: string, taxonomies: Record<string, TaxonomyTables>): boolean {
  const dir = dirname(file);
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    mkdirSync(dir, { recursive: true });
    const document: CacheDocument = { format: CACHE_FORMAT, key, taxonomies };
    writeFileSync(temporary, serialize(document));
    renameSync(temporary, file);
  } catch {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // The folder itself is unusable: nothing was written.
    }
    return false;
  }
  removeStaleCaches(dir, file);
  return true;
}

/** The part of a cache file name between the prefix and the 16-character key ("" or "ingredients-"). */
function partOf(name: string, suffix = CACHE_SUFFIX): string {
  return name.slice(CACHE_PREFIX.length, name.length - suffix.length - 16);
}

/** The suffix of format 1's files (JSON), removed as stale too. */
const FORMAT_1_SUFFIX = ".json";

function removeStaleCaches(dir: string, current: string): void {
  try {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const suffix = [CACHE_SUFFIX, FORMAT_1_SUFFIX].find((s) => name.endsWith(s));
      const samePart = suffix !== undefined && partOf(name, suffix) === partOf(basename(current));
      if (name.startsWith(CACHE_PREFIX) && samePart && path !== current) {
        rmSync(path, { force: true });
      }
    }
  } catch {
    // Best effort: a stale file only costs disk space.
  }
}
