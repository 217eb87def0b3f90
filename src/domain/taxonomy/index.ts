/**
 * Loading the shipped taxonomies (categories + supplement, labels, countries, nutrients) and a few
 * helpers built on them. Loading is synchronous and memoised per process; the built tables are cached
 * on disk in compact form (see cache.ts) so that a start does not parse the sources again.
 */

import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildTaxonomyTables } from "./build.js";
import { cacheFilePath, cacheKey, INGREDIENT_CACHE_PART, readCache, writeCache } from "./cache.js";
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
  ingredients: CompiledTaxonomy;
  additives: CompiledTaxonomy;
  additives_classes: CompiledTaxonomy;
  allergens: CompiledTaxonomy;
  ingredients_processing: CompiledTaxonomy;
  vitamins: CompiledTaxonomy;
  minerals: CompiledTaxonomy;
  origins: CompiledTaxonomy;
}

/** Every taxonomy the loader builds, by tag type. */
type AllTables = Record<keyof LoadedTaxonomies, TaxonomyTables>;
const TAXONOMY_NAMES: readonly (keyof LoadedTaxonomies)[] = [
  "categories",
  "labels",
  "countries",
  "nutrients",
  "ingredients",
  "additives",
  "additives_classes",
  "allergens",
  "ingredients_processing",
  "vitamins",
  "minerals",
  "origins",
];

/** Source files, relative to the data directory. */
const SOURCE_FILES = {
  categories: "categories.txt",
  categoriesSupplement: "categories-supplement.txt",
  labels: "labels.txt",
  countries: "countries.txt",
  nutrients: "nutrients.txt",
  ingredients: "ingredients.txt",
  additives: "additives.txt",
  additivesClasses: "additives_classes.txt",
  allergens: "allergens.txt",
  ingredientsProcessing: "ingredients_processing.txt",
  vitamins: "vitamins.txt",
  minerals: "minerals.txt",
  nucleotides: "nucleotides.txt",
  otherNutritionalSubstances: "other_nutritional_substances.txt",
  origins: "origins.txt",
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
    ingredients: read(SOURCE_FILES.ingredients),
    additives: read(SOURCE_FILES.additives),
    additivesClasses: read(SOURCE_FILES.additivesClasses),
    allergens: read(SOURCE_FILES.allergens),
    ingredientsProcessing: read(SOURCE_FILES.ingredientsProcessing),
    vitamins: read(SOURCE_FILES.vitamins),
    minerals: read(SOURCE_FILES.minerals),
    nucleotides: read(SOURCE_FILES.nucleotides),
    otherNutritionalSubstances: read(SOURCE_FILES.otherNutritionalSubstances),
    origins: read(SOURCE_FILES.origins),
  };
}

export interface BuildTaxonomiesOptions {
  /** Keep the per-language item lists (cross-checks); not stored in the cache. */
  keepSynonymLists?: boolean;
}

/** Parses every source text into tables (the slow path, ~2–3 s for the full categories file). */
export function buildAllTables(sources: TaxonomySourceTexts, options: BuildTaxonomiesOptions = {}): AllTables {
  const keepSynonymLists = options.keepSynonymLists ?? false;
  return { ...buildCoreTables(sources, keepSynonymLists), ...buildIngredientAnalysisTables(sources, keepSynonymLists) };
}

/** The taxonomies loaded at start: categories (+ supplement), labels, countries, nutrients. */
function buildCoreTables(sources: Pick<TaxonomySourceTexts, CoreSource>, keepSynonymLists: boolean): CoreTables {
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

/**
 * The taxonomies of ingredients analysis (INGREDIENTS.md §12.2). OFF builds its ingredients taxonomy by
 * concatenating seven files (`scripts/build_tags_taxonomy.pl`), so that additives, vitamins and minerals
 * are ingredients too. They are lenient as OFF's are: a clashing line is skipped and reported.
 */
function buildIngredientAnalysisTables(
  sources: TaxonomySourceTexts,
  keepSynonymLists: boolean,
): Omit<AllTables, "categories" | "labels" | "countries" | "nutrients"> {
  const lenient = (tagtype: string, name: string, text: string): TaxonomyTables =>
    buildTaxonomyTables({ name, text }, { tagtype, strict: false, keepSynonymLists });
  const ingredientsText = [
    sources.additivesClasses,
    sources.additives,
    sources.minerals,
    sources.vitamins,
    sources.nucleotides,
    sources.otherNutritionalSubstances,
    sources.ingredients,
  ].join("\n\n");
  return {
    ingredients: lenient("ingredients", "ingredients (7 files)", ingredientsText),
    additives: lenient("additives", SOURCE_FILES.additives, sources.additives),
    additives_classes: lenient("additives_classes", SOURCE_FILES.additivesClasses, sources.additivesClasses),
    allergens: lenient("allergens", SOURCE_FILES.allergens, sources.allergens),
    ingredients_processing: lenient(
      "ingredients_processing",
      SOURCE_FILES.ingredientsProcessing,
      sources.ingredientsProcessing,
    ),
    vitamins: lenient("vitamins", SOURCE_FILES.vitamins, sources.vitamins),
    minerals: lenient("minerals", SOURCE_FILES.minerals, sources.minerals),
    origins: lenient("origins", SOURCE_FILES.origins, sources.origins),
  };
}

const CORE_NAMES = ["categories", "labels", "countries", "nutrients"] as const;
type CoreName = (typeof CORE_NAMES)[number];
type IngredientName = Exclude<keyof LoadedTaxonomies, CoreName>;
const INGREDIENT_NAMES = TAXONOMY_NAMES.filter(
  (name): name is IngredientName => !(CORE_NAMES as readonly string[]).includes(name),
);
type CoreTables = Pick<AllTables, CoreName>;
type IngredientTables = Omit<AllTables, CoreName>;

/**
 * Compiles the tables. The ingredient-analysis part may be given as a function: it is then loaded on
 * first use of one of its taxonomies (a getter), so that a server start does not pay for it.
 */
function compile(core: CoreTables, ingredientPart: IngredientTables | (() => IngredientTables)): LoadedTaxonomies {
  const compiled: Partial<LoadedTaxonomies> = {};
  for (const name of CORE_NAMES) compiled[name] = new CompiledTaxonomy(core[name]);
  let ingredients: Partial<Record<IngredientName, CompiledTaxonomy>> | undefined;
  const ingredientTaxonomies = (): Partial<Record<IngredientName, CompiledTaxonomy>> => {
    if (ingredients === undefined) {
      const tables = typeof ingredientPart === "function" ? ingredientPart() : ingredientPart;
      ingredients = {};
      for (const name of INGREDIENT_NAMES) ingredients[name] = new CompiledTaxonomy(tables[name]);
    }
    return ingredients;
  };
  for (const name of INGREDIENT_NAMES) {
    Object.defineProperty(compiled, name, {
      enumerable: true,
      get: () => ingredientTaxonomies()[name],
    });
  }
  if (typeof ingredientPart !== "function") ingredientTaxonomies();
  return compiled as LoadedTaxonomies;
}

function hasTables(tables: Record<string, TaxonomyTables>, names: readonly string[]): boolean {
  return names.every((name) => tables[name] !== undefined);
}

/** Builds taxonomies from source texts, without any file access (tests, tools). */
export function buildTaxonomies(sources: TaxonomySourceTexts, options: BuildTaxonomiesOptions = {}): LoadedTaxonomies {
  const tables = buildAllTables(sources, options);
  return compile(tables, tables);
}

/** The sources of the core taxonomies (loaded at start). */
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
type CoreSource = "categories" | "categoriesSupplement" | "labels" | "countries" | "nutrients";

/** Loads the taxonomies, from the compact form when it is up to date (not memoised). */
export function loadTaxonomiesWithReport(options: LoadOptions = {}): LoadReport {
  const root = options.dataDir === undefined || options.cacheDir === undefined ? packageRoot() : "";
  const dataDir = options.dataDir ?? join(root, "data", "taxonomies");
  const cacheDir = options.cacheDir ?? join(root, ".cache");
  // A start reads the five core files only (their key names the compact form); the ingredient part's
  // ten more files, its key and its own compact form are read on first use.
  const core = readCoreSources(dataDir);
  const key = cacheKey(core);
  const cacheFile = cacheDir === false ? undefined : cacheFilePath(cacheDir, key);
  const ingredientPart = (): IngredientTables => {
    const sources = readTaxonomySources(dataDir);
    const ingredientKey = cacheKey(sources);
    const ingredientCacheFile =
      cacheDir === false ? undefined : cacheFilePath(cacheDir, ingredientKey, INGREDIENT_CACHE_PART);
    const cached = ingredientCacheFile === undefined ? undefined : readCache(ingredientCacheFile, ingredientKey);
    if (cached !== undefined && hasTables(cached, INGREDIENT_NAMES)) return cached as IngredientTables;
    const tables = buildIngredientAnalysisTables(sources, false);
    if (ingredientCacheFile !== undefined) writeCache(ingredientCacheFile, ingredientKey, tables);
    return tables;
  };

  const cached = cacheFile === undefined ? undefined : readCache(cacheFile, key);
  if (cached !== undefined && hasTables(cached, CORE_NAMES)) {
    const taxonomies = compile(cached as CoreTables, ingredientPart);
    return { taxonomies, source: "cache", cacheFile, cacheWritten: false, warnings: warningsOf(taxonomies) };
  }
  const tables = buildCoreTables(core, false);
  const cacheWritten = cacheFile === undefined ? false : writeCache(cacheFile, key, tables);
  const taxonomies = compile(tables, ingredientPart);
  return { taxonomies, source: "parsed", cacheFile, cacheWritten, warnings: warningsOf(taxonomies) };
}

/** Names of the taxonomies loaded on first use (ingredients analysis). */
export const LAZILY_LOADED_TAXONOMIES: readonly string[] = INGREDIENT_NAMES;

/** Build warnings of the taxonomies loaded at start (the lazily loaded ones are not touched). */
function warningsOf(taxonomies: LoadedTaxonomies): string[] {
  return CORE_NAMES.flatMap((name) =>
    taxonomies[name].buildWarnings.map((warning) => `${taxonomies[name].tagtype}: ${warning}`),
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
