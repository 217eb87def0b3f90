/**
 * Schema 1002 → 1003 (SCHEMA.md §3, OFF's `convert_schema_1002_to_1003_refactor_product_nutrition_schema`):
 * the classic `nutriments` become input sets (source `packaging`, one per preparation, typed values in the
 * nutrient's default unit), from which the aggregated set is derived. Lossy as OFF's is: only the per
 * named by `nutrition_data[_prepared]_per` survives, typed units and labels go, and keys that are not
 * nutrients of the taxonomy (`nutrition-score-fr`, `*-estimate-from-ingredients`) are dropped.
 */

import { defaultUnit } from "../nutriments/units.js";
import { parseNutrientNumber } from "../nutriments/value.js";
import type { Product } from "../product.js";
import type { Taxonomy } from "../taxonomy/types.js";
import { aggregateNutrition } from "./nutrition-aggregate.js";
import { type InputNutrient, type InputSet, isObject, type Nutrition } from "./nutrition-model.js";

/** Accepted as a nutrient although the shipped 2022 nutrients file lacks it (NUTRITION.md §1.1). */
const NUTRIENTS_MISSING_FROM_TAXONOMY = new Set(["fruits-vegetables-legumes"]);

/**
 * Whether a classic nutriment id is a nutrient of the 1003 model. The Nutri-Score's own keys and the
 * ingredient estimates are in foodbase's 2022 nutrients file but no longer in OFF's, whose upgrade drops them.
 */
export function isKnownNutrient(nutrients: Taxonomy, nid: string): boolean {
  if (nid.startsWith("nutrition-score") || nid.endsWith("-estimate-from-ingredients")) return false;
  return NUTRIENTS_MISSING_FROM_TAXONOMY.has(nid) || nutrients.has(`zz:${nid}`);
}

const NUTRIMENT_KEY = /^([a-z][a-z-]*[a-z]?)(?:_\w+)?$/;
const COPIED_SUFFIXES = ["", "_100g", "_serving", "_label", "_unit", "_value"];

/**
 * OFF's `filter_out_nutrients_not_in_taxonomy`: a nutrient id not in the taxonomy is looked up as a
 * name in the product's language, then as `<xx>-<name>`; found, its keys move to the canonical id.
 */
function filterNutrientsNotInTaxonomy(nutriments: Record<string, unknown>, lang: string, nutrients: Taxonomy): void {
  const bases = new Set<string>();
  for (const key of Object.keys(nutriments)) {
    const m = NUTRIMENT_KEY.exec(key);
    if (m) bases.add((m[1] as string).replace(/-prepared$/, ""));
  }
  for (const nid of bases) {
    if (isKnownNutrient(nutrients, nid)) continue;
    // Computed keys (the Nutri-Score's, the ingredient estimates) are no nutrient in any language.
    const computed = nid.startsWith("nutrition-score") || nid.endsWith("-estimate-from-ingredients");
    let canonical = computed ? "" : nutrients.canonicalize(lang, nid);
    if (!computed && !nutrients.has(canonical)) {
      const prefixed = /^([a-z]{2})-(.+)$/.exec(nid);
      canonical = prefixed ? nutrients.canonicalize(prefixed[1] as string, prefixed[2] as string) : "";
    }
    const target = nutrients.has(canonical) ? canonical.slice(3) : undefined;
    for (const key of Object.keys(nutriments)) {
      const m = NUTRIMENT_KEY.exec(key);
      if (!m || (m[1] as string) !== nid) continue;
      const suffix = key.slice(nid.length);
      if (target !== undefined && COPIED_SUFFIXES.some((s) => suffix === s || suffix === `_prepared${s}`)) {
        nutriments[target + suffix] = nutriments[key];
      }
      delete nutriments[key];
    }
  }
}

type SetType = "100g" | "serving" | "prepared_100g" | "prepared_serving";

function hasNutritionData(nutriments: Record<string, unknown>, prepared: boolean): boolean {
  for (const key of Object.keys(nutriments)) {
    if (key.includes("_prepared") === prepared && /_(serving|100g)$/.test(key)) return true;
  }
  return false;
}

/** `value_string` of a migrated number as Perl's `sprintf("%s")` prints it: `%.15g` (0.000011 → "1.1e-05"). */
export function perlNumberString(value: unknown): string {
  if (typeof value !== "number" || !Number.isFinite(value)) return String(value ?? "");
  if (value === 0) return "0";
  const plain = String(value);
  // Most values: JavaScript's shortest form is already Perl's (no exponent, at most 15 digits).
  const magnitude = Math.abs(value);
  if (magnitude >= 1e-4 && !plain.includes("e") && plain.replace(/^-?0*\.?0*/, "").replace(".", "").length <= 15) {
    return plain;
  }
  const exponent = Math.floor(Math.log10(Math.abs(value)));
  if (exponent >= -4 && exponent < 15) return String(Number(value.toPrecision(15)));
  const [mantissa, exp] = value.toExponential(14).split("e") as [string, string];
  const trimmed = mantissa.replace(/\.?0+$/, "");
  const sign = exp.startsWith("-") ? "-" : "+";
  const digits = exp.replace(/^[+-]/, "").padStart(2, "0");
  return `${trimmed}e${sign}${digits}`;
}

export interface NutritionUpgradeContext {
  nutrients: Taxonomy;
  /** Unix seconds for the sets' `last_updated_t`. */
  now: number;
  /** Source of the created sets: `packaging` on the public site. */
  source?: string;
}

/** Upgrades `product` in place from classic nutriments to the 1003 `nutrition` object. */
export function upgradeNutritionTo1003(product: Product, ctx: NutritionUpgradeContext): void {
  const productType = typeof product.product_type === "string" ? product.product_type : "food";
  if (productType !== "food" && productType !== "petfood") return;
  const nutrition: Nutrition = {};
  delete product.nutriments_estimated;
  const noNutritionData = product.no_nutrition_data === "on";
  const nutriments = isObject(product.nutriments) ? { ...product.nutriments } : undefined;
  const setTypes: SetType[] = [];
  if (noNutritionData) nutrition.no_nutrition_data_on_packaging = true;
  else {
    const classic = nutriments ?? {};
    if (product.nutrition_data === "on" || hasNutritionData(classic, false)) {
      setTypes.push(product.nutrition_data_per === "serving" ? "serving" : "100g");
    }
    if (product.nutrition_data_prepared === "on" || hasNutritionData(classic, true)) {
      setTypes.push(product.nutrition_data_prepared_per === "serving" ? "prepared_serving" : "prepared_100g");
    }
  }

  const inputSets: InputSet[] = [];
  if (nutriments !== undefined && !noNutritionData) {
    const lang = typeof product.lang === "string" && product.lang !== "" ? product.lang : "en";
    filterNutrientsNotInTaxonomy(nutriments, lang, ctx.nutrients);
    for (const setType of setTypes) convertOldEnergy(nutriments, setType);
    const bases = new Set<string>();
    for (const key of Object.keys(nutriments)) {
      const m = NUTRIMENT_KEY.exec(key);
      if (m) bases.add(m[1] as string);
    }
    const perUnit = (setType: SetType): string | undefined => {
      const unit = [product.product_quantity_unit, product.serving_quantity_unit].find((u) => typeof u === "string");
      if (typeof unit === "string") return unit;
      return setType.endsWith("100g") ? "g" : undefined;
    };
    // OFF's order: prepared sets first (they sort first anyway), then as sold.
    const ordered = (["prepared_100g", "prepared_serving", "100g", "serving"] as const).filter((t) =>
      setTypes.includes(t),
    );
    for (const setType of ordered) {
      const prepared = setType.startsWith("prepared");
      const serving = setType.endsWith("serving");
      const unit = perUnit(setType);
      const set: InputSet = {
        source: ctx.source ?? "packaging",
        preparation: prepared ? "prepared" : "as_sold",
        per: "",
      };
      const servingQuantity = product.serving_quantity;
      const perQuantity = serving
        ? servingQuantity === undefined || servingQuantity === null
          ? undefined
          : Number(servingQuantity)
        : 100;
      set.per = serving ? "serving" : `100${unit ?? ""}`;
      // OFF writes both keys, null when a per-serving set has no serving size.
      set.per_quantity = perQuantity !== undefined && Number.isFinite(perQuantity) ? perQuantity : null;
      set.per_unit = unit ?? null;
      set.last_updated_t = ctx.now;
      const values: Record<string, InputNutrient> = {};
      const unspecified: string[] = [];
      for (const nid of [...bases].sort()) {
        const value = nutriments[`${nid}_${setType}`];
        const modifier = nutriments[`${nid}${prepared ? "_prepared" : ""}_modifier`];
        if (value === undefined && modifier === undefined) continue;
        if (modifier === "-") {
          unspecified.push(nid);
          continue;
        }
        const entry: InputNutrient = {};
        if (typeof modifier === "string") entry.modifier = modifier;
        // Dumps hold some values as text ("4,5"): read as a write reads them.
        const numeric = typeof value === "number" ? value : parseNutrientNumber(String(value ?? ""));
        if (value !== undefined && value !== null && numeric !== undefined && Number.isFinite(numeric)) {
          entry.value = numeric;
        }
        entry.unit = defaultUnit(nid);
        entry.value_string = perlNumberString(value);
        values[nid] = entry;
      }
      if (Object.keys(values).length === 0) continue;
      set.nutrients = values;
      if (unspecified.length > 0) set.unspecified_nutrients = unspecified;
      inputSets.push(set);
    }
  }
  if (inputSets.length > 0) {
    nutrition.input_sets = inputSets;
    const aggregated = aggregateNutrition(inputSets, { nutrients: ctx.nutrients, productType });
    if (aggregated?.nutrients !== undefined) nutrition.aggregated_set = aggregated;
  }
  for (const key of ["nutriments", "no_nutrition_data", "nutrition_data", "nutrition_data_per"]) delete product[key];
  delete product.nutrition_data_prepared;
  delete product.nutrition_data_prepared_per;
  if (Object.keys(nutrition).length > 0) product.nutrition = nutrition;
  else delete product.nutrition;
}

/** Old revisions have only `energy` (in `energy_unit`): it becomes energy-kj or energy-kcal. */
function convertOldEnergy(nutriments: Record<string, unknown>, setType: SetType): void {
  const prepared = setType.startsWith("prepared") ? "_prepared" : "";
  if (nutriments[`energy-kj_${setType}`] === undefined && nutriments[`energy-kcal_${setType}`] === undefined) {
    const value = nutriments[`energy_${setType}`];
    if (value !== undefined) {
      const unit = nutriments[`energy${prepared}_unit`] ?? "kJ";
      const target = unit === "kJ" ? "energy-kj" : "energy-kcal";
      nutriments[`${target}_${setType}`] = value;
      nutriments[`${target}${prepared}_unit`] = unit === "kJ" ? "kJ" : "kcal";
      const modifier = nutriments[`energy${prepared}_modifier`];
      if (modifier !== undefined) nutriments[`${target}${prepared}_modifier`] = modifier;
    }
  }
  delete nutriments[`energy_${setType}`];
  delete nutriments[`energy${prepared}_unit`];
  delete nutriments[`energy${prepared}_modifier`];
}
