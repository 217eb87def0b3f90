/**
 * Issue 25 over HTTP: a write with an ingredient list gets OFF's computed ingredient fields; search and
 * facets work on the new tags; imports keep OFF's fields until a write changes what the analysis reads;
 * pathological ingredient texts are still saved.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importProducts } from "../../src/import/importer.js";
import { openInput } from "../../src/import/source.js";
import { ALICE, getJson, postForm, startTestServer, type TestServer } from "../helpers/server.js";

let t: TestServer;
const dir = mkdtempSync(join(tmpdir(), "foodbase-ingredients-"));

async function write(fields: Record<string, string>): Promise<void> {
  const { status, body } = await postForm(t.url, "/cgi/product_jqm2.pl", {
    user_id: ALICE.userId,
    password: ALICE.password,
    ...fields,
  });
  expect(status).toBe(200);
  expect(body).toEqual({ status: 1, status_verbose: "fields saved" });
}

async function read(code: string): Promise<Record<string, unknown>> {
  const { status, body } = await getJson(`${t.url}/api/v2/product/${code}`);
  expect(status).toBe(200);
  return body.product;
}

async function searchCodes(query: string): Promise<string[]> {
  const { status, body } = await getJson(`${t.url}/api/v2/search?${query}&fields=code&page_size=100`);
  expect(status).toBe(200);
  return body.products.map((p: { code: string }) => p.code).sort();
}

const PRODUCTS: Record<string, Record<string, string>> = {
  "3000000000017": {
    lc: "en",
    ingredients_text_en: "wheat flour, sugar, palm oil, emulsifier: soy lecithin",
    categories: "Biscuits",
  },
  "3000000000024": { lc: "en", ingredients_text_en: "water, sugar, salt", categories: "Sodas" },
  "3000000000031": { lc: "fr", ingredients_text_fr: "lait, sucre, noisettes", categories: "Desserts" },
  "3000000000048": { lc: "en", ingredients_text_en: "apple juice, water", categories: "Apple juices" },
};

beforeAll(async () => {
  t = await startTestServer({ users: [ALICE] });
  for (const [code, fields] of Object.entries(PRODUCTS)) await write({ code, ...fields });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("a write with an ingredient list", () => {
  it("gets OFF's computed fields: ingredients, additives, allergens, vegan status, NOVA", async () => {
    const p = await read("3000000000017");
    expect(p.ingredients_original_tags).toEqual([
      "en:wheat-flour",
      "en:sugar",
      "en:palm-oil",
      "en:emulsifier",
      "en:soya-lecithin",
    ]);
    expect(p.ingredients_n).toBe(5);
    expect(p.additives_tags).toEqual(["en:e322", "en:e322i"]);
    expect(p.allergens_tags).toEqual(["en:gluten", "en:soybeans"]);
    // Sugar is maybe vegan in OFF's newer ingredients.txt (bone char refining), patched into ours.
    expect(p.ingredients_analysis_tags).toEqual(["en:palm-oil", "en:maybe-vegan", "en:vegetarian"]);
    expect(p.nova_group).toBe(4);
    expect(p.nova_groups_tags).toEqual(["en:4-ultra-processed-food-and-drink-products"]);
    expect(p.ingredients_percent_analysis).toBe(1);
    const ingredients = p.ingredients as { id: string; percent_estimate: number; ingredients?: unknown[] }[];
    expect(ingredients.map((x) => x.id)).toEqual(["en:wheat-flour", "en:sugar", "en:palm-oil", "en:emulsifier"]);
    expect(ingredients[3]?.ingredients).toHaveLength(1);
  });

  it("French list: milk and nuts allergens, non-vegan, the text with allergens marked", async () => {
    const p = await read("3000000000031");
    expect(p.ingredients_lc).toBe("fr");
    expect(p.allergens_tags).toEqual(["en:milk", "en:nuts"]);
    expect(p.ingredients_analysis_tags).toEqual(["en:palm-oil-free", "en:non-vegan", "en:vegetarian"]);
    expect(p.ingredients_text_with_allergens_fr).toBe(
      '<span class="allergen">lait</span>, sucre, <span class="allergen">noisettes</span>',
    );
  });
});

describe("search and facets on the new tags", () => {
  it("allergens_tags=-en:gluten&ingredients_analysis_tags=en:vegan", async () => {
    // The sugar of 3000000000024 (water, sugar, salt) makes it maybe vegan.
    expect(await searchCodes("allergens_tags=-en:gluten&ingredients_analysis_tags=en:vegan")).toEqual([
      "3000000000048",
    ]);
    expect(await searchCodes("allergens_tags=-en:gluten&ingredients_analysis_tags=en:maybe-vegan")).toEqual([
      "3000000000024",
    ]);
  });

  it("additives, allergens, traces, NOVA and ingredients filters", async () => {
    expect(await searchCodes("additives_tags=en:e322")).toEqual(["3000000000017"]);
    expect(await searchCodes("allergens_tags=en:milk")).toEqual(["3000000000031"]);
    expect(await searchCodes("nova_groups_tags=en:4-ultra-processed-food-and-drink-products")).toEqual([
      "3000000000017",
    ]);
    expect(await searchCodes("ingredients_tags=en:sugar")).toEqual(["3000000000017", "3000000000024", "3000000000031"]);
    expect(await searchCodes("ingredients_tags=en:fruit")).toEqual(["3000000000048"]);
    expect(await searchCodes("traces_tags=en:nuts")).toEqual([]);
  });

  it("facets count the products per tag", async () => {
    const allergens = (await getJson(`${t.url}/facets/allergens.json`)).body.tags;
    const counts = Object.fromEntries(allergens.map((tag: { id: string; products: number }) => [tag.id, tag.products]));
    expect(counts).toMatchObject({ "en:gluten": 1, "en:milk": 1, "en:nuts": 1, "en:soybeans": 1 });
    const analysis = (await getJson(`${t.url}/facets/ingredients_analysis.json`)).body.tags;
    const count = (id: string) => analysis.find((tag: { id: string }) => tag.id === id)?.products;
    expect(count("en:vegan")).toBe(1);
    expect(count("en:maybe-vegan")).toBe(2);
  });
});

describe("imports keep OFF's computed fields", () => {
  const code = "3000000000055";
  beforeAll(async () => {
    const file = join(dir, "dump.jsonl");
    const offProduct = {
      code,
      lc: "en",
      product_name: "From OFF",
      ingredients_text_en: "sugar, water",
      ingredients_tags: ["en:sugar", "en:water"],
      additives_tags: ["en:e999"],
      allergens_tags: ["en:celery"],
      nova_group: 2,
    };
    writeFileSync(file, `${JSON.stringify(offProduct)}\n`);
    await importProducts({ store: t.server.store, input: await openInput(file), workers: 0 });
  });

  it("a write that does not touch what the analysis reads keeps them", async () => {
    await write({ code, product_name: "Renamed" });
    const p = await read(code);
    expect(p.additives_tags).toEqual(["en:e999"]);
    expect(p.allergens_tags).toEqual(["en:celery"]);
    expect(p.nova_group).toBe(2);
  });

  it("a write of the ingredient list recomputes them", async () => {
    await write({ code, ingredients_text_en: "sugar, water, E330" });
    const p = await read(code);
    expect(p.additives_tags).toEqual(["en:e330"]);
    expect(p.allergens_tags).toEqual([]);
    expect(p.ingredients_original_tags).toEqual(["en:sugar", "en:water", "en:e330"]);
  });
});

describe("pathological ingredient texts are saved", () => {
  const TEXTS: Record<string, string> = {
    "10,000 nested parentheses": `${"(".repeat(10_000)}sugar${")".repeat(10_000)}`,
    "100,000 commas": ",".repeat(100_000),
    "unbalanced brackets": "sugar (milk [cream {salt, water (( ]] ))".repeat(200),
    "only E-numbers": Array.from({ length: 2_000 }, (_, i) => `E${100 + (i % 900)}`).join(" "),
    "mixed scripts": "сахар, 砂糖, سكر, sucre (lait), Zucker und Milch, αλάτι, 소금 ".repeat(500),
    "900 KB of words": "salt and sugar ".repeat(60_000),
  };
  let n = 0;
  for (const [name, text] of Object.entries(TEXTS)) {
    it(name, async () => {
      const code = String(3100000000000 + ++n * 10);
      await write({ code, lc: "en", ingredients_text_en: text });
      const p = await read(code);
      expect(p.ingredients_text_en).toBe(text.trim());
      expect(Array.isArray(p.ingredients)).toBe(true);
    });
  }
});
