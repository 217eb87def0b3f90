/**
 * OFF's `tests/unit/ingredients.t` cases and their expected results
 * (`tests/unit/expected_test_results/ingredients/<name>.json`, openfoodfacts-server; each file's commit below, as
 * OFF regenerates them when its taxonomies change). Only the fields foodbase computes are copied from OFF's
 * files (INGREDIENTS.md §11: ciqual and ecobalyse codes, `ingredients_analysis`, `*_percent_n/_sum` and the
 * `nutriments` estimates are left out); values are OFF's, unchanged.
 */
export interface FixtureIngredient {
  id: string;
  text: string;
  is_in_taxonomy?: number;
  percent?: number;
  /** Absent where OFF's percent analysis failed (`ingredients_percent_analysis` -1). */
  percent_min?: number;
  percent_max?: number;
  percent_estimate: number;
  vegan?: string;
  vegetarian?: string;
  from_palm_oil?: string;
  processing?: string;
  labels?: string;
  origins?: string;
  ingredients?: FixtureIngredient[];
}

export interface IngredientsFixture {
  name: string;
  /** Commit of OFF's expected file. */
  commit: string;
  lc: string;
  text: string;
  expected: {
    ingredients: FixtureIngredient[];
    ingredients_original_tags: string[];
    ingredients_tags: string[];
    ingredients_n: number;
    known_ingredients_n: number;
    unknown_ingredients_n: number;
    /** Absent when no ingredient is left (a list of specific-ingredient phrases only). */
    ingredients_analysis_tags?: string[];
    ingredients_percent_analysis: number;
    labels_tags?: string[];
  };
}

export const INGREDIENTS_FIXTURES: IngredientsFixture[] = [
  {
    name: "fr-palm-kernel-fat",
    commit: "1a7480eab47c193f2c91df4eac84efef3c4559f8",
    lc: "fr",
    text: "graisse de palmiste",
    expected: {
      ingredients: [
        {
          from_palm_oil: "yes",
          id: "en:palm-kernel-fat",
          is_in_taxonomy: 1,
          percent_estimate: 100,
          percent_max: 100,
          percent_min: 100,
          text: "graisse de palmiste",
          vegan: "yes",
          vegetarian: "yes",
        },
      ],
      ingredients_analysis_tags: ["en:palm-oil", "en:vegan", "en:vegetarian"],
      ingredients_n: 1,
      ingredients_original_tags: ["en:palm-kernel-fat"],
      ingredients_percent_analysis: 1,
      ingredients_tags: [
        "en:palm-kernel-fat",
        "en:oil-and-fat",
        "en:vegetable-oil-and-fat",
        "en:palm-kernel-oil-and-fat",
      ],
      known_ingredients_n: 4,
      unknown_ingredients_n: 0,
    },
  },
  {
    name: "en-vitamin",
    commit: "01d0064b72a1eca9e2a892cec029fa958bef1a77",
    lc: "en",
    text: "vitamin a, salt",
    expected: {
      ingredients: [
        {
          id: "en:vitamin-a",
          is_in_taxonomy: 1,
          percent_estimate: 75,
          percent_max: 100,
          percent_min: 50,
          text: "vitamin a",
          vegan: "maybe",
          vegetarian: "yes",
        },
        {
          id: "en:salt",
          is_in_taxonomy: 1,
          percent_estimate: 25,
          percent_max: 50,
          percent_min: 0,
          text: "salt",
          vegan: "yes",
          vegetarian: "yes",
        },
      ],
      ingredients_analysis_tags: ["en:palm-oil-free", "en:maybe-vegan", "en:vegetarian"],
      ingredients_n: 2,
      ingredients_original_tags: ["en:vitamin-a", "en:salt"],
      ingredients_percent_analysis: 1,
      ingredients_tags: ["en:vitamin-a", "en:vitamins", "en:salt"],
      known_ingredients_n: 2,
      unknown_ingredients_n: 0,
    },
  },
  {
    name: "fr-additive",
    commit: "125e9489dd648eecb131be3f1d1c561f06c2ba96",
    lc: "fr",
    text: "gélifiant (pectines)",
    expected: {
      ingredients: [
        {
          id: "en:gelling-agent",
          ingredients: [
            {
              id: "en:e440a",
              is_in_taxonomy: 1,
              percent_estimate: 100,
              percent_max: 100,
              percent_min: 100,
              text: "pectines",
              vegan: "yes",
              vegetarian: "yes",
            },
          ],
          is_in_taxonomy: 1,
          percent_estimate: 100,
          percent_max: 100,
          percent_min: 100,
          text: "gélifiant",
        },
      ],
      ingredients_analysis_tags: ["en:palm-oil-free", "en:vegan", "en:vegetarian"],
      ingredients_n: 2,
      ingredients_original_tags: ["en:gelling-agent", "en:e440a"],
      ingredients_percent_analysis: 1,
      ingredients_tags: ["en:gelling-agent", "en:e440a"],
      known_ingredients_n: 2,
      unknown_ingredients_n: 0,
    },
  },
  {
    name: "en-flavour-synonyms",
    commit: "1a7480eab47c193f2c91df4eac84efef3c4559f8",
    lc: "en",
    text: "Natural orange flavor, Lemon flavouring",
    expected: {
      ingredients: [
        {
          id: "en:natural-orange-flavouring",
          is_in_taxonomy: 1,
          percent_estimate: 75,
          percent_max: 100,
          percent_min: 50,
          text: "Natural orange flavor",
          vegan: "maybe",
          vegetarian: "maybe",
        },
        {
          id: "en:lemon-flavouring",
          is_in_taxonomy: 1,
          percent_estimate: 25,
          percent_max: 50,
          percent_min: 0,
          text: "Lemon flavouring",
          vegan: "maybe",
          vegetarian: "maybe",
        },
      ],
      ingredients_analysis_tags: ["en:palm-oil-free", "en:maybe-vegan", "en:maybe-vegetarian"],
      ingredients_n: 2,
      ingredients_original_tags: ["en:natural-orange-flavouring", "en:lemon-flavouring"],
      ingredients_percent_analysis: 1,
      ingredients_tags: [
        "en:natural-orange-flavouring",
        "en:flavouring",
        "en:natural-flavouring",
        "en:lemon-flavouring",
      ],
      known_ingredients_n: 4,
      unknown_ingredients_n: 0,
    },
  },
  {
    name: "fr-percents",
    commit: "106c5167af00f38eedb75051a43a5bb5a95bcbc0",
    lc: "fr",
    text: "Fraise 12,3% ; Orange 6.5%, Pomme (3,5%)",
    expected: {
      ingredients: [
        {
          id: "en:strawberry",
          is_in_taxonomy: 1,
          percent: 55.1569506726457,
          percent_estimate: 55.1569506726457,
          percent_max: 55.1569506726457,
          percent_min: 55.1569506726457,
          text: "Fraise",
          vegan: "yes",
          vegetarian: "yes",
        },
        {
          id: "en:orange",
          is_in_taxonomy: 1,
          percent: 29.1479820627803,
          percent_estimate: 29.1479820627803,
          percent_max: 29.1479820627803,
          percent_min: 29.1479820627803,
          text: "Orange",
          vegan: "maybe",
          vegetarian: "yes",
        },
        {
          id: "en:apple",
          is_in_taxonomy: 1,
          percent: 15.695067264574,
          percent_estimate: 15.695067264574,
          percent_max: 15.695067264574,
          percent_min: 15.695067264574,
          text: "Pomme",
          vegan: "maybe",
          vegetarian: "yes",
        },
      ],
      ingredients_analysis_tags: ["en:palm-oil-free", "en:maybe-vegan", "en:vegetarian"],
      ingredients_n: 3,
      ingredients_original_tags: ["en:strawberry", "en:orange", "en:apple"],
      ingredients_percent_analysis: 1,
      ingredients_tags: [
        "en:strawberry",
        "en:fruit",
        "en:berries",
        "en:orange",
        "en:citrus-fruit",
        "en:apple",
        "en:malaceous-fruit",
      ],
      known_ingredients_n: 3,
      unknown_ingredients_n: 0,
    },
  },
  {
    name: "en-nova-4-fruit-juice-concentrates",
    commit: "0046ef8a78d9f64e204d6191195705c46fb32441",
    lc: "en",
    text: "apple juice concentrates",
    expected: {
      ingredients: [
        {
          id: "en:apple-juice",
          is_in_taxonomy: 1,
          percent_estimate: 100,
          percent_max: 100,
          percent_min: 100,
          processing: "en:concentrated",
          text: "apple juice",
          vegan: "maybe",
          vegetarian: "yes",
        },
      ],
      ingredients_analysis_tags: ["en:palm-oil-free", "en:maybe-vegan", "en:vegetarian"],
      ingredients_n: 1,
      ingredients_original_tags: ["en:apple-juice"],
      ingredients_percent_analysis: 1,
      ingredients_tags: ["en:apple-juice", "en:fruit", "en:juice", "en:malaceous-fruit", "en:apple", "en:fruit-juice"],
      known_ingredients_n: 1,
      unknown_ingredients_n: 0,
    },
  },
  {
    name: "fr-labels",
    commit: "17233a6261bfd73b99cda8ddde1f719c0c428ae7",
    lc: "fr",
    text: "jus d'orange (sans conservateur), saumon (msc), sans gluten",
    expected: {
      ingredients: [
        {
          id: "en:orange-juice",
          labels: "en:no-preservatives",
          percent_estimate: 75,
          percent_max: 100,
          percent_min: 50,
          text: "jus d'orange",
          vegan: "yes",
          vegetarian: "yes",
        },
        {
          id: "en:salmon",
          labels: "en:sustainable-seafood-msc",
          percent_estimate: 25,
          percent_max: 50,
          percent_min: 0,
          text: "saumon",
          vegan: "no",
          vegetarian: "no",
        },
      ],
      ingredients_analysis_tags: ["en:palm-oil-free", "en:non-vegan", "en:non-vegetarian"],
      ingredients_n: 2,
      ingredients_original_tags: ["en:orange-juice", "en:salmon"],
      ingredients_percent_analysis: 1,
      ingredients_tags: [
        "en:orange-juice",
        "en:fruit",
        "en:citrus-fruit",
        "en:fruit-juice",
        "en:orange",
        "en:salmon",
        "en:fish",
        "en:oily-fish",
      ],
      known_ingredients_n: 8,
      unknown_ingredients_n: 0,
      labels_tags: ["en:no-gluten"],
    },
  },
  {
    name: "es-percent-loop",
    commit: "04e176d259c75a5bc0fede24623748d5006ae1d7",
    lc: "es",
    text: "Tomate, pimiento (12%), atún (10%), aceite de oliva virgen extra (4%), huevo (3%), cebolla (3%), azúcar, almidón de maíz, sal y acidulante: ácido cítrico.",
    expected: {
      ingredients: [
        {
          id: "en:tomato",
          is_in_taxonomy: 1,
          percent_estimate: 62.125,
          percent_max: 68,
          percent_min: 56.25,
          text: "Tomate",
          vegan: "yes",
          vegetarian: "yes",
        },
        {
          id: "en:bell-pepper",
          is_in_taxonomy: 1,
          percent: 12,
          percent_estimate: 12,
          percent_max: 12,
          percent_min: 12,
          text: "pimiento",
          vegan: "yes",
          vegetarian: "yes",
        },
        {
          id: "en:tuna",
          is_in_taxonomy: 1,
          percent: 10,
          percent_estimate: 10,
          percent_max: 10,
          percent_min: 10,
          text: "atún",
          vegan: "no",
          vegetarian: "no",
        },
        {
          from_palm_oil: "no",
          id: "en:extra-virgin-olive-oil",
          is_in_taxonomy: 1,
          percent: 4,
          percent_estimate: 4,
          percent_max: 4,
          percent_min: 4,
          text: "aceite de oliva virgen extra",
          vegan: "yes",
          vegetarian: "yes",
        },
        {
          id: "en:egg",
          is_in_taxonomy: 1,
          percent: 3,
          percent_estimate: 3,
          percent_max: 3,
          percent_min: 3,
          text: "huevo",
          vegan: "no",
          vegetarian: "yes",
        },
        {
          id: "en:onion",
          is_in_taxonomy: 1,
          percent: 3,
          percent_estimate: 3,
          percent_max: 3,
          percent_min: 3,
          text: "cebolla",
          vegan: "yes",
          vegetarian: "yes",
        },
        {
          id: "en:sugar",
          is_in_taxonomy: 1,
          percent_estimate: 1.5,
          percent_max: 3,
          percent_min: 0,
          text: "azúcar",
          vegan: "maybe",
          vegetarian: "yes",
        },
        {
          id: "en:corn-starch",
          is_in_taxonomy: 1,
          percent_estimate: 1.5,
          percent_max: 3,
          percent_min: 0,
          text: "almidón de maíz",
          vegan: "yes",
          vegetarian: "yes",
        },
        {
          id: "en:salt",
          is_in_taxonomy: 1,
          percent_estimate: 1.4375,
          percent_max: 3,
          percent_min: 0,
          text: "sal",
          vegan: "yes",
          vegetarian: "yes",
        },
        {
          id: "en:e330",
          is_in_taxonomy: 1,
          percent_estimate: 1.4375,
          percent_max: 2.75,
          percent_min: 0,
          text: "ácido cítrico",
          vegan: "yes",
          vegetarian: "yes",
        },
      ],
      ingredients_analysis_tags: ["en:palm-oil-free", "en:non-vegan", "en:non-vegetarian"],
      ingredients_n: 10,
      ingredients_original_tags: [
        "en:tomato",
        "en:bell-pepper",
        "en:tuna",
        "en:extra-virgin-olive-oil",
        "en:egg",
        "en:onion",
        "en:sugar",
        "en:corn-starch",
        "en:salt",
        "en:e330",
      ],
      ingredients_percent_analysis: 1,
      ingredients_tags: [
        "en:tomato",
        "en:fruit-vegetable",
        "en:vegetable",
        "en:bell-pepper",
        "en:capsicum-annuum",
        "en:tuna",
        "en:saltwater-fish",
        "en:fish",
        "en:extra-virgin-olive-oil",
        "en:virgin-olive-oil",
        "en:olive-oil",
        "en:vegetable-oil",
        "en:vegetable-oil-and-fat",
        "en:oil-and-fat",
        "en:egg",
        "en:onion",
        "en:onion-family-vegetable",
        "en:root-vegetable",
        "en:sugar",
        "en:disaccharide",
        "en:added-sugar",
        "en:corn-starch",
        "en:starch",
        "en:salt",
        "en:e330",
      ],
      known_ingredients_n: 10,
      unknown_ingredients_n: 0,
    },
  },
];
