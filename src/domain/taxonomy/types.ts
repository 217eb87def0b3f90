/**
 * The contract between the taxonomy engine and its users (tags on write, Nutri-Score, nutriment
 * parsing, search). Ids are canonical ids such as `en:orange-juices` or `zz:energy-kj`.
 */
import type { IngredientWordData } from "../ingredients/words.js";

export interface Taxonomy {
  /** `categories`, `labels`, `countries`, `nutrients`. */
  readonly tagtype: string;
  /** True when `id` is a canonical id of a real entry (synonym groups excluded). */
  has(id: string): boolean;
  /** Every canonical id of a real entry. */
  ids(): Iterable<string>;
  /** Direct parents, in code-point order. */
  parents(id: string): readonly string[];
  /** All ancestors sorted by level descending then id (TAXONOMY.md §4.6). */
  ancestors(id: string): readonly string[];
  /** TAXONOMY.md §4.6 level; 0 for unknown tags. */
  level(id: string): number;
  /** Direct property (`wco_hs_heading:en`), TAXONOMY.md §7.1. */
  property(id: string, key: string): string | undefined;
  /** Every direct property of an entry (`wikidata:en` → value). */
  properties(id: string): Readonly<Record<string, string>>;
  /** Inherited property, TAXONOMY.md §7.2. */
  inheritedProperty(id: string, key: string): { value: string; from: string } | undefined;
  /** Name in `lc` as written in the file (no fallback), if any. */
  name(id: string, lc: string): string | undefined;
  /** Canonicalise one item (TAXONOMY.md §5.3): a canonical id, or the unknown tag `<lc>:<text>`. */
  canonicalize(lc: string, text: string): string;
  /** Display name for `<tagtype>_tags_<lc>` (TAXONOMY.md §6). */
  displayName(targetLc: string, tag: string): string;
}

export interface Taxonomies {
  categories: Taxonomy;
  labels: Taxonomy;
  countries: Taxonomy;
  nutrients: Taxonomy;
  /**
   * The taxonomies of ingredients analysis (INGREDIENTS.md §12.2); the shipped loader always has them.
   * Optional so that hand-built taxonomy sets (tests of other features) need not provide them; without
   * `ingredients` the analysis is skipped.
   */
  ingredients?: Taxonomy;
  additives?: Taxonomy;
  additives_classes?: Taxonomy;
  allergens?: Taxonomy;
  ingredients_processing?: Taxonomy;
  vitamins?: Taxonomy;
  minerals?: Taxonomy;
  origins?: Taxonomy;
  /** The word lists, NOVA markers and sweeteners of ingredients analysis (`data/ingredients`), shipped with them. */
  ingredientWords?: IngredientWordData;
}

/** The tag types of the taxonomies ({@link Taxonomies} without the word lists). */
export type TaxonomyName = Exclude<keyof Taxonomies, "ingredientWords">;
