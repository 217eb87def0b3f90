/**
 * HTTP rules of the folksonomy base `{F}` (API.md §1, §1.1, §1.4, §7.1): CORS, error bodies, HEAD
 * and trailing slashes, its own OpenAPI document and docs page, another prefix, its own listener.
 */
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALICE, startTestServer, type TestServer } from "../helpers/server.js";

let t: TestServer;
let F: string;

beforeAll(async () => {
  t = await startTestServer({ config: { bodyLimit: 4096 } });
  F = `${t.url}/folksonomy`;
});
afterAll(async () => t.close());

async function json(res: Response): Promise<unknown> {
  return JSON.parse(await res.text());
}

describe("CORS under {F} (API.md §1)", () => {
  it("echoes an http(s) Origin with credentials, on answers and errors", async () => {
    for (const path of ["/ping", "/nope", "/product/1"]) {
      const res = await fetch(`${F}${path}`, { headers: { origin: "https://app.example.org" } });
      expect(res.headers.get("access-control-allow-origin")).toBe("https://app.example.org");
      expect(res.headers.get("access-control-allow-credentials")).toBe("true");
      expect(res.headers.get("access-control-expose-headers")).toContain("*");
    }
    const none = await fetch(`${F}/ping`);
    expect(none.headers.get("access-control-allow-origin")).toBeNull();
    const notHttp = await fetch(`${F}/ping`, { headers: { origin: "null" } });
    expect(notHttp.headers.get("access-control-allow-origin")).toBeNull();
    // The product API keeps `*`.
    const product = await fetch(`${t.url}/health`, { headers: { origin: "https://app.example.org" } });
    expect(product.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("answers OPTIONS on any path with 204 and the CORS headers", async () => {
    for (const path of ["/product", "/product/1/color", "/nope/at/all", ""]) {
      const res = await fetch(`${F}${path}`, {
        method: "OPTIONS",
        headers: {
          origin: "http://localhost:3000",
          "access-control-request-method": "PUT",
          "access-control-request-headers": "authorization, content-type",
        },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get("access-control-allow-origin")).toBe("http://localhost:3000");
      expect(res.headers.get("access-control-allow-credentials")).toBe("true");
      expect(res.headers.get("access-control-allow-methods")).toBe("GET, POST, PUT, DELETE, OPTIONS");
      expect(res.headers.get("access-control-allow-headers")).toBe("authorization, content-type");
      expect(res.headers.get("access-control-max-age")).toBe("86400");
    }
  });
});

describe("errors under {F} (API.md §1.1)", () => {
  it("unknown path, wrong method, body too large", async () => {
    const missing = await fetch(`${F}/nope`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await json(missing)).toEqual({ detail: "Not Found" });

    const wrong = await fetch(`${F}/product`);
    expect(wrong.status).toBe(405);
    expect(await json(wrong)).toEqual({ detail: "Method Not Allowed" });
    expect((wrong.headers.get("allow") ?? "").split(", ").sort()).toEqual(["POST", "PUT"]);
    expect((await fetch(`${F}/keys`, { method: "POST" })).status).toBe(405);

    const big = await fetch(`${F}/product`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ product: "1", k: "a", v: "x".repeat(8000) }),
    });
    expect(big.status).toBe(413);
    expect(await json(big)).toEqual({ detail: "Request body too large" });
  });

  it("HEAD works where GET does; a trailing slash is ignored; %2F stays in a path parameter", async () => {
    const head = await fetch(`${F}/keys`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    expect(await json(await fetch(`${F}/products/stats/`))).toEqual([]);
    expect(await json(await fetch(`${F}/product/12%2F34`))).toEqual([]);
    expect(await json(await fetch(`${F}/`))).toEqual({
      message: "Hello folksonomy World! Tip: open /docs for documentation",
    });
    expect(await json(await fetch(F))).toEqual({
      message: "Hello folksonomy World! Tip: open /docs for documentation",
    });
  });
});

describe("invalid JSON bodies (API.md §7.4 json_invalid)", () => {
  // Offsets (in characters) and messages of CPython's json module (3.13+ for trailing commas).
  const cases: Array<[string, number, string]> = [
    ['{"product": }', 12, "Expecting value"],
    ['{"product" "1"}', 11, "Expecting ':' delimiter"],
    ["{'product': '1'}", 1, "Expecting property name enclosed in double quotes"],
    ['{"product": "1",}', 15, "Illegal trailing comma before end of object"],
    ['{"k": [1, 2,]}', 11, "Illegal trailing comma before end of array"],
    ['{"product": "12', 12, "Unterminated string starting at"],
    ['{"v": "a\\qb"}', 8, "Invalid \\escape"],
    ['{"v": "\\u12"}', 8, "Invalid \\uXXXX escape"],
    ['{"v": "é😀" x}', 11, "Expecting ',' delimiter"],
    ['{"product": "1"} []', 17, "Extra data"],
    ["nul", 0, "Expecting value"],
  ];
  it.each(cases)("%s", async (body, offset, message) => {
    const res = await fetch(`${F}/product`, { method: "POST", headers: { "content-type": "application/json" }, body });
    expect(res.status).toBe(422);
    expect(await json(res)).toEqual({
      detail: [
        { type: "json_invalid", loc: ["body", offset], msg: "JSON decode error", input: {}, ctx: { error: message } },
      ],
    });
  });
});

describe("a NUL character (U+0000) or a lone surrogate anywhere: 422, nothing read or written (PostgreSQL answered 500)", () => {
  const nulError = (loc: Array<string | number>, input: string) => ({
    type: "value_error",
    loc,
    msg: "Value error, text cannot contain a NUL character (U+0000)",
    input,
    ctx: { error: {} },
  });

  it("in a login, a tag body, a path or a query", async () => {
    const badLogin = await fetch(`${F}/auth`, {
      method: "POST",
      body: new URLSearchParams({ username: "a\u0000b", password: "x" }),
    });
    expect(badLogin.status).toBe(422);
    expect(await json(badLogin)).toEqual({ detail: [nulError(["body", "username"], "a\u0000b")] });

    const login = await fetch(`${F}/auth`, {
      method: "POST",
      body: new URLSearchParams({ username: ALICE.userId, password: ALICE.password }),
    });
    const { access_token } = (await json(login)) as { access_token: string };
    const write = (body: unknown) =>
      fetch(`${F}/product`, {
        method: "POST",
        headers: { authorization: `Bearer ${access_token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const tag = { product: "3700000000009", k: "nul", v: "a\u0000b" };
    const badValue = await write(tag);
    expect(badValue.status).toBe(422);
    expect(await json(badValue)).toEqual({ detail: [nulError(["body", "v"], "a\u0000b")] });
    const badComment = await write({ ...tag, v: "fine", comment: "\u0000" });
    expect(await json(badComment)).toEqual({ detail: [nulError(["body", "comment"], "\u0000")] });
    expect(await json(await fetch(`${F}/product/3700000000009`))).toEqual([]);

    const reads: Array<[string, Array<string | number>, string]> = [
      ["/product/123%00", ["path", "product"], "123\u0000"],
      ["/values/a%00b", ["path", "k"], "a\u0000b"],
      ["/products?k=a%00b", ["query", "k"], "a\u0000b"],
      ["/products?k=color&v=a%00b", ["query", "v"], "a\u0000b"],
    ];
    for (const [path, loc, input] of reads) {
      const res = await fetch(`${F}${path}`);
      expect(res.status, path).toBe(422);
      expect(await json(res), path).toEqual({ detail: [nulError(loc, input)] });
    }

    // A lone surrogate (valid JSON, not text): each store kept other replacement characters.
    const lone = await fetch(`${F}/product`, {
      method: "POST",
      headers: { authorization: `Bearer ${access_token}`, "content-type": "application/json" },
      body: '{"product": "3700000000009", "k": "nul", "v": "a\\ud800b"}',
    });
    expect(lone.status).toBe(422);
    expect(await json(lone)).toEqual({
      detail: [
        {
          type: "value_error",
          loc: ["body", "v"],
          msg: "Value error, text cannot contain a lone surrogate (\\ud800-\\udfff without its pair)",
          input: "a\ud800b",
          ctx: { error: {} },
        },
      ],
    });
    expect(await json(await fetch(`${F}/product/3700000000009`))).toEqual([]);
    // A pair is a character like any other.
    const pair = await write({ ...tag, v: "a\ud83d\ude00b" });
    expect(pair.status).toBe(200);
  });
});

describe("OpenAPI and docs (API.md §1.4)", () => {
  it("serves its own OpenAPI document and a docs page with local assets", async () => {
    const doc = (await json(await fetch(`${F}/openapi.json`))) as {
      openapi: string;
      servers: Array<{ url: string }>;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.servers).toEqual([{ url: "/folksonomy" }]);
    for (const path of [
      "/auth",
      "/product",
      "/product/{product}",
      "/product/{product}/{k}",
      "/product/{product}/{k}/versions",
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect(Object.keys(doc.paths["/product"] ?? {}).sort()).toEqual(["post", "put"]);
    expect(Object.keys(doc.paths)).not.toContain("/openapi.json");

    const page = await fetch(`${F}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await page.text();
    const scripts = [...html.matchAll(/src="([^"]+)"/g)].map((m) => m[1] as string);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src.startsWith("/folksonomy/docs/static/")).toBe(true);
      const asset = await fetch(`${t.url}${src}`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get("content-type")).toMatch(/javascript/);
    }
    expect((await fetch(`${F}/docs/static/../../package.json`)).status).toBe(404);

    const main = (await json(await fetch(`${t.url}/api/openapi.json`))) as { paths: Record<string, unknown> };
    expect(Object.keys(main.paths)).toContain("/folksonomy/product/{product}");
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

describe("unexpected failures", () => {
  it("answer 500 with a JSON detail and no stack trace", async () => {
    const broken = await startTestServer({ users: [] });
    try {
      await broken.server.store.close(); // every query now throws
      const res = await fetch(`${broken.url}/folksonomy/product/1`);
      expect(res.status).toBe(500);
      expect(await res.text()).toBe('{"detail":"Internal Server Error"}');
    } finally {
      await broken.close();
    }
  });
});

describe("another prefix, and a listener of its own", () => {
  it("serves the same API under `folksonomyPrefix` and at the root of `folksonomyPort`", async () => {
    const other = await startTestServer({ config: { folksonomyPrefix: "/tags", folksonomyPort: await freePort() } });
    try {
      const own = other.server.folksonomyUrl as string;
      expect(own).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const login = await fetch(`${own}/auth`, {
        method: "POST",
        body: new URLSearchParams({ username: "alice", password: ALICE.password }),
      });
      expect(login.status).toBe(200);
      const { access_token } = (await json(login)) as { access_token: string };
      const add = await fetch(`${own}/product`, {
        method: "POST",
        headers: { authorization: `Bearer ${access_token}`, "content-type": "application/json" },
        body: JSON.stringify({ product: "42", k: "color", v: "red" }),
      });
      expect(add.status).toBe(200);
      // Same store, same tokens, under the prefix of the main listener.
      expect(await json(await fetch(`${other.url}/tags/product/42/color`))).toMatchObject({
        v: "red",
        editor: "alice",
      });
      const me = await fetch(`${other.url}/tags/user/me`, { headers: { authorization: `Bearer ${access_token}` } });
      expect(me.status).toBe(200);
      expect((await fetch(`${other.url}/folksonomy/ping`)).status).toBe(404);
      expect(await json(await fetch(`${own}/nope`))).toEqual({ detail: "Not Found" });
      const badUrl = await fetch(`${own}/product/%FF`);
      expect(badUrl.status).toBe(400);
      expect(await json(badUrl)).toEqual({ detail: "the URL's path is not valid percent-encoded UTF-8" });
      const longUrl = await fetch(`${own}/products?k=${"x".repeat(100_000)}`);
      expect(longUrl.status).toBe(431);
      expect(await json(longUrl)).toEqual({ detail: "the request's URL and headers are larger than 16384 bytes" });
      const doc = (await json(await fetch(`${own}/openapi.json`))) as {
        servers?: unknown;
        paths: Record<string, unknown>;
      };
      expect(doc.servers).toBeUndefined();
      expect(Object.keys(doc.paths)).toContain("/product/{product}");
      const preflight = await fetch(`${own}/product`, { method: "OPTIONS", headers: { origin: "https://x.example" } });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get("access-control-allow-origin")).toBe("https://x.example");
    } finally {
      await other.close();
    }
  });
});
