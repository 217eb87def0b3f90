/**
 * `PATCH /api/v3.5/product/{code}` with `product.nutrition.input_sets` (SCHEMA.md §7.2, OFF's
 * `assign_nutrition_values_from_request_object`): sets are merged into the stored ones by
 * (source, preparation, per); `nutrients: null` deletes a set, `<nid>: null` a nutrient, and
 * `unspecified_nutrients` is replaced (null deletes it). Where OFF ignores a malformed part with an error
 * and saves the rest, foodbase refuses the whole request with the field named (nothing is written).
 */
import { isEditableNutrientId } from "../nutriments/nutrient-ids.js";
import { parseNutrientInput } from "../nutriments/value.js";
import type { Product } from "../product.js";
import type { Taxonomy } from "../taxonomy/types.js";
import { preparationOf } from "./nutrition-aggregate.js";
import { rebuildNutrition, unitForSentNutrient } from "./nutrition-edit.js";
import {
  type InputNutrient,
  type InputSet,
  isObject,
  type Nutrition,
  nutritionOf,
  VALID_PERS,
} from "./nutrition-model.js";

export type NutritionPatchResult = { ok: true } | { ok: false; field: string; message: string };

const SOURCE = /^[A-Za-z0-9_-]+$/;

function refuse(field: string, message: string): NutritionPatchResult {
  return { ok: false, field, message };
}

/** Applies `patch` (the request's `product.nutrition`) to `product` in place. */
export function applyNutritionPatch(product: Product, patch: unknown, nutrients: Taxonomy): NutritionPatchResult {
  if (!isObject(patch)) return refuse("nutrition", "nutrition must be an object");
  const nutrition: Nutrition = structuredClone(nutritionOf(product) ?? {});
  const sets: InputSet[] = Array.isArray(nutrition.input_sets) ? nutrition.input_sets : [];
  for (const key of Object.keys(patch)) {
    if (key !== "input_sets" && key !== "no_nutrition_data_on_packaging") {
      return refuse(
        `nutrition.${key}`,
        `nutrition.${key} cannot be written (input_sets, no_nutrition_data_on_packaging)`,
      );
    }
  }
  const flag = patch.no_nutrition_data_on_packaging;
  if (flag === true) nutrition.no_nutrition_data_on_packaging = true;
  else if (flag === false || flag === null) delete nutrition.no_nutrition_data_on_packaging;
  else if (flag !== undefined) return refuse("nutrition.no_nutrition_data_on_packaging", "expected true or false");

  const sent = patch.input_sets;
  if (sent !== undefined) {
    if (!Array.isArray(sent)) return refuse("nutrition.input_sets", "nutrition.input_sets must be an array");
    for (const [i, item] of sent.entries()) {
      const where = `nutrition.input_sets[${i}]`;
      if (!isObject(item)) return refuse(where, `${where} must be an object`);
      for (const key of ["source", "preparation", "per"]) {
        if (typeof item[key] !== "string" || item[key] === "")
          return refuse(`${where}.${key}`, `${where}.${key} is missing`);
      }
      const { source, preparation, per } = item as { source: string; preparation: string; per: string };
      if (!SOURCE.test(source))
        return refuse(`${where}.source`, `${where}.source ${JSON.stringify(source)} is not a source id`);
      if (preparation !== "as_sold" && preparation !== "prepared") {
        return refuse(
          `${where}.preparation`,
          `${where}.preparation ${JSON.stringify(preparation)} is unknown (as_sold or prepared)`,
        );
      }
      if (!(VALID_PERS as readonly string[]).includes(per)) {
        return refuse(`${where}.per`, `${where}.per ${JSON.stringify(per)} is unknown (${VALID_PERS.join(", ")})`);
      }
      const index = sets.findIndex((s) => s.source === source && preparationOf(s) === preparation && s.per === per);
      if (Object.hasOwn(item, "nutrients") && item.nutrients === null) {
        if (index >= 0) sets.splice(index, 1);
        continue;
      }
      const set: InputSet = index >= 0 ? (sets[index] as InputSet) : { source, preparation, per };
      if (index < 0) sets.push(set);
      if (typeof item.source_description === "string") set.source_description = item.source_description;
      if (item.nutrients !== undefined) {
        if (!isObject(item.nutrients))
          return refuse(`${where}.nutrients`, `${where}.nutrients must be an object or null`);
        for (const [nid, entry] of Object.entries(item.nutrients)) {
          const field = `${where}.nutrients.${nid}`;
          if (!isEditableNutrientId(nutrients, nid))
            return refuse(field, `${field}: unknown nutrient ${JSON.stringify(nid)}`);
          if (entry === null) {
            if (set.nutrients !== undefined) delete set.nutrients[nid];
            continue;
          }
          if (!isObject(entry)) return refuse(field, `${field} must be an object or null`);
          const text = entry.value_string;
          if (typeof text !== "string" && typeof text !== "number")
            return refuse(`${field}.value_string`, `${field}.value_string is missing`);
          const modifier = entry.modifier;
          if (modifier !== undefined && modifier !== null && typeof modifier !== "string") {
            return refuse(`${field}.modifier`, `${field}.modifier must be a string`);
          }
          const unit = entry.unit;
          if (unit !== undefined && unit !== null && typeof unit !== "string")
            return refuse(`${field}.unit`, `${field}.unit must be a string`);
          const input = parseNutrientInput(String(text), typeof modifier === "string" ? modifier : undefined);
          if (input.kind === "invalid" || (input.kind === "value" && input.value < 0)) {
            return refuse(`${field}.value_string`, `invalid value for ${field}.value_string: ${String(text)}`);
          }
          set.nutrients ??= {};
          if (input.kind === "ignored") delete set.nutrients[nid];
          else if (input.kind === "notOnPackage") {
            delete set.nutrients[nid];
            set.unspecified_nutrients = [...new Set([...(set.unspecified_nutrients ?? []), nid])];
          } else {
            const value: InputNutrient = {
              value_string: String(input.value),
              value: input.value,
              unit: unitForSentNutrient(nid, typeof unit === "string" ? unit : undefined, set.nutrients[nid]?.unit),
            };
            if (input.modifier !== undefined) value.modifier = input.modifier;
            set.nutrients[nid] = value;
          }
        }
      }
      if (Object.hasOwn(item, "unspecified_nutrients")) {
        const list = item.unspecified_nutrients;
        if (list === null) delete set.unspecified_nutrients;
        else if (!Array.isArray(list) || list.some((nid) => typeof nid !== "string")) {
          return refuse(
            `${where}.unspecified_nutrients`,
            `${where}.unspecified_nutrients must be an array of nutrient ids or null`,
          );
        } else {
          const unknown = (list as string[]).find((nid) => !isEditableNutrientId(nutrients, nid));
          if (unknown !== undefined) {
            return refuse(
              `${where}.unspecified_nutrients`,
              `${where}.unspecified_nutrients: unknown nutrient ${JSON.stringify(unknown)}`,
            );
          }
          if (list.length > 0) set.unspecified_nutrients = [...new Set(list as string[])];
          else delete set.unspecified_nutrients;
        }
      }
    }
  }
  rebuildNutrition(product, nutrition, sets, nutrients);
  return { ok: true };
}
