/**
 * Issue #2 benchmark: random-barcode reads with fields=product_name,nutrition_grades,nutriments at 32
 * connections against a bare node:http ceiling returning the same bytes (same run), then writes through
 * product_jqm2.pl with one account's credentials.
 *   npm run bench            (PRODUCTS=100000 DURATION=10 by default)
 * With PG_URL (e.g. postgres://postgres@127.0.0.1:5432/test), the same reads and writes also run on a
 * PostgreSQL store in a fresh database (dropped at the end), filled from the SQLite one with
 * `foodbase export | foodbase import`, and the report gives PostgreSQL/SQLite ratios (issue #7).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { copyToPostgres, populateSqlite, serveFoodbase } from "./lib/bench-store.js";
import { type LoadOptions, loadGeneratorName, load as runLoad } from "./lib/load.js";
import { spawnUntil } from "./lib/processes.js";
import { seededRandom } from "./lib/random.js";
import { ingredientListParams } from "./lib/write-params.js";

const PRODUCTS = Number(process.env.PRODUCTS ?? 100_000);
const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = 32;
const READ_FIELDS = "product_name,nutrition_grades,nutriments";
const DISTINCT_CODES = Number(process.env.DISTINCT_CODES ?? 20_000);
const USER = { userId: "bench", password: "bench-password" };
const PG_URL = process.env.PG_URL;

/** The shared load runner with this benchmark's connections and duration as defaults. */
function load(url: string, paths: string[], options: Partial<LoadOptions> = {}) {
  return runLoad(url, paths, { connections: CONNECTIONS, duration: DURATION, ...options });
}

/**
 * A foodbase server on a fresh PostgreSQL database holding the SQLite benchmark database's products
 * and the bench account.
 */
async function startOnPostgres(sqlitePath: string, serverUrl: string): Promise<{ url: string; stop(): Promise<void> }> {
  const database = await copyToPostgres(sqlitePath, serverUrl, USER);
  const { child, match } = await serveFoodbase(database.databaseUrl);
  return {
    url: match[1] as string,
    stop: async () => {
      await child.stop();
      await database.drop();
    },
  };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "foodbase-bench-"));
  // BENCH_DB keeps the populated database between runs (e.g. for profiling with PROFILE=1).
  const dbPath = process.env.BENCH_DB ?? join(dir, "bench.db");
  try {
    const codes = await populateSqlite(dbPath, PRODUCTS, USER);
    const { child: foodbase, match } = await serveFoodbase(dbPath);
    let postgres: { url: string; stop(): Promise<void> } | undefined;
    const base = match[1] as string;
    try {
      const rnd = seededRandom(7);
      const paths: string[] = [];
      const bodies: Record<string, string> = {};
      // Distinct random barcodes; the rendered-answer cache (128 MiB by default) can hold them all,
      // so the run below without the cache gives the figure of a cold read.
      for (let k = 0; k < DISTINCT_CODES; k++) {
        const code = codes[Math.floor(rnd() * codes.length)] as string;
        const path = `/api/v2/product/${code}?fields=${READ_FIELDS}`;
        paths.push(path);
        bodies[path] = await (await fetch(`${base}${path}`)).text();
      }
      const bodiesFile = join(dir, "bodies.json");
      writeFileSync(bodiesFile, JSON.stringify(bodies));
      const avgBytes = Object.values(bodies).reduce((s, b) => s + Buffer.byteLength(b), 0) / Object.keys(bodies).length;
      const { child: ceiling, match: cm } = await spawnUntil(
        process.execPath,
        ["--import", "tsx", "bench/lib/ceiling.ts", bodiesFile],
        /listening (\d+)/,
      );
      try {
        const ceilingUrl = `http://127.0.0.1:${cm[1]}`;
        await load(ceilingUrl, paths); // warm-up
        const ceil = await load(ceilingUrl, paths);
        await load(base, paths); // warm-up
        const reads = await load(base, paths);
        console.log(`\nload generator: ${loadGeneratorName()}`);
        console.log(
          `\nreads, ${CONNECTIONS} connections, ${DURATION} s, ${PRODUCTS} products, ${avgBytes.toFixed(0)} bytes/answer`,
        );
        console.log(`  ceiling (bare node:http): ${ceil.rps.toFixed(0)} req/s, p50 ${ceil.p50} ms, p99 ${ceil.p99} ms`);
        console.log(
          `  foodbase:                 ${reads.rps.toFixed(0)} req/s, p50 ${reads.p50} ms, p99 ${reads.p99} ms, errors ${reads.errors}, non-2xx ${reads.non2xx}`,
        );
        console.log(`  ratio foodbase/ceiling:   ${(reads.rps / ceil.rps).toFixed(2)} (target >= 0.6)`);
        // The same reads on a second server with the rendered-answer cache off: every read renders.
        const { child: uncachedServer, match: um } = await serveFoodbase(dbPath, { FOODBASE_READ_CACHE_MB: "0" });
        try {
          const uncachedBase = um[1] as string;
          await load(uncachedBase, paths); // warm-up
          const uncached = await load(uncachedBase, paths);
          console.log(
            `  foodbase, cache off:      ${uncached.rps.toFixed(0)} req/s, p50 ${uncached.p50} ms, p99 ${uncached.p99} ms, ratio ${(uncached.rps / ceil.rps).toFixed(2)}`,
          );
        } finally {
          await uncachedServer.stop();
        }
        if (PG_URL !== undefined) {
          postgres = await startOnPostgres(dbPath, PG_URL);
          const pgBase = postgres.url;
          for (const path of paths.slice(0, 200)) {
            const body = await (await fetch(`${pgBase}${path}`)).text();
            if (body !== bodies[path]) throw new Error(`PostgreSQL answers ${path} differently:\n${body}`);
          }
          await load(pgBase, paths); // warm-up
          const pgReads = await load(pgBase, paths);
          console.log(
            `  foodbase on PostgreSQL:   ${pgReads.rps.toFixed(0)} req/s, p50 ${pgReads.p50} ms, p99 ${pgReads.p99} ms, errors ${pgReads.errors}, non-2xx ${pgReads.non2xx}`,
          );
          console.log(
            `  ratio PostgreSQL/SQLite:  ${(pgReads.rps / reads.rps).toFixed(2)}; PostgreSQL/ceiling ${(pgReads.rps / ceil.rps).toFixed(2)}`,
          );
        }
      } finally {
        await ceiling.stop();
      }

      const writePaths = ["/cgi/product_jqm2.pl"];
      const writeOptions = {
        connections: 16,
        body: (i: number) =>
          new URLSearchParams({
            code: codes[(i * 7919) % codes.length] as string,
            user_id: USER.userId,
            password: USER.password,
            nutriment_sugars: String(i % 50),
          }).toString(),
      };
      await load(base, writePaths, writeOptions); // warm-up: the first request of the account pays the scrypt hash
      const writes = await load(base, writePaths, writeOptions);
      // Writes that change the ingredient list: each runs the ingredients analysis (issue 25).
      const ingredientWrites = await load(base, writePaths, {
        connections: 16,
        body: (i: number) =>
          new URLSearchParams({
            code: codes[(i * 7919) % codes.length] as string,
            user_id: USER.userId,
            password: USER.password,
            ...ingredientListParams(i),
          }).toString(),
      });
      console.log(
        `\nwrites through product_jqm2.pl, 16 connections, ${DURATION} s, one account (scrypt N=2^15 r=8 p=3, credential cache on)`,
      );
      console.log(
        `  ${writes.rps.toFixed(0)} writes/s, p50 ${writes.p50} ms, p99 ${writes.p99} ms, errors ${writes.errors}, non-2xx ${writes.non2xx} (target >= 500/s)`,
      );
      console.log(
        `  writes of an ingredient list (analysed on each write, en/fr/de/es/it): ${ingredientWrites.rps.toFixed(0)} writes/s, p50 ${ingredientWrites.p50} ms, p99 ${ingredientWrites.p99} ms, errors ${ingredientWrites.errors}, non-2xx ${ingredientWrites.non2xx} (target >= 500/s)`,
      );
      if (postgres !== undefined) {
        await load(postgres.url, writePaths, writeOptions); // warm-up
        const pgWrites = await load(postgres.url, writePaths, writeOptions);
        console.log(
          `  on PostgreSQL: ${pgWrites.rps.toFixed(0)} writes/s, p50 ${pgWrites.p50} ms, p99 ${pgWrites.p99} ms, errors ${pgWrites.errors}, non-2xx ${pgWrites.non2xx}, ratio PostgreSQL/SQLite ${(pgWrites.rps / writes.rps).toFixed(2)}`,
        );
      }
    } finally {
      await foodbase.stop();
      await postgres?.stop();
    }
  } finally {
    if (process.env.PROFILE) console.log(`profile in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

await main();
