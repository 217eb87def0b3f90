/**
 * One brute-force guard for every password check (issue 26 item 10, README "Sign-in limits"): each API
 * path that takes a password (product writes and reads, sessions, the folksonomy, photo uploads) answers
 * 429 with `Retry-After` in its own error shape once a limit is reached; an attacker cannot lock the owner
 * out; the windows expire (the server's clock is moved, nothing sleeps).
 * Several processes: test/postgres/processes.test.ts.
 */
import { afterEach, describe, expect, it } from "vitest";
import { ALICE, BOB, getJson, requestFrom, startTestServer, type TestServer } from "../helpers/server.js";

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

let nowMs = Date.UTC(2026, 0, 1);
async function server(config: Parameters<typeof startTestServer>[0] = {}): Promise<TestServer> {
  nowMs = Date.UTC(2026, 0, 1);
  const t = await startTestServer({ clock: () => nowMs, ...config });
  servers.push(t);
  return t;
}

const CLASSIC_429 = { status: 0, status_verbose: "Too many failed sign-in attempts, retry later" };
const CLASSIC_403 = { status: 0, status_verbose: "Incorrect user name or password." };
const form = (fields: Record<string, string>) => ({
  method: "POST",
  body: new URLSearchParams(fields).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});

/** Every path that checks a password: a request with the given pair, from the given address. */
const PATHS: Record<
  string,
  (base: string, from: string, userId: string, password: string) => ReturnType<typeof requestFrom>
> = {
  "product_jqm2.pl": (base, from, user_id, password) =>
    requestFrom(
      from,
      `${base}/cgi/product_jqm2.pl`,
      form({ code: "3701027900001", user_id, password, product_name: "x" }),
    ),
  "session.pl": (base, from, user_id, password) =>
    requestFrom(from, `${base}/cgi/session.pl`, form({ user_id, password })),
  "auth.pl": (base, from, user_id, password) => requestFrom(from, `${base}/cgi/auth.pl`, form({ user_id, password })),
  "v2 read": (base, from, user_id, password) =>
    requestFrom(from, `${base}/api/v2/product/3701027900001?${new URLSearchParams({ user_id, password })}`),
  "v3 read": (base, from, user_id, password) =>
    requestFrom(from, `${base}/api/v3/product/3701027900001?${new URLSearchParams({ user_id, password })}`),
  search: (base, from, user_id, password) =>
    requestFrom(from, `${base}/api/v2/search?${new URLSearchParams({ user_id, password })}`),
  "tag page": (base, from, user_id, password) =>
    requestFrom(from, `${base}/brand/x.json?${new URLSearchParams({ user_id, password })}`),
  "folksonomy /auth": (base, from, username, password) =>
    requestFrom(from, `${base}/folksonomy/auth`, form({ username, password })),
  // The photo routes check the credentials before anything else in the request.
  "product_image_upload.pl": (base, from, user_id, password) => {
    const fields = { code: "3701027900001", imagefield: "front_en", user_id, password };
    const body = Object.entries(fields)
      .map(([name, value]) => `--B\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join("");
    return requestFrom(from, `${base}/cgi/product_image_upload.pl`, {
      method: "POST",
      body: `${body}--B--\r\n`,
      headers: { "content-type": "multipart/form-data; boundary=B" },
    });
  },
  "product_image_unselect.pl": (base, from, user_id, password) =>
    requestFrom(
      from,
      `${base}/cgi/product_image_unselect.pl`,
      form({ code: "3701027900001", id: "front_en", user_id, password }),
    ),
  "v3 images": (base, from, user_id, password) =>
    requestFrom(from, `${base}/api/v3/product/3701027900001/images`, {
      method: "POST",
      body: JSON.stringify({ user_id, password }),
      headers: { "content-type": "application/json" },
    }),
};

/** Paths that answer in the v3 shape. */
const V3_PATHS = new Set(["v3 read", "v3 images"]);
/** Paths whose right answer for Bob is neither a product nor a 404: the request carries no photo. */
const ANSWERS_OTHER_THAN_READS = new Set(["product_image_upload.pl", "product_image_unselect.pl", "v3 images"]);

const REFUSED_STATUS: Record<string, number> = { "folksonomy /auth": 401, "product_jqm2.pl": 403 };

function expect429Shape(path: string, answer: Awaited<ReturnType<typeof requestFrom>>): void {
  expect(answer.status).toBe(429);
  const retry = Number(answer.headers["retry-after"]);
  expect(retry).toBeGreaterThan(0);
  expect(retry).toBeLessThanOrEqual(600);
  if (path === "folksonomy /auth")
    expect(answer.body).toEqual({ detail: "Too many failed authentication attempts, retry later" });
  else if (V3_PATHS.has(path)) {
    expect(answer.body).toMatchObject({
      status: "failure",
      errors: [{ message: { id: "too_many_failed_sign_in_attempts" }, impact: { id: "failure" } }],
    });
  } else expect(answer.body).toEqual(CLASSIC_429);
}

describe("every password check is guarded", () => {
  for (const [path, send] of Object.entries(PATHS)) {
    it(`${path}: 5 wrong passwords, then 429 with Retry-After, even for the right one; other users are not refused`, async () => {
      const t = await server();
      for (let i = 0; i < 5; i++) {
        const wrong = await send(t.url, "127.0.0.1", "alice", `wrong-${i}`);
        expect(wrong.status).toBe(REFUSED_STATUS[path] ?? 403);
      }
      expect429Shape(path, await send(t.url, "127.0.0.1", "alice", "wrong-5"));
      expect429Shape(path, await send(t.url, "127.0.0.1", "alice", ALICE.password));
      // Bob is not refused (a read of a product that does not exist is a 404).
      const bob = (await send(t.url, "127.0.0.1", "bob", BOB.password)).status;
      if (ANSWERS_OTHER_THAN_READS.has(path)) expect([403, 429]).not.toContain(bob);
      else expect([200, 404]).toContain(bob);
    });
  }

  it("the counters are shared by every path: failures on one refuse the others", async () => {
    const t = await server();
    const order = Object.values(PATHS);
    for (let i = 0; i < 5; i++) await (order[i] as (typeof order)[0])(t.url, "127.0.0.1", "alice", `wrong-${i}`);
    for (const send of order) expect((await send(t.url, "127.0.0.1", "alice", ALICE.password)).status).toBe(429);
  });

  it("a refused write stores nothing", async () => {
    const t = await server();
    for (let i = 0; i < 6; i++) await PATHS["product_jqm2.pl"]?.(t.url, "127.0.0.1", "alice", `wrong-${i}`);
    expect((await getJson(`${t.url}/api/v2/product/3701027900001`)).status).toBe(404);
  });
});

describe("limits", () => {
  it("per client address across accounts: failures over many accounts refuse the address, not others", async () => {
    // (Unknown accounts cost a full-strength dummy hash each: a lower limit keeps the test short.)
    const t = await server({ config: { authAddressFailureLimit: 6 } });
    for (let i = 0; i < 6; i++) {
      expect((await PATHS["session.pl"]?.(t.url, "127.0.0.3", `user${i}`, "guess"))?.status).toBe(403);
    }
    expect((await PATHS["session.pl"]?.(t.url, "127.0.0.3", "bob", BOB.password))?.status).toBe(429);
    expect((await PATHS["session.pl"]?.(t.url, "127.0.0.4", "bob", BOB.password))?.status).toBe(200);
  });

  it("per account: an attacker spread over addresses locks the account for them, never for the owner", async () => {
    const t = await server({ config: { authAccountFailureLimit: 8 } });
    // 4 addresses × 2 failures: under the per-address limits, at the account's.
    for (let i = 0; i < 8; i++) {
      const answer = await PATHS["product_jqm2.pl"]?.(t.url, `127.0.0.${10 + (i % 4)}`, "alice", `guess-${i}`);
      expect(answer?.status).toBe(403);
    }
    // The attacker's addresses are refused now, even with the right password…
    const refused = await PATHS["product_jqm2.pl"]?.(t.url, "127.0.0.10", "alice", ALICE.password);
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers["retry-after"])).toBe(86_400);
    // …the owner, from an address without failures, still gets in on every path.
    for (const [path, send] of Object.entries(PATHS)) {
      const owner = await send(t.url, "127.0.0.2", "alice", ALICE.password);
      if (ANSWERS_OTHER_THAN_READS.has(path)) expect([403, 429], path).not.toContain(owner.status);
      else expect([200, 404], path).toContain(owner.status);
    }
  });

  it("the owner is not locked out by the per-account limit even after an attacker's 300 guesses", async () => {
    const t = await server({ config: { authAccountFailureLimit: 50 } });
    let refused = 0;
    for (let i = 0; i < 300; i++) {
      const answer = await PATHS["session.pl"]?.(t.url, `127.0.1.${i % 60}`, "alice", `guess-${i}`);
      if (answer?.status === 429) refused++;
      else expect(answer?.status).toBe(403);
    }
    // 50 checked; then each of the 10 addresses that had not failed yet gets its one check, the rest are
    // refused unchecked.
    expect(refused).toBe(240);
    expect((await PATHS["session.pl"]?.(t.url, "127.0.0.2", "alice", ALICE.password))?.status).toBe(200);
  });
});

describe("windows", () => {
  it("the per (account, address) lock ends when its window has passed", async () => {
    const t = await server({ config: { authFailureWindow: 60 } });
    for (let i = 0; i < 5; i++) await PATHS["auth.pl"]?.(t.url, "127.0.0.1", "alice", `wrong-${i}`);
    const refused = await PATHS["auth.pl"]?.(t.url, "127.0.0.1", "alice", ALICE.password);
    expect(refused?.status).toBe(429);
    expect(refused?.headers["retry-after"]).toBe("60");
    nowMs += 30_000;
    expect((await PATHS["auth.pl"]?.(t.url, "127.0.0.1", "alice", ALICE.password))?.headers["retry-after"]).toBe("30");
    nowMs += 30_001;
    expect((await PATHS["auth.pl"]?.(t.url, "127.0.0.1", "alice", ALICE.password))?.body).toMatchObject({
      status: 1,
      user_id: "alice",
    });
  });

  it("the per-account lock ends when its window has passed", async () => {
    const t = await server({ config: { authAccountFailureLimit: 3, authAccountFailureWindow: 3600 } });
    for (let i = 0; i < 3; i++) await PATHS["session.pl"]?.(t.url, `127.0.0.${20 + i}`, "alice", "guess");
    expect((await PATHS["session.pl"]?.(t.url, "127.0.0.20", "alice", ALICE.password))?.status).toBe(429);
    nowMs += 3_600_001;
    expect((await PATHS["session.pl"]?.(t.url, "127.0.0.20", "alice", ALICE.password))?.status).toBe(200);
  });

  it("a right password resets the failures of that account from that address", async () => {
    const t = await server();
    for (let i = 0; i < 4; i++) await PATHS["session.pl"]?.(t.url, "127.0.0.1", "alice", `wrong-${i}`);
    expect((await PATHS["session.pl"]?.(t.url, "127.0.0.1", "alice", ALICE.password))?.status).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await PATHS["session.pl"]?.(t.url, "127.0.0.1", "alice", `again-${i}`))?.status).toBe(403);
    }
    expect((await PATHS["session.pl"]?.(t.url, "127.0.0.1", "alice", "again"))?.status).toBe(429);
  });
});

describe("CLASSIC_403 is the answer to a wrong password below the limits", () => {
  it("on the classic read", async () => {
    const t = await server();
    expect((await PATHS["v2 read"]?.(t.url, "127.0.0.1", "alice", "wrong"))?.body).toEqual(CLASSIC_403);
  });
});

describe("v3 wrong credentials (issue 26 item 6)", () => {
  it("answers OFF's body: api_v3_product_read/get-auth-bad-user-password.json", async () => {
    const t = await server();
    const answer = await PATHS["v3 read"]?.(t.url, "127.0.0.1", "alice", "wrong");
    expect(answer?.status).toBe(403);
    expect(answer?.body).toEqual({
      errors: [
        {
          impact: { id: "failure", lc_name: "Failure", name: "Failure" },
          message: { id: "invalid_user_id_and_password", lc_name: "", name: "" },
        },
      ],
      status: "failure",
      warnings: [],
    });
  });
});
