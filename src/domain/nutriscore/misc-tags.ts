/** `misc_tags` rules (NUTRITION.md §3), emitted in the order of the spec's table. */

import type { Applicability } from "./flags.js";
import type { FruitPercentage2021, FruitPercentage2023 } from "./fruits.js";
import type { NutrientAvailability } from "./inputs.js";
import type { NutriScoreLetter } from "./types.js";

/** OFF's start of 2021 (2021-01-01T01:00:00Z): older products have "no scans", newer ones are "new". */
export const MAIN_COUNTRIES_NEW_PRODUCT_SINCE = 1609462800;

const OWNED_PREFIXES = ["en:nutriscore-", "en:nutrition-", "en:ecoscore-"];
const OWNED_TAGS = new Set(["en:main-countries-new-product", "en:main-countries-no-scans"]);

/**
 * True for the tags these rules rebuild on every write. Besides the Nutri-Score prefixes of §0.1 this
 * includes every `en:ecoscore-*` tag (foodbase computes no Eco-Score, so an imported
 * `en:ecoscore-computed` would contradict row 10) and the two scan-status tags of row 11.
 */
export function isNutriScoreOwnedMiscTag(tag: string): boolean {
  return OWNED_TAGS.has(tag) || OWNED_PREFIXES.some((prefix) => tag.startsWith(prefix));
}

export interface MiscTagsInput {
  applicability: Applicability;
  availability: NutrientAvailability;
  computed: boolean;
  fruit2021: FruitPercentage2021;
  fruit2023: FruitPercentage2023;
  /** Letters of both versions when computed. */
  grade2021?: NutriScoreLetter;
  grade2023?: NutriScoreLetter;
  /** `created_t` of the product (seconds); undefined for a product being created. */
  createdT: number | undefined;
}

/** `<cat>` of the from-category tags: the category id with its first `:` replaced by `-`. */
function categoryTagSuffix(categoryId: string): string {
  return categoryId.replace(":", "-");
}

function fruitTags2021(fruit: FruitPercentage2021, fiberWarning: boolean): string[] {
  const fromCategory = (category: string | undefined) => [
    "en:nutrition-fruits-vegetables-nuts-from-category",
    `en:nutrition-fruits-vegetables-nuts-from-category-${categoryTagSuffix(category ?? "")}`,
  ];
  // The category override ends the step without a summary tag.
  if (fruit.source === "category_override") return fromCategory(fruit.category);

  const tags: string[] = [];
  switch (fruit.source) {
    case "dried":
      tags.push("en:nutrition-fruits-vegetables-nuts-dried");
      if (fruit.withContributorValue) tags.push("en:nutrition-fruits-vegetables-nuts");
      break;
    case "contributor":
      tags.push("en:nutrition-fruits-vegetables-nuts");
      break;
    case "estimate":
      tags.push("en:nutrition-fruits-vegetables-nuts-estimate");
      break;
    case "estimate_from_ingredients":
      tags.push("en:nutrition-fruits-vegetables-nuts-estimate-from-ingredients");
      break;
    case "category":
      tags.push(...fromCategory(fruit.category));
      break;
    case "none":
      tags.push("en:nutrition-no-fruits-vegetables-nuts");
      break;
  }
  tags.push(
    fiberWarning || fruit.source === "none"
      ? "en:nutrition-no-fiber-or-fruits-vegetables-nuts"
      : "en:nutrition-all-nutriscore-values-known",
  );
  return tags;
}

function fruitTags2023(fruit: FruitPercentage2023): string[] {
  switch (fruit.source) {
    case "category_override":
    case "category":
      return [
        "en:nutrition-fruits-vegetables-legumes-from-category",
        `en:nutrition-fruits-vegetables-legumes-from-category-${categoryTagSuffix(fruit.category ?? "")}`,
      ];
    case "contributor":
      return ["en:nutrition-fruits-vegetables-legumes"];
    case "estimate_from_ingredients":
      return ["en:nutrition-fruits-vegetables-legumes-estimate-from-ingredients"];
    case "none":
      return [];
  }
}

function comparisonTags(grade2021: NutriScoreLetter, grade2023: NutriScoreLetter): string[] {
  const tags: string[] = [];
  if (grade2021 === grade2023) tags.push("en:nutriscore-2021-same-as-2023");
  else {
    tags.push("en:nutriscore-2021-different-from-2023");
    tags.push(grade2021 < grade2023 ? "en:nutriscore-2021-better-than-2023" : "en:nutriscore-2021-worse-than-2023");
  }
  tags.push(`en:nutriscore-2021-${grade2021}-2023-${grade2023}`);
  return tags;
}

/** The tags of rows 1–11 of §3, without duplicates. */
export function nutriScoreMiscTags(input: MiscTagsInput): string[] {
  const { applicability, availability, computed } = input;
  const tags: string[] = [computed ? "en:nutriscore-computed" : "en:nutriscore-not-computed"];

  if (applicability.categoryAvailable === 0) tags.push("en:nutriscore-missing-category");
  else if (applicability.applicable === 0) tags.push("en:nutriscore-not-applicable");

  if (availability.preparedCategory !== undefined) {
    tags.push(
      availability.preparedDataMissing
        ? "en:nutriscore-missing-prepared-nutrition-data"
        : "en:nutrition-grade-computed-for-prepared-product",
    );
  }

  if (availability.missingNutrients.length > 0) {
    tags.push("en:nutrition-not-enough-data-to-compute-nutrition-score", "en:nutriscore-missing-nutrition-data");
    for (const nid of availability.missingNutrients) tags.push(`en:nutriscore-missing-nutrition-data-${nid}`);
  }

  // Informational tags only for scored products (§3 notes: a deliberate difference from OFF).
  if (computed) {
    if (availability.fiberWarning) tags.push("en:nutrition-no-fiber");
    tags.push(...fruitTags2021(input.fruit2021, availability.fiberWarning));
    tags.push(...fruitTags2023(input.fruit2023));
    if (input.grade2021 !== undefined && input.grade2023 !== undefined) {
      tags.push(...comparisonTags(input.grade2021, input.grade2023));
    }
  }

  tags.push("en:ecoscore-extended-data-not-computed", "en:ecoscore-not-computed");
  tags.push(
    input.createdT !== undefined && input.createdT < MAIN_COUNTRIES_NEW_PRODUCT_SINCE
      ? "en:main-countries-no-scans"
      : "en:main-countries-new-product",
  );
  return [...new Set(tags)];
}
