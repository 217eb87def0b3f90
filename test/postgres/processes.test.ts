/**
 * Several stateless foodbase processes on one PostgreSQL database (issue #7): what one process writes
 * the other reads at once; parallel writes through both lose nothing; tokens, password changes and the
 * login rate limit hold across them; kill -9 loses no write that was answered with success.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../src/accounts/passwords.js";
import { openStore } from "../../src/store/open.js";
import { CLI_MAIN, type ServerProcess, startServerProcess } from "../helpers/processes.js";
import { getJson, postForm, requestFrom } from "../helpers/server.js";
import { createTestDatabase, type TestDatabase } from "../helpers/store.js";

const WRITE = "/cgi/product_jqm2.pl";
const PASSWORDS: Record<string, string> = {
  alice: "alice-password",
  carol: "carol-password",
  dave: "dave-password",
  erin: "erin-password",
  frank: "frank-password",
};

let database: TestDatabase;
const running: ServerProcess[] = [];
let a: ServerProcess;
let b: ServerProcess;

async function start(): Promise<ServerProcess> {
  const server = await startServerProcess({ DATABASE_URL: database.url, DATABASE_POOL_SIZE: "5" });
  running.push(server);
  return server;
}

beforeAll(async () => {
  database = createTestDatabase("postgres");
  const store = await openStore(database.url, { poolSize: 1 });
  try {
    for (const [userId, password] of Object.entries(PASSWORDS)) {
      await store.addUser({
        userId,
        email: `${userId}@example.org`,
        name: userId,
        passwordHash: await hashPassword(password, { N: 2 ** 10, r: 8, p: 1 }),
      });
    }
  } finally {
    await store.close();
  }
  [a, b] = await Promise.all([start(), start()]);
}, 60_000);

afterAll(async () => {
  await Promise.all(running.map((s) => s.kill()));
  await database.drop();
});

function write(server: ServerProcess, fields: Record<string, string>, userId = "alice") {
  return postForm(server.url, WRITE, { user_id: userId, password: PASSWORDS[userId] as string, ...fields });
}

function read(server: ServerProcess, code: string, query = "") {
  return getJson(`${server.url}/api/v2/product/${code}${query}`);
}

describe("two processes on one database", () => {
  it("reads back at once, through the other process, what one process wrote", async () => {
    const code = "2000000000017";
    for (let i = 1; i <= 6; i++) {
      const [writer, reader] = i % 2 === 1 ? [a, b] : [b, a];
      expect((await write(writer, { code, product_name: `Oats ${i}` })).body).toEqual({
        status: 1,
        status_verbose: "fields saved",
      });
      // The reader has rendered (and may have cached) the previous revision: it must not serve it again.
      const seen = await read(reader, code, "?fields=product_name,rev");
      expect(seen.body).toMatchObject({ status: 1, product: { product_name: `Oats ${i}`, rev: i } });
    }
  });

  it("100 parallel writes to one product, spread over both processes, end at rev 100 with every field", async () => {
    // Nutrient ids of the shipped taxonomy, but those a write ignores (NUTRITION.md §1: scores, computed
    // ids) or lets replace another one (energy units, salt/sodium: API.md §4.5).
    const taxonomy = readFileSync(join(import.meta.dirname, "../../data/taxonomies/nutrients.txt"), "utf8");
    const excluded =
      /^(energy|energy-kj|energy-kcal|salt|sodium|nova-group|nutrition-score-.*|.*-from-ingredients|carbon-footprint-from-meat-or-fish)$/;
    const nids = [...taxonomy.matchAll(/^zz:(\S+)$/gm)]
      .map((m) => m[1] as string)
      .filter((nid) => !excluded.test(nid))
      .slice(0, 100);
    expect(new Set(nids).size).toBe(100);
    const code = "2000000000024";
    const answers = await Promise.all(
      nids.map((nid, i) => write(i % 2 === 0 ? a : b, { code, [`nutriment_${nid}`]: String(i + 1) })),
    );
    expect(answers.map((r) => r.body.status)).toEqual(Array(100).fill(1));
    for (const server of [a, b]) {
      const { body } = await read(server, code, "?fields=rev,nutriments");
      expect(body.product.rev).toBe(100);
      // `<nid>_value` is the number as sent (API.md §4.5).
      nids.forEach((nid, i) => {
        expect(body.product.nutriments[`${nid}_value`], nid).toBe(i + 1);
      });
    }
    expect((await read(a, code, "?rev=100&fields=rev")).body.product).toEqual({ rev: 100 });
    expect((await read(b, code, "?rev=101")).body.status).toBe(0);
  });

  it("a folksonomy token issued by one process works on the other", async () => {
    const login = await getJson(`${a.url}/folksonomy/auth`, {
      method: "POST",
      body: new URLSearchParams({ username: "alice", password: PASSWORDS.alice as string }),
    });
    expect(login.status).toBe(200);
    const bearer = login.body.access_token as string;
    const headers = { authorization: `Bearer ${bearer}` };
    expect((await getJson(`${b.url}/folksonomy/user/me`, { headers })).body).toEqual({
      user_id: "alice",
      admin: false,
      moderator: false,
      user: true,
    });
    const created = await getJson(`${b.url}/folksonomy/product`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ product: "2000000000017", k: "color", v: "golden" }),
    });
    expect(created.status).toBe(200);
    const tags = await getJson(`${a.url}/folksonomy/product/2000000000017`);
    expect(tags.body).toMatchObject([{ product: "2000000000017", k: "color", v: "golden", owner: "", version: 1 }]);
  });

  it("the login rate limit counts failures from both processes together", async () => {
    const login = (server: ServerProcess, username: string, password: string) =>
      getJson(`${server.url}/folksonomy/auth`, { method: "POST", body: new URLSearchParams({ username, password }) });
    // FOODBASE_AUTH_FAILURE_LIMIT is 5 by default: the sixth failure within the window is refused.
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await login(i % 2 === 0 ? a : b, "carol", `wrong-${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
    expect((await login(a, "carol", PASSWORDS.carol as string)).status).toBe(429);
    expect((await login(b, "carol", PASSWORDS.carol as string)).status).toBe(429);
    // In parallel, half through each process: still exactly five are let through to a password check.
    const parallel = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(i % 2 === 0 ? a : b, "dave", `wrong-${i}`)),
    );
    expect(parallel.map((r) => r.status).sort()).toEqual([...Array(5).fill(401), ...Array(15).fill(429)]);
  });

  it("every password check shares the counters across processes: writes, sign-in and reads (issue 26)", async () => {
    // From an address of its own, so that the failures of the other tests do not count.
    const from = "127.0.0.5";
    const post = (server: ServerProcess, path: string, fields: Record<string, string>) =>
      requestFrom(from, `${server.url}${path}`, {
        method: "POST",
        body: new URLSearchParams(fields).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
    const attempts = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 3 === 0
          ? post(a, WRITE, { code: "2000000000031", user_id: "erin", password: `wrong-${i}`, product_name: "x" })
          : i % 3 === 1
            ? post(b, "/cgi/session.pl", { user_id: "erin", password: `wrong-${i}` })
            : requestFrom(from, `${b.url}/api/v2/product/2000000000031?user_id=erin&password=wrong-${i}`),
      ),
    );
    // Exactly five reach a password check, whichever process and path they went through.
    expect(attempts.map((r) => r.status).sort()).toEqual([...Array(5).fill(403), ...Array(7).fill(429)]);
    for (const server of [a, b]) {
      const refused = await post(server, WRITE, {
        code: "2000000000031",
        user_id: "erin",
        password: PASSWORDS.erin as string,
      });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    }
    expect((await read(a, "2000000000031")).status).toBe(404);
  });

  it("a password changed on the database is refused at once by both processes, cached or not", async () => {
    const code = "2000000000031";
    expect((await write(a, { code, product_name: "Before" }, "erin")).body.status).toBe(1);
    expect((await write(b, { code, product_name: "Before" }, "erin")).body.status).toBe(1);
    const passwd = spawnSync(process.execPath, [CLI_MAIN, "users", "passwd", "erin", "--password-stdin"], {
      input: "erin-new-password\n",
      encoding: "utf8",
      env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: "silent" },
    });
    expect(passwd.status).toBe(0);
    for (const server of [a, b]) {
      const refused = await write(server, { code, product_name: "After" }, "erin");
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ status: 0, status_verbose: "Incorrect user name or password." });
      const accepted = await postForm(server.url, WRITE, {
        code,
        user_id: "erin",
        password: "erin-new-password",
        product_name: "After",
      });
      expect(accepted.body.status).toBe(1);
    }
  });
});

describe("kill -9 during writes", () => {
  it("loses no write that was answered with success (checked after a restart)", async () => {
    const victim = await start();
    const acknowledged: Array<{ code: string; name: string }> = [];
    let next = 0;
    let killed: Promise<void> | undefined;
    // Four clients write new products through the victim until it dies under them.
    const client = async () => {
      for (;;) {
        const i = next++;
        if (i >= 2000) return; // bounded, whatever happens
        const code = String(2_100_000_000_000 + i * 10);
        const name = `Crash test ${i}`;
        let answer: Awaited<ReturnType<typeof write>>;
        try {
          answer = await write(victim, { code, product_name: name, nutriment_fat: String(i % 50) }, "frank");
        } catch {
          return; // connection refused or reset: the process is gone
        }
        if (answer.status === 200 && answer.body.status === 1) acknowledged.push({ code, name });
        if (acknowledged.length >= 40 && killed === undefined) killed = victim.kill();
      }
    };
    await Promise.all([client(), client(), client(), client()]);
    await killed;
    expect(await victim.exited).toBe("SIGKILL");
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);

    const restarted = await start();
    for (const { code, name } of acknowledged) {
      for (const server of [restarted, b]) {
        const { body } = await read(server, code, "?fields=product_name,nutriments");
        expect(body.status, `${code} via ${server === b ? "the other process" : "the restarted one"}`).toBe(1);
        expect(body.product.product_name).toBe(name);
      }
    }
    // The restarted process writes as before.
    expect((await write(restarted, { code: "2000000000048", product_name: "After the crash" })).body.status).toBe(1);
    expect((await read(b, "2000000000048", "?fields=product_name")).body.product).toEqual({
      product_name: "After the crash",
    });
  });
});
