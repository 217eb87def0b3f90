/**
 * NUTRITION.md §4 level 1: every scored vector through the core algorithms, with flags, fruit
 * percentage, sodium, sweeteners and the 2023 saturated-fat ratio taken from `derived_inputs`.
 */

import { describe, expect, it } from "vitest";
import { buildInputs2021, buildInputs2023 } from "../../../src/domain/nutriscore/inputs.js";
import { toStoredNumber } from "../../../src/domain/nutriscore/numbers.js";
import { computeNutriScore2021, computeNutriScoreGrade2021 } from "../../../src/domain/nutriscore/nutriscore-2021.js";
import { computeNutriScore2023 } from "../../../src/domain/nutriscore/nutriscore-2023.js";
import { derivedFlag, derivedNumber, type NutriScoreVector, VECTORS } from "./vectors.js";

/** §4.1: these two records correspond to all nutrient inputs undefined. */
const ALL_INPUTS_UNDEFINED = new Set([
  "cookies-with-only-prepared-nutrition-data--2021",
  "cookies-with-only-prepared-nutrition-data--2023",
]);

function nutrimentsOf(vector: NutriScoreVector): Record<string, number> {
  return ALL_INPUTS_UNDEFINED.has(vector.id) ? {} : (vector.nutriments ?? {});
}

const suffixOf = (vector: NutriScoreVector) => (vector.uses_prepared_values ? "_prepared" : "");

function inputs2021(vector: NutriScoreVector) {
  const e = vector.expected;
  const inputs = buildInputs2021(
    nutrimentsOf(vector),
    suffixOf(vector),
    {
      is_beverage: derivedFlag(e, "is_beverage"),
      is_water: derivedFlag(e, "is_water"),
      is_cheese: derivedFlag(e, "is_cheese"),
      is_fat: derivedFlag(e, "is_fat"),
    },
    derivedNumber(e, "fruits_vegetables_nuts_colza_walnut_olive_oils") ?? 0,
  );
  inputs.sodium = derivedNumber(e, "sodium_mg");
  return inputs;
}

function inputs2023(vector: NutriScoreVector) {
  const e = vector.expected;
  const inputs = buildInputs2023(
    nutrimentsOf(vector),
    suffixOf(vector),
    {
      is_beverage: derivedFlag(e, "is_beverage"),
      is_water: derivedFlag(e, "is_water"),
      is_cheese: derivedFlag(e, "is_cheese"),
      is_fat_oil_nuts_seeds: derivedFlag(e, "is_fat_oil_nuts_seeds"),
      is_red_meat_product: derivedFlag(e, "is_red_meat_product"),
    },
    derivedNumber(e, "fruits_vegetables_legumes"),
    derivedNumber(e, "non_nutritive_sweeteners"),
  );
  const ratio = derivedNumber(e, "saturated_fat_ratio");
  if (ratio !== undefined) inputs.saturated_fat_ratio = ratio;
  return inputs;
}

const scored = VECTORS.filter((v) => typeof v.expected.score === "number" && v.expected.function === undefined);

describe("Nutri-Score vectors, core algorithm (NUTRITION.md §4.1)", () => {
  it("covers every scored record of the fixture", () => {
    expect(scored.length).toBe(38);
  });

  for (const vector of scored.filter((v) => v.expected.version === "2021")) {
    it(vector.id, () => {
      const e = vector.expected;
      const inputs = inputs2021(vector);
      const result = computeNutriScore2021(inputs);
      expect(result.score).toBe(e.score);
      expect(result.grade).toBe(e.grade);
      expect(result.points).toEqual(e.points);
      expect(result.negativePoints).toBe(e.negative_points);
      expect(result.positivePoints).toBe(e.positive_points);
      expect(result.proteinsCounted).toBe(e.proteins_counted);
      for (const [name, value] of Object.entries(e.rounded_values ?? {})) {
        expect(result.data[`${name}_value`], name).toBe(value);
      }
      // The ratio is computed from the nutriments, not taken from the record.
      const ratio = derivedNumber(e, "saturated_fat_ratio");
      if (ratio !== undefined) expect(toStoredNumber(inputs.saturated_fat_ratio ?? Number.NaN)).toBe(ratio);
    });
  }

  for (const vector of scored.filter((v) => v.expected.version === "2023")) {
    it(vector.id, () => {
      const e = vector.expected;
      const inputs = inputs2023(vector);
      const result = computeNutriScore2023(inputs);
      expect(result.score).toBe(e.score);
      expect(result.grade).toBe(e.grade);
      expect(result.points).toEqual(e.points);
      expect(result.negativePoints).toBe(e.negative_points);
      expect(result.positivePoints).toBe(e.positive_points);
      expect(result.countProteins).toBe(e.count_proteins);
      expect(result.countProteinsReason).toBe(e.count_proteins_reason);
      // Two older records do not give the maxima.
      if (e.negative_points_max !== undefined) expect(result.negativePointsMax).toBe(e.negative_points_max);
      if (e.positive_points_max !== undefined) expect(result.positivePointsMax).toBe(e.positive_points_max);
      expect(result.proteinsPointsLimitedReason).toBe(e.proteins_points_limited_reason);
      // Energy from saturated fat is computed from the nutriments (sat × 37), compared as stored.
      const energyFromSaturatedFat = derivedNumber(e, "energy_from_saturated_fat");
      if (energyFromSaturatedFat !== undefined) {
        expect(toStoredNumber(inputs.energy_from_saturated_fat ?? Number.NaN)).toBe(energyFromSaturatedFat);
      }
    });
  }

  for (const vector of VECTORS.filter((v) => v.expected.function !== undefined)) {
    it(`${vector.id}: ${vector.expected.function}`, () => {
      const e = vector.expected;
      const match = /^compute_nutriscore_grade\(([-\d.]+), (\d), (\d)\)$/.exec(e.function ?? "");
      expect(match).not.toBeNull();
      const [, score, beverage, water] = match as RegExpExecArray;
      expect(computeNutriScoreGrade2021(Number(score), beverage === "1", water === "1")).toBe(e.grade);
    });
  }
});
