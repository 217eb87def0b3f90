/** Nutri-Score 2023 algorithm (NUTRITION.md §2.8). Pure: inputs in, components/score/grade/data out. */

import { pointsFromThresholds, roundTo1Decimal, roundTo2Decimals, storedOrNull } from "./numbers.js";
import type {
  ComponentUnit,
  CountProteinsReason,
  Flag,
  JsonObject,
  NutriScoreComponent,
  NutriScoreInputs2023,
  NutriScoreLetter,
  NutriScoreResult2023,
} from "./types.js";

// §2.8.2 threshold tables; `points_max` is the number of thresholds.
const ENERGY = [335, 670, 1005, 1340, 1675, 2010, 2345, 2680, 3015, 3350];
const ENERGY_BEVERAGES = [30, 90, 150, 210, 240, 270, 300, 330, 360, 390];
const SUGARS = [3.4, 6.8, 10, 14, 17, 20, 24, 27, 31, 34, 37, 41, 44, 48, 51];
const SUGARS_BEVERAGES = [0.5, 2, 3.5, 5, 6, 7, 8, 9, 10, 11];
const SATURATED_FAT = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const SALT = [0.2, 0.4, 0.6, 0.8, 1, 1.2, 1.4, 1.6, 1.8, 2, 2.2, 2.4, 2.6, 2.8, 3, 3.2, 3.4, 3.6, 3.8, 4];
const ENERGY_FROM_SATURATED_FAT = [120, 240, 360, 480, 600, 720, 840, 960, 1080, 1200];
const SATURATED_FAT_RATIO = [10, 16, 22, 28, 34, 40, 46, 52, 58, 64];
const FRUITS = [40, 60, 80, 80, 80];
const FRUITS_BEVERAGES = [40, 40, 60, 60, 80, 80];
const FIBER = [3.0, 4.1, 5.2, 6.3, 7.4];
const PROTEINS = [2.4, 4.8, 7.2, 9.6, 12, 14, 17];
const PROTEINS_BEVERAGES = [1.2, 1.5, 1.8, 2.1, 2.4, 2.7, 3.0];
const NON_NUTRITIVE_SWEETENERS_POINTS = 4;
const RED_MEAT_PROTEINS_POINTS_CAP = 2;

/** §2.8.4 (a non-water beverage is never `a`). */
export function computeNutriScoreGrade2023(
  score: number,
  isBeverage: boolean,
  isWater: boolean,
  isFatOilNutsSeeds: boolean,
): NutriScoreLetter {
  if (isBeverage) {
    if (isWater) return "a";
    if (score <= 2) return "b";
    if (score <= 6) return "c";
    if (score <= 9) return "d";
    return "e";
  }
  if (score <= (isFatOilNutsSeeds ? -6 : 0)) return "a";
  if (score <= 2) return "b";
  if (score <= 10) return "c";
  if (score <= 18) return "d";
  return "e";
}

function unitOf(id: string): ComponentUnit {
  if (id.startsWith("energy")) return "kJ";
  if (id === "fruits_vegetables_legumes" || id === "saturated_fat_ratio") return "%";
  if (id === "non_nutritive_sweeteners") return "number";
  return "g";
}

/** Raw values are compared with the thresholds; an undefined input gives 0 points and `value: null`. */
function component(
  id: string,
  raw: number | undefined,
  thresholds: readonly number[],
  inclusive = false,
): NutriScoreComponent {
  return {
    id,
    points: raw === undefined ? 0 : pointsFromThresholds(raw, thresholds, inclusive),
    points_max: thresholds.length,
    unit: unitOf(id),
    value: raw === undefined ? null : roundTo2Decimals(raw),
  };
}

function sumOf(components: readonly NutriScoreComponent[], key: "points" | "points_max"): number {
  let total = 0;
  for (const c of components) total += c[key];
  return total;
}

function countProteinsOf(
  inputs: NutriScoreInputs2023,
  negativePoints: number,
): { count: Flag; reason: CountProteinsReason } {
  if (inputs.is_beverage === 1) return { count: 1, reason: "beverage" };
  if (inputs.is_cheese === 1) return { count: 1, reason: "cheese" };
  if (inputs.is_fat_oil_nuts_seeds === 1) {
    return negativePoints < 7
      ? { count: 1, reason: "negative_points_less_than_7" }
      : { count: 0, reason: "negative_points_greater_than_or_equal_to_7" };
  }
  return negativePoints < 11
    ? { count: 1, reason: "negative_points_less_than_11" }
    : { count: 0, reason: "negative_points_greater_than_or_equal_to_11" };
}

function optionalRound1(x: number | undefined): number | undefined {
  return x === undefined ? undefined : roundTo1Decimal(x);
}

/** Computes the 2023 Nutri-Score from §2.2 inputs (flags and fruit percentage included). */
export function computeNutriScore2023(inputs: NutriScoreInputs2023): NutriScoreResult2023 {
  const beverage = inputs.is_beverage === 1;
  const fatOilNutsSeeds = inputs.is_fat_oil_nuts_seeds === 1;

  const negative: NutriScoreComponent[] = [
    fatOilNutsSeeds
      ? component("energy_from_saturated_fat", inputs.energy_from_saturated_fat, ENERGY_FROM_SATURATED_FAT)
      : component("energy", inputs.energy, beverage ? ENERGY_BEVERAGES : ENERGY),
    component("sugars", inputs.sugars, beverage ? SUGARS_BEVERAGES : SUGARS),
    fatOilNutsSeeds
      ? component("saturated_fat_ratio", optionalRound1(inputs.saturated_fat_ratio), SATURATED_FAT_RATIO, true)
      : component("saturated_fat", inputs.saturated_fat, SATURATED_FAT),
    component("salt", inputs.salt, SALT),
  ];
  if (beverage) {
    const sweeteners = inputs.non_nutritive_sweeteners;
    negative.push({
      id: "non_nutritive_sweeteners",
      points: sweeteners !== undefined && sweeteners > 0 ? NON_NUTRITIVE_SWEETENERS_POINTS : 0,
      points_max: NON_NUTRITIVE_SWEETENERS_POINTS,
      unit: "number",
      value: sweeteners === undefined ? null : sweeteners,
    });
  }

  const proteins = component("proteins", inputs.proteins, beverage ? PROTEINS_BEVERAGES : PROTEINS);
  let proteinsPointsLimitedReason: "red_meat_product" | undefined;
  if (inputs.is_red_meat_product === 1 && proteins.points > RED_MEAT_PROTEINS_POINTS_CAP) {
    proteins.points = RED_MEAT_PROTEINS_POINTS_CAP;
    proteinsPointsLimitedReason = "red_meat_product";
  }

  const negativePoints = sumOf(negative, "points");
  const negativePointsMax = sumOf(negative, "points_max");
  const { count: countProteins, reason: countProteinsReason } = countProteinsOf(inputs, negativePoints);

  const positive: NutriScoreComponent[] = [];
  if (countProteins === 1) positive.push(proteins);
  positive.push(
    component("fiber", inputs.fiber, FIBER),
    component(
      "fruits_vegetables_legumes",
      optionalRound1(inputs.fruits_vegetables_legumes),
      beverage ? FRUITS_BEVERAGES : FRUITS,
    ),
  );
  const positivePoints = sumOf(positive, "points");
  const positivePointsMax = sumOf(positive, "points_max");

  const score = negativePoints - positivePoints;
  const grade = computeNutriScoreGrade2023(score, beverage, inputs.is_water === 1, fatOilNutsSeeds);

  const points: Record<string, number> = {};
  for (const c of [...negative, ...positive]) points[c.id] = c.points;

  const data: JsonObject = {
    components: { negative, positive },
    count_proteins: countProteins,
    count_proteins_reason: countProteinsReason,
    ...flags2023(inputs),
    negative_points: negativePoints,
    negative_points_max: negativePointsMax,
    positive_nutrients: positive.map((c) => c.id),
    positive_points: positivePoints,
    positive_points_max: positivePointsMax,
  };
  if (proteinsPointsLimitedReason !== undefined) {
    data.proteins_points_limited_reason = proteinsPointsLimitedReason;
  }

  const result: NutriScoreResult2023 = {
    score,
    grade,
    components: { negative, positive },
    points,
    negativePoints,
    positivePoints,
    negativePointsMax,
    positivePointsMax,
    countProteins,
    countProteinsReason,
    data,
  };
  if (proteinsPointsLimitedReason !== undefined) result.proteinsPointsLimitedReason = proteinsPointsLimitedReason;
  return result;
}

function flags2023(inputs: NutriScoreInputs2023): JsonObject {
  return {
    is_beverage: inputs.is_beverage,
    is_cheese: inputs.is_cheese,
    is_fat_oil_nuts_seeds: inputs.is_fat_oil_nuts_seeds,
    is_red_meat_product: inputs.is_red_meat_product,
    is_water: inputs.is_water,
  };
}

/** `nutriscore.2023.data` of a product that is not scored: the raw §2.2 inputs. */
export function unscoredData2023(inputs: NutriScoreInputs2023): JsonObject {
  const data: JsonObject = {
    energy: storedOrNull(inputs.energy),
    sugars: storedOrNull(inputs.sugars),
    saturated_fat: storedOrNull(inputs.saturated_fat),
    salt: storedOrNull(inputs.salt),
    fruits_vegetables_legumes: storedOrNull(inputs.fruits_vegetables_legumes),
    fiber: storedOrNull(inputs.fiber),
    proteins: storedOrNull(inputs.proteins),
  };
  if (inputs.is_fat_oil_nuts_seeds === 1) {
    data.fat = storedOrNull(inputs.fat);
    data.saturated_fat_ratio = storedOrNull(inputs.saturated_fat_ratio);
    data.energy_from_saturated_fat = storedOrNull(inputs.energy_from_saturated_fat);
  }
  if (inputs.is_beverage === 1) data.non_nutritive_sweeteners = storedOrNull(inputs.non_nutritive_sweeteners);
  return Object.assign(data, flags2023(inputs));
}
