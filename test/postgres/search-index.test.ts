/**
 * The PostgreSQL search index (src/store/postgres/search-*.ts, bulk.ts) beyond what the e2e search tests
 * (run on both stores) check over HTTP:
 * - full text tokenises as SQLite's FTS5 `unicode61 remove_diacritics 2` does, so that both stores
 *   find the same products for the same words: the fixture is loaded into both and searched alike;
 * - every way to a page (walking the order's index or sorting the matches) and every shortcut to the
 *   count gives the §5.5 order and the exact count (expected answers from reference.ts comparators);
 * - the bulk loader's outcomes (inserted / unchanged / updated, minRev, one revision per change), term
 *   counts that follow updates, and the export's keyset pages.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Product } from "../../src/domain/product.js";
import { serializeProductDocument } from "../../src/domain/product-document.js";
import { productIndexEntry } from "../../src/domain/search/index-entry.js";
import { parseSearchParams } from "../../src/domain/search/params.js";
import { importProducts } from "../../src/import/importer.js";
import { openInput } from "../../src/import/source.js";
import { loadTaxonomies } from "../../src/storage/taxonomy-files.js";
import { iterateProductsJson } from "../../src/store/postgres/bulk.js";
import { PostgresStore } from "../../src/store/postgres/index.js";
import { searchQuery, searchVector, textTokens } from "../../src/store/postgres/search-text.js";
import { SqliteStore } from "../../src/store/sqlite/index.js";
import type { ProductLoad, ProductLoadOptions, RevisionInfo, Store } from "../../src/store/types.js";
import { createTestDatabase, type TestDatabase } from "../helpers/store.js";
import { type Doc, FIXTURE_EXTRA, FIXTURE_GENERATED, ORDERS, PRODUCTS } from "../search/reference.js";

const taxonomies = loadTaxonomies();
const databases: TestDatabase[] = [];
const stores: Store[] = [];

async function postgresStore(): Promise<PostgresStore> {
  const database = createTestDatabase("postgres");
  databases.push(database);
  const store = await PostgresStore.open(database.url, { poolSize: 2 });
  stores.push(store);
  return store;
}

afterAll(async () => {
  for (const store of stores) await store.close();
  for (const database of databases) await database.drop();
});

async function codes(store: Store, params: Record<string, string>): Promise<{ count: number; codes: string[] }> {
  const { query } = parseSearchParams(params, { taxonomies });
  const page = await store.searchProducts(query);
  return { count: page.count, codes: page.documents.map((d) => JSON.parse(d.toString("utf8")).code as string) };
}

describe("full-text tokens (FTS5 unicode61, remove_diacritics 2)", () => {
  it("lowercases, removes diacritics from Latin letters only, splits at anything but letters and digits", () => {
    expect(textTokens("Crème BRÛLÉE façon")).toEqual(["creme", "brulee", "facon"]);
    expect(textTokens("käse spätzle ÄPFEL")).toEqual(["kase", "spatzle", "apfel"]);
    // FTS5 folds only what decomposes to an ASCII letter: Greek accents, ø and ß stay.
    expect(textTokens("άλφα øl straße")).toEqual(["άλφα", "øl", "straße"]);
    // Marks that are not diacritics of that list separate tokens (Devanagari vowel signs).
    expect(textTokens("हैलो")).toEqual(["ह", "ल"]);
    expect(textTokens("10% fat, 2.5g — coca-cola")).toEqual(["10", "fat", "2", "5g", "coca", "cola"]);
  });
  it("keeps columns apart and weighs name A, brands B, generic C, the others D", () => {
    const vector = searchVector({
      name: "orange juice",
      generic: "drink",
      brands: "sunny",
      categories: "orange",
      labels: "",
      origins: "",
    });
    // name 1-2, gap, brands 4, gap, generic 6, gap, categories 8.
    expect(vector.split(" ").sort()).toEqual(["'drink':6C", "'juice':2A", "'orange':1A,8D", "'sunny':4B"]);
  });
  it("makes every keyword a phrase, the last also a prefix (as typed, and without its plural s)", () => {
    expect(searchQuery({ keywords: ["grand-mere", "brule"], prefixLast: true, lastAsTyped: "brules" })).toBe(
      "('grand' <-> 'mere') & ('brules':* | 'brule')",
    );
    expect(searchQuery({ keywords: ["choc"], prefixLast: true, lastAsTyped: "choc" }, "AB")).toBe("'choc':*AB");
    expect(searchQuery({ keywords: ["choc", "milk"], prefixLast: false }, "A")).toBe("'choc':A & 'milk':A");
    // A keyword without any token matches nothing, as an empty FTS5 phrase.
    expect(searchQuery({ keywords: ["・・", "milk"], prefixLast: false })).toBeUndefined();
  });
});

describe("the fixture in both stores", () => {
  let postgres: PostgresStore;
  let sqlite: SqliteStore;
  let dir: string;
  beforeAll(async () => {
    postgres = await postgresStore();
    dir = mkdtempSync(join(tmpdir(), "foodbase-pg-search-"));
    sqlite = new SqliteStore(join(dir, "s.db"));
    for (const file of [FIXTURE_GENERATED, FIXTURE_EXTRA]) {
      // Small batches: terms created by one batch are reused by the next.
      await importProducts({ store: postgres, input: await openInput(file), workers: 0, batchSize: 37 });
      await importProducts({ store: sqlite, input: await openInput(file), workers: 0 });
    }
  });
  afterAll(async () => {
    await sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("find the same products in the same order for words, prefixes and phrases, alone or with filters", async () => {
    const keywords = [...new Set(PRODUCTS.flatMap((p) => (p._keywords as string[] | undefined) ?? []))].sort();
    const texts: string[] = ["creme brulee", "KASESPÄTZLE röstzwiebeln", "coca cola", "coca-cola", "grand-mère"];
    for (let i = 0; i < keywords.length; i += 7) {
      const word = keywords[i] as string;
      const other = keywords[(i * 31) % keywords.length] as string;
      texts.push(word, word.slice(0, 3), `${word} `, `${other} ${word.slice(0, 4)}`, `${word}s`);
    }
    const extras: Array<Record<string, string>> = [
      {},
      { sort_by: "product_name" },
      { categories_tags: "en:beverages" },
      { nutrition_grades_tags: "-unknown", page: "2", page_size: "5" },
    ];
    let compared = 0;
    for (const [i, text] of texts.entries()) {
      const params = { search_terms: text, page_size: "1000", ...extras[i % extras.length] };
      const fromSqlite = await codes(sqlite, params);
      expect(await codes(postgres, params), JSON.stringify(params)).toEqual(fromSqlite);
      compared += fromSqlite.count;
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it("count exactly whatever path the count takes (dictionary, dictionary minus overlap, ranges, full text)", async () => {
    const has = (p: Doc, field: string, tag: string) => ((p[field] as string[] | undefined) ?? []).includes(tag);
    const sugars = (p: Doc) => (p.nutriments as Record<string, unknown> | undefined)?.sugars_100g;
    const cases: Array<[Record<string, string>, (p: Doc) => boolean]> = [
      [{}, () => true],
      [{ categories_tags: "en:beverages" }, (p) => has(p, "categories_tags", "en:beverages")],
      [
        { categories_tags: "en:beverages,-en:sodas,-en:waters" },
        (p) =>
          has(p, "categories_tags", "en:beverages") &&
          !has(p, "categories_tags", "en:sodas") &&
          !has(p, "categories_tags", "en:waters"),
      ],
      [
        { sugars_100g: ">2,<=10" },
        (p) => typeof sugars(p) === "number" && (sugars(p) as number) > 2 && (sugars(p) as number) <= 10,
      ],
      [{ categories_tags: "en:no-such-tag,-en:sodas" }, () => false],
    ];
    for (const [params, filter] of cases) {
      expect((await codes(postgres, { ...params, page_size: "1" })).count, JSON.stringify(params)).toBe(
        PRODUCTS.filter(filter).length,
      );
    }
  });
});

const info: RevisionInfo = { userId: "t", t: 1, comment: "", appName: "", appVersion: "", appUuid: "", userAgent: "" };

/** A product as a bulk-load item: its stored text, keys sorted, split around the revision number. */
function loadItem(product: Product, minRev = 0): ProductLoad {
  const sorted: Product = { rev: 0 };
  for (const key of Object.keys(product).sort()) sorted[key] = product[key];
  const doc = serializeProductDocument(sorted);
  const at = doc.indexOf('"rev":0');
  return {
    code: product.code as string,
    head: doc.slice(0, at),
    tail: doc.slice(at + '"rev":0'.length),
    minRev,
    newProductChangedFields: JSON.stringify(Object.keys(product).sort()),
    index: productIndexEntry(product, loadTaxonomies()),
  };
}

const loadOptions: ProductLoadOptions = {
  info,
  changedFields: (before, after) =>
    [...new Set([...Object.keys(before), ...Object.keys(after)])]
      .filter((k) => k !== "rev" && JSON.stringify(before[k]) !== JSON.stringify(after[k]))
      .sort(),
};

function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("pages: walking an order's index, sorting the matches, narrowing them by in-memory keys", () => {
  // Dense filters match more than 2,000 products: their pages are narrowed by the in-memory keys.
  const COUNT = 6000;
  const products: Doc[] = [];
  let store: PostgresStore;
  beforeAll(async () => {
    const rnd = random(3);
    const names = ["Chocolate chip cookies", "chocolate chip", "Crème brûlée", "creme", "Äpfel", "apple", "Zebra"];
    const seen = new Set<string>();
    while (products.length < COUNT) {
      const code = String(2_000_000_000_000 + Math.floor(rnd() * 999_999_999_999)).slice(0, 13);
      if (seen.has(code)) continue;
      seen.add(code);
      // Bad products (late in most orders) form a category correlated with the orders.
      const bad = rnd() < 0.3;
      const tags = [
        ...(rnd() < 0.6 ? ["en:common"] : []),
        ...(bad ? ["en:bad"] : []),
        ...(rnd() < 0.02 ? ["en:rare"] : []),
      ];
      const p: Doc = { code, lang: "en", categories_tags: tags };
      if (rnd() < 0.9)
        p.product_name = bad ? "zebra" : `${names[Math.floor(rnd() * names.length)]} ${Math.floor(rnd() * 9)}`;
      if (rnd() < 0.9) p.popularity_key = bad ? 0 : rnd() < 0.4 ? 0 : Math.floor(rnd() * 300);
      if (rnd() < 0.9) p.last_modified_t = 1_600_000_000 + Math.floor(rnd() * 1000);
      if (rnd() < 0.8) p.nutriscore_score = bad ? 20 + Math.floor(rnd() * 10) : Math.floor(rnd() * 20) - 5;
      if (rnd() < 0.7) p.nova_group = 1 + Math.floor(rnd() * 4);
      if (rnd() < 0.5) p.ecoscore_score = Math.floor(rnd() * 100);
      if (rnd() < 0.9) p.created_t = 1_500_000_000 + Math.floor(rnd() * 500);
      if (rnd() < 0.6) p.scans_n = Math.floor(rnd() * 20);
      if (rnd() < 0.6) p.unique_scans_n = Math.floor(rnd() * 10);
      if (rnd() < 0.8) p.completeness = Math.floor(rnd() * 8) / 8;
      if (rnd() < 0.7) p.nutriments = { sugars_100g: Math.floor(rnd() * 400) / 10 };
      products.push(p);
    }
    store = await postgresStore();
    for (let i = 0; i < COUNT; i += 500) {
      await store.loadProducts(
        products.slice(i, i + 500).map((p) => loadItem(p)),
        loadOptions,
      );
    }
    await store.pool.query("ANALYZE");
  });

  const has = (tag: string) => (p: Doc) => (p.categories_tags as string[]).includes(tag);
  const FILTERS: Array<[string, Record<string, string>, (p: Doc) => boolean]> = [
    ["no filter", {}, () => true],
    ["dense", { categories_tags: "en:common" }, has("en:common")],
    ["correlated", { categories_tags: "en:bad" }, has("en:bad")],
    ["tiny", { categories_tags: "en:rare" }, has("en:rare")],
    [
      "a number range",
      { sugars_100g: ">39" },
      (p) => ((p.nutriments as { sugars_100g?: number } | undefined)?.sugars_100g ?? 0) > 39,
    ],
  ];
  const checkPages = async (order: string) => {
    for (const [label, params, filter] of FILTERS) {
      const expected = products
        .filter(filter)
        .sort(ORDERS[order])
        .map((p) => p.code as string);
      for (const page of [1, 20]) {
        const got = await codes(store, { ...params, sort_by: order, page: String(page), page_size: "24" });
        expect(got.count, label).toBe(expected.length);
        expect(got.codes, `${label}, page ${page}`).toEqual(expected.slice((page - 1) * 24, page * 24));
      }
    }
  };
  // The loads are still pending for the posting lists (folded every 20,000 products or at close).
  for (const order of Object.keys(ORDERS)) {
    it(`sort_by=${order}: pages 1 and 20 of every kind of filter`, async () => checkPages(order));
  }
  it("the same pages once the loads are folded into the posting lists", async () => {
    await store.foldPendingPostings();
    expect((await store.pool.query("SELECT count(*)::int AS n FROM search_pending")).rows[0].n).toBe(0);
    for (const order of Object.keys(ORDERS)) await checkPages(order);
  });
  it("sort_by=nothing: the order the products were first stored in", async () => {
    const expected = products.filter(has("en:common")).map((p) => p.code as string);
    const got = await codes(store, { categories_tags: "en:common", sort_by: "nothing", page: "3", page_size: "50" });
    expect(got.codes).toEqual(expected.slice(100, 150));
  });
});

describe("bulk load", () => {
  let store: PostgresStore;
  const base = (code: string, extra: Doc = {}): Doc => ({
    code,
    lang: "en",
    product_name: `Product ${code}`,
    categories_tags: ["en:snacks"],
    ...extra,
  });
  beforeAll(async () => {
    store = await postgresStore();
  });

  it("inserts, leaves unchanged, updates with the next revision or minRev, and counts tags as they change", async () => {
    const first = await store.loadProducts(
      [loadItem(base("10000001")), loadItem(base("10000002"), 7), loadItem(base("10000003"))],
      loadOptions,
    );
    expect(first).toEqual(["inserted", "inserted", "inserted"]);
    expect((await store.listRevisions("10000002")).map((r) => r.rev)).toEqual([7]);

    const second = await store.loadProducts(
      [
        loadItem(base("10000001")),
        loadItem(base("10000002", { categories_tags: ["en:sodas"] })),
        loadItem(base("10000003", { product_name: "Renamed" }), 5),
        // The same code twice in a batch: the second is compared with the first.
        loadItem(base("10000004")),
        loadItem(base("10000004")),
      ],
      loadOptions,
    );
    expect(second).toEqual(["unchanged", "updated", "updated", "inserted", "unchanged"]);
    expect((await store.listRevisions("10000001")).map((r) => r.rev)).toEqual([1]);
    const moved = await store.listRevisions("10000002");
    expect(moved.map((r) => [r.rev, r.changedFields])).toEqual([
      [7, ["categories_tags", "code", "lang", "product_name"]],
      [8, ["categories_tags"]],
    ]);
    expect((await store.listRevisions("10000003")).map((r) => r.rev)).toEqual([1, 5]);
    expect((await store.getProduct("10000003"))?.rev).toBe(5);

    const facet = await store.facetCounts({ tagtype: "categories" });
    expect(facet.tags).toEqual([
      { tag: "en:snacks", products: 3 },
      { tag: "en:sodas", products: 1 },
    ]);
    expect(await codes(store, { categories_tags: "en:snacks" })).toEqual({
      count: 3,
      codes: ["10000001", "10000003", "10000004"],
    });
    expect((await codes(store, { search_terms: "renamed" })).codes).toEqual(["10000003"]);
    expect((await codes(store, { search_terms: "product 10000003" })).count).toBe(0);
  });

  it("exports in code order a page at a time, with filters", async () => {
    const all: string[] = [];
    for await (const line of iterateProductsJson(store.pool, {}, 2)) all.push(JSON.parse(line).code);
    expect(all).toEqual(["10000001", "10000002", "10000003", "10000004"]);
    const snacks: string[] = [];
    const filter = { tags: [{ field: "categories_tags", tag: "en:snacks" }], codes: ["10000003", "10000004", "1"] };
    for await (const line of iterateProductsJson(store.pool, filter, 1)) snacks.push(JSON.parse(line).code);
    expect(snacks).toEqual(["10000003", "10000004"]);
    const none: string[] = [];
    for await (const line of iterateProductsJson(store.pool, { tags: [{ field: "labels_tags", tag: "en:x" }] })) {
      none.push(line);
    }
    expect(none).toEqual([]);
  });
});
