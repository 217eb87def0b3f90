/**
 * Commands that only read or change what a database holds (export, users list/passwd/delete) refuse a
 * `?schema=` that holds no foodbase database, as they refuse a missing SQLite file: they created it,
 * so a mistyped schema gave an empty export with success, and left a stray schema behind.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parsePostgresUrl } from "../../src/store/postgres/pool.js";
import { postgresTestUrl } from "../helpers/store.js";

const MAIN = join(import.meta.dirname, "../../dist/cli/main.js");
let admin: pg.Client;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: parsePostgresUrl(postgresTestUrl()).connectionString });
  await admin.connect();
});
afterAll(async () => admin.end());

describe("a schema with no foodbase database", () => {
  it("is an error for export and users, and is not created", async () => {
    const url = postgresTestUrl();
    const schema = new URL(url).searchParams.get("schema") as string;
    for (const args of [["export"], ["users", "list"], ["users", "delete", "carol"]]) {
      const r = spawnSync(process.execPath, [MAIN, ...args], {
        encoding: "utf8",
        env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: "silent" },
      });
      expect(r.status, args.join(" ")).toBe(1);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(
        new RegExp(
          `^foodbase: no foodbase database in schema ${schema} of postgres://\\S+ \\(foodbase serve or foodbase import creates one\\)\\n$`,
        ),
      );
    }
    const { rows } = await admin.query("SELECT 1 FROM information_schema.schemata WHERE schema_name = $1", [schema]);
    expect(rows).toEqual([]);
  });
});
