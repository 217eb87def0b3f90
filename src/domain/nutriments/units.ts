/**
 * Units of nutrient values and quantities (API.md §4.5 "Units", NUTRITION.md §1.3): the default unit
 * of each nutrient and the conversion of a value in the unit sent into the base value `<nid>`
 * (grams; kJ for energy; kcal for `energy-kcal`; mmol/l for water hardness).
 */
import type { Taxonomy } from "../taxonomy/types.js";
import { positiveNumberProperty, taxonomyUnit } from "./nutrient-ids.js";
import { roundStored } from "./rounding.js";

const KJ_PER_KCAL = 4.184;

/** Units whose value is a mass or a volume (ml counts as g), with their factor to grams. */
const GRAMS_PER_UNIT: ReadonlyMap<string, number> = new Map([
  ["g", 1],
  ["gram", 1],
  ["grams", 1],
  ["gramme", 1],
  ["grammes", 1],
  ["克", 1],
  ["公克", 1],
  ["г", 1],
  ["ml", 1],
  ["мл", 1],
  ["毫升", 1],
  ["mg", 0.001],
  ["мг", 0.001],
  ["毫克", 0.001],
  ["kg", 1000],
  ["kgs", 1000],
  ["кг", 1000],
  ["公斤", 1000],
  ["µg", 0.000001], // U+00B5 micro sign
  ["μg", 0.000001], // U+03BC Greek mu
  ["mcg", 0.000001],
  ["l", 1000],
  ["liter", 1000],
  ["liters", 1000],
  ["л", 1000],
  ["公升", 1000],
  ["dl", 100],
  ["дл", 100],
  ["cl", 10],
  ["кл", 10],
  ["oz", 28.349523125],
  ["fl oz", 30],
  ["lb", 453.59237],
  ["lbs", 453.59237],
  ["pound", 453.59237],
  ["pounds", 453.59237],
  ["斤", 500],
]);

/**
 * Mass and volume unit names, for the quantity parsers (longest first so "lbs" wins over "l"; names of one
 * length in code unit order: not localeCompare, whose first call, at every start, costs 10 ms).
 */
export const MASS_AND_VOLUME_UNIT_NAMES: readonly string[] = [
  ...GRAMS_PER_UNIT.keys(),
  "fl. oz",
  "fl.oz",
  "fluid ounce",
  "fluid ounces",
].sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0));

/** Water hardness units divided into mmol/l (NUTRITION.md §1.3). */
const WATER_HARDNESS_DIVISORS: ReadonlyMap<string, number> = new Map([
  ["mol/l", 0.001],
  ["mval/l", 2],
  ["ppm", 100],
  ["°rh", 40.08],
  ["°fh", 10],
  ["°e", 7.02],
  ["°dh", 5.6],
  ["gpg", 5.847],
]);

/** Lowercased, trimmed, single-spaced; every way of writing fluid ounces becomes "fl oz". */
export function normaliseUnitName(unit: string): string {
  const lower = unit.trim().toLowerCase().replace(/\s+/g, " ");
  return /^(?:fl\.? ?oz\.?|fluid ounces?)$/.test(lower) ? "fl oz" : lower;
}

/** Factor from a mass/volume unit to grams (ml as g), undefined for any other unit. */
export function gramsPerUnit(unit: string): number | undefined {
  return GRAMS_PER_UNIT.get(normaliseUnitName(unit));
}

/** kcal → kJ as OFF does it: truncation of value × 4.184 + 0.5. */
export function kcalToKj(kcal: number): number {
  return Math.trunc(kcal * KJ_PER_KCAL + 0.5);
}

/** kJ → kcal, same rounding. */
export function kjToKcal(kj: number): number {
  return Math.trunc(kj / KJ_PER_KCAL + 0.5);
}

/** Default unit when `nutriment_<nid>_unit` is missing or empty (parity: never the taxonomy unit). */
export function defaultUnit(nid: string): string {
  switch (nid) {
    case "energy-kj":
    case "energy":
      return "kJ";
    case "energy-kcal":
      return "kcal";
    case "alcohol":
      return "% vol";
    case "water-hardness":
      return "mmol/l";
    default:
      return nid.startsWith("fruits") || nid.startsWith("collagen") ? "%" : "g";
  }
}

/** The unit stored in `<nid>_unit`: as sent, or the default; alcohol is always `% vol`. */
export function effectiveUnit(nid: string, sentUnit: string | undefined): string {
  if (nid === "alcohol") return "% vol";
  const trimmed = sentUnit?.trim() ?? "";
  return trimmed === "" ? defaultUnit(nid) : trimmed;
}

/**
 * Base value `<nid>` of a value expressed in `unit`. IU and % DV are first turned into the nutrient's
 * taxonomy unit; unknown units leave the number unchanged. Computed results keep 15 significant digits.
 */
export function toBaseValue(nutrients: Taxonomy, nid: string, value: number, unit: string): number {
  let amount = value;
  let amountUnit = normaliseUnitName(unit);
  let computed = false;

  if (amountUnit === "iu" || amountUnit === "ui") {
    const gramsPerIu = positiveNumberProperty(nutrients, nid, "iu_value:en");
    if (gramsPerIu !== undefined) {
      amount *= gramsPerIu;
      amountUnit = normaliseUnitName(taxonomyUnit(nutrients, nid) ?? "");
      computed = true;
    }
  } else if (amountUnit === "% dv") {
    const dailyValue = positiveNumberProperty(nutrients, nid, "dv_value:en");
    if (dailyValue !== undefined) {
      amount = (amount / 100) * dailyValue;
      amountUnit = normaliseUnitName(taxonomyUnit(nutrients, nid) ?? "");
      computed = true;
    }
  }

  if (nid === "energy-kcal") {
    // energy-kcal stays in kcal.
    if (amountUnit === "kj") return kjToKcal(amount);
  } else if (nid === "water-hardness") {
    const divisor = WATER_HARDNESS_DIVISORS.get(amountUnit);
    if (divisor !== undefined) return roundStored(amount / divisor);
  } else if (amountUnit === "kcal" || amountUnit === "ккал") {
    return kcalToKj(amount);
  } else {
    const factor = GRAMS_PER_UNIT.get(amountUnit);
    if (factor !== undefined && factor !== 1) return roundStored(amount * factor);
  }
  return computed ? roundStored(amount) : amount;
}
