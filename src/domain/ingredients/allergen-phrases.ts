/**
 * INGREDIENTS.md §3.2 step 12: "contains" and "may contain" phrases followed only by allergens are
 * rewritten with OFF's localised label per item ("Traces de lait et d'oeufs." → "Traces éventuelles : lait,
 * Traces éventuelles : oeufs."); the parser's input then drops those labelled chunks, so traces never
 * become ingredients. Languages without a label keep the phrase (removeAllergenPhrases cuts it).
 */
import type { Taxonomy } from "../taxonomy/types.js";
import { canonicalizeMemo } from "./memo.js";
import { alternation, escapeRegex, NOT_LETTER_AFTER, NOT_LETTER_BEFORE } from "./regex.js";
import type { LanguageWords } from "./types.js";

interface Phrase {
  words: string[];
  label: string | undefined;
}

function phrasesOf(words: LanguageWords): Phrase[] {
  // "may contain" first: its phrases hold the "contains" word ("may contains traces of").
  return [
    { words: words.may_contain, label: words.traces_label },
    { words: words.contains, label: words.allergens_label },
  ];
}

/** The items of a phrase: split on commas, slashes and the and-word, leading "of" words dropped. */
function splitItems(words: LanguageWords, list: string): string[] {
  const andAlt = alternation(words.and.length === 0 ? ["and"] : words.and);
  const ofAlt = words.of.length === 0 ? "(?!)" : alternation(words.of);
  const leadingOf = new RegExp(`^(?:${ofAlt}(?:\\s+|(?<='))|\\s+)+`, "iu");
  return list
    .split(new RegExp(`\\s*(?:,|/|\\s${andAlt}\\s)\\s*`, "iu"))
    .map((item) => item.replace(leadingOf, "").trim())
    .filter((item) => item !== "");
}

function isAllergen(lc: string, item: string, allergens: Taxonomy): boolean {
  const bare = item.replace(/[*_]/g, "").trim();
  return bare !== "" && allergens.has(canonicalizeMemo(allergens, lc, bare));
}

/** Step 12: label each allergen of a "contains" / "may contain" phrase. */
export function labelAllergenPhrases(words: LanguageWords, text: string, allergens: Taxonomy | undefined): string {
  if (allergens === undefined) return text;
  let s = text;
  for (const phrase of phrasesOf(words)) {
    const label = phrase.label;
    if (label === undefined || phrase.words.length === 0) continue;
    const suffix = words.may_contain_suffix.length === 0 ? "(?!)" : alternation(words.may_contain_suffix);
    const pattern = new RegExp(
      `(^|[.,;(\\[]|\\s)(\\s*)${NOT_LETTER_BEFORE}(${alternation(phrase.words)})${NOT_LETTER_AFTER}\\s*:?\\s*(?:\\(([^.;()\\[\\]]*)\\)|([^.;()\\[\\]]*?))(?:\\s+${suffix})?\\s*(?:\\.|(?=[;)\\]])|$)`,
      "giu",
    );
    s = s.replace(
      pattern,
      (
        whole: string,
        start: string,
        _space: string,
        said: string,
        inBrackets: string | undefined,
        plain: string | undefined,
        offset: number,
      ) => {
        const items = splitItems(words, inBrackets ?? plain ?? "");
        if (items.length === 0 || !items.every((item) => isAllergen(words.lc, item, allergens))) return whole;
        // "Sucre de canne Traces éventuelles…": a capitalised phrase after a lower-case word starts a new item.
        const before = s.slice(0, offset + start.length).trimEnd();
        const comma = words.lc !== "de" && /\p{Lu}/u.test(said[0] ?? "") && /\p{Ll}$/u.test(before) ? "," : "";
        return `${start}${comma} ${items.map((item) => `${label} : ${item}`).join(", ")}.`;
      },
    );
  }
  return s;
}

/** The parser's input without the labelled chunks (OFF: `s/\b(traces|allergens)\s?:\s?([^,\.]+)//ig`). */
export function removeLabelledAllergens(words: LanguageWords, text: string): string {
  const labels = [words.allergens_label, words.traces_label].filter((l): l is string => l !== undefined);
  if (labels.length === 0) return text;
  const chunk = new RegExp(
    `${NOT_LETTER_BEFORE}(?:${labels.map(escapeRegex).join("|")})\\s?:\\s?[^,.;()\\[\\]]*`,
    "giu",
  );
  const removed = text.replace(chunk, "");
  if (removed === text) return text;
  return removed
    .replace(/(?:\s*,)+\s*(?=[.;)\]]|$)/gu, "")
    .replace(/([.;(\[])(?:\s*,)+/gu, "$1")
    .replace(/\(\s*\)/gu, "")
    .replace(/\.(?:\s*\.)+/gu, ".")
    .replace(/\s{2,}/gu, " ")
    .trim();
}
