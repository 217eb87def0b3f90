/**
 * The `Store` contract (src/store/types.ts) on the test project's store, SQLite or PostgreSQL: products
 * and their revisions, accounts, sessions. Both implementations must answer alike.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Product } from "../../src/domain/product.js";
import type { SearchQuery } from "../../src/domain/search/query.js";
import { openStore } from "../../src/store/open.js";
import { DuplicateError, type RevisionInfo, type Store } from "../../src/store/types.js";
import { openTestStore, type TestStore } from "../helpers/store.js";

let testStore: TestStore;
let store: Store;

beforeEach(async () => {
  testStore = await openTestStore();
  store = testStore.store;
});
afterEach(async () => {
  await testStore.close();
});

function info(overrides: Partial<RevisionInfo> = {}): RevisionInfo {
  return {
    userId: "alice",
    t: 1_700_000_000,
    comment: "",
    appName: "",
    appVersion: "",
    appUuid: "",
    userAgent: "",
    ...overrides,
  };
}

/** A mutation setting `key` to `value` on the current product (or a new one). */
function setField(key: string, value: unknown) {
  return (current: Product | undefined) => ({
    product: { ...(current ?? { code: "3000000000017" }), [key]: value },
    changedFields: [key],
    result: "saved",
  });
}

describe("products and revisions", () => {
  it("stores each write as the next revision and reads any of them back", async () => {
    const first = await store.writeProduct("3000000000017", info({ comment: "first" }), setField("product_name", "A"));
    expect(first).toEqual({ written: true, result: "saved", rev: 1 });
    const second = await store.writeProduct(
      "3000000000017",
      info({ userId: "bob", t: 1_700_000_100, appName: "app", appVersion: "1.2", appUuid: "u-1", userAgent: "ua" }),
      setField("brands", "Ü & <b>"),
    );
    expect(second.rev).toBe(2);

    expect(await store.getProduct("3000000000017")).toEqual({
      brands: "Ü & <b>",
      code: "3000000000017",
      product_name: "A",
      rev: 2,
    });
    expect(await store.getProductRevision("3000000000017", 1)).toEqual({
      code: "3000000000017",
      product_name: "A",
      rev: 1,
    });
    expect(await store.getProductRevision("3000000000017", 3)).toBeUndefined();
    const text = await store.getProductDocument("3000000000017");
    expect(JSON.parse(text as string)).toEqual(await store.getProduct("3000000000017"));
    expect((await store.getProductDocumentBytes("3000000000017", 1))?.toString("utf8")).toBe(
      await store.getProductDocument("3000000000017", 1),
    );
    const revisionId = await store.getCurrentRevisionId("3000000000017");
    expect(typeof revisionId).toBe("number");
    expect((await store.getRevisionDocumentBytes(revisionId as number))?.toString("utf8")).toBe(text);

    expect(await store.listRevisions("3000000000017")).toEqual([
      {
        code: "3000000000017",
        rev: 1,
        t: 1_700_000_000,
        userId: "alice",
        comment: "first",
        appName: "",
        appVersion: "",
        appUuid: "",
        userAgent: "",
        changedFields: ["product_name"],
      },
      {
        code: "3000000000017",
        rev: 2,
        t: 1_700_000_100,
        userId: "bob",
        comment: "",
        appName: "app",
        appVersion: "1.2",
        appUuid: "u-1",
        userAgent: "ua",
        changedFields: ["brands"],
      },
    ]);
    expect(await store.countProducts()).toBe(1);
  });

  it("answers undefined for what does not exist", async () => {
    expect(await store.getProduct("3000000000024")).toBeUndefined();
    expect(await store.getProductDocument("3000000000024")).toBeUndefined();
    expect(await store.getProductDocumentBytes("3000000000024")).toBeUndefined();
    expect(await store.getCurrentRevisionId("3000000000024")).toBeUndefined();
    expect(await store.getRevisionDocumentBytes(987_654_321)).toBeUndefined();
    expect(await store.listRevisions("3000000000024")).toEqual([]);
    expect(await store.countProducts()).toBe(0);
  });

  it("writes nothing when the mutation rejects", async () => {
    await store.writeProduct("3000000000017", info(), setField("product_name", "A"));
    const outcome = await store.writeProduct("3000000000017", info(), () => ({ reject: "no" }));
    expect(outcome).toEqual({ written: false, result: "no" });
    expect((await store.getProduct("3000000000017"))?.rev).toBe(1);
    expect(await store.listRevisions("3000000000017")).toHaveLength(1);
  });

  it("serialises parallel writes to one product, new or not: no revision lost, none twice", async () => {
    const writes = Array.from({ length: 30 }, (_, i) =>
      store.writeProduct("3000000000031", info(), setField(`field_${i}`, i)),
    );
    const outcomes = await Promise.all(writes);
    expect(outcomes.map((o) => o.rev).sort((x, y) => (x as number) - (y as number))).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    const product = (await store.getProduct("3000000000031")) as Product;
    expect(product.rev).toBe(30);
    for (let i = 0; i < 30; i++) expect(product[`field_${i}`]).toBe(i);
  });

  it("a write that fails among parallel writes fails alone: the others are stored and searchable", async () => {
    // A product whose tags can be read once only: storing its document works, indexing it then fails,
    // after its revision was written.
    const readOnce = (): Product => {
      let reads = 0;
      return Object.defineProperty({ code: "3000000000086" }, "categories_tags", {
        enumerable: true,
        get: () => {
          if (++reads > 1) throw new Error("read twice");
          return ["en:snacks"];
        },
      });
    };
    const writes = [
      store.writeProduct("3000000000079", info(), setField("categories_tags", ["en:snacks"])),
      store.writeProduct("3000000000086", info(), () => ({ product: readOnce(), changedFields: [], result: "saved" })),
      store.writeProduct("3000000000093", info(), setField("categories_tags", ["en:snacks"])),
      store.writeProduct("3000000000079", info(), setField("product_name", "Second")),
    ];
    const outcomes = await Promise.allSettled(writes);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled", "fulfilled"]);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ message: "read twice" });
    expect(await store.getProduct("3000000000086")).toBeUndefined();
    expect(await store.getProduct("3000000000079")).toMatchObject({ product_name: "Second", rev: 2 });
    expect(await store.getProduct("3000000000093")).toMatchObject({ rev: 1 });
    const page = await store.searchProducts({
      tags: [{ tagtype: "categories", anyOf: [{ kind: "tag", tag: "en:snacks", negated: false }] }],
      numbers: [],
      sort: "popularity",
      skip: 0,
      limit: 24,
    });
    expect(page.count).toBe(2);
  });

  it("a second connection (another process) sees a write at once", async () => {
    const other = await openStore(testStore.database.url);
    try {
      await store.writeProduct("3000000000048", info(), setField("product_name", "Seen"));
      expect((await other.getProduct("3000000000048"))?.product_name).toBe("Seen");
      await other.writeProduct("3000000000048", info(), setField("product_name", "Seen too"));
      expect(await store.getProduct("3000000000048")).toMatchObject({ product_name: "Seen too", rev: 2 });
    } finally {
      await other.close();
    }
  });

  it("bulk upserts make the next revision of each product, in one batch", async () => {
    await store.writeProduct("3000000000055", info(), setField("product_name", "Old"));
    const revs = await store.upsertProducts([
      {
        code: "3000000000055",
        product: { code: "3000000000055", product_name: "New" },
        info: info(),
        changedFields: [],
      },
      { code: "3000000000062", product: { code: "3000000000062" }, info: info(), changedFields: ["code"] },
      {
        code: "3000000000055",
        product: { code: "3000000000055", product_name: "Newer" },
        info: info(),
        changedFields: [],
      },
    ]);
    expect(revs).toEqual([2, 1, 3]);
    expect(await store.getProduct("3000000000055")).toEqual({ code: "3000000000055", product_name: "Newer", rev: 3 });
    expect(await store.countProducts()).toBe(2);
  });
});

describe("facets of a filtered search", () => {
  const byCategory = (tag: string, negated = false): SearchQuery => ({
    tags: [{ tagtype: "categories", anyOf: [{ kind: "tag", tag, negated }] }],
    numbers: [],
    sort: "popularity",
    skip: 0,
    limit: 24,
  });

  it("counts the tags of the matching products, most frequent first, from the index", async () => {
    const products: Array<[string, string[], string[]]> = [
      ["3000000000017", ["en:snacks", "en:biscuits"], ["en:organic"]],
      ["3000000000024", ["en:snacks", "en:crisps"], ["en:organic", "en:fair-trade"]],
      ["3000000000031", ["en:snacks", "en:biscuits"], []],
      ["3000000000048", ["en:beverages"], ["en:organic"]],
    ];
    for (const [code, categories, labels] of products) {
      await store.writeProduct(code, info(), () => ({
        product: { code, categories_tags: categories, labels_tags: labels },
        changedFields: ["categories"],
        result: "saved",
      }));
    }
    const sample = await store.facetSample(byCategory("en:snacks"), ["categories", "labels", "brands"], 1000);
    expect(sample).toEqual({
      counted: 3,
      facets: {
        categories: [
          { tag: "en:snacks", products: 3 },
          { tag: "en:biscuits", products: 2 },
          { tag: "en:crisps", products: 1 },
        ],
        labels: [
          { tag: "en:organic", products: 2 },
          { tag: "en:fair-trade", products: 1 },
        ],
        brands: [],
      },
    });
    // Negated filters and a limit: the first products of the matches only.
    const notSnacks = await store.facetSample(byCategory("en:snacks", true), ["categories"], 1000);
    expect(notSnacks).toEqual({ counted: 1, facets: { categories: [{ tag: "en:beverages", products: 1 }] } });
    const limited = await store.facetSample(byCategory("en:snacks"), ["categories"], 2);
    expect(limited.counted).toBe(2);
    expect(limited.facets.categories?.[0]).toEqual({ tag: "en:snacks", products: 2 });
    expect(await store.facetSample(byCategory("en:nothing-here"), ["labels"], 1000)).toEqual({
      counted: 0,
      facets: { labels: [] },
    });
  });
});

describe("accounts and sessions", () => {
  const user = { userId: "alice", email: "alice@example.org", name: "Alice", passwordHash: "scrypt$1" };

  it("adds, lists, finds and deletes users; a taken id or e-mail is a DuplicateError", async () => {
    await store.addUser(user);
    await store.addUser({ userId: "bob", email: "", name: "", passwordHash: "scrypt$2", moderator: true });
    await store.addUser({ userId: "carol", email: "", name: "", passwordHash: "scrypt$3", admin: true });
    await expect(store.addUser({ ...user, email: "other@example.org" })).rejects.toBeInstanceOf(DuplicateError);
    await expect(store.addUser({ ...user, userId: "alice2" })).rejects.toBeInstanceOf(DuplicateError);
    expect((await store.listUsers()).map((u) => [u.userId, u.admin, u.moderator])).toEqual([
      ["alice", false, false],
      ["bob", false, true],
      ["carol", true, false],
    ]);
    expect(await store.getUser("alice")).toMatchObject({ ...user, admin: false, moderator: false });
    expect(typeof (await store.getUser("alice"))?.createdT).toBe("number");
    expect(await store.deleteUser("bob")).toBe(true);
    expect(await store.deleteUser("bob")).toBe(false);
    expect(await store.getUser("bob")).toBeUndefined();
  });

  it("keeps sessions until they expire, the newest `maxPerUser` of them, and a new password ends them", async () => {
    await store.addUser(user);
    const now = Math.floor(Date.now() / 1000);
    for (let i = 0; i < 4; i++) await store.addSession("alice", `hash-${i}`, now + 3600, 3);
    expect(await store.getSessionUser("alice", "hash-0", now)).toBeUndefined();
    for (const i of [1, 2, 3]) expect(await store.getSessionUser("alice", `hash-${i}`, now)).toBe("alice");
    expect(await store.getSessionUser("alice", "hash-1", now + 3600)).toBeUndefined();
    await store.deleteSession("alice", "hash-1");
    expect(await store.getSessionUser("alice", "hash-1", now)).toBeUndefined();

    await store.folksonomy.addToken({
      userId: "alice",
      tokenHash: "t-1",
      nowT: now,
      expiresT: now + 60,
      maxPerUser: 5,
    });
    expect(await store.folksonomy.getTokenUser("t-1", now)).toBe("alice");
    expect(await store.setPassword("alice", "scrypt$new")).toBe(true);
    expect((await store.getUser("alice"))?.passwordHash).toBe("scrypt$new");
    expect(await store.getSessionUser("alice", "hash-2", now)).toBeUndefined();
    expect(await store.folksonomy.getTokenUser("t-1", now)).toBeUndefined();
    expect(await store.setPassword("nobody", "x")).toBe(false);
  });
});
