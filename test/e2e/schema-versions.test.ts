/**
 * OFF's 2026 product schema (SCHEMA.md): 12 real products of OFF's early-2026 dump, in every layout
 * (classic, 1001, 1002, 1003), imported as they are and read back through each API version. Expected
 * values are OFF's own: the dump's classic `nutriments`, its stored `nutrition`, its computed grades.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getJson, startTestServer, type TestServer } from "../helpers/server.js";
import { exportText, FIXTURES, importFile, tempFile } from "../import/helpers.js";

type Json = Record<string, any>;

const SAMPLES_PATH = join(FIXTURES, "off-products-2026.jsonl");
const samples: Json[] = readFileSync(SAMPLES_PATH, "utf8")
  .split("\n")
  .filter((line) => line !== "")
  .map((line) => JSON.parse(line));
const classic = samples.filter((p) => p.nutrition === undefined);
const layout1003 = samples.filter((p) => p.schema_version === 1003);
const graded = samples.filter((p) => ["a", "b", "c", "d", "e"].includes(p.nutrition_grades));

/**
 * Classic keys that are nutrients: OFF's 1003 upgrade drops the rest (SCHEMA.md §3 step 4:
 * `nutrition-score-fr`, `*-estimate-from-ingredients`), so its v2 answer no longer has them.
 */
function isNutrientKey(key: string): boolean {
  return /_100g$/.test(key) && !/^nutrition-score|-estimate-from-ingredients|^carbon-footprint/.test(key);
}

/**
 * `_100g` values agree to the 3 significant digits OFF's classic per-serving derivation kept. Energy in kJ
 * derived from kcal is a whole number of kJ in the 1003 model (SCHEMA.md §2.2: 44 kcal → 184 kJ), where the
 * classic dump derived it from a rounded per-serving kJ value (59 kJ / 85 g → 69.4): 1 kJ apart at most.
 */
function close(key: string, actual: unknown, expected: unknown): boolean {
  const a = Number(actual);
  const e = Number(expected);
  const tolerance = Math.max(Math.abs(e) * 5e-3, key === "energy_100g" ? 1 : 1e-9);
  return Math.abs(a - e) <= tolerance;
}

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ users: [] });
  const { summary, rejects } = await importFile(t.server.store, SAMPLES_PATH);
  expect(rejects).toEqual([]);
  expect(summary.imported).toBe(12);
});
afterAll(async () => {
  await t?.close();
});

async function read(version: string, code: string, query = ""): Promise<Json> {
  const { status, body } = await getJson(`${t.url}/api/${version}/product/${code}${query}`);
  expect(status).toBe(200);
  return body.product;
}

describe("reads by API version (SCHEMA.md §6)", () => {
  it("v2 gives every classic product OFF's classic nutrient values per 100 g", async () => {
    expect(classic.length).toBe(8);
    for (const stored of classic) {
      const product = await read("v2", stored.code);
      expect(product.schema_version).toBe(998);
      expect(product.nutrition).toBeUndefined();
      for (const [key, value] of Object.entries(stored.nutriments as Json)) {
        if (!isNutrientKey(key)) continue;
        // A product with prepared values serves only them (§5); the dump's as-sold ones are then absent.
        const served = product.nutriments?.[key];
        if (served === undefined && !key.includes("_prepared")) {
          expect(Object.keys(product.nutriments).some((k) => k.endsWith("_prepared_100g"))).toBe(true);
          continue;
        }
        if (served === undefined) continue;
        expect(close(key, served, value), `${stored.code} ${key}: ${served} vs OFF ${value}`).toBe(true);
      }
    }
  });

  it("v2 gives a 1003 product classic nutriments rebuilt from its aggregated set", async () => {
    expect(layout1003.length).toBe(4);
    for (const stored of layout1003) {
      const product = await read("v2", stored.code);
      const aggregated = stored.nutrition.aggregated_set;
      expect(product.schema_version).toBe(998);
      expect(product.nutrition).toBeUndefined();
      expect(product.nutrition_data_per).toBe(aggregated.per);
      for (const [nid, nutrient] of Object.entries(aggregated.nutrients as Json)) {
        expect(product.nutriments[`${nid}_100g`]).toBe(nutrient.value);
        expect(product.nutriments[nid]).toBe(nutrient.value);
        expect(product.nutriments[`${nid}_unit`]).toBe(nutrient.unit);
      }
      // v0, v1 and v3 (schema 999) are classic too.
      expect((await read("v3", stored.code)).nutriments).toEqual(product.nutriments);
      expect((await read("v3", stored.code)).schema_version).toBe(999);
      expect((await read("v1", stored.code)).nutriments).toEqual(product.nutriments);
    }
  });

  it("v3.5 gives OFF's `nutrition` object and no classic fields; v3.6 the 1004 tags shape", async () => {
    for (const stored of layout1003) {
      const product = await read("v3.5", stored.code);
      expect(product.schema_version).toBe(1003);
      expect(product.nutrition).toEqual(stored.nutrition);
      // The dump's 1003 documents carry an empty `nutriments`, which OFF's v3.5 answer keeps as it is.
      expect(product.nutriments ?? {}).toEqual({});
      expect(product.nutrition_data_per).toBeUndefined();
      const v36 = await read("v3.6", stored.code);
      expect(v36.schema_version).toBe(1004);
      expect(v36.categories_hierarchy).toBeUndefined();
      if (stored.categories_tags?.length > 0) {
        expect(v36.tags_sources.categories.packaging.tags.length).toBeGreaterThan(0);
        expect(v36.categories_tags).toEqual(stored.categories_hierarchy);
      }
    }
    // A classic product read through v3.5 gets the nutrition model built from its nutriments (§3).
    const lettuce = await read("v3.5", "0000651003214");
    expect(lettuce.nutrition.input_sets[0]).toMatchObject({
      source: "packaging",
      preparation: "as_sold",
      per: "serving",
    });
    expect(lettuce.nutrition.aggregated_set).toMatchObject({ preparation: "as_sold", per: "100g" });
  });

  it("dotted and top-level nutrient fields, and fields=raw", async () => {
    const stored = layout1003[0] as Json;
    const sugars = stored.nutrition.aggregated_set.nutrients.sugars.value;
    expect(await read("v2", stored.code, "?fields=nutriments.sugars_100g")).toEqual({
      nutriments: { sugars_100g: sugars },
    });
    expect(await read("v2", stored.code, "?fields=sugars_100g")).toEqual({ sugars_100g: sugars });
    expect(await read("v2", stored.code, "?fields=raw")).toMatchObject({ nutrition: stored.nutrition, nutriments: {} });
    expect((await read("v3.5", stored.code, "?fields=nutrition")).nutrition).toEqual(stored.nutrition);
  });

  it("images: flat shape below v3.3, split shape from v3.3 (IMAGES.md §2.3)", async () => {
    const stored = samples.find((p) => p.code === "0000557910210") as Json;
    const flat = (await read("v2", stored.code, "?fields=images")).images;
    expect(flat["1"]).toEqual(stored.images.uploaded["1"]);
    expect(flat.front_fr).toEqual({ imgid: "1", rev: "4", sizes: stored.images.selected.front.fr.sizes });
    expect((await read("v3.3", stored.code, "?fields=images")).images).toEqual(stored.images);
  });

  it("search results and tag pages carry the classic shape", async () => {
    const stored = layout1003[0] as Json;
    const { body } = await getJson(`${t.url}/api/v2/search?code=${stored.code}&fields=code,nutriments,nutrition`);
    expect(body.products[0].nutrition).toBeUndefined();
    expect(body.products[0].nutriments.sugars_100g).toBe(stored.nutrition.aggregated_set.nutrients.sugars.value);
  });

  it("searches on nutrients read the aggregated set of 1003 products", async () => {
    const stored = layout1003.find((p) => p.code === "0000209024937") as Json;
    const sugars = stored.nutrition.aggregated_set.nutrients.sugars.value as number;
    const below = await getJson(`${t.url}/api/v2/search?code=${stored.code}&sugars_100g=<${sugars + 1}&fields=code`);
    expect(below.body.count).toBe(1);
    const above = await getJson(`${t.url}/api/v2/search?code=${stored.code}&sugars_100g=>${sugars + 1}&fields=code`);
    expect(above.body.count).toBe(0);
  });

  it("export gives every document back as it was imported", async () => {
    const exported = (await exportText(t.server.store))
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line));
    for (const stored of samples) {
      const back = exported.find((p) => p.code === stored.code) as Json;
      expect(back).toEqual({ ...stored, rev: back.rev });
    }
  });
});

describe("import --recompute (SCHEMA.md decision 3)", () => {
  it("gives every graded sample OFF's grade and score, 2021 and 2023", async () => {
    const recomputed = await startTestServer({ users: [] });
    try {
      await importFile(recomputed.server.store, SAMPLES_PATH, { recompute: true });
      expect(graded.length).toBe(6);
      for (const stored of graded) {
        const { body } = await getJson(
          `${recomputed.url}/api/v2/product/${stored.code}?fields=nutriscore,nutrition_grades`,
        );
        for (const version of ["2021", "2023"]) {
          const expected = stored.nutriscore[version];
          expect(
            [body.product.nutriscore[version].grade, body.product.nutriscore[version].score],
            `${stored.code} ${version}`,
          ).toEqual([expected.grade, expected.score]);
        }
      }
    } finally {
      await recomputed.close();
    }
  });
});

describe("import --recompute uses the ingredient-derived inputs a document carries (NUTRITION.md §0.4)", () => {
  it("a soda with OFF's sweetener count of 1 gets OFF's 2023 score (en-sweeteners vector: 4 / c)", async () => {
    const vectors = JSON.parse(readFileSync(join(FIXTURES, "nutriscore-vectors.json"), "utf8")) as Json[];
    const vector = vectors.find((v) => v.id === "en-sweeteners--2023") as Json;
    const document = {
      code: "4100000000011",
      lang: "en",
      categories: vector.categories_input,
      categories_tags: vector.categories_tags,
      nutriments: vector.nutriments,
      nutrition_data_per: "100g",
      ingredients_non_nutritive_sweeteners_n: vector.expected.derived_inputs.non_nutritive_sweeteners,
    };
    const recomputed = await startTestServer({ users: [] });
    try {
      await importFile(recomputed.server.store, tempFile("soda.jsonl", `${JSON.stringify(document)}\n`), {
        recompute: true,
      });
      const { body } = await getJson(`${recomputed.url}/api/v2/product/4100000000011?fields=nutriscore`);
      const outcome = body.product.nutriscore["2023"];
      expect([outcome.score, outcome.grade]).toEqual([vector.expected.score, vector.expected.grade]);
      expect(outcome.data.components.negative.find((c: Json) => c.id === "non_nutritive_sweeteners").points).toBe(
        vector.expected.points.non_nutritive_sweeteners,
      );
    } finally {
      await recomputed.close();
    }
  });
});

describe("bad schema documents are rejected with a reason", () => {
  it("malformed nutrition and a schema version from the future", async () => {
    const base = layout1003[0] as Json;
    const variant = (code: string, change: (p: Json) => void): string => {
      const p = structuredClone(base);
      p.code = code;
      change(p);
      return JSON.stringify(p);
    };
    const lines = [
      variant("1000000000001", (p) => {
        p.nutrition = "lots";
      }),
      variant("1000000000002", (p) => {
        delete p.nutrition.input_sets[0].per;
      }),
      variant("1000000000003", (p) => {
        p.nutrition.input_sets[0].nutrients.sugars.value = -1;
      }),
      variant("1000000000004", (p) => {
        p.nutrition.input_sets[0].nutrients.sugars.value = "12";
      }),
      variant("1000000000005", (p) => {
        p.nutrition.input_sets[0].preparation = "cooked";
      }),
      variant("1000000000006", (p) => {
        p.schema_version = 1099;
      }),
    ];
    const fresh = await startTestServer({ users: [] });
    try {
      const { summary, rejects } = await importFile(fresh.server.store, tempFile("bad.jsonl", `${lines.join("\n")}\n`));
      expect(summary.imported).toBe(0);
      expect(rejects.map((r) => r.reason)).toEqual([
        "nutrition is a string, expected an object",
        "nutrition.input_sets[0].per is missing",
        "nutrition.input_sets[0].nutrients.sugars.value is -1, expected a number ≥ 0",
        'nutrition.input_sets[0].nutrients.sugars.value is "12", expected a number ≥ 0',
        'nutrition.input_sets[0].preparation "cooked" is unknown (as_sold or prepared)',
        "schema_version 1099 is newer than the newest foodbase knows (1004)",
      ]);
    } finally {
      await fresh.close();
    }
  });
});
