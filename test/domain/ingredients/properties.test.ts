/**
 * Property-based test of the ingredients analysis (issue 26 item 9, "ingredient lists"): for any text in
 * any of the analysed languages, the analysis returns (never throws), and what it returns keeps the
 * invariants an OFF client relies on. Lists are built from real ingredient words, numbers, percents,
 * additive codes and OFF's separators and brackets, nested, plus arbitrary text. Fixed seed, bounded runs;
 * `FOODBASE_FUZZ_RUNS` runs it longer.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ParsedIngredient } from "../../../src/domain/ingredients/index.js";
import { anyText, fuzzParameters } from "../../helpers/fuzz.js";
import { analyze, withText } from "./helpers.js";

const WORDS = [
  "sugar",
  "water",
  "salt",
  "wheat flour",
  "palm oil",
  "milk",
  "eggs",
  "soy lecithin",
  "emulsifier",
  "e330",
  "E 471",
  "acidity regulator",
  "flavouring",
  "organic",
  "sucre",
  "lait écrémé",
  "farine de blé",
  "huile de palme",
  "noisettes",
  "Zucker",
  "Weizenmehl",
  "azúcar",
  "zucchero",
  "may contain",
  "traces of nuts",
  "contains",
  "and",
  "et",
  "from France",
  "vitamin C",
  "",
];
const SEPARATORS = [", ", ",", "; ", " - ", " and ", " et ", ": ", ". ", " / ", "\n", " ", "*", "**"];

/** An ingredient list: words with optional percents, sub-lists in brackets, separators, any text. */
const ingredientList: fc.Arbitrary<string> = fc.letrec<{ list: string; item: string }>((tie) => ({
  item: fc.oneof(
    { depthSize: "small" },
    { weight: 6, arbitrary: fc.constantFrom(...WORDS) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...WORDS),
          fc.oneof(
            fc.double({ min: -10, max: 200, noNaN: true }).map((n) => `${n}`),
            fc.constantFrom("12", "1,5", "<2", "0", "100", "33.3", "1e3"),
          ),
          fc.constantFrom("%", " %", "g", ""),
        )
        .map(([word, number, unit]) => `${word} ${number}${unit}`),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...WORDS),
          fc.constantFrom("(", "[", "{", ": "),
          tie("list"),
          fc.constantFrom(")", "]", "}", "", ")))"),
        )
        .map(([word, open, list, close]) => `${word} ${open}${list}${close}`),
    },
    { weight: 1, arbitrary: anyText },
  ),
  list: fc
    .array(fc.tuple(tie("item"), fc.constantFrom(...SEPARATORS)), { minLength: 1, maxLength: 12 })
    .map((parts) => parts.map(([item, separator]) => item + separator).join("")),
})).list;

function walk(list: ParsedIngredient[], visit: (ingredient: ParsedIngredient) => void): void {
  for (const ingredient of list) {
    visit(ingredient);
    if (ingredient.ingredients !== undefined) walk(ingredient.ingredients, visit);
  }
}

describe("ingredients analysis on any list", () => {
  it("returns for every text and language, with consistent counts and percent bounds", () => {
    fc.assert(
      fc.property(ingredientList, fc.constantFrom("en", "fr", "de", "es", "it", "xx", "nl"), (text, lc) => {
        const { fields } = analyze(withText(lc, text));
        const ingredients = (fields.ingredients ?? []) as ParsedIngredient[];
        if (fields.ingredients_n !== undefined) {
          // OFF's counts: every ingredient at every depth, known plus unknown.
          let n = 0;
          walk(ingredients, () => {
            n++;
          });
          expect(fields.ingredients_n).toBe(n);
          expect((fields.known_ingredients_n as number) + (fields.unknown_ingredients_n as number)).toBe(n);
        }
        // Estimates share out the whole: each level sums to its parent's estimate (100 at the top). (Bounds are
        // not checked: OFF's algorithm, ported as it is, can leave percent_min above percent_max when stated
        // percents contradict each other.)
        const expectShares = (list: ParsedIngredient[], total: number) => {
          if (list.length === 0) return;
          const sum = list.reduce((acc, x) => acc + (x.percent_estimate ?? Number.NaN), 0);
          expect(Math.abs(sum - total)).toBeLessThan(1e-6 * Math.max(1, Math.abs(total)));
          for (const x of list) if (x.ingredients !== undefined) expectShares(x.ingredients, x.percent_estimate ?? 0);
        };
        if (ingredients.length > 0) expectShares(ingredients, 100);
        walk(ingredients, (ingredient) => expect(typeof ingredient.id).toBe("string"));
        for (const key of ["ingredients_tags", "additives_tags", "allergens_tags", "ingredients_analysis_tags"]) {
          const tags = fields[key];
          if (tags !== undefined) expect(Array.isArray(tags), key).toBe(true);
        }
        if (fields.nova_group !== undefined) expect([1, 2, 3, 4]).toContain(fields.nova_group);
      }),
      { ...fuzzParameters(), numRuns: Math.max(fuzzParameters().numRuns ?? 0, 300) },
    );
  });
});
