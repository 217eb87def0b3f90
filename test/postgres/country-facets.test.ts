/**
 * Facets within a country on PostgreSQL (country-facets.ts, issue #24 item 2): the counts kept per
 * country by every write stay exact when concurrent writers in two stores add products and edits move
 * products between countries and tags; and the migration that adds them counts the products already there.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { importProducts } from "../../src/import/importer.js";
import { openInput } from "../../src/import/source.js";
import { forgetTagTermInfos } from "../../src/store/postgres/country-facets.js";
import { PostgresStore } from "../../src/store/postgres/index.js";
import type { ProductUpsert } from "../../src/store/types.js";
import { createTestDatabase, type TestDatabase } from "../helpers/store.js";

const databases: TestDatabase[] = [];
afterAll(async () => {
  for (const db of databases) await db.drop();
});

const info = { userId: "alice", t: 1, comment: "", appName: "", appVersion: "", appUuid: "", userAgent: "" };
const COUNTRY_SETS = [["en:france"], ["en:germany"], ["en:france", "en:germany"], []];
const CATEGORIES = ["en:apples", "en:pears", "en:plums"];
const LABELS = [["en:organic"], [], ["en:organic", "en:fair-trade"]];

interface Doc {
  code: string;
  countries: string[];
  categories: string[];
  labels: string[];
}

function upsert(doc: Doc): ProductUpsert {
  return {
    code: doc.code,
    product: {
      code: doc.code,
      product_name: `Fruit ${doc.code}`,
      lang: "en",
      countries_tags: doc.countries,
      categories_tags: doc.categories,
      labels_tags: doc.labels,
    },
    changedFields: ["countries", "categories", "labels"],
    info,
  };
}

/** Tags of a type among the products of a country, most frequent first, ties by tag (API.md §5.8). */
function expectedFacet(docs: Iterable<Doc>, country: string, tagtype: "categories" | "labels" | "countries") {
  const counts = new Map<string, number>();
  for (const doc of docs) {
    if (!doc.countries.includes(country)) continue;
    for (const tag of doc[tagtype]) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([tag, products]) => ({ tag, products }));
}

async function expectFacetsMatch(store: PostgresStore, docs: Map<string, Doc>): Promise<void> {
  for (const country of ["en:france", "en:germany", "en:spain"]) {
    for (const tagtype of ["categories", "labels", "countries"] as const) {
      const { tags } = await store.facetCounts({ tagtype, country });
      expect(tags, `${tagtype} in ${country}`).toEqual(expectedFacet(docs.values(), country, tagtype));
    }
  }
}

describe("facets within a country on PostgreSQL", () => {
  it("stay exact under concurrent writers, edits between countries and tags, and the migration's backfill", async () => {
    const db = createTestDatabase("postgres");
    databases.push(db);
    const first = await PostgresStore.open(db.url, { poolSize: 4 });
    const second = await PostgresStore.open(db.url, { poolSize: 4 });
    const docs = new Map<string, Doc>();
    try {
      // 90 products written one per transaction by concurrent writers in two stores.
      const writes: Promise<unknown>[] = [];
      for (let i = 0; i < 90; i++) {
        const doc: Doc = {
          code: String(3_000_000_000_000 + i),
          countries: COUNTRY_SETS[i % 4] as string[],
          categories: [CATEGORIES[i % 3] as string],
          labels: LABELS[i % 3] as string[],
        };
        docs.set(doc.code, doc);
        writes.push((i % 2 === 0 ? first : second).upsertProducts([upsert(doc)]));
      }
      await Promise.all(writes);
      await expectFacetsMatch(first, docs);

      // Edits: a country gained or lost, a category changed, a label dropped, and all at once; by
      // writers that, like a process just started, must read what the tags they drop are.
      forgetTagTermInfos();
      const edits: Promise<unknown>[] = [];
      for (let i = 0; i < 90; i += 4) {
        const doc = docs.get(String(3_000_000_000_000 + i)) as Doc;
        const edited: Doc = {
          ...doc,
          countries: i % 8 === 0 ? ["en:germany", "en:spain"] : [],
          categories: i % 12 === 0 ? ["en:cherries"] : doc.categories,
          labels: i % 16 === 0 ? [] : doc.labels,
        };
        docs.set(doc.code, edited);
        edits.push((i % 3 === 0 ? second : first).upsertProducts([upsert(edited)]));
      }
      for (let i = 1; i < 90; i += 6) {
        const doc = docs.get(String(3_000_000_000_000 + i)) as Doc;
        const edited: Doc = { ...doc, categories: ["en:pears", "en:apples"], labels: ["en:fair-trade"] };
        docs.set(doc.code, edited);
        edits.push(second.upsertProducts([upsert(edited)]));
      }
      await Promise.all(edits);
      await expectFacetsMatch(first, docs);
      await expectFacetsMatch(second, docs);

      // An import (the bulk path): products it changes and products it adds.
      const lines: string[] = [];
      for (let i = 2; i < 100; i += 5) {
        const code = String(3_000_000_000_000 + i);
        const doc: Doc = {
          code,
          countries: i % 10 === 2 ? ["en:spain"] : ["en:france"],
          categories: ["en:plums"],
          labels: i % 3 === 0 ? ["en:organic"] : [],
        };
        docs.set(code, doc);
        lines.push(
          JSON.stringify({
            code,
            product_name: `Fruit ${code}`,
            lang: "en",
            countries_tags: doc.countries,
            categories_tags: doc.categories,
            labels_tags: doc.labels,
          }),
        );
      }
      const dir = mkdtempSync(join(tmpdir(), "foodbase-country-facets-"));
      try {
        const file = join(dir, "products.jsonl");
        writeFileSync(file, `${lines.join("\n")}\n`);
        const summary = await importProducts({ store: first, input: await openInput(file), workers: 0 });
        expect(summary).toMatchObject({ imported: 2, updated: 18, rejected: 0 });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      await expectFacetsMatch(second, docs);
    } finally {
      await first.close();
      await second.close();
    }

    // A database indexed before the counts existed: the migration counts its products.
    await db.query("DROP TABLE search_country_terms");
    await db.query("DELETE FROM schema_migrations WHERE version = 7");
    const reopened = await PostgresStore.open(db.url, { poolSize: 2 });
    try {
      await expectFacetsMatch(reopened, docs);
    } finally {
      await reopened.close();
    }
  });
});
