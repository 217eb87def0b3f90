/**
 * What a search asks of a store (API.md §5), once the HTTP parameters of v2, v1 and facets are parsed,
 * validated and canonicalised. Free of any database detail: each store answers it with its own indexes.
 */

/** One item of a tag filter: a tag the product must have (or, negated, must not have). */
export type TagLiteral = { kind: "tag"; tag: string; negated: boolean } | { kind: "unknown"; negated: boolean };

/**
 * `<tagtype>_tags=a|b|-c`: the product's `<tagtype>_tags` satisfies at least one literal. `unknown` means
 * the field is missing or empty; a negated `unknown` means it has at least one tag.
 */
export interface TagClause {
  /** `categories`, `nutrition_grades`, … (the field is `<tagtype>_tags`). */
  tagtype: string;
  anyOf: TagLiteral[];
}

export type NumericOperator = "lt" | "lte" | "gt" | "gte" | "eq";

/** A condition on a number: `nutriments.<nid>_100g` or a top-level field such as `additives_n`. */
export interface NumericCondition {
  /** `nutriments.sugars_100g`, `nutriments.energy-kcal_serving`, `additives_n`. */
  field: string;
  op: NumericOperator;
  value: number;
}

/**
 * Full text: the product has every keyword (API.md §5.4), the last one possibly as a prefix. Keywords are
 * normalised like stored ones (lowercase, accents and one trailing `s` removed, punctuation → `-`).
 */
export interface TextCondition {
  keywords: string[];
  /** The last keyword may be the start of a word (autocomplete); it is also matched as written. */
  prefixLast: boolean;
  /** The last keyword as typed, before the trailing `s` was removed (for prefix matching). */
  lastAsTyped?: string;
}

/** Sort orders of API.md §5.5, plus `relevance` (full text without `sort_by`). */
export const SORT_ORDERS = [
  "popularity",
  "nutriscore_score",
  "nova_score",
  "ecoscore_score",
  "created_t",
  "last_modified_t",
  "scans_n",
  "unique_scans_n",
  "product_name",
  "completeness",
  "nothing",
  "relevance",
] as const;

export type SortOrder = (typeof SORT_ORDERS)[number];

export interface SearchQuery {
  /** All must hold. */
  tags: TagClause[];
  /** All must hold; products lacking the number never match. */
  numbers: NumericCondition[];
  /** Only these normalised codes (an empty list matches nothing). */
  codes?: string[];
  text?: TextCondition;
  sort: SortOrder;
  /** Products skipped before the page: (page − 1) × page_size. */
  skip: number;
  /** Page size. */
  limit: number;
}

export interface SearchPage {
  /** Exact number of matching products. */
  count: number;
  /**
   * The page's current documents in order, as the UTF-8 bytes of their stored text
   * (domain/product-document.ts), which answers slice without decoding.
   */
  documents: Buffer[];
}

export interface FacetQuery {
  tagtype: string;
  /** Only products whose `countries_tags` contain this tag (the `cc` parameter). */
  country?: string;
}

export interface FacetTag {
  tag: string;
  products: number;
}

/**
 * Tag counts of some tag types over the first products matching a search, in storage order (the order
 * of `sort_by=nothing`): the facets of a filtered search page, counted from the index, not the documents.
 */
export interface FacetSample {
  /** How many products were counted: the matches, or `limit` of them when there are more. */
  counted: number;
  /** Per tag type asked, its tags among the counted products, most frequent first (ties by tag). */
  facets: Record<string, FacetTag[]>;
}

/** Every tag of a tag type having at least one product, most frequent first (ties by tag). */
export interface FacetCounts {
  tags: FacetTag[];
}

/** Facet tags from their counts: most frequent first, ties by tag. */
export function rankFacetTags(counts: ReadonlyMap<string, number>): FacetTag[] {
  return [...counts]
    .map(([tag, products]) => ({ tag, products }))
    .sort((a, b) => b.products - a.products || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
}
