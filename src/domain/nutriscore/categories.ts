/** Category tests and inherited category properties for one product (NUTRITION.md §2.3, TAXONOMY.md §7.3). */

import { getStringArray, type Product } from "../product.js";
import type { Taxonomy } from "../taxonomy/types.js";

export interface InheritedProperty {
  value: string;
  /** Category id where the value was found. */
  from: string;
}

/**
 * TAXONOMY.md §7.3 over a list of category tags: from the last (most specific) tag to the first,
 * the first inherited value that is not the empty string. Unknown tags yield nothing.
 */
export function inheritedFromCategoryTags(
  categories: Taxonomy,
  categoriesTags: readonly string[],
  key: string,
): InheritedProperty | undefined {
  for (let i = categoriesTags.length - 1; i >= 0; i--) {
    const tag = categoriesTags[i];
    if (!categories.has(tag)) continue;
    const found = categories.inheritedProperty(tag, key);
    if (found !== undefined && found.value !== "") return { value: found.value, from: found.from };
  }
  return undefined;
}

/** `inheritedFromCategories(product, key)` of TAXONOMY.md §7.3, over the product's `categories_tags`. */
export function inheritedFromCategories(
  product: Product,
  categories: Taxonomy,
  key: string,
): InheritedProperty | undefined {
  return inheritedFromCategoryTags(categories, getStringArray(product, "categories_tags"), key);
}

/** The product's expanded categories, with memoised property lookups. */
export class ProductCategories {
  private readonly tagSet: ReadonlySet<string>;
  private readonly inherited = new Map<string, InheritedProperty | undefined>();

  constructor(
    private readonly taxonomy: Taxonomy,
    readonly tags: readonly string[],
  ) {
    this.tagSet = new Set(tags);
  }

  static of(product: Product, taxonomy: Taxonomy): ProductCategories {
    return new ProductCategories(taxonomy, getStringArray(product, "categories_tags"));
  }

  /** `has(X)` of §2.3: X is an element of the expanded `categories_tags`. */
  has(id: string): boolean {
    return this.tagSet.has(id);
  }

  hasAny(ids: readonly string[]): boolean {
    return ids.some((id) => this.tagSet.has(id));
  }

  firstPresent(ids: readonly string[]): string | undefined {
    return ids.find((id) => this.tagSet.has(id));
  }

  inheritedProperty(key: string): InheritedProperty | undefined {
    if (!this.inherited.has(key)) {
      this.inherited.set(key, inheritedFromCategoryTags(this.taxonomy, this.tags, key));
    }
    return this.inherited.get(key);
  }
}
