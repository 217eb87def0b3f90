/**
 * The official SDK `@openfoodfacts/openfoodfacts-nodejs@2.0.0-alpha.35` writing to foodbase:
 * `addOrEditProductV2` (multipart, every absent field sent as `""`, API.md §4.2 and §8.1), the
 * answers to API v3 writes, and JSON bodies sent without `Content-Type` (as the SDK's fetch wrapper does).
 */
import { OpenFoodFacts } from "@openfoodfacts/openfoodfacts-nodejs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALICE, getJson, startTestServer, type TestServer } from "../helpers/server.js";
import type { SdkAnswer } from "./fixtures.js";

let t: TestServer;
let off: OpenFoodFacts;
const credentials = { username: ALICE.userId, password: ALICE.password };

beforeAll(async () => {
  t = await startTestServer();
  off = new OpenFoodFacts(globalThis.fetch, { host: t.url });
});
afterAll(async () => t.close());

/** The SDK declares the full server-side product (created_t, creator, …) as required input; callers send a part. */
type SdkProduct = Parameters<OpenFoodFacts["addOrEditProductV2"]>[0];
function sdkProduct(fields: Record<string, unknown>): SdkProduct {
  return fields as unknown as SdkProduct;
}

async function readProduct(code: string): Promise<Record<string, any> | undefined> {
  const { data } = await off.getProductV2(code);
  return data?.product as Record<string, any> | undefined;
}

describe("addOrEditProductV2", () => {
  const code = "5000000000017";

  it("creates a product: returns true and the fields read back", async () => {
    const product = {
      code,
      product_name: "Oat biscuits",
      categories: "Cookies",
      brands: "Biscuiterie Test",
      quantity: "250 g",
      languages_codes: { fr: 1 },
      product_name_fr: "Biscuits à l'avoine",
      nutriments: { sugars_100g: 20.5, salt_100g: 0.5, fat_100g: 12 },
    };
    expect(await off.addOrEditProductV2(sdkProduct(product), credentials)).toBe(true);

    const read = await readProduct(code);
    expect(read?.product_name).toBe("Oat biscuits");
    expect(read?.product_name_fr).toBe("Biscuits à l'avoine");
    expect(read?.brands).toBe("Biscuiterie Test");
    expect(read?.brands_tags).toEqual(["biscuiterie-test"]);
    // API.md §4.4: categories=cookies in English.
    expect(read?.categories_tags).toEqual(["en:snacks", "en:sweet-snacks", "en:biscuits-and-cakes", "en:biscuits"]);
    expect(read?.quantity).toBe("250 g");
    expect(read?.product_quantity).toBe("250");
    expect(read?.creator).toBe("alice");
    expect(read?.rev).toBe(1);
    // Sent as nutriment_<id> per 100 g; sodium = salt / 2.5 (API.md §4.5).
    expect(read?.nutriments).toMatchObject({
      sugars_100g: 20.5,
      salt_100g: 0.5,
      sodium_100g: 0.2,
      fat_100g: 12,
    });
  });

  it("edits one field: returns true, the change reads back and no other field is erased", async () => {
    const before = await readProduct(code);
    // The SDK sends categories, brands, quantity, … as "" here: foodbase leaves them unchanged.
    expect(
      await off.addOrEditProductV2(sdkProduct({ code, product_name: "Oat & chocolate biscuits" }), credentials),
    ).toBe(true);

    const after = await readProduct(code);
    expect(after?.product_name).toBe("Oat & chocolate biscuits");
    expect(after?.rev).toBe(2);
    for (const field of ["product_name_fr", "brands", "brands_tags", "categories_tags", "quantity", "nutriments"]) {
      expect(after?.[field], field).toEqual(before?.[field]);
    }
  });

  it("returns false for a wrong password and changes nothing", async () => {
    const wrong = { username: ALICE.userId, password: "not-the-password" };
    expect(await off.addOrEditProductV2(sdkProduct({ code, product_name: "Hijacked" }), wrong)).toBe(false);
    const read = await readProduct(code);
    expect(read?.product_name).toBe("Oat & chocolate biscuits");
    expect(read?.rev).toBe(2);
  });

  it("without credentials returns true (HTTP 200) but writes nothing, as OFF's `no user credentials`", async () => {
    expect(await off.addOrEditProductV2(sdkProduct({ code: "5000000000024", product_name: "Anonymous" }))).toBe(true);
    const { data, error }: SdkAnswer = await off.getProductV2("5000000000024");
    expect(data).toBeUndefined();
    expect(error).toMatchObject({ status: 0, status_verbose: "product not found" });
  });
});

describe("API v3 writes", () => {
  const code = "5000000000031";

  it("the SDK's PATCH /api/v3/product/{code} (image selection, JSON without Content-Type) on no product is a JSON 404", async () => {
    const { error, response } = await off.apiv3.selectAndCropImagesV3(code, {} as never);
    expect(response.status).toBe(404);
    expect(error).toMatchObject({ status: "failure", errors: [{ message: { id: "product_not_found" } }] });
  });

  it("PATCH of other fields than images before API v3.5 gets the JSON 501", async () => {
    const { status, body } = await getJson(`${t.url}/api/v3/product/${code}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ product: { product_name: "x" } }),
    });
    expect(status).toBe(501);
    expect(body.errors[0].message.id).toBe("api_v3_write_not_implemented");
    expect(JSON.stringify(body)).toContain("/cgi/product_jqm2.pl");
  });

  it.each([
    ["POST", `/api/v3/product/${code}`],
    ["PUT", `/api/v3.3/product/${code}`],
  ])("%s %s → 501 JSON, whatever the body", async (method, path) => {
    const { status, body, headers } = await getJson(`${t.url}${path}`, {
      method,
      headers: { "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(status).toBe(501);
    expect(headers.get("content-type")).toMatch(/^application\/json/);
    expect(body.status).toBe("failure");
    expect(body.errors[0].message.id).toBe("api_v3_write_not_implemented");
  });

  it("the v3 read still answers, and writes leave the product untouched", async () => {
    const { error }: SdkAnswer = await off.getProductV3(code);
    expect(error?.result?.id).toBe("product_not_found");
  });
});

describe("JSON bodies without Content-Type", () => {
  it("a flat JSON object posted to product_jqm2.pl without Content-Type is read as form fields", async () => {
    const body = new TextEncoder().encode(
      JSON.stringify({
        code: "5000000000048",
        user_id: ALICE.userId,
        password: ALICE.password,
        product_name: "Raw JSON",
      }),
    );
    // A byte body makes fetch send no Content-Type at all, as the SDK's fetch wrapper does for JSON.
    const res = await fetch(`${t.url}/cgi/product_jqm2.pl`, { method: "POST", body });
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ status: 1, status_verbose: "fields saved" });
    expect((await readProduct("5000000000048"))?.product_name).toBe("Raw JSON");
  });
});
