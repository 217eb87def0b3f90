/**
 * Full text (API.md §5.4, issue #5): what a product is found by, and how `search_terms` becomes the
 * keywords it must have. Both sides are normalised the same way, so matching is plain token equality:
 *   term → string id in its language (lowercase, accents removed for en/fr/es/it/pt/ca, punctuation → `-`)
 *        → split at `-` into words → one trailing `s` removed from each word of 2+ characters.
 * A store may fold remaining accents (German `käse` → `kase`) on both sides as well. A keyword of
 * several words (`coca-cola`) is matched as a phrase. Every `_keywords` entry of a product is thus
 * matched, so `search_terms` finds at least what OFF's `_keywords` rule finds.
 */
import type { Product } from "../product.js";
import { getStringIdForLang, LANGUAGE_PREFIX } from "../taxonomy/string-id.js";
import type { Taxonomies, Taxonomy } from "../taxonomy/types.js";
import { codePointLength } from "../taxonomy/variants.js";
import type { TextCondition } from "./query.js";

/** Terms are separated by commas, apostrophes and whitespace (as `_keywords`). */
const TERM_SEPARATORS = /[,'’\s]+/u;
const LANGUAGE_CODE = /^[a-z]{2}$/;
/** At most this much of one text is read (names and tag texts are short). */
const MAX_TEXT_LENGTH = 10_000;
/** At most this many keywords in a query: a search with more is refused, not cut (which would find too much). */
export const MAX_QUERY_KEYWORDS = 16;

/** `search_terms` has more than {@link MAX_QUERY_KEYWORDS} distinct keywords. */
export class TooManyKeywordsError extends Error {
  constructor() {
    super(
      `search_terms has more than ${MAX_QUERY_KEYWORDS} distinct words; a search takes at most ${MAX_QUERY_KEYWORDS}`,
    );
  }
}

function stripPlural(word: string): string {
  return word.length >= 2 && word.endsWith("s") && codePointLength(word) >= 2 ? word.slice(0, -1) : word;
}

/** The words of one term in `lc`, plural `s` removed; [] for terms under 2 characters. */
function termWords(lc: string, term: string, dropPrefix: boolean): string[] {
  const id = getStringIdForLang(lc, dropPrefix ? term.replace(LANGUAGE_PREFIX, "") : term);
  if (codePointLength(id) < 2) return [];
  return id
    .split("-")
    .filter((w) => w !== "")
    .map(stripPlural);
}

/** Space-separated words of a text in `lc` (the form a store indexes). */
export function textWords(text: string, lc: string, dropPrefix = false): string {
  const words: string[] = [];
  for (const term of text.slice(0, MAX_TEXT_LENGTH).split(TERM_SEPARATORS)) {
    if (term !== "") words.push(...termWords(lc, term, dropPrefix));
  }
  return words.join(" ");
}

/** The indexed texts of a product, one per kind of field (a store may weigh them differently). */
export interface ProductSearchText {
  name: string;
  generic: string;
  brands: string;
  categories: string;
  labels: string;
  origins: string;
}

export const SEARCH_TEXT_COLUMNS = ["name", "generic", "brands", "categories", "labels", "origins"] as const;

/** The product's main language: `lc`, then `lang`, then `en`. */
export function productLanguage(product: Product): string {
  for (const key of ["lc", "lang"]) {
    const value = product[key];
    if (typeof value === "string" && LANGUAGE_CODE.test(value)) return value;
  }
  return "en";
}

/** The product's languages: its main language, then those of its texts (`languages_codes`). */
export function productLanguages(product: Product): string[] {
  const languages = new Set([productLanguage(product)]);
  const codes = product.languages_codes;
  if (codes !== null && typeof codes === "object" && !Array.isArray(codes)) {
    for (const lc of Object.keys(codes)) if (LANGUAGE_CODE.test(lc)) languages.add(lc);
  }
  return [...languages];
}

const NAME_FIELD = /^product_name(?:_([a-z]{2}))?$/;
const GENERIC_FIELD = /^generic_name(?:_([a-z]{2}))?$/;

/** Words of tag texts (brands, categories, …), which recur across products. */
const textWordsCache = new Map<string, string>();
const MAX_CACHED_TEXTS = 100_000;

function cachedTextWords(text: string, lc: string, dropPrefix: boolean): string {
  const key = `${lc}${dropPrefix ? "+" : "-"}${text}`;
  let words = textWordsCache.get(key);
  if (words === undefined) {
    words = textWords(text, lc, dropPrefix);
    if (textWordsCache.size >= MAX_CACHED_TEXTS) textWordsCache.clear();
    textWordsCache.set(key, words);
  }
  return words;
}

/** Words of taxonomy names, by taxonomy, language and tag: the same few thousand names recur in every product. */
const nameWordsCache = new WeakMap<Taxonomy, Map<string, string>>();
const MAX_CACHED_NAMES = 200_000;

function nameWords(taxonomy: Taxonomy, tag: string, lc: string): string {
  let cache = nameWordsCache.get(taxonomy);
  if (cache === undefined) {
    cache = new Map();
    nameWordsCache.set(taxonomy, cache);
  }
  const key = `${lc}${tag}`;
  let words = cache.get(key);
  if (words === undefined) {
    const name = taxonomy.name(tag, lc);
    words = name === undefined ? "" : textWords(name, lc);
    if (cache.size >= MAX_CACHED_NAMES) cache.clear();
    cache.set(key, words);
  }
  return words;
}

function tagNames(product: Product, field: string, taxonomy: Taxonomy, languages: readonly string[]): string[] {
  const tags = product[`${field}_tags`];
  if (!Array.isArray(tags)) return [];
  const out: string[] = [];
  for (const tag of tags.slice(0, 100)) {
    if (typeof tag !== "string") continue;
    for (const lc of languages) {
      const words = nameWords(taxonomy, tag, lc);
      if (words !== "") out.push(words);
    }
  }
  return out;
}

/**
 * What a product is found by: `product_name` and `generic_name` in every language, `brands`, the texts
 * of `categories`, `labels`, `origins` (item prefixes `xx:` dropped) and the names of its categories and
 * labels (ancestors included) in the product's languages.
 */
export function productSearchText(product: Product, taxonomies: Taxonomies): ProductSearchText {
  const lc = productLanguage(product);
  const languages = productLanguages(product);
  const name: string[] = [];
  const generic: string[] = [];
  // `product_name` mirrors `product_name_<lc>`: each distinct text is read once.
  const seen = new Set<string>();
  for (const key in product) {
    // Only `product_name…` and `generic_name…` are read: the first letter rules out most keys.
    const first = key.charCodeAt(0);
    if (first !== 112 && first !== 103) continue;
    const value = product[key];
    if (typeof value !== "string" || value === "" || seen.has(value)) continue;
    const nameMatch = NAME_FIELD.exec(key);
    const genericMatch = nameMatch === null ? GENERIC_FIELD.exec(key) : null;
    if (nameMatch === null && genericMatch === null) continue;
    seen.add(value);
    if (nameMatch) name.push(textWords(value, nameMatch[1] ?? lc));
    else if (genericMatch) generic.push(textWords(value, genericMatch[1] ?? lc));
  }
  const text = (field: string, dropPrefix: boolean): string => {
    const value = product[field];
    return typeof value === "string" ? cachedTextWords(value, lc, dropPrefix) : "";
  };
  const join = (parts: string[]) => parts.filter((p) => p !== "").join(" ");
  return {
    name: join(name),
    generic: join(generic),
    brands: text("brands", false),
    categories: join([text("categories", true), ...tagNames(product, "categories", taxonomies.categories, languages)]),
    labels: join([text("labels", true), ...tagNames(product, "labels", taxonomies.labels, languages)]),
    origins: text("origins", true),
  };
}

/**
 * `search_terms` → the keywords a product must all have, in query order, unique; undefined when no
 * term is long enough; {@link TooManyKeywordsError} beyond {@link MAX_QUERY_KEYWORDS}. The last one is a prefix unless the text ends with a separator ("choc" finds
 * "chocolate"; "choc " does not).
 */
export function textCondition(searchTerms: string, lc: string): TextCondition | undefined {
  const keywords: string[] = [];
  let lastAsTyped: string | undefined;
  for (const term of searchTerms.slice(0, MAX_TEXT_LENGTH).split(TERM_SEPARATORS)) {
    if (term === "") continue;
    const id = getStringIdForLang(lc, term);
    if (codePointLength(id) < 2) continue;
    const words = id.split("-").filter((w) => w !== "");
    const keyword = words.map(stripPlural).join("-");
    if (keyword === "" || keywords.includes(keyword)) continue;
    if (keywords.length === MAX_QUERY_KEYWORDS) throw new TooManyKeywordsError();
    keywords.push(keyword);
    lastAsTyped = words.join("-");
  }
  if (keywords.length === 0) return undefined;
  const prefixLast = !/[,'’\s]$/u.test(searchTerms);
  return prefixLast ? { keywords, prefixLast, lastAsTyped } : { keywords, prefixLast };
}
