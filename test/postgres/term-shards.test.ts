/**
 * Term counts sharded per connection (issue #24 item 3): writers in several processes add to their own
 * shard rows instead of queueing on one row per term, and facets and counts still give exact figures,
 * before and after the shards are folded into the terms.
 */
import { afterAll, describe, expect, it } from "vitest";
import { PostgresStore } from "../../src/store/postgres/index.js";
import { inTransaction } from "../../src/store/postgres/pool.js";
import { foldTermShards } from "../../src/store/postgres/search-index.js";
import type { ProductUpsert } from "../../src/store/types.js";
import { createTestDatabase, type TestDatabase } from "../helpers/store.js";

const databases: TestDatabase[] = [];
afterAll(async () => {
  for (const db of databases) await db.drop();
});

const info = { userId: "alice", t: 1, comment: "", appName: "", appVersion: "", appUuid: "", userAgent: "" };
const CATEGORIES = ["en:apples", "en:pears", "en:plums"];

function upsert(i: number, category: string): ProductUpsert {
  const code = String(2_000_000_000_000 + i);
  return {
    code,
    product: { code, product_name: `Fruit ${i}`, lang: "en", categories_tags: [category] },
    changedFields: ["categories"],
    info,
  };
}

describe("sharded term counts", () => {
  it("stay exact under concurrent writers in two stores, and through a fold", async () => {
    const db = createTestDatabase("postgres");
    databases.push(db);
    const first = await PostgresStore.open(db.url, { poolSize: 4 });
    const second = await PostgresStore.open(db.url, { poolSize: 4 });
    try {
      // 120 products written one per transaction by concurrent writers, then 20 apples become pears.
      const expected = new Map<string, number>();
      const writes: Promise<unknown>[] = [];
      for (let i = 0; i < 120; i++) {
        const category = CATEGORIES[i % 3] as string;
        writes.push((i % 2 === 0 ? first : second).upsertProducts([upsert(i, category)]));
      }
      await Promise.all(writes);
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 === 0 ? second : first).upsertProducts([upsert(i * 3, "en:pears")]),
        ),
      );
      for (let i = 0; i < 120; i++) {
        const category = i % 3 === 0 && i < 60 ? "en:pears" : (CATEGORIES[i % 3] as string);
        expected.set(category, (expected.get(category) ?? 0) + 1);
      }
      const counts = async () =>
        Object.fromEntries((await first.facetCounts({ tagtype: "categories" })).tags.map((t) => [t.tag, t.products]));
      const want = Object.fromEntries(expected);
      expect(await counts()).toEqual(want);
      expect(await first.countProducts()).toBe(120);
      const shardRows = async () =>
        Number((await db.query<{ n: string }>("SELECT count(*) AS n FROM search_term_shards"))[0]?.n);
      expect(await shardRows()).toBeGreaterThan(0);

      await inTransaction(first.pool, foldTermShards);
      expect(await shardRows()).toBe(0);
      expect(await counts()).toEqual(want);
      const apples = await first.searchProducts({
        tags: [{ tagtype: "categories", anyOf: [{ kind: "tag", tag: "en:apples", negated: false }] }],
        numbers: [],
        sort: "nothing",
        skip: 0,
        limit: 1,
      });
      expect(apples.count).toBe(want["en:apples"]);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
