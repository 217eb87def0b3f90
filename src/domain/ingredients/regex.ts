/**
 * Regular-expression helpers shared by the preparse and the parser, and the compiled per-language
 * patterns (built once per word list).
 */
import type { LanguageWords } from "./types.js";

export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

const alternations = new WeakMap<readonly string[], string>();

/**
 * `(?:a|b|c)` of literal words, longest first so that "de la" wins over "de". Remembered per list: the
 * word lists are the same arrays from one analysis to the next, and some hold hundreds of words.
 */
export function alternation(words: readonly string[]): string {
  let source = alternations.get(words);
  if (source === undefined) {
    const sorted = [...words].sort((a, b) => b.length - a.length).map(escapeRegex);
    source = sorted.length === 0 ? "(?!)" : `(?:${sorted.join("|")})`;
    alternations.set(words, source);
  }
  return source;
}

/** `(?:a|b)` of regular-expression sources. */
export function sourceAlternation(sources: readonly string[]): string {
  return sources.length === 0 ? "(?!)" : `(?:${sources.join("|")})`;
}

/** Letters of any script, for word boundaries that work with accents (JavaScript's `\b` is ASCII only). */
export const LETTER = "[\\p{L}\\p{M}\\p{Nd}]";
export const NOT_LETTER_BEFORE = "(?<![\\p{L}\\p{M}\\p{Nd}])";
export const NOT_LETTER_AFTER = "(?![\\p{L}\\p{M}\\p{Nd}])";

/** Symbols that refer to a legend ("*organic"), INGREDIENTS.md §3.2 step 13. */
export const SYMBOLS = "(?:\\*\\*\\*|\\*\\*|\\*|°°°|°°|°|\\(1\\)|\\(2\\)|¹|²)";

export interface LanguagePatterns {
  words: LanguageWords;
  /** ` and ` (with spaces), case-insensitive. */
  and: RegExp;
  /** A percent or quantity anywhere: groups 1 = number, 2 = unit. */
  percentOrQuantity: string;
  /** The whole fragment ends with a percent or quantity. */
  trailingPercent: RegExp;
  /** The fragment starts with a percent or quantity followed by "of" or a space. */
  leadingPercent: RegExp;
  /** The whole text is a percent or quantity (optionally "per 100 g"). */
  onlyPercent: RegExp;
  /** A bracket group starting with a percent followed by a separator ("64%, origin: Spain"). */
  percentThenSeparator: RegExp;
  /** The text after a separator starts with a lone percent ("X, 20%, …"). */
  percentAfterSeparator: RegExp;
  /** A fragment to skip. */
  ignore: RegExp | undefined;
  /** The may-contain phrase (traces). */
  mayContain: RegExp | undefined;
  /** The contains phrase (allergens). */
  contains: RegExp | undefined;
  /** "of" words, as a leading word to drop. */
  leadingOf: RegExp | undefined;
}

const cache = new Map<LanguageWords, LanguagePatterns>();

export function patternsFor(words: LanguageWords): LanguagePatterns {
  let patterns = cache.get(words);
  if (patterns !== undefined) return patterns;
  const andWords = words.and.length === 0 ? ["and"] : words.and;
  const min = words.min.length === 0 ? "(?!)" : alternation(words.min);
  const max = words.max.length === 0 ? "(?!)" : alternation(words.max);
  const ignoreAfter = sourceAlternation(words.ignore_after_percent);
  const perWords = words.per.length === 0 ? "(?!)" : alternation(words.per);
  const finished = sourceAlternation(words.of_finished_product);
  // INGREDIENTS.md §3.3, "Percent and quantity regexp"; the range start keeps the upper bound.
  const percentOrQuantity =
    `(?:>|<|${min}|${max}|\\s|\\.|:)*` +
    "(?:\\d+(?:[,.]\\d+)?\\s*-\\s*?)?" +
    "(\\d+(?:[,.]\\d+)?)\\s*" +
    "(%|g|gr|mg|kg|ml|cl|dl|l)(?![\\p{L}])\\s*" +
    `(?:${min}|${max}|${ignoreAfter}|\\s|\\)|\\]|\\}|${SYMBOLS})*`;
  const per100 = `(?:\\s*(?:\\s${perWords}\\s|/)\\s*100\\s*(?:g|gr|ml)(?:\\s*${finished})?)?`;
  const ofWords = words.of.length === 0 ? "(?!)" : alternation(words.of);
  patterns = {
    words,
    and: new RegExp(` ${alternation(andWords)} `, "iu"),
    percentOrQuantity,
    trailingPercent: new RegExp(`\\s${percentOrQuantity}${per100}$`, "iu"),
    leadingPercent: new RegExp(`^${percentOrQuantity}(?:\\s*${ofWords}\\s*|\\s+)`, "iu"),
    onlyPercent: new RegExp(`^\\s*${percentOrQuantity}${per100}\\s*$`, "iu"),
    percentThenSeparator: new RegExp(`^${percentOrQuantity}\\s*[,;]\\s*`, "iu"),
    percentAfterSeparator: new RegExp(`^\\s*${percentOrQuantity}(?=[,;]|$)`, "iu"),
    ignore: words.ignore_phrases.length === 0 ? undefined : new RegExp(sourceAlternation(words.ignore_phrases), "iu"),
    mayContain:
      words.may_contain.length === 0
        ? undefined
        : new RegExp(`${NOT_LETTER_BEFORE}${alternation(words.may_contain)}${NOT_LETTER_AFTER}`, "iu"),
    contains:
      words.contains.length === 0
        ? undefined
        : new RegExp(`${NOT_LETTER_BEFORE}${alternation(words.contains)}${NOT_LETTER_AFTER}`, "iu"),
    leadingOf: words.of.length === 0 ? undefined : new RegExp(`^${ofWords}\\s*`, "iu"),
  };
  cache.set(words, patterns);
  return patterns;
}

/** Number text with a decimal comma or point → number. */
export function parseNumber(text: string): number {
  return Number.parseFloat(text.replace(",", "."));
}

/** Grams of a quantity (`normalize_quantity`): kg, l, cl, ml… converted; undefined for other units. */
export function quantityInGrams(value: number, unit: string): number | undefined {
  switch (unit.toLowerCase()) {
    case "g":
    case "gr":
    case "ml":
      return value;
    case "mg":
      return value / 1000;
    case "kg":
    case "l":
      return value * 1000;
    case "cl":
      return value * 10;
    case "dl":
      return value * 100;
    default:
      return undefined;
  }
}
