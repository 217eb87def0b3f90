/** Typed access to `test/fixtures/nutriscore-vectors.json` (NUTRITION.md §4). */

import { readFileSync } from "node:fs";
import { expect } from "vitest";
import { toStoredNumber } from "../../../src/domain/nutriscore/numbers.js";
import type { Product } from "../../../src/domain/product.js";

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
  "dairy-drink-with-80-percent-milk--2021":
    "needs the milk share from ingredients (foodbase: beverage); the write path's ingredients analysis gives it (test/e2e/nutriscore-vectors.test.ts)",
  "dairy-drink-with-less-than-80-percent-milk--2021": "needs the milk share from ingredients (foodbase: beverage)",
  "en-sweeteners--2023":
    "needs the non-nutritive sweetener count from ingredients; the write path's ingredients analysis gives it (test/e2e/nutriscore-vectors.test.ts)",
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

export const FLAGS_2021 = ["is_beverage", "is_water", "is_cheese", "is_fat"];
export const FLAGS_2023 = ["is_beverage", "is_water", "is_cheese", "is_fat_oil_nuts_seeds", "is_red_meat_product"];

export interface Component {
  id: string;
  points: number;
  points_max: number;
  unit: string;
  value: number | null;
}

type VersionEntry = { grade: string; score?: number; data: Record<string, unknown> };
export const entryOf = (result: Product, version: string) =>
  (result.nutriscore as Record<string, VersionEntry>)[version] as VersionEntry;

/**
 * Asserts what a stored product's `nutriscore.<version>` gives for a vector: grade, score, flags,
 * fruit share, sodium and every component's points (NUTRITION.md §4.2). Shared by the domain test and
 * the end-to-end test over HTTP.
 */
export function expectVectorOutcome(result: Product, vector: NutriScoreVector): void {
  const e = vector.expected;
  const entry = entryOf(result, e.version);
  expect(entry.grade).toBe(e.grade);
  if (e.computed === false) {
    expect(entry).not.toHaveProperty("score");
    for (const tag of e.misc_tags_include ?? []) expect(result.misc_tags).toContain(tag);
    return;
  }
  expect(entry.score).toBe(e.score);

  // Derived inputs computed by foodbase from the categories and nutriments.
  const data = entry.data;
  const flags = e.version === "2021" ? FLAGS_2021 : FLAGS_2023;
  for (const flag of flags) expect(data[flag], flag).toBe(derivedNumber(e, flag) ?? 0);
  if (e.version === "2021") {
    const fvn = "fruits_vegetables_nuts_colza_walnut_olive_oils";
    expect(data[fvn]).toBe(derivedNumber(e, fvn));
    expect(data.sodium).toBe(derivedNumber(e, "sodium_mg") ?? null);
    for (const [name, points] of Object.entries(e.points ?? {})) {
      expect(data[`${name}_points`], name).toBe(points);
    }
    const ratio = derivedNumber(e, "saturated_fat_ratio");
    if (ratio !== undefined) expect(data.saturated_fat_ratio).toBe(ratio);
  } else {
    const components = data.components as { negative: Component[]; positive: Component[] };
    const all = [...components.negative, ...components.positive];
    expect(Object.fromEntries(all.map((c) => [c.id, c.points]))).toEqual(e.points);
    const fvl = all.find((c) => c.id === "fruits_vegetables_legumes");
    // Older fixtures record 0 where current OFF (and §2.6.2 step 5) leaves the share undefined
    // (value null); both give 0 points.
    const expectedFvl = derivedNumber(e, "fruits_vegetables_legumes") ?? null;
    expect(fvl?.value).toBe(expectedFvl === 0 && fvl?.value === null ? null : expectedFvl);
    const ratio = all.find((c) => c.id === "saturated_fat_ratio");
    if (ratio !== undefined) expect(ratio.value).toBe(derivedNumber(e, "saturated_fat_ratio"));
    const energy = all.find((c) => c.id === "energy_from_saturated_fat");
    if (energy !== undefined) {
      expect(energy.value).toBe(toStoredNumber(derivedNumber(e, "energy_from_saturated_fat") ?? Number.NaN));
    }
  }
}
