/** Moderation routes of the folksonomy API (API.md §7.7): moderators only, public tags, history kept. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../src/accounts/passwords.js";
import { ALICE, startTestServer, type TestServer } from "../helpers/server.js";

let t: TestServer;
let F: string;
let alice: string;
let mod: string;

async function call(method: string, path: string, token?: string, json?: unknown) {
  const headers: Record<string, string> = {};
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  if (json !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${F}${path}`, {
    method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

async function login(username: string, password: string): Promise<string> {
  const res = await fetch(`${F}/auth`, { method: "POST", body: new URLSearchParams({ username, password }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

beforeAll(async () => {
  t = await startTestServer();
  F = `${t.url}/folksonomy`;
  await t.server.store.addUser({
    userId: "mod",
    email: "mod@example.org",
    name: "Mod",
    moderator: true,
    passwordHash: await hashPassword("mod-password", { N: 2 ** 10, r: 8, p: 1 }),
  });
  alice = await login("alice", ALICE.password);
  mod = await login("mod", "mod-password");
  const tags = [
    { product: "1", k: "colour", v: "red" },
    { product: "2", k: "colour", v: "blue" },
    { product: "2", k: "color", v: "navy" },
    { product: "3", k: "color", v: "green" },
    { product: "4", k: "colour", v: "red" },
    { product: "4", k: "colour", v: "mine", owner: "alice" },
  ];
  for (const tag of tags) expect((await call("POST", "/product", alice, tag)).status).toBe(200);
});
afterAll(async () => t.close());

describe("admin routes (API.md §7.7)", () => {
  it("validate the body, then require a moderator or an admin", async () => {
    const body = { old_property: "colour", new_property: "color" };
    expect(await call("POST", "/admin/property/check-clash", undefined, body)).toMatchObject({
      status: 401,
      body: { detail: "Authentication required" },
    });
    expect(await call("POST", "/admin/property/check-clash", alice, body)).toMatchObject({
      status: 403,
      body: { detail: "Moderator or admin privileges required" },
    });
    const long = await call("POST", "/admin/property/rename", mod, {
      old_property: "a",
      new_property: "b".repeat(101),
    });
    expect(long).toMatchObject({
      status: 422,
      body: { detail: [{ msg: "Value error, property must be at most 100 characters" }] },
    });
    const same = await call("POST", "/admin/property/rename", mod, { old_property: "a", new_property: "a" });
    expect(same).toMatchObject({
      status: 422,
      body: {
        detail: [
          {
            type: "value_error",
            loc: ["body"],
            msg: "Value error, old_property and new_property should not be the same.",
          },
        ],
      },
    });
    expect((await call("DELETE", "/admin/property", undefined, {})).body).toEqual({
      detail: [{ type: "missing", loc: ["body", "property"], msg: "Field required", input: {} }],
    });
  });

  it("answer a missing body, or one that is not a JSON object, as the Engine does (422)", async () => {
    expect(await call("POST", "/admin/property/rename", mod)).toEqual({
      status: 422,
      body: { detail: [{ type: "missing", loc: ["body"], msg: "Field required", input: null }] },
    });
    expect(await call("POST", "/admin/property/rename", mod, ["colour", "color"])).toEqual({
      status: 422,
      body: {
        detail: [
          {
            type: "model_attributes_type",
            loc: ["body"],
            msg: "Input should be a valid dictionary or object to extract fields from",
            input: ["colour", "color"],
          },
        ],
      },
    });
    // Nothing was renamed.
    expect((await call("GET", "/keys")).body).toEqual(
      expect.arrayContaining([expect.objectContaining({ k: "colour" }), expect.objectContaining({ k: "color" })]),
    );
  });

  it("check-clash, then rename: products with both keys keep the new one", async () => {
    expect(
      await call("POST", "/admin/property/check-clash", mod, { old_property: "colour", new_property: "color" }),
    ).toEqual({
      status: 200,
      body: {
        products_with_both: 1,
        products_with_old_only: 2,
        products_with_new_only: 1,
        conflicting_products: [{ product: "2", old_value: "blue", new_value: "navy" }],
      },
    });
    expect(
      await call("POST", "/admin/property/check-clash", mod, { old_property: "nope", new_property: "color" }),
    ).toEqual({
      status: 404,
      body: { detail: "Property 'nope' not found" },
    });
    expect(
      await call("POST", "/admin/property/rename", mod, { old_property: " colour ", new_property: "color" }),
    ).toEqual({
      status: 200,
      body: {
        status: "success",
        renamed_products: 2,
        conflicting_products_resolved: 1,
        message: "Renamed property 'colour' to 'color'",
      },
    });
    expect((await call("GET", "/products?k=color")).body).toEqual([
      { product: "1", k: "color", v: "red" },
      { product: "2", k: "color", v: "navy" },
      { product: "3", k: "color", v: "green" },
      { product: "4", k: "color", v: "red" },
    ]);
    // Private tags are left alone; the history records the move.
    expect((await call("GET", "/product/4/colour?owner=alice", alice)).body).toMatchObject({ v: "mine" });
    expect((await call("GET", "/product/1/color/versions")).body).toMatchObject([
      { version: 2, v: "red", editor: "mod" },
    ]);
    expect((await call("GET", "/product/1/colour/versions")).body).toMatchObject([
      { version: 1, editor: "alice" },
      { version: 0, editor: "mod", comment: "DELETE" },
    ]);
  });

  it("replaces and deletes values, deletes keys", async () => {
    expect(
      await call("POST", "/admin/value/replace", mod, { property: "color", old_value: "red", new_value: "Red" }),
    ).toEqual({
      status: 200,
      body: {
        status: "success",
        renamed_products: 2,
        message: "Renamed value 'red' to 'Red' for property 'color' (2 changes)",
      },
    });
    expect((await call("GET", "/product/1/color")).body).toMatchObject({ v: "Red", version: 3, editor: "mod" });
    expect(
      await call("POST", "/admin/value/replace", mod, { property: "color", old_value: "red", new_value: "x" }),
    ).toEqual({
      status: 404,
      body: { detail: "Value 'red' not found for property 'color'" },
    });
    expect(await call("DELETE", "/admin/value", mod, { property: "color", value: "Red" })).toEqual({
      status: 200,
      body: {
        status: "success",
        deleted_entries: 2,
        message: "Deleted value 'Red' for property 'color' from 2 products",
      },
    });
    expect(await call("GET", "/product/1")).toEqual({ status: 200, body: [] });
    expect(await call("DELETE", "/admin/property", mod, { property: "color" })).toEqual({
      status: 200,
      body: { status: "success", deleted_entries: 2, message: "Deleted property 'color' from 2 products" },
    });
    expect(await call("DELETE", "/admin/property", mod, { property: "color" })).toEqual({
      status: 404,
      body: { detail: "Property 'color' not found" },
    });
    expect((await call("GET", "/product/3/color/versions")).body).toMatchObject([
      { version: 1 },
      { version: 0, editor: "mod" },
    ]);
  });
});
