import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALICE, getJson, postForm, startTestServer, type TestServer } from "../helpers/server.js";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t.close());

describe("/cgi/auth.pl and /cgi/session.pl (API.md §6)", () => {
  it("signs in with user_id + password, by query or form", async () => {
    const expected = {
      status: 1,
      status_verbose: "user signed-in",
      user: { admin: 0, email: "alice@example.org", moderator: 0, name: "Alice" },
      user_id: "alice",
    };
    expect(await getJson(`${t.url}/cgi/auth.pl?user_id=alice&password=${ALICE.password}`)).toMatchObject({
      status: 200,
      body: expected,
    });
    expect(await postForm(t.url, "/cgi/auth.pl", { user_id: " Alice ", password: ALICE.password })).toMatchObject({
      status: 200,
      body: expected,
    });
  });

  it("answers 403 when not signed in (as the SDK's getLoginStatus expects)", async () => {
    expect(await getJson(`${t.url}/cgi/auth.pl?body=1`)).toMatchObject({
      status: 403,
      body: { status: 0, status_verbose: "user not signed-in" },
    });
    expect((await getJson(`${t.url}/cgi/auth.pl?user_id=alice&password=wrong`)).status).toBe(403);
    expect((await getJson(`${t.url}/cgi/auth.pl?user_id=alice@example.org&password=${ALICE.password}`)).status).toBe(
      403,
    );
  });

  it("session cookie: login, use, logout, then anonymous", async () => {
    const wrong = await postForm(t.url, "/cgi/session.pl", { user_id: "alice", password: "nope" });
    expect(wrong).toMatchObject({
      status: 403,
      body: { status: 0, status_verbose: "Incorrect user name or password." },
    });

    const login = await fetch(`${t.url}/cgi/session.pl`, {
      method: "POST",
      body: new URLSearchParams({ user_id: "alice", password: ALICE.password }),
    });
    const setCookie = login.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/Max-Age=2592000/);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    const cookie = setCookie.split(";")[0] as string;
    expect((await getJson(`${t.url}/cgi/auth.pl`, { headers: { cookie } })).body.user_id).toBe("alice");

    const logout = await fetch(`${t.url}/cgi/session.pl?length=logout`, { headers: { cookie } });
    expect(await logout.json()).toEqual({ status: 1, status_verbose: "user signed-out" });
    expect(logout.headers.get("set-cookie")).toMatch(/session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);
    expect((await getJson(`${t.url}/cgi/auth.pl`, { headers: { cookie } })).status).toBe(403);
  });

  it("a password change ends the sessions", async () => {
    const login = await fetch(`${t.url}/cgi/session.pl`, {
      method: "POST",
      body: new URLSearchParams({ user_id: "bob", password: "secret-bob-1" }),
    });
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] as string;
    expect((await getJson(`${t.url}/cgi/auth.pl`, { headers: { cookie } })).status).toBe(200);
    const { hashPassword } = await import("../../src/accounts/passwords.js");
    await t.server.store.setPassword("bob", await hashPassword("another-password", { N: 1024, r: 8, p: 1 }));
    expect((await getJson(`${t.url}/cgi/auth.pl`, { headers: { cookie } })).status).toBe(403);
    expect((await getJson(`${t.url}/cgi/auth.pl?user_id=bob&password=secret-bob-1`)).status).toBe(403);
    expect((await getJson(`${t.url}/cgi/auth.pl?user_id=bob&password=another-password`)).status).toBe(200);
  });
});

describe("general rules (API.md §1)", () => {
  it("unknown path → 404 JSON; wrong method → 405 JSON with Allow", async () => {
    const nf = await getJson(`${t.url}/no/such/path`);
    expect(nf.status).toBe(404);
    expect(nf.body.errors[0].id).toBe("route_not_found");
    expect(nf.body.status).toBe(0);
    const na = await getJson(`${t.url}/api/v2/product/3017620422003`, { method: "DELETE" });
    expect(na.status).toBe(405);
    expect(na.body.errors[0].id).toBe("method_not_allowed");
    expect(na.headers.get("allow")).toContain("GET");
  });

  it("a path that is not valid percent-encoding, or a request line over Node's limit → 4xx JSON with CORS", async () => {
    for (const path of ["/api/v2/product/%FF", "/category/%C0%AF.json"]) {
      const bad = await getJson(`${t.url}${path}`);
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({
        errors: [{ id: "invalid_url", message: "the URL's path is not valid percent-encoded UTF-8" }],
        status: 0,
        status_verbose: "the URL's path is not valid percent-encoded UTF-8",
      });
      expect(bad.headers.get("access-control-allow-origin")).toBe("*");
      expect(bad.headers.get("content-type")).toBe("application/json; charset=utf-8");
    }
    // Under the folksonomy prefix, the folksonomy's error body and CORS rules.
    const folksonomy = await getJson(`${t.url}/folksonomy/product/%FF`, { headers: { origin: "https://app.example" } });
    expect(folksonomy.status).toBe(400);
    expect(folksonomy.body).toEqual({ detail: "the URL's path is not valid percent-encoded UTF-8" });
    expect(folksonomy.headers.get("access-control-allow-origin")).toBe("https://app.example");

    const long = await getJson(`${t.url}/api/v2/search?search_terms=${"x".repeat(100_000)}`);
    expect(long.status).toBe(431);
    expect(long.body.errors[0]).toEqual({
      id: "headers_too_large",
      message: "the request's URL and headers are larger than 16384 bytes",
    });
    expect(long.headers.get("access-control-allow-origin")).toBe("*");
    // The server goes on serving.
    expect((await getJson(`${t.url}/health`)).body).toEqual({ status: "ok" });
  });

  it("trailing slash is ignored; HEAD works", async () => {
    expect((await getJson(`${t.url}/health/`)).body).toEqual({ status: "ok" });
    const head = await fetch(`${t.url}/health`, { method: "HEAD" });
    expect(head.status).toBe(200);
  });

  it("OPTIONS on any path → 204 with CORS headers", async () => {
    const res = await fetch(`${t.url}/api/v2/product/1234`, {
      method: "OPTIONS",
      headers: { origin: "https://app.example" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-max-age")).toBe("86400");
  });

  // OFF's cors.t (options-api-v3): a browser's preflight for the v3 product API allows PATCH, the
  // method of v3 product and image-selection writes, as OFF's "HEAD, GET, PATCH, POST, PUT, OPTIONS" does.
  it("a preflight allows the methods of the product API's writes, PATCH included", async () => {
    const res = await fetch(`${t.url}/api/v3/product/1234567890123`, {
      method: "OPTIONS",
      headers: { origin: "https://app.example", "access-control-request-method": "PATCH" },
    });
    expect(res.status).toBe(204);
    const methods = (res.headers.get("access-control-allow-methods") ?? "").split(/,\s*/);
    expect(methods).toEqual(expect.arrayContaining(["HEAD", "GET", "PATCH", "POST", "PUT", "OPTIONS"]));
  });

  it("serves OpenAPI and the docs page", async () => {
    const spec = await getJson(`${t.url}/api/openapi.json`);
    expect(spec.status).toBe(200);
    expect(spec.body.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.body.paths)).toEqual(
      expect.arrayContaining(["/api/{version}/product/{code}", "/cgi/product_jqm2.pl", "/cgi/auth.pl"]),
    );
    const docs = await fetch(`${t.url}/api/docs`, { redirect: "follow" });
    expect(docs.status).toBe(200);
    expect(docs.headers.get("content-type")).toMatch(/text\/html/);
    // The page's scripts and styles are served, and its initializer loads the document above.
    const assets = [...(await docs.text()).matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] as string);
    expect(assets).toEqual(expect.arrayContaining(["/api/docs/static/swagger-ui-bundle.js"]));
    for (const asset of assets) {
      const res = await fetch(`${t.url}${asset}`);
      expect(res.status, asset).toBe(200);
      // Read to the end: a body left unread holds its connection open (swagger-ui's bundle fills the
      // socket's buffers), and the server's close would wait for it.
      expect((await res.arrayBuffer()).byteLength, asset).toBeGreaterThan(0);
    }
    const init = assets.find((a) => a.endsWith("-init.js")) as string;
    expect(await (await fetch(`${t.url}${init}`)).text()).toContain('"/api/openapi.json"');
  });
});

describe("staging gate (API.md §1.2)", () => {
  let gated: TestServer;
  beforeAll(async () => {
    gated = await startTestServer({ config: { stagingUser: "stage", stagingPassword: "s3cret" } });
  });
  afterAll(async () => gated.close());

  it("requires HTTP Basic everywhere but /health and OPTIONS", async () => {
    const res = await getJson(`${gated.url}/api/v2/product/3017620422003`);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe('Basic realm="foodbase"');
    expect(res.body).toEqual({
      errors: [{ id: "staging_gate", message: "HTTP Basic authentication required" }],
      status: 0,
      status_verbose: "HTTP Basic authentication required",
    });
    expect((await getJson(`${gated.url}/health`)).status).toBe(200);
    expect((await fetch(`${gated.url}/api/v2/product/1`, { method: "OPTIONS" })).status).toBe(204);
    const wrong = `Basic ${Buffer.from("stage:nope").toString("base64")}`;
    expect(
      (await getJson(`${gated.url}/api/v2/product/3017620422003`, { headers: { authorization: wrong } })).status,
    ).toBe(401);
    const right = `Basic ${Buffer.from("stage:s3cret").toString("base64")}`;
    expect(
      (await getJson(`${gated.url}/api/v2/product/3017620422003`, { headers: { authorization: right } })).status,
    ).toBe(404);
  });
});
