/**
 * A `product_jqm2.pl` write's nutrient parameters applied to the 1003 nutrition model (SCHEMA.md §7.1,
 * foodbase decision 4): `nutriment_<nid>[_prepared]`, `_unit`, `_modifier` fill the `packaging` input set
 * of their preparation, per `nutrition_data[_prepared]_per`; then computed values and the aggregated set
 * are rebuilt. An empty value never erases; a lone dash removes the value and lists the nutrient as
 * unspecified on the packaging.
 */
import { energyAliasTarget } from "../nutriments/energy.js";
import { isEditableNutrientId } from "../nutriments/nutrient-ids.js";
import { defaultUnit, normaliseUnitName } from "../nutriments/units.js";
import { parseNutrientInput } from "../nutriments/value.js";
import type { Product } from "../product.js";
import { servingQuantityInGrams } from "../quantity.js";
import type { Taxonomy } from "../taxonomy/types.js";
import { addComputedValues, aggregateNutrition, isVolumeUnit, preparationOf } from "./nutrition-aggregate.js";
import { type InputNutrient, type InputSet, type Nutrition, nutritionOf, VALID_PERS } from "./nutrition-model.js";

export type NutritionEditResult = { ok: true } | { ok: false; parameter: string; value: string; message: string };

const SOURCE = "packaging";
const PREPARATIONS = [
  { preparation: "as_sold", suffix: "" },
  { preparation: "prepared", suffix: "_prepared" },
] as const;

function param(params: Record<string, string>, name: string): string | undefined {
  return Object.hasOwn(params, name) ? params[name] : undefined;
}

/** `per_quantity` and `per_unit` of a set from its `per` (OFF's `set_per_quantity_and_unit`). */
export function setPerQuantityAndUnit(set: InputSet, product: Product): void {
  switch (set.per) {
    case "100g":
    case "100ml":
      set.per_quantity = 100;
      set.per_unit = set.per === "100g" ? "g" : "ml";
      return;
    case "1kg":
    case "1l":
      set.per_quantity = 1000;
      set.per_unit = set.per === "1kg" ? "g" : "ml";
      return;
    case "serving": {
      const size = typeof product.serving_size === "string" ? product.serving_size : "";
      const grams =
        product.serving_quantity === undefined ? servingQuantityInGrams(size) : Number(product.serving_quantity);
      if (grams === undefined || !Number.isFinite(grams)) {
        delete set.per_quantity;
        delete set.per_unit;
        return;
      }
      set.per_quantity = grams;
      const unit = product.serving_quantity_unit;
      set.per_unit = typeof unit === "string" ? unit : /\d\s*(ml|cl|dl|l)\b/i.test(size) ? "ml" : "g";
      return;
    }
    default:
      return;
  }
}

function findSet(sets: InputSet[], preparation: string, per: string): InputSet | undefined {
  return sets.find((s) => s.source === SOURCE && preparationOf(s) === preparation && s.per === per);
}

/** The unit stored for a sent value: the unit sent (alcohol is always % vol), else the nutrient's default. */
export function unitForSentNutrient(nid: string, sent: string | undefined, previous: string | undefined): string {
  if (nid === "alcohol") return "% vol";
  const trimmed = sent?.trim() ?? "";
  if (trimmed === "") return previous ?? defaultUnit(nid);
  const normal = normaliseUnitName(trimmed);
  if (normal === "kj") return "kJ";
  if (normal === "kcal") return "kcal";
  if (normal === "mcg" || normal === "µg" || normal === "μg") return "µg";
  if (normal === "iu" || normal === "ui") return "IU";
  if (normal === "% dv") return "% DV";
  return trimmed;
}

/** Applies the nutrient parameters to `product` (in place), then rebuilds computed values and the aggregated set. */
export function applyNutritionEdit(
  product: Product,
  params: Record<string, string>,
  nutrients: Taxonomy,
): NutritionEditResult {
  const nutrition: Nutrition = structuredClone(nutritionOf(product) ?? {});
  const sets: InputSet[] = Array.isArray(nutrition.input_sets) ? nutrition.input_sets : [];

  const noNutrition = param(params, "no_nutrition_data")?.trim().toLowerCase();
  if (noNutrition === "on" || noNutrition === "1" || noNutrition === "true") {
    nutrition.no_nutrition_data_on_packaging = true;
  } else if (noNutrition === "off" || noNutrition === "0" || noNutrition === "false") {
    delete nutrition.no_nutrition_data_on_packaging;
  }

  if (nutrition.no_nutrition_data_on_packaging === true) {
    // OFF: the flag deletes every input set of the source, and nothing else is read.
    for (let i = sets.length - 1; i >= 0; i--) if ((sets[i] as InputSet).source === SOURCE) sets.splice(i, 1);
  } else {
    for (const { preparation, suffix } of PREPARATIONS) {
      const perParam = param(params, `nutrition_data${suffix}_per`)?.trim();
      const per = perParam !== undefined && (VALID_PERS as readonly string[]).includes(perParam) ? perParam : "100g";
      const edits: Array<[string, string, string]> = [];
      for (const [name, raw] of Object.entries(params)) {
        const m = /^nutriment_(.+?)(_prepared)?$/.exec(name);
        if (m === null || (m[2] ?? "") !== suffix || /_(unit|modifier)$/.test(m[1] as string)) continue;
        const sentNid = m[1] as string;
        if (!isEditableNutrientId(nutrients, sentNid)) continue;
        const sentUnit = param(params, `nutriment_${sentNid}_unit`);
        const target = energyAliasTarget(sentNid, sentUnit?.trim() === "" ? undefined : sentUnit);
        // `energy` with no unit is read in kJ, the default unit of energy (OFF ignores it).
        edits.push([target === "energy" ? "energy-kj" : target, name, raw]);
      }
      // An explicit `nutriment_energy-kcal` wins over `nutriment_energy` sent in kcal.
      edits.sort(
        ([, a], [, b]) =>
          Number(a.startsWith("nutriment_energy_") || a === "nutriment_energy") -
          Number(b.startsWith("nutriment_energy_") || b === "nutriment_energy"),
      );
      const done = new Set<string>();
      let set = findSet(sets, preparation, per);
      for (const [nid, name, raw] of edits) {
        if (done.has(nid)) continue;
        done.add(nid);
        const input = parseNutrientInput(
          raw,
          param(params, `nutriment_${name.slice("nutriment_".length).replace(/_prepared$/, "")}_modifier`),
        );
        if (input.kind === "invalid")
          return { ok: false, parameter: name, value: raw, message: `invalid value for ${name}: ${raw}` };
        if (input.kind === "ignored") continue;
        if (set === undefined) {
          set = { source: SOURCE, preparation, per };
          sets.push(set);
        }
        set.nutrients ??= {};
        const unspecified = new Set(set.unspecified_nutrients ?? []);
        if (input.kind === "notOnPackage") {
          delete set.nutrients[nid];
          unspecified.add(nid);
        } else {
          const previous = set.nutrients[nid];
          const sentUnit = param(params, `nutriment_${name.slice("nutriment_".length).replace(/_prepared$/, "")}_unit`);
          const entry: InputNutrient = {
            value_string: String(input.value),
            value: input.value,
            unit: unitForSentNutrient(nid, sentUnit, previous?.unit),
          };
          if (input.modifier !== undefined) entry.modifier = input.modifier;
          set.nutrients[nid] = entry;
          unspecified.delete(nid);
          // A sent salt makes the stored sodium a computed value again (and the other way round).
          const counterpart = nid === "salt" ? "sodium" : nid === "sodium" ? "salt" : undefined;
          if (counterpart !== undefined && !edits.some(([n]) => n === counterpart)) delete set.nutrients[counterpart];
        }
        if (unspecified.size > 0) set.unspecified_nutrients = [...unspecified];
        else delete set.unspecified_nutrients;
      }
    }
  }
  rebuildNutrition(product, nutrition, sets, nutrients);
  return { ok: true };
}

/**
 * Every save: entries without a value go (computed-only ones are recomputed), `per_quantity` follows the
 * serving size, computed values and the aggregated set are rebuilt, and empty parts are removed.
 */
export function rebuildNutrition(product: Product, nutrition: Nutrition, sets: InputSet[], nutrients: Taxonomy): void {
  for (const set of sets) {
    setPerQuantityAndUnit(set, product);
    for (const [nid, entry] of Object.entries(set.nutrients ?? {})) {
      if (entry.value === undefined) delete (set.nutrients as Record<string, InputNutrient>)[nid];
      else delete entry.value_computed;
    }
    if (set.nutrients !== undefined && Object.keys(set.nutrients).length === 0) delete set.nutrients;
  }
  const kept = sets.filter((s) => s.nutrients !== undefined || (s.unspecified_nutrients?.length ?? 0) > 0);
  addComputedValues(kept, nutrients);
  const productType = typeof product.product_type === "string" ? product.product_type : undefined;
  const aggregated = kept.length === 0 ? undefined : aggregateNutrition(kept, { nutrients, productType });
  const rebuilt: Nutrition = {};
  if (kept.length > 0) rebuilt.input_sets = kept;
  if (aggregated?.nutrients !== undefined) rebuilt.aggregated_set = aggregated;
  if (nutrition.no_nutrition_data_on_packaging === true) rebuilt.no_nutrition_data_on_packaging = true;
  if (Object.keys(rebuilt).length > 0) product.nutrition = rebuilt;
  else delete product.nutrition;
}

export { isVolumeUnit };
