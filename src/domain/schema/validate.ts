/**
 * Whether a document is valid in its own schema version (SCHEMA.md §2.1): imports reject a line with the
 * reason, writes answer 400 naming the field. Only what foodbase reads is checked; unknown keys pass.
 */
import type { Product } from "../product.js";
import { isObject, VALID_PERS } from "./nutrition-model.js";
import { CURRENT_SCHEMA_VERSION, OLDEST_SCHEMA_VERSION } from "./versions.js";

/** Preparations of stored data; `_prepared` is OFF's 2026 bug, read as `prepared` (SCHEMA.md §7.4). */
const STORED_PREPARATIONS = new Set(["as_sold", "prepared", "_prepared"]);

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/** A nutrient value: a finite number ≥ 0. */
function badNumber(value: unknown): boolean {
  return value !== undefined && (typeof value !== "number" || !Number.isFinite(value) || value < 0);
}

function nutrientsReason(
  where: string,
  nutrients: unknown,
  checkValues: (entry: Record<string, unknown>) => string | undefined,
): string | undefined {
  if (nutrients === undefined) return undefined;
  if (!isObject(nutrients)) return `${where}.nutrients is ${describe(nutrients)}, expected an object`;
  for (const [nid, entry] of Object.entries(nutrients)) {
    if (!isObject(entry)) return `${where}.nutrients.${nid} is ${describe(entry)}, expected an object`;
    const problem = checkValues(entry);
    if (problem !== undefined) return `${where}.nutrients.${nid}.${problem}`;
  }
  return undefined;
}

function valueProblem(entry: Record<string, unknown>): string | undefined {
  for (const key of ["value", "value_computed"]) {
    if (badNumber(entry[key])) return `${key} is ${JSON.stringify(entry[key])}, expected a number ≥ 0`;
  }
  for (const key of ["unit", "modifier", "value_string"]) {
    const v = entry[key];
    if (v !== undefined && typeof v !== "string") return `${key} is ${describe(v)}, expected a string`;
  }
  return undefined;
}

/** Why `nutrition` is malformed, or undefined. */
export function nutritionReason(nutrition: unknown): string | undefined {
  if (nutrition === undefined || nutrition === null) return undefined;
  if (!isObject(nutrition)) return `nutrition is ${describe(nutrition)}, expected an object`;
  const sets = nutrition.input_sets;
  if (sets !== undefined) {
    if (!Array.isArray(sets)) return `nutrition.input_sets is ${describe(sets)}, expected an array`;
    for (const [i, set] of sets.entries()) {
      const where = `nutrition.input_sets[${i}]`;
      if (!isObject(set)) return `${where} is ${describe(set)}, expected an object`;
      for (const key of ["source", "preparation", "per"]) {
        if (typeof set[key] !== "string" || set[key] === "") return `${where}.${key} is missing`;
      }
      if (!STORED_PREPARATIONS.has(set.preparation as string)) {
        return `${where}.preparation ${JSON.stringify(set.preparation)} is unknown (as_sold or prepared)`;
      }
      const quantity = set.per_quantity;
      if (quantity !== undefined && quantity !== null && quantity !== "" && !(Number(quantity) >= 0)) {
        return `${where}.per_quantity is ${JSON.stringify(quantity)}, expected a number ≥ 0`;
      }
      const problem = nutrientsReason(where, set.nutrients, valueProblem);
      if (problem !== undefined) return problem;
      const unspecified = set.unspecified_nutrients;
      if (
        unspecified !== undefined &&
        (!Array.isArray(unspecified) || unspecified.some((n) => typeof n !== "string"))
      ) {
        return `${where}.unspecified_nutrients is not an array of nutrient ids`;
      }
    }
  }
  const aggregated = nutrition.aggregated_set;
  if (aggregated !== undefined) {
    if (!isObject(aggregated)) return `nutrition.aggregated_set is ${describe(aggregated)}, expected an object`;
    if (aggregated.preparation !== undefined && !STORED_PREPARATIONS.has(aggregated.preparation as string)) {
      return `nutrition.aggregated_set.preparation ${JSON.stringify(aggregated.preparation)} is unknown (as_sold or prepared)`;
    }
    const problem = nutrientsReason("nutrition.aggregated_set", aggregated.nutrients, (entry) => {
      if (entry.value !== undefined && badNumber(entry.value))
        return `value is ${JSON.stringify(entry.value)}, expected a number ≥ 0`;
      return undefined;
    });
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** Why the document is not valid in its own schema version, or undefined. */
export function schemaReason(product: Product): string | undefined {
  const version = product.schema_version;
  if (version !== undefined && version !== null) {
    if (typeof version !== "number" || !Number.isInteger(version)) {
      return `schema_version is ${JSON.stringify(version)}, expected an integer`;
    }
    if (version > CURRENT_SCHEMA_VERSION) {
      return `schema_version ${version} is newer than the newest foodbase knows (${CURRENT_SCHEMA_VERSION})`;
    }
    if (version < OLDEST_SCHEMA_VERSION)
      return `schema_version ${version} is unknown (oldest: ${OLDEST_SCHEMA_VERSION})`;
  }
  return nutritionReason(product.nutrition);
}

export { VALID_PERS };
