/**
 * The folksonomy part of the store (SQLite or PostgreSQL, per test project): tokens, tags and their
 * history (API.md §7). The login failure counters are the guard's: test/store/auth-failures.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TagWrite } from "../../src/store/folksonomy-types.js";
import { openStore } from "../../src/store/open.js";
import type { Store } from "../../src/store/types.js";
import { openTestStore, type TestStore } from "../helpers/store.js";

let testStore: TestStore;
let store: Store;

beforeEach(async () => {
  testStore = await openTestStore();
  store = testStore.store;
  for (const userId of ["alice", "bob"]) {
    await store.addUser({ userId, email: `${userId}@example.org`, name: userId, passwordHash: "scrypt$x" });
  }
});

afterEach(async () => {
  await testStore.close();
});

function tag(overrides: Partial<TagWrite> = {}): TagWrite {
  return {
    product: "3701027900001",
    owner: "",
    k: "color",
    v: "red",
    version: 1,
    editor: "alice",
    comment: "",
    lastEdit: "2025-03-01T10:20:30.123",
    ...overrides,
  };
}

describe("tokens", () => {
  it("finds a live token by its hash and forgets it once expired", async () => {
    const f = store.folksonomy;
    await f.addToken({ userId: "alice", tokenHash: "h1", nowT: 1000, expiresT: 2000, maxPerUser: 20 });
    expect(await f.getTokenUser("h1", 1999)).toBe("alice");
    expect(await f.getTokenUser("h1", 2000)).toBeUndefined();
    expect(await f.getTokenUser("nope", 1000)).toBeUndefined();
  });

  it("keeps at most the newest tokens of a user and leaves other users alone", async () => {
    const f = store.folksonomy;
    await f.addToken({ userId: "bob", tokenHash: "b", nowT: 1000, expiresT: 9000, maxPerUser: 3 });
    for (let i = 0; i < 5; i++)
      await f.addToken({ userId: "alice", tokenHash: `a${i}`, nowT: 1000, expiresT: 9000, maxPerUser: 3 });
    expect(await f.getTokenUser("a0", 1001)).toBeUndefined();
    expect(await f.getTokenUser("a1", 1001)).toBeUndefined();
    for (const h of ["a2", "a3", "a4"]) expect(await f.getTokenUser(h, 1001)).toBe("alice");
    expect(await f.getTokenUser("b", 1001)).toBe("bob");
  });

  it("are revoked by a password change", async () => {
    await store.folksonomy.addToken({
      userId: "alice",
      tokenHash: "h1",
      nowT: 1000,
      expiresT: Number.MAX_SAFE_INTEGER,
      maxPerUser: 20,
    });
    await store.setPassword("alice", "scrypt$y");
    expect(await store.folksonomy.getTokenUser("h1", 1001)).toBeUndefined();
  });
});

describe("tags", () => {
  it("creates once, updates at exactly version + 1, deletes at the current version, keeps every version", async () => {
    const f = store.folksonomy;
    expect(await f.createTag(tag())).toEqual({ ok: true });
    expect(await f.createTag(tag({ v: "other" }))).toEqual({ ok: false, reason: "exists" });
    expect(await f.updateTag(tag({ v: "blue", version: 3 }))).toEqual({ ok: false, reason: "version", expected: 2 });
    expect(await f.updateTag(tag({ v: "blue", version: 2, editor: "bob", lastEdit: "2025-03-01T10:20:31" }))).toEqual({
      ok: true,
    });
    expect(await f.updateTag(tag({ k: "size", version: 2 }))).toEqual({ ok: false, reason: "not_found" });
    expect(await f.getTag("3701027900001", "", "color")).toEqual({
      product: "3701027900001",
      k: "color",
      v: "blue",
      owner: "",
      version: 2,
      editor: "bob",
      last_edit: "2025-03-01T10:20:31",
      comment: "",
    });
    const del = { product: "3701027900001", owner: "", k: "color", editor: "alice", lastEdit: "2025-03-01T10:20:32" };
    expect(await f.deleteTag({ ...del, version: 1 })).toBe(false);
    expect(await f.deleteTag({ ...del, version: 2 })).toBe(true);
    expect(await f.getTag("3701027900001", "", "color")).toBeUndefined();
    expect(await f.getProductTags("3701027900001", "")).toEqual([]);
    const versions = await f.getTagVersions("3701027900001", "", "color");
    expect(versions.map((r) => [r.version, r.v, r.editor, r.comment])).toEqual([
      [2, "blue", "bob", ""],
      [1, "red", "alice", ""],
      [0, "blue", "alice", "DELETE"],
    ]);
    // Re-created at version 1: the history keeps both lives, latest first among equal versions.
    expect(await f.createTag(tag({ v: "green", lastEdit: "2025-03-01T10:20:33" }))).toEqual({ ok: true });
    const again = await f.getTagVersions("3701027900001", "", "color");
    expect(again.map((r) => [r.version, r.v])).toEqual([
      [2, "blue"],
      [1, "green"],
      [1, "red"],
      [0, "blue"],
    ]);
  });

  it("builds the same JSON as JSON.stringify, special characters included", async () => {
    const f = store.folksonomy;
    await f.createTag(tag({ k: "quote", v: 'say "hi" \\ back\nslash\t\u0001 é😀 </script>', comment: 'c"' }));
    await f.createTag(tag({ k: "plain", v: "x" }));
    const json = await f.getProductTagsJson("3701027900001", "");
    expect(json).toBe(JSON.stringify(await f.getProductTags("3701027900001", "")));
    expect((JSON.parse(json) as Array<{ v: string }>)[1]?.v).toBe('say "hi" \\ back\nslash\t\u0001 é😀 </script>');
  });

  it("never serves a stale product list: own writes and other connections' commits are seen", async () => {
    const f = store.folksonomy;
    const tags = async () => JSON.parse(await f.getProductTagsJson("3701027900001", "")) as Array<{ v: string }>;
    expect(await tags()).toEqual([]);
    await f.createTag(tag());
    expect((await tags()).map((r) => r.v)).toEqual(["red"]);
    await f.updateTag(tag({ v: "blue", version: 2 }));
    expect((await tags()).map((r) => r.v)).toEqual(["blue"]);
    // Another connection (as another server process would) writes to the same database.
    const other = await openStore(testStore.database.url);
    try {
      await other.folksonomy.updateTag(tag({ v: "green", version: 3 }));
      expect((await tags()).map((r) => r.v)).toEqual(["green"]);
      await other.folksonomy.deleteTag({ ...tag(), version: 3, lastEdit: "2025-03-01T10:20:31" });
      expect(await tags()).toEqual([]);
    } finally {
      await other.close();
    }
    await f.createTag(tag({ v: "again" }));
    await f.deleteValue("color", "again", { editor: "bob", lastEdit: "2025-03-01T10:20:32" });
    expect(await tags()).toEqual([]);
  });

  it("keeps public and private tags apart", async () => {
    const f = store.folksonomy;
    await f.createTag(tag());
    await f.createTag(tag({ owner: "alice", v: "secret" }));
    expect((await f.getProductTags("3701027900001", "")).map((r) => r.v)).toEqual(["red"]);
    expect((await f.getProductTags("3701027900001", "alice")).map((r) => r.v)).toEqual(["secret"]);
    expect(await f.getProductTags("3701027900001", "bob")).toEqual([]);
  });

  it("lists, filters and counts", async () => {
    const f = store.folksonomy;
    await f.createTag(tag({ product: "2", k: "color", v: "Red", editor: "bob", lastEdit: "2025-03-01T10:00:00.5" }));
    await f.createTag(tag({ product: "1", k: "color", v: "red" }));
    await f.createTag(tag({ product: "1", k: "color:shade", v: "dark" }));
    await f.createTag(tag({ product: "1", k: "colorful", v: "yes" }));
    await f.createTag(tag({ product: "1", k: "size", v: "big", lastEdit: "2025-03-01T10:00:00.25" }));
    await f.createTag(tag({ product: "3", k: "size", v: "big" }));
    await f.createTag(tag({ product: "1", k: "a_b", v: "x" }));

    expect((await f.getTagsWithPrefix("1", "", "color")).map((r) => r.k)).toEqual(["color", "color:shade"]);
    // `_` is no wildcard.
    expect((await f.getTagsWithPrefix("1", "", "a_")).map((r) => r.k)).toEqual([]);
    expect((await f.getProductTags("1", "", ["size", "color"])).map((r) => r.k)).toEqual(["color", "size"]);
    // The JSON built by the database is what JSON.stringify makes of the rows.
    expect(await f.getProductTagsJson("1", "")).toBe(JSON.stringify(await f.getProductTags("1", "")));
    expect(await f.getProductTagsJson("1", "", ["size"])).toBe(
      JSON.stringify(await f.getProductTags("1", "", ["size"])),
    );
    expect(await f.getProductTagsJson("nope", "")).toBe("[]");

    expect(await f.listProducts({ owner: "", k: "size", v: "" }, [])).toEqual([
      { product: "1", k: "size", v: "big" },
      { product: "3", k: "size", v: "big" },
    ]);
    expect(await f.listProducts({ owner: "", k: "color", v: "red" }, [])).toEqual([
      { product: "1", k: "color", v: "red" },
    ]);
    expect(await f.listProducts({ owner: "", k: "size", v: "" }, ["3", "9"])).toEqual([
      { product: "3", k: "size", v: "big" },
    ]);
    expect((await f.listProducts({ owner: "", k: "", v: "ignored" }, [])).length).toBe(7);

    const stats = await f.productStats({ owner: "", k: "", v: "" });
    expect(stats[0]).toEqual({ product: "1", keys: 5, last_edit: "2025-03-01T10:20:30.123", editors: 1 });
    expect(stats.map((s) => s.product)).toEqual(["1", "2", "3"]);

    expect(await f.keyStats("", "")).toEqual([
      { k: "color", count: 2, values: 2 },
      { k: "size", count: 2, values: 1 },
      { k: "a_b", count: 1, values: 1 },
      { k: "color:shade", count: 1, values: 1 },
      { k: "colorful", count: 1, values: 1 },
    ]);
    expect((await f.keyStats("", "COLOR")).map((s) => s.k)).toEqual(["color", "color:shade", "colorful"]);
    expect((await f.keyStats("", "%")).map((s) => s.k)).toEqual([]);

    expect(await f.valueCounts("", "color", "", 50)).toEqual([
      { v: "Red", product_count: 1 },
      { v: "red", product_count: 1 },
    ]);
    expect(await f.valueCounts("", "color", "rE", 1)).toEqual([{ v: "Red", product_count: 1 }]);
    expect(await f.valueCounts("", "size", "", 0)).toEqual([]);

    const values = await f.tagValues("", ["1", "3"], ["size"]);
    expect(values).toEqual([
      {
        product: "1",
        k: "size",
        v: "big",
        owner: "",
        version: 1,
        editor: "alice",
        last_edit: "2025-03-01T10:00:00.25",
      },
      {
        product: "3",
        k: "size",
        v: "big",
        owner: "",
        version: 1,
        editor: "alice",
        last_edit: "2025-03-01T10:20:30.123",
      },
    ]);
    expect(Object.keys(values[0] ?? {})).toEqual(["product", "k", "v", "owner", "version", "editor", "last_edit"]);
    expect((await f.tagValues("", [], ["color"])).map((r) => r.product)).toEqual(["1", "2"]);
  });
});
