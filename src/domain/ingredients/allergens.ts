/**
 * Allergens and traces (INGREDIENTS.md §8), in the 2023-24 classic v2 shape: from the ingredients'
 * `allergens:en` property, from single allergens in brackets, from scanning the raw text (segments,
 * `_marked_` words and CAPITALS; a match after a "may contain" phrase is a trace), and from the user's
 * `allergens` / `traces` fields.
 */
import type { Taxonomy } from "../taxonomy/types.js";
import { alternation, escapeRegex } from "./regex.js";
import type { LanguageWords, ParsedIngredient } from "./types.js";

export interface AllergensResult {
  allergens_from_ingredients: string;
  allergens_from_user: string;
  allergens_hierarchy: string[];
  allergens_tags: string[];
  allergens_lc: string;
  traces_from_ingredients: string;
  traces_from_user: string;
  traces_hierarchy: string[];
  traces_tags: string[];
  traces_lc: string;
  /** `ingredients_text_with_allergens` of the analysed language. */
  text_with_allergens: string;
}

interface Match {
  start: number;
  end: number;
  word: string;
  id: string;
  trace: boolean;
}

/** Longest segment looked up; longer ones cannot be allergen names. */
const MAX_SEGMENT_LENGTH = 60;
const MAX_MATCHES = 200;

export function detectAllergens(input: {
  words: LanguageWords;
  text: string;
  ingredients: ParsedIngredient[];
  bracketAllergens: readonly string[];
  userAllergens: string;
  userTraces: string;
  allergens: Taxonomy;
  ingredientsTaxonomy: Taxonomy;
}): AllergensResult {
  const { words, text, allergens } = input;
  const lc = words.lc;
  const known = (item: string): string | undefined => {
    const trimmed = item.trim();
    if (trimmed === "" || trimmed.length > MAX_SEGMENT_LENGTH) return undefined;
    const id = allergens.canonicalize(lc, trimmed);
    return allergens.has(id) && id !== "en:none" ? id : undefined;
  };

  const matches = scanText(words, text, known);
  const allergenIds: string[] = [];
  const traceIds: string[] = [];
  const allergenWords: string[] = [];
  const traceWords: string[] = [];
  for (const m of matches) {
    (m.trace ? traceIds : allergenIds).push(m.id);
    (m.trace ? traceWords : allergenWords).push(m.word);
  }
  for (const item of input.bracketAllergens) {
    const id = known(item);
    if (id !== undefined) {
      allergenIds.push(id);
      allergenWords.push(item);
    }
  }
  const visit = (list: ParsedIngredient[]): void => {
    for (const x of list) {
      const value = input.ingredientsTaxonomy.inheritedProperty(x.id, "allergens:en")?.value;
      if (value !== undefined) {
        for (const part of value.split(/\s*,\s*/)) {
          const id = allergens.canonicalize("en", part);
          if (allergens.has(id)) allergenIds.push(id);
        }
      }
      if (x.ingredients !== undefined) visit(x.ingredients);
    }
  };
  visit(input.ingredients);

  const userIds = (field: string): string[] =>
    field
      .split(/\s*,\s*/)
      .map((item) => known(item))
      .filter((id): id is string => id !== undefined);
  allergenIds.push(...userIds(input.userAllergens));
  traceIds.push(...userIds(input.userTraces));

  const hierarchy = (ids: string[]): string[] => {
    const all = new Set<string>();
    for (const id of ids) {
      all.add(id);
      for (const ancestor of allergens.ancestors(id)) all.add(ancestor);
    }
    return [...all].sort((a, b) => allergens.level(b) - allergens.level(a) || (a < b ? -1 : a > b ? 1 : 0));
  };
  const allergensHierarchy = hierarchy(allergenIds);
  const tracesHierarchy = hierarchy(traceIds);
  return {
    allergens_from_ingredients: allergenWords.join(", "),
    allergens_from_user: `(${lc}) ${input.userAllergens}`,
    allergens_hierarchy: allergensHierarchy,
    allergens_tags: allergensHierarchy,
    allergens_lc: lc,
    traces_from_ingredients: traceWords.join(", "),
    traces_from_user: `(${lc}) ${input.userTraces}`,
    traces_hierarchy: tracesHierarchy,
    traces_tags: tracesHierarchy,
    traces_lc: lc,
    text_with_allergens: withAllergenSpans(text, matches),
  };
}

/** §8.1 step 3: segments between separators, `_marked_` words and CAPITALS, on the raw text. */
function scanText(words: LanguageWords, text: string, known: (item: string) => string | undefined): Match[] {
  const glue = [...words.and, ...words.of, ...words.the].filter((w) => w.trim() !== "");
  const glueAlternation = glue.length === 0 ? "(?!)" : alternation(glue);
  const separator = new RegExp(
    `[-_^()[\\]{},;.:/*]|\\s${glueAlternation}(?=\\s)|(?<=\\s)(?:${
      words.of
        .filter((w) => w.endsWith("'"))
        .map(escapeRegex)
        .join("|") || "(?!)"
    })`,
    "giu",
  );
  const phrases = [...words.may_contain, ...words.contains].filter((w) => w !== "");
  const phrase =
    phrases.length === 0 ? undefined : new RegExp(`^\\s*(?:${alternation(phrases)})(?![\\p{L}])\\s*:?\\s*`, "iu");
  const mayContain =
    words.may_contain.length === 0
      ? undefined
      : new RegExp(`(?<![\\p{L}])${alternation(words.may_contain)}(?![\\p{L}])`, "iu");
  const firstMayContain = mayContain?.exec(text)?.index ?? Number.POSITIVE_INFINITY;
  const matches: Match[] = [];
  const add = (start: number, end: number): boolean => {
    let word = text.slice(start, end);
    let from = start;
    const p = phrase?.exec(word);
    if (p != null) {
      from += p[0].length;
      word = word.slice(p[0].length);
    }
    const digit = /\d/.exec(word);
    if (digit !== null) word = word.slice(0, digit.index);
    const lead = word.length - word.trimStart().length;
    word = word.trim();
    const id = known(word);
    if (id === undefined) return false;
    from += lead;
    if (matches.some((m) => from < m.end && from + word.length > m.start)) return true;
    matches.push({ start: from, end: from + word.length, word, id, trace: from > firstMayContain });
    return true;
  };
  let last = 0;
  separator.lastIndex = 0;
  for (let m = separator.exec(text); m !== null && matches.length < MAX_MATCHES; m = separator.exec(text)) {
    if (m.index > last) add(last, m.index);
    last = m.index + m[0].length;
    if (m[0].length === 0) separator.lastIndex++;
  }
  if (last < text.length) add(last, text.length);
  // CAPITALS ("farine de BLE"), only when the text also has lower-case letters.
  if (/\p{Ll}/u.test(text)) {
    const caps = /(?<![\p{L}])\p{Lu}{2,}(?:\s+\p{Lu}{2,})*(?![\p{L}])/gu;
    for (let m = caps.exec(text); m !== null && matches.length < MAX_MATCHES; m = caps.exec(text)) {
      add(m.index, m.index + m[0].length);
    }
  }
  return matches.sort((a, b) => a.start - b.start);
}

function withAllergenSpans(text: string, matches: Match[]): string {
  let out = "";
  let at = 0;
  for (const m of matches) {
    if (m.start < at) continue;
    out += `${escapeHtml(text.slice(at, m.start))}<span class="allergen">${escapeHtml(text.slice(m.start, m.end))}</span>`;
    at = m.end;
  }
  return out + escapeHtml(text.slice(at));
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
