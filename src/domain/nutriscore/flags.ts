/** Applicability and category flags (NUTRITION.md §2.4). */

import type { ProductCategories } from "./categories.js";
import type { CanonicalNutriScoreRules } from "./config.js";
import type { Flag } from "./types.js";

/**
 * Inputs OFF derives from the ingredient list. foodbase has no ingredient analysis (§0.4), so they are
 * undefined unless a caller supplies them; this is the single place where such estimates would enter.
 */
export interface IngredientEstimates {
  /** Share of milk in the product (%). */
  milkPercent?: number;
  /** Share of red meat in the product (%). */
  redMeatPercent?: number;
  /** Number of ingredients that are non-nutritive sweeteners. */
  nonNutritiveSweeteners?: number;
  /**
   * `fruits-vegetables-nuts-estimate-from-ingredients` / `fruits-vegetables-legumes-…` (%), used when the
   * product's `nutriments` do not carry them (INGREDIENTS.md §7).
   */
  fruitsVegetablesNutsPercent?: number;
  fruitsVegetablesLegumesPercent?: number;
}

export interface Applicability {
  categoryAvailable: Flag;
  applicable: Flag;
  /** First exempted category (list order), when the product is exempted. */
  notApplicableCategory?: string;
}

export interface Flags2021 {
  is_beverage: Flag;
  is_water: Flag;
  is_cheese: Flag;
  is_fat: Flag;
}

export interface Flags2023 {
  is_beverage: Flag;
  is_water: Flag;
  is_cheese: Flag;
  is_fat_oil_nuts_seeds: Flag;
  is_red_meat_product: Flag;
}

const flag = (b: boolean): Flag => (b ? 1 : 0);

const FAT_OIL_NUTS_SEEDS_HS_HEADINGS = new Set(["08.01", "08.02", "12.02", "12.04", "12.06", "12.07"]);
const FAT_OIL_NUTS_SEEDS_HS_CODES = new Set(["2008.11", "2008.19"]);
const RED_MEAT_HS_HEADINGS = new Set(["02.01", "02.02", "02.03", "02.04", "02.05", "02.06"]);
const MILK_PERCENT_FOR_FOOD_2021 = 80;
const RED_MEAT_PERCENT_THRESHOLD = 10;

export const HS_HEADING_PROPERTY = "wco_hs_heading:en";
export const HS_CODE_PROPERTY = "wco_hs_code:en";

/** §2.4 "Category available / applicable" (same for both versions). */
export function computeApplicability(
  categoriesText: unknown,
  categories: ProductCategories,
  rules: CanonicalNutriScoreRules,
): Applicability {
  if (typeof categoriesText !== "string" || categoriesText.trim() === "") {
    return { categoryAvailable: 0, applicable: 0 };
  }
  if (!categories.hasAny(rules.notExempted)) {
    const exempted = categories.firstPresent(rules.exempted);
    if (exempted !== undefined) {
      return { categoryAvailable: 1, applicable: 0, notApplicableCategory: exempted };
    }
  }
  return { categoryAvailable: 1, applicable: 1 };
}

/** `is_water` (both versions): unflavoured spring water. */
export function isSpringWater(categories: ProductCategories, rules: CanonicalNutriScoreRules): boolean {
  const { springWaters, flavoredWaters, flavouredWaters } = rules.fixed;
  return categories.has(springWaters) && !categories.has(flavoredWaters) && !categories.has(flavouredWaters);
}

function isCheese(categories: ProductCategories, rules: CanonicalNutriScoreRules): boolean {
  return categories.has(rules.fixed.cheeses) && !categories.has(rules.fixed.fromagesBlancs);
}

function inBeverageCategories(categories: ProductCategories, rules: CanonicalNutriScoreRules): boolean {
  return categories.has(rules.fixed.beverages) || categories.has(rules.fixed.beveragePreparations);
}

export function computeFlags2021(
  categories: ProductCategories,
  rules: CanonicalNutriScoreRules,
  estimates: IngredientEstimates = {},
): Flags2021 {
  let beverage = false;
  if (inBeverageCategories(categories, rules)) {
    beverage = !categories.hasAny(rules.notBeverages2021);
    // The "beverages" list only overrides the "not beverages" list inside the beverage case.
    if (categories.hasAny(rules.beverages2021)) beverage = true;
    if (estimates.milkPercent !== undefined && estimates.milkPercent >= MILK_PERCENT_FOR_FOOD_2021) {
      beverage = false;
    }
  }
  return {
    is_beverage: flag(beverage),
    is_water: flag(isSpringWater(categories, rules)),
    is_cheese: flag(isCheese(categories, rules)),
    is_fat: flag(categories.has(rules.fixed.fats)),
  };
}

function isFatOilNutsSeeds(categories: ProductCategories, rules: CanonicalNutriScoreRules): boolean {
  const { chestnuts, fats, creams, seeds } = rules.fixed;
  if (categories.has(chestnuts)) return false;
  if (categories.has(fats) || categories.has(creams) || categories.has(seeds)) return true;
  // A code alone is not enough: the code is only consulted when a heading was found.
  const heading = categories.inheritedProperty(HS_HEADING_PROPERTY);
  if (heading === undefined) return false;
  if (FAT_OIL_NUTS_SEEDS_HS_HEADINGS.has(heading.value)) return true;
  const code = categories.inheritedProperty(HS_CODE_PROPERTY);
  return code !== undefined && FAT_OIL_NUTS_SEEDS_HS_CODES.has(code.value);
}

function isRedMeatProduct(categories: ProductCategories, estimates: IngredientEstimates): boolean {
  const heading = categories.inheritedProperty(HS_HEADING_PROPERTY);
  if (heading !== undefined && RED_MEAT_HS_HEADINGS.has(heading.value)) return true;
  return estimates.redMeatPercent !== undefined && estimates.redMeatPercent > RED_MEAT_PERCENT_THRESHOLD;
}

export function computeFlags2023(
  categories: ProductCategories,
  rules: CanonicalNutriScoreRules,
  estimates: IngredientEstimates = {},
): Flags2023 {
  // The "beverages" list applies independently of the en:beverages test (milks, plant drinks).
  const beverage =
    (inBeverageCategories(categories, rules) && !categories.hasAny(rules.notBeverages2023)) ||
    categories.hasAny(rules.beverages2023);
  return {
    is_beverage: flag(beverage),
    is_water: flag(isSpringWater(categories, rules)),
    is_cheese: flag(isCheese(categories, rules)),
    is_fat_oil_nuts_seeds: flag(isFatOilNutsSeeds(categories, rules)),
    is_red_meat_product: flag(isRedMeatProduct(categories, estimates)),
  };
}
