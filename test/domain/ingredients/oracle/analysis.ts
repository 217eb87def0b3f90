/**
 * OFF's `tests/unit/ingredients_analysis.t` (openfoodfacts-server @0046ef8a): `ingredients_analysis_tags`.
 * Expected values copied from OFF's file.
 */
export interface AnalysisCase {
  product: { lc: string; ingredients_text?: string; labels_tags?: string[] };
  expected: string[] | undefined;
}

export const ANALYSIS_CASES: AnalysisCase[] = [
  { product: { lc: "fr", ingredients_text: "" }, expected: undefined },
  {
    product: { lc: "fr", ingredients_text: "eau, sucre, noisettes" },
    expected: ["en:palm-oil-free", "en:maybe-vegan", "en:vegetarian"],
  },
  {
    product: { lc: "fr", ingredients_text: "lait demi-écrémé 67%" },
    expected: ["en:palm-oil-free", "en:non-vegan", "en:vegetarian"],
  },
  {
    product: { lc: "fr", ingredients_text: "viande de boeuf, lait, sel" },
    expected: ["en:palm-oil-free", "en:non-vegan", "en:non-vegetarian"],
  },
  {
    product: { lc: "fr", ingredients_text: "huiles végétales" },
    expected: ["en:may-contain-palm-oil", "en:vegan", "en:vegetarian"],
  },
  { product: { lc: "fr", ingredients_text: "huile de palme" }, expected: ["en:palm-oil", "en:vegan", "en:vegetarian"] },
  {
    product: { lc: "fr", ingredients_text: "huiles végétales (palme, colza)" },
    expected: ["en:palm-oil", "en:vegan", "en:vegetarian"],
  },
  {
    product: { lc: "fr", ingredients_text: "huiles végétales (tournesol, colza)" },
    expected: ["en:palm-oil-free", "en:vegan", "en:vegetarian"],
  },
  {
    product: { lc: "fr", ingredients_text: "huile de palme, unknown ingredient" },
    expected: ["en:palm-oil", "en:vegan-status-unknown", "en:vegetarian-status-unknown"],
  },
  {
    product: { lc: "fr", ingredients_text: "unknown ingredient" },
    expected: ["en:palm-oil-content-unknown", "en:vegan-status-unknown", "en:vegetarian-status-unknown"],
  },
  {
    product: { lc: "fr", ingredients_text: "sucre, unknown ingredient" },
    expected: ["en:palm-oil-content-unknown", "en:vegan-status-unknown", "en:vegetarian-status-unknown"],
  },
  {
    product: { lc: "fr", ingredients_text: "sucre, colorant: e150" },
    expected: ["en:palm-oil-free", "en:maybe-vegan", "en:vegetarian"],
  },
  {
    product: { lc: "en", ingredients_text: "fat, proteins" },
    expected: ["en:may-contain-palm-oil", "en:maybe-vegan", "en:maybe-vegetarian"],
  },
  {
    product: { lc: "en", ingredients_text: "vegetable fat, vegetable proteins" },
    expected: ["en:may-contain-palm-oil", "en:vegan", "en:vegetarian"],
  },
  {
    product: { lc: "en", ingredients_text: "modified palm oil" },
    expected: ["en:palm-oil", "en:vegan", "en:vegetarian"],
  },
  {
    product: { lc: "en", ingredients_text: "lactic ferments" },
    expected: ["en:palm-oil-free", "en:maybe-vegan", "en:vegetarian"],
  },
  {
    product: { lc: "fr", ingredients_text: "huiles végétales (huile de tournesol', huile de colza)" },
    expected: ["en:palm-oil-free", "en:vegan", "en:vegetarian"],
  },
  {
    product: { lc: "fr", ingredients_text: "huiles végétales" },
    expected: ["en:may-contain-palm-oil", "en:vegan", "en:vegetarian"],
  },
  {
    product: { lc: "fr", ingredients_text: "huile de poisson" },
    expected: ["en:palm-oil-free", "en:non-vegan", "en:non-vegetarian"],
  },
  { product: { lc: "fr", labels_tags: ["en:palm-oil-free"] }, expected: ["en:palm-oil-free"] },
  { product: { lc: "fr", labels_tags: ["en:vegan"] }, expected: ["en:vegan", "en:vegetarian"] },
  { product: { lc: "fr", labels_tags: ["en:vegetarian"] }, expected: ["en:vegetarian"] },
  { product: { lc: "fr", labels_tags: ["en:non-vegetarian"] }, expected: ["en:non-vegan", "en:non-vegetarian"] },
  {
    product: { lc: "fr", labels_tags: ["en:palm-oil-free"], ingredients_text: "huiles végétales" },
    expected: ["en:palm-oil-free", "en:vegan", "en:vegetarian"],
  },
  { product: { lc: "fr", ingredients_text: "miel" }, expected: ["en:palm-oil-free", "en:non-vegan", "en:vegetarian"] },
  {
    product: { lc: "fr", labels_tags: ["en:vegan"], ingredients_text: "miel" },
    expected: ["en:palm-oil-free", "en:vegan", "en:vegetarian"],
  },
  { product: { lc: "en", ingredients_text: "" }, expected: undefined },
  {
    product: { lc: "en", ingredients_text: "unknown ingredient" },
    expected: ["en:palm-oil-content-unknown", "en:vegan-status-unknown", "en:vegetarian-status-unknown"],
  },
  {
    product: { lc: "en", ingredients_text: "flour, unknown ingredient" },
    expected: ["en:palm-oil-content-unknown", "en:vegan-status-unknown", "en:vegetarian-status-unknown"],
  },
  {
    product: { lc: "en", ingredients_text: "flour, sugar, eggs, milk, salt, water, unknown ingredient" },
    expected: ["en:palm-oil-free", "en:non-vegan", "en:vegetarian-status-unknown"],
  },
];
