/**
 * Full-text keywords (API.md §5.4): the stored `_keywords` of a product and the terms of a
 * `search_terms` query are made the same way, so a product matches when it has every term.
 */

import type { Product } from "./product.js";
import { getStringIdForLang, LANGUAGE_PREFIX } from "./taxonomy/string-id.js";
import type { Taxonomies } from "./taxonomy/types.js";
import { codePointLength, compareCodePoints } from "./taxonomy/variants.js";

/** Terms are separated by commas, apostrophes and whitespace. */
const TERM_SEPARATORS = /[,'’\s]+/u;
/** Language-dependent name fields whose main-language text gives keywords (OFF's compute_keywords). */
const NAME_FIELDS = ["product_name", "generic_name"] as const;
/** Tag texts whose words are keywords; the last three may carry `xx:` prefixes. */
const TAG_TEXT_FIELDS = ["brands", "categories", "origins", "labels"] as const;
const PREFIXED_TAG_TEXT_FIELDS: ReadonlySet<string> = new Set(["categories", "origins", "labels"]);

/**
 * Only the start of each text is read: names and tag texts are short, and this keeps a 1 MiB text
 * from costing a keyword computation per word.
 */
export const MAX_KEYWORD_TEXT_LENGTH = 10_000;

/**
 * One term → keyword: its id in `lc`, dropped under 2 characters, one trailing `s` removed. `xx:` item
 * prefixes of taxonomy texts are not keywords.
 */
function termToKeyword(lc: string, term: string, dropPrefix: boolean): string | undefined {
  const id = getStringIdForLang(lc, dropPrefix ? term.replace(LANGUAGE_PREFIX, "") : term);
  if (codePointLength(id) < 2) return undefined;
  return id.endsWith("s") ? id.slice(0, -1) : id;
}

function addKeywords(keywords: Set<string>, text: string, lc: string, dropPrefix: boolean): void {
  for (const term of text.slice(0, MAX_KEYWORD_TEXT_LENGTH).split(TERM_SEPARATORS)) {
    if (term === "") continue;
    const keyword = termToKeyword(lc, term, dropPrefix);
    if (keyword !== undefined) keywords.add(keyword);
  }
}

function mainLanguage(product: Product): string {
  for (const key of ["lc", "lang"]) {
    const value = product[key];
    if (typeof value === "string" && /^[a-z]{2}$/.test(value)) return value;
  }
  return "en";
}

/**
 * `_keywords` (API.md §5.4) as OFF's compute_keywords builds them: sorted, unique keywords of the main
 * language's `product_name` and `generic_name` (the unsuffixed mirror, else `<field>_<lc>`; a name only
 * in another language adds none: full-text search still finds it through its own index) and the texts
 * of `brands`, `categories`, `origins`, `labels`, read in the product's main language. Keywords come
 * from the stored texts only; `taxonomies` is accepted for callers that have them at hand and is not
 * needed by the current rules.
 */
export function computeKeywords(product: Product, _taxonomies?: Taxonomies): string[] {
  const lc = mainLanguage(product);
  const keywords = new Set<string>();
  for (const field of NAME_FIELDS) {
    const mirror = product[field];
    const value = typeof mirror === "string" ? mirror : product[`${field}_${lc}`];
    if (typeof value === "string") addKeywords(keywords, value, lc, false);
  }
  for (const field of TAG_TEXT_FIELDS) {
    const value = product[field];
    if (typeof value === "string") addKeywords(keywords, value, lc, PREFIXED_TAG_TEXT_FIELDS.has(field));
  }
  return [...keywords].sort(compareCodePoints);
}

/** `search_terms` → the keywords a product must all have (API.md §5.4), unique, in query order. */
export function searchTermsToKeywords(terms: string, lc: string): string[] {
  const keywords = new Set<string>();
  addKeywords(keywords, terms, lc, false);
  return [...keywords];
}
