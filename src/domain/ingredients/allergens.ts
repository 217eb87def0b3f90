/**
 * Allergens and traces (INGREDIENTS.md §8), in the 2023-24 classic v2 shape: from the ingredients'
 * `allergens:en` property, from single allergens in brackets, from scanning the raw text (segments,
 * `_marked_` words and CAPITALS; a match after a "may contain" phrase is a trace), and from the user's
 * `allergens` / `traces` fields.
 */
import { getStringIdForLang } from "../taxonomy/string-id.js";
import type { Taxonomy } from "../taxonomy/types.js";
import { canonicalizeMemo } from "./memo.js";
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
    const id = canonicalizeMemo(allergens, lc, trimmed);
    return allergens.has(id) && id !== "en:none" ? id : undefined;
  };

  const isIngredient = (item: string): boolean =>
    item !== "" &&
    item.length <= MAX_SEGMENT_LENGTH &&
    input.ingredientsTaxonomy.has(canonicalizeMemo(input.ingredientsTaxonomy, lc, item));
  const markedAllergen = (item: string): string => `${lc}:${getStringIdForLang(lc, item)}`;
  const matches = scanText(words, text, known, isIngredient, markedAllergen);
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
          const id = canonicalizeMemo(allergens, "en", part);
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

/** A word marked with 1 to 3 underscores (`_oeufs_`, `__GLUTEN__`), possibly the start of a compound. */
const UNDERSCORE_MARK = /(?<![\p{L}\p{Nd}])_{1,3}([^_,;()[\]{}]+?)_{1,3}/gu;
/** Separators of top-level segments (the "and" words split them further, §8.1 step 3). */
const SEGMENT_SEPARATOR = /\s[-‐‑‒–—―]\s|[_^()[\]{},;.]/gu;

interface ScanPatterns {
  /** The "and" words and elided "of" words that glue a segment's parts. */
  glueSplit: RegExp;
  /** A "may contain" or "contains" phrase at the start of a segment. */
  phrase: RegExp | undefined;
  mayContain: RegExp | undefined;
}

const scanPatternsCache = new WeakMap<LanguageWords, ScanPatterns>();

/** The patterns of {@link scanText} for a language, built once per word lists. */
function scanPatterns(words: LanguageWords): ScanPatterns {
  const cached = scanPatternsCache.get(words);
  if (cached !== undefined) return cached;
  const glue = [...words.and].filter((w) => w.trim() !== "");
  const elidedOf = words.of.filter((w) => w.endsWith("'")).map(escapeRegex);
  const phrases = [...words.may_contain, ...words.contains].filter((w) => w !== "");
  const patterns: ScanPatterns = {
    glueSplit: new RegExp(
      `\\s${glue.length === 0 ? "(?!)" : alternation(glue)}(?=\\s)|(?<=\\s|^)(?:${elidedOf.join("|") || "(?!)"})`,
      "giu",
    ),
    phrase:
      phrases.length === 0 ? undefined : new RegExp(`^\\s*(?:${alternation(phrases)})(?![\\p{L}])\\s*:?\\s*`, "iu"),
    mayContain:
      words.may_contain.length === 0
        ? undefined
        : new RegExp(`(?<![\\p{L}])${alternation(words.may_contain)}(?![\\p{L}])`, "iu"),
  };
  scanPatternsCache.set(words, patterns);
  return patterns;
}

/**
 * §8.1 step 3 on the raw text: `_marked_` words (always allergens, known or not), then segments between
 * separators: a whole segment that is an allergen matches; one that is a known ingredient is left to its
 * `allergens:en` property ("lait de coco" is no milk); otherwise its parts between the "and" words are tried.
 * As in OFF's scan, an "of" or "the" word does not end a segment ("crème de cassis" is not searched for
 * "crème"). Then words in CAPITALS. A match after a "may contain" phrase is a trace.
 */
function scanText(
  words: LanguageWords,
  text: string,
  known: (item: string) => string | undefined,
  isIngredient: (item: string) => boolean,
  marked: (item: string) => string,
): Match[] {
  const { glueSplit, phrase, mayContain } = scanPatterns(words);
  const firstMayContain = mayContain?.exec(text)?.index ?? Number.POSITIVE_INFINITY;
  const matches: Match[] = [];
  const overlaps = (start: number, end: number): boolean => matches.some((m) => start < m.end && end > m.start);
  const push = (start: number, word: string, id: string): void => {
    if (!overlaps(start, start + word.length)) {
      matches.push({ start, end: start + word.length, word, id, trace: start > firstMayContain });
    }
  };

  // Marked words, and the compound they start ("_Weizen_eiweiß"), which the segments then skip.
  let masked = text;
  for (const m of text.matchAll(UNDERSCORE_MARK)) {
    const word = (m[1] as string).trim();
    if (word === "" || matches.length >= MAX_MATCHES) continue;
    const start = (m.index as number) + m[0].indexOf(word);
    push(start, word, known(word) ?? marked(word));
    const tail = /^[\p{L}\p{M}]*/u.exec(text.slice((m.index as number) + m[0].length))?.[0] ?? "";
    const length = m[0].length + tail.length;
    masked = masked.slice(0, m.index) + " ".repeat(length) + masked.slice((m.index as number) + length);
  }

  /** Tries one piece [start, end) of the text; true when it is an allergen. */
  const tryPiece = (start: number, end: number): boolean => {
    let word = masked.slice(start, end);
    let from = start;
    const p = phrase?.exec(word);
    if (p != null) {
      from += p[0].length;
      word = word.slice(p[0].length);
    }
    const number = /^\s*\d+(?:[.,]\d+)?\s*%?\s*/u.exec(word);
    if (number !== null) {
      from += number[0].length;
      word = word.slice(number[0].length);
    }
    const digit = /\d/.exec(word);
    if (digit !== null) word = word.slice(0, digit.index);
    const lead = word.length - word.trimStart().length;
    word = word.trim();
    const id = known(word);
    if (id === undefined) return false;
    push(from + lead, word, id);
    return true;
  };
  const trySegment = (segmentStart: number, end: number): void => {
    let start = segmentStart;
    if (tryPiece(start, end)) return;
    const number = /^\s*\d+(?:[.,]\d+)?\s*%?\s*/u.exec(masked.slice(start, end));
    if (number !== null) start += number[0].length;
    const segment = masked.slice(start, end).replace(/\d.*$/su, "");
    const withoutPhrase = phrase === undefined ? segment : segment.replace(phrase, "");
    if (isIngredient(withoutPhrase.trim())) return;
    let last = 0;
    glueSplit.lastIndex = 0;
    for (let m = glueSplit.exec(segment); m !== null; m = glueSplit.exec(segment)) {
      if (m[0].length === 0) {
        glueSplit.lastIndex++;
        continue;
      }
      if (m.index > last) tryPiece(start + last, start + m.index);
      last = m.index + m[0].length;
    }
    if (last > 0 && last < segment.length) tryPiece(start + last, start + segment.length);
  };
  let last = 0;
  SEGMENT_SEPARATOR.lastIndex = 0;
  for (
    let m = SEGMENT_SEPARATOR.exec(masked);
    m !== null && matches.length < MAX_MATCHES;
    m = SEGMENT_SEPARATOR.exec(masked)
  ) {
    if (m.index > last) trySegment(last, m.index);
    last = m.index + m[0].length;
  }
  if (last < masked.length) trySegment(last, masked.length);
  // CAPITALS ("farine de BLE"), only when the text also has lower-case letters.
  if (/\p{Ll}/u.test(text)) {
    const caps = /(?<![\p{L}])\p{Lu}{2,}(?:\s+\p{Lu}{2,})*(?![\p{L}])/gu;
    for (let m = caps.exec(masked); m !== null && matches.length < MAX_MATCHES; m = caps.exec(masked)) {
      tryPiece(m.index, m.index + m[0].length);
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
