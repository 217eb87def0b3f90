/**
 * Loading the shipped taxonomies (categories + supplement, labels, countries, nutrients) and a few
 * helpers built on them. Loading is synchronous and memoised per process; the built tables are cached
 * on disk in compact form (see cache.ts) so that a start does not parse the sources again.
 */

import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildTaxonomyTables } from "./build.js";
import { cacheFilePath, cacheKey, readCache, writeCache } from "./cache.js";
import type { TaxonomyTables } from "./tables.js";
import { CompiledTaxonomy } from "./taxonomy.js";
import type { Taxonomies, Taxonomy } from "./types.js";

export { TaxonomyBuildError } from "./build.js";
export { getStringIdForLang, getTaxonomyId } from "./string-id.js";
export { CompiledTaxonomy } from "./taxonomy.js";
export type { Taxonomies, Taxonomy } from "./types.js";

/** The taxonomies as loaded here: the {@link Taxonomies} contract plus the extras of {@link CompiledTaxonomy}. */
export interface LoadedTaxonomies extends Taxonomies {
  categories: CompiledTaxonomy;
  labels: CompiledTaxonomy;
  countries: CompiledTaxonomy;
  nutrients: CompiledTaxonomy;
}

/** Source files, relative to the data directory. */
const SOURCE_FILES = {
  categories: "categories.txt",
  categoriesSupplement: "categories-supplement.txt",
  labels: "labels.txt",
  countries: "countries.txt",
  nutrients: "nutrients.txt",
} as const;

export type TaxonomySourceTexts = Record<keyof typeof SOURCE_FILES, string>;

export interface LoadOptions {
  /** Folder holding the taxonomy files; default `<package root>/data/taxonomies`. */
  dataDir?: string;
  /** Folder for the compact form; default `<package root>/.cache`; `false` disables the file cache. */
  cacheDir?: string | false;
}

export interface LoadReport {
  taxonomies: LoadedTaxonomies;
  /** `cache` when the compact form was read, `parsed` when the sources were parsed. */
  source: "cache" | "parsed";
  /** The compact form's file (undefined when the file cache is disabled). */
  cacheFile: string | undefined;
  /** True when this load wrote the compact form. */
  cacheWritten: boolean;
  /** Tolerated build errors of lenient taxonomies (nutrients), for a startup log. */
  warnings: string[];
}

/** The package root: the nearest folder above this module holding `package.json` and the data folder. */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, "package.json")) && existsSync(join(dir, "data", "taxonomies", SOURCE_FILES.categories))) {
      return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error("foodbase: cannot find the package root (data/taxonomies)");
    dir = parent;
  }
}

export function readTaxonomySources(dataDir: string): TaxonomySourceTexts {
  const read = (file: string): string => readFileSync(join(dataDir, file), "utf8");
  return {
    categories: read(SOURCE_FILES.categories),
    categoriesSupplement: read(SOURCE_FILES.categoriesSupplement),
    labels: read(SOURCE_FILES.labels),
    countries: read(SOURCE_FILES.countries),
    nutrients: read(SOURCE_FILES.nutrients),
  };
}

export interface BuildTaxonomiesOptions {
  /** Keep the per-language item lists (cross-checks); not stored in the cache. */
  keepSynonymLists?: boolean;
}

/** Parses every source text into tables (the slow path, ~2–3 s for the full categories file). */
export function buildAllTables(
  sources: TaxonomySourceTexts,
  options: BuildTaxonomiesOptions = {},
): Record<keyof Taxonomies, TaxonomyTables> {
  const keepSynonymLists = options.keepSynonymLists ?? false;
  const categories = buildTaxonomyTables(
    { name: SOURCE_FILES.categories, text: sources.categories },
    {
      tagtype: "categories",
      supplements: [{ name: SOURCE_FILES.categoriesSupplement, text: sources.categoriesSupplement }],
      keepSynonymLists,
    },
  );
  // `categories:xx:` properties of labels are canonicalised against the categories (TAXONOMY.md §2.7).
  const propertyTaxonomies = new Map<string, Taxonomy>([["categories", new CompiledTaxonomy(categories)]]);
  return {
    categories,
    labels: buildTaxonomyTables(
      { name: SOURCE_FILES.labels, text: sources.labels },
      { tagtype: "labels", propertyTaxonomies, keepSynonymLists },
    ),
    countries: buildTaxonomyTables(
      { name: SOURCE_FILES.countries, text: sources.countries },
      { tagtype: "countries", keepSynonymLists },
    ),
    // The shipped nutrients file has four translation clashes (e.g. `mt:Kalċju` on calcium and iron);
    // like OFF, the clashing lines are skipped instead of refusing to start.
    nutrients: buildTaxonomyTables(
      { name: SOURCE_FILES.nutrients, text: sources.nutrients },
      { tagtype: "nutrients", strict: false, keepSynonymLists },
    ),
  };
}

function compile(tables: Record<keyof Taxonomies, TaxonomyTables>): LoadedTaxonomies {
  return {
    categories: new CompiledTaxonomy(tables.categories),
    labels: new CompiledTaxonomy(tables.labels),
    countries: new CompiledTaxonomy(tables.countries),
    nutrients: new CompiledTaxonomy(tables.nutrients),
  };
}

function isCompleteTables(tables: Record<string, TaxonomyTables>): tables is Record<keyof Taxonomies, TaxonomyTables> {
  return ["categories", "labels", "countries", "nutrients"].every((name) => tables[name] !== undefined);
}

/** Builds taxonomies from source texts, without any file access (tests, tools). */
export function buildTaxonomies(sources: TaxonomySourceTexts, options: BuildTaxonomiesOptions = {}): LoadedTaxonomies {
  return compile(buildAllTables(sources, options));
}

/** Loads the taxonomies, from the compact form when it is up to date (not memoised). */
export function loadTaxonomiesWithReport(options: LoadOptions = {}): LoadReport {
  const root = options.dataDir === undefined || options.cacheDir === undefined ? packageRoot() : "";
  const dataDir = options.dataDir ?? join(root, "data", "taxonomies");
  const cacheDir = options.cacheDir ?? join(root, ".cache");
  const sources = readTaxonomySources(dataDir);
  const key = cacheKey(sources);
  const cacheFile = cacheDir === false ? undefined : cacheFilePath(cacheDir, key);

  const cached = cacheFile === undefined ? undefined : readCache(cacheFile, key);
  if (cached !== undefined && isCompleteTables(cached)) {
    const taxonomies = compile(cached);
    return { taxonomies, source: "cache", cacheFile, cacheWritten: false, warnings: warningsOf(taxonomies) };
  }
  const tables = buildAllTables(sources);
  const cacheWritten = cacheFile === undefined ? false : writeCache(cacheFile, key, tables);
  const taxonomies = compile(tables);
  return { taxonomies, source: "parsed", cacheFile, cacheWritten, warnings: warningsOf(taxonomies) };
}

function warningsOf(taxonomies: LoadedTaxonomies): string[] {
  return Object.values(taxonomies).flatMap((taxonomy: CompiledTaxonomy) =>
    taxonomy.buildWarnings.map((warning) => `${taxonomy.tagtype}: ${warning}`),
  );
}

const loaded = new Map<string, LoadedTaxonomies>();

/**
 * The shipped taxonomies, loaded once per process (and per option set). Throws a
 * `TaxonomyBuildError` when a strict taxonomy has build errors: the server must not start then.
 */
export function loadTaxonomies(options: LoadOptions = {}): LoadedTaxonomies {
  const memoKey = JSON.stringify([
    options.dataDir === undefined ? null : resolve(options.dataDir),
    typeof options.cacheDir === "string" ? resolve(options.cacheDir) : (options.cacheDir ?? null),
  ]);
  let taxonomies = loaded.get(memoKey);
  if (taxonomies === undefined) {
    taxonomies = loadTaxonomiesWithReport(options).taxonomies;
    loaded.set(memoKey, taxonomies);
  }
  return taxonomies;
}

/** cc (country code) → country id, per countries taxonomy. */
const countryCodeIndexes = new WeakMap<Taxonomy, Map<string, string>>();

function countryCodeIndex(countries: Taxonomy): Map<string, string> {
  let index = countryCodeIndexes.get(countries);
  if (index === undefined) {
    index = new Map();
    // Official codes first, so that the usual code (`uk` for the United Kingdom, not `gb`) wins a clash.
    for (const key of ["official_country_code_2:en", "country_code_2:en"]) {
      for (const id of countries.ids()) {
        const code = countries.property(id, key);
        if (code !== undefined && code.trim() !== "") index.set(code.trim().toLowerCase(), id);
      }
    }
    countryCodeIndexes.set(countries, index);
  }
  return index;
}

/**
 * Country id of a 2-letter country code (`be` → `en:belgium`, `uk` and `gb` → `en:united-kingdom`),
 * matched case-insensitively against `country_code_2:en`, then `official_country_code_2:en`.
 * `world` and unknown codes → undefined.
 */
export function countryFromCode(taxonomies: Taxonomies, cc: string): string | undefined {
  const code = cc.trim().toLowerCase();
  if (code === "" || code === "world") return undefined;
  return countryCodeIndex(taxonomies.countries).get(code);
}
