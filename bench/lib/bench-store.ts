/**
 * Stores for benchmarks: a SQLite database of generated products written as contributors write them,
 * the same products moved to a fresh PostgreSQL database with `foodbase export | foodbase import -`
 * (as README's "Scaling out" says), and `foodbase serve` processes on either.
 */
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import pg from "pg";
import { hashPassword } from "../../src/accounts/passwords.js";
import { normalizeBarcode } from "../../src/domain/barcode.js";
import { applyProductEdit } from "../../src/domain/product-edit.js";
import { sortKeysDeep } from "../../src/http/json.js";
import { loadTaxonomies } from "../../src/storage/taxonomy-files.js";
import { PostgresStore } from "../../src/store/postgres/index.js";
import { SqliteStore } from "../../src/store/sqlite/index.js";
import type { ProductUpsert, Store } from "../../src/store/types.js";
import { spawnUntil } from "./processes.js";
import { seededRandom } from "./random.js";
import { contributorWriteParams } from "./write-params.js";

export interface BenchUser {
  userId: string;
  password: string;
}

export function benchProductCode(i: number): string {
  return normalizeBarcode(String(2_000_000_000_000 + i * 7));
}

async function addBenchUser(store: Store, user: BenchUser): Promise<void> {
  await store.addUser({
    userId: user.userId,
    email: "",
    name: "Bench",
    passwordHash: await hashPassword(user.password),
  });
}

/**
 * A SQLite database at `dbPath` with `count` products (kept if the file exists) and the bench account;
 * the products' codes.
 */
export async function populateSqlite(dbPath: string, count: number, user: BenchUser): Promise<string[]> {
  const codes = Array.from({ length: count }, (_, i) => benchProductCode(i));
  if (existsSync(dbPath)) {
    // The write benchmarks write the same products the same way in every run: on a database they wrote
    // before, an ingredient list is the one already analysed and stored, and costs much less to write.
    console.log(`reusing ${dbPath} (its products already hold what the write benchmarks write: writes/s flattered)`);
    return codes;
  }
  const taxonomies = loadTaxonomies();
  const store = new SqliteStore(dbPath);
  await addBenchUser(store, user);
  const rnd = seededRandom(42);
  let batch: ProductUpsert[] = [];
  const now = Math.floor(Date.now() / 1000);
  const started = performance.now();
  for (const [i, code] of codes.entries()) {
    const edit = applyProductEdit(
      undefined,
      { code, params: contributorWriteParams(rnd, i), userId: user.userId, now },
      { taxonomies, nutriscoreHeadlineVersion: "2021" },
    );
    if (!edit.ok) throw new Error(edit.message);
    batch.push({
      code,
      product: sortKeysDeep(edit.product) as Record<string, unknown>,
      changedFields: edit.changedFields,
      info: { userId: user.userId, t: now, comment: "bench", appName: "", appVersion: "", appUuid: "", userAgent: "" },
    });
    if (batch.length === 5000) {
      await store.upsertProducts(batch);
      batch = [];
    }
  }
  await store.upsertProducts(batch);
  await store.close();
  console.log(`populated ${count} products in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return codes;
}

/** `foodbase serve` on a database (a SQLite path or a postgres:// URL); resolves once it listens. */
export function serveFoodbase(databaseUrl: string, env: NodeJS.ProcessEnv = {}) {
  const profile = process.env.PROFILE ? ["--cpu-prof", "--cpu-prof-dir", tmpdir()] : [];
  return spawnUntil(
    process.execPath,
    [...profile, "dist/cli/main.js", "serve", "--port", "0"],
    /listening on (http:\/\/\S+)/,
    { DATABASE_URL: databaseUrl, LOG_LEVEL: "warn", ...env },
  );
}

/**
 * A fresh PostgreSQL database on `serverUrl` holding the SQLite database's products and the bench
 * account; `drop` removes it.
 */
export async function copyToPostgres(
  sqlitePath: string,
  serverUrl: string,
  user: BenchUser,
): Promise<{ databaseUrl: string; drop(): Promise<void> }> {
  const name = `foodbase_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const started = performance.now();
  execSync(
    'DATABASE_URL="$FROM" node dist/cli/main.js export | DATABASE_URL="$TO" node dist/cli/main.js import - --no-progress',
    {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, FROM: sqlitePath, TO: databaseUrl },
      shell: "/bin/bash",
    },
  );
  console.log(`  (moved to PostgreSQL with export | import in ${((performance.now() - started) / 1000).toFixed(0)} s)`);
  const store = await PostgresStore.open(databaseUrl);
  await addBenchUser(store, user);
  await store.close();
  return {
    databaseUrl,
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
