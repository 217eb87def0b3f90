/**
 * Nutri-Score 2021 and 2023 and the `misc_tags` status tags (NUTRITION.md §2 and §3): the pipeline
 * of §2.1, run on every write.
 */

import type { Product } from "../product.js";
import { nutrimentsForComputation } from "../schema/computation.js";
import type { Taxonomies } from "../taxonomy/types.js";
import { ProductCategories } from "./categories.js";
import { canonicalNutriScoreRules, DEFAULT_NUTRISCORE_CATEGORY_LISTS, type NutriScoreCategoryLists } from "./config.js";
import { computeApplicability, computeFlags2021, computeFlags2023, type IngredientEstimates } from "./flags.js";
import { fruitPercentage2021, fruitPercentage2023 } from "./fruits.js";
import { buildInputs2021, buildInputs2023, computeNutrientAvailability } from "./inputs.js";
import { isNutriScoreOwnedMiscTag, nutriScoreMiscTags } from "./misc-tags.js";
import { numericValue } from "./numbers.js";
import { computeNutriScore2021, unscoredData2021 } from "./nutriscore-2021.js";
import { computeNutriScore2023, unscoredData2023 } from "./nutriscore-2023.js";
import { type VersionOutcome, withoutNutriScoreFields, writeHeadlineFields, writeWarningFields } from "./output.js";
import type { JsonObject, NutriScoreGrade, NutriScoreLetter, NutriScoreVersion } from "./types.js";

export { inheritedFromCategories, inheritedFromCategoryTags } from "./categories.js";
export {
  type CanonicalNutriScoreRules,
  canonicalNutriScoreRules,
  DEFAULT_NUTRISCORE_CATEGORY_LISTS,
  type FruitCategoryRow,
  type NutriScoreCategoryLists,
  unknownRuleIds,
} from "./config.js";
export type { IngredientEstimates } from "./flags.js";
export { buildInputs2021, buildInputs2023, saturatedFatRatio } from "./inputs.js";
export { isNutriScoreOwnedMiscTag } from "./misc-tags.js";
export { computeNutriScore2021, computeNutriScoreGrade2021 } from "./nutriscore-2021.js";
export { computeNutriScore2023, computeNutriScoreGrade2023 } from "./nutriscore-2023.js";
export { isNutriScoreField } from "./output.js";
export type * from "./types.js";

export interface NutriScoreContext {
  taxonomies: Taxonomies;
  /** `nutriscore.headlineVersion` (default "2021" in the configuration). */
  headlineVersion: NutriScoreVersion;
  /** Category rule lists; defaults to OFF's current values. */
  categoryLists?: NutriScoreCategoryLists;
  /** Ingredient-derived inputs: the ingredients analysis' estimates (enrich.ts). */
  ingredientEstimates?: IngredientEstimates;
}

/** The fields of `nutriscore.<v>` shared by both versions. */
type VersionStatus = Omit<VersionOutcome, "data" | "grade" | "score">;

/** `nutriscore.<v>` with the keys in the order of §2.9 (object literals: cheap to build). */
function versionOutcome(
  status: VersionStatus,
  data: JsonObject,
  grade: NutriScoreGrade,
  score: number | undefined,
): VersionOutcome {
  const outcome: VersionOutcome =
    status.not_applicable_category === undefined
      ? {
          category_available: status.category_available,
          nutriscore_applicable: status.nutriscore_applicable,
          nutrients_available: status.nutrients_available,
          nutriscore_computed: status.nutriscore_computed,
          preparation: status.preparation,
          data,
          grade,
        }
      : {
          category_available: status.category_available,
          nutriscore_applicable: status.nutriscore_applicable,
          nutrients_available: status.nutrients_available,
          nutriscore_computed: status.nutriscore_computed,
          not_applicable_category: status.not_applicable_category,
          preparation: status.preparation,
          data,
          grade,
        };
  if (score !== undefined) outcome.score = score;
  return outcome;
}

/**
 * Returns a new product (the input is not modified) whose Nutri-Score fields and Nutri-Score /
 * nutrition / Eco-Score status misc tags are rebuilt from its `categories_tags` and `nutriments`.
 */
export function applyNutriScore(product: Product, ctx: NutriScoreContext): Product {
  const rules = canonicalNutriScoreRules(ctx.taxonomies, ctx.categoryLists ?? DEFAULT_NUTRISCORE_CATEGORY_LISTS);
  const estimates = ctx.ingredientEstimates ?? {};
  const source = nutrimentsForComputation(product, ctx.taxonomies);
  const { product: result, nutriments } = withoutNutriScoreFields(product);
  const categories = ProductCategories.of(product, ctx.taxonomies.categories);

  const applicability = computeApplicability(product.categories, categories, rules);
  const flags2021 = computeFlags2021(categories, rules, estimates);
  const flags2023 = computeFlags2023(categories, rules, estimates);
  const availability = computeNutrientAvailability(source, categories, rules, flags2021.is_water === 1);
  const fruit2021 = fruitPercentage2021(
    source,
    availability.suffix,
    categories,
    rules,
    estimates.fruitsVegetablesNutsPercent,
  );
  const fruit2023 = fruitPercentage2023(
    source,
    availability.suffix,
    categories,
    rules,
    estimates.fruitsVegetablesLegumesPercent,
  );
  const inputs2021 = buildInputs2021(source, availability.suffix, flags2021, fruit2021.value);
  const inputs2023 = buildInputs2023(
    source,
    availability.suffix,
    flags2023,
    fruit2023.value,
    estimates.nonNutritiveSweeteners,
  );
  const computed = applicability.applicable === 1 && availability.nutrientsAvailable === 1;

  const common: VersionStatus = {
    category_available: applicability.categoryAvailable,
    nutriscore_applicable: applicability.applicable,
    nutrients_available: availability.nutrientsAvailable,
    nutriscore_computed: computed ? 1 : 0,
    not_applicable_category: applicability.notApplicableCategory,
    preparation: availability.preparation,
  };

  let outcomes: Record<NutriScoreVersion, VersionOutcome>;
  let grade2021: NutriScoreLetter | undefined;
  let grade2023: NutriScoreLetter | undefined;
  if (computed) {
    const scored2021 = computeNutriScore2021(inputs2021);
    const scored2023 = computeNutriScore2023(inputs2023);
    grade2021 = scored2021.grade;
    grade2023 = scored2023.grade;
    outcomes = {
      "2021": versionOutcome(common, scored2021.data, scored2021.grade, scored2021.score),
      "2023": versionOutcome(common, scored2023.data, scored2023.grade, scored2023.score),
    };
    writeWarningFields(result, fruit2021, availability.fiberWarning);
  } else {
    // Priority of §2.10: missing category, then exempted, then missing nutrients.
    const grade: NutriScoreGrade =
      applicability.categoryAvailable === 0 ? "unknown" : applicability.applicable === 0 ? "not-applicable" : "unknown";
    outcomes = {
      "2021": versionOutcome(common, unscoredData2021(inputs2021), grade, undefined),
      "2023": versionOutcome(common, unscoredData2023(inputs2023), grade, undefined),
    };
  }
  writeHeadlineFields(result, nutriments, outcomes, ctx.headlineVersion, flags2021.is_beverage);
  // A 1003 product keeps its nutrition in `nutrition`: OFF writes no score into its (empty) `nutriments`.
  if (product.nutrition !== undefined) {
    if (product.nutriments === undefined) delete result.nutriments;
    else result.nutriments = product.nutriments;
  }

  const ownTags = nutriScoreMiscTags({
    applicability,
    availability,
    computed,
    fruit2021,
    fruit2023,
    grade2021,
    grade2023,
    createdT: numericValue(product.created_t),
  });
  const keptTags = Array.isArray(product.misc_tags)
    ? product.misc_tags.filter((tag): tag is string => typeof tag === "string" && !isNutriScoreOwnedMiscTag(tag))
    : [];
  result.misc_tags = [...new Set([...ownTags, ...keptTags])];
  return result;
}
