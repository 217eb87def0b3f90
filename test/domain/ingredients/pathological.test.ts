/**
 * Pathological ingredient texts (issue 25 "Bad input"): each is analysed without an exception, and the
 * work is bounded by foodbase's limits (analysed length, ingredient count, nesting depth), whatever the
 * input size. Timing is measured by `npm run bench:enrichment`, not here.
 */
import { describe, expect, it } from "vitest";
import { MAX_ANALYSED_TEXT_LENGTH, type ParsedIngredient } from "../../../src/domain/ingredients/index.js";
import { MAX_DEPTH, MAX_INGREDIENTS } from "../../../src/domain/ingredients/parse.js";
import { analyze, withText } from "./helpers.js";

function depth(list: ParsedIngredient[]): number {
  return list.length === 0 ? 0 : 1 + Math.max(...list.map((x) => depth(x.ingredients ?? [])));
}

const MIB = 1 << 20;
const TEXTS: Record<string, string> = {
  "1 MiB of text": "sugar, water (milk, salt) and flour ".repeat(Math.ceil(MIB / 36)).slice(0, MIB),
  "10,000 nested parentheses": `${"(".repeat(10_000)}sugar${")".repeat(10_000)}`,
  "10,000 nested named groups": `${"a (".repeat(10_000)}sugar${")".repeat(10_000)}`,
  "100,000 commas": ",".repeat(100_000),
  "unbalanced brackets": "sugar (milk [cream {salt, water (( ]] )) } ) ) ( [ { ".repeat(2_000),
  "only E-numbers": Array.from({ length: 5_000 }, (_, i) => `E${100 + (i % 900)}`).join(" "),
  "mixed scripts": "сахар, 砂糖, سكر, sucre (lait), Zucker und Milch, αλάτι, 소금 ".repeat(3_000),
  "50,000 ands": "salt and ".repeat(50_000),
  "50,000 colons": "a: ".repeat(50_000),
  "50,000 percents": "10% ".repeat(50_000),
};

describe("pathological ingredient texts", () => {
  for (const [name, text] of Object.entries(TEXTS)) {
    for (const lc of ["en", "fr", "de", "es", "it", "ja"]) {
      it(`${name} (${lc})`, () => {
        const { fields } = analyze(withText(lc, text, { categories: "Biscuits" }));
        const ingredients = fields.ingredients as ParsedIngredient[];
        expect(Array.isArray(ingredients)).toBe(true);
        expect(fields.ingredients_n as number).toBeLessThanOrEqual(MAX_INGREDIENTS);
        expect(depth(ingredients)).toBeLessThanOrEqual(MAX_DEPTH + 1);
        expect(Array.isArray(fields.additives_tags)).toBe(true);
        expect(JSON.stringify(fields).length).toBeLessThan(4 * MIB);
      });
    }
  }

  it("analyses only the first MAX_ANALYSED_TEXT_LENGTH characters", () => {
    const text = `${"x".repeat(MAX_ANALYSED_TEXT_LENGTH)}, sugar`;
    expect(analyze(withText("en", text)).fields.ingredients_original_tags).not.toContain("en:sugar");
  });

  it("an only-E-numbers list is read as additives", () => {
    const { fields } = analyze(withText("en", "E100 E120 E330"));
    expect(fields.additives_original_tags).toEqual(["en:e100", "en:e120", "en:e330"]);
    expect(fields.ingredients_original_tags).toEqual(["en:e100", "en:e120", "en:e330"]);
  });
});
