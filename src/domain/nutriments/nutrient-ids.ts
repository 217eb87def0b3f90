/**
 * Which nutrient ids a write may set, and what the nutrients taxonomy says about them
 * (NUTRITION.md §1.1, §1.3, §1.6; API.md §4.5).
 */
import type { Taxonomy } from "../taxonomy/types.js";

/** `""` for the product as sold, `"_prepared"` for the prepared product. */
export type PreparationSuffix = "" | "_prepared";
export const PREPARATION_SUFFIXES: readonly PreparationSuffix[] = ["", "_prepared"];

/** The 2023 fruit/vegetable/legume share: accepted although the shipped 2022 nutrients file lacks it. */
const FRUITS_VEGETABLES_LEGUMES = "fruits-vegetables-legumes";

/** Ids computed by OFF (or by ingredient analysis): never set from a write, kept as imported. */
const COMPUTED_NUTRIENT_IDS: ReadonlySet<string> = new Set([
  "nova-group",
  "fruits-vegetables-nuts-estimate-from-ingredients",
  "fruits-vegetables-legumes-estimate-from-ingredients",
  "carbon-footprint-from-meat-or-fish",
]);

export function isComputedNutrientId(nid: string): boolean {
  return (
    nid.startsWith("nutrition-score") || nid.endsWith("-estimate-from-ingredients") || COMPUTED_NUTRIENT_IDS.has(nid)
  );
}

/** True when `nutriment_<nid>` is accepted on a write. */
export function isEditableNutrientId(nutrients: Taxonomy, nid: string): boolean {
  if (nid === "" || nid.includes("_") || isComputedNutrientId(nid)) return false;
  return nid === FRUITS_VEGETABLES_LEGUMES || nutrients.has(`zz:${nid}`);
}

/** `unit:en` of the nutrient (may be ""), or undefined for nutrients unknown to the taxonomy. */
export function taxonomyUnit(nutrients: Taxonomy, nid: string): string | undefined {
  const unit = nutrients.property(`zz:${nid}`, "unit:en");
  if (unit !== undefined) return unit.trim();
  // Declared with unit % by NUTRITION.md §1.1 / §2.6.2 (OFF's newer nutrients file has it so).
  return nid === FRUITS_VEGETABLES_LEGUMES ? "%" : undefined;
}

/** Numeric taxonomy property (`iu_value:en`, `dv_value:en`) when present and positive. */
export function positiveNumberProperty(nutrients: Taxonomy, nid: string, key: string): number | undefined {
  const text = nutrients.property(`zz:${nid}`, key);
  if (text === undefined) return undefined;
  const value = Number(text.trim());
  return Number.isFinite(value) && value > 0 ? value : undefined;
}
