/**
 * `foodbase import | export | generate` as an operator runs them: the built CLI (`npm run build`
 * first) in child processes, real files, stdin, signals.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSearchParams } from "../../src/domain/search/params.js";
import { loadTaxonomies } from "../../src/storage/taxonomy-files.js";
import { openStore } from "../../src/store/open.js";
import { createTestDatabase, type TestDatabase } from "../helpers/store.js";
import { type Doc, ORDERS } from "../search/reference.js";

const MAIN = join(import.meta.dirname, "../../dist/cli/main.js");
const FIXTURES = join(import.meta.dirname, "../fixtures");
const SAMPLE = join(FIXTURES, "off-sample.jsonl");
const DIRTY = join(FIXTURES, "off-sample-dirty.jsonl");

let dir: string;
/** Test databases by URL (the store of the test project). */
const databases = new Map<string, TestDatabase>();

/** `DATABASE_URL` of a new, empty database. */
function freshDatabase(): string {
  const database = createTestDatabase();
  databases.set(database.url, database);
  return database.url;
}

function cli(args: string[], options: { db?: string; input?: string | Buffer } = {}) {
  const r = spawnSync(process.execPath, [MAIN, ...args], {
    input: options.input,
    env: { ...process.env, DATABASE_URL: options.db ?? join(dir, "unused.db"), LOG_LEVEL: "silent" },
    maxBuffer: 512 * 1024 * 1024,
  });
  return { code: r.status, stdout: r.stdout.toString(), stderr: r.stderr.toString() };
}

/** `imported, updated, unchanged, rejected` of the summary line. */
function summaryOf(stdout: string): number[] {
  const m = /: (\d+) imported, (\d+) updated, (\d+) unchanged, (\d+) rejected/.exec(stdout);
  if (m === null) throw new Error(`no summary in: ${stdout}`);
  return m.slice(1).map(Number);
}

/** Rows of a table of a database made by freshDatabase (0 until the import has created it). */
function countRows(db: string, table: "products" | "revisions"): Promise<number> {
  const database = databases.get(db);
  if (database === undefined) throw new Error(`not a test database: ${db}`);
  return database.count(table);
}

async function waitUntil(check: () => Promise<boolean>, what: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (!(await check())) {
    if (child.exitCode !== null) throw new Error(`the import ended before ${what}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

function exit(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "foodbase-cli-import-"));
});
afterAll(async () => {
  for (const database of databases.values()) await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe("foodbase import", () => {
  it("imports a .jsonl file, a .jsonl.gz file, and stdin (plain or gzip), and says what it did", () => {
    const plain = cli(["import", SAMPLE], { db: freshDatabase() });
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/^off-sample\.jsonl: 10 imported, 0 updated, 0 unchanged, 0 rejected/);

    const gz = join(dir, "sample.jsonl.gz");
    writeFileSync(gz, gzipSync(readFileSync(SAMPLE)));
    expect(summaryOf(cli(["import", gz], { db: freshDatabase() }).stdout)).toEqual([10, 0, 0, 0]);

    const stdin = cli(["import", "-"], { db: freshDatabase(), input: readFileSync(SAMPLE) });
    expect(stdin.code).toBe(0);
    expect(stdin.stdout).toMatch(/^stdin: 10 imported/);
    const gzStdin = cli(["import", "-"], { db: freshDatabase(), input: gzipSync(readFileSync(SAMPLE)) });
    expect(summaryOf(gzStdin.stdout)).toEqual([10, 0, 0, 0]);
  });

  it("indexes products for search in its worker threads as it does in one thread", async () => {
    const threaded = freshDatabase();
    const inline = freshDatabase();
    expect(cli(["import", SAMPLE, "--workers", "2"], { db: threaded }).code).toBe(0);
    expect(cli(["import", SAMPLE, "--workers", "0"], { db: inline }).code).toBe(0);
    // What the sample holds: 2 beverages, Kinder Riegel and Nutella above 50 g of sugars, one Gruyère.
    const queries: Array<[Record<string, string>, number]> = [
      [{}, 10],
      [{ categories_tags: "en:beverages" }, 2],
      [{ sugars_100g: ">50" }, 2],
      [{ search_terms: "nutella" }, 1],
      [{ search_terms: "gruyere" }, 1],
    ];
    const taxonomies = loadTaxonomies();
    const answers = async (url: string) => {
      const store = await openStore(url);
      try {
        const out: Array<[number, string[]]> = [];
        for (const [params] of queries) {
          const page = await store.searchProducts(parseSearchParams(params, { taxonomies }).query);
          out.push([page.count, page.documents.map((d) => JSON.parse(d.toString("utf8")).code as string).sort()]);
        }
        return out;
      } finally {
        await store.close();
      }
    };
    const fromWorkers = await answers(threaded);
    expect(fromWorkers.map(([count]) => count)).toEqual(queries.map(([, count]) => count));
    expect(fromWorkers[3]?.[1]).toEqual(["3017620422003"]);
    expect(fromWorkers).toEqual(await answers(inline));
    // The same documents and revisions, whichever thread prepared (and, on SQLite, compressed) them.
    const exported = (db: string) => cli(["export"], { db }).stdout;
    expect(exported(threaded)).toBe(exported(inline));
    const history = async (url: string) => {
      const store = await openStore(url);
      try {
        return (await store.listRevisions("3017620422003")).map(({ rev, changedFields }) => ({ rev, changedFields }));
      } finally {
        await store.close();
      }
    };
    const threadedHistory = await history(threaded);
    expect(threadedHistory[0]?.changedFields).toContain("product_name");
    expect(threadedHistory).toEqual(await history(inline));
  });

  it("reports rejected lines on stderr and in --rejects, imports the rest, and exits with 3", () => {
    const rejectsFile = join(dir, "rejects.jsonl");
    const run = cli(["import", DIRTY, "--rejects", rejectsFile], { db: freshDatabase() });
    expect(run.code).toBe(3);
    expect(summaryOf(run.stdout)).toEqual([3, 0, 0, 8]);
    expect(run.stderr).toContain("off-sample-dirty.jsonl:2: not JSON (");
    expect(run.stderr).toContain('off-sample-dirty.jsonl:6: invalid code "abc"');
    expect(run.stderr).toContain("off-sample-dirty.jsonl:10: duplicate code 3000000000014 (first on line 1)");
    const rejects = readFileSync(rejectsFile, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    expect(rejects.map((r) => r.line)).toEqual([2, 3, 4, 6, 7, 9, 10, 11]);
    expect(rejects[2]).toEqual({ line: 4, reason: "no code", text: '{"product_name": "No code here"}' });
  });

  it("refuses a --rejects path it cannot write, or that is the input or the database, before importing", async () => {
    const db = freshDatabase();
    const missingFolder = cli(["import", DIRTY, "--rejects", join(dir, "no-such-folder", "rejects.jsonl")], { db });
    expect(missingFolder.code).toBe(1);
    expect(missingFolder.stderr).toMatch(/^foodbase: cannot write --rejects \S+rejects\.jsonl: ENOENT/);
    expect(missingFolder.stderr).not.toMatch(/\n\s+at /);
    const folder = cli(["import", DIRTY, "--rejects", dir], { db });
    expect(folder.code).toBe(1);
    expect(folder.stderr).toMatch(/^foodbase: cannot write --rejects \S+: EISDIR/);
    expect(await countRows(db, "products")).toBe(0);

    const input = join(dir, "self.jsonl");
    writeFileSync(input, readFileSync(DIRTY));
    const self = cli(["import", input, "--rejects", input], { db });
    expect(self.code).toBe(1);
    expect(self.stderr).toBe(`foodbase: --rejects ${input} is the input file: it would be overwritten\n`);
    expect(readFileSync(input, "utf8")).toBe(readFileSync(DIRTY, "utf8"));

    const file = join(dir, "kept.db");
    expect(cli(["import", SAMPLE], { db: file }).code).toBe(0);
    const onDatabase = cli(["import", DIRTY, "--rejects", file], { db: file });
    expect(onDatabase.code).toBe(1);
    expect(onDatabase.stderr).toBe(`foodbase: --rejects ${file} is a file of the database: it would be destroyed\n`);
    const exported = cli(["export"], { db: file });
    expect(exported.code).toBe(0);
    expect(exported.stdout.trim().split("\n")).toHaveLength(10);
  });

  it("stops at a truncated .gz with a clear message and exit status 1, keeping what it imported", async () => {
    const lines = Array.from({ length: 4000 }, (_, i) =>
      JSON.stringify({ code: String(20_000_000_000 + i * 10), product_name: `Product ${i} ${"x".repeat(i % 89)}` }),
    );
    const compressed = gzipSync(`${lines.join("\n")}\n`);
    const cut = join(dir, "cut.jsonl.gz");
    writeFileSync(cut, compressed.subarray(0, Math.floor(compressed.length / 2)));
    const db = freshDatabase();
    const run = cli(["import", cut], { db });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^foodbase: \S*cut\.jsonl\.gz is truncated/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    const [imported] = summaryOf(run.stdout);
    expect(imported).toBeGreaterThan(0);
    expect(await countRows(db, "products")).toBe(imported);
  });

  it("says what is wrong with bad arguments, without a stack trace", () => {
    const missing = cli(["import", join(dir, "nope.jsonl")]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(`foodbase: cannot import: ${join(dir, "nope.jsonl")}: no such file\n`);
    const badBatch = cli(["import", SAMPLE, "--batch-size", "lots"]);
    expect(badBatch.code).not.toBe(0);
    expect(badBatch.stderr).toContain('--batch-size must be a whole number, got "lots"');
  });
});

describe("an interrupted import, run again", () => {
  let file: string;
  let reference: string;
  let referenceExport: string;
  const COUNT = 6000;

  beforeAll(() => {
    file = join(dir, "generated.jsonl");
    expect(cli(["generate", "--count", String(COUNT), "--seed", "5", "--out", file, "--no-progress"]).code).toBe(0);
    reference = freshDatabase();
    expect(summaryOf(cli(["import", file], { db: reference }).stdout)).toEqual([COUNT, 0, 0, 0]);
    referenceExport = cli(["export"], { db: reference }).stdout;
  }, 240_000);

  async function interruptedThenRerun(
    signal: "SIGKILL" | "SIGINT",
    afterInterrupt?: (db: string) => Promise<void>,
  ): Promise<string> {
    const db = freshDatabase();
    const child = spawn(process.execPath, [MAIN, "import", file, "--batch-size", "250", "--no-progress"], {
      env: { ...process.env, DATABASE_URL: db },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr?.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    await waitUntil(async () => (await countRows(db, "products")) >= 500, "500 products were stored", child);
    child.kill(signal);
    const code = await exit(child);
    if (signal === "SIGINT") {
      expect(code).toBe(130);
      expect(stderr).toContain("interrupted: the products counted above are stored");
    }
    const stored = await countRows(db, "products");
    expect(stored).toBeGreaterThanOrEqual(500);
    expect(stored).toBeLessThan(COUNT);
    await afterInterrupt?.(db);

    const rerun = cli(["import", file], { db });
    expect(rerun.code).toBe(0);
    const [imported, updated, unchanged, rejected] = summaryOf(rerun.stdout);
    expect([updated, rejected]).toEqual([0, 0]);
    expect(unchanged).toBe(stored);
    expect(imported + unchanged).toBe(COUNT);
    return db;
  }

  /** SQLite: the sort indexes an import drops while it loads and builds again at its end. */
  async function sortIndexes(db: string): Promise<string[]> {
    const rows = await (databases.get(db) as TestDatabase).query<{ name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'search_by_%' ORDER BY name",
    );
    return rows.map((r) => r.name);
  }

  /** Pages of searches in the orders the SQLite store walks an index for. */
  async function sortedPages(db: string): Promise<string[][]> {
    const taxonomies = loadTaxonomies();
    const store = await openStore(db);
    try {
      const pages: string[][] = [];
      for (const sort_by of ["popularity", "product_name"]) {
        for (const page of ["1", "7"]) {
          const { query } = parseSearchParams({ sort_by, page, page_size: "50" }, { taxonomies });
          const found = await store.searchProducts(query);
          pages.push(found.documents.map((d) => JSON.parse(d.toString("utf8")).code as string));
        }
      }
      return pages;
    } finally {
      await store.close();
    }
  }

  it("after kill -9 ends with the same products and revisions as one uninterrupted run", async () => {
    const sqlite = databases.get(reference)?.kind === "sqlite";
    const db = await interruptedThenRerun("SIGKILL", async (killed) => {
      // Opening the database builds again the sort indexes the killed import had dropped.
      if (sqlite) {
        await (await openStore(killed)).close();
        expect(await sortIndexes(killed)).toEqual(["search_by_name", "search_by_popularity"]);
      }
    });
    expect(await countRows(db, "products")).toBe(COUNT);
    expect(await countRows(db, "revisions")).toBe(await countRows(reference, "revisions"));
    expect(cli(["export"], { db }).stdout).toBe(referenceExport);
    if (sqlite) expect(await sortIndexes(db)).toEqual(["search_by_name", "search_by_popularity"]);
    const pages = await sortedPages(db);
    const byPopularity = readFileSync(file, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Doc)
      .sort(ORDERS.popularity)
      .map((p) => p.code as string);
    expect(pages.slice(0, 2)).toEqual([byPopularity.slice(0, 50), byPopularity.slice(300, 350)]);
    expect(pages).toEqual(await sortedPages(reference));
  }, 240_000);

  it("after Ctrl-C (SIGINT) exits with 130 and ends the same way", async () => {
    const db = await interruptedThenRerun("SIGINT");
    expect(await countRows(db, "revisions")).toBe(COUNT);
    expect(cli(["export"], { db }).stdout).toBe(referenceExport);
  }, 240_000);

  it("the generated file exported again is the file itself, in code order", () => {
    const generated = readFileSync(file, "utf8").split("\n").filter(Boolean);
    const byCode = generated.sort((a, b) => (JSON.parse(a).code < JSON.parse(b).code ? -1 : 1));
    expect(referenceExport).toBe(`${byCode.join("\n")}\n`);
  });
});

describe("foodbase export and generate", () => {
  it("exports CSV with a header and one row per product, and filters by code, category and time", () => {
    const db = freshDatabase();
    cli(["import", SAMPLE, "--recompute"], { db });
    const csv = cli(["export", "--format", "csv"], { db });
    expect(csv.code).toBe(0);
    const rows = csv.stdout.split("\n").filter(Boolean);
    expect(rows[0]).toMatch(/^code\tproduct_name\tbrands\tcategories_tags\tcountries_tags\tnutrition_grades\t/);
    expect(rows).toHaveLength(11);

    const codes = (args: string[]) =>
      cli(["export", ...args], { db })
        .stdout.split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line).code);
    expect(codes(["--code", "041570054161, 40084107"])).toEqual(["0041570054161", "40084107"]);
    // Category names are read like search filters (API.md §5.2): "Biscuits" is en:biscuits.
    expect(codes(["--category", "Biscuits"])).toEqual(["0200000000034"]);
    expect(codes(["--category", "en:beverages", "--modified-since", "2024-01-01"])).toEqual(["3274080005003"]);
    expect(codes(["--modified-since", "1720000000"])).toEqual(["5412345678908", "7612345678900"]);

    const bad = cli(["export", "--code", "abc"], { db });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe('foodbase: --code: invalid barcode "abc"\n');
    expect(cli(["export", "--modified-since", "yesterday"], { db }).stderr).toContain("not a time");
    // Dates that do not exist are refused, not rolled over into the next month.
    for (const date of ["2024-02-30", "2023-02-29", "2024-04-31", "2024-13-01"]) {
      const r = cli(["export", "--modified-since", date], { db });
      expect(r.code, date).toBe(1);
      expect(r.stderr).toBe(`foodbase: --modified-since: not a time: "${date}" (Unix seconds or YYYY-MM-DD)\n`);
    }
    expect(cli(["export", "--modified-since", "2024-02-29"], { db }).code).toBe(0);
    // A mistyped SQLite path is an error, not an empty export from a new database.
    const typo = join(dir, "typo-export.db");
    const missing = cli(["export", "--database-url", typo], { db });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(`foodbase: no database at ${typo} (foodbase serve or foodbase import creates one)\n`);
    expect(existsSync(typo)).toBe(false);
  });

  it("generates the same products for the same seed, to stdout or to a .gz file", () => {
    const a = cli(["generate", "--count", "30", "--seed", "9"]);
    const b = cli(["generate", "--count", "30", "--seed", "9", "--workers", "0"]);
    expect(a.code).toBe(0);
    expect(a.stdout.split("\n").filter(Boolean)).toHaveLength(30);
    expect(b.stdout).toBe(a.stdout);
    expect(cli(["generate", "--count", "30", "--seed", "10"]).stdout).not.toBe(a.stdout);
    const gz = join(dir, "generated.jsonl.gz");
    expect(cli(["generate", "--count", "30", "--seed", "9", "--out", gz, "--no-progress"]).code).toBe(0);
    expect(gunzipSync(readFileSync(gz)).toString()).toBe(a.stdout);
  });
});
