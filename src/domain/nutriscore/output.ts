/** Nutri-Score output fields of the product (NUTRITION.md §2.9, §2.10). */

import type { Nutriments, Product } from "../product.js";
import type { FruitPercentage2021 } from "./fruits.js";
import type { Preparation } from "./inputs.js";
import type { Flag, JsonObject, NutriScoreGrade, NutriScoreVersion } from "./types.js";

/** Top-level fields removed before every recomputation. */
const NUTRISCORE_FIELDS = new Set([
  "nutriscore",
  "nutriscore_version",
  "nutriscore_grade",
  "nutrition_grades",
  "nutrition_grade_fr",
  "nutrition_grades_tags",
  "nutriscore_tags",
  "nutriscore_score",
  "nutriscore_score_opposite",
  "nutriscore_data",
  "nutriscore_2021_tags",
  "nutriscore_2023_tags",
  "nutrition_score_beverage",
  "nutrition_score_debug",
]);
const NUTRISCORE_FIELD_PREFIXES = ["nutrition_score_warning_"];
/** Score copies inside `nutriments` (`nutrition-score-fr`, `nutrition-score-fr_100g`, …). */
const NUTRIMENT_SCORE_PREFIX = "nutrition-score-fr";

export function isNutriScoreField(key: string): boolean {
  return NUTRISCORE_FIELDS.has(key) || NUTRISCORE_FIELD_PREFIXES.some((prefix) => key.startsWith(prefix));
}

/** Deep copy of plain JSON data (objects, arrays, scalars); faster than structuredClone here. */
function cloneJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneJson) as T;
  if (value !== null && typeof value === "object") {
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(value)) copy[key] = cloneJson((value as Record<string, unknown>)[key]);
    return copy as T;
  }
  return value;
}

/** `nutriscore.<v>` of §2.9. */
export interface VersionOutcome {
  category_available: Flag;
  nutriscore_applicable: Flag;
  nutrients_available: Flag;
  nutriscore_computed: Flag;
  not_applicable_category?: string;
  preparation: Preparation;
  data: JsonObject;
  grade: NutriScoreGrade;
  score?: number;
}

/**
 * Copy of the product without any Nutri-Score field. `nutriments` is copied too (never shared with
 * the input) so that the score keys can be removed and re-added without touching the caller's object.
 */
export function withoutNutriScoreFields(product: Product): { product: Product; nutriments: Nutriments } {
  const copy: Product = {};
  for (const key of Object.keys(product)) {
    if (!isNutriScoreField(key)) copy[key] = product[key];
  }
  const nutriments: Nutriments = {};
  const stored = product.nutriments;
  if (stored !== null && typeof stored === "object" && !Array.isArray(stored)) {
    const source = stored as Nutriments;
    for (const key of Object.keys(source)) {
      if (!key.startsWith(NUTRIMENT_SCORE_PREFIX)) nutriments[key] = source[key];
    }
  }
  if (product.nutriments !== undefined || Object.keys(nutriments).length > 0) copy.nutriments = nutriments;
  return { product: copy, nutriments };
}

/** Headline fields of §2.9 from `nutriscore[headline]`, written into `product` and its `nutriments`. */
export function writeHeadlineFields(
  product: Product,
  nutriments: Nutriments,
  outcomes: Record<NutriScoreVersion, VersionOutcome>,
  headlineVersion: NutriScoreVersion,
  beverage2021: Flag,
): void {
  const headline = outcomes[headlineVersion];
  product.nutriscore = outcomes;
  product.nutriscore_version = headlineVersion;
  product.nutriscore_grade = headline.grade;
  product.nutrition_grades = headline.grade;
  product.nutrition_grade_fr = headline.grade;
  product.nutrition_grades_tags = [headline.grade];
  product.nutriscore_tags = [headline.grade];
  product.nutriscore_2021_tags = [outcomes["2021"].grade];
  product.nutriscore_2023_tags = [outcomes["2023"].grade];
  product.nutrition_score_beverage = beverage2021;

  if (headline.score !== undefined) {
    product.nutriscore_score = headline.score;
    product.nutriscore_score_opposite = -headline.score;
    product.nutriscore_data = {
      ...cloneJson(headline.data),
      grade: headline.grade,
      score: headline.score,
    };
    nutriments["nutrition-score-fr"] = headline.score;
    nutriments["nutrition-score-fr_100g"] = headline.score;
    product.nutriments = nutriments;
  } else if (headline.not_applicable_category !== undefined) {
    product.nutriscore_data = { nutriscore_not_applicable_for_category: headline.not_applicable_category };
  }
}

/** Optional diagnostic fields of §2.9 (only for scored products, like the informational misc tags). */
export function writeWarningFields(product: Product, fruit2021: FruitPercentage2021, fiberWarning: boolean): void {
  if (fiberWarning) product.nutrition_score_warning_no_fiber = 1;
  switch (fruit2021.source) {
    case "estimate_from_ingredients":
      product.nutrition_score_warning_fruits_vegetables_nuts_estimate_from_ingredients = 1;
      product.nutrition_score_warning_fruits_vegetables_nuts_estimate_from_ingredients_value = fruit2021.value;
      break;
    case "category":
      product.nutrition_score_warning_fruits_vegetables_nuts_from_category = fruit2021.category;
      product.nutrition_score_warning_fruits_vegetables_nuts_from_category_value = fruit2021.value;
      break;
    case "none":
      product.nutrition_score_warning_no_fruits_vegetables_nuts = 1;
      break;
    default:
      break;
  }
}
