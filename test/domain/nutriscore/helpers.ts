/** Test helpers: the real shipped taxonomy and products as the write path stores them. */

import type { Product } from "../../../src/domain/product.js";
import { getTaxonomyId } from "../../../src/domain/taxonomy/index.js";
import type { Taxonomies, Taxonomy } from "../../../src/domain/taxonomy/types.js";
import { loadTaxonomies } from "../../../src/storage/taxonomy-files.js";

let loaded: Taxonomies | undefined;

/** The shipped taxonomies (categories.txt + supplement), loaded once per test file. */
export function taxonomies(): Taxonomies {
  loaded ??= loadTaxonomies();
  return loaded;
}

/** `created_t` of a product created "now" (after OFF's 2021 constant). */
export const CREATED_NOW = 1_700_000_000;

function compareCodePoints(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * `categories_tags` for a `categories` text (TAXONOMY.md §5.2–§5.4): split on commas, per-item
 * language prefix, canonicalise, add all ancestors, sort by level descending then id.
 */
export function categoriesTagsFor(lc: string, text: string): string[] {
  const categories = taxonomies().categories;
  const found = new Set<string>();
  for (const raw of text.split(/\s*,\s*/)) {
    const item = raw.trim();
    if (item === "") continue;
    const canonical = categories.canonicalize(lc, item);
    found.add(canonical);
    if (categories.has(canonical)) for (const ancestor of categories.ancestors(canonical)) found.add(ancestor);
  }
  return [...found]
    .sort((a, b) => categories.level(b) - categories.level(a) || compareCodePoints(a, b))
    .map((tag) => (categories.has(tag) ? tag : getTaxonomyId(lc, tag)));
}

/**
 * `nutriments` as stored after a write (NUTRITION.md §1.7), from per-100 g values keyed by nid
 * (`energy` in kJ, `sodium` in g). Only `<nid>` and `<nid>_100g` matter to the Nutri-Score.
 */
export function storedNutriments(per100g: Record<string, number>): Record<string, number | string> {
  const nutriments: Record<string, number | string> = {};
  for (const [nid, value] of Object.entries(per100g)) {
    nutriments[nid] = value;
    nutriments[`${nid}_100g`] = value;
  }
  return nutriments;
}

export interface ProductSpec {
  categories?: string;
  lc?: string;
  /** Per-100 g values keyed by nid (see {@link storedNutriments}). */
  nutriments?: Record<string, number>;
  createdT?: number;
  extra?: Product;
}

/** A product as the write path would store it before the Nutri-Score step. */
export function makeProduct(spec: ProductSpec): Product {
  const lc = spec.lc ?? "en";
  const product: Product = {
    code: "0000000000017",
    lc,
    product_name: "Test product",
    created_t: spec.createdT ?? CREATED_NOW,
  };
  if (spec.categories !== undefined) {
    product.categories = spec.categories;
    product.categories_lc = lc;
    product.categories_tags = categoriesTagsFor(lc, spec.categories);
  }
  if (spec.nutriments !== undefined) product.nutriments = storedNutriments(spec.nutriments);
  return { ...product, ...spec.extra };
}

/**
 * A taxonomy that answers like `real` except for the given methods (bound delegation, so it works
 * whatever the real implementation keeps privately).
 */
export function delegatingTaxonomy(real: Taxonomy, overrides: Partial<Taxonomy>): Taxonomy {
  return {
    tagtype: real.tagtype,
    has: (id) => real.has(id),
    ids: () => real.ids(),
    parents: (id) => real.parents(id),
    ancestors: (id) => real.ancestors(id),
    level: (id) => real.level(id),
    property: (id, key) => real.property(id, key),
    properties: (id) => real.properties(id),
    inheritedProperty: (id, key) => real.inheritedProperty(id, key),
    name: (id, lc) => real.name(id, lc),
    canonicalize: (lc, text) => real.canonicalize(lc, text),
    displayName: (targetLc, tag) => real.displayName(targetLc, tag),
    ...overrides,
  };
}
