/**
 * The enrichment pipeline: everything foodbase derives from a product's own data, as one pure
 * function called by writes and imports alike (reads never recompute it).
 *   tag texts → canonical tags → ingredients analysis → _keywords, languages_codes → Nutri-Score → misc_tags
 */
import type { NutriScoreVersion } from "../config.js";
import {
  applyIngredientsAnalysis,
  type IngredientShareEstimates,
  ingredientsAnalysisNeeded,
  storedIngredientEstimates,
} from "./ingredients/index.js";
import { computeKeywords } from "./keywords.js";
import { applyNutriScore, type IngredientEstimates } from "./nutriscore/index.js";
import type { Product } from "./product.js";
import { computeTagFields } from "./tags.js";
import type { Taxonomies } from "./taxonomy/types.js";

export interface EnrichmentContext {
  taxonomies: Taxonomies;
  nutriscoreHeadlineVersion: NutriScoreVersion;
}

const LANGUAGE_FIELD_KEY = /^(product_name|generic_name|ingredients_text)_([a-z]{2})$/;

/** `{"<xx>": number of non-empty language fields in xx}` (API.md §4.3). */
export function computeLanguagesCodes(product: Product): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [key, value] of Object.entries(product)) {
    const m = LANGUAGE_FIELD_KEY.exec(key);
    if (m && typeof value === "string" && value.trim() !== "") {
      const lc = m[2] as string;
      counts[lc] = (counts[lc] ?? 0) + 1;
    }
  }
  return counts;
}

const INGREDIENTS_TEXT_KEY = /^ingredients_text(_[a-z]{2})?$/;

function hasIngredientsText(product: Product): boolean {
  return Object.keys(product).some((key) => {
    const value = product[key];
    return INGREDIENTS_TEXT_KEY.test(key) && typeof value === "string" && value.trim() !== "";
  });
}

/** The allergen and trace tags the ingredients analysis owns (the tag step alone only prefixes the user text). */
const ANALYSIS_OWNED_TAG_FIELDS = ["allergens_tags", "allergens_hierarchy", "traces_tags", "traces_hierarchy"] as const;

/** The Nutri-Score's view of the ingredients analysis' estimates (NUTRITION.md §0.4). */
export function nutriScoreIngredientEstimates(estimates: IngredientShareEstimates): IngredientEstimates {
  const out: IngredientEstimates = {};
  if (estimates.milk !== undefined) out.milkPercent = estimates.milk;
  if (estimates.redMeat !== undefined) out.redMeatPercent = estimates.redMeat;
  if (estimates.nonNutritiveSweeteners !== undefined) out.nonNutritiveSweeteners = estimates.nonNutritiveSweeteners;
  if (estimates.fruitsVegetablesNuts !== undefined) out.fruitsVegetablesNutsPercent = estimates.fruitsVegetablesNuts;
  if (estimates.fruitsVegetablesLegumes !== undefined) {
    out.fruitsVegetablesLegumesPercent = estimates.fruitsVegetablesLegumes;
  }
  return out;
}

/**
 * `previous` is the stored product a write starts from (undefined for a new product and for imports with
 * `--recompute`): the ingredients analysis runs only when a field it reads changed (INGREDIENTS.md §12.1).
 */
export function enrichProduct(product: Product, ctx: EnrichmentContext, previous?: Product): Product {
  let tagged: Product = { ...product, ...computeTagFields(product, ctx.taxonomies) };
  let estimates: IngredientShareEstimates = {};
  // A document without any ingredient list (an import with --recompute) keeps the ingredient-derived
  // values it carries, OFF's sweetener count among them (NUTRITION.md §0.4): there is nothing to analyse.
  const analysed =
    ingredientsAnalysisNeeded(product, previous) && (previous !== undefined || hasIngredientsText(product))
      ? applyIngredientsAnalysis(tagged, ctx.taxonomies)
      : undefined;
  if (analysed !== undefined) {
    tagged = analysed.product;
    estimates = analysed.estimates;
  } else {
    for (const field of ANALYSIS_OWNED_TAG_FIELDS) if (product[field] !== undefined) tagged[field] = product[field];
    estimates = storedIngredientEstimates(tagged, ctx.taxonomies);
  }
  tagged._keywords = computeKeywords(tagged, ctx.taxonomies);
  tagged.languages_codes = computeLanguagesCodes(tagged);
  return applyNutriScore(tagged, {
    taxonomies: ctx.taxonomies,
    headlineVersion: ctx.nutriscoreHeadlineVersion,
    ingredientEstimates: nutriScoreIngredientEstimates(estimates),
  });
}
