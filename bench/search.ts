/**
 * Issue #5 benchmark: search at a million products.
 *   npm run bench:search          (PRODUCTS=1000000 SEED=42 QUERIES=200 DURATION=5 by default)
 *
 * 1. `foodbase generate` writes PRODUCTS products (seed 42) as JSONL; `foodbase import` loads them into
 *    SQLite (search index maintained in the import's transactions); DuckDB loads the same JSONL.
 * 2. A fixed mix of query kinds, QUERIES queries each, parameters drawn (seeded) from the data.
 * 3. foodbase (a `foodbase serve` child, over HTTP, one connection): p50 and p99 per kind; then each
 *    kind, and the whole mix, at 16 connections for DURATION seconds (req/s, p50, p99).
 * 4. DuckDB (in this process, no HTTP): the same queries, each as a count plus a page, p50 and p99.
 * Targets: foodbase p50 below DuckDB's for every kind; p99 ≤ 100 ms for every kind.
 * BENCH_DIR keeps the data, the databases and the results between runs (generation and loading are
 * skipped when their output exists).
 *
 * WORKERS=1,2 (issue 24) measures instead the whole mix at 16 connections against `foodbase serve --workers N`
 * on SQLite, for each N listed, one after the other in the same run (no DuckDB, no per-kind runs): req/s,
 * p50, p99, and the CPU seconds used by the server's processes and by the load generator, which share
 * the machine's cores.
 *
 * PROFILE=small generates the old 4-6 KB products instead of the realistic ones (issue 21).
 *
 * PG_URL=postgres://user@host:port/db also runs foodbase on PostgreSQL (issue #7) in the same run: the
 * same JSONL is imported (`foodbase import`, COPY) into a database of its own made on that server
 * (`foodbase_bench_<products>_seed<seed>`, kept with BENCH_DIR, else dropped at the end), then ANALYZEd,
 * and a second `foodbase serve` answers the same queries; both stores are reported side by side.
 */
import { execFileSync } from "node:child_process";
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { DuckDBInstance } from "@duckdb/node-api";
import Database from "better-sqlite3";
import pg from "pg";
import { type Load, load, loadGeneratorName } from "./lib/load.js";
import { spawnUntil } from "./lib/processes.js";
import { seededRandom } from "./lib/random.js";

const PRODUCTS = Number(process.env.PRODUCTS ?? 1_000_000);
const SEED = Number(process.env.SEED ?? 42);
const PROFILE = process.env.PROFILE ?? "realistic";
const QUERIES = Number(process.env.QUERIES ?? 200);
const DURATION = Number(process.env.DURATION ?? 5);
const CONNECTIONS = 16;
const PG_URL = process.env.PG_URL;
const WORKERS = process.env.WORKERS?.split(",").map(Number);
const FIELDS = "code,product_name";
const CLI = "dist/cli/main.js";

type Doc = Record<string, unknown>;

/** One benchmark query: the foodbase path and the DuckDB WHERE / ORDER BY / OFFSET. */
interface Query {
  path: string;
  where: string;
  order: string;
  offset: number;
}

interface Kind {
  name: string;
  queries: Query[];
}

const SQL_ORDER: Record<string, string> = {
  popularity:
    "popularity_key DESC NULLS LAST, CASE WHEN coalesce(popularity_key, 0) = 0 THEN last_modified_t END DESC NULLS LAST, code",
  nutriscore_score: "nutriscore_score NULLS LAST, code",
  nova_score: "nova_group NULLS LAST, code",
  ecoscore_score: "ecoscore_score DESC NULLS LAST, code",
  created_t: "created_t DESC NULLS LAST, code",
  last_modified_t: "last_modified_t DESC NULLS LAST, code",
  scans_n: "scans_n DESC NULLS LAST, code",
  unique_scans_n: "unique_scans_n DESC NULLS LAST, code",
  product_name: "lower(product_name) NULLS LAST, code",
  completeness: "completeness NULLS LAST, code",
};

const NUTRIENTS = ["sugars", "salt", "fat", "saturated-fat", "proteins", "fiber", "energy-kcal", "carbohydrates"];

function run(args: string[], env: NodeJS.ProcessEnv = {}): void {
  execFileSync(process.execPath, [CLI, ...args], { stdio: "inherit", env: { ...process.env, ...env } });
}

function seconds(since: number): string {
  return ((performance.now() - since) / 1000).toFixed(0);
}

const quote = (s: string) => `'${s.replaceAll("'", "''")}'`;
const has = (field: string, tag: string) => `list_contains(${field}, ${quote(tag)})`;

/** Products read from the start of the JSONL, to draw realistic query parameters from. */
async function sample(file: string, count: number): Promise<Doc[]> {
  const out: Doc[] = [];
  const lines = createInterface({ input: createReadStream(file) });
  for await (const line of lines) {
    out.push(JSON.parse(line) as Doc);
    if (out.length >= count) break;
  }
  lines.close();
  return out;
}

function frequent(docs: Doc[], field: string, min: number): string[] {
  const counts = new Map<string, number>();
  for (const d of docs) {
    const v = d[field];
    if (Array.isArray(v)) for (const t of v as string[]) counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  return [...counts]
    .filter(([, n]) => n >= min)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([t]) => t);
}

function buildKinds(docs: Doc[]): Kind[] {
  const rnd = seededRandom(5);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const categories = frequent(docs, "categories_tags", 20).slice(0, 150);
  const labels = frequent(docs, "labels_tags", 20).slice(0, 30);
  const countries = frequent(docs, "countries_tags", 50).slice(0, 15);
  const grades = ["a", "b", "c", "d", "e"];
  const keywords = frequent(docs, "_keywords", 30)
    .filter((k) => k.length >= 4 && !k.includes("-"))
    .slice(0, 400);
  const withCategories = docs.filter(
    (d) => Array.isArray(d.categories_tags) && (d.categories_tags as string[]).length > 1,
  );
  const q = (params: string, where: string, order = "popularity", page = 1): Query => ({
    path: `/api/v2/search?${params}${order === "popularity" ? "" : `&sort_by=${order}`}${page > 1 ? `&page=${page}` : ""}&fields=${FIELDS}`,
    where,
    order: SQL_ORDER[order] as string,
    offset: (page - 1) * 24,
  });
  const kind = (name: string, make: () => Query): Kind => ({ name, queries: Array.from({ length: QUERIES }, make) });
  const enc = encodeURIComponent;

  const kinds: Kind[] = [
    kind("category", () => {
      const c = pick(categories);
      return q(`categories_tags=${enc(c)}`, has("categories_tags", c));
    }),
    kind("category + grade", () => {
      const c = pick(categories);
      const g = pick(grades);
      return q(
        `categories_tags=${enc(c)}&nutrition_grades_tags=${g}`,
        `${has("categories_tags", c)} AND ${has("nutrition_grades_tags", g)}`,
      );
    }),
    kind("label + country + grade", () => {
      const [l, c, g] = [pick(labels), pick(countries), pick(grades)];
      return q(
        `labels_tags=${enc(l)}&countries_tags=${enc(c)}&nutrition_grades_tags=${g}`,
        `${has("labels_tags", l)} AND ${has("countries_tags", c)} AND ${has("nutrition_grades_tags", g)}`,
      );
    }),
    kind("NOT filter", () => {
      const tags = pick(withCategories).categories_tags as string[];
      const [broad, specific] = [tags[0] as string, tags[tags.length - 1] as string];
      return q(
        `categories_tags=${enc(`${broad},-${specific}`)}`,
        `${has("categories_tags", broad)} AND NOT ${has("categories_tags", specific)}`,
      );
    }),
    kind("nutrient condition", () => {
      const nid = pick(NUTRIENTS);
      const threshold = pick(nid === "energy-kcal" ? [100, 250, 400, 333.3] : [0.5, 1, 1.5, 3, 5, 10, 4.37, 22.5]);
      const op = pick(["<", ">"]);
      const column = `"${nid}_100g"`;
      return q(`${nid}_100g=${enc(`${op}${threshold}`)}`, `${column} ${op} ${threshold}`);
    }),
    kind("text: 1 word", () => {
      const w = pick(keywords);
      return q(`search_terms=${enc(w)}`, `len(list_filter(_keywords, k -> starts_with(k, ${quote(w)}))) > 0`);
    }),
    kind("text: 2 words + category", () => {
      const d = pick(withCategories);
      const words = ((d._keywords as string[]) ?? []).filter((k) => k.length >= 3 && !k.includes("-"));
      const [w1, w2] = [pick(words), pick(words)];
      const c = pick(d.categories_tags as string[]);
      return q(
        `search_terms=${enc(`${w1} ${w2}`)}&categories_tags=${enc(c)}`,
        `list_contains(_keywords, ${quote(w1)}) AND len(list_filter(_keywords, k -> starts_with(k, ${quote(w2)}))) > 0 AND ${has("categories_tags", c)}`,
      );
    }),
    kind("text: prefix (autocomplete)", () => {
      const w = pick(keywords);
      const prefix = w.slice(0, 3 + Math.floor(rnd() * 2));
      return q(`search_terms=${enc(prefix)}`, `len(list_filter(_keywords, k -> starts_with(k, ${quote(prefix)}))) > 0`);
    }),
    kind("page 1", () => {
      const c = pick(countries);
      return q(`countries_tags=${enc(c)}`, has("countries_tags", c));
    }),
    kind("page 20", () => {
      const c = pick(countries);
      return q(`countries_tags=${enc(c)}`, has("countries_tags", c), "popularity", 20);
    }),
  ];
  for (const order of Object.keys(SQL_ORDER).filter((o) => o !== "popularity")) {
    kinds.push(
      kind(`sort_by=${order}`, () => {
        const c = pick(countries);
        return q(`countries_tags=${enc(c)}`, has("countries_tags", c), order);
      }),
    );
  }
  return kinds;
}

/** OFF's country codes (`cc`) of the countries the generator uses most. */
const COUNTRY_CODES: Readonly<Record<string, string>> = {
  "en:france": "fr",
  "en:united-states": "us",
  "en:germany": "de",
  "en:switzerland": "ch",
  "en:spain": "es",
  "en:italy": "it",
  "en:belgium": "be",
  "en:united-kingdom": "uk",
  "en:canada": "ca",
  "en:netherlands": "nl",
  "en:austria": "at",
  "en:portugal": "pt",
  "en:poland": "pl",
  "en:sweden": "se",
  "en:australia": "au",
};

/**
 * Facets within a country (issue #24 item 2: ≤ 100 ms at 1M): `/facets/{type}.json?cc=…` for the most
 * frequent countries and a few tag types. Not in the kinds: its answer is tags, not products, and DuckDB
 * has no counterpart in this table.
 */
function facetPaths(docs: Doc[]): string[] {
  const codes = frequent(docs, "countries_tags", 50)
    .map((tag) => COUNTRY_CODES[tag])
    .filter((code): code is string => code !== undefined)
    .slice(0, 8);
  return codes.flatMap((cc) => ["categories", "labels", "brands"].map((type) => `/facets/${type}.json?cc=${cc}`));
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number;
}

function stats(times: number[]): { p50: number; p99: number } {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function get(base: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on("error", reject);
  });
}

interface Latency {
  p50: number;
  p99: number;
  meanCount: number;
}

interface KindResult {
  name: string;
  foodbase: Latency;
  loaded?: Load;
  duckdb?: Latency;
  /** The same on PostgreSQL (PG_URL). */
  postgres?: Latency;
  postgresLoaded?: Load;
}

/** A `foodbase serve` on `databaseUrl`: per kind latency at one connection, req/s at 16, the whole mix. */
async function measureServer(
  label: string,
  databaseUrl: string,
  kinds: Kind[],
  facets: string[],
  log: (line: string) => void,
): Promise<{ kinds: Array<{ latency: Latency; loaded: Load }>; facets: Latency }> {
  const { child, match } = await spawnUntil(
    process.execPath,
    [CLI, "serve", "--port", "0"],
    /listening on (http:\/\/\S+)/,
    { DATABASE_URL: databaseUrl, LOG_LEVEL: "silent" },
  );
  const base = match[1] as string;
  try {
    // Warm-up: the page cache, the in-memory sort keys, prepared statements.
    const started = performance.now();
    for (const k of kinds) for (const query of k.queries.slice(0, 5)) await get(base, query.path);
    log(`${label} warm-up (${kinds.length * 5} queries): ${seconds(started)} s`);
    const latencies: Latency[] = [];
    for (const k of kinds) {
      const times: number[] = [];
      let counted = 0;
      for (const query of k.queries) {
        const t0 = performance.now();
        const { status, body } = await get(base, query.path);
        times.push(performance.now() - t0);
        if (status !== 200) throw new Error(`${label}: ${query.path} → ${status} ${body}`);
        counted += (JSON.parse(body) as { count: number }).count;
      }
      latencies.push({ ...stats(times), meanCount: counted / k.queries.length });
    }
    // Facets within a country, each path three times (mean count: distinct tags).
    const facetTimes: number[] = [];
    let facetTags = 0;
    for (let round = 0; round < 3; round++) {
      for (const path of facets) {
        const t0 = performance.now();
        const { status, body } = await get(base, path);
        facetTimes.push(performance.now() - t0);
        if (status !== 200) throw new Error(`${label}: ${path} → ${status} ${body}`);
        facetTags += (JSON.parse(body) as { count: number }).count;
      }
    }
    const facetLatency = { ...stats(facetTimes), meanCount: facetTags / Math.max(1, facetTimes.length) };
    log(
      `${label} facets with cc (${facets.length} paths × 3): p50 ${facetLatency.p50.toFixed(1)} ms, ` +
        `p99 ${facetLatency.p99.toFixed(1)} ms (target ≤ 100 ms), ${facetLatency.meanCount.toFixed(0)} tags on average`,
    );
    const loads: Load[] = [];
    for (const k of kinds) {
      loads.push(
        await load(
          base,
          k.queries.map((query) => query.path),
          { connections: CONNECTIONS, duration: DURATION },
        ),
      );
    }
    const rnd = seededRandom(11);
    const mix = kinds.flatMap((k) => k.queries.map((query) => query.path)).sort(() => rnd() - 0.5);
    const mixed = await load(base, mix, { connections: CONNECTIONS, duration: DURATION * 3 });
    log(
      `${label}, whole mix at ${CONNECTIONS} connections (${loadGeneratorName()}, ${DURATION * 3} s): ` +
        `${mixed.rps.toFixed(0)} req/s, p50 ${mixed.p50} ms, p99 ${mixed.p99} ms, errors ${mixed.errors}, non-2xx ${mixed.non2xx}`,
    );
    return {
      kinds: latencies.map((latency, i) => ({ latency, loaded: loads[i] as Load })),
      facets: facetLatency,
    };
  } finally {
    await child.stop();
  }
}

/** CPU seconds (user + system) used so far by a process and its children still alive (Linux /proc). */
function processTreeCpuSeconds(pid: number): Map<number, number> {
  const ticksPerSecond = 100; // USER_HZ on Linux
  const cpu = new Map<number, number>();
  const read = (id: number) => {
    try {
      // Fields after the command name (which is in parentheses): state is field 3, utime 14, stime 15.
      const stat = readFileSync(`/proc/${id}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      cpu.set(id, (Number(fields[11]) + Number(fields[12])) / ticksPerSecond);
    } catch {}
  };
  read(pid);
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {}
  for (const child of children) read(child);
  return cpu;
}

function cpuUsedBetween(before: Map<number, number>, after: Map<number, number>): number {
  let used = 0;
  for (const [pid, seconds] of after) used += seconds - (before.get(pid) ?? 0);
  return used;
}

/**
 * The whole mix at CONNECTIONS connections against `serve --workers N` for each N of WORKERS, on one
 * SQLite file: req/s, latency, and where the CPU went.
 */
async function measureWorkers(databaseUrl: string, kinds: Kind[], counts: number[], log: (line: string) => void) {
  const rnd = seededRandom(11);
  const mix = kinds.flatMap((k) => k.queries.map((query) => query.path)).sort(() => rnd() - 0.5);
  const rows: string[] = [];
  let first: number | undefined;
  for (const workers of counts) {
    const { child, match } = await spawnUntil(
      process.execPath,
      [CLI, "serve", "--port", "0", "--workers", String(workers)],
      /listening on (http:\/\/\S+)/,
      { DATABASE_URL: databaseUrl, LOG_LEVEL: "silent" },
    );
    const base = match[1] as string;
    try {
      // Warm-up of every worker: page cache, in-memory sort keys, prepared statements, JIT.
      await load(base, mix, { connections: CONNECTIONS, duration: DURATION });
      const pid = child.process.pid as number;
      const before = processTreeCpuSeconds(pid);
      const mixed = await load(base, mix, { connections: CONNECTIONS, duration: DURATION * 3 });
      const serverCpu = cpuUsedBetween(before, processTreeCpuSeconds(pid));
      first ??= mixed.rps;
      const seconds = DURATION * 3;
      log(
        `--workers ${workers}: ${mixed.rps.toFixed(0)} req/s, p50 ${mixed.p50} ms, p99 ${mixed.p99} ms, ` +
          `errors ${mixed.errors}, non-2xx ${mixed.non2xx}; CPU over ${seconds} s: server ${serverCpu.toFixed(1)} s, ` +
          `load generator ${mixed.cpuSeconds.toFixed(1)} s`,
      );
      rows.push(
        `| ${workers} | ${mixed.rps.toFixed(0)} | ${(mixed.rps / first).toFixed(2)}× | ${mixed.p50} | ${mixed.p99} | ` +
          `${(serverCpu / seconds).toFixed(2)} | ${(mixed.cpuSeconds / seconds).toFixed(2)} |`,
      );
    } finally {
      await child.stop();
    }
  }
  log("");
  log(
    `${PRODUCTS.toLocaleString("en")} products on SQLite, whole search mix at ${CONNECTIONS} connections for ${DURATION * 3} s ` +
      `(${loadGeneratorName()}); CPU in cores busy on average`,
  );
  log("| --workers | req/s | vs the first | p50 ms | p99 ms | server CPU (cores) | load generator CPU (cores) |");
  log("|---:|---:|---:|---:|---:|---:|---:|");
  for (const row of rows) log(row);
}

/**
 * A database of its own on the PostgreSQL server of PG_URL, loaded with the JSONL by `foodbase import`
 * unless it already holds the products (a kept run). Returns its URL and a function dropping it.
 */
async function postgresDatabase(
  serverUrl: string,
  name: string,
  jsonl: string,
  keep: boolean,
  log: (line: string) => void,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const database = `foodbase_bench_${name.replace(/[^a-z0-9]/g, "_")}`;
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = (await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [database])).rowCount === 1;
    let loaded = false;
    if (exists && keep) {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        const { rows } = await client.query<{ n: string }>(
          "SELECT (SELECT count(*) FROM products) AS n WHERE to_regclass('products') IS NOT NULL",
        );
        loaded = Number(rows[0]?.n ?? 0) === PRODUCTS;
      } finally {
        await client.end();
      }
    }
    if (!loaded) {
      if (exists) await admin.query(`DROP DATABASE ${database} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${database}`);
      const started = performance.now();
      run(["import", jsonl, "--no-progress"], { DATABASE_URL: url.toString() });
      const took = (performance.now() - started) / 1000;
      log(
        `foodbase import into PostgreSQL (COPY, search index included): ${took.toFixed(0)} s, ` +
          `${Math.round(PRODUCTS / took).toLocaleString("en")} products/s`,
      );
      // Plans depend on statistics, and a server may run without autovacuum.
      const analyzed = performance.now();
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        await client.query("VACUUM ANALYZE");
        const { rows } = await client.query<{ size: string }>(
          "SELECT pg_size_pretty(pg_database_size(current_database())) AS size",
        );
        log(`PostgreSQL VACUUM ANALYZE: ${seconds(analyzed)} s; database ${rows[0]?.size}`);
      } finally {
        await client.end();
      }
    }
  } finally {
    await admin.end();
  }
  return {
    url: url.toString(),
    drop: async () => {
      if (keep) return;
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

async function main(): Promise<void> {
  const keep = process.env.BENCH_DIR;
  const dir = keep ?? mkdtempSync(join(tmpdir(), "foodbase-search-bench-"));
  mkdirSync(dir, { recursive: true });
  const name = `${PRODUCTS}-seed${SEED}-${PROFILE}`;
  const jsonl = join(dir, `products-${name}.jsonl`);
  const sqlite = join(dir, `foodbase-${name}.db`);
  const duckFile = join(dir, `duckdb-${name}.db`);
  const report: string[] = [];
  const log = (line: string) => {
    console.log(line);
    report.push(line);
  };
  try {
    if (!existsSync(jsonl)) {
      const started = performance.now();
      run([
        "generate",
        "--count",
        String(PRODUCTS),
        "--seed",
        String(SEED),
        "--profile",
        PROFILE,
        "--out",
        `${jsonl}.part`,
        "--no-progress",
      ]);
      execFileSync("mv", [`${jsonl}.part`, jsonl]);
      log(`generated ${PRODUCTS} products (seed ${SEED}) in ${seconds(started)} s`);
    }
    if (!existsSync(sqlite)) {
      const started = performance.now();
      run(["import", jsonl, "--no-progress"], { DATABASE_URL: `${sqlite}.part` });
      for (const suffix of ["", "-wal", "-shm"]) {
        if (existsSync(`${sqlite}.part${suffix}`))
          execFileSync("mv", [`${sqlite}.part${suffix}`, `${sqlite}${suffix}`]);
      }
      log(`foodbase import (search index included): ${seconds(started)} s`);
      const analyzed = performance.now();
      const db = new Database(sqlite);
      db.exec("ANALYZE");
      db.close();
      log(`ANALYZE: ${seconds(analyzed)} s`);
    }
    if (WORKERS !== undefined) {
      await measureWorkers(sqlite, buildKinds(await sample(jsonl, 50_000)), WORKERS, log);
      writeFileSync(join(dir, `results-workers-${name}.md`), `${report.join("\n")}\n`);
      return;
    }
    const duck = await DuckDBInstance.create(duckFile);
    const con = await duck.connect();
    if (
      (
        await con.runAndReadAll("SELECT count(*) FROM information_schema.tables WHERE table_name = 'products'")
      ).getRows()[0]?.[0] === 0n
    ) {
      const started = performance.now();
      const nutrients = NUTRIENTS.map((n) => `"${n}_100g" DOUBLE`).join(", ");
      await con.run(`CREATE TABLE products AS SELECT code, product_name, categories_tags, labels_tags, countries_tags,
          nutrition_grades_tags, _keywords, popularity_key, last_modified_t, nutriscore_score, nova_group, ecoscore_score,
          created_t, scans_n, unique_scans_n, completeness, ${NUTRIENTS.map((n) => `nutriments."${n}_100g" AS "${n}_100g"`).join(", ")}
        FROM read_json(${quote(jsonl)}, format = 'newline_delimited', columns = {code: 'VARCHAR', product_name: 'VARCHAR',
          categories_tags: 'VARCHAR[]', labels_tags: 'VARCHAR[]', countries_tags: 'VARCHAR[]', nutrition_grades_tags: 'VARCHAR[]',
          _keywords: 'VARCHAR[]', popularity_key: 'DOUBLE', last_modified_t: 'DOUBLE', nutriscore_score: 'DOUBLE',
          nova_group: 'DOUBLE', ecoscore_score: 'DOUBLE', created_t: 'DOUBLE', scans_n: 'DOUBLE', unique_scans_n: 'DOUBLE',
          completeness: 'DOUBLE', nutriments: 'STRUCT(${nutrients})'})`);
      log(`DuckDB load: ${seconds(started)} s`);
    }

    const postgres =
      PG_URL === undefined ? undefined : await postgresDatabase(PG_URL, name, jsonl, keep !== undefined, log);

    const sampled = await sample(jsonl, 50_000);
    const kinds = buildKinds(sampled);
    const facets = facetPaths(sampled);
    const results: KindResult[] = kinds.map((k) => ({ name: k.name, foodbase: { p50: 0, p99: 0, meanCount: 0 } }));
    const onSqlite = await measureServer("foodbase (SQLite)", sqlite, kinds, facets, log);
    for (const [i, measured] of onSqlite.kinds.entries()) {
      (results[i] as KindResult).foodbase = measured.latency;
      (results[i] as KindResult).loaded = measured.loaded;
    }
    let postgresFacets: Latency | undefined;
    if (postgres !== undefined) {
      try {
        const onPostgres = await measureServer("foodbase (PostgreSQL)", postgres.url, kinds, facets, log);
        for (const [i, measured] of onPostgres.kinds.entries()) {
          (results[i] as KindResult).postgres = measured.latency;
          (results[i] as KindResult).postgresLoaded = measured.loaded;
        }
        postgresFacets = onPostgres.facets;
      } finally {
        await postgres.drop();
      }
    }

    // DuckDB, the same queries: a count and a page each (what a search answer needs).
    for (const k of kinds.slice(0, 3)) for (const query of k.queries.slice(0, 2)) await duckQuery(con, query);
    for (const [i, k] of kinds.entries()) {
      const times: number[] = [];
      let counted = 0;
      for (const query of k.queries) {
        const t0 = performance.now();
        counted += await duckQuery(con, query);
        times.push(performance.now() - t0);
      }
      (results[i] as KindResult).duckdb = { ...stats(times), meanCount: counted / k.queries.length };
    }

    log("");
    log(
      `${PRODUCTS.toLocaleString("en")} products, ${QUERIES} queries per kind; latency in ms (foodbase over HTTP, 1 connection; DuckDB in process)`,
    );
    log(
      "| kind | foodbase p50 | foodbase p99 | DuckDB p50 | DuckDB p99 | req/s @16 | p50 @16 | p99 @16 | mean count (foodbase / DuckDB) | p50 < DuckDB | p99 ≤ 100 |",
    );
    log("|---|---:|---:|---:|---:|---:|---:|---:|---|---|---|");
    let allPass = true;
    for (const r of results) {
      const duckdb = r.duckdb as Latency;
      const loaded = r.loaded as Load;
      const faster = r.foodbase.p50 < duckdb.p50;
      const bounded = r.foodbase.p99 <= 100;
      allPass &&= faster && bounded;
      log(
        `| ${r.name} | ${r.foodbase.p50.toFixed(2)} | ${r.foodbase.p99.toFixed(2)} | ${duckdb.p50.toFixed(1)} | ${duckdb.p99.toFixed(1)} | ` +
          `${loaded.rps.toFixed(0)} | ${loaded.p50} | ${loaded.p99} | ${r.foodbase.meanCount.toFixed(0)} / ${duckdb.meanCount.toFixed(0)} | ` +
          `${faster ? "yes" : "NO"} | ${bounded ? "yes" : "NO"} |`,
      );
    }
    log(allPass ? "targets met for every kind" : "TARGETS MISSED (see NO above)");
    if (PG_URL !== undefined) {
      log("");
      log("foodbase on PostgreSQL against foodbase on SQLite, same queries (ms; req/s at 16 connections)");
      log(
        "| kind | SQLite p50 | SQLite p99 | PostgreSQL p50 | PostgreSQL p99 | SQLite req/s | PostgreSQL req/s | PostgreSQL p99 @16 | same mean count |",
      );
      log("|---|---:|---:|---:|---:|---:|---:|---:|---|");
      for (const r of results) {
        const pgLatency = r.postgres as Latency;
        const pgLoad = r.postgresLoaded as Load;
        log(
          `| ${r.name} | ${r.foodbase.p50.toFixed(2)} | ${r.foodbase.p99.toFixed(2)} | ${pgLatency.p50.toFixed(2)} | ${pgLatency.p99.toFixed(2)} | ` +
            `${(r.loaded as Load).rps.toFixed(0)} | ${pgLoad.rps.toFixed(0)} | ${pgLoad.p99} | ` +
            `${pgLatency.meanCount === r.foodbase.meanCount ? "yes" : `NO (${pgLatency.meanCount.toFixed(0)})`} |`,
        );
      }
      if (postgresFacets !== undefined) {
        const sq = onSqlite.facets;
        log(
          `| facets with cc | ${sq.p50.toFixed(2)} | ${sq.p99.toFixed(2)} | ${postgresFacets.p50.toFixed(2)} | ${postgresFacets.p99.toFixed(2)} | | | | ` +
            `${postgresFacets.meanCount === sq.meanCount ? "yes" : `NO (${postgresFacets.meanCount.toFixed(0)})`} |`,
        );
      }
    }
    writeFileSync(join(dir, `results-${name}.md`), `${report.join("\n")}\n`);
    con.closeSync();
    duck.closeSync();
  } finally {
    if (keep === undefined) rmSync(dir, { recursive: true, force: true });
  }
}

async function duckQuery(con: Awaited<ReturnType<DuckDBInstance["connect"]>>, query: Query): Promise<number> {
  const count = await con.runAndReadAll(`SELECT count(*) FROM products WHERE ${query.where}`);
  await con.runAndReadAll(
    `SELECT code, product_name FROM products WHERE ${query.where} ORDER BY ${query.order} LIMIT 24 OFFSET ${query.offset}`,
  );
  return Number(count.getRows()[0]?.[0] ?? 0);
}

await main();
