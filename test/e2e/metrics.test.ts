/**
 * `GET /metrics` (issue 24): off by default; with FOODBASE_METRICS=true, Prometheus text counting requests
 * per route family and status, store call latencies, read-cache hits and misses, and (PostgreSQL) pool
 * connections; on a port of its own with FOODBASE_METRICS_PORT; summed over the workers of
 * `serve --workers 2`; and the progress of `foodbase import` while it runs.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI_MAIN, startServerProcess } from "../helpers/processes.js";
import { ALICE, getJson, postForm, startTestServer, type TestServer } from "../helpers/server.js";
import { createTestDatabase, TEST_STORE_KIND } from "../helpers/store.js";

/** The samples of a Prometheus text answer: `name{labels}` → value. */
function samples(text: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const at = line.lastIndexOf(" ");
    found.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return found;
}

async function scrape(url: string): Promise<{ status: number; contentType: string; samples: Map<string, number> }> {
  const res = await fetch(url);
  return { status: res.status, contentType: res.headers.get("content-type") ?? "", samples: samples(await res.text()) };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** A GET on a connection of its own: under `--workers 2` the cluster hands connections out in turn. */
function freshGet(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    })
      .on("error", reject)
      .end();
  });
}

const NUTELLA = "/api/v2/product/3017620422003?fields=product_name";

describe("metrics off (the default)", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.close());

  it("has no /metrics route", async () => {
    const res = await getJson(`${t.url}/metrics`);
    expect(res.status).toBe(404);
    expect(res.body.errors[0].id).toBe("route_not_found");
  });
});

describe("metrics on the public port", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ config: { metrics: true } });
    const written = await postForm(t.url, "/cgi/product_jqm2.pl", {
      code: "3017620422003",
      user_id: ALICE.userId,
      password: ALICE.password,
      product_name: "Nutella",
    });
    expect(written.body.status).toBe(1);
  });
  afterAll(() => t.close());

  it("counts requests by route family and status, store calls, and read-cache hits and misses", async () => {
    for (let i = 0; i < 3; i++) expect((await getJson(`${t.url}${NUTELLA}`)).status).toBe(200);
    const notFound = (await getJson(`${t.url}/api/v2/product/0000000000000`)).status;
    expect((await getJson(`${t.url}/api/v2/search?search_terms=nutella`)).status).toBe(200);
    expect((await getJson(`${t.url}/no/such/route`)).status).toBe(404);
    const { status, contentType, samples: s } = await scrape(`${t.url}/metrics`);
    expect(status).toBe(200);
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(s.get('foodbase_http_requests_total{family="product_read",method="GET",status="200"}')).toBe(3);
    expect(s.get(`foodbase_http_requests_total{family="product_read",method="GET",status="${notFound}"}`)).toBe(1);
    expect(s.get('foodbase_http_requests_total{family="product_write",method="POST",status="200"}')).toBe(1);
    expect(s.get('foodbase_http_requests_total{family="search",method="GET",status="200"}')).toBe(1);
    expect(s.get('foodbase_http_requests_total{family="unmatched",method="GET",status="404"}')).toBe(1);
    expect(s.get('foodbase_http_request_duration_seconds_count{family="product_read",method="GET",status="200"}')).toBe(
      3,
    );
    expect(
      s.get('foodbase_http_request_duration_seconds_bucket{le="+Inf",family="product_read",method="GET",status="200"}'),
    ).toBe(3);
    // The first read renders the answer; the next two are served from the cache.
    expect(s.get('foodbase_read_cache_requests_total{result="miss"}')).toBe(1);
    expect(s.get('foodbase_read_cache_requests_total{result="hit"}')).toBe(2);
    expect(s.get('foodbase_store_call_duration_seconds_count{operation="searchProducts",outcome="ok"}')).toBe(1);
    expect(
      s.get('foodbase_store_call_duration_seconds_count{operation="getCurrentRevisionId",outcome="ok"}'),
    ).toBeGreaterThanOrEqual(3);
    expect(s.get("foodbase_process_cpu_seconds_total")).toBeGreaterThan(0);
    if (TEST_STORE_KIND === "postgres") {
      // The write's search postings are folded in the background shortly after it, on a connection of the
      // pool: once that is done, nothing holds one.
      const idlePool = async () => (await scrape(`${t.url}/metrics`)).samples;
      await expect
        .poll(async () => (await idlePool()).get('foodbase_db_pool_connections{pool="primary",state="in_use"}'), {
          timeout: 10_000,
        })
        .toBe(0);
      const pool = await idlePool();
      expect(pool.get('foodbase_db_pool_connections{pool="primary",state="idle"}')).toBeGreaterThan(0);
      expect(pool.get('foodbase_db_pool_waiting_requests{pool="primary"}')).toBe(0);
    } else {
      // SQLite has no connection pool.
      expect([...s.keys()].some((k) => k.startsWith("foodbase_db_pool_"))).toBe(false);
    }
  });

  it("counts the root tag type aliases as their /facets/ twins", async () => {
    const count = async (family: string) =>
      (await scrape(`${t.url}/metrics`)).samples.get(
        `foodbase_http_requests_total{family="${family}",method="GET",status="200"}`,
      ) ?? 0;
    const [facets, tagProducts] = [await count("facets"), await count("tag_products")];
    for (const path of ["/brands.json", "/facets/brands.json", "/brand/ferrero.json", "/facets/brand/ferrero.json"]) {
      expect((await getJson(`${t.url}${path}`)).status, path).toBe(200);
    }
    expect(await count("facets")).toBe(facets + 2);
    expect(await count("tag_products")).toBe(tagProducts + 2);
  });
});

describe("metrics on a port of their own", () => {
  let t: TestServer;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    t = await startTestServer({ config: { metrics: true, metricsPort: port } });
  });
  afterAll(() => t.close());

  it("are served there only, not on the public port", async () => {
    expect(t.server.metricsUrl).toBe(`http://127.0.0.1:${port}/metrics`);
    expect((await getJson(`${t.url}/metrics`)).status).toBe(404);
    expect((await getJson(`${t.url}/health`)).status).toBe(200);
    const { status, samples: s } = await scrape(`http://127.0.0.1:${port}/metrics`);
    expect(status).toBe(200);
    expect(s.get('foodbase_http_requests_total{family="service",method="GET",status="200"}')).toBe(1);
    expect(s.get('foodbase_http_requests_total{family="unmatched",method="GET",status="404"}')).toBe(1);
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
  });
});

describe("metrics of serve --workers 2", () => {
  // Two clusters of a primary and two workers, started one after the other on a shared machine.
  it("are the sum over the workers, on the metrics port and on the public one", { timeout: 120_000 }, async () => {
    const own = createTestDatabase();
    const port = await freePort();
    const env = { DATABASE_URL: own.url, FOODBASE_WORKERS: "2", FOODBASE_METRICS: "true" };
    const cluster = await startServerProcess({ ...env, FOODBASE_METRICS_PORT: String(port) }, ["--sample-data"]);
    try {
      // Fresh connections: the two workers answer in turn.
      for (let i = 0; i < 6; i++) expect(await freshGet(`${cluster.url}${NUTELLA}`)).toBe(200);
      const { samples: s } = await scrape(`http://127.0.0.1:${port}/metrics`);
      expect(s.get('foodbase_http_requests_total{family="product_read",method="GET",status="200"}')).toBe(6);
      // Each worker rendered the answer once, then served it from its own cache.
      expect(s.get('foodbase_read_cache_requests_total{result="miss"}')).toBe(2);
      expect(s.get('foodbase_read_cache_requests_total{result="hit"}')).toBe(4);
      expect((await getJson(`${cluster.url}/metrics`)).status).toBe(404);
    } finally {
      await cluster.stop();
    }
    // Without a port of their own: whichever worker answers asks the primary for the sum.
    const onPublic = await startServerProcess(env);
    try {
      for (let i = 0; i < 4; i++) expect(await freshGet(`${onPublic.url}/health`)).toBe(200);
      for (let i = 0; i < 2; i++) {
        const { status, samples: s } = await scrape(`${onPublic.url}/metrics`);
        expect(status).toBe(200);
        expect(s.get('foodbase_http_requests_total{family="service",method="GET",status="200"}')).toBe(4 + i);
      }
    } finally {
      await onPublic.stop();
      await own.drop();
    }
  });
});

describe("metrics of foodbase import", () => {
  it("show its progress while it runs", { timeout: 90_000 }, async () => {
    const own = createTestDatabase();
    const file = join(own.dir, "products.jsonl");
    const generated = spawnSync(
      process.execPath,
      // The small profile: 2.4 MB, of which the import stores a first block while the rest is still to come.
      [CLI_MAIN, "generate", "--count", "600", "--seed", "7", "--profile", "small", "--out", file, "--no-progress"],
      { encoding: "utf8" },
    );
    expect(generated.status, generated.stderr).toBe(0);
    const lines = readFileSync(file);
    const port = await freePort();
    // From stdin, left open: the import reads and stores what it has, then waits for the rest.
    const child: ChildProcess = spawn(
      process.execPath,
      [CLI_MAIN, "import", "-", "--no-progress", "--batch-size", "100", "--workers", "0"],
      {
        env: {
          ...process.env,
          DATABASE_URL: own.url,
          FOODBASE_METRICS: "true",
          FOODBASE_METRICS_PORT: String(port),
          LOG_LEVEL: "silent",
        },
        stdio: ["pipe", "pipe", "pipe"],
      },
    );
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    let stderr = "";
    child.stderr?.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    try {
      child.stdin?.write(lines);
      // Reads 1 MiB blocks, here two ahead (--workers 0): the first is stored while the end of the
      // input (2.4 MB) is still to come.
      let seen = new Map<string, number>();
      for (let tries = 0; tries < 600; tries++) {
        if (stderr.includes("metrics on")) {
          seen = (await scrape(`http://127.0.0.1:${port}/metrics`)).samples;
          if ((seen.get("foodbase_import_products") ?? 0) > 0) break;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(stderr).toContain(`metrics on http://127.0.0.1:${port}/metrics`);
      expect(seen.get("foodbase_import_products")).toBeGreaterThan(0);
      expect(seen.get("foodbase_import_lines")).toBeGreaterThanOrEqual(seen.get("foodbase_import_products") as number);
      expect(seen.get("foodbase_import_lines")).toBeLessThanOrEqual(600);
      expect(seen.get("foodbase_import_bytes_read")).toBeGreaterThanOrEqual(1024 * 1024);
      expect(seen.get("foodbase_import_bytes_total")).toBe(0); // stdin: size unknown
      expect(
        seen.get('foodbase_store_call_duration_seconds_count{operation="loadProducts",outcome="ok"}'),
      ).toBeGreaterThanOrEqual(1);
      child.stdin?.end();
      expect(await exited).toBe(0);
    } finally {
      child.kill("SIGKILL");
      await own.drop();
    }
  });
});
