/**
 * The fixtures of OFF's ingredients.t that foodbase does not match (test/domain/ingredients/fixtures.test.ts): the
 * differing fields with foodbase's values, asserted so that a change is noticed, and why they differ.
 */
import type { Divergence } from "./helpers.js";

const KNOWN_COUNT =
  "OFF's fixture was generated when known_ingredients_n counted the taxonomy hierarchy of the ingredients (4 for one ingredient); OFF's later fixtures count the known ingredients (en-vitamin: 2 for 2), as foodbase does";
const VITAMINS_2022 =
  "newer OFF taxonomy: OFF's vitamins taxonomy gives en:vitamin-a vegan:maybe, vegetarian:yes and the parent en:vitamins; the shipped 2022 vitamins file has neither, so the vegan status is unknown";
const PECTINS_2022 =
  "newer OFF taxonomy: OFF's additives taxonomy names pectines en:e440a (pectin and amidated pectin split); the shipped 2022 additives file has en:e440";
const FRUITS_MAYBE_VEGAN =
  "newer OFF taxonomy: OFF's fixture ran on an ingredients taxonomy where en:orange and en:apple are vegan:maybe; the shipped one has vegan:yes";
const APPLE_JUICE_CONCENTRATE =
  'different OFF taxonomy: the shipped ingredients taxonomy resolves "apple juice concentrates" to an entry of its own (en:apple-juice-from-concentrate, under en:concentrated-apple-juice), where the fixture\'s reads en:apple-juice with the processing en:concentrated; its apple juice is also vegan:maybe';
const JUICE_PARENT =
  "older fixture taxonomy: the shipped (2025-26) ingredients taxonomy adds en:juice to the parents of en:orange-juice";

const ADDITIVE_CLASS_2026 =
  "OFF 2026 additive_class (deferred by INGREDIENTS.md §12.3): an additive after its class ('acidulante: ácido cítrico') is listed alone with additive_class set, without the class as parent ingredient; foodbase keeps the class as the parent (en:acid), so the ingredient counts and tags differ";
const SALTWATER_FISH =
  "newer OFF taxonomy: OFF's 2026 ingredients taxonomy adds en:saltwater-fish to the parents of en:tuna; the shipped one does not";

export const FIXTURE_DIVERGENCES: Record<string, Divergence<Record<string, unknown>>> = {
  "fr-palm-kernel-fat": { foodbase: { known_ingredients_n: 1 }, reason: KNOWN_COUNT },
  "en-vitamin": {
    foodbase: {
      ingredients_analysis_tags: ["en:palm-oil-free", "en:vegan-status-unknown", "en:vegetarian-status-unknown"],
      ingredients: [
        {
          id: "en:vitamin-a",
          text: "vitamin a",
          is_in_taxonomy: 1,
          percent_min: 50,
          percent_max: 100,
          percent_estimate: 75,
        },
        {
          id: "en:salt",
          text: "salt",
          is_in_taxonomy: 1,
          percent_min: 0,
          percent_max: 50,
          percent_estimate: 25,
          vegan: "yes",
          vegetarian: "yes",
        },
      ],
      ingredients_tags: ["en:salt", "en:vitamin-a"],
    },
    reason: VITAMINS_2022,
  },
  "fr-additive": {
    foodbase: {
      ingredients_original_tags: ["en:gelling-agent", "en:e440"],
      ingredients: [
        {
          id: "en:gelling-agent",
          text: "gélifiant",
          is_in_taxonomy: 1,
          percent_min: 100,
          percent_max: 100,
          percent_estimate: 100,
          ingredients: [
            {
              id: "en:e440",
              text: "pectines",
              is_in_taxonomy: 1,
              percent_min: 100,
              percent_max: 100,
              percent_estimate: 100,
              vegan: "yes",
              vegetarian: "yes",
            },
          ],
        },
      ],
      ingredients_tags: ["en:e440", "en:gelling-agent"],
    },
    reason: PECTINS_2022,
  },
  "en-flavour-synonyms": { foodbase: { known_ingredients_n: 2 }, reason: KNOWN_COUNT },
  "fr-percents": {
    foodbase: {
      ingredients_analysis_tags: ["en:palm-oil-free", "en:vegan", "en:vegetarian"],
      ingredients: [
        {
          id: "en:strawberry",
          text: "Fraise",
          is_in_taxonomy: 1,
          percent: 55.1569506726457,
          percent_min: 55.1569506726457,
          percent_max: 55.1569506726457,
          percent_estimate: 55.1569506726457,
          vegan: "yes",
          vegetarian: "yes",
        },
        {
          id: "en:orange",
          text: "Orange",
          is_in_taxonomy: 1,
          percent: 29.1479820627803,
          percent_min: 29.1479820627803,
          percent_max: 29.1479820627803,
          percent_estimate: 29.1479820627803,
          vegan: "yes",
          vegetarian: "yes",
        },
        {
          id: "en:apple",
          text: "Pomme",
          is_in_taxonomy: 1,
          percent: 15.695067264574,
          percent_min: 15.695067264574,
          percent_max: 15.695067264574,
          percent_estimate: 15.695067264574,
          vegan: "yes",
          vegetarian: "yes",
        },
      ],
    },
    reason: FRUITS_MAYBE_VEGAN,
  },
  "en-nova-4-fruit-juice-concentrates": {
    foodbase: {
      ingredients_analysis_tags: ["en:palm-oil-free", "en:vegan", "en:vegetarian"],
      ingredients_original_tags: ["en:apple-juice-from-concentrate"],
      ingredients: [
        {
          id: "en:apple-juice-from-concentrate",
          text: "apple juice concentrates",
          is_in_taxonomy: 1,
          percent_min: 100,
          percent_max: 100,
          percent_estimate: 100,
          vegan: "yes",
          vegetarian: "yes",
        },
      ],
      ingredients_tags: [
        "en:apple",
        "en:apple-juice",
        "en:apple-juice-from-concentrate",
        "en:concentrated-apple-juice",
        "en:fruit",
        "en:fruit-juice",
        "en:juice",
        "en:malaceous-fruit",
      ],
    },
    reason: APPLE_JUICE_CONCENTRATE,
  },
  "fr-labels": {
    foodbase: {
      known_ingredients_n: 2,
      ingredients_tags: [
        "en:citrus-fruit",
        "en:fish",
        "en:fruit",
        "en:fruit-juice",
        "en:juice",
        "en:oily-fish",
        "en:orange",
        "en:orange-juice",
        "en:salmon",
      ],
    },
    reason: `${KNOWN_COUNT}; ${JUICE_PARENT}`,
  },
  "es-percent-loop": {
    foodbase: {
      ingredients_n: 11,
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
        "en:acid",
        "en:e330",
      ],
      known_ingredients_n: 11,
      ingredients: [
        {
          id: "en:tomato",
          text: "Tomate",
          is_in_taxonomy: 1,
          percent_min: 56.25,
          percent_max: 68,
          percent_estimate: 62.125,
          vegan: "yes",
          vegetarian: "yes",
        },
        {
          id: "en:bell-pepper",
          text: "pimiento",
          is_in_taxonomy: 1,
          percent: 12,
          percent_min: 12,
          percent_max: 12,
          percent_estimate: 12,
          vegan: "yes",
          vegetarian: "yes",
        },
        {
          id: "en:tuna",
          text: "atún",
          is_in_taxonomy: 1,
          percent: 10,
          percent_min: 10,
          percent_max: 10,
          percent_estimate: 10,
          vegan: "no",
          vegetarian: "no",
        },
        {
          id: "en:extra-virgin-olive-oil",
          text: "aceite de oliva virgen extra",
          is_in_taxonomy: 1,
          percent: 4,
          percent_min: 4,
          percent_max: 4,
          percent_estimate: 4,
          vegan: "yes",
          vegetarian: "yes",
          from_palm_oil: "no",
        },
        {
          id: "en:egg",
          text: "huevo",
          is_in_taxonomy: 1,
          percent: 3,
          percent_min: 3,
          percent_max: 3,
          percent_estimate: 3,
          vegan: "no",
          vegetarian: "yes",
        },
        {
          id: "en:onion",
          text: "cebolla",
          is_in_taxonomy: 1,
          percent: 3,
          percent_min: 3,
          percent_max: 3,
          percent_estimate: 3,
          vegan: "yes",
          vegetarian: "yes",
        },
        {
          id: "en:sugar",
          text: "azúcar",
          is_in_taxonomy: 1,
          percent_min: 0,
          percent_max: 3,
          percent_estimate: 1.5,
          vegan: "maybe",
          vegetarian: "yes",
        },
        {
          id: "en:corn-starch",
          text: "almidón de maíz",
          is_in_taxonomy: 1,
          percent_min: 0,
          percent_max: 3,
          percent_estimate: 1.5,
          vegan: "yes",
          vegetarian: "yes",
        },
        {
          id: "en:salt",
          text: "sal",
          is_in_taxonomy: 1,
          percent_min: 0,
          percent_max: 3,
          percent_estimate: 1.4375,
          vegan: "yes",
          vegetarian: "yes",
        },
        {
          id: "en:acid",
          text: "acidulante",
          is_in_taxonomy: 1,
          percent_min: 0,
          percent_max: 2.75,
          percent_estimate: 1.4375,
          ingredients: [
            {
              id: "en:e330",
              text: "ácido cítrico",
              is_in_taxonomy: 1,
              percent_min: 0,
              percent_max: 2.75,
              percent_estimate: 1.4375,
              vegan: "yes",
              vegetarian: "yes",
            },
          ],
        },
      ],
      ingredients_tags: [
        "en:acid",
        "en:added-sugar",
        "en:bell-pepper",
        "en:capsicum-annuum",
        "en:corn-starch",
        "en:disaccharide",
        "en:e330",
        "en:egg",
        "en:extra-virgin-olive-oil",
        "en:fish",
        "en:fruit-vegetable",
        "en:oil-and-fat",
        "en:olive-oil",
        "en:onion",
        "en:onion-family-vegetable",
        "en:root-vegetable",
        "en:salt",
        "en:starch",
        "en:sugar",
        "en:tomato",
        "en:tuna",
        "en:vegetable",
        "en:vegetable-oil",
        "en:vegetable-oil-and-fat",
        "en:virgin-olive-oil",
      ],
    },
    reason: `${ADDITIVE_CLASS_2026}; ${SALTWATER_FISH}`,
  },
};
