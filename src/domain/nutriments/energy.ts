/**
 * Energy sent on a write (API.md §4.5 "Energy", NUTRITION.md §1.4): `nutriment_energy` with a kJ or kcal
 * unit is an `energy-kj` / `energy-kcal` value.
 */
import { normaliseUnitName } from "./units.js";

/** `nutriment_energy` sent in kJ or kcal is an `energy-kj` / `energy-kcal` value; otherwise it stays `energy`. */
export function energyAliasTarget(nid: string, sentUnit: string | undefined): string {
  if (nid !== "energy" || sentUnit === undefined) return nid;
  const unit = normaliseUnitName(sentUnit);
  if (unit === "kj") return "energy-kj";
  if (unit === "kcal") return "energy-kcal";
  return nid;
}
