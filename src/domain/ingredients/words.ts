/**
 * The per-language word lists of ingredients analysis: foodbase's own data files
 * (`data/ingredients/<lc>.json`, INGREDIENTS.md §1 and §12.6), read once per process.
 * Languages without a file (anything but en, fr, de, es, it) use the generic path: no word tables.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PACKAGE_ROOT } from "../../paths.js";
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

let loaded: IngredientWordData | undefined;

/** Reads the word lists and NOVA markers from `<package root>/data/ingredients` (memoised). */
export function loadIngredientWordData(dataDir = join(PACKAGE_ROOT, "data", "ingredients")): IngredientWordData {
  if (loaded !== undefined) return loaded;
  const words = new Map<string, LanguageWords>();
  for (const lc of WORD_LIST_LANGUAGES) {
    const file = join(dataDir, `${lc}.json`);
    if (!existsSync(file)) continue;
    const parsed = JSON.parse(readFileSync(file, "utf8")) as Partial<LanguageWords>;
    words.set(lc, { ...EMPTY_WORDS, ...parsed, lc });
  }
  const nova = JSON.parse(readFileSync(join(dataDir, "nova-markers.json"), "utf8")) as { markers: NovaMarkers };
  const sweeteners = JSON.parse(readFileSync(join(dataDir, "sweeteners.json"), "utf8")) as {
    sweeteners: string[];
    non_nutritive_sweeteners: string[];
  };
  loaded = {
    words,
    novaMarkers: nova.markers,
    sweeteners: new Set(sweeteners.sweeteners),
    nonNutritiveSweeteners: new Set(sweeteners.non_nutritive_sweeteners),
  };
  return loaded;
}

/** The word lists of `lc`, or empty lists (generic path). */
export function wordsFor(data: IngredientWordData, lc: string): LanguageWords {
  return data.words.get(lc) ?? { ...EMPTY_WORDS, lc };
}
