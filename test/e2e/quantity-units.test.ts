/**
 * `product_quantity_unit` / `serving_quantity_unit` and quantities in every spelling of OFF's units list,
 * through the write and read API (issue 26 items 4, 7). Expected values: OFF's
 * `api_v2_product_read/get-fields-product-quantity-and-energy-kcal-100g.json` (quantity "100 g" →
 * `product_quantity_unit` "g") and NUTRITION.md §1.6 for the per-serving derivation.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALICE, getJson, postForm, startTestServer, type TestServer } from "../helpers/server.js";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

function write(fields: Record<string, string>) {
  return postForm(t.url, "/cgi/product_jqm2.pl", { user_id: ALICE.userId, password: ALICE.password, ...fields });
}

describe("quantity units", () => {
  it("returns product_quantity_unit next to product_quantity, as OFF's v2 read does", async () => {
    expect(
      (await write({ code: "0200000000034", quantity: "100 g", "nutriment_energy-kcal": "140.5" })).body.status,
    ).toBe(1);
    const read = await getJson(`${t.url}/api/v2/product/0200000000034?fields=product_quantity,product_quantity_unit`);
    expect(read.body.product).toEqual({ product_quantity: "100", product_quantity_unit: "g" });
  });

  it("a volume gives ml; a quantity without a known unit drops both fields", async () => {
    await write({ code: "0200000000041", quantity: "6 bouteilles de 33 cl", serving_size: "1 verre (25 cl)" });
    const fields = "product_quantity,product_quantity_unit,serving_quantity,serving_quantity_unit";
    const read = await getJson(`${t.url}/api/v2/product/0200000000041?fields=${fields}`);
    expect(read.body.product).toEqual({
      product_quantity: "1980",
      product_quantity_unit: "ml",
      serving_quantity: "250",
      serving_quantity_unit: "ml",
    });
    await write({ code: "0200000000041", quantity: "1 pack", serving_size: "1 piece" });
    const cleared = await getJson(`${t.url}/api/v2/product/0200000000041?fields=${fields}`);
    expect(cleared.body.product).toEqual({});
  });

  it('serving_size "15 gm" gives per-serving values and a Nutri-Score', async () => {
    const written = await write({
      code: "0200000000058",
      product_name: "Peanut butter spread",
      categories: "en:spreads",
      serving_size: "1 tbsp (15 gm)",
      "nutriment_energy-kcal": "100",
      nutriment_fat: "2",
      "nutriment_saturated-fat": "0.5",
      nutriment_sugars: "3",
      nutriment_salt: "0.1",
      nutriment_fiber: "4",
      nutriment_proteins: "8",
    });
    expect(written.body.status).toBe(1);
    const read = await getJson(
      `${t.url}/api/v2/product/0200000000058?fields=serving_quantity,serving_quantity_unit,nutriments,nutriscore_grade`,
    );
    const product = read.body.product;
    expect(product.serving_quantity).toBe("15");
    expect(product.serving_quantity_unit).toBe("g");
    // NUTRITION.md §1.6: <nid>_serving = <nid> / 100 × serving_quantity.
    expect(product.nutriments.sugars_serving).toBeCloseTo(0.45, 6);
    expect(product.nutriments.proteins_serving).toBeCloseTo(1.2, 6);
    expect(product.nutriscore_grade).toMatch(/^[a-e]$/);
  });
});
