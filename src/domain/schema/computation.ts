/**
 * The one adapter through which every computed value reads nutrition (SCHEMA.md decision 3): Nutri-Score,
 * nutrient levels, misc tags, the search index's nutrient values, sorting, facets and CSV export read the
 * classic `nutriments` that OFF's API v2 serves for the product, i.e. rebuilt from the aggregated set,
 * whatever layout the product is stored in (classic documents go through the 1003 model first).
 */
import type { Nutriments, Product } from "../product.js";
import type { Taxonomies } from "../taxonomy/types.js";
import { convertTopLevelForApiVersion } from "./convert.js";
import { preparationOf } from "./nutrition-aggregate.js";
import { type InputSet, isObject } from "./nutrition-model.js";

/** The keys the nutrition conversions read. */
export const NUTRITION_KEYS: readonly string[] = [
  "schema_version",
  "environmental_score_grade",
  "product_type",
  "lang",
  "nutrition",
  "nutriments",
  "nutriments_estimated",
  "no_nutrition_data",
  "nutrition_data",
  "nutrition_data_per",
  "nutrition_data_prepared",
  "nutrition_data_prepared_per",
  "serving_size",
  "serving_quantity",
  "serving_quantity_unit",
  "product_quantity_unit",
];

/**
 * Ingredient-derived classic keys (`fruits-vegetables-nuts-estimate-from-ingredients_100g`): not nutrients
 * of the taxonomy, so the 1003 upgrade drops them, but an imported classic product carries OFF's estimate
 * there and the Nutri-Score uses it (NUTRITION.md §0.4).
 */
const ESTIMATE_KEY = /-estimate-from-ingredients(_prepared)?_100g$/;

export function nutrimentsForComputation(product: Product, taxonomies: Taxonomies): Nutriments {
  const partial: Product = {};
  for (const key of NUTRITION_KEYS) if (product[key] !== undefined) partial[key] = product[key];
  const ctx = { taxonomies, now: 0 };
  // The steps replace the top-level values they change (convert.ts), so the copies are shallow.
  const model = { ...partial };
  convertTopLevelForApiVersion(model, "v3.5", ctx);
  const classic = { ...model };
  convertTopLevelForApiVersion(classic, "v2", ctx);
  const nutriments: Nutriments = isObject(classic.nutriments) ? (classic.nutriments as Nutriments) : {};
  // Nutrients shown as "-" on the packaging keep silencing what needs them (the fiber warning, NUTRITION.md
  // §2.5): the downgrade drops them, the computation reads them as the classic `<nid>_modifier: "-"`.
  const prepared = classic.nutrition_data_prepared === "on";
  const suffix = prepared ? "_prepared" : "";
  const nutrition = isObject(model.nutrition) ? model.nutrition : {};
  const sets = Array.isArray(nutrition.input_sets) ? (nutrition.input_sets as InputSet[]) : [];
  for (const set of sets) {
    if (preparationOf(set) !== (prepared ? "prepared" : "as_sold")) continue;
    for (const nid of Array.isArray(set.unspecified_nutrients) ? set.unspecified_nutrients : []) {
      if (nutriments[nid + suffix] === undefined) nutriments[`${nid}${suffix}_modifier`] = "-";
    }
  }
  if (isObject(product.nutriments)) {
    for (const [key, value] of Object.entries(product.nutriments)) {
      if (
        ESTIMATE_KEY.test(key) &&
        nutriments[key] === undefined &&
        (typeof value === "number" || typeof value === "string")
      ) {
        nutriments[key] = value;
      }
    }
  }
  return nutriments;
}
