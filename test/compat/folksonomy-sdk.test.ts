/**
 * The official SDK's `Folksonomy` class (`@openfoodfacts/openfoodfacts-nodejs@2.0.0-alpha.35`) against
 * foodbase's folksonomy API (API.md §7, §8.2): login, then the tag life cycle, with what each method
 * returns to its caller (`{data}`/`{error}`; `undefined` or the parsed error for writes).
 */
import { Folksonomy } from "@openfoodfacts/openfoodfacts-nodejs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALICE, startTestServer, type TestServer } from "../helpers/server.js";

const PRODUCT = "3701027900001";
const LAST_EDIT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?$/;

let t: TestServer;
let baseUrl: string;
let anonymous: Folksonomy;
let alice: Folksonomy;

beforeAll(async () => {
  t = await startTestServer();
  baseUrl = `${t.url}/folksonomy`;
  anonymous = new Folksonomy(globalThis.fetch, { baseUrl });
});
afterAll(async () => t.close());

describe("Folksonomy SDK", () => {
  it("login returns a bearer token for a foodbase account", async () => {
    const { data, error } = await anonymous.login(ALICE.userId, ALICE.password);
    expect(error).toBeUndefined();
    expect(data?.token_type).toBe("bearer");
    expect(data?.access_token).toMatch(/^alice__U[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    alice = new Folksonomy(globalThis.fetch, { baseUrl, authToken: data?.access_token });
  });

  it("login with a wrong password returns the error detail", async () => {
    const { data, error } = await anonymous.login(ALICE.userId, "wrong-password");
    expect(data).toBeUndefined();
    expect(error).toEqual({ detail: "Invalid authentication credentials" });
  });

  it("writes need a token: the SDK refuses locally without one", async () => {
    await expect(
      anonymous.addTag({ product: PRODUCT, k: "color", v: "red", owner: "", version: 1, comment: "" }),
    ).rejects.toThrow(/Auth token/);
  });

  it("addTag returns undefined on success, then the tag reads back", async () => {
    expect(await alice.addTag({ product: PRODUCT, k: "color", v: "red", owner: "", version: 1, comment: "" })).toBe(
      undefined,
    );
    const { data } = await anonymous.getProductTags(PRODUCT);
    expect(data).toHaveLength(1);
    expect(data?.[0]).toMatchObject({ product: PRODUCT, k: "color", v: "red", owner: "", version: 1, editor: "alice" });
    expect(data?.[0]?.last_edit).toMatch(LAST_EDIT);
  });

  it("a duplicate addTag returns the version-conflict error", async () => {
    const error = await alice.addTag({ product: PRODUCT, k: "color", v: "red", owner: "", version: 1, comment: "" });
    expect(error).toEqual({
      detail: { msg: "Version conflict for this product (might result from a concurrent edit)" },
    });
  });

  it("putTag with version = current + 1 updates the tag", async () => {
    expect(await alice.putTag({ product: PRODUCT, k: "color", v: "blue", owner: "", version: 2, comment: "" })).toBe(
      undefined,
    );
    const { data } = await anonymous.getProductTags(PRODUCT);
    expect(data?.map((row) => [row.k, row.v, row.version])).toEqual([["color", "blue", 2]]);
  });

  it("putTag with a wrong version returns the validation error naming the expected version", async () => {
    const error = await alice.putTag({ product: PRODUCT, k: "color", v: "green", owner: "", version: 2, comment: "" });
    expect(error).toEqual({
      detail: [
        { type: "value_error", loc: ["body", "version"], msg: "Value error, version must be exactly 3", input: 2 },
      ],
    });
  });

  it("lists: getKeys, getProducts (by key, by key and value), getValues", async () => {
    expect(
      await alice.addTag({ product: "3701027900002", k: "color", v: "blue", owner: "", version: 1, comment: "" }),
    ).toBeUndefined();
    expect(
      await alice.addTag({ product: "3701027900002", k: "shape", v: "round", owner: "", version: 1, comment: "" }),
    ).toBeUndefined();

    expect((await anonymous.getKeys()).data).toEqual([
      { k: "color", count: 2, values: 1 },
      { k: "shape", count: 1, values: 1 },
    ]);
    expect((await anonymous.getProducts("color")).data).toEqual([
      { product: PRODUCT, k: "color", v: "blue" },
      { product: "3701027900002", k: "color", v: "blue" },
    ]);
    expect((await anonymous.getProducts("shape", "round")).data).toEqual([
      { product: "3701027900002", k: "shape", v: "round" },
    ]);
    expect((await anonymous.getProducts("shape", "square")).data).toEqual([]);
    expect((await anonymous.getValues("color")).data).toEqual([{ v: "blue", product_count: 2 }]);
    expect((await anonymous.getValues("color", { q: "xyz" })).data).toEqual([]);
  });

  it("removeTag with the current version deletes the tag; a wrong version is refused", async () => {
    const wrong = await alice.removeTag({
      product: PRODUCT,
      k: "color",
      v: "blue",
      owner: "",
      version: 1,
      comment: "",
    });
    expect(wrong).toEqual({ detail: "Unknown product/k/version for this owner" });

    expect(
      await alice.removeTag({ product: PRODUCT, k: "color", v: "blue", owner: "", version: 2, comment: "" }),
    ).toBeUndefined();
    expect((await anonymous.getProductTags(PRODUCT)).data).toEqual([]);
    expect((await anonymous.getProducts("color")).data).toEqual([{ product: "3701027900002", k: "color", v: "blue" }]);
  });

  it("a JSON tag body sent without Content-Type is read as JSON", async () => {
    const { data } = await anonymous.login(ALICE.userId, ALICE.password);
    const body = new TextEncoder().encode(JSON.stringify({ product: PRODUCT, k: "size", v: "large" }));
    const res = await fetch(`${baseUrl}/product`, {
      method: "POST",
      headers: { Authorization: `Bearer ${data?.access_token}` },
      body,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toBe("ok");
    expect((await anonymous.getProductTags(PRODUCT)).data?.map((row) => row.k)).toEqual(["size"]);
  });
});
