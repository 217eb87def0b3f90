/**
 * Building the taxonomies from their source texts (categories + supplement, labels, countries,
 * nutrients, and the ingredient-analysis ones) and a few helpers built on them. No file access here:
 * the shipped files and their compact form on disk are read by `storage/taxonomy-files.ts`.
 */

import { buildTaxonomyTables } from "./build.js";
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
type LoadedTaxonomyName = Exclude<keyof LoadedTaxonomies, "ingredientWords">;
export type AllTables = Record<LoadedTaxonomyName, TaxonomyTables>;
const TAXONOMY_NAMES: readonly LoadedTaxonomyName[] = [
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
export const SOURCE_FILES = {
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

export interface BuildTaxonomiesOptions {
  /** Keep the per-language item lists (cross-checks); not stored in the cache. */
  keepSynonymLists?: boolean;
}

/** Parses every source text into tables (the slow path, ~2–3 s for the full categories file). */
export function buildAllTables(sources: TaxonomySourceTexts, options: BuildTaxonomiesOptions = {}): AllTables {
  const keepSynonymLists = options.keepSynonymLists ?? false;
  return { ...buildCoreTables(sources, keepSynonymLists), ...buildIngredientAnalysisTables(sources, keepSynonymLists) };
}

/** The core taxonomies: categories (+ supplement), labels, countries, nutrients. */
export function buildCoreTables(sources: Pick<TaxonomySourceTexts, CoreSource>, keepSynonymLists: boolean): CoreTables {
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
export function buildIngredientAnalysisTables(
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

export const CORE_NAMES = ["categories", "labels", "countries", "nutrients"] as const;
type CoreName = (typeof CORE_NAMES)[number];
type IngredientName = Exclude<LoadedTaxonomyName, CoreName>;
export const INGREDIENT_NAMES = TAXONOMY_NAMES.filter(
  (name): name is IngredientName => !(CORE_NAMES as readonly string[]).includes(name),
);
export type CoreTables = Pick<AllTables, CoreName>;
export type IngredientTables = Omit<AllTables, CoreName>;

/** A part of the tables, or how to get it on first use. */
type PartOrLoader<T> = T | (() => T);

/** One part's taxonomies, compiled once, when the first of them is used (or at once for tables given). */
function compilePart<Name extends LoadedTaxonomyName>(
  compiled: Partial<LoadedTaxonomies>,
  names: readonly Name[],
  part: PartOrLoader<Pick<AllTables, Name>>,
): void {
  const load = (): void => {
    const tables = typeof part === "function" ? part() : part;
    // Plain properties from then on: the hot paths read them without a getter call.
    for (const name of names) {
      Object.defineProperty(compiled, name, { enumerable: true, value: new CompiledTaxonomy(tables[name]) });
    }
  };
  if (typeof part !== "function") {
    load();
    return;
  }
  for (const name of names) {
    Object.defineProperty(compiled, name, {
      enumerable: true,
      configurable: true,
      get: () => {
        load();
        return compiled[name];
      },
    });
  }
}

/**
 * Compiles the tables. Either part may be given as a function: its taxonomies are then loaded on first
 * use of one of them (a getter), so that a server start pays for neither. A server that only reads
 * products never needs them: reads convert stored documents and never recompute.
 */
export function compileTaxonomies(
  core: PartOrLoader<CoreTables>,
  ingredientPart: PartOrLoader<IngredientTables>,
): LoadedTaxonomies {
  const compiled: Partial<LoadedTaxonomies> = {};
  compilePart(compiled, CORE_NAMES, core);
  compilePart(compiled, INGREDIENT_NAMES, ingredientPart);
  return compiled as LoadedTaxonomies;
}

export function hasTables(tables: Record<string, TaxonomyTables>, names: readonly string[]): boolean {
  return names.every((name) => tables[name] !== undefined);
}

/** Builds taxonomies from source texts, without any file access (tests, tools). */
export function buildTaxonomies(sources: TaxonomySourceTexts, options: BuildTaxonomiesOptions = {}): LoadedTaxonomies {
  const tables = buildAllTables(sources, options);
  return compileTaxonomies(tables, tables);
}

export const CORE_SOURCES = ["categories", "categoriesSupplement", "labels", "countries", "nutrients"] as const;
export type CoreSource = (typeof CORE_SOURCES)[number];

/** Build warnings of the core taxonomies (tolerated errors of lenient ones, for a log). */
export function coreWarnings(taxonomies: LoadedTaxonomies): string[] {
  return CORE_NAMES.flatMap((name) =>
    taxonomies[name].buildWarnings.map((warning) => `${taxonomies[name].tagtype}: ${warning}`),
  );
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
