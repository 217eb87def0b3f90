/** Every `misc_tags` rule of NUTRITION.md §3, on the shipped taxonomy. */

import { describe, expect, it } from "vitest";
import { applyNutriScore } from "../../../src/domain/nutriscore/index.js";
import type { Product } from "../../../src/domain/product.js";
import { makeProduct, type ProductSpec, taxonomies } from "./helpers.js";

const tagsOf = (product: Product): string[] =>
  applyNutriScore(product, { taxonomies: taxonomies(), headlineVersion: "2021" }).misc_tags as string[];
const tagsFor = (spec: ProductSpec) => tagsOf(makeProduct(spec));

const TAIL = ["en:ecoscore-extended-data-not-computed", "en:ecoscore-not-computed", "en:main-countries-new-product"];

/** Every required nutrient plus fiber (a computable cookie). */
const COMPLETE = {
  energy: 2000,
  fat: 20,
  "saturated-fat": 8,
  sugars: 30,
  salt: 0.75,
  sodium: 0.3,
  fiber: 2,
  proteins: 6,
};

describe("§3 reference example", () => {
  it("no category and no sodium/salt, created now", () => {
    const nutriments = { energy: 1000, fat: 5, "saturated-fat": 2, sugars: 10, proteins: 5 };
    const before = makeProduct({ nutriments });
    expect(tagsOf(before)).toEqual([
      "en:nutriscore-not-computed",
      "en:nutriscore-missing-category",
      "en:nutrition-not-enough-data-to-compute-nutrition-score",
      "en:nutriscore-missing-nutrition-data",
      "en:nutriscore-missing-nutrition-data-sodium",
      ...TAIL,
    ]);
    // A later write adds categories and sodium.
    const after = applyNutriScore(makeProduct({ categories: "cookies", nutriments: { ...nutriments, sodium: 0.4 } }), {
      taxonomies: taxonomies(),
      headlineVersion: "2021",
    });
    expect(["a", "b", "c", "d", "e"]).toContain(after.nutrition_grades);
    expect(after.nutriscore_data).toMatchObject({ energy_points: 2, sodium_points: 4, sodium: 400 });
    const tags = after.misc_tags as string[];
    expect(tags[0]).toBe("en:nutriscore-computed");
    expect(tags.some((t) => t.startsWith("en:nutriscore-missing"))).toBe(false);
    expect(tags).not.toContain("en:nutrition-not-enough-data-to-compute-nutrition-score");
  });
});

describe("row 1: computed / not computed", () => {
  it("exactly one of them on every product", () => {
    for (const spec of [{}, { categories: "cookies", nutriments: COMPLETE }, { categories: "beers" }]) {
      const tags = tagsFor(spec);
      const status = tags.filter((t) => t === "en:nutriscore-computed" || t === "en:nutriscore-not-computed");
      expect(status).toHaveLength(1);
      expect(tags[0]).toBe(status[0]);
    }
    expect(tagsFor({ categories: "cookies", nutriments: COMPLETE })[0]).toBe("en:nutriscore-computed");
  });
});

describe("row 2: en:nutriscore-missing-category", () => {
  it.each([
    ["undefined", undefined],
    ["empty", ""],
    ["whitespace only", "  "],
  ])("categories %s", (_name, categories) => {
    const product = makeProduct({ nutriments: COMPLETE });
    if (categories !== undefined) Object.assign(product, { categories, categories_tags: [] });
    expect(tagsOf(product).slice(0, 2)).toEqual(["en:nutriscore-not-computed", "en:nutriscore-missing-category"]);
  });

  it("not set when there is a category", () => {
    expect(tagsFor({ categories: "cookies", nutriments: COMPLETE })).not.toContain("en:nutriscore-missing-category");
  });
});

describe("row 3: en:nutriscore-not-applicable", () => {
  it("exempted category", () => {
    expect(tagsFor({ categories: "beers", nutriments: COMPLETE }).slice(0, 2)).toEqual([
      "en:nutriscore-not-computed",
      "en:nutriscore-not-applicable",
    ]);
  });

  it("a not-exempted category cancels the exemption", () => {
    const tags = tagsFor({ categories: "beers, iced teas", nutriments: COMPLETE });
    expect(tags).not.toContain("en:nutriscore-not-applicable");
    expect(tags[0]).toBe("en:nutriscore-computed");
  });
});

describe("row 4: prepared categories", () => {
  const prepared = {
    energy_prepared: 287,
    fat_prepared: 0,
    "saturated-fat_prepared": 1.1,
    sugars_prepared: 6.3,
    sodium_prepared: 0.045,
    salt_prepared: 0.1125,
    fiber_prepared: 1.9,
    proteins_prepared: 3.8,
  };

  it("with energy_prepared_100g → en:nutrition-grade-computed-for-prepared-product, preparation prepared", () => {
    const result = applyNutriScore(makeProduct({ categories: "cocoa and chocolate powders", nutriments: prepared }), {
      taxonomies: taxonomies(),
      headlineVersion: "2021",
    });
    expect((result.misc_tags as string[]).slice(0, 2)).toEqual([
      "en:nutriscore-computed",
      "en:nutrition-grade-computed-for-prepared-product",
    ]);
    expect(result.nutriscore).toMatchObject({ "2021": { preparation: "prepared", grade: "a", score: -1 } });
    expect(result.nutriscore).toMatchObject({ "2023": { preparation: "prepared", grade: "b", score: 1 } });
  });

  it("without energy_prepared_100g → en:nutriscore-missing-prepared-nutrition-data, check continues as sold", () => {
    const tags = tagsFor({ categories: "cocoa and chocolate powders", nutriments: { energy: 1500 } });
    expect(tags.slice(0, 4)).toEqual([
      "en:nutriscore-not-computed",
      "en:nutriscore-missing-prepared-nutrition-data",
      "en:nutrition-not-enough-data-to-compute-nutrition-score",
      "en:nutriscore-missing-nutrition-data",
    ]);
    expect(tags).toContain("en:nutriscore-missing-nutrition-data-fat");
    expect(tags).not.toContain("en:nutriscore-missing-nutrition-data-energy");
  });

  it("missing prepared nutrient tags use the nid without _prepared", () => {
    const tags = tagsFor({ categories: "cocoa and chocolate powders", nutriments: { energy_prepared: 300 } });
    expect(tags).toContain("en:nutriscore-missing-nutrition-data-fat");
    expect(tags.some((t) => t.includes("_prepared"))).toBe(false);
  });
});

describe("row 5: missing nutrition data", () => {
  it("one tag per missing nutrient, in the order energy, fat, saturated-fat, sugars, sodium, proteins", () => {
    const tags = tagsFor({ categories: "cookies", nutriments: { fiber: 1 } });
    expect(tags.slice(0, 9)).toEqual([
      "en:nutriscore-not-computed",
      "en:nutrition-not-enough-data-to-compute-nutrition-score",
      "en:nutriscore-missing-nutrition-data",
      "en:nutriscore-missing-nutrition-data-energy",
      "en:nutriscore-missing-nutrition-data-fat",
      "en:nutriscore-missing-nutrition-data-saturated-fat",
      "en:nutriscore-missing-nutrition-data-sugars",
      "en:nutriscore-missing-nutrition-data-sodium",
      "en:nutriscore-missing-nutrition-data-proteins",
    ]);
  });

  it("saturated fat deduced 0 from fat = 0, sugars deduced 0 from carbohydrates = 0", () => {
    const { "saturated-fat": _s, sugars: _g, ...rest } = COMPLETE;
    const tags = tagsFor({ categories: "cookies", nutriments: { ...rest, fat: 0, carbohydrates: 0 } });
    expect(tags[0]).toBe("en:nutriscore-computed");
    const notDeduced = tagsFor({ categories: "cookies", nutriments: { ...rest, fat: 1, carbohydrates: 1 } });
    expect(notDeduced).toContain("en:nutriscore-missing-nutrition-data-saturated-fat");
    expect(notDeduced).toContain("en:nutriscore-missing-nutrition-data-sugars");
  });

  it("salt satisfies sodium; fiber is never required", () => {
    const { sodium: _sodium, fiber: _fiber, ...rest } = COMPLETE;
    const tags = tagsFor({ categories: "cookies", nutriments: rest });
    expect(tags[0]).toBe("en:nutriscore-computed");
    expect(tags.some((t) => t.startsWith("en:nutriscore-missing"))).toBe(false);
  });

  it("skipped for unflavoured spring water, not for flavoured water", () => {
    expect(tagsFor({ categories: "mineral water" })).toEqual(
      expect.not.arrayContaining(["en:nutriscore-missing-nutrition-data"]),
    );
    expect(tagsFor({ categories: "mineral water" })[0]).toBe("en:nutriscore-computed");
    expect(tagsFor({ categories: "flavoured spring water" })).toContain("en:nutriscore-missing-nutrition-data");
  });

  it("evaluated also when the category is missing or exempted", () => {
    expect(tagsFor({ nutriments: { energy: 100 } })).toContain("en:nutriscore-missing-nutrition-data-fat");
    expect(tagsFor({ categories: "beers", nutriments: { energy: 100 } })).toContain(
      "en:nutriscore-missing-nutrition-data-fat",
    );
  });
});

describe("row 6: en:nutrition-no-fiber", () => {
  const { fiber: _fiber, ...noFiber } = COMPLETE;

  it("computed product without fiber", () => {
    const tags = tagsFor({ categories: "cookies", nutriments: noFiber });
    expect(tags.slice(0, 2)).toEqual(["en:nutriscore-computed", "en:nutrition-no-fiber"]);
    expect(tags).toContain("en:nutrition-no-fiber-or-fruits-vegetables-nuts");
  });

  it("silenced by the '-' fiber modifier, for sodas and for spring water", () => {
    const withModifier = makeProduct({ categories: "cookies", nutriments: noFiber });
    (withModifier.nutriments as Record<string, string>).fiber_modifier = "-";
    expect(tagsOf(withModifier)).not.toContain("en:nutrition-no-fiber");
    expect(tagsFor({ categories: "sodas", nutriments: noFiber })).not.toContain("en:nutrition-no-fiber");
    expect(tagsFor({ categories: "mineral water" })).not.toContain("en:nutrition-no-fiber");
  });

  it("only for computed products", () => {
    expect(tagsFor({ nutriments: noFiber })).not.toContain("en:nutrition-no-fiber");
  });
});

describe("row 7: 2021 fruit source tags and summary", () => {
  const fruitTags = (tags: string[]) =>
    tags.filter(
      (t) =>
        t.startsWith("en:nutrition-fruits-vegetables-nuts") ||
        t.includes("-values-known") ||
        t.includes("no-fr") ||
        t.includes("no-fiber-or"),
    );

  it("category table → from-category + from-category-<cat>", () => {
    expect(fruitTags(tagsFor({ categories: "orange juices", nutriments: COMPLETE }))).toEqual([
      "en:nutrition-fruits-vegetables-nuts-from-category",
      "en:nutrition-fruits-vegetables-nuts-from-category-en-fruit-juices",
      "en:nutrition-all-nutriscore-values-known",
    ]);
  });

  it("dried value → -dried (+ the contributor tag when the contributor value is given)", () => {
    expect(
      fruitTags(tagsFor({ categories: "cookies", nutriments: { ...COMPLETE, "fruits-vegetables-nuts-dried": 10 } })),
    ).toEqual(["en:nutrition-fruits-vegetables-nuts-dried", "en:nutrition-all-nutriscore-values-known"]);
    const both = makeProduct({
      categories: "cookies",
      nutriments: { ...COMPLETE, "fruits-vegetables-nuts-dried": 20, "fruits-vegetables-nuts": 30 },
    });
    expect(fruitTags(tagsOf(both))).toEqual([
      "en:nutrition-fruits-vegetables-nuts-dried",
      "en:nutrition-fruits-vegetables-nuts",
      "en:nutrition-all-nutriscore-values-known",
    ]);
    // (2 × 20 + 30) × 100 / 120 = 58.3333333333333
    const result = applyNutriScore(both, { taxonomies: taxonomies(), headlineVersion: "2021" });
    expect(result.nutriscore_data).toMatchObject({
      fruits_vegetables_nuts_colza_walnut_olive_oils: 58.3333333333333,
      fruits_vegetables_nuts_colza_walnut_olive_oils_value: 58.3,
    });
  });

  it("contributor value, manual estimate, estimate from ingredients", () => {
    const withKey = (key: string) =>
      fruitTags(tagsFor({ categories: "orange juices", nutriments: { ...COMPLETE, [key]: 50 } }));
    expect(withKey("fruits-vegetables-nuts")).toEqual([
      "en:nutrition-fruits-vegetables-nuts",
      "en:nutrition-all-nutriscore-values-known",
    ]);
    expect(withKey("fruits-vegetables-nuts-estimate")).toEqual([
      "en:nutrition-fruits-vegetables-nuts-estimate",
      "en:nutrition-all-nutriscore-values-known",
    ]);
    expect(withKey("fruits-vegetables-nuts-estimate-from-ingredients")).toEqual([
      "en:nutrition-fruits-vegetables-nuts-estimate-from-ingredients",
      "en:nutrition-all-nutriscore-values-known",
    ]);
  });

  it("no source → en:nutrition-no-fruits-vegetables-nuts + en:nutrition-no-fiber-or-fruits-vegetables-nuts", () => {
    expect(fruitTags(tagsFor({ categories: "cookies", nutriments: COMPLETE }))).toEqual([
      "en:nutrition-no-fruits-vegetables-nuts",
      "en:nutrition-no-fiber-or-fruits-vegetables-nuts",
    ]);
  });

  it("only for computed products", () => {
    const tags = tagsFor({ categories: "orange juices", nutriments: { energy: 100 } });
    expect(fruitTags(tags)).toEqual([]);
  });
});

describe("row 8: 2023 fruit source tags", () => {
  const legumeTags = (tags: string[]) => tags.filter((t) => t.startsWith("en:nutrition-fruits-vegetables-legumes"));

  it("category table, contributor value, estimate from ingredients, nothing", () => {
    expect(legumeTags(tagsFor({ categories: "jams", nutriments: COMPLETE }))).toEqual([
      "en:nutrition-fruits-vegetables-legumes-from-category",
      "en:nutrition-fruits-vegetables-legumes-from-category-en-jams",
    ]);
    expect(
      legumeTags(tagsFor({ categories: "jams", nutriments: { ...COMPLETE, "fruits-vegetables-legumes": 45 } })),
    ).toEqual(["en:nutrition-fruits-vegetables-legumes"]);
    expect(
      legumeTags(
        tagsFor({
          categories: "cookies",
          nutriments: { ...COMPLETE, "fruits-vegetables-legumes-estimate-from-ingredients": 12 },
        }),
      ),
    ).toEqual(["en:nutrition-fruits-vegetables-legumes-estimate-from-ingredients"]);
    // The 2021 contributor value is not used in 2023.
    expect(
      legumeTags(tagsFor({ categories: "cookies", nutriments: { ...COMPLETE, "fruits-vegetables-nuts": 45 } })),
    ).toEqual([]);
  });
});

describe("row 9: 2021 vs 2023 comparison", () => {
  const comparison = (tags: string[]) => tags.filter((t) => t.startsWith("en:nutriscore-2021-"));

  it("same grade", () => {
    expect(comparison(tagsFor({ categories: "orange juices", nutriments: COMPLETE }))).toEqual([
      "en:nutriscore-2021-same-as-2023",
      "en:nutriscore-2021-e-2023-e",
    ]);
  });

  it("2021 better (milk: a as 2021 food, b as 2023 beverage)", () => {
    const milk = { energy: 195, fat: 1.6, "saturated-fat": 1, sugars: 4.8, salt: 0.1, sodium: 0.04, proteins: 3.3 };
    expect(comparison(tagsFor({ categories: "milk", nutriments: milk }))).toEqual([
      "en:nutriscore-2021-different-from-2023",
      "en:nutriscore-2021-better-than-2023",
      "en:nutriscore-2021-a-2023-b",
    ]);
  });

  it("2021 worse (sunflower oil: d in 2021, c in 2023)", () => {
    const oil = { energy: 3378, fat: 100, "saturated-fat": 10, sugars: 0, salt: 0, sodium: 0, fiber: 0, proteins: 0 };
    expect(comparison(tagsFor({ categories: "sunflower oils", nutriments: oil }))).toEqual([
      "en:nutriscore-2021-different-from-2023",
      "en:nutriscore-2021-worse-than-2023",
      "en:nutriscore-2021-d-2023-c",
    ]);
  });

  it("only when computed", () => {
    expect(comparison(tagsFor({ categories: "beers", nutriments: COMPLETE }))).toEqual([]);
  });
});

describe("rows 10–11: Eco-Score and scan status", () => {
  it("Eco-Score tags always, then main-countries", () => {
    for (const spec of [{}, { categories: "beers" }, { categories: "cookies", nutriments: COMPLETE }]) {
      expect(tagsFor(spec).slice(-3)).toEqual(TAIL);
    }
  });

  it.each([
    [1609462799, "en:main-countries-no-scans"],
    [1609462800, "en:main-countries-new-product"],
    [1_400_000_000, "en:main-countries-no-scans"],
  ])("created_t %s → %s", (createdT, tag) => {
    expect(tagsFor({ createdT }).at(-1)).toBe(tag);
  });

  it("a product without created_t is new", () => {
    const product = makeProduct({});
    delete product.created_t;
    expect(tagsOf(product).at(-1)).toBe("en:main-countries-new-product");
  });
});

describe("ownership of misc_tags", () => {
  it("rebuilds owned tags, keeps the others, never repeats a tag", () => {
    const product = makeProduct({ categories: "cookies", nutriments: COMPLETE, createdT: 1_700_000_000 });
    product.misc_tags = [
      "en:nutriscore-not-computed",
      "en:nutrition-no-fiber",
      "en:ecoscore-computed",
      "en:main-countries-no-scans",
      "en:packagings-not-complete",
      "en:packagings-not-complete",
      "en:environmental-score-not-computed",
    ];
    const tags = tagsOf(product);
    expect(tags).toEqual([...new Set(tags)]);
    expect(tags).not.toContain("en:nutriscore-not-computed");
    expect(tags).not.toContain("en:nutrition-no-fiber");
    expect(tags).not.toContain("en:ecoscore-computed");
    expect(tags).not.toContain("en:main-countries-no-scans");
    expect(tags.slice(-2)).toEqual(["en:packagings-not-complete", "en:environmental-score-not-computed"]);
    expect(tags[0]).toBe("en:nutriscore-computed");
  });
});
