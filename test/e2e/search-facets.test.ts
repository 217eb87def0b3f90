/** Facets over HTTP (API.md §5.8) on the search fixture; expected counts computed from the documents. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importProducts } from "../../src/import/importer.js";
import { openInput } from "../../src/import/source.js";
import { loadTaxonomies } from "../../src/storage/taxonomy-files.js";
import { getJson, startTestServer, type TestServer } from "../helpers/server.js";
import {
  type Doc,
  expectedCodes,
  FIXTURE_EXTRA,
  FIXTURE_GENERATED,
  has,
  PRODUCTS,
  tagsOf,
} from "../search/reference.js";

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
  for (const file of [FIXTURE_GENERATED, FIXTURE_EXTRA]) {
    await importProducts({ store: t.server.store, input: await openInput(file), workers: 0 });
  }
});
afterAll(async () => t.close());

/** Tags of a tag type with their product counts, most frequent first, ties by id. */
function expectedFacet(tagtype: string, filter: (p: Doc) => boolean = () => true): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const p of PRODUCTS.filter(filter)) {
    for (const tag of new Set(tagsOf(p, tagtype))) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

describe("GET /facets/{tagtype}.json", () => {
  it("every tag with its product count, most frequent first", async () => {
    const { status, body } = await getJson(`${t.url}/facets/categories.json`);
    expect(status).toBe(200);
    const expected = expectedFacet("categories");
    expect(body.count).toBe(expected.length);
    expect([body.page, body.page_size]).toEqual([1, 1000]);
    expect(body.tags.map((tag: { id: string; products: number }) => [tag.id, tag.products])).toEqual(expected);
    const taxonomies = loadTaxonomies();
    const top = body.tags[0];
    expect(top).toEqual({
      id: expected[0]?.[0],
      known: 1,
      name: taxonomies.categories.displayName("en", expected[0]?.[0] as string),
      products: expected[0]?.[1],
      url: `${t.url}/category/${expected[0]?.[0]}`,
    });
  });
  it("names in lc; unknown tags have known 0", async () => {
    const { body } = await getJson(`${t.url}/facets/categories.json?lc=fr`);
    const desserts = body.tags.find((tag: { id: string }) => tag.id === "en:cheeses");
    expect(desserts.name).toBe("Fromages");
    const labels = (await getJson(`${t.url}/facets/labels.json`)).body.tags;
    for (const tag of labels) expect(tag.known).toBe(loadTaxonomies().labels.has(tag.id) ? 1 : 0);
    const brands = (await getJson(`${t.url}/facets/brands.json`)).body.tags;
    expect(brands.find((tag: { id: string }) => tag.id === "sunny")).toEqual({
      id: "sunny",
      known: 1,
      name: "sunny",
      products: 3,
      url: `${t.url}/brand/sunny`,
    });
  });
  it("pages", async () => {
    const expected = expectedFacet("countries");
    const { body } = await getJson(`${t.url}/facets/countries.json?page=2&page_size=3`);
    expect(body.count).toBe(expected.length);
    expect([body.page, body.page_size]).toEqual([2, 3]);
    expect(body.tags.map((tag: { id: string; products: number }) => [tag.id, tag.products])).toEqual(
      expected.slice(3, 6),
    );
  });
  it("sort_by=name; other values → 400", async () => {
    const { body } = await getJson(`${t.url}/facets/nutrition_grades.json?sort_by=name`);
    expect(body.tags.map((tag: { id: string }) => tag.id)).toEqual(
      expectedFacet("nutrition_grades")
        .map(([id]) => id)
        .sort(),
    );
    // Names in alphabetical order whatever their case or accents (upper case came first).
    const countries = await getJson(`${t.url}/facets/countries.json?sort_by=name&lc=fr`);
    const names: string[] = countries.body.tags.map((tag: { name: string }) => tag.name);
    expect(names.length).toBeGreaterThan(3);
    const folded = (name: string) => name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
    for (let i = 1; i < names.length; i++) {
      expect(folded(names[i - 1] as string) <= folded(names[i] as string), `${names[i - 1]} before ${names[i]}`).toBe(
        true,
      );
    }
    const bad = await getJson(`${t.url}/facets/brands.json?sort_by=size`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toEqual({
      id: "invalid_parameter",
      message: "unknown sort_by value: size",
      parameter: "sort_by",
      value: "size",
    });
  });
  it("cc counts only products of that country", async () => {
    const { body } = await getJson(`${t.url}/facets/labels.json?cc=fr`);
    const expected = expectedFacet("labels", (p) => has(p, "countries", "en:france"));
    expect(body.tags.map((tag: { id: string; products: number }) => [tag.id, tag.products])).toEqual(expected);
  });
  it("every spelling of a tag type, the root alias, and 404 for unknown ones", async () => {
    const expected = (await getJson(`${t.url}/facets/manufacturing_places.json`)).body;
    for (const path of [
      "/facets/manufacturing-places.json",
      "/facets/manufacturing-place.json",
      "/facets/manufacturing_place.json",
      "/manufacturing-places.json",
      "/manufacturing_place.json",
    ]) {
      expect((await getJson(`${t.url}${path}`)).body).toEqual(expected);
    }
    const categories = (await getJson(`${t.url}/facets/categories.json`)).body;
    expect((await getJson(`${t.url}/category.json`)).body).toEqual(categories);
    expect((await getJson(`${t.url}/packager-codes.json`)).body).toEqual(
      (await getJson(`${t.url}/facets/emb_codes.json`)).body,
    );
    for (const path of ["/facets/colours.json", "/colours.json", "/colour/red.json", "/facets/colour/red.json"]) {
      const { status, body } = await getJson(`${t.url}${path}`);
      expect(status).toBe(404);
      expect(body.errors[0].id).toBe("route_not_found");
    }
  });
  it("explicit routes keep precedence", async () => {
    expect((await getJson(`${t.url}/health`)).body).toEqual({ status: "ok" });
    expect((await getJson(`${t.url}/api/v2/search?page_size=1`)).body.count).toBe(PRODUCTS.length);
    expect((await getJson(`${t.url}/folksonomy/ping`)).status).toBe(200);
    expect((await getJson(`${t.url}/folksonomy/nothing-here`)).body).toEqual({ detail: "Not Found" });
  });
});

describe("GET /{tagtype}/{tag}.json", () => {
  it("the products having the tag, as a search answer", async () => {
    const expected = expectedCodes((p) => has(p, "categories", "en:cheeses"), "popularity");
    const { status, body } = await getJson(`${t.url}/category/en:cheeses.json?fields=code&page_size=1000`);
    expect(status).toBe(200);
    expect(body.count).toBe(expected.length);
    expect(body.products.map((p: Doc) => p.code)).toEqual(expected);
    expect(Object.keys(body)).toEqual(["count", "page", "page_count", "page_size", "products", "skip"]);
  });
  it("tags canonicalised like a filter, every alias, page/page_size/sort_by/fields", async () => {
    const expected = expectedCodes((p) => has(p, "categories", "en:cheeses"), "created_t");
    for (const path of [
      "/categories/cheeses.json",
      "/category/Fromages.json?lc=fr",
      "/facets/categories/en:cheeses.json",
      "/facets/category/en:cheeses.json",
    ]) {
      const separator = path.includes("?") ? "&" : "?";
      const { body } = await getJson(`${t.url}${path}${separator}sort_by=created_t&page=2&page_size=3&fields=code`);
      expect(body.count).toBe(expected.length);
      expect(body.products.map((p: Doc) => p.code)).toEqual(expected.slice(3, 6));
    }
    const brand = await getJson(`${t.url}/brand/Sunny.json?fields=code,brands`);
    expect(brand.body.count).toBe(3);
    const bad = await getJson(`${t.url}/brand/sunny.json?sort_by=size`);
    expect(bad.status).toBe(400);
  });
});
