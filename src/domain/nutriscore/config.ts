/**
 * Category rule lists of the Nutri-Score (NUTRITION.md §2.3, §2.6) and their canonical form.
 * The lists are configuration; the defaults are OFF's current values. Canonicalisation (TAXONOMY.md
 * §5.3, lc `en`) runs once per taxonomy object, never per product.
 */

import type { Taxonomies, Taxonomy } from "../taxonomy/types.js";

export interface FruitCategoryRow {
  id: string;
  percent: number;
}

export interface NutriScoreCategoryLists {
  notBeverages2021: readonly string[];
  beverages2021: readonly string[];
  notBeverages2023: readonly string[];
  beverages2023: readonly string[];
  exempted: readonly string[];
  notExempted: readonly string[];
  /** Categories whose score uses prepared values; the first one present wins. */
  preparedRequired: readonly string[];
  /** §2.6.1 source 6, in evaluation order. */
  fruitsVegetablesNuts2021: readonly FruitCategoryRow[];
  /** §2.6.2 source 4, in evaluation order. */
  fruitsVegetablesLegumes2023: readonly FruitCategoryRow[];
}

export const DEFAULT_NUTRISCORE_CATEGORY_LISTS: NutriScoreCategoryLists = {
  notBeverages2021: [
    "en:plant-milks",
    "en:milks",
    "en:meal-replacement",
    "en:plant-based-milk-alternatives",
    "en:chocolate-powders",
    "en:soups",
  ],
  beverages2021: [
    "en:tea-based-beverages",
    "en:iced-teas",
    "en:herbal-tea-beverages",
    "en:coffee-beverages",
    "en:coffee-drinks",
    "en:coffees",
    "en:herbal-teas",
    "en:teas",
  ],
  notBeverages2023: ["en:meal-replacement", "en:soups"],
  beverages2023: [
    "en:milks",
    "en:plant-based-milk-alternatives",
    "en:dairy-drinks",
    "en:plant-based-beverages",
    "en:tea-based-beverages",
    "en:iced-teas",
    "en:herbal-tea-beverages",
    "en:coffee-beverages",
    "en:coffee-drinks",
    "en:coffees",
    "en:herbal-teas",
    "en:teas",
  ],
  exempted: [
    "en:alcoholic-beverages",
    "en:baby-foods",
    "en:baby-milks",
    "en:chewing-gum",
    "en:food-additives",
    "en:dietary-supplements",
    "en:meal-replacements",
    "en:salts",
    "en:spices",
    "en:sugar-substitutes",
    "en:vinegars",
    "en:non-food-products",
  ],
  notExempted: [
    "en:tea-based-beverages",
    "en:iced-teas",
    "en:herbal-tea-beverages",
    "en:coffee-beverages",
    "en:coffee-drinks",
  ],
  preparedRequired: [
    "en:dried-products-to-be-rehydrated",
    "en:cocoa-and-chocolate-powders",
    "en:dessert-mixes",
    "en:flavoured-syrups",
    "en:instant-beverages",
    "en:beverage-preparations",
  ],
  fruitsVegetablesNuts2021: [
    { id: "en:potatoes", percent: 0 },
    { id: "en:sweet-potatoes", percent: 0 },
    { id: "en:fruit-juices", percent: 100 },
    { id: "en:vegetable-juices", percent: 100 },
    { id: "en:mushrooms", percent: 90 },
    { id: "en:olive-oils", percent: 100 },
    { id: "en:walnut-oils", percent: 100 },
    { id: "en:colza-oils", percent: 100 },
    { id: "en:rapeseed-oils", percent: 100 },
    { id: "en:rapeseeds-oils", percent: 100 },
    { id: "en:walnuts", percent: 100 },
    { id: "en:hazelnuts", percent: 100 },
    { id: "en:pistachios", percent: 100 },
    { id: "en:cashew-nuts", percent: 100 },
    { id: "en:pecan-nuts", percent: 100 },
    { id: "en:peanuts", percent: 100 },
    { id: "en:almonds", percent: 100 },
    { id: "en:chestnuts", percent: 100 },
    { id: "en:coconuts", percent: 100 },
    { id: "en:jams", percent: 50 },
    { id: "en:fruit-sauces", percent: 90 },
    { id: "en:fruits", percent: 90 },
    { id: "en:vegetables", percent: 90 },
    { id: "en:canned-fruits", percent: 90 },
    { id: "en:frozen-fruits", percent: 90 },
    { id: "en:fruits-based-foods", percent: 85 },
    { id: "en:vegetables-based-foods", percent: 85 },
  ],
  fruitsVegetablesLegumes2023: [
    { id: "en:potatoes", percent: 0 },
    { id: "en:sweet-potatoes", percent: 0 },
    { id: "en:fruit-juices", percent: 100 },
    { id: "en:vegetable-juices", percent: 100 },
    { id: "en:fruit-sauces", percent: 90 },
    { id: "en:vegetables", percent: 90 },
    { id: "en:fruits", percent: 90 },
    { id: "en:mushrooms", percent: 90 },
    { id: "en:canned-fruits", percent: 90 },
    { id: "en:frozen-fruits", percent: 90 },
    { id: "en:jams", percent: 50 },
  ],
};

/** Ids the rules test directly (§2.3 "fixed ids"). */
const FIXED_IDS = {
  beverages: "en:beverages",
  beveragePreparations: "en:beverage-preparations",
  springWaters: "en:spring-waters",
  flavoredWaters: "en:flavored-waters",
  flavouredWaters: "en:flavoured-waters",
  cheeses: "en:cheeses",
  fromagesBlancs: "fr:fromages-blancs",
  fats: "en:fats",
  chestnuts: "en:chestnuts",
  creams: "en:creams",
  seeds: "en:seeds",
  sodas: "en:sodas",
} as const;

export type FixedCategory = keyof typeof FIXED_IDS;

/** The lists and fixed ids after canonicalisation against one categories taxonomy. */
export interface CanonicalNutriScoreRules extends NutriScoreCategoryLists {
  fixed: Readonly<Record<FixedCategory, string>>;
}

/**
 * Canonical id of a rule id. Ids unknown to the taxonomy stay as written, so they still match a
 * product that was given that exact tag (§2.3).
 */
export function canonicalRuleId(categories: Taxonomy, id: string): string {
  const canonical = categories.canonicalize("en", id);
  return categories.has(canonical) ? canonical : id;
}

function canonicalize(categories: Taxonomy, lists: NutriScoreCategoryLists): CanonicalNutriScoreRules {
  const ids = (list: readonly string[]) => list.map((id) => canonicalRuleId(categories, id));
  const rows = (list: readonly FruitCategoryRow[]) =>
    list.map((row) => ({ id: canonicalRuleId(categories, row.id), percent: row.percent }));
  const fixed = {} as Record<FixedCategory, string>;
  for (const key of Object.keys(FIXED_IDS) as FixedCategory[]) {
    fixed[key] = canonicalRuleId(categories, FIXED_IDS[key]);
  }
  return {
    notBeverages2021: ids(lists.notBeverages2021),
    beverages2021: ids(lists.beverages2021),
    notBeverages2023: ids(lists.notBeverages2023),
    beverages2023: ids(lists.beverages2023),
    exempted: ids(lists.exempted),
    notExempted: ids(lists.notExempted),
    preparedRequired: ids(lists.preparedRequired),
    fruitsVegetablesNuts2021: rows(lists.fruitsVegetablesNuts2021),
    fruitsVegetablesLegumes2023: rows(lists.fruitsVegetablesLegumes2023),
    fixed,
  };
}

// Keyed by the Taxonomies object, then by the lists object: one canonicalisation per pair.
const canonicalCache = new WeakMap<Taxonomies, WeakMap<NutriScoreCategoryLists, CanonicalNutriScoreRules>>();

/** Canonical rule lists for this taxonomy set (memoised per Taxonomies object and lists object). */
export function canonicalNutriScoreRules(
  taxonomies: Taxonomies,
  lists: NutriScoreCategoryLists = DEFAULT_NUTRISCORE_CATEGORY_LISTS,
): CanonicalNutriScoreRules {
  let byLists = canonicalCache.get(taxonomies);
  if (byLists === undefined) {
    byLists = new WeakMap();
    canonicalCache.set(taxonomies, byLists);
  }
  let rules = byLists.get(lists);
  if (rules === undefined) {
    rules = canonicalize(taxonomies.categories, lists);
    byLists.set(lists, rules);
  }
  return rules;
}

/** Ids of the rule lists that stay unknown in this taxonomy (for a startup log, TAXONOMY.md §8.5). */
export function unknownRuleIds(
  taxonomies: Taxonomies,
  lists: NutriScoreCategoryLists = DEFAULT_NUTRISCORE_CATEGORY_LISTS,
): string[] {
  const rules = canonicalNutriScoreRules(taxonomies, lists);
  const all = [
    ...rules.notBeverages2021,
    ...rules.beverages2021,
    ...rules.notBeverages2023,
    ...rules.beverages2023,
    ...rules.exempted,
    ...rules.notExempted,
    ...rules.preparedRequired,
    ...rules.fruitsVegetablesNuts2021.map((row) => row.id),
    ...rules.fruitsVegetablesLegumes2023.map((row) => row.id),
    ...Object.values(rules.fixed),
  ];
  return [...new Set(all)].filter((id) => !taxonomies.categories.has(id));
}
