/**
 * Nutrients available, prepared values (NUTRITION.md §2.5) and the §2.2 inputs of both versions,
 * read from the stored `nutriments` (per 100 g / 100 ml).
 */

import type { Nutriments } from "../product.js";
import type { ProductCategories } from "./categories.js";
import type { CanonicalNutriScoreRules } from "./config.js";
import type { Flags2021, Flags2023 } from "./flags.js";
import { numericValue, roundTo1Decimal } from "./numbers.js";
import type { Flag, NutriScoreInputs2021, NutriScoreInputs2023 } from "./types.js";

export type Preparation = "as_sold" | "prepared";
export type NutrientSuffix = "" | "_prepared";

/** Required nutrients, in the order of the missing-data misc tags. */
export const REQUIRED_NUTRIENTS = ["energy", "fat", "saturated-fat", "sugars", "sodium", "proteins"] as const;

export interface NutrientAvailability {
  preparation: Preparation;
  /** `<p>` of the spec: suffix of the keys the inputs are read from. */
  suffix: NutrientSuffix;
  /** First `preparedRequired` category present, if any. */
  preparedCategory?: string;
  /** A prepared category without `energy_prepared_100g`. */
  preparedDataMissing: boolean;
  /** Missing required nutrients (nids without `_prepared`), in {@link REQUIRED_NUTRIENTS} order. */
  missingNutrients: string[];
  nutrientsAvailable: Flag;
  /** §2.5 step 4: fiber unknown and not silenced. */
  fiberWarning: boolean;
}

const SALT_PER_SODIUM = 2.5;
const MG_PER_G = 1000;
const KJ_PER_G_SATURATED_FAT = 37;

/** Per-100 g value of `<nid><p>`. */
export function nutrientValue(nutriments: Nutriments, nid: string, suffix: NutrientSuffix): number | undefined {
  return numericValue(nutriments[`${nid}${suffix}_100g`]);
}

/** Sodium in g; foodbase writes always keep salt and sodium together, imports may carry only salt. */
function sodiumValue(nutriments: Nutriments, suffix: NutrientSuffix): number | undefined {
  const sodium = nutrientValue(nutriments, "sodium", suffix);
  if (sodium !== undefined) return sodium;
  const salt = nutrientValue(nutriments, "salt", suffix);
  return salt === undefined ? undefined : salt / SALT_PER_SODIUM;
}

function saltValue(nutriments: Nutriments, suffix: NutrientSuffix): number | undefined {
  const salt = nutrientValue(nutriments, "salt", suffix);
  if (salt !== undefined) return salt;
  const sodium = nutrientValue(nutriments, "sodium", suffix);
  return sodium === undefined ? undefined : sodium * SALT_PER_SODIUM;
}

/** Sugars, deduced as 0 when carbohydrates are known to be 0. */
function sugarsValue(nutriments: Nutriments, suffix: NutrientSuffix): number | undefined {
  const sugars = nutrientValue(nutriments, "sugars", suffix);
  if (sugars !== undefined) return sugars;
  return nutrientValue(nutriments, "carbohydrates", suffix) === 0 ? 0 : undefined;
}

/** Saturated fat, deduced as 0 when fat is known to be 0. */
function saturatedFatValue(nutriments: Nutriments, suffix: NutrientSuffix): number | undefined {
  const saturatedFat = nutrientValue(nutriments, "saturated-fat", suffix);
  if (saturatedFat !== undefined) return saturatedFat;
  return nutrientValue(nutriments, "fat", suffix) === 0 ? 0 : undefined;
}

function isMissing(nutriments: Nutriments, nid: string, suffix: NutrientSuffix): boolean {
  switch (nid) {
    case "saturated-fat":
      return saturatedFatValue(nutriments, suffix) === undefined;
    case "sugars":
      return sugarsValue(nutriments, suffix) === undefined;
    case "sodium":
      return sodiumValue(nutriments, suffix) === undefined;
    default:
      return nutrientValue(nutriments, nid, suffix) === undefined;
  }
}

/** §2.5 steps 1–4. `isWater` is the §2.4 `is_water` rule (the same in both versions). */
export function computeNutrientAvailability(
  nutriments: Nutriments,
  categories: ProductCategories,
  rules: CanonicalNutriScoreRules,
  isWater: boolean,
): NutrientAvailability {
  let suffix: NutrientSuffix = "";
  let preparedDataMissing = false;
  const preparedCategory = categories.firstPresent(rules.preparedRequired);
  if (preparedCategory !== undefined) {
    if (nutrientValue(nutriments, "energy", "_prepared") !== undefined) suffix = "_prepared";
    else preparedDataMissing = true;
  }

  // Unflavoured spring water is computable without any nutrient, and never gets the fiber warning.
  const missingNutrients = isWater ? [] : REQUIRED_NUTRIENTS.filter((nid) => isMissing(nutriments, nid, suffix));
  const fiberWarning =
    !isWater &&
    nutrientValue(nutriments, "fiber", suffix) === undefined &&
    nutriments[`fiber${suffix}_modifier`] === undefined &&
    !categories.has(rules.fixed.sodas);

  const availability: NutrientAvailability = {
    preparation: suffix === "_prepared" ? "prepared" : "as_sold",
    suffix,
    preparedDataMissing,
    missingNutrients,
    nutrientsAvailable: preparedDataMissing || missingNutrients.length > 0 ? 0 : 1,
    fiberWarning,
  };
  if (preparedCategory !== undefined) availability.preparedCategory = preparedCategory;
  return availability;
}

/**
 * Saturated-fat ratio in % (§2.2): sat / fat × 100, with fat replaced by sat when it is unknown or
 * not positive; 0 when saturated fat is unknown or 0.
 */
export function saturatedFatRatio(saturatedFat: number | undefined, fat: number | undefined): number {
  if (saturatedFat === undefined || saturatedFat <= 0) return 0;
  const denominator = fat === undefined || fat <= 0 ? saturatedFat : fat;
  return (saturatedFat / denominator) * 100;
}

/** §2.2 inputs of the 2021 algorithm. */
export function buildInputs2021(
  nutriments: Nutriments,
  suffix: NutrientSuffix,
  flags: Flags2021,
  fruitsVegetablesNuts: number,
): NutriScoreInputs2021 {
  const sodium = sodiumValue(nutriments, suffix);
  const saturatedFat = saturatedFatValue(nutriments, suffix);
  const inputs: NutriScoreInputs2021 = {
    energy: nutrientValue(nutriments, "energy", suffix),
    sugars: sugarsValue(nutriments, suffix),
    saturated_fat: saturatedFat,
    sodium: sodium === undefined ? undefined : sodium * MG_PER_G,
    fruits_vegetables_nuts_colza_walnut_olive_oils: fruitsVegetablesNuts,
    fiber: nutrientValue(nutriments, "fiber", suffix) ?? 0,
    proteins: nutrientValue(nutriments, "proteins", suffix),
    ...flags,
  };
  if (flags.is_fat === 1) {
    const fat = nutrientValue(nutriments, "fat", suffix);
    inputs.fat = fat;
    inputs.saturated_fat_ratio = saturatedFatRatio(saturatedFat, fat);
  }
  return inputs;
}

/** §2.2 inputs of the 2023 algorithm (`nonNutritiveSweeteners` comes from ingredient analysis). */
export function buildInputs2023(
  nutriments: Nutriments,
  suffix: NutrientSuffix,
  flags: Flags2023,
  fruitsVegetablesLegumes: number | undefined,
  nonNutritiveSweeteners?: number,
): NutriScoreInputs2023 {
  const saturatedFat = saturatedFatValue(nutriments, suffix);
  const inputs: NutriScoreInputs2023 = {
    energy: nutrientValue(nutriments, "energy", suffix),
    sugars: sugarsValue(nutriments, suffix),
    saturated_fat: saturatedFat,
    salt: saltValue(nutriments, suffix),
    fruits_vegetables_legumes:
      fruitsVegetablesLegumes === undefined ? undefined : roundTo1Decimal(fruitsVegetablesLegumes),
    fiber: nutrientValue(nutriments, "fiber", suffix),
    proteins: nutrientValue(nutriments, "proteins", suffix),
    ...flags,
  };
  if (flags.is_fat_oil_nuts_seeds === 1) {
    const fat = nutrientValue(nutriments, "fat", suffix);
    // Uses the stored saturated fat only: the "fat = 0 ⇒ saturated fat 0" deduction comes later.
    const storedSaturatedFat = nutrientValue(nutriments, "saturated-fat", suffix);
    inputs.fat = fat;
    inputs.saturated_fat_ratio = roundTo1Decimal(saturatedFatRatio(saturatedFat, fat));
    inputs.energy_from_saturated_fat =
      storedSaturatedFat === undefined ? undefined : storedSaturatedFat * KJ_PER_G_SATURATED_FAT;
  }
  if (flags.is_beverage === 1) inputs.non_nutritive_sweeteners = nonNutritiveSweeteners;
  return inputs;
}
