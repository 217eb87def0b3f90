/**
 * Ingredients analysis as OFF computes it (INGREDIENTS.md §2.1): one pure function of the product that
 * returns the computed fields (§2.2) and the ingredient-based estimates the Nutri-Score uses (§7).
 *
 *   select lc → clean → preparse → parse → percent → tags/counts → vegan/vegetarian/palm
 *     → additives → allergens/traces → estimates → NOVA
 */
import { getString, getStringArray, type Product } from "../product.js";
import type { Taxonomies, Taxonomy } from "../taxonomy/types.js";
import { type AdditivesResult, extractAdditives } from "./additives.js";
import { detectAllergens } from "./allergens.js";
import { analyzeIngredients } from "./analysis.js";
import { estimateShares } from "./estimates.js";
import { computeNova } from "./nova.js";
import { IngredientParser, type ParseState } from "./parse.js";
import { estimateIngredientsPercent } from "./percent.js";
import { cleanIngredientsText, preparseIngredientsText, removeAllergenPhrases } from "./preparse.js";
import { patternsFor } from "./regex.js";
import { addSpecificOrigins, extractSpecificIngredients, type SpecificIngredient } from "./specific.js";
import type { IngredientShareEstimates, ParsedIngredient } from "./types.js";
import { type IngredientWordData, wordsFor } from "./words.js";

export type { IngredientShareEstimates, LanguageWords, ParsedIngredient } from "./types.js";

/**
 * Longest ingredient text analysed (characters). OFF has no limit; foodbase cuts pathological input so
 * that the analysis time stays bounded (the text itself is stored whole). Real lists are under 3,000.
 */
export const MAX_ANALYSED_TEXT_LENGTH = 20_000;

/** Every top-level field the analysis owns: removed, then set again, by {@link applyIngredientsAnalysis}. */
export const INGREDIENT_ANALYSIS_FIELDS = [
  "ingredients",
  "ingredients_lc",
  "ingredients_tags",
  "ingredients_original_tags",
  "ingredients_hierarchy",
  "ingredients_n",
  "ingredients_n_tags",
  "known_ingredients_n",
  "unknown_ingredients_n",
  "ingredients_with_specified_percent_n",
  "ingredients_with_specified_percent_sum",
  "ingredients_with_unspecified_percent_n",
  "ingredients_with_unspecified_percent_sum",
  "ingredients_percent_analysis",
  "specific_ingredients",
  "ingredients_analysis_tags",
  "ingredients_analysis",
  "additives_tags",
  "additives_original_tags",
  "additives_n",
  "vitamins_tags",
  "minerals_tags",
  "ingredients_sweeteners_n",
  "ingredients_non_nutritive_sweeteners_n",
  "allergens_from_ingredients",
  "allergens_from_user",
  "allergens_hierarchy",
  "allergens_tags",
  "allergens_lc",
  "traces_from_ingredients",
  "traces_from_user",
  "traces_hierarchy",
  "traces_tags",
  "traces_lc",
  "ingredients_text_with_allergens",
  "nova_group",
  "nova_groups",
  "nova_groups_tags",
  "nova_groups_markers",
  "nova_group_error",
] as const;

export interface IngredientsAnalysisResult {
  /** Fields to set on the product (absent keys are removed). */
  fields: Record<string, unknown>;
  /** The estimates for the Nutri-Score (and for `nutriments`, see {@link ingredientEstimateNutriments}). */
  estimates: IngredientShareEstimates;
  /** Labels found as lone fragments of the list ("organic"), which OFF adds to `labels_tags`. */
  labelsFromIngredients: string[];
}

/** `select_ingredients_lc` (§3.1): the product's language first, then the others in sorted order. */
export function selectIngredientsLc(product: Product): { lc: string; text: string } | undefined {
  const lc = getString(product, "lc") ?? getString(product, "lang") ?? "en";
  const own = getString(product, `ingredients_text_${lc}`);
  if (own !== undefined && own.trim() !== "") return { lc, text: own };
  const others = Object.keys(product)
    .filter((key) => /^ingredients_text_[a-z]{2}$/.test(key))
    .sort();
  for (const key of others) {
    const text = getString(product, key);
    if (text !== undefined && text.trim() !== "") return { lc: key.slice(-2), text };
  }
  const plain = getString(product, "ingredients_text");
  if (plain !== undefined && plain.trim() !== "") return { lc, text: plain };
  return undefined;
}

/**
 * Styled letters and digits (mathematical bold, italic, script, fraktur, double-struck… U+1D400–U+1D7FF, and the
 * fullwidth Latin letters and digits) read as the plain ones, as OFF's en-letter-variants fixture reads
 * "𝑴𝒊𝒍𝒌 powder" and "Ｓｅｓａｍｅ seeds". Only those: the other compatibility forms stay ("¹" marks a legend, "（" is
 * a bracket).
 */
function plainLetters(text: string): string {
  return text.replace(/[\u{1D400}-\u{1D7FF}\uFF10-\uFF19\uFF21-\uFF3A\uFF41-\uFF5A]/gu, (c) => c.normalize("NFKC"));
}

/**
 * Line breaks: a list written one ingredient per line ("Water\nSugar\nColours (Anthocyanins, Curcumin)") has no
 * comma outside brackets, and its line breaks separate ingredients; in a list with commas they only wrap the text
 * ("Modified\nStarch"), as OFF's fixtures en-ingredients-with-new-lines(-and-commas) read them.
 */
function newlinesAsSeparators(text: string): string {
  if (!/\r?\n/.test(text)) return text;
  let depth = 0;
  let topLevelComma = false;
  for (const c of text) {
    if (c === "(" || c === "[" || c === "{") depth++;
    else if ((c === ")" || c === "]" || c === "}") && depth > 0) depth--;
    else if (c === "," && depth === 0) {
      topLevelComma = true;
      break;
    }
  }
  return text.replace(/[ \t]*\r?\n[ \t]*/g, topLevelComma ? " " : ", ");
}

/** Breadth-first: all top-level ingredients, then their children, and so on. */
function breadthFirst(list: ParsedIngredient[]): ParsedIngredient[] {
  const out: ParsedIngredient[] = [];
  let level = list;
  while (level.length > 0) {
    out.push(...level);
    level = level.flatMap((x) => x.ingredients ?? []);
  }
  return out;
}

/** Nearest parents first (breadth-first over the parents), as OFF lists an ingredient's hierarchy. */
function parentsNearestFirst(taxonomy: Taxonomy, id: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>([id]);
  let queue = [...taxonomy.parents(id)];
  while (queue.length > 0) {
    const next: string[] = [];
    for (const parent of queue) {
      if (seen.has(parent)) continue;
      seen.add(parent);
      out.push(parent);
      next.push(...taxonomy.parents(parent));
    }
    queue = next;
  }
  return out;
}

function nTags(n: number): string[] {
  const low = Math.floor((n - 1) / 10) * 10 + 1;
  return [String(n), `${low}-${low + 9}`];
}

function round15(n: number): number {
  return Number(n.toPrecision(15));
}

function emptyAdditives(): AdditivesResult {
  return { additives_original_tags: [], additives_tags: [], additives_n: 0, vitamins_tags: [], minerals_tags: [] };
}

/**
 * The whole analysis. Without an `ingredients` taxonomy or the word lists (hand-built taxonomy sets of
 * other tests) it returns undefined and the product is left as it is.
 */
export function analyzeProductIngredients(
  product: Product,
  taxonomies: Taxonomies,
): IngredientsAnalysisResult | undefined {
  const ingredientsTaxonomy = taxonomies.ingredients;
  const data: IngredientWordData | undefined = taxonomies.ingredientWords;
  if (ingredientsTaxonomy === undefined || data === undefined) return undefined;
  const fields: Record<string, unknown> = {};
  const selected = selectIngredientsLc(product);
  const lc = selected?.lc ?? getString(product, "lc") ?? "en";
  const words = wordsFor(data, lc);
  const patterns = patternsFor(words);
  const labelsTags = getStringArray(product, "labels_tags") ?? [];
  const categoriesTags = getStringArray(product, "categories_tags") ?? [];

  let ingredients: ParsedIngredient[] = [];
  let specificIngredients: SpecificIngredient[] = [];
  let additives = emptyAdditives();
  const state: ParseState = {
    lc,
    patterns,
    taxonomies: {
      ingredients: ingredientsTaxonomy,
      ingredients_processing: taxonomies.ingredients_processing,
      origins: taxonomies.origins,
      countries: taxonomies.countries,
      labels: taxonomies.labels,
      allergens: taxonomies.allergens,
      additives_classes: taxonomies.additives_classes,
    },
    count: 0,
    allergens: [],
    labels: new Set(),
  };
  const text = selected?.text.slice(0, MAX_ANALYSED_TEXT_LENGTH) ?? "";
  if (selected !== undefined) {
    fields.ingredients_lc = lc;
    const cleaned = cleanIngredientsText(words, plainLetters(text));
    const preparsed = preparseIngredientsText(words, cleaned, {
      ingredients: ingredientsTaxonomy,
      additives_classes: taxonomies.additives_classes,
      allergens: taxonomies.allergens,
      labels: taxonomies.labels,
      vitamins: taxonomies.vitamins,
      additives: taxonomies.additives,
    });
    // As OFF, a comma between digits is no separator: it becomes U+201A for the split, and a comma again in the
    // ingredient ("Tert-butyl-1,4-benzenediol").
    const listText = newlinesAsSeparators(removeAllergenPhrases(words, preparsed, taxonomies.allergens))
      .replace(/\.\s*$/u, "")
      .replace(/(\d),(\d)/g, "$1\u201A$2");
    // "Sugar content: 3 %", "Origin of the milk: UK": phrases about one ingredient, taken out before the split.
    const extracted = extractSpecificIngredients(
      lc,
      patterns,
      { ingredients: ingredientsTaxonomy, origins: taxonomies.origins, countries: taxonomies.countries },
      listText,
    );
    specificIngredients = extracted.specific;
    ingredients = new IngredientParser(state).parse(extracted.text);
    addSpecificOrigins(ingredients, specificIngredients, ingredientsTaxonomy);
    additives = extractAdditives(words, preparsed, taxonomies);
  }

  if (ingredients.length > 0) {
    fields.ingredients_percent_analysis = estimateIngredientsPercent(ingredients, ingredientsTaxonomy);
  } else if (selected !== undefined) {
    // OFF estimates the percents of whatever list the parse made, an empty one too ("Sugar content: 3 %" alone).
    fields.ingredients_percent_analysis = 1;
  }
  const all = breadthFirst(ingredients);
  const originalTags = all.map((x) => x.id);
  const tags: string[] = [];
  const seenTags = new Set<string>();
  for (const id of originalTags) {
    for (const tag of [id, ...parentsNearestFirst(ingredientsTaxonomy, id)]) {
      if (seenTags.has(tag)) continue;
      seenTags.add(tag);
      tags.push(tag);
    }
  }
  const known = all.filter((x) => x.is_in_taxonomy === 1).length;
  if (selected !== undefined) {
    fields.ingredients = ingredients;
    // OFF deletes the field when it is empty.
    if (specificIngredients.length > 0) fields.specific_ingredients = specificIngredients;
    fields.ingredients_original_tags = originalTags;
    fields.ingredients_tags = tags;
    fields.ingredients_hierarchy = tags;
    fields.ingredients_n = all.length;
    fields.known_ingredients_n = known;
    fields.unknown_ingredients_n = all.length - known;
    if (all.length > 0) fields.ingredients_n_tags = nTags(all.length);
    let specifiedN = 0;
    let specifiedSum = 0;
    let unspecifiedN = 0;
    let unspecifiedSum = 0;
    for (const x of all) {
      if (x.ingredients !== undefined && x.ingredients.length > 0) continue;
      if (x.percent !== undefined) {
        specifiedN++;
        specifiedSum += x.percent;
      } else {
        unspecifiedN++;
        unspecifiedSum += x.percent_estimate ?? 0;
      }
    }
    fields.ingredients_with_specified_percent_n = specifiedN;
    fields.ingredients_with_specified_percent_sum = round15(specifiedSum);
    fields.ingredients_with_unspecified_percent_n = unspecifiedN;
    fields.ingredients_with_unspecified_percent_sum = round15(unspecifiedSum);
    fields.additives_original_tags = additives.additives_original_tags;
    fields.additives_tags = additives.additives_tags;
    fields.additives_n = additives.additives_n;
    fields.vitamins_tags = additives.vitamins_tags;
    fields.minerals_tags = additives.minerals_tags;
  }
  const allLabels = [...new Set([...labelsTags, ...state.labels])];
  Object.assign(fields, analyzeIngredients(ingredients, allLabels, ingredientsTaxonomy, taxonomies.additives_classes));

  const estimates: IngredientShareEstimates = {};
  if (all.length > 0) {
    const sweeteners = additives.additives_tags.filter((tag) => data.sweeteners.has(tag)).length;
    const nonNutritive = additives.additives_tags.filter((tag) => data.nonNutritiveSweeteners.has(tag)).length;
    fields.ingredients_sweeteners_n = sweeteners;
    fields.ingredients_non_nutritive_sweeteners_n = nonNutritive;
    estimates.nonNutritiveSweeteners = nonNutritive;
    const shares = estimateShares(ingredients, ingredientsTaxonomy, categoriesTags);
    estimates.fruitsVegetablesNuts = round15(shares.fruitsVegetablesNuts);
    estimates.fruitsVegetablesLegumes = round15(shares.fruitsVegetablesLegumes);
    estimates.milk = round15(shares.milk);
    estimates.redMeat = round15(shares.redMeat);
  }

  const allergensTaxonomy = taxonomies.allergens;
  const userAllergens = getString(product, "allergens") ?? "";
  const userTraces = getString(product, "traces") ?? "";
  if (allergensTaxonomy !== undefined && (selected !== undefined || userAllergens !== "" || userTraces !== "")) {
    const allergens = detectAllergens({
      words,
      text,
      ingredients,
      bracketAllergens: state.allergens,
      userAllergens,
      userTraces,
      allergens: allergensTaxonomy,
      ingredientsTaxonomy,
    });
    const { text_with_allergens, ...allergenFields } = allergens;
    Object.assign(fields, allergenFields);
    if (selected !== undefined) {
      fields.ingredients_text_with_allergens = text_with_allergens;
      fields[`ingredients_text_with_allergens_${lc}`] = text_with_allergens;
    }
  }

  Object.assign(
    fields,
    computeNova(
      {
        categoriesTags,
        categories: getString(product, "categories") ?? "",
        ingredientsTags: tags,
        additivesTags: additives.additives_tags,
        hasIngredientsText: selected !== undefined,
        ingredientsN: all.length,
        unknownIngredientsN: all.length - known,
      },
      data.novaMarkers,
      { categories: taxonomies.categories, ingredients: ingredientsTaxonomy, additives: taxonomies.additives },
    ),
  );
  return { fields, estimates, labelsFromIngredients: [...state.labels] };
}

/**
 * The `nutriments` entries OFF stores for the estimates (2024 storage: `_100g` and `_serving`). Not
 * written by the enrichment yet: the nutrition storage is moving to schema 1003, whose owner calls this.
 */
export function ingredientEstimateNutriments(estimates: IngredientShareEstimates): Record<string, number> {
  const out: Record<string, number> = {};
  const put = (id: string, value: number | undefined): void => {
    if (value === undefined) return;
    out[`${id}_100g`] = value;
    out[`${id}_serving`] = value;
  };
  put("fruits-vegetables-nuts-estimate-from-ingredients", estimates.fruitsVegetablesNuts);
  put("fruits-vegetables-legumes-estimate-from-ingredients", estimates.fruitsVegetablesLegumes);
  return out;
}

/**
 * Returns a new product with the analysis fields replaced (the ones the analysis owns are removed
 * first, so that a shorter list leaves nothing stale), and the estimates for the Nutri-Score.
 */
export function applyIngredientsAnalysis(
  product: Product,
  taxonomies: Taxonomies,
): { product: Product; estimates: IngredientShareEstimates } | undefined {
  const result = analyzeProductIngredients(product, taxonomies);
  if (result === undefined) return undefined;
  const next: Product = { ...product };
  for (const field of INGREDIENT_ANALYSIS_FIELDS) delete next[field];
  for (const key of Object.keys(next)) {
    if (key.startsWith("ingredients_text_with_allergens_")) delete next[key];
  }
  Object.assign(next, result.fields);
  return { product: next, estimates: result.estimates };
}

/** Fields whose change makes a write recompute the analysis (INGREDIENTS.md §12.1, issue 25). */
const TRIGGER_FIELD = /^(ingredients_text_[a-z]{2}|lang|lc|categories|labels|allergens|traces)$/;
const LANGUAGE_INGREDIENTS_TEXT = /^ingredients_text_[a-z]{2}$/;

/**
 * True when the analysis must run: a new product (or an import with `--recompute`), or a write that
 * changed one of the fields it reads. Otherwise the stored analysis (OFF's, for imported products) stays.
 */
export function ingredientsAnalysisNeeded(product: Product, previous: Product | undefined): boolean {
  if (previous === undefined) return true;
  const keys = new Set([...Object.keys(product), ...Object.keys(previous)]);
  // The unsuffixed `ingredients_text` is a copy a write makes of the language's list; it counts only
  // for products that have no language-suffixed list.
  const suffixed = [...keys].some((key) => LANGUAGE_INGREDIENTS_TEXT.test(key));
  if (!suffixed) keys.add("ingredients_text");
  for (const key of keys) {
    const trigger = TRIGGER_FIELD.test(key) || (!suffixed && key === "ingredients_text");
    if (trigger && JSON.stringify(product[key]) !== JSON.stringify(previous[key])) return true;
  }
  return false;
}

/**
 * The estimates of a product whose stored analysis is kept: recomputed from its stored `ingredients`
 * tree (percent estimates included) and its stored sweetener count, without parsing again.
 */
export function storedIngredientEstimates(product: Product, taxonomies: Taxonomies): IngredientShareEstimates {
  const estimates: IngredientShareEstimates = {};
  const sweeteners = product.ingredients_non_nutritive_sweeteners_n;
  if (typeof sweeteners === "number") estimates.nonNutritiveSweeteners = sweeteners;
  const ingredients = product.ingredients;
  if (taxonomies.ingredients !== undefined && Array.isArray(ingredients) && ingredients.length > 0) {
    const shares = estimateShares(
      ingredients as ParsedIngredient[],
      taxonomies.ingredients,
      getStringArray(product, "categories_tags") ?? [],
    );
    estimates.fruitsVegetablesNuts = round15(shares.fruitsVegetablesNuts);
    estimates.fruitsVegetablesLegumes = round15(shares.fruitsVegetablesLegumes);
    estimates.milk = round15(shares.milk);
    estimates.redMeat = round15(shares.redMeat);
  }
  return estimates;
}
