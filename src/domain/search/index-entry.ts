/**
 * What a search index keeps of one product: its tags per tag type, the numbers conditions apply to,
 * the sort keys of API.md §5.5 and the texts full text searches. Pure; each store lays it out in its
 * own index structures.
 */
import { languageFieldValue } from "../fields.js";
import type { Product } from "../product.js";
import { ObjectProductView } from "../product-document.js";
import { NUTRITION_KEYS, nutrimentsForComputation } from "../schema/computation.js";
import type { Taxonomies } from "../taxonomy/types.js";
import { parseNumber } from "./params.js";
import { CREATOR_TAG_TYPE, SEARCH_TAG_TYPES } from "./tag-types.js";
import { type ProductSearchText, productSearchText } from "./text.js";

/** Sort keys; `undefined` = the product lacks the key (it sorts last). */
export interface ProductSortKeys {
  popularity?: number;
  /** `last_modified_t` of products without popularity (0 or absent), which the default order ranks by. */
  recency?: number;
  nutriscore?: number;
  nova?: number;
  ecoscore?: number;
  created?: number;
  modified?: number;
  scans?: number;
  uniqueScans?: number;
  /** `product_name` as served without `lc` (API.md §3.3), lowercased. */
  name?: string;
  completeness?: number;
}

export interface ProductIndexEntry {
  /** Non-empty `<tagtype>_tags` of the known tag types, without duplicates. */
  tags: Map<string, string[]>;
  /** `nutriments.<nid>_100g|_serving` values and the top-level counts of v1 conditions. */
  numbers: Map<string, number>;
  sort: ProductSortKeys;
  text: ProductSearchText;
}

/** Top-level numbers v1 conditions may name (API.md §5.7). */
export const TOP_LEVEL_NUMBER_FIELDS = ["ingredients_n", "additives_n", "known_ingredients_n", "unknown_ingredients_n"];

/** Tags kept per tag type, and nutrients per product: bounds against pathological documents. */
const MAX_TAGS_PER_TYPE = 1000;
/**
 * Longer tags are not indexed, and names sort by their first characters only. Writes refuse tag items
 * over 250 characters, but a dump may hold anything, and an index entry of PostgreSQL holds at most
 * 2704 bytes (a 3000-character name stopped a whole import). 500 characters are 2000 bytes at most.
 */
const MAX_INDEXED_TAG_LENGTH = 500;
const MAX_SORT_NAME_LENGTH = 500;
const MAX_NUMBERS = 500;
const TAG_KEYS: ReadonlyArray<readonly [string, string]> = SEARCH_TAG_TYPES.map((t) => [t, `${t}_tags`] as const);
/** Top-level keys of sort keys, read by {@link readMembers} after the tag keys and the top-level numbers. */
const SORT_KEY_FIELDS = [
  "popularity_key",
  "last_modified_t",
  "nutriscore_score",
  "nova_group",
  "ecoscore_score",
  "created_t",
  "scans_n",
  "unique_scans_n",
  "completeness",
] as const;
type SortKeyField = (typeof SORT_KEY_FIELDS)[number];
const MEMBER_KEYS: readonly string[] = [
  ...TAG_KEYS.map(([, key]) => key),
  ...TOP_LEVEL_NUMBER_FIELDS,
  ...SORT_KEY_FIELDS,
];
const MEMBER_SLOT: ReadonlyMap<string, number> = new Map(MEMBER_KEYS.map((key, slot) => [key, slot]));
const TOP_LEVEL_NUMBER_SLOT = TAG_KEYS.length;
const SORT_KEY_SLOT = Object.fromEntries(
  SORT_KEY_FIELDS.map((field, i) => [field, TAG_KEYS.length + TOP_LEVEL_NUMBER_FIELDS.length + i]),
) as Record<SortKeyField, number>;

/**
 * The values of MEMBER_KEYS the product has, by slot (MEMBER_KEYS order). One walk of the product's own
 * keys (a few dozen) costs far less than looking up each of the hundred tag types: looking up a key an
 * object lacks takes V8's slow path, and those lookups were half the time of an index entry.
 */
function readMembers(product: Product): unknown[] {
  const members = new Array<unknown>(MEMBER_KEYS.length);
  for (const key in product) {
    const slot = MEMBER_SLOT.get(key);
    if (slot !== undefined) members[slot] = product[key];
  }
  return members;
}

const NUTRIENT_KEY = /^[a-z0-9][a-z0-9-]*(?:_prepared)?_(?:100g|serving)$/;

/**
 * `nutriments.<key>` for a nutrient key that is indexed, null for another key. Remembered: documents
 * reuse the same few hundred keys, so a product's keys cost a lookup each instead of a regex test and
 * a new string.
 */
const nutrientFieldOfKey = new Map<string, string | null>();
const MAX_REMEMBERED_NUTRIENT_KEYS = 100_000;

function nutrientField(key: string): string | null {
  let field = nutrientFieldOfKey.get(key);
  if (field === undefined) {
    field = NUTRIENT_KEY.test(key) ? `nutriments.${key}` : null;
    if (nutrientFieldOfKey.size < MAX_REMEMBERED_NUTRIENT_KEYS) nutrientFieldOfKey.set(key, field);
  }
  return field;
}

/**
 * A text without U+0000. A dump may hold it (imports keep documents as they are) but no index may:
 * PostgreSQL's text cannot, and searches refuse it (http/params.ts).
 */
function withoutNul(text: string): string {
  return text.includes("\u0000") ? text.replaceAll("\u0000", "") : text;
}

/** The name as it sorts: without NUL, its first MAX_SORT_NAME_LENGTH characters (no half surrogate pair). */
function sortName(name: string): string {
  let text = withoutNul(name);
  if (text.length > MAX_SORT_NAME_LENGTH) {
    const cut = text.charCodeAt(MAX_SORT_NAME_LENGTH - 1);
    text = text.slice(0, cut >= 0xd800 && cut <= 0xdbff ? MAX_SORT_NAME_LENGTH - 1 : MAX_SORT_NAME_LENGTH);
  }
  return text;
}

/** A number as stored (OFF dumps sometimes hold numeric strings). */
function numberOf(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value === "string") return parseNumber(value);
  return undefined;
}

/** Top-level keys {@link productIndexEntry} reads (besides tags and language fields). */
const INDEXED_KEYS: ReadonlySet<string> = new Set([
  ...TOP_LEVEL_NUMBER_FIELDS,
  ...SORT_KEY_FIELDS,
  ...NUTRITION_KEYS,
  "lang",
  "lc",
  "languages_codes",
  "brands",
  "categories",
  "labels",
  "origins",
  "creator",
  ...SEARCH_TAG_TYPES.map((t) => `${t}_tags`),
]);
const INDEXED_LANGUAGE_FIELD = /^(?:product_name|generic_name)(?:_[a-z]{2})?$/;

/**
 * The members of a stored document that {@link productIndexEntry} reads, parsed one by one from the
 * stored layout (one top-level member per line, domain/product-document.ts) so that the rest (the
 * Nutri-Score details, ingredients, …) is never parsed; other JSON text is parsed whole.
 */
export function indexedMembers(doc: string): Product {
  if (!doc.startsWith("{\n")) return JSON.parse(doc) as Product;
  try {
    return membersByLine(doc);
  } catch {
    return JSON.parse(doc) as Product;
  }
}

function membersByLine(doc: string): Product {
  const product: Product = {};
  let start = 2;
  while (start < doc.length) {
    let end = doc.indexOf("\n", start);
    if (end < 0) end = doc.length;
    // A member line is `"key":value` followed by a comma unless it is the last one.
    if (doc.charCodeAt(start) === 34) {
      const colon = doc.indexOf('":', start + 1);
      const rawKey = doc.slice(start + 1, colon);
      const key = rawKey.includes("\\") ? (JSON.parse(`"${rawKey}"`) as string) : rawKey;
      if (INDEXED_KEYS.has(key) || INDEXED_LANGUAGE_FIELD.test(key)) {
        const valueEnd = doc.charCodeAt(end - 1) === 44 ? end - 1 : end;
        product[key] = JSON.parse(doc.slice(colon + 2, valueEnd));
      }
    }
    start = end + 1;
  }
  return product;
}

export function productIndexEntry(product: Product, taxonomies: Taxonomies): ProductIndexEntry {
  const members = readMembers(product);
  const sortKey = (field: SortKeyField): number | undefined => numberOf(members[SORT_KEY_SLOT[field]]);
  const tags = new Map<string, string[]>();
  for (let slot = 0; slot < TAG_KEYS.length; slot++) {
    const value = members[slot];
    const tagtype = (TAG_KEYS[slot] as readonly [string, string])[0];
    if (!Array.isArray(value) || value.length === 0) continue;
    const unique = new Set<string>();
    for (const tag of value) {
      if (typeof tag === "string" && tag !== "" && tag.length <= MAX_INDEXED_TAG_LENGTH) unique.add(withoutNul(tag));
      if (unique.size >= MAX_TAGS_PER_TYPE) break;
    }
    if (unique.size > 0) tags.set(tagtype, [...unique]);
  }
  // OFF's `users` tag type is the product's creator (`/contributor/{user_id}`), not an array of its own.
  tags.delete(CREATOR_TAG_TYPE);
  const creator = product.creator;
  if (typeof creator === "string" && creator !== "" && creator.length <= MAX_INDEXED_TAG_LENGTH) {
    tags.set(CREATOR_TAG_TYPE, [withoutNul(creator)]);
  }

  const numbers = new Map<string, number>();
  // Nutrient values as every computed value reads them: from the aggregated set, whatever the layout.
  const record: Record<string, unknown> = nutrimentsForComputation(product, taxonomies);
  {
    // for...in walks the keys without making an array of [key, value] pairs (parsed JSON: own keys only).
    for (const key in record) {
      const field = nutrientField(key);
      if (field === null) continue;
      const n = numberOf(record[key]);
      if (n !== undefined) numbers.set(field, n);
      if (numbers.size >= MAX_NUMBERS) break;
    }
  }
  TOP_LEVEL_NUMBER_FIELDS.forEach((field, i) => {
    const n = numberOf(members[TOP_LEVEL_NUMBER_SLOT + i]);
    if (n !== undefined) numbers.set(field, n);
  });

  const popularity = sortKey("popularity_key");
  const modified = sortKey("last_modified_t");
  // As a read without `lc` serves `product_name` (API.md §3.3), the stored mirror when no language has one.
  const served = languageFieldValue(new ObjectProductView(product), "product_name", undefined) ?? product.product_name;
  const name = typeof served === "string" ? served.toLowerCase() : undefined;
  const sort: ProductSortKeys = {
    popularity,
    recency: popularity === undefined || popularity === 0 ? modified : undefined,
    nutriscore: sortKey("nutriscore_score"),
    nova: sortKey("nova_group"),
    ecoscore: sortKey("ecoscore_score"),
    created: sortKey("created_t"),
    modified,
    scans: sortKey("scans_n"),
    uniqueScans: sortKey("unique_scans_n"),
    name: name === undefined || name.trim() === "" ? undefined : sortName(name),
    completeness: sortKey("completeness"),
  };
  return { tags, numbers, sort, text: productSearchText(product, taxonomies) };
}
