/** Types shared by the Nutri-Score modules (NUTRITION.md §2). */

export type NutriScoreVersion = "2021" | "2023";

/** Flags are stored as integers 0/1 (OFF sometimes emits "1"/""; foodbase never does). */
export type Flag = 0 | 1;

export type NutriScoreLetter = "a" | "b" | "c" | "d" | "e";

/** `nutriscore.<v>.grade` and the headline grade fields. */
export type NutriScoreGrade = NutriScoreLetter | "unknown" | "not-applicable";

/** A JSON object as stored in the product (`nutriscore.<v>.data`, `nutriscore_data`). */
export type JsonObject = Record<string, unknown>;

/** §2.2 inputs of the 2021 algorithm (per 100 g / 100 ml). */
export interface NutriScoreInputs2021 {
  /** kJ. */
  energy: number | undefined;
  sugars: number | undefined;
  saturated_fat: number | undefined;
  /** mg (sodium_100g × 1000). */
  sodium: number | undefined;
  /** Never undefined in 2021 (0 when no source applies). */
  fruits_vegetables_nuts_colza_walnut_olive_oils: number;
  /** 0 when not given. */
  fiber: number | undefined;
  proteins: number | undefined;
  /** Only read when `is_fat`. */
  fat?: number | undefined;
  /** Raw ratio in % (only read when `is_fat`). */
  saturated_fat_ratio?: number | undefined;
  is_beverage: Flag;
  is_water: Flag;
  is_cheese: Flag;
  is_fat: Flag;
}

/** §2.2 inputs of the 2023 algorithm. */
export interface NutriScoreInputs2023 {
  energy: number | undefined;
  sugars: number | undefined;
  saturated_fat: number | undefined;
  /** g. */
  salt: number | undefined;
  /** Rounded to 1 decimal; undefined when no source applies. */
  fruits_vegetables_legumes: number | undefined;
  /** Stays undefined when not given. */
  fiber: number | undefined;
  proteins: number | undefined;
  /** Only read when `is_fat_oil_nuts_seeds`. */
  fat?: number | undefined;
  /** Rounded to 1 decimal (only read when `is_fat_oil_nuts_seeds`). */
  saturated_fat_ratio?: number | undefined;
  /** kJ, saturated fat × 37 (only read when `is_fat_oil_nuts_seeds`). */
  energy_from_saturated_fat?: number | undefined;
  /** Count of non-nutritive sweeteners (ingredient analysis; beverages only). */
  non_nutritive_sweeteners?: number | undefined;
  is_beverage: Flag;
  is_water: Flag;
  is_cheese: Flag;
  is_fat_oil_nuts_seeds: Flag;
  is_red_meat_product: Flag;
}

export type ComponentUnit = "kJ" | "g" | "%" | "number";

/** One element of `components.negative` / `components.positive` (2023). */
export interface NutriScoreComponent {
  id: string;
  points: number;
  points_max: number;
  unit: ComponentUnit;
  value: number | null;
}

export type CountProteinsReason =
  | "beverage"
  | "cheese"
  | "negative_points_less_than_7"
  | "negative_points_greater_than_or_equal_to_7"
  | "negative_points_less_than_11"
  | "negative_points_greater_than_or_equal_to_11";

export interface NutriScoreResult2021 {
  score: number;
  grade: NutriScoreLetter;
  /** Points of every component, proteins included even when not counted. */
  points: Record<string, number>;
  negativePoints: number;
  positivePoints: number;
  proteinsCounted: boolean;
  /** §2.7.5 flat data (without grade and score). */
  data: JsonObject;
}

export interface NutriScoreResult2023 {
  score: number;
  grade: NutriScoreLetter;
  components: { negative: NutriScoreComponent[]; positive: NutriScoreComponent[] };
  /** Points of the components kept (no proteins when not counted). */
  points: Record<string, number>;
  negativePoints: number;
  positivePoints: number;
  negativePointsMax: number;
  positivePointsMax: number;
  countProteins: Flag;
  countProteinsReason: CountProteinsReason;
  proteinsPointsLimitedReason?: "red_meat_product";
  /** §2.8.5 components data (without grade and score). */
  data: JsonObject;
}
