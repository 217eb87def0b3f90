/** `foodbase generate --profile small`: deterministic products in the dump's format (realistic.test.ts: the default profile). */
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normalizeBarcode } from "../../src/domain/barcode.js";
import { generateProducts, type KeyOrder } from "../../src/generate/generate.js";
import { sortKeysDeep } from "../../src/http/json.js";
import { loadTaxonomies } from "../../src/storage/taxonomy-files.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { exportText, importFile, tempFile } from "../import/helpers.js";

async function generate(count: number, seed: number, keyOrder: KeyOrder = "sorted"): Promise<string> {
  const chunks: string[] = [];
  const out = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      chunks.push(chunk.toString());
      callback();
    },
  });
  await generateProducts({
    count,
    seed,
    profile: "small",
    keyOrder,
    nutriscoreHeadlineVersion: "2021",
    out,
    workers: 0,
    chunkSize: 100,
  });
  return chunks.join("");
}

function parseLines(text: string): Array<Record<string, any>> {
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line));
}

const TEN_YEARS = 10 * 366 * 86400;
const REFERENCE_T = Date.UTC(2025, 0, 1) / 1000;

let text1000: string;
let products: Array<Record<string, any>>;
beforeAll(async () => {
  text1000 = await generate(1000, 42);
  products = parseLines(text1000);
});

describe("generated products", () => {
  it("are the same for the same seed, different for another, and N is a prefix of N + M", async () => {
    expect(await generate(1000, 42)).toBe(text1000);
    expect(await generate(50, 43)).not.toBe(text1000.split("\n").slice(0, 50).join("\n"));
    const first50 = await generate(50, 42);
    expect(first50).toBe(`${text1000.split("\n").slice(0, 50).join("\n")}\n`);
    expect(first50.split("\n").filter(Boolean)).toHaveLength(50);
  });

  it("are written with sorted keys by default, in fill-in order with --key-order natural", async () => {
    for (const line of text1000.split("\n").slice(0, 100).filter(Boolean)) {
      expect(line).toBe(JSON.stringify(sortKeysDeep(JSON.parse(line))));
    }
    const natural = parseLines(await generate(20, 42, "natural"));
    expect(natural.map((p) => sortKeysDeep(p))).toEqual(products.slice(0, 20));
    expect(Object.keys(natural[0] as object).slice(0, 2)).toEqual(["_id", "code"]);
  });

  it("have valid, normalised, unique barcodes of 8 and 13 digits", () => {
    const codes = products.map((p) => p.code as string);
    expect(new Set(codes).size).toBe(1000);
    for (const code of codes) expect(normalizeBarcode(code)).toBe(code);
    const lengths = new Set(codes.map((c) => c.length));
    expect(lengths).toEqual(new Set([8, 13]));
    for (const p of products) expect(p._id).toBe(p.code);
  });

  it("draw categories from the shipped taxonomy with a skewed popularity; some products have none", () => {
    const taxonomies = loadTaxonomies();
    const withCategories = products.filter((p) => Array.isArray(p.categories_tags) && p.categories_tags.length > 0);
    expect(withCategories.length).toBeGreaterThan(500);
    expect(withCategories.length).toBeLessThan(800);
    const leafCounts = new Map<string, number>();
    for (const p of withCategories) {
      const known = (p.categories_tags as string[]).filter((tag) => taxonomies.categories.has(tag));
      expect(known.length).toBeGreaterThan(0);
      const leaf = (p.categories_hierarchy as string[])[p.categories_hierarchy.length - 1] as string;
      leafCounts.set(leaf, (leafCounts.get(leaf) ?? 0) + 1);
    }
    const counts = [...leafCounts.values()].sort((a, b) => b - a);
    // Zipf-like: a head of frequent categories and a long tail of rare ones.
    expect(counts[0]).toBeGreaterThan(withCategories.length * 0.03);
    expect(leafCounts.size).toBeGreaterThan(150);
    expect(counts.filter((c) => c === 1).length).toBeGreaterThan(100);
  });

  it("carry plausible nutrition facts, and the fields a dump computes", () => {
    // (Waters without nutrition facts still get a `nutriments` object: their computed Nutri-Score.)
    const withNutriments = products.filter((p) => typeof p.nutriments?.fat_100g === "number");
    expect(withNutriments.length).toBeGreaterThan(450);
    expect(withNutriments.length).toBeLessThan(750);
    for (const p of withNutriments) {
      const n = p.nutriments;
      expect(n.fat_100g + n.carbohydrates_100g + n.proteins_100g).toBeLessThanOrEqual(100.5);
      expect(n["saturated-fat_100g"]).toBeLessThanOrEqual(n.fat_100g);
      expect(n.sugars_100g).toBeLessThanOrEqual(n.carbohydrates_100g);
      expect(n.sodium_100g).toBeCloseTo(n.salt_100g / 2.5, 2);
      expect(n.energy_100g).toBe(n["energy-kj_100g"]);
      if ((p.categories_tags ?? []).includes("en:waters")) expect(n.energy_100g).toBe(0);
    }
    const graded = withNutriments.filter((p) => ["a", "b", "c", "d", "e"].includes(p.nutrition_grades));
    expect(graded.length).toBeGreaterThan(200);
    expect(new Set(graded.map((p) => p.nutrition_grades))).toEqual(new Set(["a", "b", "c", "d", "e"]));
    for (const p of products) {
      expect(Array.isArray(p.misc_tags)).toBe(true);
      expect(p.countries_tags.length).toBeGreaterThan(0);
      if (typeof p.product_name === "string") expect(p._keywords.length).toBeGreaterThan(0);
    }
  });

  it("are multilingual, with brands, labels, and times over ten years", () => {
    const languages = new Set(products.map((p) => p.lang));
    expect(languages.size).toBeGreaterThanOrEqual(6);
    for (const p of products) {
      if (p.product_name !== undefined) expect(p[`product_name_${p.lang}`]).toBe(p.product_name);
      expect(p.created_t).toBeGreaterThanOrEqual(REFERENCE_T - TEN_YEARS);
      expect(p.last_modified_t).toBeGreaterThanOrEqual(p.created_t);
      expect(p.last_modified_t).toBeLessThanOrEqual(REFERENCE_T);
      expect(Number.isInteger(p.popularity_key)).toBe(true);
    }
    expect(products.filter((p) => p.product_name_en !== undefined && p.lang !== "en").length).toBeGreaterThan(50);
    expect(products.filter((p) => typeof p.brands === "string").length).toBeGreaterThan(800);
    expect(products.filter((p) => Array.isArray(p.labels_tags)).length).toBeGreaterThan(250);
    const years = new Set(products.map((p) => new Date(p.created_t * 1000).getUTCFullYear()));
    expect(years.size).toBeGreaterThanOrEqual(10);
  });

  // Up to 8 KB since the enrichment analyses the ingredient list (nested ingredients, their tags,
  // allergens, NOVA), fields real OFF products carry too.
  it("are about the size of real products' common fields (1-8 KB)", () => {
    const sizes = text1000
      .split("\n")
      .filter(Boolean)
      .map((line) => Buffer.byteLength(line))
      .sort((a, b) => a - b);
    const median = sizes[500] as number;
    expect(median).toBeGreaterThan(1024);
    expect(median).toBeLessThan(8192);
    expect(sizes[50]).toBeGreaterThan(1000);
  });
});

describe("generated file imported, then exported", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ users: [] });
  });
  afterAll(async () => t.close());

  it("comes back byte for byte", async () => {
    const text = await generate(300, 7);
    const { summary } = await importFile(t.server.store, tempFile("generated.jsonl", text));
    expect(summary).toEqual({ imported: 300, updated: 0, unchanged: 0, rejected: 0 });
    const exported = await exportText(t.server.store);
    const sortedByCode = text
      .split("\n")
      .filter(Boolean)
      .sort((a, b) => (JSON.parse(a).code < JSON.parse(b).code ? -1 : 1));
    expect(exported).toBe(`${sortedByCode.join("\n")}\n`);
  });
});
