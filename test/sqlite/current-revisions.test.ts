/**
 * The SQLite store remembers current revision ids (store/sqlite/current-revisions.ts): its own writes
 * must show at once, and another connection's writes (another process on the same file) within the
 * check interval of 1 ms.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import Database from "better-sqlite3";
import { afterEach, beforeEach, expect, it } from "vitest";
import type { Product } from "../../src/domain/product.js";
import { SqliteStore } from "../../src/store/sqlite/index.js";
import type { RevisionInfo } from "../../src/store/types.js";

const CODE = "3000000000017";
const info: RevisionInfo = { userId: "t", t: 1, comment: "", appName: "", appVersion: "", appUuid: "", userAgent: "" };
const setName = (name: string) => (current: Product | undefined) => ({
  product: { ...(current ?? { code: CODE }), product_name: name },
  changedFields: ["product_name"],
  result: undefined,
});

let dir: string;
let store: SqliteStore;
let other: SqliteStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "foodbase-current-"));
  store = new SqliteStore(join(dir, "db.sqlite"));
  other = new SqliteStore(join(dir, "db.sqlite"));
});
afterEach(async () => {
  await store.close();
  await other.close();
  rmSync(dir, { recursive: true, force: true });
});

async function currentName(s: SqliteStore): Promise<unknown> {
  const id = await s.getCurrentRevisionId(CODE);
  const bytes = id === undefined ? undefined : await s.getRevisionDocumentBytes(id);
  return bytes === undefined ? undefined : (JSON.parse(bytes.toString()) as Product).product_name;
}

it("a write through the store is read back at once", async () => {
  expect(await currentName(store)).toBeUndefined();
  await store.writeProduct(CODE, info, setName("one"));
  expect(await currentName(store)).toBe("one");
  await store.writeProduct(CODE, info, setName("two"));
  expect(await currentName(store)).toBe("two");
  await store.upsertProducts([{ code: CODE, product: { code: CODE, product_name: "three" }, info, changedFields: [] }]);
  expect(await currentName(store)).toBe("three");
});

it("a write through another connection is read back after the check interval", async () => {
  await store.writeProduct(CODE, info, setName("one"));
  expect(await currentName(store)).toBe("one");
  await other.writeProduct(CODE, info, setName("two"));
  await sleep(5);
  expect(await currentName(store)).toBe("two");
  expect(await currentName(other)).toBe("two");
});

it("a write by one of several writing processes is answered only once another connection would read it", async () => {
  // The workers of `serve --workers N` write one database; a request that follows a write's answer may
  // reach another worker, which must read the write although it remembers the product.
  other.writeAlongsideOtherProcesses();
  await other.writeProduct(CODE, info, setName("one"));
  await sleep(5);
  for (let i = 0; i < 20; i++) {
    const name = `name ${i}`;
    // The write is computed now and committed on the next turn of the event loop: the read between
    // looks for other connections' writes just before that commit, and remembers the revision it finds.
    const written = other.writeProduct(CODE, info, setName(name));
    expect(await currentName(store)).not.toBe(name);
    await written;
    expect(await currentName(store)).toBe(name);
  }
});

it("a write waiting for another process's commit leaves the event loop free, then commits", async () => {
  other.writeAlongsideOtherProcesses();
  await other.writeProduct(CODE, info, setName("one"));
  // Another process holds the write lock (a raw connection to the same file, mid-transaction).
  const blocker = new Database(join(dir, "db.sqlite"));
  try {
    blocker.exec("BEGIN IMMEDIATE");
    blocker.prepare("UPDATE products SET rev = rev WHERE code = ?").run(CODE);
    let done = false;
    const written = other.writeProduct(CODE, info, setName("two")).then((outcome) => {
      done = true;
      return outcome;
    });
    // SQLite's busy handler would sleep here, and this timer would not fire until the lock is free.
    const started = performance.now();
    await sleep(50);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(done).toBe(false);
    blocker.exec("COMMIT");
    expect(await written).toMatchObject({ written: true, rev: 2 });
    expect(await currentName(store)).toBe("two");
  } finally {
    blocker.close();
  }
});
