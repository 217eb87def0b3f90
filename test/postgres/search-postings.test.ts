/**
 * PostgreSQL posting lists (src/store/postgres/search-postings.ts, issue #24 item 2). Writes are
 * pending until a fold moves them into the lists; searches must answer the same before the fold, after
 * it and from another process, as the SQLite store answers the same writes. A fold that went through
 * edits must leave exactly the lists a build from scratch makes, and a database made before the lists
 * existed gets them from its migration.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Product } from "../../src/domain/product.js";
import { parseSearchParams } from "../../src/domain/search/params.js";
import { loadTaxonomies } from "../../src/storage/taxonomy-files.js";
import { PostgresStore } from "../../src/store/postgres/index.js";
import { foldAllSearchPostings, POSTINGS_FOLD_LOCK } from "../../src/store/postgres/search-postings.js";
import { SqliteStore } from "../../src/store/sqlite/index.js";
import type { ProductUpsert, Store } from "../../src/store/types.js";
import { createTestDatabase, type TestDatabase } from "../helpers/store.js";
import { type Doc, ORDERS, PRODUCTS } from "../search/reference.js";

const taxonomies = loadTaxonomies();
const info = { userId: "t", t: 1, comment: "", appName: "", appVersion: "", appUuid: "", userAgent: "" };
const WRITTEN = 300;

/** Searches that take every kind of set: tags, negations, unknown, numbers inside bins, words, prefixes, phrases. */
const SEARCHES: Array<Record<string, string>> = [
  {},
  { categories_tags: "en:beverages" },
  { categories_tags: "en:beverages,-en:sodas" },
  { categories_tags: "-en:beverages", sort_by: "product_name" },
  { nutrition_grades_tags: "unknown" },
  { nutrition_grades_tags: "-unknown", sort_by: "nutriscore_score" },
  { sugars_100g: "<5" },
  { sugars_100g: ">2.3,<=10.7", sort_by: "created_t" },
  { search_terms: "chocolate" },
  { search_terms: "cho" },
  { search_terms: "coca-cola" },
  { search_terms: "creme brulee", sort_by: "nothing" },
  { search_terms: "juice", categories_tags: "en:beverages" },
  { search_terms: "pâte", sugars_100g: ">1" },
];

async function answers(store: Store): Promise<Array<{ count: number; codes: string[] }>> {
  const out: Array<{ count: number; codes: string[] }> = [];
  for (const params of SEARCHES) {
    const { query } = parseSearchParams({ ...params, page_size: "1000" }, { taxonomies });
    const page = await store.searchProducts(query);
    out.push({ count: page.count, codes: page.documents.map((d) => JSON.parse(d.toString("utf8")).code as string) });
  }
  return out;
}

function upsert(doc: Doc): ProductUpsert {
  return { code: doc.code as string, product: doc as Product, changedFields: ["product_name"], info };
}

/** Edits that move products between tags, words and number bins, and empty some fields. */
function edited(doc: Doc, i: number): Doc {
  const nutriments = { ...((doc.nutriments as Record<string, unknown> | undefined) ?? {}) };
  nutriments.sugars_100g = (i * 1.7) % 12;
  const edits: Doc = { ...doc, nutriments };
  if (i % 3 === 0) edits.categories_tags = ["en:beverages", "en:sodas"];
  if (i % 3 === 1) edits.categories_tags = [];
  if (i % 4 === 0) edits.product_name = `Chocolate coca-cola crème brûlée ${i}`;
  if (i % 4 === 1) edits.product_name = "";
  if (i % 5 === 0) edits.nutrition_grades_tags = ["unknown"];
  return edits;
}

const databases: TestDatabase[] = [];
const stores: Store[] = [];
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "foodbase-postings-"));
});

afterAll(async () => {
  for (const store of stores) await store.close();
  for (const database of databases) await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

async function open(url: string): Promise<PostgresStore> {
  const store = await PostgresStore.open(url, { poolSize: 3 });
  stores.push(store);
  return store;
}

/** Folds until nothing is pending (a store's own fold may hold the lock for a moment). */
async function foldEverything(pool: pg.Pool): Promise<void> {
  while (!(await foldAllSearchPostings(pool))) await new Promise((resolve) => setTimeout(resolve, 20));
}

async function pendingRows(db: TestDatabase): Promise<number> {
  return Number((await db.query<{ n: string }>("SELECT count(*) AS n FROM search_pending"))[0]?.n);
}

/** Every posting list, as text, in key order. */
async function postingLists(db: TestDatabase): Promise<string[]> {
  const rows = await db.query<{ row: string }>(
    "SELECT term_id || ':' || chunk || ':' || encode(bits, 'hex') AS row FROM search_postings ORDER BY term_id, chunk",
  );
  return rows.map((r) => r.row);
}

describe("PostgreSQL posting lists", () => {
  it("answer as SQLite does while writes are pending, after the fold, and from another process", async () => {
    const db = createTestDatabase("postgres");
    databases.push(db);
    const writer = await open(db.url);
    const reader = await open(db.url);
    const sqlite = new SqliteStore(join(dir, "reference.db"));
    stores.push(sqlite);
    // Holding the fold's lock keeps every write pending (the stores' own folds give way).
    const holder = new pg.Client({ connectionString: db.url });
    await holder.connect();
    try {
      await holder.query("SELECT pg_advisory_lock($1)", [POSTINGS_FOLD_LOCK]);
      const docs = PRODUCTS.slice(0, WRITTEN);
      for (let i = 0; i < docs.length; i += 25) {
        const batch = docs.slice(i, i + 25).map(upsert);
        await writer.upsertProducts(batch);
        await sqlite.upsertProducts(batch);
      }
      const expected = await answers(sqlite);
      expect(expected.reduce((sum, a) => sum + a.count, 0)).toBeGreaterThan(WRITTEN);
      expect(await pendingRows(db)).toBe(WRITTEN);
      expect(await answers(reader)).toEqual(expected);

      await holder.query("SELECT pg_advisory_unlock($1)", [POSTINGS_FOLD_LOCK]);
      await foldEverything(writer.pool);
      expect(await pendingRows(db)).toBe(0);
      expect(await answers(reader)).toEqual(expected);

      // Edits, some twice: pending over folded lists, then folded.
      await holder.query("SELECT pg_advisory_lock($1)", [POSTINGS_FOLD_LOCK]);
      const edits = docs.filter((_, i) => i % 2 === 0).map((doc, i) => edited(doc, i));
      const again = edits.filter((_, i) => i % 5 === 0).map((doc, i) => edited(doc, i + 1));
      for (const batch of [edits, again]) {
        await writer.upsertProducts(batch.map(upsert));
        await sqlite.upsertProducts(batch.map(upsert));
      }
      const afterEdits = await answers(sqlite);
      expect(afterEdits).not.toEqual(expected);
      expect(await pendingRows(db)).toBe(edits.length + again.length);
      expect(await answers(reader)).toEqual(afterEdits);
      await holder.query("SELECT pg_advisory_unlock($1)", [POSTINGS_FOLD_LOCK]);
      await foldEverything(reader.pool);
      expect(await pendingRows(db)).toBe(0);
      expect(await answers(reader)).toEqual(afterEdits);
      expect(await answers(writer)).toEqual(afterEdits);

      // The lists the edits were folded into are those a build from nothing makes.
      const incremental = await postingLists(db);
      await db.query("TRUNCATE search_postings");
      await db.query("INSERT INTO search_pending (pid) SELECT pid FROM search_products ORDER BY pid");
      await foldEverything(writer.pool);
      expect(await postingLists(db)).toEqual(incremental);
    } finally {
      await holder.end();
    }
  });

  it("order large match sets by keys each process keeps current from the folds' log", async () => {
    const db = createTestDatabase("postgres");
    databases.push(db);
    const writer = await open(db.url);
    const reader = await open(db.url);
    // More than 2,000 matches: pages are narrowed by the reader's in-memory keys.
    const docs: Doc[] = Array.from({ length: 2500 }, (_, i) => ({
      code: String(3_000_000_000_000 + i),
      lang: "en",
      product_name: `Product ${i % 97}`,
      categories_tags: ["en:snacks"],
      nutriscore_score: (i * 7) % 30,
    }));
    for (let i = 0; i < docs.length; i += 500) await writer.upsertProducts(docs.slice(i, i + 500).map(upsert));
    await foldEverything(writer.pool);
    const page = async (store: Store, sort: string) => {
      const { query } = parseSearchParams(
        { categories_tags: "en:snacks", sort_by: sort, page: "3", page_size: "20" },
        { taxonomies },
      );
      const result = await store.searchProducts(query);
      return result.documents.map((d) => JSON.parse(d.toString("utf8")).code as string);
    };
    const expected = (sort: keyof typeof ORDERS) =>
      [...docs]
        .sort(ORDERS[sort])
        .map((d) => d.code as string)
        .slice(40, 60);
    expect(await page(reader, "nutriscore_score")).toEqual(expected("nutriscore_score"));
    expect(await page(reader, "product_name")).toEqual(expected("product_name"));

    // Edits through the other process move products to the front: seen while pending, then once folded.
    for (const [i, doc] of docs.entries()) {
      if (i % 50 === 3) {
        doc.nutriscore_score = -10 + (i % 7);
        doc.product_name = `Aaa ${i}`;
      }
    }
    const edited = docs.filter((_, i) => i % 50 === 3);
    await writer.upsertProducts(edited.map(upsert));
    expect(await page(reader, "nutriscore_score")).toEqual(expected("nutriscore_score"));
    // Edits the reader never sees pending: it learns them from the log of the fold.
    await foldEverything(writer.pool);
    for (const [i, doc] of docs.entries()) {
      if (i % 50 === 11) {
        doc.nutriscore_score = -20;
        doc.product_name = `Aa ${i}`;
      }
    }
    await writer.upsertProducts(docs.filter((_, i) => i % 50 === 11).map(upsert));
    await foldEverything(writer.pool);
    expect(await pendingRows(db)).toBe(0);
    expect(await page(reader, "nutriscore_score")).toEqual(expected("nutriscore_score"));
    expect(await page(reader, "product_name")).toEqual(expected("product_name"));
    // A process that starts now loads every key.
    expect(await page(await open(db.url), "product_name")).toEqual(expected("product_name"));
  });

  it("are built for a database made before them, by its migration, before the store serves", async () => {
    const db = createTestDatabase("postgres");
    databases.push(db);
    const first = await open(db.url);
    const docs = PRODUCTS.slice(0, 120);
    await first.upsertProducts(docs.map(upsert));
    await foldEverything(first.pool);
    const expected = await answers(first);
    // As version 7 left it: no lists, no pending writes, the GIN indexes of the SQL engine.
    await db.query("DROP TABLE search_postings, search_pending, search_folds");
    await db.query("CREATE INDEX search_products_terms ON search_products USING gin (terms)");
    await db.query("CREATE INDEX search_details_words ON search_details USING gin (words)");
    await db.query("CREATE INDEX search_numbers_by_product ON search_numbers (pid, field_id, value)");
    await db.query("DELETE FROM schema_migrations WHERE version = 8");
    // Opened once migrated, the store builds the lists before it serves.
    const second = await open(db.url);
    expect(await pendingRows(db)).toBe(0);
    expect(await answers(second)).toEqual(expected);
    await foldEverything(second.pool);
    expect(await pendingRows(db)).toBe(0);
    expect(await answers(second)).toEqual(expected);
    expect(expected[0]?.count).toBe(docs.length);
  });
});
