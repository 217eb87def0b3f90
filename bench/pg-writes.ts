/**
 * Issue #24 item 3: writes through product_jqm2.pl, 16 connections, on PostgreSQL over 2 `serve`
 * processes (`--workers 2`) against SQLite's single process, in the same run. Each write is a
 * contributor's edit of an existing product that changes its name, brand, category, country, labels and
 * nutrients, so its tag terms' product counts change on every write (the counts writers used to queue on).
 *   PG_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:pg-writes   (PRODUCTS=20000 DURATION=10)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { copyToPostgres, populateSqlite, serveFoodbase } from "./lib/bench-store.js";
import { type Load, load } from "./lib/load.js";
import { seededRandom } from "./lib/random.js";
import { contributorWriteParams } from "./lib/write-params.js";

const PRODUCTS = Number(process.env.PRODUCTS ?? 20_000);
const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = 16;
const USER = { userId: "bench", password: "bench-password" };
const PG_URL = process.env.PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

function writeLoad(url: string, codes: string[], seed: number): Promise<Load> {
  const rnd = seededRandom(seed);
  return load(url, ["/cgi/product_jqm2.pl"], {
    connections: CONNECTIONS,
    duration: DURATION,
    body: (i) =>
      new URLSearchParams({
        code: codes[Math.floor(rnd() * codes.length)] as string,
        user_id: USER.userId,
        password: USER.password,
        ...contributorWriteParams(rnd, i),
      }).toString(),
  });
}

/** Writes/s on a server: a warm-up run (the account's first request pays the password hash), then the measured one. */
async function measure(databaseUrl: string, workers: number, codes: string[]): Promise<Load> {
  const { child, match } = await serveFoodbase(databaseUrl, { FOODBASE_WORKERS: String(workers) });
  try {
    const url = match[1] as string;
    await writeLoad(url, codes, 1);
    return await writeLoad(url, codes, 2);
  } finally {
    await child.stop();
  }
}

function line(name: string, r: Load, ceiling?: Load): string {
  const ratio = ceiling === undefined ? "" : `, ratio ${(r.rps / ceiling.rps).toFixed(2)}`;
  return `  ${name.padEnd(34)} ${r.rps.toFixed(0).padStart(5)} writes/s, p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${r.errors}, non-2xx ${r.non2xx}${ratio}`;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "foodbase-bench-pg-writes-"));
  try {
    const dbPath = join(dir, "bench.db");
    const codes = await populateSqlite(dbPath, PRODUCTS, USER);
    const postgres = await copyToPostgres(dbPath, PG_URL, USER);
    try {
      const sqlite = await measure(dbPath, 1, codes);
      const pgOne = await measure(postgres.databaseUrl, 1, codes);
      const pgTwo = await measure(postgres.databaseUrl, 2, codes);
      console.log(
        `\nwrites through product_jqm2.pl, ${CONNECTIONS} connections, ${DURATION} s, ${PRODUCTS} products, each write changing tags`,
      );
      console.log(line("SQLite, 1 process", sqlite));
      console.log(line("PostgreSQL, 1 process", pgOne, sqlite));
      console.log(line("PostgreSQL, 2 processes", pgTwo, sqlite));
      console.log(`  target: PostgreSQL over 2 processes >= 0.8x SQLite's single process`);
    } finally {
      await postgres.drop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
