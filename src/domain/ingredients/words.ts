/**
 * The per-language word lists of ingredients analysis: foodbase's own data files
 * (`data/ingredients/<lc>.json`, INGREDIENTS.md §1 and §12.6), read by `storage/ingredient-words.ts`.
 * Languages without a file (anything but en, fr, de, es, it) use the generic path: no word tables.
 */
import type { LanguageWords } from "./types.js";

export const WORD_LIST_LANGUAGES = ["en", "fr", "de", "es", "it"] as const;

const EMPTY_WORDS: Omit<LanguageWords, "lc"> = {
  and: [],
  and_or: [],
  of: [],
  and_of: [],
  from: [],
  the: [],
  contains: [],
  may_contain: [],
  may_contain_suffix: [],
  min: [],
  max: [],
  ignore_after_percent: [],
  per: [],
  of_finished_product: [],
  ingredients_prefix: [],
  abbreviations: [],
  vitamin: "",
  vitamins_words: [],
  ignore_phrases: [],
  categories_and_types: [],
  specific_content: [],
  prepared_with: [],
  origin_of: [],
};

/** NOVA markers of OFF's configuration: `"<tagtype>/<tag id>"` → group (INGREDIENTS.md §9). */
export type NovaMarkers = Readonly<Record<string, number>>;

export interface IngredientWordData {
  words: ReadonlyMap<string, LanguageWords>;
  novaMarkers: NovaMarkers;
  /** Additive ids that are sweeteners / non-nutritive sweeteners (INGREDIENTS.md §4.3). */
  sweeteners: ReadonlySet<string>;
  nonNutritiveSweeteners: ReadonlySet<string>;
}

/** The data files' contents, as parsed JSON: `<lc>.json` per language that has one, NOVA markers, sweeteners. */
export interface IngredientWordFiles {
  languages: Readonly<Record<string, Partial<LanguageWords>>>;
  novaMarkers: { markers: NovaMarkers };
  sweeteners: { sweeteners: string[]; non_nutritive_sweeteners: string[] };
}

export function ingredientWordData(files: IngredientWordFiles): IngredientWordData {
  const words = new Map<string, LanguageWords>();
  for (const [lc, parsed] of Object.entries(files.languages)) words.set(lc, { ...EMPTY_WORDS, ...parsed, lc });
  return {
    words,
    novaMarkers: files.novaMarkers.markers,
    sweeteners: new Set(files.sweeteners.sweeteners),
    nonNutritiveSweeteners: new Set(files.sweeteners.non_nutritive_sweeteners),
  };
}

/** The word lists of `lc`, or empty lists (generic path). */
export function wordsFor(data: IngredientWordData, lc: string): LanguageWords {
  return data.words.get(lc) ?? { ...EMPTY_WORDS, lc };
}
