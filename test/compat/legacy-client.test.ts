/**
 * The legacy client `openfoodfacts-nodejs@0.1.0` (CommonJS, `request-promise`, API v0) against foodbase,
 * pointed at it by setting `client.URL` after construction (API.md §8.3).
 */
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { ORANGE_JUICES, seedProducts, WATER } from "./fixtures.js";

// The package's typings declare a named class, but it exports the class itself (module.exports = OFF).
type LegacyClient = InstanceType<typeof import("openfoodfacts-nodejs").OFF>;
const LegacyOFF = createRequire(import.meta.url)("openfoodfacts-nodejs") as new () => LegacyClient;

let t: TestServer;
let client: LegacyClient & { URL: string };

beforeAll(async () => {
  t = await startTestServer();
  await seedProducts(t.url);
  client = new LegacyOFF() as LegacyClient & { URL: string };
  client.URL = t.url;
});
afterAll(async () => t.close());

describe("openfoodfacts-nodejs@0.1.0", () => {
  it("getProduct reads a product through /api/v0/product/{code}.json", async () => {
    const answer = await client.getProduct(WATER.code);
    expect(answer.status).toBe(1);
    expect(answer.status_verbose).toBe("product found");
    expect(answer.code).toBe(WATER.code);
    expect(answer.product.product_name).toBe("Source claire");
    expect(answer.product.brands).toBe("Cristaline");
    expect(answer.product.categories_tags).toEqual([
      "en:beverages",
      "en:waters",
      "en:spring-waters",
      "en:mineral-waters",
    ]);
  });

  it("getProduct of an unknown code resolves (v0 answers 200) with status 0", async () => {
    expect(await client.getProduct("0012345678")).toEqual({
      code: "12345678",
      status: 0,
      status_verbose: "product not found",
    });
  });

  it("getBrand lists the products of a brand", async () => {
    const answer = await client.getBrand("Tropicana");
    expect(answer).toMatchObject({ count: 3, page: 1, page_count: 3, skip: 0 });
    const codes = (answer as unknown as { products: { code: string }[] }).products.map((p) => p.code).sort();
    expect(codes).toEqual(ORANGE_JUICES.filter((p) => p.brands === "Tropicana").map((p) => p.code));
  });

  it("getBrands and getCategories list tags with product counts", async () => {
    const brands = await client.getBrands();
    expect(brands.count).toBe(4);
    expect(brands.tags?.map((tag) => [tag.id, tag.products])).toEqual([
      ["tropicana", 3],
      ["joker", 2],
      ["cristaline", 1],
      ["innocent", 1],
    ]);
    const categories = await client.getCategories();
    const juices = categories.tags?.find((tag) => tag.id === "en:orange-juices");
    expect(juices).toMatchObject({ known: 1, name: "Orange juices", products: 6 });
  });
});
