/**
 * What is particular to the PostgreSQL store: `?schema=` in the URL, migrations run by several processes
 * at once, the read replica setting, and byte order of text whatever the database's collation.
 */
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { startServer } from "../../src/server.js";
import { openStore } from "../../src/store/open.js";
import { PostgresStore } from "../../src/store/postgres/index.js";
import { POSTGRES_MIGRATIONS } from "../../src/store/postgres/migrations.js";
import { parsePostgresUrl } from "../../src/store/postgres/pool.js";
import { getJson } from "../helpers/server.js";
import { createTestDatabase, type TestDatabase } from "../helpers/store.js";

const databases: TestDatabase[] = [];
function database(): TestDatabase {
  const created = createTestDatabase("postgres");
  databases.push(created);
  return created;
}
afterAll(async () => {
  for (const db of databases) await db.drop();
});

const info = { userId: "alice", t: 1, comment: "", appName: "", appVersion: "", appUuid: "", userAgent: "" };

describe("DATABASE_URL", () => {
  it("puts the tables in the schema named by ?schema=, and refuses a name that is not a plain identifier", async () => {
    const db = database();
    const schema = new URL(db.url).searchParams.get("schema") as string;
    const store = await openStore(db.url);
    await store.close();
    const tables = await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = '${schema}' ORDER BY table_name`,
    );
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining(["products", "revisions", "users", "sessions", "tokens", "folksonomy_tags"]),
    );
    expect(() => parsePostgresUrl("postgres://127.0.0.1/x?schema=Robert');DROP")).toThrow(
      /schema in DATABASE_URL must be lowercase letters, digits and _/,
    );
    expect(() => parsePostgresUrl(`postgres://127.0.0.1/x?schema=${"s".repeat(64)}`)).toThrow(
      /schema in DATABASE_URL must be at most 63 characters \(it has 64\)/,
    );
    expect(parsePostgresUrl(`postgres://127.0.0.1/x?schema=${"s".repeat(63)}`).schema).toBe("s".repeat(63));
    expect(parsePostgresUrl("postgresql://u:p@h:5433/db?schema=s1&sslmode=disable")).toEqual({
      connectionString: "postgresql://u:p@h:5433/db?sslmode=disable",
      schema: "s1",
      options: "-c search_path=s1,public",
    });
    expect(parsePostgresUrl("postgres://h/db?options=-c%20work_mem%3D64MB&schema=s2").options).toBe(
      "-c work_mem=64MB -c search_path=s2,public",
    );
    expect(parsePostgresUrl("postgres://h/db")).toEqual({ connectionString: "postgres://h/db" });
  });
});

describe("migrations", () => {
  it("several processes opening a new database at once: one migrates, the others wait, none fails", async () => {
    const db = database();
    const stores = await Promise.all(Array.from({ length: 4 }, () => PostgresStore.open(db.url, { poolSize: 1 })));
    try {
      const applied = stores.map((s) => s.migrations.applied);
      const every = POSTGRES_MIGRATIONS.map((m) => m.version);
      expect(every.slice(0, 4)).toEqual([1, 2, 3, 4]);
      expect(applied.filter((a) => a.length > 0)).toEqual([every]);
      for (const s of stores) expect(s.migrations.versions.map((v) => v.version)).toEqual(every);
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  });
});

describe("DATABASE_READ_URL", () => {
  it("answers search and facets from the read replica, product reads from the primary", async () => {
    const primary = database();
    // Stands in for a replica that has not replayed the write yet: same schema, no products.
    const replica = database();
    await (await openStore(replica.url)).close();
    const server = await startServer(
      loadConfig(
        {},
        {},
        {
          port: 0,
          host: "127.0.0.1",
          databaseUrl: primary.url,
          databaseReadUrl: replica.url,
          databasePoolSize: 2,
          logLevel: "silent",
        },
      ),
    );
    try {
      await server.store.writeProduct("3000000000017", info, () => ({
        product: { code: "3000000000017", product_name: "Primary only", countries_tags: ["en:france"] },
        changedFields: [],
        result: null,
      }));
      const product = await getJson(`${server.url}/api/v2/product/3000000000017?fields=product_name`);
      expect(product.body).toMatchObject({ status: 1, product: { product_name: "Primary only" } });
      expect((await getJson(`${server.url}/api/v2/search?fields=code`)).body.count).toBe(0);
      expect((await getJson(`${server.url}/facets/countries.json`)).body.count).toBe(0);
    } finally {
      await server.close();
    }
  });
});

describe("text order", () => {
  it("is byte order (as on SQLite) even in a database whose default collation is not", async () => {
    const base = new URL(databases[0]?.url ?? database().url);
    base.search = "";
    const name = `foodbase_icu_${Date.now()}_${process.pid}`;
    const admin = new pg.Client({ connectionString: base.toString() });
    await admin.connect();
    try {
      await admin.query(
        `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C.UTF-8'`,
      );
      const url = new URL(base);
      url.pathname = `/${name}`;
      const store = await openStore(url.toString(), { poolSize: 2 });
      try {
        // The database's English order is a-b, aa, ab, B (capitals after); byte order is B, a-b, aa, ab.
        for (const userId of ["ab", "aa", "a-b", "B"]) {
          await store.addUser({ userId, email: "", name: "", passwordHash: "x" });
        }
        expect((await store.listUsers()).map((u) => u.userId)).toEqual(["B", "a-b", "aa", "ab"]);
        for (const k of ["ab", "aa", "a-b", "B"]) {
          await store.folksonomy.createTag({
            product: "3000000000017",
            owner: "",
            k,
            v: k,
            version: 1,
            editor: "aa",
            comment: "",
            lastEdit: "2025-01-01T00:00:00",
          });
        }
        expect((await store.folksonomy.getProductTags("3000000000017", "")).map((t) => t.k)).toEqual([
          "B",
          "a-b",
          "aa",
          "ab",
        ]);
        expect((await store.folksonomy.keyStats("", "")).map((s) => s.k)).toEqual(["B", "a-b", "aa", "ab"]);
      } finally {
        await store.close();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
