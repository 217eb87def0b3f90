/**
 * Product tag fields (API.md §4.4, TAXONOMY.md §5): from the stored text of `categories`, `labels`,
 * `brands`, … to `<f>_tags`, `<f>_hierarchy`, `<f>_lc`; `add_<f>`; display names for
 * `<tagtype>_tags_<lc>`; canonical filter values for search (API.md §5.2). Pure functions.
 */

import { getString, getStringArray, type Product } from "./product.js";
import { getStringIdForLang, getTaxonomyId, splitLanguagePrefix } from "./taxonomy/string-id.js";
import type { Taxonomies, Taxonomy, TaxonomyName } from "./taxonomy/types.js";
import { compareCodePoints } from "./taxonomy/variants.js";

/**
 * How a tag field turns text into tags:
 * - `taxonomy`: items canonicalised against a shipped taxonomy, ancestors added;
 * - `prefixed`: no taxonomy shipped, each item becomes `<lang>:<id>`;
 * - `free`: the `no_language` id, no prefix, no `_hierarchy`/`_lc`.
 */
export type TagFieldKind = "taxonomy" | "prefixed" | "free";

export interface TagFieldDescription {
  readonly kind: TagFieldKind;
  /** The taxonomy of a `taxonomy` field. */
  readonly taxonomy?: TaxonomyName;
}

export const TAG_FIELDS = {
  categories: { kind: "taxonomy", taxonomy: "categories" },
  labels: { kind: "taxonomy", taxonomy: "labels" },
  countries: { kind: "taxonomy", taxonomy: "countries" },
  origins: { kind: "prefixed" },
  allergens: { kind: "prefixed" },
  traces: { kind: "prefixed" },
  packaging: { kind: "prefixed" },
  brands: { kind: "free" },
  stores: { kind: "free" },
  manufacturing_places: { kind: "free" },
  purchase_places: { kind: "free" },
  emb_codes: { kind: "free" },
} as const satisfies Readonly<Record<string, TagFieldDescription>>;

export type TagField = keyof typeof TAG_FIELDS;

export function isTagField(name: string): name is TagField {
  return Object.hasOwn(TAG_FIELDS, name);
}

/** The taxonomy behind a tag field or tag type (`categories`), if one is shipped. */
export function taxonomyOfField(field: string, taxonomies: Taxonomies): Taxonomy | undefined {
  if (!isTagField(field)) return undefined;
  const description: TagFieldDescription = TAG_FIELDS[field];
  return description.taxonomy === undefined ? undefined : taxonomies[description.taxonomy];
}

/**
 * Limits that keep pathological input cheap: a tag text is split into at most this many distinct
 * items, each cut to this many characters (the longest shipped taxonomy name has 114).
 */
export const MAX_TAG_ITEMS = 250;
export const MAX_TAG_ITEM_LENGTH = 250;

/** The language's word for "and" used to split unknown items (TAXONOMY.md §5.2). */
const AND_WORDS: Readonly<Record<string, string>> = {
  en: " and ",
  fr: " et ",
  de: " und ",
  es: " y ",
  fi: " ja ",
  it: " e ",
  pt: " e ",
  nl: " en ",
  da: " og ",
  cs: " a ",
};
const AND_PATTERNS = new Map<string, RegExp>();

function andPattern(lc: string): RegExp {
  const word = AND_WORDS[lc] ?? " and ";
  let pattern = AND_PATTERNS.get(word);
  if (pattern === undefined) {
    pattern = new RegExp(word, "iu");
    AND_PATTERNS.set(word, pattern);
  }
  return pattern;
}

const LANGUAGE_CODE = /^[a-z]{2}$/;

function languageCode(value: unknown): string | undefined {
  return typeof value === "string" && LANGUAGE_CODE.test(value) ? value : undefined;
}

/** The language a tag field's text is read in: its stored `<f>_lc`, else the product's `lc`/`lang`, else `en`. */
export function tagFieldLanguage(product: Product, field: string): string {
  return languageCode(product[`${field}_lc`]) ?? languageCode(product.lc) ?? languageCode(product.lang) ?? "en";
}

/** Cuts a string to at most `max` UTF-16 units without splitting a surrogate pair. */
function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/** At most this many comma-separated pieces are read (empty and duplicate ones included). */
const MAX_TAG_PIECES = 4 * MAX_TAG_ITEMS;

/**
 * Splits a tag text on commas: items trimmed, empty ones dropped, exact duplicates removed, capped.
 * Scans piece by piece so that the work is bounded whatever the length of the text.
 */
export function splitTagText(text: string): string[] {
  const items = new Set<string>();
  let start = 0;
  for (let piece = 0; piece < MAX_TAG_PIECES && start <= text.length; piece++) {
    const comma = text.indexOf(",", start);
    const end = comma < 0 ? text.length : comma;
    const item = truncate(text.slice(start, end).trim(), MAX_TAG_ITEM_LENGTH).trim();
    if (item !== "") {
      items.add(item);
      if (items.size >= MAX_TAG_ITEMS) break;
    }
    start = end + 1;
  }
  return [...items];
}

/**
 * Why a tag text is over the limits its tags are computed within (more than MAX_TAG_ITEMS distinct
 * items, or an item longer than MAX_TAG_ITEM_LENGTH), or undefined. A write refuses such a text
 * instead of keeping fewer tags than it was sent.
 */
export function tagTextOverLimits(text: string): string | undefined {
  const items = new Set<string>();
  for (let start = 0; start <= text.length; ) {
    const comma = text.indexOf(",", start);
    const end = comma < 0 ? text.length : comma;
    const item = text.slice(start, end).trim();
    if (item.length > MAX_TAG_ITEM_LENGTH) return `has an item longer than ${MAX_TAG_ITEM_LENGTH} characters`;
    if (item !== "") {
      items.add(item);
      if (items.size > MAX_TAG_ITEMS) return `has more than ${MAX_TAG_ITEMS} items`;
    }
    start = end + 1;
  }
  return undefined;
}

/** An item's language (its `xx:` prefix, else the field language) and its text without prefix. */
function itemLanguage(item: string, fieldLc: string): [lc: string, text: string] {
  const prefixed = splitLanguagePrefix(item);
  return prefixed === undefined ? [fieldLc, item] : [prefixed[0].toLowerCase(), prefixed[1].trim()];
}

/** Canonical tags of one item (TAXONOMY.md §5.2 step 3: unknown items split at the word for "and"). */
function canonicalTagsOfItem(taxonomy: Taxonomy, lc: string, text: string, fieldLc: string): string[] {
  const canonical = taxonomy.canonicalize(lc, text);
  if (taxonomy.has(canonical)) return [canonical];
  const and = andPattern(fieldLc).exec(text);
  if (and !== null) {
    const left = taxonomy.canonicalize(lc, text.slice(0, and.index));
    const right = taxonomy.canonicalize(lc, text.slice(and.index + and[0].length));
    if (taxonomy.has(left) && taxonomy.has(right)) return [left, right];
  }
  return [canonical];
}

/**
 * `<f>_hierarchy` of a taxonomy or language-prefixed field (TAXONOMY.md §5.2–§5.4): canonical tags and
 * all their ancestors, sorted by level descending then code points; unknown items as `<lc>:<text>`.
 * Tags with the same id form are kept once, so that `_hierarchy` and `_tags` stay aligned.
 */
export function tagHierarchy(text: string, fieldLc: string, taxonomy: Taxonomy | undefined): string[] {
  const collected = new Set<string>();
  for (const item of splitTagText(text)) {
    const [lc, itemText] = itemLanguage(item, fieldLc);
    if (itemText === "") continue;
    const canonicalTags =
      taxonomy === undefined ? [`${lc}:${itemText}`] : canonicalTagsOfItem(taxonomy, lc, itemText, fieldLc);
    for (const tag of canonicalTags) {
      const id = getTaxonomyId(lc, tag);
      if (id === "" || id.endsWith(":")) continue;
      collected.add(tag);
      if (taxonomy !== undefined) for (const ancestor of taxonomy.ancestors(tag)) collected.add(ancestor);
    }
  }
  const level = (tag: string): number => taxonomy?.level(tag) ?? 0;
  const sorted = [...collected].sort((a, b) => level(b) - level(a) || compareCodePoints(a, b));
  const seenIds = new Set<string>();
  return sorted.filter((tag) => {
    const id = getTaxonomyId(fieldLc, tag);
    if (seenIds.has(id)) return false;
    seenIds.add(id);
    return true;
  });
}

/** `<f>_tags` of a free field: `no_language` ids, in text order, without duplicates. */
export function freeTags(text: string): string[] {
  const tags = new Set<string>();
  for (const item of splitTagText(text)) {
    const id = getStringIdForLang("no_language", item);
    if (id !== "") tags.add(id);
  }
  return [...tags];
}

/**
 * The computed keys of every tag field whose text is present in the product: `<f>_tags`, plus
 * `<f>_hierarchy` and `<f>_lc` for taxonomy and language-prefixed fields. Computed from the stored
 * text only, so the same call serves writes and re-processing of imports; the caller merges the result.
 */
export function computeTagFields(product: Product, taxonomies: Taxonomies): Product {
  const computed: Product = {};
  for (const field of Object.keys(TAG_FIELDS) as TagField[]) {
    const text = getString(product, field);
    if (text === undefined) continue;
    if (TAG_FIELDS[field].kind === "free") {
      computed[`${field}_tags`] = freeTags(text);
      continue;
    }
    const lc = tagFieldLanguage(product, field);
    const hierarchy = tagHierarchy(text, lc, taxonomyOfField(field, taxonomies));
    computed[`${field}_hierarchy`] = hierarchy;
    computed[`${field}_tags`] = hierarchy.map((tag) => getTaxonomyId(lc, tag));
    computed[`${field}_lc`] = lc;
  }
  return computed;
}

/**
 * The tag id a value stands for in a field, read in language `lc` (an `xx:` prefix overrides it), as
 * stored in `<f>_tags`: canonicalised like write input for taxonomy fields, `<lc>:<id>` for
 * language-prefixed fields, the `no_language` id for free fields (API.md §5.2). Other tag types
 * (`states`, `misc`, `nutrition_grades`, …) keep an `xx:` prefix and get the `no_language` id otherwise.
 * A `_tags` suffix on the field name is accepted. Empty value → "".
 */
export function canonicalizeTagForField(field: string, lc: string, value: string, taxonomies: Taxonomies): string {
  const name = field.endsWith("_tags") ? field.slice(0, -"_tags".length) : field;
  const text = truncate(value.trim(), MAX_TAG_ITEM_LENGTH).trim();
  if (text === "") return "";
  if (!isTagField(name)) {
    return splitLanguagePrefix(text) === undefined
      ? getStringIdForLang("no_language", text)
      : getTaxonomyId("no_language", text);
  }
  if (TAG_FIELDS[name].kind === "free") return getStringIdForLang("no_language", text);
  const [itemLc, itemText] = itemLanguage(text, lc);
  const taxonomy = taxonomyOfField(name, taxonomies);
  if (taxonomy === undefined) return `${itemLc}:${getStringIdForLang(itemLc, itemText)}`;
  return getTaxonomyId(itemLc, taxonomy.canonicalize(itemLc, itemText));
}

/**
 * `add_<f>` (API.md §4.4): the new text of `<f>` after appending the items of `additions` (read in the
 * request language `lc`) whose tag is not already in `<f>_tags`. Appended with `", "`; prefixed `lc:`
 * when `lc` differs from the field's language. Returns the current text when nothing is added; the
 * caller then recomputes the tags with {@link computeTagFields}.
 */
export function appendTagsToText(
  product: Product,
  field: TagField,
  additions: string,
  lc: string,
  taxonomies: Taxonomies,
): string {
  const current = getString(product, field) ?? "";
  const existing = new Set(getStringArray(product, `${field}_tags`));
  const fieldLc = tagFieldLanguage(product, field);
  const prefixNeeded = TAG_FIELDS[field].kind !== "free" && lc !== fieldLc;
  const added: string[] = [];
  for (const item of splitTagText(additions)) {
    const tag = canonicalizeTagForField(field, lc, item, taxonomies);
    if (tag === "" || existing.has(tag)) continue;
    existing.add(tag);
    added.push(prefixNeeded && splitLanguagePrefix(item) === undefined ? `${lc}:${item}` : item);
  }
  if (added.length === 0) return current;
  return current.trim() === "" ? added.join(", ") : `${current}, ${added.join(", ")}`;
}

/**
 * `<tagtype>_tags_<lc>` (TAXONOMY.md §6): each tag replaced by its display name in `targetLc`, same
 * order. Tag types without a taxonomy keep their ids.
 */
export function displayTags(tags: readonly string[], targetLc: string, taxonomy: Taxonomy | undefined): string[] {
  return taxonomy === undefined ? [...tags] : tags.map((tag) => taxonomy.displayName(targetLc, tag));
}
