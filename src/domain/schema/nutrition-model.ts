/**
 * OFF's 2026 nutrition model (product schema 1003, SCHEMA.md §2): `nutrition.input_sets` hold the
 * columns of nutrition tables as typed, keyed by (source, preparation, per); `aggregated_set` is derived
 * from them (per 100 g / 100 ml, standard units) and is the one source of every computed value.
 */
import type { Product } from "../product.js";

export type Preparation = "as_sold" | "prepared";
export type NutrientModifier = "<" | ">" | "≤" | "≥" | "~";

/** The `per` values OFF accepts for an input set (`%valid_pers`). */
export const VALID_PERS = ["100g", "100ml", "1kg", "1l", "serving"] as const;
export const VALID_PREPARATIONS: readonly string[] = ["as_sold", "prepared"];

export interface InputNutrient {
  value_string?: string;
  value?: number;
  value_computed?: number;
  unit?: string;
  modifier?: string;
}

export interface InputSet {
  source: string;
  source_description?: string;
  preparation: string;
  per: string;
  per_quantity?: number | string | null;
  per_unit?: string | null;
  last_updated_t?: number;
  nutrients?: Record<string, InputNutrient>;
  unspecified_nutrients?: string[];
}

export interface AggregatedNutrient {
  value: number;
  unit: string;
  modifier?: string;
  value_computed?: number;
  source: string;
  source_per: string;
  source_index: number;
}

export interface AggregatedSet {
  preparation: string;
  per?: string;
  nutrients?: Record<string, AggregatedNutrient>;
}

export interface Nutrition {
  input_sets?: InputSet[];
  aggregated_set?: AggregatedSet;
  no_nutrition_data_on_packaging?: boolean;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The product's `nutrition` object when it has one (a 1003+ product), else undefined. */
export function nutritionOf(product: Product): Nutrition | undefined {
  const nutrition = product.nutrition;
  return isObject(nutrition) ? (nutrition as Nutrition) : undefined;
}

export { isObject };
