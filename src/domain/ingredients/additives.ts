/**
 * Additives, vitamins and minerals detection (INGREDIENTS.md §4.2): an independent pass over the
 * preparsed text split into a flat list, with the current additive class in mind.
 */
import { getStringIdForLang } from "../taxonomy/string-id.js";
import type { Taxonomy } from "../taxonomy/types.js";
import { canonicalizeMemo } from "./memo.js";
import { escapeRegex } from "./regex.js";
import type { LanguageWords } from "./types.js";

export interface AdditiveTaxonomies {
  additives?: Taxonomy;
  additives_classes?: Taxonomy;
  vitamins?: Taxonomy;
  minerals?: Taxonomy;
}

export interface AdditivesResult {
  additives_original_tags: string[];
  additives_tags: string[];
  additives_n: number;
  vitamins_tags: string[];
  minerals_tags: string[];
}

/** Every separator of the parser, brackets included, as a flat split (§4.2 step 1). */
const FLAT_SEPARATORS = /\s*(?:[,﹐，、﹑､،;:/／()[\]{}（）•·]|[.．。](?=\s|$)|\s[-‐‑‒–—―]\s)\s*/u;
const EXCLUDED_ADDITIVE = /^en:(fd|no|colour)/;
const E_NUMBER_WRITTEN = /^e( |-)?\d/;
/** Upper bound of list items examined, so that pathological text stays cheap. */
const MAX_ITEMS = 2000;

export function extractAdditives(
  words: LanguageWords,
  preparsed: string,
  taxonomies: AdditiveTaxonomies,
): AdditivesResult {
  const lc = words.lc;
  const { additives, additives_classes: classes, vitamins, minerals } = taxonomies;
  const result: AdditivesResult = {
    additives_original_tags: [],
    additives_tags: [],
    additives_n: 0,
    vitamins_tags: [],
    minerals_tags: [],
  };
  if (additives === undefined) return result;
  const text = preparsed.replace(/\d+(?:[.,]\d+)?\s*%/g, " ");
  const andId = words.and[0] === undefined ? undefined : getStringIdForLang(lc, words.and[0]);
  const andInId = andId === undefined ? undefined : new RegExp(`-${escapeRegex(andId)}-`);

  const known = (taxonomy: Taxonomy | undefined, id: string): string | undefined => {
    if (taxonomy === undefined || id === "") return undefined;
    const canonical = canonicalizeMemo(taxonomy, lc, id);
    return taxonomy.has(canonical) ? canonical : undefined;
  };

  const ids: string[] = [];
  for (const item of text.split(FLAT_SEPARATORS).slice(0, MAX_ITEMS)) {
    const id = getStringIdForLang(lc, item);
    if (id === "") continue;
    const m = andInId?.exec(id);
    if (m != null && known(additives, id) === undefined) {
      const first = id.slice(0, m.index);
      const second = id.slice(m.index + m[0].length);
      if (known(additives, first) !== undefined && known(additives, second) !== undefined) {
        ids.push(first, second);
        continue;
      }
    }
    ids.push(id);
  }

  const seen = new Set<string>();
  let currentClass = "ingredient";
  for (const original of ids) {
    let id = original;
    while (id !== "") {
      const cls = known(classes, id);
      if (cls !== undefined) {
        currentClass = cls;
        break;
      }
      if (id === "vitamins" || id === "vitamines" || id === "vitamine" || id === "vitaminas" || id === "vitamine-n") {
        currentClass = "en:vitamins";
        break;
      }
      const additive = known(additives, id);
      if (additive !== undefined && !EXCLUDED_ADDITIVE.test(additive)) {
        if (seen.has(additive)) break;
        const mandatory = additives.property(additive, "mandatory_additive_class:en");
        const allowed =
          mandatory === undefined ||
          E_NUMBER_WRITTEN.test(original) ||
          mandatory.split(/\s*,\s*/).includes(currentClass);
        if (allowed) {
          seen.add(additive);
          result.additives_original_tags.push(additive);
          break;
        }
      }
      const vitamin = known(vitamins, id);
      if (vitamin !== undefined) {
        if (!result.vitamins_tags.includes(vitamin)) result.vitamins_tags.push(vitamin);
        currentClass = "en:vitamins";
        break;
      }
      const mineral = known(minerals, id);
      if (mineral !== undefined) {
        if (!result.minerals_tags.includes(mineral)) result.minerals_tags.push(mineral);
        currentClass = "en:minerals";
        break;
      }
      if (id === original && /^\d{3,4}[a-z]*$/.test(id) && currentClass !== "ingredient") {
        const numbered = known(additives, `e${id}`);
        if (numbered !== undefined && !seen.has(numbered)) {
          seen.add(numbered);
          result.additives_original_tags.push(numbered);
        }
        break;
      }
      if (additive !== undefined) break;
      // Shorten and retry: en drops the first word ("soy-lecithin"), es/fr the last ("lecithine-de-soja").
      const dash = lc === "en" ? id.indexOf("-") : id.lastIndexOf("-");
      if (dash < 0 || (lc !== "en" && lc !== "fr" && lc !== "es")) break;
      id = lc === "en" ? id.slice(dash + 1) : id.slice(0, dash);
    }
  }
  const all = new Set<string>();
  for (const tag of result.additives_original_tags) {
    all.add(tag);
    for (const ancestor of additives.ancestors(tag)) all.add(ancestor);
  }
  result.additives_tags = [...all].sort();
  result.additives_n = result.additives_original_tags.length;
  return result;
}
