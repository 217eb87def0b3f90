/**
 * The shipped taxonomy files (`data/taxonomies/`) and their compact form on disk (taxonomy-cache.ts):
 * the one place that reads them. The domain builds and compiles the tables from texts and tables it is
 * given (`domain/taxonomy/index.ts`).
 *
 * `loadTaxonomies()` is what a server uses: memoised per process, and lazy. Each part (the core
 * taxonomies, then those of ingredients analysis with their word lists) is read on first use, so that a start reads none: a
 * worker that only serves product reads never needs them, and the others pay for them once, after they
 * listen (server.ts warms them up).
 */

import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { IngredientWordData } from "../domain/ingredients/words.js";
import {
  buildCoreTables,
  buildIngredientAnalysisTables,
  CORE_NAMES,
  CORE_SOURCES,
  type CoreSource,
  type CoreTables,
  compileTaxonomies,
  coreWarnings,
  hasTables,
  INGREDIENT_NAMES,
  type IngredientTables,
  type LoadedTaxonomies,
  SOURCE_FILES,
  type TaxonomySourceTexts,
} from "../domain/taxonomy/index.js";
import { PACKAGE_ROOT } from "../paths.js";
import { readIngredientWordData } from "./ingredient-words.js";
import { cacheFilePath, cacheKeyOfFiles, INGREDIENT_CACHE_PART, readCache, writeCache } from "./taxonomy-cache.js";

export interface LoadOptions {
  /** Folder holding the taxonomy files; default `<package root>/data/taxonomies`. */
  dataDir?: string;
  /** Folder for the compact form; default `<package root>/.cache`; `false` disables the file cache. */
  cacheDir?: string | false;
}

export interface LoadReport {
  taxonomies: LoadedTaxonomies;
  /** `cache` when the core part's compact form was read, `parsed` when its sources were parsed. */
  source: "cache" | "parsed";
  /** The core part's compact form (undefined when the file cache is disabled). */
  cacheFile: string | undefined;
  /** True when this load wrote the core part's compact form. */
  cacheWritten: boolean;
  /** Tolerated build errors of lenient taxonomies (nutrients), for a log. */
  warnings: string[];
}

/** The folder of the shipped taxonomy files. */
export function shippedTaxonomiesDir(): string {
  return join(PACKAGE_ROOT, "data", "taxonomies");
}

export function readTaxonomySources(dataDir: string): TaxonomySourceTexts {
  const texts: Partial<TaxonomySourceTexts> = {};
  for (const [name, file] of Object.entries(SOURCE_FILES)) {
    texts[name as keyof TaxonomySourceTexts] = readFileSync(join(dataDir, file), "utf8");
  }
  return texts as TaxonomySourceTexts;
}

function readCoreSources(dataDir: string): Pick<TaxonomySourceTexts, CoreSource> {
  const read = (name: CoreSource): string => readFileSync(join(dataDir, SOURCE_FILES[name]), "utf8");
  return {
    categories: read("categories"),
    categoriesSupplement: read("categoriesSupplement"),
    labels: read("labels"),
    countries: read("countries"),
    nutrients: read("nutrients"),
  };
}

interface PartLoad<Tables> {
  tables: Tables;
  source: "cache" | "parsed";
  cacheFile: string | undefined;
  cacheWritten: boolean;
}

/** The two parts' loaders: each reads its compact form when it is up to date, else parses and writes it. */
function partLoaders(options: LoadOptions): { core: () => PartLoad<CoreTables>; ingredients: () => IngredientTables } {
  const dataDir = options.dataDir ?? shippedTaxonomiesDir();
  const cacheDir = options.cacheDir ?? join(PACKAGE_ROOT, ".cache");
  // The compact forms are named by the source files' sizes and modification times: a load reads no
  // source file when its part is up to date. The ingredient part's key covers every file.
  const paths = (names: readonly (keyof typeof SOURCE_FILES)[]): Record<string, string> =>
    Object.fromEntries(names.map((name) => [SOURCE_FILES[name], join(dataDir, SOURCE_FILES[name])]));
  const core = (): PartLoad<CoreTables> => {
    const key = cacheKeyOfFiles(paths(CORE_SOURCES));
    const cacheFile = cacheDir === false ? undefined : cacheFilePath(cacheDir, key);
    const cached = cacheFile === undefined ? undefined : readCache(cacheFile, key);
    if (cached !== undefined && hasTables(cached, CORE_NAMES)) {
      return { tables: cached as CoreTables, source: "cache", cacheFile, cacheWritten: false };
    }
    const tables = buildCoreTables(readCoreSources(dataDir), false);
    const cacheWritten = cacheFile === undefined ? false : writeCache(cacheFile, key, tables);
    return { tables, source: "parsed", cacheFile, cacheWritten };
  };
  const ingredients = (): IngredientTables => {
    const key = cacheKeyOfFiles(paths(Object.keys(SOURCE_FILES) as (keyof typeof SOURCE_FILES)[]));
    const cacheFile = cacheDir === false ? undefined : cacheFilePath(cacheDir, key, INGREDIENT_CACHE_PART);
    const cached = cacheFile === undefined ? undefined : readCache(cacheFile, key);
    if (cached !== undefined && hasTables(cached, INGREDIENT_NAMES)) return cached as IngredientTables;
    const tables = buildIngredientAnalysisTables(readTaxonomySources(dataDir), false);
    if (cacheFile !== undefined) writeCache(cacheFile, key, tables);
    return tables;
  };
  return { core, ingredients };
}

/** The word lists of ingredients analysis, read on first use, beside the taxonomies they go with. */
function withIngredientWords(taxonomies: LoadedTaxonomies): LoadedTaxonomies {
  let words: IngredientWordData | undefined;
  Object.defineProperty(taxonomies, "ingredientWords", {
    enumerable: true,
    get: () => {
      words ??= readIngredientWordData();
      return words;
    },
  });
  return taxonomies;
}

/**
 * Loads the core taxonomies now, from the compact form when it is up to date (not memoised), and says
 * how; the ingredient-analysis part is read on first use. For the build script and tests.
 */
export function loadTaxonomiesWithReport(options: LoadOptions = {}): LoadReport {
  const loaders = partLoaders(options);
  const core = loaders.core();
  const taxonomies = withIngredientWords(compileTaxonomies(core.tables, loaders.ingredients));
  const { source, cacheFile, cacheWritten } = core;
  return { taxonomies, source, cacheFile, cacheWritten, warnings: coreWarnings(taxonomies) };
}

const loaded = new Map<string, LoadedTaxonomies>();

/**
 * The shipped taxonomies, once per process (and per option set), each part read on first use. That use
 * throws a `TaxonomyBuildError` when a strict taxonomy has build errors.
 */
export function loadTaxonomies(options: LoadOptions = {}): LoadedTaxonomies {
  const memoKey = JSON.stringify([
    options.dataDir === undefined ? null : resolve(options.dataDir),
    typeof options.cacheDir === "string" ? resolve(options.cacheDir) : (options.cacheDir ?? null),
  ]);
  let taxonomies = loaded.get(memoKey);
  if (taxonomies === undefined) {
    const loaders = partLoaders(options);
    taxonomies = withIngredientWords(compileTaxonomies(() => loaders.core().tables, loaders.ingredients));
    loaded.set(memoKey, taxonomies);
  }
  return taxonomies;
}
