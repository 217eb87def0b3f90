/**
 * The SQLite store's ways to order a page (walking a sort index, sorting a small match set in SQL,
 * comparing in-memory keys) must all give the §5.5 order. Products are made so that each way is taken:
 * a dense filter (walk), a tiny one (SQL), a filter correlated with the sort keys (the walk gives up),
 * names sharing long prefixes, ties and missing keys everywhere. Expected orders come from the
 * comparators of reference.ts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSearchParams } from "../../src/domain/search/params.js";
import { loadTaxonomies } from "../../src/storage/taxonomy-files.js";
import { SqliteStore } from "../../src/store/sqlite/index.js";
import type { RevisionInfo } from "../../src/store/types.js";
import { type Doc, ORDERS } from "./reference.js";

const COUNT = 8000;
const taxonomies = loadTaxonomies();
const info: RevisionInfo = { userId: "t", t: 1, comment: "", appName: "", appVersion: "", appUuid: "", userAgent: "" };

function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function makeProducts(): Doc[] {
  const rnd = random(3);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const names = [
    "Chocolate chip cookies",
    "chocolate chip cookies extra",
    "Chocolate chip cookie",
    "CHOCOLATE CHIP",
    "Crème brûlée",
    "creme",
    "Äpfel",
    "apple",
    "Zebra cakes",
    "10% fat cheese",
  ];
  const products: Doc[] = [];
  const codes = new Set<string>();
  while (products.length < COUNT) {
    const code = String(2_000_000_000_000 + Math.floor(rnd() * 999_999_999_999)).slice(0, 13);
    if (codes.has(code)) continue;
    codes.add(code);
    const i = products.length;
    // Bad products (high Nutri-Score, late in that order) form the correlated category.
    const bad = rnd() < 0.3;
    const p: Doc = { code, lang: "en" };
    const tags = [];
    if (rnd() < 0.6) tags.push("en:common");
    if (bad) tags.push("en:bad");
    if (rnd() < 0.03) tags.push("en:rare");
    p.categories_tags = tags;
    // Bad products also come last by name and by popularity, so that walking those indexes fails.
    const name = bad ? pick(["Zebra cakes", "zebra"]) : pick(names);
    if (rnd() < 0.9) p.product_name = `${name}${rnd() < 0.5 ? ` ${Math.floor(rnd() * 50)}` : ""}`;
    if (rnd() < 0.9) p.popularity_key = bad ? 0 : rnd() < 0.4 ? 0 : Math.floor(rnd() * 300);
    if (rnd() < 0.9) p.last_modified_t = 1_600_000_000 + Math.floor(rnd() * 1000);
    if (rnd() < 0.8) p.nutriscore_score = bad ? 20 + Math.floor(rnd() * 10) : Math.floor(rnd() * 20) - 5;
    if (rnd() < 0.7) p.nova_group = 1 + Math.floor(rnd() * 4);
    if (rnd() < 0.5) p.ecoscore_score = Math.floor(rnd() * 100);
    if (rnd() < 0.9) p.created_t = 1_500_000_000 + Math.floor(rnd() * 500);
    if (rnd() < 0.6) p.scans_n = Math.floor(rnd() * 20);
    if (rnd() < 0.6) p.unique_scans_n = Math.floor(rnd() * 10);
    if (rnd() < 0.8) p.completeness = Math.floor(rnd() * 8) / 8;
    p.rank = i;
    products.push(p);
  }
  return products;
}

const PRODUCTS = makeProducts();
let dir: string;
let store: SqliteStore;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "foodbase-search-strategies-"));
  store = new SqliteStore(join(dir, "s.db"));
  for (let i = 0; i < PRODUCTS.length; i += 1000) {
    await store.upsertProducts(
      PRODUCTS.slice(i, i + 1000).map((product) => ({
        code: product.code as string,
        product,
        info,
        changedFields: [],
      })),
    );
  }
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function codes(params: Record<string, string>): Promise<{ count: number; codes: string[] }> {
  const { query } = parseSearchParams(params, { taxonomies });
  const page = await store.searchProducts(query);
  return { count: page.count, codes: page.documents.map((d) => JSON.parse(d.toString("utf8")).code as string) };
}

const FILTERS: Array<[string, Record<string, string>, (p: Doc) => boolean]> = [
  ["no filter", {}, () => true],
  ["dense", { categories_tags: "en:common" }, (p) => (p.categories_tags as string[]).includes("en:common")],
  ["correlated", { categories_tags: "en:bad" }, (p) => (p.categories_tags as string[]).includes("en:bad")],
  ["tiny", { categories_tags: "en:rare" }, (p) => (p.categories_tags as string[]).includes("en:rare")],
];

describe("every strategy gives the §5.5 order", () => {
  for (const order of Object.keys(ORDERS)) {
    for (const [label, params, filter] of FILTERS) {
      it(`${order}, ${label}, pages 1 and 20`, async () => {
        const expected = PRODUCTS.filter(filter)
          .sort(ORDERS[order])
          .map((p) => p.code as string);
        for (const page of [1, 20]) {
          const got = await codes({ ...params, sort_by: order, page: String(page), page_size: "24" });
          expect(got.count).toBe(expected.length);
          expect(got.codes).toEqual(expected.slice((page - 1) * 24, page * 24));
        }
      });
    }
  }
  it("a write moves a product in the in-memory keys too", async () => {
    const first = (await codes({ categories_tags: "en:common", sort_by: "completeness" })).codes;
    const last = PRODUCTS.filter((p) => (p.categories_tags as string[]).includes("en:common"))
      .sort(ORDERS.completeness)
      .at(-1) as Doc;
    await store.upsertProducts([
      { code: last.code as string, product: { ...last, completeness: -1 }, info, changedFields: [] },
    ]);
    const after = (await codes({ categories_tags: "en:common", sort_by: "completeness" })).codes;
    expect(after[0]).toBe(last.code);
    expect(after.slice(1)).toEqual(first.slice(0, 23));
  });
});

describe("a database whose products were stored before the search index existed", () => {
  it("is indexed when the store opens", async () => {
    const path = join(dir, "older.db");
    const older = new SqliteStore(path);
    await older.upsertProducts(
      PRODUCTS.slice(0, 50).map((product) => ({ code: product.code as string, product, info, changedFields: [] })),
    );
    older.db.exec(
      "DELETE FROM search_products; DELETE FROM search_terms; DELETE FROM search_postings; DELETE FROM search_values; DELETE FROM search_text;",
    );
    expect((await older.searchProducts(parseSearchParams({}, { taxonomies }).query)).count).toBe(0);
    await older.close();
    const reopened = new SqliteStore(path);
    const { query } = parseSearchParams({ categories_tags: "en:common", page_size: "100" }, { taxonomies });
    const page = await reopened.searchProducts(query);
    const expected = PRODUCTS.slice(0, 50).filter((p) => (p.categories_tags as string[]).includes("en:common"));
    expect(page.count).toBe(expected.length);
    await reopened.close();
  });
});
