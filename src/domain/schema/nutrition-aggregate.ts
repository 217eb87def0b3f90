/**
 * The aggregated set (SCHEMA.md §4, OFF's `generate_nutrient_aggregated_set_from_sets`) and the
 * computed values every save adds to input sets (§2.2, `add_computed_values_to_nutrient_sets`).
 * Pure functions; the nutrients taxonomy gives IU / % DV factors and units.
 */
import { taxonomyUnit } from "../nutriments/nutrient-ids.js";
import { defaultUnit, gramsPerUnit, normaliseUnitName, toBaseValue } from "../nutriments/units.js";
import { removeFloatNoise } from "../nutriments/value.js";
import type { Taxonomy } from "../taxonomy/types.js";
import type { AggregatedNutrient, AggregatedSet, InputNutrient, InputSet } from "./nutrition-model.js";

/** Priority of §4 step 1 (OFF PR #13151): preparation, then source, then per; lower first. */
const PREPARATION_PRIORITY: Readonly<Record<string, number>> = { prepared: 0, as_sold: 1 };
const SOURCE_PRIORITY: Readonly<Record<string, number>> = { manufacturer: 0, packaging: 1, usda: 2, estimate: 3 };
const PER_PRIORITY: Readonly<Record<string, number>> = { "100g": 0, "100ml": 1, "1l": 2, "1kg": 3, serving: 4 };

function rank(table: Readonly<Record<string, number>>, key: string | undefined, otherwise: number): number {
  return key !== undefined && Object.hasOwn(table, key) ? (table[key] as number) : otherwise;
}

/** OFF's early-2026 `_prepared` sets (SCHEMA.md §7.4) are read as `prepared` (foodbase decision 1). */
export function preparationOf(set: { preparation?: string }): string | undefined {
  return set.preparation === "_prepared" ? "prepared" : set.preparation;
}

/** Sorts input sets in place by OFF's priority (stable, as Perl's sort is). */
export function sortSetsByPriority(sets: InputSet[]): InputSet[] {
  return sets.sort(
    (a, b) =>
      rank(PREPARATION_PRIORITY, preparationOf(a), 2) - rank(PREPARATION_PRIORITY, preparationOf(b), 2) ||
      rank(SOURCE_PRIORITY, a.source, 4) - rank(SOURCE_PRIORITY, b.source, 4) ||
      rank(PER_PRIORITY, a.per, 5) - rank(PER_PRIORITY, b.per, 5),
  );
}

const VOLUME_UNITS = new Set(["ml", "l", "cl", "dl", "fl oz", "мл", "л", "毫升", "公升"]);

export function isVolumeUnit(unit: string | null | undefined): boolean {
  return typeof unit === "string" && VOLUME_UNITS.has(normaliseUnitName(unit));
}

/** `per_quantity` in grams or millilitres; a missing unit counts as grams. */
function perQuantityInGrams(set: InputSet): number | undefined {
  const quantity = Number(set.per_quantity);
  if (set.per_quantity === undefined || set.per_quantity === null || set.per_quantity === "") return undefined;
  if (!Number.isFinite(quantity)) return undefined;
  const factor = typeof set.per_unit === "string" ? (gramsPerUnit(set.per_unit) ?? 1) : 1;
  return quantity * factor;
}

/**
 * Nutrients whose values do not scale with the quantity: % vol, %, mmol/l, and those the taxonomy gives
 * no unit (OFF's newer `nutrition_aggregated_set.t`: the NOVA group, pH).
 */
function isQuantityIndependent(nutrients: Taxonomy, nid: string, unit: string): boolean {
  if (unit.startsWith("%") || unit === "mmol/l") return true;
  const taxonomy = taxonomyUnit(nutrients, nid);
  return taxonomy !== undefined && (taxonomy === "" || taxonomy.startsWith("%"));
}

/** The value in the nutrient's standard unit (g, kJ, kcal, % vol, %, mmol/l). */
function toStandardUnit(nutrients: Taxonomy, nid: string, value: number, unit: string | undefined): number {
  const standard = defaultUnit(nid);
  if (unit === undefined || unit === standard) return value;
  return toBaseValue(nutrients, nid, value, unit);
}

export interface AggregationOptions {
  nutrients: Taxonomy;
  /** `petfood` products are aggregated per 1 kg (OFF PR #13065). */
  productType?: string;
}

/**
 * The aggregated set of §4, or undefined when no set is usable (none with a per quantity ≥ 5 g/ml).
 * Sorts `inputSets` in place, as OFF does, so that `source_index` points into the stored array.
 */
export function aggregateNutrition(inputSets: InputSet[], options: AggregationOptions): AggregatedSet | undefined {
  sortSetsByPriority(inputSets);
  const usable = inputSets
    .map((set, index) => ({ set, index, grams: perQuantityInGrams(set) }))
    .filter((entry): entry is { set: InputSet; index: number; grams: number } => entry.grams !== undefined)
    .filter((entry) => entry.grams >= 5);
  const first = usable[0];
  if (first === undefined) return undefined;
  const per =
    options.productType === "petfood" ? "1kg" : isVolumeUnit(first.set.per_unit) ? "100ml" : ("100g" as const);
  const perAmount = per === "1kg" ? 1000 : 100;
  const nutrients: Record<string, AggregatedNutrient> = {};
  for (const { set, index, grams } of usable) {
    if (preparationOf(set) !== preparationOf(first.set) || set.nutrients === undefined) continue;
    for (const nid of Object.keys(set.nutrients).sort()) {
      if (nid === "energy" || Object.hasOwn(nutrients, nid)) continue;
      const input = set.nutrients[nid] as InputNutrient;
      let value = input.value;
      let modifier = input.modifier;
      let valueComputed = input.value_computed;
      if (value === undefined && valueComputed !== undefined) {
        value = valueComputed;
        valueComputed = undefined;
        modifier ??= "~";
      }
      if (value === undefined) continue;
      // A percentage (pet food's crude protein, ash…) stays one: no unit conversion, no scaling.
      const percent = input.unit === "%" && nid !== "alcohol";
      const unit = percent ? "%" : defaultUnit(nid);
      let standard = percent ? value : toStandardUnit(options.nutrients, nid, value, input.unit);
      if (set.per !== per && !percent && !isQuantityIndependent(options.nutrients, nid, unit)) {
        standard = (standard * perAmount) / grams;
      }
      const aggregated: AggregatedNutrient = {
        // 15 significant digits, as Perl prints a number.
        value: Number(standard.toPrecision(15)),
        unit,
        source: set.source,
        source_per: set.per,
        source_index: index,
      };
      if (modifier !== undefined) aggregated.modifier = modifier;
      if (valueComputed !== undefined) aggregated.value_computed = valueComputed;
      nutrients[nid] = aggregated;
    }
  }
  const kj = nutrients["energy-kj"];
  const kcal = nutrients["energy-kcal"];
  if (kj !== undefined) nutrients.energy = { ...kj };
  // OFF's `unit_to_kj` truncates here (60.87 kcal → 254 kJ, 44 kcal → 184 kJ).
  else if (kcal !== undefined) nutrients.energy = { ...kcal, unit: "kJ", value: Math.trunc(kcal.value * 4.184) };
  return Object.keys(nutrients).length === 0
    ? { preparation: preparationOf(first.set) as string, per }
    : { preparation: preparationOf(first.set) as string, per, nutrients };
}

/** EU energy factors (kJ, kcal per gram) of OFF's `%energy_from_nutrients`. */
const ENERGY_FACTORS: ReadonlyArray<readonly [string, number, number]> = [
  ["carbohydrates", 17, 4],
  ["polyols", 10, 2.4],
  ["proteins", 17, 4],
  ["fat", 37, 9],
  ["alcohol", 29, 7],
  ["fiber", 8, 2],
  ["erythritol", 0, 0],
];

function gramsOf(nutrients: Taxonomy, nid: string, nutrient: InputNutrient | undefined): number | undefined {
  if (nutrient?.value === undefined) return undefined;
  return toStandardUnit(nutrients, nid, nutrient.value, nutrient.unit);
}

/**
 * `value_computed` of energy from macronutrients (needs carbohydrates, fat and proteins): carbohydrates
 * count without polyols, polyols without erythritol.
 */
function computeEnergy(
  set: Record<string, InputNutrient>,
  nutrients: Taxonomy,
): { kj: number; kcal: number } | undefined {
  const grams = new Map<string, number>();
  for (const [nid] of ENERGY_FACTORS) {
    const g = gramsOf(nutrients, nid, set[nid]);
    if (g !== undefined) grams.set(nid, g);
  }
  if (!grams.has("carbohydrates") || !grams.has("fat") || !grams.has("proteins")) return undefined;
  const polyols = grams.get("polyols") ?? 0;
  const erythritol = grams.get("erythritol") ?? 0;
  const amounts = new Map(grams);
  amounts.set("carbohydrates", Math.max(0, (grams.get("carbohydrates") ?? 0) - polyols));
  if (grams.has("polyols")) amounts.set("polyols", Math.max(0, polyols - erythritol));
  let kj = 0;
  let kcal = 0;
  for (const [nid, kjPerGram, kcalPerGram] of ENERGY_FACTORS) {
    const amount = amounts.get(nid);
    if (amount === undefined) continue;
    kj += amount * kjPerGram;
    kcal += amount * kcalPerGram;
  }
  return { kj: Math.round(kj * 100) / 100, kcal: Math.round(kcal * 100) / 100 };
}

const SALT_PER_SODIUM = 2.5;

/** Value of `from` in the unit of `to` (both mass units), for the salt ⇄ sodium computation. */
function inUnitOf(value: number, fromUnit: string | undefined, toUnit: string | undefined): number {
  if (fromUnit === undefined || toUnit === undefined || fromUnit === toUnit) return value;
  const from = gramsPerUnit(fromUnit);
  const to = gramsPerUnit(toUnit);
  return from === undefined || to === undefined ? value : (value * from) / to;
}

/** Adds `value_computed` to energy (from macronutrients) and to salt ⇄ sodium, in place (§2.2). */
export function addComputedValues(sets: InputSet[], nutrients: Taxonomy): void {
  for (const set of sets) {
    const values = set.nutrients;
    if (values === undefined) continue;
    const energy = computeEnergy(values, nutrients);
    if (energy !== undefined) {
      values["energy-kj"] = { ...(values["energy-kj"] ?? { unit: "kJ" }), value_computed: energy.kj };
      values["energy-kcal"] = { ...(values["energy-kcal"] ?? { unit: "kcal" }), value_computed: energy.kcal };
    }
    const salt = values.salt;
    const sodium = values.sodium;
    if (salt?.value !== undefined) {
      const target = sodium ?? {
        unit: salt.unit ?? "g",
        ...(salt.modifier === undefined ? {} : { modifier: salt.modifier }),
      };
      target.value_computed = removeFloatNoise(inUnitOf(salt.value, salt.unit, target.unit) / SALT_PER_SODIUM);
      values.sodium = target;
    }
    if (sodium?.value !== undefined) {
      const target = values.salt ?? {
        unit: sodium.unit ?? "g",
        ...(sodium.modifier === undefined ? {} : { modifier: sodium.modifier }),
      };
      target.value_computed = removeFloatNoise(inUnitOf(sodium.value, sodium.unit, target.unit) * SALT_PER_SODIUM);
      values.salt = target;
    }
  }
}
