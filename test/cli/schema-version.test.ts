/**
 * A database whose schema a newer foodbase migrated is refused by this one (it would write tables it
 * does not keep up to date), by every command that opens it, on both stores.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../../src/store/open.js";
import { parsePostgresUrl } from "../../src/store/postgres/pool.js";
import { createTestDatabase, type TestDatabase } from "../helpers/store.js";

const MAIN = join(import.meta.dirname, "../../dist/cli/main.js");
let database: TestDatabase;

async function recordVersion(version: number): Promise<void> {
  const sql = `INSERT INTO schema_migrations (version, name, applied_t) VALUES (${version}, 'from the future', 0)`;
  if (database.kind === "sqlite") {
    const db = new Database(database.url);
    db.exec(sql);
    db.close();
  } else {
    const location = parsePostgresUrl(database.url);
    const client = new pg.Client({ connectionString: location.connectionString, options: location.options });
    await client.connect();
    await client.query(sql);
    await client.end();
  }
}

beforeAll(async () => {
  database = createTestDatabase();
  await (await openStore(database.url, { poolSize: 1 })).close();
  await recordVersion(999);
});
afterAll(async () => database.drop());

describe("a database migrated by a newer foodbase", () => {
  it("is refused with a message saying so, by every command", () => {
    for (const args of [["migrate"], ["users", "list"], ["export"], ["import", "-"]]) {
      const r = spawnSync(process.execPath, [MAIN, ...args], {
        input: "",
        encoding: "utf8",
        env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: "silent" },
      });
      expect(r.status, args.join(" ")).toBe(1);
      expect(r.stderr, args.join(" ")).toMatch(
        /^foodbase: the database's schema is at version 999, newer than this foodbase knows \(\d+\): use a foodbase release at least as new as the one that migrated it\n$/,
      );
    }
  });
});
