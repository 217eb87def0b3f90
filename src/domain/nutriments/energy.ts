/**
 * Energy families `energy`, `energy-kj`, `energy-kcal` (API.md §4.5 "Energy", NUTRITION.md §1.4).
 * `energy` (and so `energy_100g`, read by the Nutri-Score) is always in kJ.
 */
import type { Nutriments } from "../product.js";
import type { Taxonomy } from "../taxonomy/types.js";
import { assignNutrient, deleteNutrient, modifierAt, numberAt, stringAt } from "./keys.js";
import { PREPARATION_SUFFIXES, type PreparationSuffix } from "./nutrient-ids.js";
import { normaliseUnitName } from "./units.js";

/** `nutriment_energy` sent in kJ or kcal is an `energy-kj` / `energy-kcal` value; otherwise it stays `energy`. */
export function energyAliasTarget(nid: string, sentUnit: string | undefined): string {
  if (nid !== "energy" || sentUnit === undefined) return nid;
  const unit = normaliseUnitName(sentUnit);
  if (unit === "kj") return "energy-kj";
  if (unit === "kcal") return "energy-kcal";
  return nid;
}

/** Sending `energy-kj<p>` or `energy-kcal<p>` first drops the stored `energy<p>`; it is rebuilt below. */
export function resetEnergyForSentValues(nutriments: Nutriments, sentKeys: ReadonlySet<string>): void {
  for (const suffix of PREPARATION_SUFFIXES) {
    if (sentKeys.has(`energy-kj${suffix}`) || sentKeys.has(`energy-kcal${suffix}`)) {
      deleteNutrient(nutriments, "energy", suffix);
    }
  }
}

/** Copies `source<p>` (modifier, value, unit) into `target<p>`, the unit defaulting to `defaultUnit`. */
function assignFrom(
  nutriments: Nutriments,
  nutrients: Taxonomy,
  target: string,
  source: string,
  suffix: PreparationSuffix,
  value: number,
  defaultUnit: string,
): void {
  const sourceKey = source + suffix;
  let unit = stringAt(nutriments, `${sourceKey}_unit`);
  if (unit === undefined) {
    unit = defaultUnit;
    nutriments[`${sourceKey}_unit`] = unit;
  }
  const modifier = modifierAt(nutriments, `${sourceKey}_modifier`);
  assignNutrient(nutriments, nutrients, target, suffix, value, unit, modifier === "-" ? undefined : modifier);
}

/**
 * `energy<p>` from `energy-kj<p>` if it has a value, else from `energy-kcal<p>`; a plain `energy<p>` in
 * kJ or kcal is copied to `energy-kj<p>` / `energy-kcal<p>`. kJ and kcal are never derived from each other.
 */
export function consolidateEnergy(nutriments: Nutriments, nutrients: Taxonomy): void {
  for (const suffix of PREPARATION_SUFFIXES) {
    const kjValue = numberAt(nutriments, `energy-kj${suffix}_value`);
    if (kjValue !== undefined) {
      assignFrom(nutriments, nutrients, "energy", "energy-kj", suffix, kjValue, "kJ");
      continue;
    }
    const kcalBase = numberAt(nutriments, `energy-kcal${suffix}`);
    if (kcalBase !== undefined) {
      // The base of energy-kcal is in kcal, so it stands in for a missing `_value` (old imports).
      const kcalValue = numberAt(nutriments, `energy-kcal${suffix}_value`) ?? kcalBase;
      assignFrom(nutriments, nutrients, "energy", "energy-kcal", suffix, kcalValue, "kcal");
      continue;
    }
    const energyValue = numberAt(nutriments, `energy${suffix}_value`);
    const energyUnit = stringAt(nutriments, `energy${suffix}_unit`);
    if (energyValue === undefined || energyUnit === undefined) continue;
    const target = energyAliasTarget("energy", energyUnit);
    if (target !== "energy") assignFrom(nutriments, nutrients, target, "energy", suffix, energyValue, energyUnit);
  }
}
