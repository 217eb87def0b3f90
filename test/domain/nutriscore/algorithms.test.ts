/** Pure algorithm rules of NUTRITION.md §2.2, §2.7 and §2.8 (no taxonomy needed). */

import { describe, expect, it } from "vitest";
import type { Flags2021, Flags2023 } from "../../../src/domain/nutriscore/flags.js";
import { buildInputs2021, buildInputs2023, saturatedFatRatio } from "../../../src/domain/nutriscore/inputs.js";
import { roundHalfUp1, roundHalfUp2, toStoredNumber } from "../../../src/domain/nutriscore/numbers.js";
import { computeNutriScore2021, computeNutriScoreGrade2021 } from "../../../src/domain/nutriscore/nutriscore-2021.js";
import { computeNutriScore2023, computeNutriScoreGrade2023 } from "../../../src/domain/nutriscore/nutriscore-2023.js";
import type { NutriScoreInputs2021, NutriScoreInputs2023 } from "../../../src/domain/nutriscore/types.js";

const FOOD_2021: Flags2021 = { is_beverage: 0, is_water: 0, is_cheese: 0, is_fat: 0 };
const FOOD_2023: Flags2023 = {
  is_beverage: 0,
  is_water: 0,
  is_cheese: 0,
  is_fat_oil_nuts_seeds: 0,
  is_red_meat_product: 0,
};

function food2021(overrides: Partial<NutriScoreInputs2021>): NutriScoreInputs2021 {
  return {
    energy: 0,
    sugars: 0,
    saturated_fat: 0,
    sodium: 0,
    fruits_vegetables_nuts_colza_walnut_olive_oils: 0,
    fiber: 0,
    proteins: 0,
    ...FOOD_2021,
    ...overrides,
  };
}

function food2023(overrides: Partial<NutriScoreInputs2023>): NutriScoreInputs2023 {
  return {
    energy: 0,
    sugars: 0,
    saturated_fat: 0,
    salt: 0,
    fruits_vegetables_legumes: undefined,
    fiber: undefined,
    proteins: 0,
    ...FOOD_2023,
    ...overrides,
  };
}

describe("§2.7.1 rounding (2021)", () => {
  it("R1 and R2 round half up in double arithmetic", () => {
    expect(roundHalfUp1(1.03)).toBe(1);
    expect(roundHalfUp1(15.2173913043478)).toBe(15.2);
    expect(roundHalfUp2(4.52)).toBe(4.52);
  });

  it.each([
    [4.96, 5],
    [9.04, 9],
    [4.52, 4.52],
    [31, 31],
  ])("sugars %s → sugars_value %s", (sugars, expected) => {
    expect(computeNutriScore2021(food2021({ sugars })).data.sugars_value).toBe(expected);
  });

  it("undefined sugars give sugars_value 0 and raw null", () => {
    const data = computeNutriScore2021(food2021({ sugars: undefined })).data;
    expect(data.sugars).toBeNull();
    expect(data.sugars_value).toBe(0);
  });

  it("saturated fat 1.03 → 1.0 → not > 1 → 0 points (2021), but 1 point in 2023 (raw)", () => {
    expect(computeNutriScore2021(food2021({ saturated_fat: 1.03 })).points.saturated_fat).toBe(0);
    expect(computeNutriScore2023(food2023({ saturated_fat: 1.03 })).points.saturated_fat).toBe(1);
  });
});

describe("§2.7.2 points (2021)", () => {
  it("energy, sugars, sodium, fiber, proteins count thresholds passed (strict >)", () => {
    const result = computeNutriScore2021(
      food2021({ energy: 335, sugars: 4.6, sodium: 900.1, fiber: 4.7, proteins: 8.01 }),
    );
    expect(result.points).toMatchObject({ energy: 0, sugars: 1, sodium: 10, fiber: 4, proteins: 5 });
  });

  it("fruit points: >40 → 1, >60 → 2, >80 → 5 (food); >40 → 2, >60 → 4, >80 → 10 (beverage)", () => {
    const fvn = "fruits_vegetables_nuts_colza_walnut_olive_oils";
    const food = (p: number) => computeNutriScore2021(food2021({ [fvn]: p })).points[fvn];
    const drink = (p: number) => computeNutriScore2021(food2021({ [fvn]: p, is_beverage: 1 })).points[fvn];
    expect([40, 41, 61, 80, 81].map(food)).toEqual([0, 1, 2, 2, 5]);
    expect([40, 41, 61, 80, 81].map(drink)).toEqual([0, 2, 4, 4, 10]);
  });

  it("beverage tables for energy and sugars", () => {
    const result = computeNutriScore2021(food2021({ is_beverage: 1, energy: 182, sugars: 8.9 }));
    expect(result.points.energy).toBe(7);
    expect(result.points.sugars).toBe(6);
  });

  it("saturated_fat_ratio uses ≥ on the rounded ratio; saturated fat and fat stay raw only", () => {
    const inputs = buildInputs2021({ fat_100g: 100, "saturated-fat_100g": 10 }, "", { ...FOOD_2021, is_fat: 1 }, 0);
    const result = computeNutriScore2021(inputs);
    expect(result.points.saturated_fat_ratio).toBe(1);
    expect(result.data).toMatchObject({ saturated_fat: 10, fat: 100, saturated_fat_ratio_value: 10 });
    expect(result.data).not.toHaveProperty("saturated_fat_points");
    expect(result.data).not.toHaveProperty("saturated_fat_value");
  });
});

describe("§2.2 derived inputs", () => {
  it("saturated-fat ratio: sat / fat × 100; fat replaced by sat when unknown or ≤ 0; 0 without sat", () => {
    expect(toStoredNumber(saturatedFatRatio(14, 92))).toBe(15.2173913043478);
    expect(saturatedFatRatio(5, undefined)).toBe(100);
    expect(saturatedFatRatio(5, 0)).toBe(100);
    expect(saturatedFatRatio(0, 50)).toBe(0);
    expect(saturatedFatRatio(undefined, 50)).toBe(0);
  });

  it("sugars deduced 0 when carbohydrates = 0; saturated fat deduced 0 when fat = 0", () => {
    const inputs = buildInputs2021({ carbohydrates_100g: 0, fat_100g: 0 }, "", FOOD_2021, 0);
    expect(inputs.sugars).toBe(0);
    expect(inputs.saturated_fat).toBe(0);
    const notDeduced = buildInputs2021({ carbohydrates_100g: 3, fat_100g: 1 }, "", FOOD_2021, 0);
    expect(notDeduced.sugars).toBeUndefined();
    expect(notDeduced.saturated_fat).toBeUndefined();
  });

  it("sodium in mg (2021), salt in g (2023); fiber 0 in 2021 and undefined in 2023 when not given", () => {
    const nutriments = { sodium_100g: 0.2, salt_100g: 0.5 };
    const inputs2021 = buildInputs2021(nutriments, "", FOOD_2021, 0);
    const inputs2023 = buildInputs2023(nutriments, "", FOOD_2023, undefined);
    expect(inputs2021.sodium).toBe(200);
    expect(inputs2021.fiber).toBe(0);
    expect(inputs2023.salt).toBe(0.5);
    expect(inputs2023.fiber).toBeUndefined();
  });

  it("prepared values are read from *_prepared_100g keys", () => {
    const inputs = buildInputs2021({ energy_100g: 1500, energy_prepared_100g: 287 }, "_prepared", FOOD_2021, 0);
    expect(inputs.energy).toBe(287);
  });

  it("2023 energy from saturated fat = stored saturated fat × 37, not created by the fat = 0 deduction", () => {
    const flags = { ...FOOD_2023, is_fat_oil_nuts_seeds: 1 as const };
    expect(buildInputs2023({ fat_100g: 91, "saturated-fat_100g": 17 }, "", flags, undefined)).toMatchObject({
      energy_from_saturated_fat: 629,
      saturated_fat_ratio: 18.7,
    });
    const deduced = buildInputs2023({ fat_100g: 0 }, "", flags, undefined);
    expect(deduced.saturated_fat).toBe(0);
    expect(deduced.saturated_fat_ratio).toBe(0);
    expect(deduced.energy_from_saturated_fat).toBeUndefined();
  });

  it("2023 fruit percentage is rounded to 1 decimal", () => {
    expect(buildInputs2023({}, "", FOOD_2023, 69.96).fruits_vegetables_legumes).toBe(70);
  });
});

describe("§2.7.3 protein rule (2021)", () => {
  it("proteins not counted when negative ≥ 11 and fruit points not at maximum; always stored", () => {
    const result = computeNutriScore2021(food2021({ energy: 3400, saturated_fat: 2, proteins: 10 }));
    // energy 10 + saturated fat 1 (2 is not > 2)
    expect(result.negativePoints).toBe(11);
    expect(result.proteinsCounted).toBe(false);
    expect(result.points.proteins).toBe(5);
    expect(result.data.proteins_points).toBe(5);
    expect(result.score).toBe(11);
  });

  it("proteins counted for cheese, and for fruit points at maximum (5 food / 10 beverage)", () => {
    const base = { energy: 3400, saturated_fat: 2, proteins: 10 };
    expect(computeNutriScore2021(food2021({ ...base, is_cheese: 1 })).score).toBe(6);
    expect(
      computeNutriScore2021(food2021({ ...base, fruits_vegetables_nuts_colza_walnut_olive_oils: 100 })).score,
    ).toBe(1);
    const juice = { ...base, is_beverage: 1 as const, fruits_vegetables_nuts_colza_walnut_olive_oils: 100 };
    expect(computeNutriScore2021(food2021(juice)).proteinsCounted).toBe(true);
    const lessFruit = { ...juice, fruits_vegetables_nuts_colza_walnut_olive_oils: 70 };
    expect(computeNutriScore2021(food2021(lessFruit)).proteinsCounted).toBe(false);
  });
});

describe("§2.7.4 grades (2021)", () => {
  it.each([
    [-1, "a"],
    [-0.5, "b"],
    [2, "b"],
    [3, "c"],
    [10, "c"],
    [11, "d"],
    [18, "d"],
    [19, "e"],
  ])("food score %s → %s", (score, grade) => {
    expect(computeNutriScoreGrade2021(score, false, false)).toBe(grade);
  });

  it.each([
    [-5, "b"],
    [1, "b"],
    [1.56, "c"],
    [5, "c"],
    [9, "d"],
    [10, "e"],
  ])("beverage score %s → %s", (score, grade) => {
    expect(computeNutriScoreGrade2021(score, true, false)).toBe(grade);
  });

  it("water is a whatever the score", () => {
    expect(computeNutriScoreGrade2021(20, true, true)).toBe("a");
  });
});

describe("§2.8 algorithm 2023", () => {
  it("points_max of every table and typical maxima 55 / 17 (food) and 54 / 18 (beverage)", () => {
    const food = computeNutriScore2023(food2023({}));
    expect(food.negativePointsMax).toBe(55);
    expect(food.positivePointsMax).toBe(17);
    const drink = computeNutriScore2023(food2023({ is_beverage: 1 }));
    expect(drink.negativePointsMax).toBe(54);
    expect(drink.positivePointsMax).toBe(18);
    expect(food.components.negative.map((c) => [c.id, c.points_max])).toEqual([
      ["energy", 10],
      ["sugars", 15],
      ["saturated_fat", 10],
      ["salt", 20],
    ]);
  });

  it("salt 0.025 is displayed 0.03 but scores 0; undefined inputs give value null and 0 points", () => {
    const result = computeNutriScore2023(food2023({ salt: 0.025, sugars: undefined }));
    const salt = result.components.negative.find((c) => c.id === "salt");
    const sugars = result.components.negative.find((c) => c.id === "sugars");
    expect(salt).toEqual({ id: "salt", points: 0, points_max: 20, unit: "g", value: 0.03 });
    expect(sugars).toEqual({ id: "sugars", points: 0, points_max: 15, unit: "g", value: null });
  });

  it("salt 1.0 is not > 1 (4 points); proteins 2.4 is not > 2.4 (0 points)", () => {
    const result = computeNutriScore2023(food2023({ salt: 1, proteins: 2.4 }));
    expect(result.points.salt).toBe(4);
    expect(result.points.proteins).toBe(0);
  });

  it("non-nutritive sweeteners: beverages only, 4 points when the count is > 0", () => {
    const withSweetener = computeNutriScore2023(food2023({ is_beverage: 1, non_nutritive_sweeteners: 1 }));
    expect(withSweetener.points.non_nutritive_sweeteners).toBe(4);
    expect(withSweetener.components.negative.at(-1)).toEqual({
      id: "non_nutritive_sweeteners",
      points: 4,
      points_max: 4,
      unit: "number",
      value: 1,
    });
    const food = computeNutriScore2023(food2023({ non_nutritive_sweeteners: 1 }));
    expect(food.points).not.toHaveProperty("non_nutritive_sweeteners");
  });

  it("fats, oils, nuts and seeds: energy from saturated fat and ratio (≥) replace energy and saturated fat", () => {
    const result = computeNutriScore2023(
      food2023({ is_fat_oil_nuts_seeds: 1, energy_from_saturated_fat: 370, saturated_fat_ratio: 10 }),
    );
    expect(result.components.negative.map((c) => [c.id, c.unit, c.points])).toEqual([
      ["energy_from_saturated_fat", "kJ", 3],
      ["sugars", "g", 0],
      ["saturated_fat_ratio", "%", 1],
      ["salt", "g", 0],
    ]);
    expect(result.countProteinsReason).toBe("negative_points_less_than_7");
  });

  it("red meat: protein points capped at 2 with proteins_points_limited_reason", () => {
    const result = computeNutriScore2023(food2023({ is_red_meat_product: 1, proteins: 50 }));
    expect(result.points.proteins).toBe(2);
    expect(result.data.proteins_points_limited_reason).toBe("red_meat_product");
    const notCapped = computeNutriScore2023(food2023({ is_red_meat_product: 1, proteins: 3 }));
    expect(notCapped.points.proteins).toBe(1);
    expect(notCapped.data).not.toHaveProperty("proteins_points_limited_reason");
  });

  it("count_proteins: beverage, cheese, fats (< 7), other foods (< 11); no fruit exception", () => {
    expect(computeNutriScore2023(food2023({ is_cheese: 1, energy: 3400, saturated_fat: 5 })).countProteinsReason).toBe(
      "cheese",
    );
    const fat = computeNutriScore2023(food2023({ is_fat_oil_nuts_seeds: 1, energy_from_saturated_fat: 900 }));
    expect(fat.countProteins).toBe(0);
    expect(fat.countProteinsReason).toBe("negative_points_greater_than_or_equal_to_7");
    const fruity = computeNutriScore2023(
      food2023({ energy: 3400, saturated_fat: 5, proteins: 20, fruits_vegetables_legumes: 100 }),
    );
    expect(fruity.countProteins).toBe(0);
    expect(fruity.data.positive_nutrients).toEqual(["fiber", "fruits_vegetables_legumes"]);
    expect(fruity.points).not.toHaveProperty("proteins");
  });

  it.each([
    [0, false, false, "a"],
    [1, false, false, "b"],
    [2, false, false, "b"],
    [10, false, false, "c"],
    [18, false, false, "d"],
    [19, false, false, "e"],
    [-6, false, true, "a"],
    [-5, false, true, "b"],
    [-1, true, false, "b"],
    [2, true, false, "b"],
    [6, true, false, "c"],
    [9, true, false, "d"],
    [10, true, false, "e"],
  ])("grade of score %s (beverage %s, fats %s) → %s", (score, beverage, fats, grade) => {
    expect(computeNutriScoreGrade2023(score, beverage, false, fats)).toBe(grade);
  });

  it("water is a", () => {
    expect(computeNutriScoreGrade2023(3, true, true, false)).toBe("a");
  });
});
