/**
 * Issue #4 benchmark: generated products imported into a fresh SQLite database by the built CLI
 * (`foodbase import`), against a ceiling measured in the same run on the same file: reading it and
 * JSON.parse-ing every line, doing nothing else. Also: the same import with --recompute, DuckDB's
 * read_json of the same file into a table, the generator's own speed, and a floor (sqlite-floor.ts):
 * the same lines stored as they are in foodbase's tables with nothing else done, the least an import
 * into this schema costs; and compute floors (compute-floor.ts): the work per product any import must do
 * (parse, search index entry, compression; plus the enrichment for --recompute) on every core, nothing
 * stored, which bounds the import's ratio whatever the storage design.
 *   npm run bench:import                  (COUNT=1000000 products by default)
 *   COUNT=100000 npm run bench:import     (a quick run)
 * The generated file has its keys sorted, as `foodbase export` writes; NATURAL=1 also imports the same
 * products with keys in fill-in order, as OFF's own dump has them (every object then needs sorting).
 * BENCH_DIR keeps the files (default: a temporary folder, removed at the end); a generated file already
 * there is reused.
 * PROFILE=small generates the old 4-6 KB products instead of the realistic ones (issue 21: the dump's
 * 12.3 KB on average, a tail past 40 KB); the generator prints the size statistics of the file.
 * PG_URL=postgres://user@host:port/db also imports the same file into PostgreSQL (issue #7: COPY), into
 * a database made for the run on that server and dropped after it. RECOMPUTE=0 skips the --recompute run.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { type Measured, runMeasured } from "./lib/measure.js";

const COUNT = Number(process.env.COUNT ?? 1_000_000);
const SEED = 1;
const MAIN = "dist/cli/main.js";
const PG_URL = process.env.PG_URL;
const RECOMPUTE = process.env.RECOMPUTE !== "0";
const PROFILE = process.env.PROFILE ?? "realistic";

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const rate = (count: number, seconds: number) => Math.round(count / seconds);
const integer = new Intl.NumberFormat("en-US");

function sizeOf(...paths: string[]): number {
  return paths.reduce((total, path) => total + (existsSync(path) ? statSync(path).size : 0), 0);
}

function check(step: string, run: Measured, expectedCodes: number[] = [0]): void {
  if (!expectedCodes.includes(run.code ?? -1)) {
    throw new Error(`${step} failed (exit ${run.code}):\n${run.stderr.slice(-2000)}`);
  }
}

async function ceiling(
  file: string,
): Promise<{ perSecond: number; readline: number; chunks: number; lineBytes: number }> {
  const run = await runMeasured(process.execPath, ["--import", "tsx", "bench/lib/parse-ceiling.ts", file]);
  check("ceiling", run);
  const result = JSON.parse(run.stdout) as {
    products: number;
    seconds: number;
    readlineSeconds: number;
    chunksSeconds: number;
    lineBytesSeconds: number;
  };
  return {
    perSecond: rate(result.products, result.seconds),
    readline: rate(result.products, result.readlineSeconds),
    chunks: rate(result.products, result.chunksSeconds),
    lineBytes: rate(result.products, result.lineBytesSeconds),
  };
}

/** compute-floor.ts on `file`: products/s of `work` on every core, nothing stored. */
async function computeFloor(file: string, work: "parse" | "import" | "recompute"): Promise<number> {
  const run = await runMeasured(process.execPath, ["--import", "tsx", "bench/lib/compute-floor.ts", file, work]);
  check(`compute floor ${work}`, run);
  const result = JSON.parse(run.stdout) as { products: number; seconds: number };
  return rate(result.products, result.seconds);
}

async function importInto(file: string, database: string, extra: string[]): Promise<Measured> {
  const run = await runMeasured(process.execPath, [MAIN, "import", file, "--no-progress", ...extra], {
    DATABASE_URL: database,
  });
  check(`import ${extra.join(" ")}`, run);
  return run;
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** `foodbase import` into a fresh PostgreSQL database; its size; the database dropped afterwards. */
async function importIntoPostgres(file: string): Promise<{ run: Measured; size: string; bytes: number }> {
  const database = `foodbase_bench_import_${process.pid}`;
  const url = new URL(PG_URL as string);
  url.pathname = `/${database}`;
  await adminQuery(`CREATE DATABASE ${database}`);
  try {
    const run = await importInto(file, url.toString(), []);
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      const { rows } = await client.query<{ size: string; bytes: string }>(
        "SELECT pg_size_pretty(pg_database_size(current_database())) AS size, pg_database_size(current_database()) AS bytes",
      );
      return { run, size: rows[0]?.size ?? "?", bytes: Number(rows[0]?.bytes ?? Number.NaN) };
    } finally {
      await client.end();
    }
  } finally {
    await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }
}

/** `foodbase generate` of COUNT products with SEED into `file`. */
async function generate(file: string, extra: string[]): Promise<Measured> {
  const args = ["generate", "--count", String(COUNT), "--seed", String(SEED), "--profile", PROFILE, ...extra];
  const run = await runMeasured(process.execPath, [MAIN, ...args, "--out", file, "--no-progress"]);
  check(args.join(" "), run);
  const sizes = /generated .*/.exec(run.stderr)?.[0];
  if (sizes !== undefined) console.log(sizes);
  return run;
}

async function main(): Promise<void> {
  const keep = process.env.BENCH_DIR !== undefined;
  const dir = process.env.BENCH_DIR ?? mkdtempSync(join(tmpdir(), "foodbase-bench-import-"));
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `generated-${COUNT}-seed${SEED}-${PROFILE}.jsonl`);
  try {
    console.log(`import benchmark: ${integer.format(COUNT)} generated products (${PROFILE} profile), in ${dir}`);

    // A kept folder may already hold the file of this count and seed (the generator is deterministic).
    if (keep && existsSync(file)) {
      console.log(`\ngenerate: reusing ${file}`);
    } else {
      const generation = await generate(file, []);
      console.log(
        `\ngenerate: ${generation.seconds.toFixed(1)} s, ${integer.format(rate(COUNT, generation.seconds))} products/s`,
      );
    }
    const fileBytes = sizeOf(file);
    console.log(`${mib(fileBytes)} of JSONL (${Math.round(fileBytes / COUNT)} bytes/product)`);

    // The ceiling runs before and after the imports; the faster of the two counts (the stricter ratio).
    const ceilingBefore = await ceiling(file);

    const database = join(dir, "import.db");
    rmSync(database, { force: true });
    const plain = await importInto(file, database, []);
    const databaseBytes = sizeOf(database, `${database}-wal`);

    let recompute: Measured | undefined;
    if (RECOMPUTE) {
      const recomputed = join(dir, "import-recompute.db");
      rmSync(recomputed, { force: true });
      recompute = await importInto(file, recomputed, ["--recompute"]);
    }

    const floorRun = await runMeasured(process.execPath, [
      "--import",
      "tsx",
      "bench/lib/sqlite-floor.ts",
      file,
      join(dir, "floor.db"),
    ]);
    check("floor", floorRun);
    const floor = JSON.parse(floorRun.stdout) as { products: number; seconds: number; storeSeconds: number };
    for (const suffix of ["", "-wal", "-shm"]) rmSync(join(dir, `floor.db${suffix}`), { force: true });

    const computeFloors = {
      parse: await computeFloor(file, "parse"),
      import: await computeFloor(file, "import"),
      recompute: RECOMPUTE ? await computeFloor(file, "recompute") : undefined,
    };

    const postgres = PG_URL === undefined ? undefined : await importIntoPostgres(file);

    const ceilingAfter = await ceiling(file);
    const ceilingRate = Math.max(ceilingBefore.perSecond, ceilingAfter.perSecond);

    let natural: { run: Measured; ceiling: number } | undefined;
    if (process.env.NATURAL === "1") {
      const naturalFile = join(dir, `generated-${COUNT}-seed${SEED}-${PROFILE}-natural.jsonl`);
      await generate(naturalFile, ["--key-order", "natural"]);
      const naturalDatabase = join(dir, "import-natural.db");
      rmSync(naturalDatabase, { force: true });
      const run = await importInto(naturalFile, naturalDatabase, []);
      natural = { run, ceiling: (await ceiling(naturalFile)).perSecond };
    }

    const duckFile = join(dir, "peer.duckdb");
    rmSync(duckFile, { force: true });
    const duck = await runMeasured(process.execPath, ["--import", "tsx", "bench/lib/duckdb-load.ts", file, duckFile]);
    check("duckdb", duck);
    const duckResult = JSON.parse(duck.stdout) as { products: number; columns: number; seconds: number };

    const plainRate = rate(COUNT, plain.seconds);
    console.log(`\nceiling (read + JSON.parse, one thread): ${integer.format(ceilingRate)} products/s`);
    console.log(
      `  before: ${integer.format(ceilingBefore.perSecond)}/s (readline ${integer.format(ceilingBefore.readline)}, ` +
        `chunks ${integer.format(ceilingBefore.chunks)}, line bytes ${integer.format(ceilingBefore.lineBytes)}); ` +
        `after: ${integer.format(ceilingAfter.perSecond)}/s (line bytes ${integer.format(ceilingAfter.lineBytes)})`,
    );
    console.log(`\nfoodbase import (fresh SQLite database, whole CLI run):`);
    console.log(`  ${plain.stdout.trim()}`);
    console.log(
      `  ${plain.seconds.toFixed(1)} s, ${integer.format(plainRate)} products/s, ` +
        `ratio to ceiling ${(plainRate / ceilingRate).toFixed(2)} (target >= 0.6)`,
    );
    console.log(`  peak RSS ${mib(plain.peakRss)} (target < 1024 MiB)`);
    console.log(
      `  database ${mib(databaseBytes)} for ${mib(fileBytes)} of JSONL (${(databaseBytes / fileBytes).toFixed(2)}x, target <= 0.5x)`,
    );
    const floorRate = rate(floor.products, floor.seconds);
    console.log(
      `\nfloor (one thread: read, JSON.parse for the code, each line stored as it is as a revision row and a product row;` +
        ` no checks, no canonical JSON, no search index):`,
    );
    console.log(
      `  ${floor.seconds.toFixed(1)} s, ${integer.format(floorRate)} products/s, ratio to ceiling ${(floorRate / ceilingRate).toFixed(2)}; ` +
        `the inserts and commits alone ${floor.storeSeconds.toFixed(1)} s (${integer.format(rate(floor.products, floor.storeSeconds))}/s, ` +
        `${((floor.storeSeconds * ceilingRate * 0.6) / floor.products).toFixed(2)} of the time a 0.6x import may take)`,
    );
    console.log(`  foodbase import: ratio to floor ${(plainRate / floorRate).toFixed(2)}`);
    const ofCeiling = (perSecond: number) => `ratio to ceiling ${(perSecond / ceilingRate).toFixed(2)}`;
    console.log(
      `\ncompute floors (every core, warm, nothing stored: the work per product whatever the storage design):`,
    );
    console.log(
      `  JSON.parse alone: ${integer.format(computeFloors.parse)} products/s, ${ofCeiling(computeFloors.parse)}`,
    );
    console.log(
      `  parse + search index entry + zstd (any import): ${integer.format(computeFloors.import)} products/s, ` +
        `${ofCeiling(computeFloors.import)} (the import's target: 0.6)`,
    );
    if (computeFloors.recompute !== undefined) {
      console.log(
        `  the same with the enrichment pipeline (any --recompute): ${integer.format(computeFloors.recompute)} products/s, ` +
          `${ofCeiling(computeFloors.recompute)} (target: 0.4)`,
      );
    }
    if (postgres !== undefined) {
      const pgRate = rate(COUNT, postgres.run.seconds);
      console.log(`\nfoodbase import into PostgreSQL (fresh database, COPY, whole CLI run):`);
      console.log(`  ${postgres.run.stdout.trim()}`);
      console.log(
        `  ${postgres.run.seconds.toFixed(1)} s, ${integer.format(pgRate)} products/s, ` +
          `ratio to ceiling ${(pgRate / ceilingRate).toFixed(2)}, ratio to SQLite ${(pgRate / plainRate).toFixed(2)}`,
      );
      console.log(`  peak RSS ${mib(postgres.run.peakRss)}, database ${postgres.size}`);
    }
    if (recompute !== undefined) {
      console.log(`\nfoodbase import --recompute:`);
      const recomputeRate = rate(COUNT, recompute.seconds);
      console.log(
        `  ${recompute.seconds.toFixed(1)} s, ${integer.format(recomputeRate)} products/s, ` +
          `ratio to ceiling ${(recomputeRate / ceilingRate).toFixed(2)} (target >= 0.4), peak RSS ${mib(recompute.peakRss)}`,
      );
    }
    if (natural !== undefined) {
      const naturalRate = rate(COUNT, natural.run.seconds);
      console.log(`\nfoodbase import of the same products with keys in fill-in order (like OFF's dump):`);
      console.log(
        `  ${natural.run.seconds.toFixed(1)} s, ${integer.format(naturalRate)} products/s, ratio to its own ceiling ` +
          `(${integer.format(natural.ceiling)}/s) ${(naturalRate / natural.ceiling).toFixed(2)}, peak RSS ${mib(natural.run.peakRss)}`,
      );
    }
    // OFF's dump: 4.8 million products, 12.3 KB on average (issue 21), at this run's rates and sizes.
    const dump = 4_800_000;
    const hours = (seconds: number) => `${Math.floor(seconds / 3600)} h ${Math.round((seconds % 3600) / 60)} min`;
    const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
    console.log(
      `\nprojection for OFF's whole dump (${integer.format(dump)} products, this run's rates and bytes per product):`,
    );
    console.log(
      `  SQLite: ${hours(dump / plainRate)}, database ${gib((databaseBytes / COUNT) * dump)}, peak RSS about ${mib(plain.peakRss)} ` +
        "(the import streams: memory does not grow with the file)",
    );
    if (postgres !== undefined) {
      console.log(
        `  PostgreSQL: ${hours(dump / rate(COUNT, postgres.run.seconds))}, database ${gib((postgres.bytes / COUNT) * dump)}, ` +
          `peak RSS about ${mib(postgres.run.peakRss)}`,
      );
    }
    console.log(`\nDuckDB read_json into a table (${duckResult.columns} columns inferred):`);
    console.log(
      `  ${duck.seconds.toFixed(1)} s whole run (${duckResult.seconds.toFixed(1)} s in CREATE TABLE), ` +
        `${integer.format(rate(COUNT, duck.seconds))} products/s, peak RSS ${mib(duck.peakRss)}, ` +
        `database ${mib(sizeOf(duckFile, `${duckFile}.wal`))}`,
    );
  } finally {
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
