/**
 * `_keywords` as OFF's compute_keywords builds them (issue 26 item 5; OFF's lib/ProductOpener/Products.pm:
 * the unsuffixed `product_name` and `generic_name`, i.e. the main language's, then `brands`,
 * `categories`, `origins`, `labels`), while full-text search still finds a name in any language.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALICE, getJson, postForm, startTestServer, type TestServer } from "../helpers/server.js";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  const written = await postForm(t.url, "/cgi/product_jqm2.pl", {
    user_id: ALICE.userId,
    password: ALICE.password,
    code: "2000000000704",
    lang: "en",
    product_name: "Apple pie",
    product_name_fr: "Tarte aux pommes",
    generic_name_de: "Apfelkuchen",
    brands: "Mamie Douce",
    categories: "en:pies",
    labels: "en:organic",
  });
  expect(written.body.status).toBe(1);
});
afterAll(async () => {
  await t.close();
});

describe("_keywords", () => {
  it("holds the main language's name, the brands, categories and labels, not the other languages' names", async () => {
    const read = await getJson(`${t.url}/api/v2/product/2000000000704?fields=_keywords`);
    expect(read.body.product._keywords).toEqual(["apple", "douce", "mamie", "organic", "pie"]);
  });

  it("full-text search still finds the product by its names in other languages", async () => {
    for (const terms of ["tarte pommes", "apfelkuchen", "apple pie", "mamie"]) {
      const found = await getJson(`${t.url}/api/v2/search?search_terms=${encodeURIComponent(terms)}&fields=code`);
      expect(found.body.products, terms).toEqual([{ code: "2000000000704" }]);
    }
    const v1 = await getJson(`${t.url}/cgi/search.pl?search_terms=tarte&json=1&fields=code`);
    expect(v1.body.products).toEqual([{ code: "2000000000704" }]);
  });
});
