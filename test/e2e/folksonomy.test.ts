/**
 * The folksonomy API over real HTTP (API.md §7): tokens from the login form, tag CRUD with
 * versions and history, validation errors, owners, listings. Expected values come from the spec.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALICE, BOB, startTestServer, type TestServer } from "../helpers/server.js";

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  body: unknown;
}

interface CallOptions {
  token?: string;
  json?: unknown;
  /** A raw body, sent as is. */
  raw?: string;
  headers?: Record<string, string>;
}

let t: TestServer;
let F: string;

async function call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  // A Blob without type goes without Content-Type (a string would get text/plain).
  let body: string | Blob | undefined = options.raw === undefined ? undefined : new Blob([options.raw]);
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers["content-type"] ??= "application/json";
  }
  const res = await fetch(`${F}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, headers: res.headers, text, body: parsed };
}

async function login(username: string, password: string): Promise<Answer> {
  const res = await fetch(`${F}/auth`, {
    method: "POST",
    // As the SDK sends it (API.md §8.2).
    body: new URLSearchParams({ username, password, scope: "email openid" }),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: JSON.parse(text) };
}

async function tokenOf(user: { userId: string; password: string }): Promise<string> {
  const answer = await login(user.userId, user.password);
  expect(answer.status).toBe(200);
  return (answer.body as { access_token: string }).access_token;
}

let alice: string;
let bob: string;

beforeAll(async () => {
  t = await startTestServer();
  F = `${t.url}/folksonomy`;
  alice = await tokenOf(ALICE);
  bob = await tokenOf(BOB);
});
afterAll(async () => t.close());

const LAST_EDIT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{0,5}[1-9])?$/;

describe("the seed flow (API.md §7.3, §7.6)", () => {
  it("logs in with the form, then adds, updates, lists and deletes a tag with a bearer token", async () => {
    const answer = await login("alice", ALICE.password);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    const body = answer.body as Record<string, string>;
    expect(Object.keys(body)).toEqual(["access_token", "token_type"]);
    expect(body.token_type).toBe("bearer");
    expect(body.access_token).toMatch(/^alice__U[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // The scheme is compared case-insensitively.
    const token = body.access_token as string;
    const auth = { authorization: `bearer ${token}` };

    const tag = { product: "3701027900001", k: "color", v: "red", owner: "", version: 1, comment: "" };
    expect(await call("POST", "/product", { json: tag, headers: auth })).toMatchObject({ status: 200, text: '"ok"' });
    expect(await call("POST", "/product", { json: tag, headers: auth })).toMatchObject({
      status: 422,
      body: { detail: { msg: "Version conflict for this product (might result from a concurrent edit)" } },
    });
    expect(await call("PUT", "/product", { json: { ...tag, v: "blue", version: 2 }, headers: auth })).toMatchObject({
      status: 200,
      text: '"ok"',
    });
    expect(await call("PUT", "/product", { json: { ...tag, v: "green", version: 2 }, headers: auth })).toMatchObject({
      status: 422,
      body: {
        detail: [
          { type: "value_error", loc: ["body", "version"], msg: "Value error, version must be exactly 3", input: 2 },
        ],
      },
    });

    const one = await call("GET", "/product/3701027900001/color");
    expect(one.status).toBe(200);
    const row = one.body as Record<string, unknown>;
    expect(Object.keys(row)).toEqual(["product", "k", "v", "owner", "version", "editor", "last_edit", "comment"]);
    expect(row).toMatchObject({
      product: "3701027900001",
      k: "color",
      v: "blue",
      owner: "",
      version: 2,
      editor: "alice",
      comment: "",
    });
    expect(row.last_edit).toMatch(LAST_EDIT);
    expect((await call("GET", "/product/3701027900001")).body).toEqual([row]);

    expect(await call("DELETE", "/product/3701027900001/color?version=2", { headers: auth })).toMatchObject({
      status: 200,
      text: '"ok"',
    });
    expect(await call("GET", "/product/3701027900001")).toMatchObject({ status: 200, body: [] });
    expect(await call("GET", "/product/3701027900001/color")).toMatchObject({ status: 200, body: [] });
    // History rows by version descending (§7.5), the deletion included as version 0 (§7.6).
    const versions = (await call("GET", "/product/3701027900001/color/versions")).body as Array<
      Record<string, unknown>
    >;
    expect(versions.map((r) => r.version)).toEqual([2, 1, 0]);
    expect(versions[2]).toMatchObject({ v: "blue", editor: "alice", comment: "DELETE" });
    expect(versions.map((r) => r.v)).toEqual(["blue", "red", "blue"]);
  });

  it("re-creates a deleted key at version 1 and keeps both lives in the history", async () => {
    const tag = { product: "3701027900002", k: "shape", v: "round" };
    expect((await call("POST", "/product", { json: tag, token: alice })).status).toBe(200);
    expect((await call("DELETE", "/product/3701027900002/shape?version=1", { token: alice })).status).toBe(200);
    expect((await call("POST", "/product", { json: { ...tag, v: "square" }, token: bob })).status).toBe(200);
    const versions = (await call("GET", "/product/3701027900002/shape/versions")).body as Array<
      Record<string, unknown>
    >;
    // Ties: latest first.
    expect(versions.map((r) => [r.version, r.v, r.editor])).toEqual([
      [1, "square", "bob"],
      [1, "round", "alice"],
      [0, "round", "alice"],
    ]);
  });

  it("answers the version rules of POST, PUT and DELETE", async () => {
    const tag = { product: "3701027900003", k: "size", v: "big" };
    expect(await call("POST", "/product", { json: { ...tag, version: 2 }, token: alice })).toMatchObject({
      status: 422,
      body: { detail: { msg: "first version must be equal to 1, was 2" } },
    });
    expect(await call("PUT", "/product", { json: { ...tag, version: 2 }, token: alice })).toMatchObject({
      status: 404,
      body: { detail: "Key was not found" },
    });
    expect((await call("POST", "/product", { json: tag, token: alice })).status).toBe(200);
    // Same value, next version: still a new version.
    expect((await call("PUT", "/product", { json: { ...tag, version: 2 }, token: alice })).status).toBe(200);
    expect(await call("DELETE", "/product/3701027900003/size?version=1", { token: alice })).toMatchObject({
      status: 422,
      body: { detail: "Unknown product/k/version for this owner" },
    });
    expect(await call("DELETE", "/product/3701027900003/other?version=1", { token: alice })).toMatchObject({
      status: 422,
      body: { detail: "Unknown product/k/version for this owner" },
    });
    expect((await call("GET", "/product/3701027900003/size")).body).toMatchObject({ v: "big", version: 2 });
  });

  it("trims k and v and keeps leading zeros of barcodes", async () => {
    const tag = { product: "0012345", k: "  origin  ", v: "  France ", comment: null };
    expect((await call("POST", "/product", { json: tag, token: alice })).status).toBe(200);
    expect((await call("GET", "/product/0012345/origin")).body).toMatchObject({
      product: "0012345",
      k: "origin",
      v: "France",
      comment: "",
    });
    expect(await call("GET", "/product/12345/origin")).toMatchObject({ status: 200, body: [] });
  });
});

describe("as the official SDK calls it (API.md §8.2)", () => {
  const sdkHeaders = (token?: string) => ({
    "content-type": "application/json",
    "user-agent": "OpenFoodFacts - NodeJS 2.0.0-alpha.35",
    authorization: `Bearer ${token}`,
  });

  it("reads anonymously with `Bearer undefined`, writes and removes with a token", async () => {
    const login = await fetch(`${F}/auth`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `username=alice&password=${encodeURIComponent(ALICE.password)}&scope=email+openid`,
    });
    expect(login.status).toBe(200);
    const { access_token } = (await login.json()) as { access_token: string };
    const tag = { product: "3701027900090", k: "sdk", v: "yes", owner: "", version: 1, comment: "" };
    const add = await fetch(`${F}/product`, {
      method: "POST",
      headers: sdkHeaders(access_token),
      body: JSON.stringify(tag),
    });
    expect(add.status).toBe(200);
    const read = await fetch(`${F}/product/3701027900090`, { headers: sdkHeaders(undefined) });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject([
      { product: "3701027900090", k: "sdk", v: "yes", version: 1, editor: "alice" },
    ]);
    const keys = await fetch(`${F}/keys`, { headers: sdkHeaders(undefined) });
    expect(await keys.json()).toEqual(expect.arrayContaining([{ k: "sdk", count: 1, values: 1 }]));
    const remove = await fetch(`${F}/product/3701027900090/sdk?version=1`, {
      method: "DELETE",
      headers: sdkHeaders(access_token),
    });
    expect(remove.status).toBe(200);
    expect(await remove.json()).toBe("ok");
  });
});

describe("validation errors (API.md §7.4)", () => {
  const post = (json: unknown) => call("POST", "/product", { json, token: alice });

  it("login form: missing fields, empty fields, wrong grant_type, a JSON body", async () => {
    const missingBoth = {
      detail: [
        { type: "missing", loc: ["body", "username"], msg: "Field required", input: null },
        { type: "missing", loc: ["body", "password"], msg: "Field required", input: null },
      ],
    };
    expect(await call("POST", "/auth")).toMatchObject({ status: 422, body: missingBoth });
    expect(await call("POST", "/auth", { json: { username: "alice", password: ALICE.password } })).toMatchObject({
      status: 422,
      body: missingBoth,
    });
    const noUser = await fetch(`${F}/auth`, {
      method: "POST",
      body: new URLSearchParams({ username: "", password: "x" }),
    });
    expect(noUser.status).toBe(422);
    expect(await noUser.json()).toEqual({
      detail: [{ type: "missing", loc: ["body", "username"], msg: "Field required", input: null }],
    });
    const grant = await fetch(`${F}/auth`, {
      method: "POST",
      body: new URLSearchParams({ grant_type: "x", username: "alice", password: ALICE.password }),
    });
    expect(grant.status).toBe(422);
    expect(await grant.json()).toEqual({
      detail: [
        {
          type: "string_pattern_mismatch",
          loc: ["body", "grant_type"],
          msg: "String should match pattern '^password$'",
          input: "x",
          ctx: { pattern: "^password$" },
        },
      ],
    });
    const good = await fetch(`${F}/auth`, {
      method: "POST",
      body: new URLSearchParams({
        grant_type: "password",
        username: "alice",
        password: ALICE.password,
        client_id: "x",
      }),
    });
    expect(good.status).toBe(200);
  });

  it("tag body: barcode, key, value, version, comment, missing fields — one entry per faulty field", async () => {
    expect(await post({ product: "aa", k: "color", v: "red" })).toMatchObject({
      status: 422,
      body: {
        detail: [
          {
            type: "value_error",
            loc: ["body", "product"],
            msg: "Value error, barcode should contain only digits from 0-9",
            input: "aa",
            ctx: { error: {} },
          },
        ],
      },
    });
    const several = await post({ product: "", k: "Color!", v: "  ", version: 0, comment: "x".repeat(201) });
    expect(several.status).toBe(422);
    expect(several.body).toEqual({
      detail: [
        {
          type: "value_error",
          loc: ["body", "product"],
          msg: "Value error, barcode cannot be empty",
          input: "",
          ctx: { error: {} },
        },
        {
          type: "value_error",
          loc: ["body", "k"],
          msg: "Value error, k must be alpha-numeric [a-z0-9_-:]",
          input: "Color!",
          ctx: { error: {} },
        },
        {
          type: "value_error",
          loc: ["body", "v"],
          msg: "Value error, value cannot be empty",
          input: "  ",
          ctx: { error: {} },
        },
        {
          type: "value_error",
          loc: ["body", "version"],
          msg: "Value error, version must be greater or equal to 1",
          input: 0,
          ctx: { error: {} },
        },
        {
          type: "value_error",
          loc: ["body", "comment"],
          msg: "Value error, comment must be at most 200 characters",
          input: "x".repeat(201),
          ctx: { error: {} },
        },
      ],
    });
    expect((await post({ product: "1".repeat(25), k: "a", v: "b" })).body).toMatchObject({
      detail: [{ msg: "Value error, barcode should contain only digits from 0-9" }],
    });
    expect((await post({ product: "1", k: "", v: "" })).body).toEqual({
      detail: [
        {
          type: "value_error",
          loc: ["body", "k"],
          msg: "Value error, k cannot be empty",
          input: "",
          ctx: { error: {} },
        },
        {
          type: "value_error",
          loc: ["body", "v"],
          msg: "Value error, v cannot be empty",
          input: "",
          ctx: { error: {} },
        },
      ],
    });
    // Longest key and value (PostgreSQL answered 500 to a 3 KB value: its index entries are bounded).
    expect((await post({ product: "123", k: "k".repeat(101), v: "v".repeat(501) })).body).toEqual({
      detail: [
        {
          type: "value_error",
          loc: ["body", "k"],
          msg: "Value error, k must be at most 100 characters",
          input: "k".repeat(101),
          ctx: { error: {} },
        },
        {
          type: "value_error",
          loc: ["body", "v"],
          msg: "Value error, v must be at most 500 characters",
          input: "v".repeat(501),
          ctx: { error: {} },
        },
      ],
    });
    expect(await post({ product: "123", v: "x" })).toMatchObject({
      status: 422,
      body: {
        detail: [{ type: "missing", loc: ["body", "k"], msg: "Field required", input: { product: "123", v: "x" } }],
      },
    });
  });

  it("tag body: non-integer version and wrong JSON types", async () => {
    expect((await post({ product: "1", k: "a", v: "b", version: "abc" })).body).toEqual({
      detail: [
        {
          type: "int_parsing",
          loc: ["body", "version"],
          msg: "Input should be a valid integer, unable to parse string as an integer",
          input: "abc",
        },
      ],
    });
    expect((await post({ product: "1", k: "a", v: "b", version: 1.5 })).body).toEqual({
      detail: [
        {
          type: "int_from_float",
          loc: ["body", "version"],
          msg: "Input should be a valid integer, got a number with a fractional part",
          input: 1.5,
        },
      ],
    });
    expect((await post({ product: 123, k: "a", v: "b" })).body).toEqual({
      detail: [{ type: "string_type", loc: ["body", "product"], msg: "Input should be a valid string", input: 123 }],
    });
    expect((await post([1, 2])).body).toEqual({
      detail: [
        {
          type: "model_attributes_type",
          loc: ["body"],
          msg: "Input should be a valid dictionary or object to extract fields from",
          input: [1, 2],
        },
      ],
    });
  });

  it("no body and invalid JSON", async () => {
    const none = { detail: [{ type: "missing", loc: ["body"], msg: "Field required", input: null }] };
    expect(await call("POST", "/product", { token: alice })).toMatchObject({ status: 422, body: none });
    // An empty body is no body, even with Content-Type: application/json (API.md §1).
    expect(
      await call("PUT", "/product", { token: alice, raw: "", headers: { "content-type": "application/json" } }),
    ).toMatchObject({ status: 422, body: none });
    // Offsets and messages are those of Python's json module.
    expect(
      await call("POST", "/product", {
        token: alice,
        raw: '{"a":1 "b":2}',
        headers: { "content-type": "application/json" },
      }),
    ).toMatchObject({
      status: 422,
      body: {
        detail: [
          {
            type: "json_invalid",
            loc: ["body", 7],
            msg: "JSON decode error",
            input: {},
            ctx: { error: "Expecting ',' delimiter" },
          },
        ],
      },
    });
    // Without a Content-Type, a body is read as JSON too.
    expect((await call("POST", "/product", { token: alice, raw: "{" })).body).toEqual({
      detail: [
        {
          type: "json_invalid",
          loc: ["body", 1],
          msg: "JSON decode error",
          input: {},
          ctx: { error: "Expecting property name enclosed in double quotes" },
        },
      ],
    });
  });

  it("a body of another content type is no object", async () => {
    expect(
      (await call("POST", "/product", { token: alice, raw: "hello", headers: { "content-type": "text/plain" } })).body,
    ).toEqual({
      detail: [
        {
          type: "model_attributes_type",
          loc: ["body"],
          msg: "Input should be a valid dictionary or object to extract fields from",
          input: "hello",
        },
      ],
    });
  });

  it("validation comes before authentication, and bad input changes nothing", async () => {
    expect((await call("POST", "/product", { json: { product: "x", k: "a", v: "b" } })).status).toBe(422);
    expect(
      (await call("PUT", "/product", { json: { product: "1", k: "K", v: "b", version: 2 }, token: alice })).status,
    ).toBe(422);
    expect(await call("GET", "/product/1")).toMatchObject({ status: 200, body: [] });
  });

  it("query parameters: missing or non-integer version, negative limit, missing k", async () => {
    expect(await call("DELETE", "/product/1/a?version=abc", { token: alice })).toMatchObject({
      status: 422,
      body: {
        detail: [
          {
            type: "int_parsing",
            loc: ["query", "version"],
            msg: "Input should be a valid integer, unable to parse string as an integer",
            input: "abc",
          },
        ],
      },
    });
    // The version is checked before authentication on DELETE.
    expect(await call("DELETE", "/product/1/a")).toMatchObject({
      status: 422,
      body: { detail: [{ type: "missing", loc: ["query", "version"], msg: "Field required", input: null }] },
    });
    expect(await call("GET", "/values/color?limit=-1")).toMatchObject({
      status: 422,
      body: {
        detail: [
          {
            type: "greater_than_equal",
            loc: ["query", "limit"],
            msg: "Input should be greater than or equal to 0",
            input: "-1",
            ctx: { ge: 0 },
          },
        ],
      },
    });
    expect(await call("GET", "/products")).toMatchObject({
      status: 422,
      body: { detail: [{ type: "missing", loc: ["query", "k"], msg: "Field required", input: null }] },
    });
  });
});

describe("tokens and owners (API.md §7.2)", () => {
  it("refuses a wrong password or an e-mail with 401, and issues no token", async () => {
    for (const [username, password] of [
      ["alice", "wrong-password"],
      ["alice@example.org", ALICE.password],
      ["nobody", "x"],
    ] as const) {
      const answer = await login(username, password);
      expect(answer.status).toBe(401);
      expect(answer.headers.get("www-authenticate")).toBe("Bearer");
      expect(answer.body).toEqual({ detail: "Invalid authentication credentials" });
      expect(answer.text).not.toContain("access_token");
    }
  });

  it("treats missing, unknown and `Bearer undefined` tokens as anonymous", async () => {
    const tag = { product: "3701027900010", k: "color", v: "red" };
    const variants: Array<Record<string, string>> = [
      {},
      { authorization: "Bearer undefined" },
      { authorization: "Bearer alice__Unope" },
      { authorization: "Basic abc" },
    ];
    for (const headers of variants) {
      expect((await call("GET", "/product/3701027900010", { headers })).status).toBe(200);
      const write = await call("POST", "/product", { json: tag, headers });
      expect(write).toMatchObject({ status: 401, body: { detail: "Authentication required" } });
      expect(write.headers.get("www-authenticate")).toBe("Bearer");
    }
    // A token of alice with bob's name in front is not valid.
    const forged = `bob${alice.slice("alice".length)}`;
    expect((await call("GET", "/user/me", { token: forged })).status).toBe(401);
  });

  it("/user/me", async () => {
    expect(await call("GET", "/user/me")).toMatchObject({ status: 401, body: { detail: "Authentication required" } });
    const me = await call("GET", "/user/me", { token: alice });
    expect(me.text).toBe('{"user_id":"alice","admin":false,"moderator":false,"user":true}');
  });

  it("keeps private tags invisible to others", async () => {
    const tag = { product: "3701027900020", k: "note", v: "my secret", owner: "alice" };
    expect(await call("POST", "/product", { json: tag })).toMatchObject({
      status: 401,
      body: { detail: "Authentication required" },
    });
    expect(await call("POST", "/product", { json: tag, token: bob })).toMatchObject({
      status: 422,
      body: { detail: "owner should be 'alice' or '' for public, but 'bob' is authenticated" },
    });
    expect((await call("POST", "/product", { json: tag, token: alice })).status).toBe(200);
    // Same key, public, is another tag.
    expect((await call("POST", "/product", { json: { ...tag, owner: "", v: "public" }, token: bob })).status).toBe(200);

    expect((await call("GET", "/product/3701027900020")).body).toMatchObject([{ v: "public", owner: "" }]);
    expect((await call("GET", "/product/3701027900020", { token: bob })).body).toMatchObject([{ v: "public" }]);
    const anonymous = await call("GET", "/product/3701027900020?owner=alice");
    expect(anonymous).toMatchObject({ status: 401, body: { detail: "Authentication required for 'alice'" } });
    expect(anonymous.headers.get("www-authenticate")).toBe("Bearer");
    expect(await call("GET", "/product/3701027900020/note?owner=alice", { token: bob })).toMatchObject({
      status: 422,
      body: { detail: "owner should be 'alice' or '' for public, but 'bob' is authenticated" },
    });
    expect((await call("GET", "/product/3701027900020?owner=alice", { token: alice })).body).toMatchObject([
      { v: "my secret", owner: "alice", editor: "alice" },
    ]);
    expect((await call("GET", "/keys?owner=bob", { token: alice })).status).toBe(422);
    expect((await call("GET", "/products?k=note")).body).toEqual([
      { product: "3701027900020", k: "note", v: "public" },
    ]);
    expect((await call("GET", "/products?k=note&owner=alice", { token: alice })).body).toEqual([
      { product: "3701027900020", k: "note", v: "my secret" },
    ]);
    // Bob cannot update or delete alice's private tag.
    expect((await call("PUT", "/product", { json: { ...tag, version: 2 }, token: bob })).status).toBe(422);
    expect((await call("DELETE", "/product/3701027900020/note?version=1&owner=alice", { token: bob })).status).toBe(
      422,
    );
    expect((await call("DELETE", "/product/3701027900020/note?version=1&owner=alice", { token: alice })).status).toBe(
      200,
    );
    expect(
      (await call("GET", "/product/3701027900020/note/versions?owner=alice", { token: alice })).body,
    ).toMatchObject([
      { version: 1, comment: "" },
      { version: 0, comment: "DELETE" },
    ]);
  });
});

describe("concurrency (API.md §7.6)", () => {
  it("10 parallel PUTs of the same key and version: exactly one wins", async () => {
    const tag = { product: "3701027900030", k: "color", v: "red" };
    expect((await call("POST", "/product", { json: tag, token: alice })).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call("PUT", "/product", { json: { ...tag, v: `v${i}`, version: 2 }, token: i % 2 ? bob : alice }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a).toMatchObject({
        status: 422,
        body: {
          detail: [
            { type: "value_error", loc: ["body", "version"], msg: "Value error, version must be exactly 3", input: 2 },
          ],
        },
      });
    }
    const versions = (await call("GET", "/product/3701027900030/color/versions")).body as Array<{ version: number }>;
    expect(versions.map((r) => r.version)).toEqual([2, 1]);
  });

  it("parallel POSTs of a new key: one creates it, the others get the conflict", async () => {
    const tag = { product: "3701027900031", k: "color", v: "red" };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call("POST", "/product", { json: tag, token: alice })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(7);
  });
});

describe("reads and listings (API.md §7.5)", () => {
  beforeAll(async () => {
    const tags = [
      { product: "100", k: "brand", v: "Acme" },
      { product: "100", k: "brand:owner", v: "Acme Group" },
      { product: "100", k: "brand-new", v: "yes" },
      { product: "100", k: "brandy", v: "no" },
      { product: "200", k: "brand", v: "acme" },
      { product: "300", k: "brand", v: "Acme" },
      { product: "300", k: "color", v: "green" },
    ];
    for (const [i, tag] of tags.entries()) {
      expect((await call("POST", "/product", { json: tag, token: i % 2 ? bob : alice })).status).toBe(200);
    }
  });

  it("reads one key, a key with its subkeys, keys with `-`, selected keys", async () => {
    expect((await call("GET", "/product/100/brand")).body).toMatchObject({ k: "brand", v: "Acme" });
    const prefix = (await call("GET", "/product/100/brand*")).body as Array<{ k: string }>;
    expect(prefix.map((r) => r.k)).toEqual(["brand", "brand:owner"]);
    expect((await call("GET", "/product/100/brand-new")).body).toMatchObject({ k: "brand-new", v: "yes" });
    expect((await call("GET", "/product/100/%20brandy%20")).body).toMatchObject({ k: "brandy" });
    expect((await call("GET", "/product/100?keys=brandy,%20brand")).body).toMatchObject([
      { k: "brand" },
      { k: "brandy" },
    ]);
    expect(await call("GET", "/product/100/unknown*")).toMatchObject({ status: 200, body: [] });
  });

  it("GET /products and /products/stats", async () => {
    expect((await call("GET", "/products?k=brand")).body).toEqual([
      { product: "100", k: "brand", v: "Acme" },
      { product: "200", k: "brand", v: "acme" },
      { product: "300", k: "brand", v: "Acme" },
    ]);
    expect((await call("GET", "/products?k=brand&v=Acme&code=300,%20999")).body).toEqual([
      { product: "300", k: "brand", v: "Acme" },
    ]);
    const all = (await call("GET", "/products?k=")).body as Array<{ product: string }>;
    expect(all.filter((r) => r.product === "100")).toHaveLength(4);
    const stats = (await call("GET", "/products/stats?k=brand")).body as Array<Record<string, unknown>>;
    expect(stats.map((s) => [s.product, s.keys, s.editors])).toEqual([
      ["100", 1, 1],
      ["200", 1, 1],
      ["300", 1, 1],
    ]);
    expect(Object.keys(stats[0] ?? {})).toEqual(["product", "keys", "last_edit", "editors"]);
    const p300 = ((await call("GET", "/products/stats")).body as Array<Record<string, unknown>>).find(
      (s) => s.product === "300",
    );
    expect(p300).toMatchObject({ keys: 2, editors: 2 });
    expect(p300?.last_edit).toMatch(LAST_EDIT);
  });

  it("GET /keys, /values/{k}, /values", async () => {
    const keys = (await call("GET", "/keys?q=BRAND")).body as Array<Record<string, unknown>>;
    expect(keys).toEqual([
      { k: "brand", count: 3, values: 2 },
      { k: "brand-new", count: 1, values: 1 },
      { k: "brand:owner", count: 1, values: 1 },
      { k: "brandy", count: 1, values: 1 },
    ]);
    expect((await call("GET", "/values/brand")).body).toEqual([
      { v: "Acme", product_count: 2 },
      { v: "acme", product_count: 1 },
    ]);
    expect((await call("GET", "/values/brand?limit=1")).body).toEqual([{ v: "Acme", product_count: 2 }]);
    expect((await call("GET", "/values/brand?q=ACM&limit=5000")).body).toHaveLength(2);
    expect((await call("GET", "/values?codes=300,100&keys=brand")).body).toEqual([
      {
        product: "100",
        k: "brand",
        v: "Acme",
        owner: "",
        version: 1,
        editor: "alice",
        last_edit: expect.stringMatching(LAST_EDIT),
      },
      {
        product: "300",
        k: "brand",
        v: "Acme",
        owner: "",
        version: 1,
        editor: "bob",
        last_edit: expect.stringMatching(LAST_EDIT),
      },
    ]);
    expect(await call("GET", "/values")).toMatchObject({
      status: 422,
      body: { detail: "At least one of 'code' or 'keys' parameters must be provided" },
    });
    const many = Array.from({ length: 1001 }, (_, i) => String(i)).join(",");
    expect(await call("GET", `/values?codes=${many}`)).toMatchObject({
      status: 422,
      body: { detail: "Maximum 1000 products allowed" },
    });
    expect(await call("GET", `/values?keys=${many}`)).toMatchObject({
      status: 422,
      body: { detail: "Maximum 1000 keys allowed" },
    });
    expect(await call("GET", "/values?keys=nothing")).toMatchObject({ status: 200, body: [] });
  });

  it("GET / and /ping", async () => {
    expect(await call("GET", "/")).toMatchObject({
      status: 200,
      body: { message: "Hello folksonomy World! Tip: open /docs for documentation" },
    });
    const ping = (await call("GET", "/ping")).body as { ping: string };
    expect(ping.ping).toMatch(/^pong @ \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{6})?$/);
  });
});
