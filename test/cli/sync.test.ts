/**
 * `foodbase sync` as an operator runs it (the built CLI, `npm run build` first) against a real HTTP
 * server on a local port that publishes an index and delta files as OFF does
 * (https://static.openfoodfacts.org/data/delta/index.txt: one `openfoodfacts_products_<start>_<end>.json.gz`
 * per line, each file gzip-compressed JSONL of the products modified in that window). Products are real
 * OFF records (test/fixtures), with codes changed where more are needed.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../../src/store/open.js";
import type { Store } from "../../src/store/types.js";
import { CLI_MAIN } from "../helpers/processes.js";
import { createTestDatabase, type TestDatabase } from "../helpers/store.js";

const FIXTURES = join(import.meta.dirname, "../fixtures");
type Doc = Record<string, unknown> & { code: string };
const readDocs = (file: string): Doc[] =>
  readFileSync(join(FIXTURES, file), "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line));
const REAL = readDocs("off-products-2026.jsonl");
const SMALL = readDocs("off-sample.jsonl");

const jsonl = (docs: Doc[]) => Buffer.from(docs.map((d) => `${JSON.stringify(d)}\n`).join(""));
const deltaName = (start: number) => `openfoodfacts_products_${start}_${start + 86400}.json.gz`;

/** The publishing server: files by name; every request is logged. */
class DeltaServer {
  readonly files = new Map<string, Buffer>();
  /** Extra response headers by file name (a full dump's Last-Modified). */
  readonly headers = new Map<string, Record<string, string>>();
  readonly requests: string[] = [];
  private server: http.Server | undefined;
  url = "";

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const name = decodeURIComponent((req.url ?? "/").slice(1));
      this.requests.push(name);
      const body = this.files.get(name);
      if (body === undefined) {
        res.writeHead(404, { "content-type": "text/plain" }).end("not found");
        return;
      }
      res
        .writeHead(200, {
          "content-type": "application/octet-stream",
          "content-length": body.length,
          ...this.headers.get(name),
        })
        .end(body);
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}`;
  }

  /** Publishes deltas and lists them in the index (in the order given). */
  publish(deltas: Array<[string, Buffer]>, extraIndexLines: string[] = []): void {
    for (const [name, body] of deltas) this.files.set(name, body);
    const listed = [...this.files.keys()].filter((n) => n.endsWith(".json.gz") && !n.startsWith("full"));
    this.files.set("index.txt", Buffer.from([...listed, ...extraIndexLines].map((n) => `${n}\n`).join("")));
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

const databases: TestDatabase[] = [];
function freshDatabase(): TestDatabase {
  const database = createTestDatabase();
  databases.push(database);
  return database;
}
afterAll(async () => {
  for (const d of databases) await d.drop();
});

/** Runs the CLI without blocking this process: the publishing server answers from it. */
function sync(server: DeltaServer, db: TestDatabase, extra: string[] = []) {
  const child = spawn(
    process.execPath,
    [CLI_MAIN, "sync", "--no-progress", "--workers", "0", "--sync-index-url", `${server.url}/index.txt`, ...extra],
    { env: { ...process.env, DATABASE_URL: db.url }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), 180_000);
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}

async function withStore<T>(db: TestDatabase, use: (store: Store) => Promise<T>): Promise<T> {
  const store = await openStore(db.url, { poolSize: 2 });
  try {
    return await use(store);
  } finally {
    await store.close();
  }
}

const appliedNames = (db: TestDatabase) =>
  withStore(db, async (store) => (await store.sync.appliedDeltas()).map((d) => d.name));

let server: DeltaServer;
beforeAll(async () => {
  server = new DeltaServer();
  await server.start();
});
afterAll(async () => server.close());

describe("foodbase sync", () => {
  const d1 = deltaName(1_700_000_000);
  const d2 = deltaName(1_700_086_400);
  const d3 = deltaName(1_700_172_800);

  it("first sync: applies every delta of the index, oldest first, and records them", async () => {
    const db = freshDatabase();
    // The index lists the newer file first: sync orders by the time window in the name.
    server.files.clear();
    server.publish([
      [d2, gzipSync(jsonl(REAL.slice(4, 8)))],
      [d1, gzipSync(jsonl(REAL.slice(0, 6)))],
    ]);
    const r = await sync(server, db);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`${d1}: 6 imported, 0 updated, 0 unchanged, 0 rejected`);
    expect(r.stdout.indexOf(d1)).toBeLessThan(r.stdout.indexOf(d2));
    // REAL[4] and REAL[5] are in both files: the same record, so unchanged the second time.
    expect(r.stdout).toContain(`${d2}: 2 imported, 0 updated, 2 unchanged, 0 rejected`);
    expect(r.stdout).toMatch(
      /sync: 2 files applied \(8 imported, 0 updated, 2 unchanged, 0 rejected\), 0 already applied/,
    );
    expect(await appliedNames(db)).toEqual([d1, d2]);
    await withStore(db, async (store) => {
      expect(await store.countProducts()).toBe(8);
      const product = await store.getProduct(REAL[7]?.code as string);
      expect(product?.product_name).toBe(REAL[7]?.product_name);
    });

    // Second sync: only the new file is downloaded and applied.
    server.publish([[d3, gzipSync(jsonl(REAL.slice(8, 12)))]]);
    server.requests.length = 0;
    const again = await sync(server, db);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(
      /sync: 1 file applied \(4 imported, 0 updated, 0 unchanged, 0 rejected\), 2 already applied/,
    );
    expect(server.requests).toEqual(["index.txt", d3]);
    expect(await appliedNames(db)).toEqual([d1, d2, d3]);
    await withStore(db, async (store) => expect(await store.countProducts()).toBe(12));

    // Nothing new: nothing downloaded but the index.
    server.requests.length = 0;
    const idle = await sync(server, db);
    expect(idle.code).toBe(0);
    expect(idle.stdout).toMatch(/sync: 0 files applied .*, 3 already applied/);
    expect(server.requests).toEqual(["index.txt"]);
  });

  it("a corrupt .gz: a clear error, nothing of it stored or recorded; the files before it stay applied", async () => {
    const db = freshDatabase();
    const good = gzipSync(jsonl(REAL.slice(0, 3)));
    const corrupt = Buffer.from(gzipSync(jsonl(REAL.slice(3, 6))));
    corrupt[Math.floor(corrupt.length / 2)] ^= 0xff;
    server.files.clear();
    server.publish([
      [d1, good],
      [d2, corrupt],
    ]);
    const r = await sync(server, db);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      new RegExp(
        `^foodbase: ${d2.replace(/\./g, "\\.")} is not a valid gzip file \\(.+\\); nothing of it was imported\\n$`,
        "m",
      ),
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(await appliedNames(db)).toEqual([d1]);
    await withStore(db, async (store) => {
      expect(await store.countProducts()).toBe(3);
      for (const doc of REAL.slice(3, 6)) expect(await store.getProduct(doc.code)).toBeUndefined();
    });
    // Republished whole, the next run applies it.
    server.publish([[d2, gzipSync(jsonl(REAL.slice(3, 6)))]]);
    const again = await sync(server, db);
    expect(again.code, again.stderr).toBe(0);
    expect(await appliedNames(db)).toEqual([d1, d2]);
  });

  it("an index that lists a missing file: a clear error naming it, nothing recorded for it", async () => {
    const db = freshDatabase();
    server.files.clear();
    server.publish([[d1, gzipSync(jsonl(REAL.slice(0, 2)))]], [d2]);
    const r = await sync(server, db);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `foodbase: cannot download delta ${server.url}/${d2}: HTTP 404 (missing from the server)`,
    );
    expect(await appliedNames(db)).toEqual([d1]);
  });

  it("an index line that is not a delta file name is refused, with its line number", async () => {
    const db = freshDatabase();
    server.files.clear();
    server.publish([[d1, gzipSync(jsonl(REAL.slice(0, 2)))]], ["../../etc/passwd"]);
    const r = await sync(server, db);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("line 2 of the delta index is not a delta file name");
    expect(await appliedNames(db)).toEqual([]);
  });

  it("a product edited locally, then changed upstream: upstream wins, the local revision stays in the history", async () => {
    const db = freshDatabase();
    const original = REAL[0] as Doc;
    server.files.clear();
    server.publish([[d1, gzipSync(jsonl([original]))]]);
    expect((await sync(server, db)).code).toBe(0);
    await withStore(db, async (store) => {
      const outcome = await store.writeProduct(
        original.code,
        {
          userId: "alice",
          t: 1_700_100_000,
          comment: "local fix",
          appName: "",
          appVersion: "",
          appUuid: "",
          userAgent: "",
        },
        (current) => ({
          product: { ...(current ?? {}), product_name: "Local name" },
          changedFields: ["product_name"],
          result: true,
        }),
      );
      expect(outcome.written).toBe(true);
    });
    const upstream = { ...original, product_name: "Upstream name", last_modified_t: 1_700_200_000 };
    server.publish([[d3, gzipSync(jsonl([upstream]))]]);
    const r = await sync(server, db);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`${d3}: 0 imported, 1 updated, 0 unchanged, 0 rejected`);
    await withStore(db, async (store) => {
      expect((await store.getProduct(original.code))?.product_name).toBe("Upstream name");
      const revisions = await store.listRevisions(original.code);
      expect(revisions.length).toBe(3);
      const local = revisions.find((rev) => rev.userId === "alice");
      expect(local?.comment).toBe("local fix");
      expect((await store.getProductRevision(original.code, local?.rev as number))?.product_name).toBe("Local name");
      expect(revisions.at(-1)?.rev).toBeGreaterThan(local?.rev as number);
    });
  });

  it("one run at a time: a second run while one holds the lock is refused and changes nothing", async () => {
    const db = freshDatabase();
    server.files.clear();
    server.publish([[d1, gzipSync(jsonl(REAL.slice(0, 2)))]]);
    const store = await openStore(db.url, { poolSize: 2 });
    try {
      const lock = await store.sync.tryLock("test");
      expect("release" in lock).toBe(true);
      const r = await sync(server, db);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^foodbase: another foodbase sync is running on this database/m);
      expect(await store.countProducts()).toBe(0);
      if ("release" in lock) await lock.release();
      expect((await sync(server, db)).code).toBe(0);
      expect(await store.countProducts()).toBe(2);
    } finally {
      await store.close();
    }
  });

  it("interrupted mid-way through a delta, then run again: ends as one uninterrupted run would", async () => {
    const db = freshDatabase();
    const count = 30_000;
    const docs: Doc[] = [];
    for (let i = 0; i < count; i++) {
      const base = SMALL[i % SMALL.length] as Doc;
      const code = String(2_000_000_000_000 + i * 7);
      docs.push({ ...base, _id: code, code, product_name: `${base.product_name} ${i}` });
    }
    server.files.clear();
    server.publish([[d1, gzipSync(jsonl(docs))]]);
    const child: ChildProcess = spawn(
      process.execPath,
      [CLI_MAIN, "sync", "--no-progress", "--workers", "0", "--sync-index-url", `${server.url}/index.txt`],
      { env: { ...process.env, DATABASE_URL: db.url }, stdio: ["ignore", "pipe", "pipe"] },
    );
    let stderr = "";
    child.stderr?.on("data", (chunk) => {
      stderr += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    const deadline = Date.now() + 120_000;
    while ((await db.count("products")) === 0) {
      if (child.exitCode !== null) throw new Error(`sync ended before storing anything: ${stderr}`);
      if (Date.now() > deadline) throw new Error("timed out");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    child.kill("SIGINT");
    expect(await exited).toBe(130);
    expect(stderr).toContain("interrupted: the file being imported is not recorded as applied");
    const stored = await db.count("products");
    expect(stored).toBeGreaterThan(0);
    expect(stored).toBeLessThan(count);
    expect(await appliedNames(db)).toEqual([]);

    const again = await sync(server, db);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(`${d1}: ${count - stored} imported, 0 updated, ${stored} unchanged, 0 rejected`);
    expect(await appliedNames(db)).toEqual([d1]);
    expect(await db.count("products")).toBe(count);
    // One revision per product: the products stored before the interruption were not imported twice.
    expect(await db.count("revisions")).toBe(count);
  }, 240_000);

  it("--full URL: the dump once, then only the deltas that ended after it was made", async () => {
    const db = freshDatabase();
    server.files.clear();
    // The dump was made after d1 ended and before d2 did.
    const dumpMade = new Date((1_700_086_400 + 3600) * 1000);
    server.files.set("full-dump.jsonl.gz", gzipSync(jsonl(REAL.slice(0, 8))));
    server.headers.set("full-dump.jsonl.gz", { "last-modified": dumpMade.toUTCString() });
    const stale = { ...(REAL[0] as Doc), product_name: "An older name than the dump's" };
    server.publish([
      [d1, gzipSync(jsonl([stale]))],
      [d2, gzipSync(jsonl(REAL.slice(8, 10)))],
    ]);
    const fullUrl = `${server.url}/full-dump.jsonl.gz`;
    const r = await sync(server, db, ["--full", fullUrl]);
    expect(r.code, r.stderr).toBe(0);
    expect(await appliedNames(db)).toEqual(expect.arrayContaining([`full:${fullUrl}`, d1, d2]));
    await withStore(db, async (store) => {
      expect(await store.countProducts()).toBe(10);
      // d1 ended before the dump was made: recorded, not imported (the dump's version stays).
      expect((await store.getProduct(REAL[0]?.code as string))?.product_name).toBe(REAL[0]?.product_name);
    });
    // Run again with the same dump: it is not downloaded again.
    server.requests.length = 0;
    const again = await sync(server, db, ["--full", fullUrl]);
    expect(again.code, again.stderr).toBe(0);
    expect(server.requests).toEqual(["index.txt"]);
    server.headers.clear();
  });

  it("--watch HOURS: checks again after that time and applies what was published since; Ctrl-C stops it", async () => {
    const db = freshDatabase();
    server.files.clear();
    server.publish([[d1, gzipSync(jsonl(REAL.slice(0, 2)))]]);
    // 0.0005 h = 1.8 s between checks.
    const child = spawn(
      process.execPath,
      [
        CLI_MAIN,
        "sync",
        "--no-progress",
        "--workers",
        "0",
        "--sync-index-url",
        `${server.url}/index.txt`,
        "--watch",
        "0.0005",
      ],
      { env: { ...process.env, DATABASE_URL: db.url }, stdio: ["ignore", "pipe", "pipe"] },
    );
    let stderr = "";
    child.stderr?.on("data", (chunk) => {
      stderr += chunk;
    });
    const closed = new Promise<number | null>((resolve) => child.once("close", resolve));
    try {
      const waitFor = async (what: () => Promise<boolean>) => {
        for (let tries = 0; tries < 600 && !(await what()); tries++) await new Promise((r) => setTimeout(r, 100));
      };
      await waitFor(async () => (await appliedNames(db)).includes(d1));
      expect(await appliedNames(db)).toEqual([d1]);
      // Published after the first check: the next check applies it without a new run.
      server.publish([[d2, gzipSync(jsonl(REAL.slice(2, 4)))]]);
      await waitFor(async () => (await appliedNames(db)).includes(d2));
      expect(await appliedNames(db)).toEqual([d1, d2]);
      expect(stderr).toContain("next check in 0.0005 h");
      child.kill("SIGINT");
      expect(await closed).toBe(130);
    } finally {
      child.kill("SIGKILL");
    }
  });
});
