/**
 * Folksonomy bearer tokens over real HTTP (API.md §7.2, §7.3): lifetime, revocation, the number of
 * live tokens, the brute-force guard (counted in the database), `/auth_by_cookie`.
 */
import { afterEach, describe, expect, it } from "vitest";
import { hashPassword } from "../../src/accounts/passwords.js";
import { loadConfig } from "../../src/config.js";
import { startServer } from "../../src/server.js";
import { ALICE, BOB, startTestServer, type TestServer } from "../helpers/server.js";

const servers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  while (servers.length > 0) await servers.pop()?.close();
});

async function server(config: Parameters<typeof startTestServer>[0] = {}): Promise<TestServer> {
  const t = await startTestServer(config);
  servers.push(t);
  return t;
}

interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

async function answer(res: Response): Promise<Answer> {
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

function login(base: string, username: string, password: string): Promise<Answer> {
  return fetch(`${base}/folksonomy/auth`, { method: "POST", body: new URLSearchParams({ username, password }) }).then(
    answer,
  );
}

async function token(base: string, username: string, password: string): Promise<string> {
  const a = await login(base, username, password);
  expect(a.status).toBe(200);
  return a.body.access_token as string;
}

function me(base: string, bearer: string): Promise<Answer> {
  return fetch(`${base}/folksonomy/user/me`, { headers: { authorization: `Bearer ${bearer}` } }).then(answer);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const CHEAP = { N: 2 ** 10, r: 8, p: 1 };

describe("token lifetime and revocation", () => {
  it("an expired token counts as anonymous", async () => {
    // Lifetimes count in whole seconds: 3 s leaves room for a slow machine between login and first use.
    const t = await server({ config: { tokenLifetime: 3 } });
    const bearer = await token(t.url, "alice", ALICE.password);
    expect((await me(t.url, bearer)).status).toBe(200);
    await sleep(4100);
    expect(await me(t.url, bearer)).toMatchObject({ status: 401, body: { detail: "Authentication required" } });
    const read = await fetch(`${t.url}/folksonomy/product/1?owner=alice`, {
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(await answer(read)).toMatchObject({ status: 401, body: { detail: "Authentication required for 'alice'" } });
  });

  it("a password change revokes every token of the user", async () => {
    const t = await server();
    const first = await token(t.url, "alice", ALICE.password);
    const second = await token(t.url, "alice", ALICE.password);
    const bobs = await token(t.url, "bob", BOB.password);
    await t.server.store.setPassword("alice", await hashPassword("a-new-password", CHEAP));
    expect((await me(t.url, first)).status).toBe(401);
    expect((await me(t.url, second)).status).toBe(401);
    expect((await me(t.url, bobs)).status).toBe(200);
    expect((await login(t.url, "alice", ALICE.password)).status).toBe(401);
    expect((await me(t.url, await token(t.url, "alice", "a-new-password"))).status).toBe(200);
  });

  it("keeps 20 live tokens per user, dropping the oldest", async () => {
    const t = await server();
    const tokens: string[] = [];
    for (let i = 0; i < 21; i++) tokens.push(await token(t.url, "bob", BOB.password));
    expect(new Set(tokens).size).toBe(21);
    expect((await me(t.url, tokens[0] as string)).status).toBe(401);
    for (const bearer of tokens.slice(1)) expect((await me(t.url, bearer)).status).toBe(200);
  });

  it("accepts multipart forms and a user id in any case, and stores only hashes", async () => {
    const t = await server();
    const form = new FormData();
    form.append("username", " Alice ");
    form.append("password", ALICE.password);
    const a = await answer(await fetch(`${t.url}/folksonomy/auth`, { method: "POST", body: form }));
    expect(a.status).toBe(200);
    const bearer = a.body.access_token as string;
    expect(bearer).toMatch(/^alice__U/);
    const stored = (await t.database.query<{ token_hash: string }>("SELECT token_hash FROM tokens")).map(
      (r) => r.token_hash,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain(bearer);
  });

  it("answers a multipart form over the body limit with 413, and an unreadable one with 400", async () => {
    const t = await server({ config: { bodyLimit: 64 * 1024 } });
    const form = new FormData();
    form.append("username", "alice");
    form.append("password", ALICE.password);
    // A file part is not a field, but its bytes count toward the limit (API.md §1.1).
    form.append("photo", new Blob([new Uint8Array(100 * 1024)]), "photo.jpg");
    expect(await answer(await fetch(`${t.url}/folksonomy/auth`, { method: "POST", body: form }))).toMatchObject({
      status: 413,
      body: { detail: "Request body too large" },
    });
    const cut = await fetch(`${t.url}/folksonomy/auth`, {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=XYZ" },
      body: '--XYZ\r\nContent-Disposition: form-data; name="username"\r\n\r\nalice',
    });
    expect(await answer(cut)).toMatchObject({ status: 400, body: { detail: "There was an error parsing the body" } });
    // Small, but more fields than a form may have: said as such, not as "too large".
    const crowded = new FormData();
    crowded.append("username", "alice");
    crowded.append("password", ALICE.password);
    for (let i = 0; i < 1000; i++) crowded.append(`extra_${i}`, "v");
    expect(await answer(await fetch(`${t.url}/folksonomy/auth`, { method: "POST", body: crowded }))).toMatchObject({
      status: 413,
      body: { detail: "the form has more than 1000 fields" },
    });
    expect(await t.database.query("SELECT token_hash FROM tokens")).toHaveLength(0);
  });
});

describe("brute-force guard (API.md §7.3)", () => {
  it("answers 20 wrong passwords with 401 then 429, while another user logs in at once", async () => {
    const t = await server();
    const wrong = (async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) {
        const a = await login(t.url, "alice", `wrong-${i}`);
        statuses.push(a.status);
        if (a.status === 429) {
          expect(a.body).toEqual({ detail: "Too many failed authentication attempts, retry later" });
          const retry = Number(a.headers.get("retry-after"));
          expect(retry).toBeGreaterThan(0);
          expect(retry).toBeLessThanOrEqual(600);
        } else {
          expect(a.body).toEqual({ detail: "Invalid authentication credentials" });
        }
      }
      return statuses;
    })();
    const started = Date.now();
    const bob = await login(t.url, "bob", BOB.password);
    const bobMs = Date.now() - started;
    expect(bob.status).toBe(200);
    expect(bobMs).toBeLessThan(2000);
    expect(await wrong).toEqual([...Array(5).fill(401), ...Array(15).fill(429)]);
    // Even the right password is refused during the window…
    expect((await login(t.url, "alice", ALICE.password)).status).toBe(429);
    // …and other users still get in.
    expect((await login(t.url, "bob", BOB.password)).status).toBe(200);
  });

  it("parallel wrong passwords are counted one by one", async () => {
    const t = await server();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login(t.url, "alice", `wrong-${i}`)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(15).fill(429)]);
  });

  it("keeps the counters in the database: another server process on it refuses too", async () => {
    const t = await server();
    for (let i = 0; i < 5; i++) expect((await login(t.url, "alice", "wrong")).status).toBe(401);
    const config = loadConfig({}, {}, { port: 0, host: "127.0.0.1", databaseUrl: t.databaseUrl, logLevel: "silent" });
    const other = await startServer(config);
    servers.push(other);
    expect((await login(other.url, "alice", ALICE.password)).status).toBe(429);
    expect((await login(other.url, "bob", BOB.password)).status).toBe(200);
  });

  it("a success resets the user name's counter", async () => {
    const t = await server();
    for (let i = 0; i < 4; i++) expect((await login(t.url, "alice", "wrong")).status).toBe(401);
    expect((await login(t.url, "alice", ALICE.password)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(t.url, "alice", "wrong")).status).toBe(401);
    expect((await login(t.url, "alice", "wrong")).status).toBe(429);
  });

  it("blocks an address that fails `limit` times over any user names, then refuses even good credentials", async () => {
    const t = await server({ config: { authAddressFailureLimit: 3, authFailureWindow: 60 } });
    for (const name of ["carol", "dave", "erin"]) expect((await login(t.url, name, "guess")).status).toBe(401);
    const refused = await login(t.url, "bob", BOB.password);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
  });
});

describe("POST /auth_by_cookie (API.md §7.3)", () => {
  it("exchanges a foodbase session cookie for a token", async () => {
    const t = await server();
    const F = `${t.url}/folksonomy`;
    const post = (cookie?: string) =>
      fetch(`${F}/auth_by_cookie`, { method: "POST", headers: cookie === undefined ? {} : { cookie } }).then(answer);

    expect(await post()).toMatchObject({ status: 422, body: { detail: "Missing 'session' cookie" } });
    expect(await post("session=")).toMatchObject({ status: 422, body: { detail: "Missing 'session' cookie" } });
    expect(await post("session=abc")).toMatchObject({ status: 422, body: { detail: "Malformed 'session' cookie" } });
    expect(await post("session=user_session&x&user_id")).toMatchObject({
      status: 422,
      body: { detail: "Malformed 'session' cookie" },
    });

    const session = await fetch(`${t.url}/cgi/session.pl`, {
      method: "POST",
      body: new URLSearchParams({ user_id: "alice", password: ALICE.password }),
    });
    expect(session.status).toBe(200);
    const cookie = (session.headers.get("set-cookie") ?? "").split(";")[0] as string;
    expect(cookie).toMatch(/^session=user_id&alice&user_session&[0-9a-f]{64}$/);

    const ok = await post(cookie);
    expect(ok.status).toBe(200);
    expect(Object.keys(ok.body)).toEqual(["access_token", "token_type"]);
    expect(ok.body.token_type).toBe("bearer");
    expect((await me(t.url, ok.body.access_token as string)).body.user_id).toBe("alice");

    const unknown = await post(`session=user_id&alice&user_session&${"0".repeat(64)}`);
    expect(unknown).toMatchObject({ status: 401, body: { detail: "Invalid authentication credentials" } });
    expect(unknown.headers.get("www-authenticate")).toBe("Bearer");
    expect(await post(cookie.replace("user_id&alice", "user_id&bob"))).toMatchObject({ status: 401 });
  });
});
