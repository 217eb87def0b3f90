/**
 * Id variants shared by the build and by canonicalisation: stopword removal and plural removal
 * (TAXONOMY.md §4.4), percent normalisation (§5.3 step 3), code-point ordering.
 */

import { WORD_CHAR } from "./string-id.js";

const SURROGATE = /[\ud800-\udfff]/;

/** Compares by Unicode code point (a surrogate pair sorts after every BMP character). */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  // UTF-16 order equals code-point order unless a character above U+FFFF is involved.
  if (!SURROGATE.test(a) && !SURROGATE.test(b)) return a < b ? -1 : 1;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) {
      const xSurrogate = x >= 0xd800 && x <= 0xdfff;
      const ySurrogate = y >= 0xd800 && y <= 0xdfff;
      if (xSurrogate !== ySurrogate) return xSurrogate ? 1 : -1;
      return x - y;
    }
  }
  return a.length - b.length;
}

/** True when the string has a character above U+FFFF (where UTF-16 order and code-point order differ). */
export function hasAstralCharacters(text: string): boolean {
  return SURROGATE.test(text);
}

/** Sorts in place by code point; the plain default sort when no string has a character above U+FFFF. */
export function sortByCodePoints<T extends string>(strings: T[]): T[] {
  // An explicit comparator: V8's default sort converts and compares much more slowly.
  return strings.some((s) => SURROGATE.test(s))
    ? strings.sort(compareCodePoints)
    : strings.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Length in code points (Perl's `length` on a character string). */
export function codePointLength(text: string): number {
  if (!SURROGATE.test(text)) return text.length;
  let length = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) length--;
  }
  return length;
}

function escapeRegExp(text: string): string {
  // "-" is not escaped: outside a character class it is literal, and the `u` flag rejects `\-`.
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/**
 * The stopword pattern of one language: a run of stopwords delimited by `-` or the id ends. The
 * alternation keeps the file order, as OFF's regular expression does (it matters for multi-word
 * stopwords such as Catalan `a-les`).
 */
export function compileStopwords(lc: string, stopwordIds: readonly string[]): RegExp | undefined {
  const unique = [...new Set(stopwordIds)].filter((w) => w !== "");
  if (unique.length === 0) return undefined;
  const alternation = unique.map(escapeRegExp).join("|");
  // Japanese has no word separators: stopwords are removed wherever they occur.
  if (lc === "ja") return new RegExp(`(?:${alternation})`, "gu");
  return new RegExp(`(?:^|-)(?:${alternation})(?:-(?:${alternation}))*(?:-|$)`, "gu");
}

const NOT_WORD_BEFORE = `(?<!${WORD_CHAR})`;
const NOT_WORD_AFTER = `(?!${WORD_CHAR})`;
/** French `des-de` ("dés de tomates") and `en-des` are not stopwords in that position. */
const FRENCH_PROTECTED = new RegExp(`${NOT_WORD_BEFORE}(des-de|en-des)${NOT_WORD_AFTER}`, "gu");

/** Removes stopwords from an id (TAXONOMY.md §4.4); `pattern` comes from {@link compileStopwords}. */
export function removeStopwords(lc: string, id: string, pattern: RegExp | undefined): string {
  if (pattern === undefined) return id;
  let s = id;
  const protectFrench = lc === "fr" && (s.includes("des-de") || s.includes("en-des"));
  // Upper case cannot match a (lowercase) stopword; ids never contain upper case otherwise.
  if (protectFrench) s = s.replace(FRENCH_PROTECTED, (m) => m.toUpperCase());
  s = s.replace(pattern, lc === "ja" ? "" : "-");
  if (s.includes("--")) s = s.replace(/-{2,}/g, "-");
  if (s.startsWith("-")) s = s.slice(1);
  if (s.endsWith("-")) s = s.slice(0, -1);
  if (protectFrench) s = s.replace(/DES-DE|EN-DES/g, (m) => m.toLowerCase());
  return s;
}

/** Crude plural removal (TAXONOMY.md §4.4): en/es drop `s`, fr drops `s`/`x`, at word ends. */
export function removePlurals(lc: string, id: string): string {
  if (lc === "en" || lc === "es") return id.replace(/s$/, "").replace(/s-/g, "-");
  if (lc === "fr") return id.replace(/[sx]$/, "").replace(/[sx]-/g, "-");
  return id;
}

/**
 * Percent normalisation (TAXONOMY.md §5.3 step 3): each number followed by `%` is rewritten with at most
 * two decimals and no trailing zeros, so `12.50 %` and `12.5%` give the same id.
 */
export function normalizePercentages(text: string): string {
  if (!text.includes("%")) return text;
  return text.replace(/(\d+)(?:[.,](\d+))?\s*%/g, (_match, integer: string, decimals: string | undefined) => {
    // Integers are already in standard form; huge numbers would turn into exponent notation.
    if (decimals === undefined || integer.length > 15)
      return `${integer}${decimals === undefined ? "" : `.${decimals}`}%`;
    const rounded = Number(`${integer}.${decimals}`)
      .toFixed(2)
      .replace(/\.?0+$/, "");
    return `${rounded}%`;
  });
}
