/**
 * `foodbase serve --workers 2` (issue 24): two worker processes behind one port, on the test project's
 * store. Each request below goes on a connection of its own, which the cluster hands to the workers in
 * turn, so a write through one worker is read back through the other: every cache of README's "What
 * is cached where" must stay right. A worker killed is replaced while the other serves; SIGTERM lets a
 * request in flight finish; migrations and the sample data run once, in the primary.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../src/accounts/passwords.js";
import { openStore } from "../../src/store/open.js";
import { CLI_MAIN, childPids, type ServerProcess, startServerProcess } from "../helpers/processes.js";
import { createTestDatabase, type TestDatabase } from "../helpers/store.js";

const WRITE = "/cgi/product_jqm2.pl";
const PASSWORD = "alice-password";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

/** One HTTP request on a new connection (no keep-alive agent): the cluster picks the worker. */
function fresh(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? "GET", headers: options.headers, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => {
        text += d;
      });
      res.on("end", () => {
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {}
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      });
    });
    req.on("error", reject);
    // A connection handed to a worker that dies under it would otherwise wait for ever.
    req.setTimeout(10_000, () => req.destroy(new Error(`no answer within 10 s: ${url}`)));
    req.end(options.body);
  });
}

/** One HTTP request on the agent's one kept-alive connection. */
function kept(
  agent: Agent,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? "GET", headers: options.headers, agent }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => {
        text += d;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) }));
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

function form(fields: Record<string, string>) {
  return {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  };
}

/** Enough reads on fresh connections that each of the two workers answers some (round robin). */
const READS = 4;

async function readsFromEveryWorker(url: string, options?: Parameters<typeof fresh>[1]): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < READS; i++) answers.push(await fresh(url, options));
  return answers;
}

let database: TestDatabase;
let server: ServerProcess;

beforeAll(async () => {
  database = createTestDatabase();
  const store = await openStore(database.url, { poolSize: 1 });
  try {
    await store.addUser({
      userId: "alice",
      email: "alice@example.org",
      name: "Alice",
      passwordHash: await hashPassword(PASSWORD, { N: 2 ** 10, r: 8, p: 1 }),
    });
  } finally {
    await store.close();
  }
  server = await startServerProcess({ DATABASE_URL: database.url, DATABASE_POOL_SIZE: "3", FOODBASE_WORKERS: "2" }, [
    "--sample-data",
  ]);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await database.drop();
});

describe("serve --workers 2", () => {
  it("runs two workers on one port and loads the sample data once", async () => {
    expect(childPids(server.child.pid as number)).toHaveLength(2);
    const reads = await readsFromEveryWorker(`${server.url}/api/v2/product/3017620422003?fields=product_name,rev`);
    for (const r of reads) expect(r.body).toMatchObject({ status: 1, product: { product_name: "Nutella", rev: 1 } });
  });

  it("reads back through any worker the product another wrote, cached answers included", async () => {
    const code = "2000000000017";
    const product = `${server.url}/api/v2/product/${code}?fields=product_name,rev`;
    const v3 = `${server.url}/api/v3/product/${code}?fields=product_name`;
    for (let i = 1; i <= 4; i++) {
      const written = await fresh(
        `${server.url}${WRITE}`,
        form({ code, user_id: "alice", password: PASSWORD, product_name: `Oats ${i}` }),
      );
      expect(written.body).toEqual({ status: 1, status_verbose: "fields saved" });
      // Both workers have rendered (and cached) the previous revision: neither may serve it again.
      for (const r of await readsFromEveryWorker(product)) {
        expect(r.body).toMatchObject({ status: 1, product: { product_name: `Oats ${i}`, rev: i } });
      }
      for (const r of await readsFromEveryWorker(v3)) expect(r.body.product).toEqual({ product_name: `Oats ${i}` });
      const search = `${server.url}/api/v2/search?search_terms=oats&fields=code,product_name`;
      for (const r of await readsFromEveryWorker(search)) {
        expect(r.body).toMatchObject({ count: 1, products: [{ code, product_name: `Oats ${i}` }] });
      }
    }
  });

  it("answers the next request with the write just answered, however soon it comes", async () => {
    // Two kept-alive connections, opened one after the other: the cluster gives them to the two
    // workers in turn. A read on one follows a write answered on the other within a fraction of a
    // millisecond, sooner than SQLite's check for other processes' writes.
    const agents = [new Agent({ keepAlive: true, maxSockets: 1 }), new Agent({ keepAlive: true, maxSockets: 1 })];
    try {
      const code = "2000000000048";
      const product = `${server.url}/api/v2/product/${code}?fields=product_name`;
      for (const agent of agents) await kept(agent, product);
      for (let i = 1; i <= 30; i++) {
        const [writer, reader] = i % 2 === 0 ? agents : [...agents].reverse();
        // The reader reads on while the write runs: it has just looked for other processes' writes
        // when the write's answer comes, so its next read is within the millisecond it trusts its memory.
        let writing = true;
        const written = kept(
          writer as Agent,
          `${server.url}${WRITE}`,
          form({ code, user_id: "alice", password: PASSWORD, product_name: `Barley ${i}` }),
        ).finally(() => {
          writing = false;
        });
        while (writing) await kept(reader as Agent, product);
        expect((await written).body.status).toBe(1);
        expect((await kept(reader as Agent, product)).body.product?.product_name).toBe(`Barley ${i}`);
      }
    } finally {
      for (const agent of agents) agent.destroy();
    }
  });

  it("writes sent to both workers at once to one product: each is the next revision, none lost", async () => {
    // Each worker computes a write before it takes the write lock, on the revision current then; a write
    // whose product another committed meanwhile is computed again on the new one (store/sqlite/index.ts).
    const agents = [new Agent({ keepAlive: true, maxSockets: 4 }), new Agent({ keepAlive: true, maxSockets: 4 })];
    try {
      const code = "2000000000055";
      const labels = Array.from({ length: 24 }, (_, i) => `Label ${i}`);
      const answers = await Promise.all(
        labels.map((label, i) =>
          kept(
            agents[i % 2] as Agent,
            `${server.url}${WRITE}`,
            form({ code, user_id: "alice", password: PASSWORD, add_labels: label, comment: `write ${i}` }),
          ),
        ),
      );
      for (const answer of answers) expect(answer.body).toEqual({ status: 1, status_verbose: "fields saved" });
      // 24 revisions holding the 24 labels: no write lost, none applied twice.
      for (const r of await readsFromEveryWorker(`${server.url}/api/v2/product/${code}?fields=labels_tags,rev`)) {
        expect(r.body.product.rev).toBe(labels.length);
        expect([...r.body.product.labels_tags].sort()).toEqual(
          labels.map((l) => `en:${l.toLowerCase().replace(" ", "-")}`).sort(),
        );
      }
    } finally {
      for (const agent of agents) agent.destroy();
    }
  });

  it("a session opened through one worker works on all, and its logout ends it on all", async () => {
    const login = await fresh(`${server.url}/cgi/session.pl`, form({ user_id: "alice", password: PASSWORD }));
    expect(login.status).toBe(200);
    const cookie = String(login.headers["set-cookie"]).split(";")[0] as string;
    for (const r of await readsFromEveryWorker(`${server.url}/cgi/auth.pl`, { headers: { cookie } })) {
      expect(r.body.user_id).toBe("alice");
    }
    const logout = await fresh(`${server.url}/cgi/session.pl?length=logout`, { headers: { cookie } });
    expect(logout.body).toEqual({ status: 1, status_verbose: "user signed-out" });
    for (const r of await readsFromEveryWorker(`${server.url}/cgi/auth.pl`, { headers: { cookie } })) {
      expect(r.status).toBe(403);
    }
  });

  it("folksonomy tokens and tags written through one worker are seen by all", async () => {
    const auth = await fresh(`${server.url}/folksonomy/auth`, form({ username: "alice", password: PASSWORD }));
    expect(auth.status).toBe(200);
    const authorization = `Bearer ${auth.body.access_token as string}`;
    const tags = `${server.url}/folksonomy/product/3017620422003`;
    for (const r of await readsFromEveryWorker(tags)) expect(r.body).toEqual([]);
    for (const [version, v] of [
      [1, "brown"],
      [2, "dark brown"],
    ] as const) {
      const body =
        version === 1
          ? { product: "3017620422003", k: "color", v }
          : { product: "3017620422003", k: "color", v, version };
      const written = await fresh(`${server.url}/folksonomy/product`, {
        method: version === 1 ? "POST" : "PUT",
        headers: { authorization, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(written.status).toBe(200);
      for (const r of await readsFromEveryWorker(tags)) {
        expect(r.body).toMatchObject([{ product: "3017620422003", k: "color", v, version }]);
      }
    }
  });

  it("a password changed on the database is refused at once by every worker, though it was cached", async () => {
    const code = "2000000000024";
    const write = (password: string) =>
      fresh(`${server.url}${WRITE}`, form({ code, user_id: "alice", password, product_name: "Rye" }));
    // Verified (and cached) by both workers.
    for (let i = 0; i < READS; i++) expect((await write(PASSWORD)).body.status).toBe(1);
    const passwd = spawnSync(process.execPath, [CLI_MAIN, "users", "passwd", "alice", "--password-stdin"], {
      input: "alice-new-password\n",
      encoding: "utf8",
      env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: "silent" },
    });
    expect(passwd.status).toBe(0);
    for (let i = 0; i < READS; i++) {
      const refused = await write(PASSWORD);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ status: 0, status_verbose: "Incorrect user name or password." });
    }
    for (let i = 0; i < READS; i++) expect((await write("alice-new-password")).body.status).toBe(1);
  });
});

describe("serve --workers 2, stopping and starting", () => {
  it("replaces a worker killed with kill -9, while the other keeps serving", { timeout: 90_000 }, async () => {
    const own = createTestDatabase();
    // Logs on: the primary says when a new worker listens.
    const served = await startServerProcess({ DATABASE_URL: own.url, FOODBASE_WORKERS: "2", LOG_LEVEL: "info" }, [
      "--sample-data",
    ]);
    let logs = "";
    served.child.stdout?.on("data", (d: Buffer) => {
      logs += d.toString();
    });
    try {
      const primary = served.child.pid as number;
      const [first, second] = childPids(primary) as [number, number];
      const seen = (pattern: RegExp) => pattern.exec(logs)?.[1];
      const waitFor = async (pattern: RegExp): Promise<string> => {
        for (let tries = 0; tries < 600 && seen(pattern) === undefined; tries++) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        return seen(pattern) as string;
      };
      process.kill(first, "SIGKILL");
      // Once the primary knows (a connection handed to the worker in the instant it died is lost with
      // it), the other worker serves every request while the replacement starts.
      expect(await waitFor(new RegExp(`"worker":(${first}),[^\n]*"msg":"worker exited; starting another"`))).toBe(
        String(first),
      );
      for (let i = 0; i < 10; i++) expect((await fresh(`${served.url}/health`)).status).toBe(200);
      const replacement = Number(await waitFor(/"worker":(\d+),"msg":"worker listening"/));
      expect(childPids(primary).sort()).toEqual([second, replacement].sort());
      // The new worker serves: with the other one gone too, reads still succeed.
      process.kill(second, "SIGKILL");
      await waitFor(new RegExp(`"worker":(${second}),[^\n]*"msg":"worker exited; starting another"`));
      for (let i = 0; i < 10; i++) {
        const r = await fresh(`${served.url}/api/v2/product/3017620422003?fields=product_name`);
        expect(r.body).toMatchObject({ status: 1, product: { product_name: "Nutella" } });
      }
    } finally {
      await served.stop();
      await own.drop();
    }
  });

  it("on SIGTERM, finishes the request in flight, then exits 0", { timeout: 90_000 }, async () => {
    const own = createTestDatabase();
    const store = await openStore(own.url, { poolSize: 1 });
    await store.addUser({
      userId: "alice",
      email: "alice@example.org",
      name: "Alice",
      passwordHash: await hashPassword(PASSWORD, { N: 2 ** 10, r: 8, p: 1 }),
    });
    await store.close();
    const stopping = await startServerProcess({ DATABASE_URL: own.url, FOODBASE_WORKERS: "2" });
    try {
      const body = new URLSearchParams({
        code: "2000000000031",
        user_id: "alice",
        password: PASSWORD,
        product_name: "Written while stopping",
      }).toString();
      // The request's head and half its body are sent; the rest follows the SIGTERM.
      const answer = new Promise<Answer>((resolve, reject) => {
        const req = request(
          `${stopping.url}${WRITE}`,
          {
            method: "POST",
            agent: false,
            headers: {
              "content-type": "application/x-www-form-urlencoded",
              "content-length": String(Buffer.byteLength(body)),
            },
          },
          (res) => {
            let text = "";
            res.on("data", (d: Buffer) => {
              text += d.toString();
            });
            res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) }));
          },
        );
        req.on("error", reject);
        req.write(body.slice(0, 20));
        setTimeout(() => {
          stopping.child.kill("SIGTERM");
          setTimeout(() => req.end(body.slice(20)), 300);
        }, 300);
      });
      expect((await answer).body).toEqual({ status: 1, status_verbose: "fields saved" });
      expect(await stopping.exited).toBe(0);
      const check = await openStore(own.url, { poolSize: 1 });
      try {
        expect((await check.getProduct("2000000000031"))?.product_name).toBe("Written while stopping");
      } finally {
        await check.close();
      }
    } finally {
      await stopping.kill();
      await own.drop();
    }
  });

  it("on SIGTERM, a request that never ends holds the stop only FOODBASE_SHUTDOWN_GRACE seconds", {
    timeout: 90_000,
  }, async () => {
    const own = createTestDatabase();
    const stopping = await startServerProcess({
      DATABASE_URL: own.url,
      FOODBASE_WORKERS: "2",
      FOODBASE_SHUTDOWN_GRACE: "1",
    });
    try {
      // A write announcing 1,000 bytes of form and sending 19 (an upload over a link that died): the request
      // stays in flight, and without a grace the worker would wait for the rest for ever.
      const { hostname, port } = new URL(stopping.url);
      const stalled = connect(Number(port), hostname);
      stalled.on("error", () => {});
      stalled.resume();
      const closed = new Promise<void>((resolve) => stalled.once("close", () => resolve()));
      await new Promise<void>((resolve) => stalled.once("connect", () => resolve()));
      stalled.write(
        `POST ${WRITE} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
          "Content-Length: 1000\r\n\r\ncode=2000000000031&",
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      stopping.child.kill("SIGTERM");
      // A second later the worker closes the connection and exits; then the primary exits.
      await closed;
      expect(await stopping.exited).toBe(0);
    } finally {
      await stopping.kill();
      await own.drop();
    }
  });

  it("refuses a taken port with the single process's message, and leaves no worker behind", {
    timeout: 90_000,
  }, async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const port = (taken.address() as { port: number }).port;
    const own = createTestDatabase();
    try {
      const r = spawnSync(process.execPath, [CLI_MAIN, "serve", "--port", String(port), "--workers", "2"], {
        encoding: "utf8",
        env: { ...process.env, DATABASE_URL: own.url, LOG_LEVEL: "silent" },
        timeout: 60_000,
      });
      // spawnSync waits for every process holding the output pipes: a worker left behind would time it out.
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(`cannot listen on 127.0.0.1:${port}: the port is already in use`);
    } finally {
      taken.close();
      await own.drop();
    }
  });

  it("refuses a file that is not a database, though the workers started before it was opened", {
    timeout: 90_000,
  }, async () => {
    // The primary opens (migrates) the database while its workers load: its failure must still stop them.
    const dir = mkdtempSync(join(tmpdir(), "foodbase-not-a-db-"));
    const file = join(dir, "products.db");
    writeFileSync(file, "these bytes are not an SQLite database, whatever their length may be.\n".repeat(100));
    try {
      const r = spawnSync(process.execPath, [CLI_MAIN, "serve", "--port", "0", "--workers", "2"], {
        encoding: "utf8",
        env: { ...process.env, DATABASE_URL: file, LOG_LEVEL: "silent" },
        timeout: 60_000,
      });
      // spawnSync waits for every process holding the output pipes: a worker left behind would time it out.
      expect(r.status).toBe(1);
      expect(r.stderr).toContain("cannot open the database");
      expect(r.stderr).not.toContain("    at ");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
