/** The fields of OFF's ingredients.t fixtures that foodbase computes, read from foodbase's analysis the same way. */
import { analyzeProductIngredients, type ParsedIngredient } from "../../../src/domain/ingredients/index.js";
import { loadTaxonomies } from "../../../src/storage/taxonomy-files.js";
import type { FixtureIngredient, IngredientsFixture } from "./oracle/fixtures.js";

const INGREDIENT_KEYS = [
  "id",
  "text",
  "is_in_taxonomy",
  "percent",
  "percent_min",
  "percent_max",
  "percent_estimate",
  "vegan",
  "vegetarian",
  "from_palm_oil",
  "processing",
  "labels",
  "origins",
] as const;

/** Numbers as OFF prints them: 15 significant digits. */
const round = (value: unknown): unknown => (typeof value === "number" ? Number(value.toPrecision(15)) : value);

function usesIsInTaxonomy(list: FixtureIngredient[]): boolean {
  return list.some((x) => x.is_in_taxonomy !== undefined || usesIsInTaxonomy(x.ingredients ?? []));
}

function projectIngredients(list: readonly ParsedIngredient[], withIsInTaxonomy: boolean): Record<string, unknown>[] {
  return list.map((x) => {
    const source = x as unknown as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const key of INGREDIENT_KEYS) {
      if (key === "is_in_taxonomy" && !withIsInTaxonomy) continue;
      if (source[key] !== undefined) out[key] = round(source[key]);
    }
    if (x.ingredients !== undefined && x.ingredients.length > 0) {
      out.ingredients = projectIngredients(x.ingredients, withIsInTaxonomy);
    }
    return out;
  });
}

function roundTree(list: FixtureIngredient[]): Record<string, unknown>[] {
  return list.map((x) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(x)) {
      out[key] = key === "ingredients" ? roundTree(value as FixtureIngredient[]) : round(value);
    }
    return out;
  });
}

/** OFF's expected fields; `ingredients_tags` and `labels_tags` sorted (the order of a hierarchy is not compared). */
export function expectedFields(fixture: IngredientsFixture): Record<string, unknown> {
  const { ingredients, ingredients_tags, labels_tags, ...rest } = fixture.expected;
  return {
    ...rest,
    ingredients: roundTree(ingredients),
    ingredients_tags: [...ingredients_tags].sort(),
    // OFF's labels_tags comes from the labels hierarchy, which is sorted.
    ...(labels_tags === undefined ? {} : { labels_tags: [...labels_tags].sort() }),
  };
}

/** foodbase's values of the same fields. */
export function foodbaseFields(fixture: IngredientsFixture): Record<string, unknown> {
  const result = analyzeProductIngredients(
    { lc: fixture.lc, [`ingredients_text_${fixture.lc}`]: fixture.text },
    loadTaxonomies(),
  );
  if (result === undefined) throw new Error("the shipped taxonomies have no ingredients taxonomy");
  const f = result.fields;
  const out: Record<string, unknown> = {
    ingredients_analysis_tags: f.ingredients_analysis_tags,
    ingredients_n: f.ingredients_n,
    ingredients_original_tags: f.ingredients_original_tags,
    ingredients_percent_analysis: f.ingredients_percent_analysis,
    known_ingredients_n: f.known_ingredients_n,
    unknown_ingredients_n: f.unknown_ingredients_n,
    ingredients: projectIngredients(
      (f.ingredients as ParsedIngredient[] | undefined) ?? [],
      usesIsInTaxonomy(fixture.expected.ingredients),
    ),
    ingredients_tags: [...((f.ingredients_tags as string[] | undefined) ?? [])].sort(),
  };
  if (fixture.expected.labels_tags !== undefined) out.labels_tags = [...result.labelsFromIngredients].sort();
  return out;
}

/** JSON with object keys sorted, so that key order does not count. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

/** The top-level fields whose values differ. */
export function differingFields(fixture: IngredientsFixture): Record<string, unknown> {
  const expected = expectedFields(fixture);
  const actual = foodbaseFields(fixture);
  const diff: Record<string, unknown> = {};
  for (const key of Object.keys(expected)) {
    if (canonical(expected[key]) !== canonical(actual[key])) diff[key] = actual[key];
  }
  return diff;
}
