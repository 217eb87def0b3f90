/**
 * Tag pages as OFF's own integration test `tests/integration/facets.t` reads them (issue 26 items 1, 2):
 * its twelve products are written through product_jqm2.pl by the user `tests`, each path is read with
 * `fields=product_name`, and the products (sorted by name, as OFF's test sorts them) and the count are
 * those of OFF's expected results (`tests/integration/expected_test_results/facets/<case>.json`, the
 * versions written for these twelve products).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getJson, postForm, startTestServer, type TestServer } from "../helpers/server.js";

const TESTS_USER = { userId: "tests", password: "testtest" };

/** facets.t's products (code, name, categories, labels, origins, brands). */
const PRODUCTS: Array<Record<string, string>> = [
  {
    code: "200000000001",
    product_name: "Carrots - Organic - France - brand1, brand2",
    categories: "en:carrots",
    labels: "en:organic",
    origins: "en:france",
    brands: "brand1, brand2",
  },
  {
    code: "200000000002",
    product_name: "Carrots - Fair trade, Organic - France - brand1",
    categories: "en:carrots",
    labels: "en:organic, en:fair-trade",
    origins: "en:france",
    brands: "brand1",
  },
  {
    code: "200000000003",
    product_name: "Carrots - No label - Belgium - brand2",
    categories: "en:carrots",
    origins: "en:belgium",
    brands: "brand2",
  },
  {
    code: "200000000004",
    product_name: "Carrots - Fair trade - Italy - brand1, brand2",
    categories: "en:carrots",
    labels: "en:fair-trade",
    origins: "en:italy",
    brands: "brand1, brand2",
  },
  {
    code: "200000000005",
    product_name: "Bananas - Organic - France - brand2",
    categories: "en:bananas",
    labels: "en:organic",
    origins: "en:france",
    brands: "brand2",
  },
  {
    code: "200000000006",
    product_name: "Bananas - Organic - Martinique - brand1",
    categories: "en:bananas",
    labels: "en:organic",
    origins: "en:martinique",
    brands: "brand1",
  },
  {
    code: "200000000007",
    product_name: "Oranges - Organic - Spain - brand1, brand2, brand3",
    categories: "en:oranges",
    labels: "en:organic",
    origins: "en:spain",
    brands: "brand1, brand2, brand3",
  },
  {
    code: "200000000008",
    product_name: "Oranges - Fair trade - Italy - brand3",
    categories: "en:oranges",
    labels: "en:fair-trade",
    origins: "en:italy",
    brands: "brand3",
  },
  {
    code: "200000000009",
    product_name: "Apples - Organic - France",
    categories: "en:apples",
    labels: "en:organic",
    origins: "en:france",
  },
  {
    code: "200000000010",
    product_name: "Apples - Organic, Fair trade - France",
    categories: "en:apples",
    labels: "en:organic,en:fair-trade",
    origins: "en:france",
  },
  {
    code: "200000000011",
    product_name: "Apples - Organic - France, Belgium, Canada",
    categories: "en:apples",
    labels: "en:organic",
    origins: "en:france,en:belgium,en:canada",
  },
  {
    code: "200000000012",
    product_name: "Chocolate - Organic, Fair trade - Martinique",
    categories: "en:chocolate",
    labels: "en:organic,en:fair-trade",
    origins: "en:martinique",
  },
];

/** OFF's expected product names per case (its files, in its sort order). */
const EXPECTED: Record<string, { path: string; names: string[] }> = {
  brand_brand1: {
    path: "/brand/brand1.json",
    names: [
      "Bananas - Organic - Martinique - brand1",
      "Carrots - Fair trade - Italy - brand1, brand2",
      "Carrots - Fair trade, Organic - France - brand1",
      "Carrots - Organic - France - brand1, brand2",
      "Oranges - Organic - Spain - brand1, brand2, brand3",
    ],
  },
  "brand_-brand1": {
    path: "/brand/-brand1.json",
    names: [
      "Apples - Organic - France",
      "Apples - Organic - France, Belgium, Canada",
      "Apples - Organic, Fair trade - France",
      "Bananas - Organic - France - brand2",
      "Carrots - No label - Belgium - brand2",
      "Chocolate - Organic, Fair trade - Martinique",
      "Oranges - Fair trade - Italy - brand3",
    ],
  },
  "brand_brand2_brand_-brand1": {
    path: "/brand/brand2/brand/-brand1.json",
    names: ["Bananas - Organic - France - brand2", "Carrots - No label - Belgium - brand2"],
  },
  "category_-apples": {
    path: "/category/-apples.json",
    names: [
      "Bananas - Organic - France - brand2",
      "Bananas - Organic - Martinique - brand1",
      "Carrots - Fair trade - Italy - brand1, brand2",
      "Carrots - Fair trade, Organic - France - brand1",
      "Carrots - No label - Belgium - brand2",
      "Carrots - Organic - France - brand1, brand2",
      "Chocolate - Organic, Fair trade - Martinique",
      "Oranges - Fair trade - Italy - brand3",
      "Oranges - Organic - Spain - brand1, brand2, brand3",
    ],
  },
  category_apples_label_organic: {
    path: "/category/apples/label/organic.json",
    names: [
      "Apples - Organic - France",
      "Apples - Organic - France, Belgium, Canada",
      "Apples - Organic, Fair trade - France",
    ],
  },
  "label_fair-trade_label_-organic": {
    path: "/label/fair-trade/label/-organic.json",
    names: ["Carrots - Fair trade - Italy - brand1, brand2", "Oranges - Fair trade - Italy - brand3"],
  },
  category_bananas_label_organic_brand_brand1: {
    path: "/category/bananas/label/organic/brand/brand1.json",
    names: ["Bananas - Organic - Martinique - brand1"],
  },
  "category_bananas_label_organic_brand_-brand1": {
    path: "/category/bananas/label/organic/brand/-brand1.json",
    names: ["Bananas - Organic - France - brand2"],
  },
  "brand_-unknown": {
    path: "/brand/-unknown.json",
    names: [
      "Bananas - Organic - France - brand2",
      "Bananas - Organic - Martinique - brand1",
      "Carrots - Fair trade - Italy - brand1, brand2",
      "Carrots - Fair trade, Organic - France - brand1",
      "Carrots - No label - Belgium - brand2",
      "Carrots - Organic - France - brand1, brand2",
      "Oranges - Fair trade - Italy - brand3",
      "Oranges - Organic - Spain - brand1, brand2, brand3",
    ],
  },
  contributor_tests: {
    path: "/contributor/tests.json",
    names: PRODUCTS.map((p) => p.product_name as string).sort(),
  },
};

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ users: [TESTS_USER, { userId: "alice", password: "secret-alice" }] });
  for (const product of PRODUCTS) {
    const written = await postForm(t.url, "/cgi/product_jqm2.pl", {
      ...product,
      lang: "en",
      user_id: TESTS_USER.userId,
      password: TESTS_USER.password,
    });
    expect(written.body).toEqual({ status: 1, status_verbose: "fields saved" });
  }
});

afterAll(async () => {
  await t.close();
});

async function names(path: string): Promise<{ count: number; names: string[] }> {
  const sep = path.includes("?") ? "&" : "?";
  const answer = await getJson(`${t.url}${path}${sep}fields=product_name`);
  expect(answer.status, path).toBe(200);
  const products = answer.body.products as Array<{ product_name: string }>;
  return { count: answer.body.count, names: products.map((p) => p.product_name).sort() };
}

describe("OFF facets.t cases", () => {
  for (const [name, { path, names: expected }] of Object.entries(EXPECTED)) {
    it(`${name}: ${path}`, async () => {
      expect(await names(path)).toEqual({ count: expected.length, names: [...expected].sort() });
    });
  }

  it("the same paths under /facets/; without .json they are the web pages (HTML), as on OFF", async () => {
    for (const { path, names: expected } of [EXPECTED["brand_brand2_brand_-brand1"], EXPECTED["brand_-unknown"]]) {
      const p = path as string;
      expect((await names(`/facets${p}`)).names).toEqual([...(expected as string[])].sort());
      const page = await fetch(`${t.url}${p.replace(/\.json$/, "")}`);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      const text = await page.text();
      for (const name of expected as string[]) expect(text).toContain(name);
    }
  });
});

describe("tag names in the request's language", () => {
  it("reads French tag names with lc=fr, negated or not, in a path of several tags", async () => {
    const expected = EXPECTED["label_fair-trade_label_-organic"]?.names ?? [];
    expect((await names("/label/commerce%20%C3%A9quitable/label/-bio.json?lc=fr")).names).toEqual(expected);
    expect((await names("/category/-pommes.json?lc=fr")).names).toEqual(EXPECTED["category_-apples"]?.names);
  });

  // OFF's French site names its tag types in French (po/tags/fr.po: `categorie`, `label`, `marque`), and
  // reads the tags in French; foodbase takes such a name in any request, reading tags in its language.
  it("tag types named in French read their tags in French, as on OFF's French site", async () => {
    expect((await names("/categorie/-pommes.json")).names).toEqual(EXPECTED["category_-apples"]?.names);
    expect((await names("/marque/brand2/marque/-brand1.json")).names).toEqual(
      [...(EXPECTED["brand_brand2_brand_-brand1"]?.names ?? [])].sort(),
    );
    // An accented name (`catégories`, French plural) arrives percent-encoded.
    const list = await getJson(`${t.url}/cat%C3%A9gories.json`);
    expect(list.status).toBe(200);
    expect((list.body as { tags: { id: string }[] }).tags.map((tag) => tag.id)).toContain("en:apples");
  });

  it("only tag type names are root paths: another method on one is a 405, any other first segment a 404", async () => {
    for (const [method, path] of [
      ["POST", "/categories.json"],
      ["DELETE", "/brand/brand1"],
      ["PUT", "/cat%C3%A9gories.json"],
    ] as const) {
      const answer = await getJson(`${t.url}${path}`, { method });
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.headers.get("allow")).toContain("GET");
    }
    for (const path of ["/no-such-type.json", "/no-such-type/brand1", "/brands", "/brandsx.json", "/xbrand/brand1"]) {
      expect((await getJson(`${t.url}${path}`)).status, path).toBe(404);
      expect((await getJson(`${t.url}${path}`, { method: "POST" })).status, `POST ${path}`).toBe(404);
    }
  });
});

describe("user tag paths", () => {
  it("answer as tag pages: /editor/ by editors_tags; /photographer/, /informer/, /corrector/, /checker/ route", async () => {
    expect((await names("/editor/tests.json")).count).toBe(12);
    expect((await names("/contributor/alice.json")).count).toBe(0);
    for (const path of [
      "/photographer/tests.json",
      "/informer/tests.json",
      "/corrector/tests.json",
      "/checker/tests.json",
    ]) {
      const answer = await getJson(`${t.url}${path}`);
      expect(answer.status, path).toBe(200);
      expect(answer.body).toMatchObject({ page: 1, skip: 0 });
    }
  });

  it("a path whose pairs do not name tag types is a 404; a bad escape a 400", async () => {
    expect((await getJson(`${t.url}/brand/brand1/nosuchtype/x.json`)).status).toBe(404);
    expect((await getJson(`${t.url}/brand/brand1/label.json`)).status).toBe(404);
    const bad = await getJson(`${t.url}/brand/%E0%A4%A.json`);
    expect(bad.status).toBe(400);
  });
});
