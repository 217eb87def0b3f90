/** Fruits, vegetables, nuts / legumes percentage (NUTRITION.md §2.6). */

import type { Nutriments } from "../product.js";
import type { ProductCategories } from "./categories.js";
import type { CanonicalNutriScoreRules, FruitCategoryRow } from "./config.js";
import { numericValue, toStoredNumber } from "./numbers.js";

export const FRUIT_OVERRIDE_PROPERTY = "nutriscore_category_override_for_fruits_vegetables_legumes:en";

export type FruitSource2021 =
  | "category_override"
  | "dried"
  | "contributor"
  | "estimate"
  | "estimate_from_ingredients"
  | "category"
  | "none";

export interface FruitPercentage2021 {
  value: number;
  source: FruitSource2021;
  /** Category that gave the value (override or category table). */
  category?: string;
  /** Source "dried": the contributor value was also given (adds its misc tag). */
  withContributorValue?: boolean;
}

export type FruitSource2023 = "category_override" | "contributor" | "estimate_from_ingredients" | "category" | "none";

export interface FruitPercentage2023 {
  /** Not yet rounded; undefined when no source applies. */
  value: number | undefined;
  source: FruitSource2023;
  category?: string;
}

function categoryOverride(categories: ProductCategories): { value: number; category: string } | undefined {
  const found = categories.inheritedProperty(FRUIT_OVERRIDE_PROPERTY);
  if (found === undefined) return undefined;
  // The taxonomy stores the percentage as text (e.g. "100"); a non-numeric value is ignored.
  const value = numericValue(found.value);
  return value === undefined ? undefined : { value, category: found.from };
}

function fromCategoryTable(
  categories: ProductCategories,
  rows: readonly FruitCategoryRow[],
): FruitCategoryRow | undefined {
  return rows.find((row) => categories.has(row.id));
}

/** §2.6.1: first source that applies (keys with the `<p>` suffix). */
export function fruitPercentage2021(
  nutriments: Nutriments,
  suffix: string,
  categories: ProductCategories,
  rules: CanonicalNutriScoreRules,
  estimateFromIngredients?: number,
): FruitPercentage2021 {
  const override = categoryOverride(categories);
  if (override !== undefined)
    return { value: override.value, source: "category_override", category: override.category };

  const read = (nid: string) => numericValue(nutriments[`${nid}${suffix}_100g`]);
  const contributor = read("fruits-vegetables-nuts");
  const dried = read("fruits-vegetables-nuts-dried");
  if (dried !== undefined) {
    // Dried fruit counts twice, relative to the rehydrated weight.
    const value = toStoredNumber(((2 * dried + (contributor ?? 0)) * 100) / (100 + dried));
    return { value, source: "dried", withContributorValue: contributor !== undefined };
  }
  if (contributor !== undefined) return { value: contributor, source: "contributor" };
  const estimate = read("fruits-vegetables-nuts-estimate");
  if (estimate !== undefined) return { value: estimate, source: "estimate" };
  const fromIngredients =
    read("fruits-vegetables-nuts-estimate-from-ingredients") ?? (suffix === "" ? estimateFromIngredients : undefined);
  if (fromIngredients !== undefined) return { value: fromIngredients, source: "estimate_from_ingredients" };

  const row = fromCategoryTable(categories, rules.fruitsVegetablesNuts2021);
  if (row !== undefined) return { value: row.percent, source: "category", category: row.id };
  return { value: 0, source: "none" };
}

/** §2.6.2: the 2021 contributor value (`fruits-vegetables-nuts…`) is not used in 2023. */
export function fruitPercentage2023(
  nutriments: Nutriments,
  suffix: string,
  categories: ProductCategories,
  rules: CanonicalNutriScoreRules,
  estimateFromIngredients?: number,
): FruitPercentage2023 {
  const override = categoryOverride(categories);
  if (override !== undefined)
    return { value: override.value, source: "category_override", category: override.category };

  const read = (nid: string) => numericValue(nutriments[`${nid}${suffix}_100g`]);
  const contributor = read("fruits-vegetables-legumes");
  if (contributor !== undefined) return { value: contributor, source: "contributor" };
  const fromIngredients =
    read("fruits-vegetables-legumes-estimate-from-ingredients") ??
    (suffix === "" ? estimateFromIngredients : undefined);
  if (fromIngredients !== undefined) return { value: fromIngredients, source: "estimate_from_ingredients" };

  const row = fromCategoryTable(categories, rules.fruitsVegetablesLegumes2023);
  if (row !== undefined) return { value: row.percent, source: "category", category: row.id };
  return { value: undefined, source: "none" };
}
