/**
 * Issue #3 acceptance over HTTP: the "not computed → computed" transition, tags from text in several
 * languages, display names, and pathological tag texts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALICE, getJson, postForm, startTestServer, type TestServer } from "../helpers/server.js";

let t: TestServer;
beforeAll(async () => {
  // A larger body limit than the default 1 MiB, so that 1 MiB of category text fits in a form.
  t = await startTestServer({ users: [ALICE], config: { bodyLimit: 4 * 1024 * 1024 } });
});
afterAll(async () => t.close());

const write = (fields: Record<string, string>) =>
  postForm(t.url, "/cgi/product_jqm2.pl", { user_id: ALICE.userId, password: ALICE.password, ...fields });
const read = async (code: string, query = "") =>
  (await getJson(`${t.url}/api/v2/product/${code}${query}`)).body.product;

describe("the Nutri-Score transition (NUTRITION.md §2.10, §3)", () => {
  const code = "6000000000011";

  it("a name and carbohydrates only: exactly the not-computed tags, no grade letter, no nutriscore_data", async () => {
    expect(
      (await write({ code, lc: "en", product_name: "Mystery snack", nutriment_carbohydrates: "60" })).body.status,
    ).toBe(1);
    const p = await read(code);
    // Rows 1, 2, 5 (every required nutrient missing, carbohydrates ≠ 0 so sugars too), 10, 11.
    expect(p.misc_tags).toEqual([
      "en:nutriscore-not-computed",
      "en:nutriscore-missing-category",
      "en:nutrition-not-enough-data-to-compute-nutrition-score",
      "en:nutriscore-missing-nutrition-data",
      "en:nutriscore-missing-nutrition-data-energy",
      "en:nutriscore-missing-nutrition-data-fat",
      "en:nutriscore-missing-nutrition-data-saturated-fat",
      "en:nutriscore-missing-nutrition-data-sugars",
      "en:nutriscore-missing-nutrition-data-sodium",
      "en:nutriscore-missing-nutrition-data-proteins",
      "en:ecoscore-extended-data-not-computed",
      "en:ecoscore-not-computed",
      "en:main-countries-new-product",
    ]);
    expect(p.nutrition_grades).toBe("unknown");
    expect(p.nutrition_grades_tags).toEqual(["unknown"]);
    expect(p).not.toHaveProperty("nutriscore_data");
    expect(p).not.toHaveProperty("nutriscore_score");
    expect(p.nutriscore["2021"]).not.toHaveProperty("score");
  });

  it("adding a category and the required nutrients computes it, and the missing-data tags go", async () => {
    const res = await write({
      code,
      categories: "Biscuits",
      "nutriment_energy-kj": "2000",
      nutriment_sugars: "30",
      nutriment_fat: "20",
      "nutriment_saturated-fat": "8",
      nutriment_sodium: "0.3",
      nutriment_proteins: "6",
    });
    expect(res.body.status).toBe(1);
    const p = await read(code);
    expect(["a", "b", "c", "d", "e"]).toContain(p.nutrition_grades);
    // 2021 points worked out by hand from NUTRITION.md §2.7.2: energy 2000 kJ > 1675 → 5; sugars 30 > 27 → 6;
    // saturated fat 8 > 7 → 7; sodium 300 mg > 270 → 3; negative 21 ≥ 11 and fruit < 5 → proteins not counted;
    // fiber unknown → 0: score 21 → e.
    expect(p.nutriscore_data).toMatchObject({
      energy: 2000,
      energy_value: 2000,
      energy_points: 5,
      sugars: 30,
      sugars_points: 6,
      saturated_fat: 8,
      saturated_fat_points: 7,
      sodium: 300,
      sodium_points: 3,
    });
    expect(p.nutriscore_score).toBe(21);
    expect(p.nutrition_grades).toBe("e");
    expect(p.misc_tags).toContain("en:nutriscore-computed");
    expect(
      p.misc_tags.filter((tag: string) => tag.startsWith("en:nutriscore-missing") || tag.includes("not-enough-data")),
    ).toEqual([]);
    expect(p.misc_tags).not.toContain("en:nutriscore-not-computed");
  });
});

describe("tags from text (TAXONOMY.md §5, API.md §4.4)", () => {
  const ORANGE_CHAIN = [
    "en:plant-based-foods-and-beverages",
    "en:beverages",
    "en:plant-based-beverages",
    "en:fruit-based-beverages",
    "en:juices-and-nectars",
    "en:fruit-juices",
    "en:orange-juices",
  ];

  it("'Orange juice' in English, French and German gives the same 7-tag chain", async () => {
    const inputs: Array<[string, string, string]> = [
      ["6000000000028", "en", "Orange juice"],
      ["6000000000035", "fr", "Jus d'orange"],
      ["6000000000042", "de", "Orangensaft"],
    ];
    for (const [code, lc, categories] of inputs) {
      await write({ code, lc, categories });
      const p = await read(code);
      expect(p.categories_tags, lc).toEqual(ORANGE_CHAIN);
      expect(p.categories_hierarchy, lc).toEqual(ORANGE_CHAIN);
      expect(p.categories_lc).toBe(lc);
      expect(p.categories).toBe(categories);
    }
  });

  it("keeps an unknown category as <lc>:<id>, and reads names broad to specific in en and fr", async () => {
    const code = "6000000000059";
    await write({ code, lc: "fr", categories: "Boissons, Jus d'orange, Jus d'orange bio du terroir" });
    const p = await read(code, "?fields=categories_tags,categories_hierarchy,categories_tags_en,categories_tags_fr");
    expect(p.categories_tags).toEqual([...ORANGE_CHAIN, "fr:jus-d-orange-bio-du-terroir"]);
    expect(p.categories_hierarchy.at(-1)).toBe("fr:Jus d'orange bio du terroir");
    expect(p.categories_tags_en).toEqual([
      "Plant-based foods and beverages",
      "Beverages",
      "Plant-based beverages",
      "Fruit-based beverages",
      "Juices and nectars",
      "Fruit juices",
      "Orange juices",
      "fr:jus-d-orange-bio-du-terroir",
    ]);
    expect(p.categories_tags_fr).toEqual([
      "Aliments et boissons à base de végétaux",
      "Boissons",
      "Boissons à base de végétaux",
      "Boissons aux fruits",
      "Jus et nectars",
      "Jus de fruits",
      "Jus d'orange",
      "Jus-d-orange-bio-du-terroir",
    ]);
  });

  it("labels, countries, free tags and add_<field>", async () => {
    const code = "6000000000066";
    await write({
      code,
      lc: "en",
      labels: "Organic",
      countries: "France",
      brands: "ACME Inc., Bonne Maman",
      allergens: "Eggs",
    });
    let p = await read(code);
    expect(p.labels_tags).toContain("en:organic");
    expect(p.countries_tags).toEqual(["en:france"]);
    expect(p.brands_tags).toEqual(["acme-inc", "bonne-maman"]);
    expect(p).not.toHaveProperty("brands_hierarchy");
    expect(p.allergens_tags).toEqual(["en:eggs"]);
    await write({ code, lc: "fr", add_countries: "Belgique, France", add_brands: "acme inc., Lu" });
    p = await read(code);
    expect(p.countries_tags).toEqual(["en:belgium", "en:france"]);
    expect(p.countries).toBe("France, fr:Belgique");
    expect(p.brands).toBe("ACME Inc., Bonne Maman, Lu");
  });

  it("handles 10,000 commas and 1 MiB of category text without error", async () => {
    const commas = await write({ code: "6000000000073", categories: ",".repeat(10_000) });
    expect(commas.body.status).toBe(1);
    expect((await read("6000000000073")).categories_tags).toEqual([]);
    const big = "Orange juice, ".repeat(Math.ceil((1024 * 1024) / 14)).slice(0, 1024 * 1024);
    expect(big.length).toBe(1024 * 1024);
    const res = await write({ code: "6000000000080", categories: big });
    expect(res.status).toBe(200);
    expect((await read("6000000000080")).categories_tags).toEqual(ORANGE_CHAIN);
  });
});
