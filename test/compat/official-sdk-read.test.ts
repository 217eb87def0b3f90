/**
 * The official SDK `@openfoodfacts/openfoodfacts-nodejs@2.0.0-alpha.35` (`OpenFoodFacts`) reading from
 * foodbase: what each method returns to its caller (API.md §8.1). Expected values come from the spec and
 * the shipped taxonomy files, not from foodbase's own answers.
 */
import { existsSync } from "node:fs";
import { OpenFoodFacts } from "@openfoodfacts/openfoodfacts-nodejs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALICE, startTestServer, type TestServer } from "../helpers/server.js";
import { fetchWithSession, ORANGE_JUICES, type SdkAnswer, seedProducts, WATER } from "./fixtures.js";

let t: TestServer;
let off: OpenFoodFacts;

beforeAll(async () => {
  t = await startTestServer();
  await seedProducts(t.url);
  off = new OpenFoodFacts(globalThis.fetch, { host: t.url });
});
afterAll(async () => {
  await t.close();
  expect(existsSync(t.dir)).toBe(false);
});

describe("getProductV3", () => {
  it("returns the requested fields of a product with status success", async () => {
    const { data, error }: SdkAnswer = await off.getProductV3(WATER.code, {
      fields: ["product_name", "nutrition_grades"],
    });
    expect(error).toBeUndefined();
    expect(data?.status).toBe("success");
    expect(data?.code).toBe(WATER.code);
    expect(data?.result).toEqual({ id: "product_found", lc_name: "Product found", name: "Product found" });
    // Unflavoured spring water is Nutri-Score A whatever its nutrients (NUTRITION.md).
    expect(data?.product).toEqual({ nutrition_grades: "a", product_name: "Source claire" });
  });

  it("returns an error with status failure for an unknown code", async () => {
    const { data, error }: SdkAnswer = await off.getProductV3("12345678");
    expect(data).toBeUndefined();
    expect(error?.status).toBe("failure");
    expect(error?.result?.id).toBe("product_not_found");
    expect(error?.errors?.[0]?.message?.id).toBe("product_not_found");
    expect(error?.errors?.[0]?.field).toEqual({ id: "code", value: "12345678" });
  });

  it("warns when the code it was given is normalised (14 digits with a leading 0)", async () => {
    const { data }: SdkAnswer = await off.getProductV3(`0${WATER.code}`, { fields: ["product_name"] });
    expect(data?.status).toBe("success_with_warnings");
    expect(data?.warnings?.[0]?.message?.id).toBe("different_normalized_product_code");
    expect(data?.product).toEqual({ product_name: "Source claire" });
  });

  it("returns an invalid_code error for a code without digits", async () => {
    const { error }: SdkAnswer = await off.getProductV3("abc");
    expect(error?.status).toBe("failure");
    expect(error?.errors?.[0]?.message?.id).toBe("invalid_code");
  });
});

describe("getProductV2, getProductImages, getProductAttributes", () => {
  it("getProductV2 returns the classic envelope with the product's computed tags", async () => {
    const { data, error }: SdkAnswer = await off.getProductV2(WATER.code);
    expect(error).toBeUndefined();
    expect(data?.status).toBe(1);
    expect(data?.status_verbose).toBe("product found");
    expect(data?.product?.product_name).toBe("Source claire");
    expect(data?.product?.brands).toBe("Cristaline");
    // categories.txt: Mineral waters < Spring waters < Waters < Beverages, listed broad → specific.
    expect(data?.product?.categories_tags).toEqual([
      "en:beverages",
      "en:waters",
      "en:spring-waters",
      "en:mineral-waters",
    ]);
  });

  it("getProductV2 gives the not-found envelope as an error", async () => {
    const { data, error }: SdkAnswer = await off.getProductV2("12345678");
    expect(data).toBeUndefined();
    expect(error).toEqual({ code: "12345678", status: 0, status_verbose: "product not found" });
  });

  it("getProductImages is null for a product without images", async () => {
    expect(await off.getProductImages(WATER.code)).toBeNull();
    expect(await off.getProductImages("12345678")).toBeNull();
  });

  it("getProductAttributes is an empty list (attributes are not computed)", async () => {
    expect(await off.getProductAttributes(WATER.code)).toEqual([]);
  });
});

describe("search", () => {
  const allJuices = ORANGE_JUICES.map((p) => p.code).sort();

  it("filters by category name, counts exactly and returns at most page_size products", async () => {
    const query = { categories_tags_en: "Orange juices", fields: "code,product_name", page_size: 5 };
    const { data, error } = await off.search(query);
    expect(error).toBeUndefined();
    expect(data?.count).toBe(6);
    expect(data?.page).toBe(1);
    expect(data?.page_size).toBe(5);
    expect(data?.page_count).toBe(5);
    expect(data?.skip).toBe(0);
    expect(data?.products).toHaveLength(5);
    for (const product of data?.products ?? []) {
      expect(Object.keys(product).sort()).toEqual(["code", "product_name"]);
      const seeded = ORANGE_JUICES.find((p) => p.code === product.code);
      expect(product.product_name).toBe(seeded?.product_name);
    }
  });

  it("page 2 holds the remaining product, and both pages cover every match once", async () => {
    const first = await off.search({ categories_tags: "en:orange-juices", fields: "code", page_size: 5 });
    const second = await off.search({ categories_tags: "en:orange-juices", fields: "code", page_size: 5, page: 2 });
    expect(second.data?.count).toBe(6);
    expect(second.data?.skip).toBe(5);
    expect(second.data?.products).toHaveLength(1);
    const codes = [...(first.data?.products ?? []), ...(second.data?.products ?? [])].map((p) => p.code).sort();
    expect(codes).toEqual(allJuices);
  });

  it("combines a tag filter with a brand filter", async () => {
    const { data } = await off.search({ categories_tags: "en:orange-juices", brands_tags: "joker", fields: "code" });
    expect(data?.count).toBe(2);
    expect(data?.products?.map((p) => p.code).sort()).toEqual([ORANGE_JUICES[3]?.code, ORANGE_JUICES[4]?.code]);
  });

  it("answers a bad parameter with a JSON error the SDK hands back", async () => {
    // `page` is typed as a number: a string is the wrong input this test sends on purpose.
    const query = { page: "abc" } as unknown as Parameters<OpenFoodFacts["search"]>[0];
    const { data, error } = await off.search(query);
    expect(data).toBeUndefined();
    expect(error).toMatchObject({ status: 0, status_verbose: "page must be a positive integer" });
  });
});

describe("getFacet", () => {
  it("lists the brands with their product counts, most products first", async () => {
    const facet = await off.getFacet("brands");
    expect(facet.count).toBe(4);
    expect(facet.tags.map((tag) => [tag.id, tag.products, tag.known])).toEqual([
      ["tropicana", 3, 1],
      ["joker", 2, 1],
      ["cristaline", 1, 1],
      ["innocent", 1, 1],
    ]);
    expect((facet.tags[0] as { url?: string } | undefined)?.url).toBe(`${t.url}/brand/tropicana`);
  });

  it("pages with page and pageSize", async () => {
    const facet = await off.getFacet("brands", { page: 2, pageSize: 2 });
    expect(facet.count).toBe(4);
    expect(facet.tags.map((tag) => tag.id)).toEqual(["cristaline", "innocent"]);
  });
});

describe("getLoginStatus", () => {
  it("is an HTTP 403 error without a session", async () => {
    expect(await off.getLoginStatus()).toEqual({ error: "HTTP error! status: 403" });
  });

  it("returns the signed-in user when the fetch carries the session cookie", async () => {
    const signedIn = new OpenFoodFacts(await fetchWithSession(t.url, ALICE.userId, ALICE.password), { host: t.url });
    expect(await signedIn.getLoginStatus()).toEqual({
      data: {
        status: 1,
        status_verbose: "user signed-in",
        user: { admin: 0, email: "alice@example.org", moderator: 0, name: "Alice" },
        user_id: "alice",
      },
    });
  });
});

describe("getCategory (taxonomy)", () => {
  it("returns the entry keyed by its id: English name, parents, children and properties", async () => {
    const extract = (await off.getCategory("en:orange-juices")) as unknown as Record<string, Record<string, unknown>>;
    // OFF answers a map keyed by id (the SDK's type says a bare entry); values from categories.txt.
    expect(Object.keys(extract)).toEqual(["en:orange-juices"]);
    const entry = extract["en:orange-juices"];
    expect(entry?.name).toEqual({ en: "Orange juices" });
    expect(entry?.parents).toEqual(["en:fruit-juices"]);
    expect(entry?.children).toEqual([
      "en:blood-orange-juices",
      "en:concentrated-orange-juices",
      "en:refrigerated-squeezed-orange-juices",
      "en:squeezed-orange-juices",
      "fr:jus-d-orange-sans-pulpe",
    ]);
    expect(entry?.wikidata).toEqual({ en: "Q1781317" });
    expect(entry?.agribalyse_proxy_food_code).toEqual({ en: "2011" });
  });

  it("getLabel and getCountry read the other shipped taxonomies", async () => {
    const france = (await off.getCountry("en:france")) as unknown as Record<string, Record<string, unknown>>;
    expect(france["en:france"]?.name).toEqual({ en: "France" });
    expect(france["en:france"]?.country_code_2).toEqual({ en: "FR" });
    const organic = (await off.getLabel("en:organic")) as unknown as Record<string, Record<string, unknown>>;
    expect(organic["en:organic"]?.name).toEqual({ en: "Organic" });
  });

  it("a taxonomy foodbase does not ship is a JSON error, not a crash", async () => {
    const answer = (await off.getIngredient("en:sugar")) as unknown as Record<string, unknown>;
    expect(answer).toMatchObject({ status: 0, errors: [{ id: "invalid_parameter", parameter: "tagtype" }] });
  });
});
