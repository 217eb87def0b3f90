/**
 * Schema 1003 → 1002 (SCHEMA.md §5, OFF's `convert_schema_1003_to_1002_refactor_product_nutrition_schema`):
 * classic `nutriments` rebuilt from the aggregated set only, so old clients get one preparation (prepared
 * when the product has prepared data), with `_value`, bare, `_100g` and `_serving` keys.
 */

import { taxonomyUnit } from "../nutriments/nutrient-ids.js";
import { roundDerived } from "../nutriments/rounding.js";
import type { Product } from "../product.js";
import { servingQuantityInGrams } from "../quantity.js";
import type { Taxonomy } from "../taxonomy/types.js";
import { isObject, nutritionOf } from "./nutrition-model.js";

type Nutriments = Record<string, number | string>;

const ESTIMATED_FRUIT_NUTRIENTS = new Set(["fruits-vegetables-nuts", "fruits-vegetables-legumes"]);

/** Downgrades `product` in place. */
export function downgradeNutritionTo1002(product: Product, nutrients: Taxonomy): void {
  const productType = typeof product.product_type === "string" ? product.product_type : "food";
  if (productType !== "food" && productType !== "petfood") return;
  const nutrition = nutritionOf(product);
  if (nutrition?.no_nutrition_data_on_packaging === true) product.no_nutrition_data = "on";
  else delete product.no_nutrition_data;
  const aggregated = nutrition?.aggregated_set;
  if (!isObject(aggregated) || Object.keys(aggregated).length === 0) {
    delete product.nutrition;
    return;
  }
  const preparation =
    aggregated.preparation === "prepared" || aggregated.preparation === "_prepared" ? "_prepared" : "";
  const perSuffix = aggregated.per === "100ml" ? "_100g" : `_${aggregated.per ?? "100g"}`;
  const nutriments: Nutriments = {};
  const estimated: Nutriments = {};
  for (const [nid, nutrient] of Object.entries(aggregated.nutrients ?? {})) {
    const source = nutrient.source ?? "unknown";
    if (source !== "estimate" || nid === "added-sugars") {
      nutriments[nid + preparation + perSuffix] = nutrient.value;
      nutriments[`${nid}${preparation}_value`] = nutrient.value;
      nutriments[nid + preparation] = nutrient.value;
      nutriments[`${nid}_unit`] = nutrient.unit;
      if (nutrient.modifier !== undefined) nutriments[`${nid}${preparation}_modifier`] = nutrient.modifier;
    } else if (ESTIMATED_FRUIT_NUTRIENTS.has(nid)) {
      nutriments[`${nid}-estimate-from-ingredients${preparation}${perSuffix}`] = nutrient.value;
    } else {
      estimated[nid + perSuffix] = nutrient.value;
    }
  }
  if (Object.keys(estimated).length > 0) product.nutriments_estimated = estimated;
  if (Object.keys(nutriments).length > 0) product.nutriments = nutriments;
  if (preparation === "") {
    product.nutrition_data = "on";
    product.nutrition_data_per = aggregated.per;
  } else {
    product.nutrition_data_prepared = "on";
    product.nutrition_data_prepared_per = aggregated.per;
  }
  delete product.nutrition;
  computePer100gAndPerServing(product, nutrients);
}

const VALUE_PREFIX = /^(<|environ|max|maximum|min|minimum) ?/;

function numeric(value: number | string | undefined): number {
  if (typeof value === "number") return value;
  return Number(String(value ?? "").replace(VALUE_PREFIX, "")) || 0;
}

/**
 * OFF's `_compute_nutrition_data_per_100g_and_per_serving_for_old_nutrition_schema`: the serving quantity
 * follows `serving_size` (none without it), both pers default to 100g, and `_100g` / `_serving` are derived
 * from each bare value (3 significant digits; quantity-independent units copied as they are).
 */
function computePer100gAndPerServing(product: Product, nutrients: Taxonomy): void {
  if (typeof product.serving_size !== "string" || product.serving_size.trim() === "") delete product.serving_quantity;
  else if (product.serving_quantity === undefined) {
    const grams = servingQuantityInGrams(product.serving_size);
    if (grams !== undefined) product.serving_quantity = grams;
  }
  const servingQuantity = product.serving_quantity === undefined ? undefined : Number(product.serving_quantity);
  const nutriments: Nutriments = isObject(product.nutriments) ? (product.nutriments as Nutriments) : {};
  const withData = new Set<string>();
  for (const type of ["", "_prepared"] as const) {
    const perKey = `nutrition_data${type}_per`;
    if (product[perKey] === undefined) product[perKey] = "100g";
    const perServing = product[perKey] === "serving";
    for (const key of Object.keys(nutriments)) {
      if (type === "" ? key.includes("_") : !key.endsWith("_prepared")) continue;
      const nid = type === "" ? key : key.slice(0, -"_prepared".length);
      const value = numeric(nutriments[nid + type]);
      const unit = taxonomyUnit(nutrients, nid);
      const independent = unit !== undefined && (unit === "" || unit.startsWith("%"));
      if (perServing) {
        nutriments[`${nid}${type}_serving`] = value;
        delete nutriments[`${nid}${type}_100g`];
        if (independent) nutriments[`${nid}${type}_100g`] = value;
        else if (servingQuantity !== undefined && servingQuantity > 5) {
          nutriments[`${nid}${type}_100g`] = roundDerived((value * 100) / servingQuantity);
        }
      } else {
        let per100g = value;
        delete nutriments[`${nid}${type}_serving`];
        if (product.product_type === "petfood" && unit !== undefined && unit !== "%") per100g /= 10;
        nutriments[`${nid}${type}_100g`] = per100g;
        if (independent) nutriments[`${nid}${type}_serving`] = value;
        else if (servingQuantity !== undefined && servingQuantity > 0) {
          nutriments[`${nid}${type}_serving`] = roundDerived((value / 100) * servingQuantity);
        }
      }
      withData.add(type);
    }
  }
  for (const type of withData) product[`nutrition_data${type}`] = "on";
}
