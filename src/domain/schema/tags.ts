/**
 * Tag-field steps of the schema: 1000 ⇄ 1001 (`ingredients_hierarchy`, brands) and 1003 ⇄ 1004
 * (`tags_sources`), after OFF's ProductSchemaChanges.pm.
 */
import type { Product } from "../product.js";
import { TAG_FIELDS, taxonomyOfField } from "../tags.js";
import type { Taxonomies } from "../taxonomy/types.js";

/** The tag fields a contributor writes directly (OFF's `@writable_tags_fields_list`, as foodbase knows them). */
export const WRITABLE_TAG_FIELDS: readonly string[] = Object.keys(TAG_FIELDS);

/** 1000 → 1001: `ingredients_hierarchy` duplicated `ingredients_tags`. */
export function removeIngredientsHierarchy(product: Product): void {
  delete product.ingredients_hierarchy;
}

/**
 * 1001 → 1000: `ingredients_hierarchy` again, and brand tags without OFF's `xx:` prefix. foodbase keeps
 * brands as free tags (never `xx:`-prefixed), so the upgrade leaves them as they are.
 */
export function restoreIngredientsHierarchy(product: Product): void {
  if (product.ingredients_tags !== undefined) product.ingredients_hierarchy = product.ingredients_tags;
  delete product.brands_lc;
  delete product.brands_hierarchy;
  if (Array.isArray(product.brands_tags)) {
    product.brands_tags = product.brands_tags.map((tag) => (typeof tag === "string" ? tag.replace(/^xx:/, "") : tag));
  }
}

/** Tags that are no ancestor of another tag of the list (OFF's `get_minimal_tags_subset`). */
function minimalTags(field: string, tags: string[], taxonomies: Taxonomies): string[] {
  const taxonomy = taxonomyOfField(field, taxonomies);
  if (taxonomy === undefined) return tags;
  const ancestors = new Set(tags.flatMap((tag) => taxonomy.ancestors(tag)));
  return tags.filter((tag) => !ancestors.has(tag));
}

/** 1003 → 1004, in place. */
export function moveTagsToSources(product: Product, taxonomies: Taxonomies, now: number): void {
  const sources: Record<string, unknown> = {};
  for (const field of WRITABLE_TAG_FIELDS) {
    const tags = product[`${field}_hierarchy`] ?? product[`${field}_tags`];
    if (!Array.isArray(tags)) continue;
    if (tags.length > 0) {
      product[`${field}_tags`] = tags;
      const strings = tags.filter((t): t is string => typeof t === "string");
      sources[field] = { packaging: { last_updated_t: now, tags: minimalTags(field, strings, taxonomies) } };
    }
    for (const suffix of ["_hierarchy", "", "_old", "_debug", "_imported", "_lc"]) delete product[field + suffix];
  }
  product.tags_sources = sources;
}

/** 1004 → 1003, in place. */
export function restoreTagHierarchies(product: Product): void {
  for (const field of WRITABLE_TAG_FIELDS) {
    if (product[`${field}_tags`] !== undefined) product[`${field}_hierarchy`] = product[`${field}_tags`];
  }
}
