/**
 * `_100g` and `_serving` keys derived from the base values (API.md §4.5 "100 g / serving",
 * NUTRITION.md §1.6). Runs over every stored nutrient, so a new `serving_size` alone updates them.
 */
import type { Nutriments } from "../product.js";
import type { Taxonomy } from "../taxonomy/types.js";
import { numberAt } from "./keys.js";
import { isComputedNutrientId, PREPARATION_SUFFIXES, type PreparationSuffix, taxonomyUnit } from "./nutrient-ids.js";
import { roundDerived } from "./rounding.js";

/** What the base values are expressed per, and the serving size in g or ml. */
export interface NutritionBasis {
  /** `serving_quantity` in g/ml (from `serving_size`), if known. */
  servingQuantity?: number;
  /** `nutrition_data_per`: `"serving"`, otherwise per 100 g (the default). */
  nutritionDataPer?: string;
  /** `nutrition_data_prepared_per`, same values. */
  nutritionDataPreparedPer?: string;
}

/** Whether a unit-bearing (scaled) value was derived, per kind: sets `nutrition_data[_prepared]` to "on". */
export interface DerivedNutritionData {
  nutritionDataOn: boolean;
  nutritionDataPreparedOn: boolean;
}

/** Below this serving size (g/ml) a per-serving value is not scaled up to 100 g (OFF parity). */
const MIN_SERVING_QUANTITY_FOR_100G = 5;

/** Nutrient id of a base key of that kind (`fat`, `fat_prepared`), undefined for any other key. */
function nidOfBaseKey(key: string, suffix: PreparationSuffix): string | undefined {
  if (suffix === "") return key.includes("_") ? undefined : key;
  const match = /^([^_]+)_prepared$/.exec(key);
  return match === null ? undefined : match[1];
}

/** pH, alcohol % vol, fruit percentages...: the same value per 100 g and per serving. */
function isQuantityIndependent(nutrients: Taxonomy, nid: string): boolean {
  const unit = taxonomyUnit(nutrients, nid);
  return unit !== undefined && (unit === "" || unit.startsWith("%"));
}

/** Rebuilds `_100g`/`_serving` of every stored base value, in place. */
export function derivePerBasisInPlace(
  nutriments: Nutriments,
  basis: NutritionBasis,
  nutrients: Taxonomy,
): DerivedNutritionData {
  const servingQuantity = basis.servingQuantity;
  const derived: DerivedNutritionData = { nutritionDataOn: false, nutritionDataPreparedOn: false };
  for (const suffix of PREPARATION_SUFFIXES) {
    const per = suffix === "" ? basis.nutritionDataPer : basis.nutritionDataPreparedPer;
    const perServing = per === "serving";
    let scaled = false;
    for (const key of Object.keys(nutriments)) {
      const nid = nidOfBaseKey(key, suffix);
      // Computed ids (Nutri-Score, NOVA, estimates) are kept exactly as they were stored.
      if (nid === undefined || isComputedNutrientId(nid)) continue;
      const base = numberAt(nutriments, key);
      if (base === undefined) continue;
      const quantityIndependent = isQuantityIndependent(nutrients, nid);
      if (perServing) {
        nutriments[`${key}_serving`] = base;
        delete nutriments[`${key}_100g`];
        if (quantityIndependent) {
          nutriments[`${key}_100g`] = base;
        } else if (servingQuantity !== undefined && servingQuantity > MIN_SERVING_QUANTITY_FOR_100G) {
          nutriments[`${key}_100g`] = roundDerived((base * 100) / servingQuantity);
          scaled = true;
        }
      } else {
        nutriments[`${key}_100g`] = base;
        delete nutriments[`${key}_serving`];
        if (quantityIndependent) {
          nutriments[`${key}_serving`] = base;
        } else if (servingQuantity !== undefined && servingQuantity > 0) {
          nutriments[`${key}_serving`] = roundDerived((base / 100) * servingQuantity);
          scaled = true;
        }
      }
    }
    if (suffix === "") derived.nutritionDataOn = scaled;
    else derived.nutritionDataPreparedOn = scaled;
  }
  return derived;
}

/**
 * Re-derives `_100g`/`_serving` for ALL stored nutrients from their base values and returns a new
 * object (the input is not modified). For writes where `serving_size` or the basis changed.
 */
export function deriveNutrimentsPerBasis(
  nutriments: Nutriments,
  basis: NutritionBasis,
  nutrients: Taxonomy,
): { nutriments: Nutriments } & DerivedNutritionData {
  const copy: Nutriments = { ...nutriments };
  const derived = derivePerBasisInPlace(copy, basis, nutrients);
  return { nutriments: copy, ...derived };
}
