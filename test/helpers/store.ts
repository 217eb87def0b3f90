/**
 * The database a test runs against. The `sqlite` test project gives each test database a SQLite file in
 * a temp folder; the `postgres` project (env FOODBASE_TEST_STORE=postgres) a schema of its own in the
 * run's PostgreSQL database (see postgres-setup.ts). Tests written against `TestDatabase` and
 * `openTestStore` run unchanged on both.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import type pg from "pg";
import { inject } from "vitest";
import { openStore } from "../../src/store/open.js";
import type { Store } from "../../src/store/types.js";

export type TestStoreKind = "sqlite" | "postgres";

/** The store of this test project. */
export const TEST_STORE_KIND: TestStoreKind = process.env.FOODBASE_TEST_STORE === "postgres" ? "postgres" : "sqlite";

export interface TestDatabase {
  readonly kind: TestStoreKind;
  /** `DATABASE_URL` of this database: for openStore, startServer and child processes. */
  readonly url: string;
  /** A temp folder of the test's own (the SQLite file lives in it); removed by `drop`. */
  readonly dir: string;
  /** Rows of one SQL statement that both databases understand (no parameters). */
  query<T = Record<string, unknown>>(sql: string): Promise<T[]>;
  /** Rows of a table; 0 while the table does not exist yet. */
  count(table: string): Promise<number>;
  /** Closes what the helper opened and removes the folder (the PostgreSQL database is dropped after the run). */
  drop(): Promise<void>;
}

let schemas = 0;

/** URL of the run's PostgreSQL database with a fresh schema (created by the store's migrations). */
export function postgresTestUrl(): string {
  const base = new URL(inject("postgresUrl"));
  base.searchParams.set("schema", `t${process.pid}_${++schemas}_${randomBytes(3).toString("hex")}`);
  return base.toString();
}

const MISSING_TABLE = /no such table|does not exist/;

class SqliteTestDatabase implements TestDatabase {
  readonly kind = "sqlite";
  readonly url: string;
  constructor(readonly dir: string) {
    this.url = join(dir, "foodbase.db");
  }
  async query<T>(sql: string): Promise<T[]> {
    const db = new Database(this.url, { readonly: true, fileMustExist: true });
    try {
      return db.prepare(sql).all() as T[];
    } finally {
      db.close();
    }
  }
  async count(table: string): Promise<number> {
    try {
      return Number((await this.query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))[0]?.n);
    } catch (e) {
      if (MISSING_TABLE.test((e as Error).message) || (e as { code?: string }).code === "SQLITE_CANTOPEN") return 0;
      throw e;
    }
  }
  async drop(): Promise<void> {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

class PostgresTestDatabase implements TestDatabase {
  readonly kind = "postgres";
  readonly url = postgresTestUrl();
  private pool?: pg.Pool;
  constructor(readonly dir: string) {}
  async query<T>(sql: string): Promise<T[]> {
    if (this.pool === undefined) {
      const { createPool, parsePostgresUrl } = await import("../../src/store/postgres/pool.js");
      this.pool = createPool(parsePostgresUrl(this.url), { max: 1, applicationName: "foodbase-test" });
    }
    return (await this.pool.query(sql)).rows as T[];
  }
  async count(table: string): Promise<number> {
    try {
      return Number((await this.query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))[0]?.n);
    } catch (e) {
      if (MISSING_TABLE.test((e as Error).message)) return 0;
      throw e;
    }
  }
  async drop(): Promise<void> {
    await this.pool?.end();
    this.pool = undefined;
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A new, empty database of the given kind (the test project's by default). */
export function createTestDatabase(kind: TestStoreKind = TEST_STORE_KIND): TestDatabase {
  const dir = mkdtempSync(join(tmpdir(), "foodbase-test-"));
  return kind === "postgres" ? new PostgresTestDatabase(dir) : new SqliteTestDatabase(dir);
}

export interface TestStore {
  store: Store;
  database: TestDatabase;
  /** Closes the store and drops the database. */
  close(): Promise<void>;
}

/** A store on a new, empty test database. */
export async function openTestStore(kind: TestStoreKind = TEST_STORE_KIND): Promise<TestStore> {
  const database = createTestDatabase(kind);
  const store = await openStore(database.url, { poolSize: 4 });
  return {
    store,
    database,
    close: async () => {
      await store.close();
      await database.drop();
    },
  };
}
