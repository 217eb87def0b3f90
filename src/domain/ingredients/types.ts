/**
 * Shapes of OFF's ingredients analysis (INGREDIENTS.md §2.2–§2.3).
 */

/** One parsed ingredient, with OFF's key names (INGREDIENTS.md §2.3). */
export interface ParsedIngredient {
  id: string;
  text: string;
  is_in_taxonomy: 0 | 1;
  percent?: number;
  percent_min?: number;
  percent_max?: number;
  percent_estimate?: number;
  quantity?: string;
  quantity_g?: number;
  ingredients?: ParsedIngredient[];
  vegan?: string;
  vegetarian?: string;
  from_palm_oil?: string;
  labels?: string;
  origins?: string;
  processing?: string;
  ciqual_food_code?: string;
  ciqual_proxy_food_code?: string;
}

/** The per-language word lists (data/ingredients/<lc>.json), foodbase's own data (INGREDIENTS.md §1, §3.8). */
export interface LanguageWords {
  lc: string;
  and: string[];
  and_or: string[];
  of: string[];
  and_of: string[];
  from: string[];
  the: string[];
  contains: string[];
  may_contain: string[];
  /** Words that may close a may-contain phrase and are dropped with it (de "enthalten"). */
  may_contain_suffix: string[];
  /** OFF's localised label written before each trace (`$Lang{traces}`, "Traces éventuelles"); none: phrase kept. */
  traces_label?: string;
  /** OFF's localised label written before each allergen of a "contains" phrase (`$Lang{allergens}`). */
  allergens_label?: string;
  min: string[];
  max: string[];
  /** Regular-expression sources. */
  ignore_after_percent: string[];
  per: string[];
  /** Regular-expression sources. */
  of_finished_product: string[];
  /** Regular-expression sources of a leading "Ingredients:" phrase. */
  ingredients_prefix: string[];
  abbreviations: [string, string][];
  /** Misspelt words and their spelling, replaced whole with the written case kept ("dès" → "dés"); none: []. */
  misspellings?: [string, string][];
  /** The word written before a vitamin letter in expanded enumerations ("vitamine"). */
  vitamin: string;
  /** Regular-expression sources of the vitamin words that open an enumeration. */
  vitamins_words: string[];
  /** Regular-expression sources: a fragment matching one is skipped. */
  ignore_phrases: string[];
  categories_and_types: { categories: string[]; types: string[]; alternate_names?: string[] }[];
  /** Chemical salts and cations developed one by one, without a parent (French only, as in OFF). */
  chemical_salts?: { salts: string[]; cations: string[] };
  /**
   * Words that open an item of a bracketed list naming a share of the parent ("dont" in "viande (dont 4% de bœuf)",
   * "davon"): OFF 2026 reads the item as the ingredient after the percent and drops the percents from there on.
   */
  inclusion?: string[];
  /** Regular-expression sources of "content of <ingredient>" phrases (INGREDIENTS.md §3.6). */
  specific_content: string[];
  /** Regular-expression sources of "<ingredient> content" phrases, with their leading space (en " content"). */
  ingredient_content?: string[];
  /** Words that may open an "<ingredient> content" phrase ("total milk content"). */
  minimum_or_total?: string[];
  /** Regular-expression sources of "prepared with <quantity> of <ingredient>" phrases. */
  prepared_with: string[];
  /** Regular-expression sources of "origin of <ingredient>: <origins>" phrases. */
  origin_of: string[];
}

/** Fruit/vegetable, milk and red-meat shares computed from the ingredients (INGREDIENTS.md §7). */
export interface IngredientShareEstimates {
  /** `fruits-vegetables-nuts-estimate-from-ingredients` (Nutri-Score 2021). */
  fruitsVegetablesNuts?: number;
  /** `fruits-vegetables-legumes-estimate-from-ingredients` (Nutri-Score 2023). */
  fruitsVegetablesLegumes?: number;
  milk?: number;
  redMeat?: number;
  /** `ingredients_non_nutritive_sweeteners_n`. */
  nonNutritiveSweeteners?: number;
}
