/**
 * Reads the word lists of ingredients analysis (`data/ingredients/<lc>.json`, `nova-markers.json`,
 * `sweeteners.json`): foodbase's own data files (INGREDIENTS.md §1, §12.6). The domain builds its tables
 * from their contents (`domain/ingredients/words.ts`).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  type IngredientWordData,
  type IngredientWordFiles,
  ingredientWordData,
  WORD_LIST_LANGUAGES,
} from "../domain/ingredients/words.js";
import { PACKAGE_ROOT } from "../paths.js";

/** The shipped word lists' folder. */
export function shippedIngredientWordsDir(): string {
  return join(PACKAGE_ROOT, "data", "ingredients");
}

export function readIngredientWordData(dataDir = shippedIngredientWordsDir()): IngredientWordData {
  const readJson = <T>(file: string): T => JSON.parse(readFileSync(join(dataDir, file), "utf8")) as T;
  const languages: Record<string, IngredientWordFiles["languages"][string]> = {};
  for (const lc of WORD_LIST_LANGUAGES) {
    if (existsSync(join(dataDir, `${lc}.json`))) languages[lc] = readJson(`${lc}.json`);
  }
  return ingredientWordData({
    languages,
    novaMarkers: readJson("nova-markers.json"),
    sweeteners: readJson("sweeteners.json"),
  });
}
