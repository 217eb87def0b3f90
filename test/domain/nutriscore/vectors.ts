/** Typed access to `test/fixtures/nutriscore-vectors.json` (NUTRITION.md §4). */

import { readFileSync } from "node:fs";

export interface VectorExpected {
  version: "2021" | "2023";
  score: number | null;
  grade: string;
  function?: string;
  computed?: boolean;
  misc_tags_include?: string[];
  points?: Record<string, number>;
  negative_points?: number;
  positive_points?: number;
  proteins_counted?: boolean;
  count_proteins?: number;
  count_proteins_reason?: string;
  negative_points_max?: number;
  positive_points_max?: number;
  proteins_points_limited_reason?: string;
  derived_inputs?: Record<string, number | string | null>;
  rounded_values?: Record<string, number>;
}

export interface NutriScoreVector {
  id: string;
  fixture_id: string;
  categories_input: string | null;
  categories_tags: string[] | null;
  ingredients_text?: string;
  uses_prepared_values?: boolean;
  nutriments: Record<string, number> | null;
  expected: VectorExpected;
  notes?: string;
}

export const VECTORS: NutriScoreVector[] = JSON.parse(
  readFileSync(new URL("../../fixtures/nutriscore-vectors.json", import.meta.url), "utf8"),
);

/** Records of NUTRITION.md §4.2 that foodbase is documented not to reproduce, with the reason. */
export const DOCUMENTED_DIVERGENCES: Record<string, string> = {
  "dairy-drink-with-80-percent-milk--2021": "needs the milk share from ingredients (foodbase: beverage)",
  "dairy-drink-with-less-than-80-percent-milk--2021": "needs the milk share from ingredients (foodbase: beverage)",
  "en-sweeteners--2023": "needs the non-nutritive sweetener count from ingredients",
  "fr-ice-tea-with-sweetener--2023": "needs the non-nutritive sweetener count from ingredients",
  "en-olive-oil--2023":
    "needs the fruit/vegetable/legume category override property (absent from the shipped taxonomy)",
  "cookies-with-only-prepared-nutrition-data--2021": "OFF storage quirk; in foodbase the product is unknown",
  "cookies-with-only-prepared-nutrition-data--2023": "OFF storage quirk; in foodbase the product is unknown",
};

/** Derived input as a number (`"100"` is how OFF emits a taxonomy override), undefined for null/absent. */
export function derivedNumber(expected: VectorExpected, key: string): number | undefined {
  const raw = expected.derived_inputs?.[key];
  if (raw === undefined || raw === null) return undefined;
  return Number(raw);
}

export function derivedFlag(expected: VectorExpected, key: string): 0 | 1 {
  return derivedNumber(expected, key) === 1 ? 1 : 0;
}
