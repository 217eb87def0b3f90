/** Nutri-Score 2021 algorithm (NUTRITION.md §2.7). Pure: inputs in, points/score/grade/data out. */

import { pointsFromThresholds, roundHalfUp1, roundHalfUp2, storedOrNull, toStoredNumber } from "./numbers.js";
import type { JsonObject, NutriScoreInputs2021, NutriScoreLetter, NutriScoreResult2021 } from "./types.js";

const FVN = "fruits_vegetables_nuts_colza_walnut_olive_oils";

// §2.7.2 threshold tables (a point per threshold passed).
const ENERGY = [335, 670, 1005, 1340, 1675, 2010, 2345, 2680, 3015, 3350];
const ENERGY_BEVERAGES = [0, 30, 60, 90, 120, 150, 180, 210, 240, 270];
const SUGARS = [4.5, 9, 13.5, 18, 22.5, 27, 31, 36, 40, 45];
const SUGARS_BEVERAGES = [0, 1.5, 3, 4.5, 6, 7.5, 9, 10.5, 12, 13.5];
const SATURATED_FAT = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const SATURATED_FAT_RATIO = [10, 16, 22, 28, 34, 40, 46, 52, 58, 64];
const SODIUM = [90, 180, 270, 360, 450, 540, 630, 720, 810, 900];
const FRUITS = [40, 60, 80, 80, 80];
const FRUITS_BEVERAGES = [40, 40, 60, 60, 80, 80, 80, 80, 80, 80];
const FIBER = [0.9, 1.9, 2.8, 3.7, 4.7];
const PROTEINS = [1.6, 3.2, 4.8, 6.4, 8.0];

/** §2.7.4. Scores are integers in practice; the boundaries compare numbers ("≤"). */
export function computeNutriScoreGrade2021(score: number, isBeverage: boolean, isWater: boolean): NutriScoreLetter {
  if (isBeverage) {
    if (isWater) return "a";
    if (score <= 1) return "b";
    if (score <= 5) return "c";
    if (score <= 9) return "d";
    return "e";
  }
  if (score <= -1) return "a";
  if (score <= 2) return "b";
  if (score <= 10) return "c";
  if (score <= 18) return "d";
  return "e";
}

/** §2.7.1: `_value` of sugars, including the special re-rounding near integers. */
function roundedSugars(sugars: number | undefined): number {
  const raw = sugars ?? 0;
  const value = roundHalfUp2(raw);
  const fraction = value - Math.trunc(value);
  return fraction > 0.9 || fraction < 0.1 ? roundHalfUp1(raw) : value;
}

interface ScoredComponent {
  id: string;
  raw: number | undefined;
  value: number;
  points: number;
}

function scored(
  id: string,
  raw: number | undefined,
  round: (x: number) => number,
  thresholds: readonly number[],
  inclusive = false,
): ScoredComponent {
  const value = raw === undefined ? 0 : round(raw);
  return { id, raw, value, points: pointsFromThresholds(value, thresholds, inclusive) };
}

/** Computes the 2021 Nutri-Score from §2.2 inputs (flags and fruit percentage included). */
export function computeNutriScore2021(inputs: NutriScoreInputs2021): NutriScoreResult2021 {
  const beverage = inputs.is_beverage === 1;
  const fat = inputs.is_fat === 1;

  const energy = scored("energy", inputs.energy, roundHalfUp1, beverage ? ENERGY_BEVERAGES : ENERGY);
  const sugarsValue = roundedSugars(inputs.sugars);
  const sugars: ScoredComponent = {
    id: "sugars",
    raw: inputs.sugars,
    value: sugarsValue,
    points: pointsFromThresholds(sugarsValue, beverage ? SUGARS_BEVERAGES : SUGARS),
  };
  const saturatedFat = fat
    ? scored("saturated_fat_ratio", inputs.saturated_fat_ratio, roundHalfUp1, SATURATED_FAT_RATIO, true)
    : scored("saturated_fat", inputs.saturated_fat, roundHalfUp1, SATURATED_FAT);
  const sodium = scored("sodium", inputs.sodium, roundHalfUp1, SODIUM);
  const fruits = scored(FVN, inputs[FVN], roundHalfUp1, beverage ? FRUITS_BEVERAGES : FRUITS);
  const fiber = scored("fiber", inputs.fiber, roundHalfUp2, FIBER);
  const proteins = scored("proteins", inputs.proteins, roundHalfUp2, PROTEINS);

  const negativePoints = energy.points + sugars.points + saturatedFat.points + sodium.points;
  let positivePoints = fruits.points + fiber.points;
  const proteinsCounted =
    negativePoints < 11 ||
    inputs.is_cheese === 1 ||
    (beverage && fruits.points === 10) ||
    (!beverage && fruits.points === 5);
  if (proteinsCounted) positivePoints += proteins.points;
  const score = negativePoints - positivePoints;
  const grade = computeNutriScoreGrade2021(score, beverage, inputs.is_water === 1);

  const components = [energy, sugars, saturatedFat, sodium, fruits, fiber, proteins];
  const points: Record<string, number> = {};
  const data: JsonObject = {};
  for (const c of components) {
    points[c.id] = c.points;
    data[c.id] = storedOrNull(c.raw);
    data[`${c.id}_value`] = c.value;
    data[`${c.id}_points`] = c.points;
  }
  if (fat) {
    // With the ratio in use, saturated fat and fat stay in the data as raw values only.
    data.saturated_fat = storedOrNull(inputs.saturated_fat);
    data.fat = storedOrNull(inputs.fat);
  }
  Object.assign(data, flags2021(inputs), {
    negative_points: negativePoints,
    positive_points: positivePoints,
  });

  return { score, grade, points, negativePoints, positivePoints, proteinsCounted, data };
}

function flags2021(inputs: NutriScoreInputs2021): JsonObject {
  return {
    is_beverage: inputs.is_beverage,
    is_water: inputs.is_water,
    is_cheese: inputs.is_cheese,
    is_fat: inputs.is_fat,
  };
}

/** `nutriscore.2021.data` of a product that is not scored: the raw §2.2 inputs. */
export function unscoredData2021(inputs: NutriScoreInputs2021): JsonObject {
  const data: JsonObject = {
    energy: storedOrNull(inputs.energy),
    sugars: storedOrNull(inputs.sugars),
    saturated_fat: storedOrNull(inputs.saturated_fat),
    sodium: storedOrNull(inputs.sodium),
    [FVN]: toStoredNumber(inputs[FVN]),
    fiber: storedOrNull(inputs.fiber),
    proteins: storedOrNull(inputs.proteins),
  };
  if (inputs.is_fat === 1) {
    data.fat = storedOrNull(inputs.fat);
    data.saturated_fat_ratio = storedOrNull(inputs.saturated_fat_ratio);
  }
  return Object.assign(data, flags2021(inputs));
}
