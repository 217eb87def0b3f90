/**
 * The checkpoint thread of a bulk load (src/store/sqlite/checkpointer.ts): while another connection
 * writes with its own checkpoints off, it copies the WAL into the database file, so that the writer's
 * next transaction starts the WAL over. Run from the build: a worker thread loads compiled JavaScript.
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import Database from "better-sqlite3";
import { afterEach, beforeEach, expect, it } from "vitest";

type CheckpointerModule = typeof import("../../src/store/sqlite/checkpointer.js");
const built = join(import.meta.dirname, "../../dist/store/sqlite/checkpointer.js");
const { BackgroundCheckpointer, checkpointOnce } = (await import(pathToFileURL(built).href)) as CheckpointerModule;
type StoreModule = typeof import("../../src/store/sqlite/index.js");
const builtStore = join(import.meta.dirname, "../../dist/store/sqlite/index.js");
const { SqliteStore } = (await import(pathToFileURL(builtStore).href)) as StoreModule;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "foodbase-checkpointer-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

it("copies what a writer commits into the database file, and the writer's WAL starts over", async () => {
  const path = join(dir, "load.db");
  const writer = new Database(path);
  writer.pragma("journal_mode = WAL");
  writer.pragma("wal_autocheckpoint = 0");
  writer.exec("CREATE TABLE t (x BLOB NOT NULL)");
  const insert = writer.prepare("INSERT INTO t (x) VALUES (randomblob(3000))");
  const write = writer.transaction((rows: number) => {
    for (let i = 0; i < rows; i++) insert.run();
  });
  write(3000);
  // About 9 MB committed, all of it in the WAL so far.
  expect(statSync(`${path}-wal`).size).toBeGreaterThan(8_000_000);
  expect(statSync(path).size).toBeLessThan(100_000);

  const checkpointer = new BackgroundCheckpointer(path);
  try {
    for (let waited = 0; statSync(path).size < 8_000_000; waited += 20) {
      if (waited > 30_000) throw new Error("the database file did not receive the WAL's pages");
      await sleep(20);
    }
  } finally {
    await checkpointer.stop();
  }
  write(1);
  // The WAL holds only the last transaction: it was started over, everything before it being copied.
  const [status] = writer.pragma("wal_checkpoint(PASSIVE)") as Array<{ log: number }>;
  expect(status?.log).toBeLessThan(10);
  expect(writer.prepare("SELECT count(*) FROM t").pluck().get()).toBe(3001);
  writer.close();
});

it("reports a thread that cannot open its database, instead of failing silently", async () => {
  const errors: Error[] = [];
  const checkpointer = new BackgroundCheckpointer(join(dir, "no-such-folder", "load.db"), (e) => errors.push(e));
  for (let waited = 0; errors.length === 0; waited += 20) {
    if (waited > 30_000) throw new Error("the failure was not reported");
    await sleep(20);
  }
  await checkpointer.stop();
  expect(errors).toHaveLength(1);
  expect(errors[0]?.message).toMatch(/directory does not exist|unable to open/i);
});

it("reports a thread that finds no database in its file, with SQLite's message", async () => {
  // Opening succeeds (SQLite reads nothing yet); the thread's first statement finds no database.
  const path = join(dir, "not-a-database.db");
  writeFileSync(path, "these bytes are not a SQLite database\n".repeat(200));
  const errors: Error[] = [];
  const checkpointer = new BackgroundCheckpointer(path, (e) => errors.push(e));
  for (let waited = 0; errors.length === 0; waited += 20) {
    if (waited > 30_000) throw new Error("the failure was not reported");
    await sleep(20);
  }
  await checkpointer.stop();
  expect(errors).toHaveLength(1);
  expect(errors[0]?.message).toMatch(/not a database/i);
});

it("a checkpoint on a busy database waits for the next tick; any other failure is thrown with its message", () => {
  const path = join(dir, "locked.db");
  const writer = new Database(path);
  writer.exec("CREATE TABLE t (x)");
  writer.exec("BEGIN EXCLUSIVE; INSERT INTO t VALUES (1)");
  const checkpointing = new Database(path, { timeout: 0 });
  expect(() => checkpointOnce(checkpointing)).not.toThrow();
  writer.exec("ROLLBACK");
  writer.close();
  checkpointing.close();

  const junk = join(dir, "junk.db");
  writeFileSync(junk, "these bytes are not a SQLite database\n".repeat(200));
  const notADatabase = new Database(junk);
  expect(() => checkpointOnce(notADatabase)).toThrow(/SQLITE_NOTADB: file is not a database/);
  notADatabase.close();
});

it("a bulk load whose checkpoint thread fails warns, and its own connection checkpoints again", async () => {
  mkdirSync(join(dir, "here"));
  const store = new SqliteStore(join(dir, "here", "load.db"));
  // The store's connection keeps its open files; the thread, opening the path anew, finds no folder.
  renameSync(join(dir, "here"), join(dir, "moved"));
  const warnings: string[] = [];
  try {
    await store.prepareForBulkLoad({ onWarning: (message) => warnings.push(message) });
    for (let waited = 0; warnings.length === 0; waited += 20) {
      if (waited > 30_000) throw new Error("no warning");
      await sleep(20);
    }
    expect(warnings).toEqual([expect.stringMatching(/^the checkpoint thread stopped \(.*directory does not exist/i)]);
    expect(store.db.pragma("wal_autocheckpoint", { simple: true })).toBe(1000);
  } finally {
    renameSync(join(dir, "moved"), join(dir, "here"));
    await store.close();
  }
});
