/**
 * Shares of the product estimated from its ingredients (INGREDIENTS.md §7): fruits/vegetables/nuts
 * (Nutri-Score 2021), fruits/vegetables/legumes (2023), milk and red meat.
 */
import type { Taxonomy } from "../taxonomy/types.js";
import type { ParsedIngredient } from "./types.js";

const EXCLUDED_PROCESSING = /en:(candied|flour|freeze-dried|powder)/;
const FVL_EUROCODE_2_GROUP_2 = new Set([
  "7.10",
  "8.10",
  "8.15",
  "8.20",
  "8.25",
  "8.30",
  "8.38",
  "8.40",
  "8.42",
  "8.45",
  "8.50",
  "8.55",
  "8.60",
  "9.10",
  "9.20",
  "9.25",
  "9.30",
  "9.40",
  "9.50",
  "9.60",
  "12.20",
]);

type Match = (x: ParsedIngredient) => boolean;

function isA(taxonomy: Taxonomy, id: string, ancestor: string): boolean {
  return id === ancestor || taxonomy.ancestors(id).includes(ancestor);
}

/** `estimate_ingredients_matching_function`: sum of the matching ingredients' percents, not descending into them. */
function estimateMatching(list: ParsedIngredient[], match: Match, ingredients: Taxonomy, canned: boolean): number {
  let total = 0;
  let water = 0;
  const visit = (items: ParsedIngredient[]): void => {
    for (const x of items) {
      const percent = x.percent ?? x.percent_estimate;
      if (match(x) && percent !== undefined) {
        total += percent;
        continue;
      }
      if (isA(ingredients, x.id, "en:water") && percent !== undefined) water += percent;
      if (x.ingredients !== undefined) visit(x.ingredients);
    }
  };
  visit(list);
  if (canned && water > 0 && water < 100) total = (total * 100) / (100 - water);
  return total;
}

export function estimateShares(
  list: ParsedIngredient[],
  ingredients: Taxonomy,
  categoriesTags: readonly string[],
): { fruitsVegetablesNuts: number; fruitsVegetablesLegumes: number; milk: number; redMeat: number } {
  const categories = new Set(categoriesTags);
  const canned = categories.has("en:canned-plant-based-foods") && !categories.has("en:canned-fruits");
  const notFlourOrPowder = (x: ParsedIngredient): boolean =>
    !isA(ingredients, x.id, "en:flour") && !EXCLUDED_PROCESSING.test(x.processing ?? "");
  const fvn: Match = (x) =>
    ingredients.inheritedProperty(x.id, "nutriscore_fruits_vegetables_nuts:en")?.value === "yes" && notFlourOrPowder(x);
  const fvl: Match = (x) => {
    if (!notFlourOrPowder(x)) return false;
    if (ingredients.inheritedProperty(x.id, "eurocode_2_group_1:en")?.value === "9") return true;
    const group2 = ingredients.inheritedProperty(x.id, "eurocode_2_group_2:en")?.value;
    return group2 !== undefined && FVL_EUROCODE_2_GROUP_2.has(group2);
  };
  return {
    fruitsVegetablesNuts: estimateMatching(list, fvn, ingredients, canned),
    fruitsVegetablesLegumes: estimateMatching(list, fvl, ingredients, canned),
    milk: estimateMatching(list, (x) => isA(ingredients, x.id, "en:milk"), ingredients, false),
    redMeat: estimateMatching(
      list,
      (x) => ingredients.inheritedProperty(x.id, "nutriscore_red_meat:en")?.value === "yes",
      ingredients,
      false,
    ),
  };
}
