/**
 * Reading and writing the keys of one nutrient in `nutriments` (NUTRITION.md §1.7):
 * `<nid><p>`, `<nid><p>_value`, `<nid><p>_unit`, `<nid><p>_modifier`, `<nid><p>_100g`, `<nid><p>_serving`.
 */
import type { Nutriments } from "../product.js";
import type { Taxonomy } from "../taxonomy/types.js";
import type { PreparationSuffix } from "./nutrient-ids.js";
import { effectiveUnit, toBaseValue } from "./units.js";
import type { NutrientModifier } from "./value.js";

/** A stored number; numeric strings from old imports count as numbers. */
export function numberAt(nutriments: Nutriments, key: string): number | undefined {
  const stored = nutriments[key];
  if (typeof stored === "number") return Number.isFinite(stored) ? stored : undefined;
  if (typeof stored === "string" && stored.trim() !== "") {
    const parsed = Number(stored);
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

export function stringAt(nutriments: Nutriments, key: string): string | undefined {
  const stored = nutriments[key];
  return typeof stored === "string" ? stored : undefined;
}

export function modifierAt(nutriments: Nutriments, key: string): NutrientModifier | undefined {
  const stored = stringAt(nutriments, key);
  return stored === "<" || stored === "≤" || stored === ">" || stored === "≥" || stored === "~" || stored === "-"
    ? stored
    : undefined;
}

/**
 * Sets value, unit (as sent or default), modifier and base value of `<nid><p>`. The derived
 * `_100g`/`_serving` keys are rebuilt later (per-basis derivation).
 */
export function assignNutrient(
  nutriments: Nutriments,
  nutrients: Taxonomy,
  nid: string,
  suffix: PreparationSuffix,
  value: number,
  sentUnit: string | undefined,
  modifier: NutrientModifier | undefined,
): void {
  const key = nid + suffix;
  const unit = effectiveUnit(nid, sentUnit);
  if (modifier === undefined) delete nutriments[`${key}_modifier`];
  else nutriments[`${key}_modifier`] = modifier;
  nutriments[`${key}_unit`] = unit;
  nutriments[`${key}_value`] = value;
  nutriments[key] = toBaseValue(nutrients, nid, value, unit);
}

/** Deletes `_unit` and `_label` once neither the as-sold nor the prepared value remains (OFF parity). */
function deleteUnitsWithoutValue(nutriments: Nutriments, nid: string): void {
  if (nutriments[`${nid}_prepared`] === undefined) delete nutriments[`${nid}_prepared_unit`];
  if (nutriments[nid] === undefined && nutriments[`${nid}_prepared`] === undefined) {
    delete nutriments[`${nid}_unit`];
    delete nutriments[`${nid}_label`];
  }
}

/** A lone dash: the value is deleted and `<nid><p>_modifier: "-"` records "not on the package". */
export function markNotOnPackage(nutriments: Nutriments, nid: string, suffix: PreparationSuffix): void {
  const key = nid + suffix;
  for (const keySuffix of ["", "_value", "_100g", "_serving"]) delete nutriments[key + keySuffix];
  nutriments[`${key}_modifier`] = "-";
  deleteUnitsWithoutValue(nutriments, nid);
}

/** Deletes every key of `<nid><p>`, the modifier included (salt/sodium exclusivity, energy reset). */
export function deleteNutrient(nutriments: Nutriments, nid: string, suffix: PreparationSuffix): void {
  const key = nid + suffix;
  for (const keySuffix of ["", "_value", "_unit", "_modifier", "_label", "_100g", "_serving"]) {
    delete nutriments[key + keySuffix];
  }
  deleteUnitsWithoutValue(nutriments, nid);
}
