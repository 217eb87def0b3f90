/**
 * Migration 4 of the SQLite store (search-schema.ts SEARCH_SCHEMA_LAYOUT_SQL) moves the posting lists
 * and exact values of a database written by an older foodbase into the layout imports append to.
 * The older layout is made here from a new database, as version 3 wrote it: postings keyed by
 * (term, chunk); values keyed by (number field's presence term, value, pid); `search_products.numbers`
 * mapping presence terms to values. After the migration, searches must find what the products hold,
 * and later writes must keep the index right (the converted `numbers` is what they diff against).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Product } from "../../src/domain/product.js";
import { parseSearchParams } from "../../src/domain/search/params.js";
import { loadTaxonomies } from "../../src/storage/taxonomy-files.js";
import { SqliteStore } from "../../src/store/sqlite/index.js";
import { SQLITE_MIGRATIONS } from "../../src/store/sqlite/migrations.js";
import type { RevisionInfo } from "../../src/store/types.js";

const taxonomies = loadTaxonomies();
const info: RevisionInfo = { userId: "t", t: 1, comment: "", appName: "", appVersion: "", appUuid: "", userAgent: "" };

/** Sugars values on both sides of fine bin bounds (4.5, 5, 10) and inside bins. */
const SUGARS = [0, 0.004, 1.2, 4.37, 4.5, 4.6, 4.7, 4.99, 5, 7.25, 10, 12.3, 48, 250];

function products(): Product[] {
  return SUGARS.map((sugars, i) => ({
    code: String(3_000_000_000_000 + i * 10 + 7),
    product_name: `Product ${i}`,
    categories_tags: i % 2 === 0 ? ["en:biscuits"] : ["en:cakes"],
    nutriments: { sugars_100g: sugars, salt_100g: i / 10 },
  }));
}

/** Rewrites the search index of a store's database in the layout migration 3 made, as version 3. */
const TO_VERSION_3 = `
  CREATE TABLE old_postings (term_id INTEGER NOT NULL, chunk INTEGER NOT NULL, bits BLOB NOT NULL,
    PRIMARY KEY (term_id, chunk)) WITHOUT ROWID;
  INSERT INTO old_postings SELECT term_id, chunk, bits FROM search_postings;
  DROP TABLE search_postings;
  ALTER TABLE old_postings RENAME TO search_postings;

  CREATE TABLE old_values (term_id INTEGER NOT NULL, value REAL NOT NULL, pid INTEGER NOT NULL,
    PRIMARY KEY (term_id, value, pid)) WITHOUT ROWID;
  INSERT INTO old_values
    SELECT presence.term_id, v.value, v.pid FROM search_values v
    JOIN search_terms fine ON fine.term_id = v.term_id
    JOIN search_terms presence ON presence.field = fine.field AND presence.tag = '';
  DROP TABLE search_values;
  ALTER TABLE old_values RENAME TO search_values;

  UPDATE search_products SET numbers = (
    SELECT json_group_object(presence.term_id, n.value) FROM json_each(search_products.numbers) n
    JOIN search_terms fine ON fine.term_id = CAST(n.key AS INTEGER)
    JOIN search_terms presence ON presence.field = fine.field AND presence.tag = ''
  ) WHERE numbers <> '{}';
  DELETE FROM schema_migrations WHERE version = 4;
`;

let dir: string;
let path: string;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "foodbase-layout-migration-"));
  path = join(dir, "v3.db");
  const store = new SqliteStore(path);
  await store.upsertProducts(
    products().map((product) => ({ code: product.code as string, product, info, changedFields: [] })),
  );
  store.db.exec(TO_VERSION_3);
  await store.close();
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function codesOf(store: SqliteStore, params: Record<string, string>): Promise<string[]> {
  const { query } = parseSearchParams({ ...params, page_size: "100" }, { taxonomies });
  const page = await store.searchProducts(query);
  expect(page.count).toBe(page.documents.length);
  return page.documents.map((d) => JSON.parse(d.toString("utf8")).code as string).sort();
}

function expected(list: Product[], keep: (sugars: number) => boolean): string[] {
  return list
    .filter((p) => keep((p.nutriments as Record<string, number>).sugars_100g as number))
    .map((p) => p.code as string)
    .sort();
}

/** Conditions whose bounds fall inside fine bins (read value by value), on bin bounds, and equalities. */
const CONDITIONS: Array<[string, (sugars: number) => boolean]> = [
  ["<4.6", (s) => s < 4.6],
  ["<=4.7", (s) => s <= 4.7],
  [">4.6", (s) => s > 4.6],
  [">=4.37", (s) => s >= 4.37],
  ["<5", (s) => s < 5],
  ["4.7", (s) => s === 4.7],
  [">0.001,<11", (s) => s > 0.001 && s < 11],
];

describe("migration 4: postings by chunk, values by fine bin", () => {
  it("a version 3 database opens migrated, and searches find what its products hold", async () => {
    const store = new SqliteStore(path);
    try {
      const version = store.db.prepare("SELECT max(version) FROM schema_migrations").pluck().get();
      // Migrated up to the latest version.
      expect(version).toBe(Math.max(...SQLITE_MIGRATIONS.map((m) => m.version)));
      for (const [condition, keep] of CONDITIONS) {
        expect(await codesOf(store, { sugars_100g: condition }), condition).toEqual(expected(products(), keep));
      }
      expect(await codesOf(store, { categories_tags: "en:cakes", sugars_100g: "<4.8" })).toEqual(
        expected(
          products().filter((p) => (p.categories_tags as string[])[0] === "en:cakes"),
          (s) => s < 4.8,
        ),
      );
    } finally {
      await store.close();
    }
  });

  it("writes after the migration move values between bins and drop removed ones", async () => {
    const store = new SqliteStore(path);
    try {
      const list = products();
      // 4.6 → 30 (another bin), 4.7 → 4.8 (same bin), 4.99 → no sugars at all.
      const changed = list.map((p) => {
        const sugars = (p.nutriments as Record<string, number>).sugars_100g;
        if (sugars === 4.6) return { ...p, nutriments: { sugars_100g: 30 } };
        if (sugars === 4.7) return { ...p, nutriments: { sugars_100g: 4.8 } };
        if (sugars === 4.99) return { ...p, nutriments: { salt_100g: 1 } };
        return p;
      });
      await store.upsertProducts(
        changed.map((product) => ({ code: product.code as string, product, info, changedFields: [] })),
      );
      const stillWithSugars = changed.filter((p) => (p.nutriments as Record<string, number>).sugars_100g !== undefined);
      for (const [condition, keep] of [...CONDITIONS, ["4.8", (s: number) => s === 4.8] as const]) {
        expect(await codesOf(store, { sugars_100g: condition }), condition).toEqual(expected(stillWithSugars, keep));
      }
      // No value row is left behind for the product that lost its sugars.
      const rows = store.db.prepare("SELECT count(*) FROM search_values WHERE value = 4.99").pluck().get();
      expect(rows).toBe(0);
    } finally {
      await store.close();
    }
  });
});
