/**
 * Search over HTTP (API.md §5.1–§5.7) on the fixture of test/search/reference.ts: every expected answer
 * is computed from the fixture documents in the test, independently of the implementation.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importProducts } from "../../src/import/importer.js";
import { openInput } from "../../src/import/source.js";
import { getJson, postForm, startTestServer, type TestServer } from "../helpers/server.js";
import {
  type Doc,
  expectedCodes,
  FIXTURE_EXTRA,
  FIXTURE_GENERATED,
  fold,
  has,
  nutrient,
  ORDERS,
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

async function search(query: string, path = "/api/v2/search") {
  return getJson(`${t.url}${path}?${query}`);
}

/** Every matching code, in order, over pages of 1000. */
async function codes(query: string, path?: string): Promise<{ count: number; codes: string[] }> {
  const { status, body } = await search(`${query}&fields=code&page_size=1000`, path);
  expect(status).toBe(200);
  return { count: body.count, codes: body.products.map((p: { code: string }) => p.code) };
}

async function expectSearch(query: string, filter: (p: Doc) => boolean, order: keyof typeof ORDERS = "popularity") {
  const expected = expectedCodes(filter, order);
  expect(expected.length).toBeGreaterThan(0);
  const got = await codes(query);
  expect(got.count).toBe(expected.length);
  expect(got.codes).toEqual(expected);
}

const ALL = PRODUCTS.length;

describe("the fixture", () => {
  it("is imported whole", async () => {
    expect(ALL).toBe(408);
    expect((await search("page_size=1")).body.count).toBe(ALL);
  });
});

describe("tag filters (§5.2)", () => {
  it("a canonical id", async () => {
    await expectSearch("categories_tags=en:cheeses", (p) => has(p, "categories", "en:cheeses"));
  });
  it("a name in the request language, and in the language of the parameter name", async () => {
    const cheeses = (p: Doc) => has(p, "categories", "en:cheeses");
    await expectSearch("categories_tags=Fromages&lc=fr", cheeses);
    await expectSearch("categories_tags_fr=Fromages", cheeses);
    await expectSearch("categories_tags_de=Käse", cheeses);
    await expectSearch("categories_tags=cheeses", cheeses);
  });
  it("labels: en:organic, organic (lc=en) and labels_tags_fr=bio", async () => {
    const organic = (p: Doc) => has(p, "labels", "en:organic");
    await expectSearch("labels_tags=en:organic", organic);
    await expectSearch("labels_tags=organic", organic);
    await expectSearch("labels_tags_fr=bio", organic);
  });
  it("free tags: the no_language id (brands_tags=Coca-Cola → coca-cola)", async () => {
    await expectSearch("brands_tags=Coca-Cola", (p) => has(p, "brands", "coca-cola"));
  });
  it("computed tags: nutrition_grades_tags=a (and A)", async () => {
    await expectSearch("nutrition_grades_tags=a", (p) => has(p, "nutrition_grades", "a"));
    await expectSearch("nutrition_grades_tags=A", (p) => has(p, "nutrition_grades", "a"));
  });
  it("`,` = all of them", async () => {
    await expectSearch(
      "categories_tags=en:beverages,en:plant-based-foods-and-beverages",
      (p) => has(p, "categories", "en:beverages") && has(p, "categories", "en:plant-based-foods-and-beverages"),
    );
  });
  it("`|` = one of them", async () => {
    await expectSearch(
      "categories_tags=en:cheeses|en:sodas|en:yogurts",
      (p) =>
        has(p, "categories", "en:cheeses") || has(p, "categories", "en:sodas") || has(p, "categories", "en:yogurts"),
    );
  });
  it("`-` = must not have", async () => {
    await expectSearch(
      "categories_tags=en:beverages,-en:sodas",
      (p) => has(p, "categories", "en:beverages") && !has(p, "categories", "en:sodas"),
    );
    await expectSearch("labels_tags=-en:organic", (p) => !has(p, "labels", "en:organic"));
    await expectSearch(
      "labels_tags=-en:organic|-en:green-dot",
      (p) => !has(p, "labels", "en:organic") || !has(p, "labels", "en:green-dot"),
    );
    await expectSearch(
      "labels_tags=en:organic|-en:green-dot",
      (p) => has(p, "labels", "en:organic") || !has(p, "labels", "en:green-dot"),
    );
  });
  it("`unknown` = missing or empty (or the computed `unknown` tag), `-unknown` = has one", async () => {
    await expectSearch("categories_tags=unknown", (p) => tagsOf(p, "categories").length === 0);
    await expectSearch("categories_tags=-unknown", (p) => tagsOf(p, "categories").length > 0);
    const noGrade = (p: Doc) => tagsOf(p, "nutrition_grades").length === 0 || has(p, "nutrition_grades", "unknown");
    await expectSearch("nutrition_grades_tags=unknown", noGrade);
    await expectSearch("nutrition_grades_tags=-unknown", (p) => !noGrade(p));
  });
  it("several parameters combine with AND", async () => {
    await expectSearch(
      "labels_tags=en:organic&countries_tags=en:france&nutrition_grades_tags=a|b",
      (p) =>
        has(p, "labels", "en:organic") &&
        has(p, "countries", "en:france") &&
        (has(p, "nutrition_grades", "a") || has(p, "nutrition_grades", "b")),
    );
  });
  it("cc restricts to a country unless codes are given", async () => {
    await expectSearch("cc=fr", (p) => has(p, "countries", "en:france"));
    await expectSearch("cc=world", () => true);
    const both = await codes("cc=us&code=2000000000001,2000000000003");
    expect(both.codes.sort()).toEqual(["2000000000001", "2000000000003"]);
  });
  it("a tag nobody has: nothing, with count 0", async () => {
    const { status, body } = await search("categories_tags=en:no-such-category");
    expect(status).toBe(200);
    expect(body).toEqual({ count: 0, page: 1, page_count: 0, page_size: 24, products: [], skip: 0 });
  });
});

describe("the brief's queries", () => {
  it("orange juices graded A, by last modification", async () => {
    const { status, body } = await search(
      "categories_tags_en=Orange juices&nutrition_grades_tags=a&fields=code,product_name&sort_by=last_modified_t",
    );
    expect(status).toBe(200);
    const expected = expectedCodes(
      (p) => has(p, "categories", "en:orange-juices") && has(p, "nutrition_grades", "a"),
      "last_modified_t",
    );
    expect(expected.slice(0, 3)).toEqual(["2000000000002", "2000000000003", "2000000000001"]);
    expect(body.count).toBe(expected.length);
    expect(body.products.map((p: Doc) => p.code)).toEqual(expected);
    expect(body.products[0]).toEqual({ code: "2000000000002", product_name: "Zesty Orange Juice" });
  });
  it("the same by product name, case-insensitively", async () => {
    const { body } = await search(
      "categories_tags_en=Orange%20juices&nutrition_grades_tags=a&fields=code,product_name&sort_by=product_name",
    );
    expect(body.products.map((p: Doc) => p.product_name)).toEqual([
      "Orange Juice Premium",
      "pur jus d'orange pressée",
      "Zesty Orange Juice",
    ]);
  });
});

describe("nutrient conditions (§5.3)", () => {
  const sugars = (p: Doc) => nutrient(p, "sugars_100g");
  const salt = (p: Doc) => nutrient(p, "salt_100g");
  const defined = (v: number | undefined): v is number => v !== undefined;
  it("`=<5`, `=>5`, `=<=5`, `=>=5`, `=5`", async () => {
    await expectSearch("sugars_100g=%3C5", (p) => defined(sugars(p)) && (sugars(p) as number) < 5);
    await expectSearch("sugars_100g=%3E5", (p) => defined(sugars(p)) && (sugars(p) as number) > 5);
    await expectSearch("sugars_100g=%3C%3D1.5", (p) => defined(sugars(p)) && (sugars(p) as number) <= 1.5);
    await expectSearch("sugars_100g=%3E%3D22.5", (p) => defined(sugars(p)) && (sugars(p) as number) >= 22.5);
    await expectSearch("sugars_100g=0", (p) => sugars(p) === 0);
    await expectSearch("sugars_100g=%3D24.5", (p) => sugars(p) === 24.5);
  });
  it("bounds between round numbers", async () => {
    await expectSearch("sugars_100g=%3C4.37", (p) => defined(sugars(p)) && (sugars(p) as number) < 4.37);
    await expectSearch("salt_100g=%3E0.333", (p) => defined(salt(p)) && (salt(p) as number) > 0.333);
    await expectSearch("energy-kcal_100g=%3E%3D123.4", (p) => (nutrient(p, "energy-kcal_100g") ?? -1) >= 123.4);
  });
  it("the operator in the name: salt_100g<1, salt_100g>1, salt_100g<=1.5, salt_100g>=1.5", async () => {
    await expectSearch("salt_100g%3C1", (p) => defined(salt(p)) && (salt(p) as number) < 1);
    await expectSearch("salt_100g%3E1", (p) => defined(salt(p)) && (salt(p) as number) > 1);
    await expectSearch("salt_100g%3C=1.5", (p) => defined(salt(p)) && (salt(p) as number) <= 1.5);
    await expectSearch("salt_100g%3E=1.5", (p) => defined(salt(p)) && (salt(p) as number) >= 1.5);
  });
  it("a comma list applies every condition; `,` is also a decimal separator", async () => {
    await expectSearch(
      "sugars_100g=%3E10,%3C%3D20",
      (p) => defined(sugars(p)) && (sugars(p) as number) > 10 && (sugars(p) as number) <= 20,
    );
    await expectSearch("salt_100g=%3C0,5", (p) => defined(salt(p)) && (salt(p) as number) < 0.5);
  });
  it("per serving, and combined with tags", async () => {
    await expectSearch("sugars_serving=%3C2", (p) => (nutrient(p, "sugars_serving") ?? 99) < 2);
    await expectSearch(
      "categories_tags=en:snacks&fat_100g=%3E20",
      (p) => has(p, "categories", "en:snacks") && (nutrient(p, "fat_100g") ?? -1) > 20,
    );
  });
});

describe("codes", () => {
  it("lists separated by , | + or space, normalised, invalid ones dropped", async () => {
    const { codes: found } = await codes(
      `code=${encodeURIComponent("2000000000001|02000000000002 2000000000003,abc+2000-0000-00004,12345678901234567890123456789012345678901")}`,
    );
    expect(found.sort()).toEqual(["2000000000001", "2000000000002", "2000000000003", "2000000000004"]);
  });
  it("only invalid codes: nothing", async () => {
    expect((await search("code=abc")).body.count).toBe(0);
  });
});

describe("sorting (§5.5)", () => {
  for (const order of Object.keys(ORDERS)) {
    it(`sort_by=${order}`, async () => {
      await expectSearch(`sort_by=${order}`, () => true, order);
      await expectSearch(`sort_by=${order}&countries_tags=en:france`, (p) => has(p, "countries", "en:france"), order);
    });
  }
  it("absent, empty, popularity_key and last_modified_t_complete_first = popularity", async () => {
    const expected = expectedCodes(() => true, "popularity");
    for (const q of ["", "sort_by=", "sort_by=popularity_key", "sort_by=last_modified_t_complete_first"]) {
      expect((await codes(q)).codes).toEqual(expected);
    }
  });
  it("nothing = storage order", async () => {
    const { codes: found } = await codes("sort_by=nothing");
    expect(found).toEqual(PRODUCTS.map((p) => p.code));
  });
});

describe("paging and the answer (§5.6)", () => {
  const expected = expectedCodes((p) => has(p, "countries", "en:france"), "popularity");
  it("pages of 7 cover every match once, in order", async () => {
    const pages = Math.ceil(expected.length / 7);
    const seen: string[] = [];
    for (let page = 1; page <= pages; page++) {
      const { body } = await search(`countries_tags=en:france&page_size=7&page=${page}&fields=code`);
      expect(body.count).toBe(expected.length);
      expect(body.page).toBe(page);
      expect(body.page_size).toBe(7);
      expect(body.skip).toBe((page - 1) * 7);
      expect(body.page_count).toBe(page < pages ? 7 : expected.length - (pages - 1) * 7);
      seen.push(...body.products.map((p: Doc) => p.code));
    }
    expect(seen).toEqual(expected);
  });
  it("past the last page: no products, the right count", async () => {
    const { status, body } = await search("countries_tags=en:france&page=1000&page_size=10");
    expect(status).toBe(200);
    expect(body).toEqual({
      count: expected.length,
      page: 1000,
      page_count: 0,
      page_size: 10,
      products: [],
      skip: 9990,
    });
  });
  it("a page whose offset is beyond 2^31: no products (PostgreSQL answered 500)", async () => {
    for (const path of ["/api/v2/search", "/cgi/search.pl", "/country/en:france.json"]) {
      const { status, body } = await search("countries_tags=en:france&page=999999999&page_size=1000", path);
      expect(status, path).toBe(200);
      expect(body.count, path).toBe(expected.length);
      expect(body.products, path).toEqual([]);
      expect(body.skip, path).toBe(999_999_998_000);
    }
  });
  it("defaults to page 1 of 24; page_size above 1000 is 1000", async () => {
    const first = (await search("fields=code")).body;
    expect([first.page, first.page_size, first.page_count, first.skip]).toEqual([1, 24, 24, 0]);
    const big = (await search("fields=code&page_size=5000")).body;
    expect(big.page_size).toBe(1000);
    expect(big.page_count).toBe(ALL);
  });
  it("fields as §3.1", async () => {
    const { body } = await search(
      "code=2000000000005&fields=product_name,categories_tags,categories_tags_fr,sugars_100g,xyz",
    );
    expect(body.products).toEqual([
      {
        categories_tags: ["en:desserts"],
        categories_tags_fr: ["Desserts"],
        product_name: "Crème brûlée façon Grand-Mère",
        sugars_100g: 24.5,
      },
    ]);
    const all = (await search("code=2000000000005")).body.products[0];
    expect(all.code).toBe("2000000000005");
    expect(all._keywords).toContain("creme");
  });
});

describe("bad input → 400 naming the parameter (§5.6)", () => {
  const cases: Array<[string, string, string, string]> = [
    ["page=abc", "page", "abc", "page must be a positive integer"],
    ["page=0", "page", "0", "page must be a positive integer"],
    ["page=1.5", "page", "1.5", "page must be a positive integer"],
    ["page_size=0", "page_size", "0", "page_size must be a positive integer"],
    ["page_size=-3", "page_size", "-3", "page_size must be a positive integer"],
    ["sort_by=random", "sort_by", "random", "unknown sort_by value: random"],
    ["sugars_100g=abc", "sugars_100g", "abc", "invalid nutrient condition for sugars_100g: abc"],
    ["sugars_100g=%3Cx", "sugars_100g", "<x", "invalid nutrient condition for sugars_100g: <x"],
    ["salt_100g%3C=", "salt_100g<", "", "invalid nutrient condition for salt_100g: <="],
    ["colour_tags=red", "colour_tags", "red", "unknown tag type: colour"],
    // A text with no letter or digit names no tag (the filter was dropped: every product matched).
    [
      "brands_tags=%E2%80%8B",
      "brands_tags",
      "\u200b",
      'brands_tags: "\u200b" names no tag (it has no letter or digit)',
    ],
    [
      "labels_tags=en:organic|!!!",
      "labels_tags",
      "en:organic|!!!",
      'labels_tags: "!!!" names no tag (it has no letter or digit)',
    ],
  ];
  it.each(cases)("%s", async (query, parameter, value, message) => {
    const { status, body } = await search(query);
    expect(status).toBe(400);
    expect(body).toEqual({
      errors: [{ id: "invalid_parameter", message, parameter, value }],
      status: 0,
      status_verbose: message,
    });
  });
  it("search_terms of more than 16 distinct words, instead of ignoring the words after the 16th", async () => {
    const sixteen = "aa bb cc dd ee ff gg hh ii jj kk ll mm nn oo pp";
    // Repeated and 1-character words are not keywords: still 16.
    expect((await search(`search_terms=${encodeURIComponent(`${sixteen} aa x`)}`)).status).toBe(200);
    const message = "search_terms has more than 16 distinct words; a search takes at most 16";
    const terms = `${sixteen} zzzqqq`;
    for (const [path, parameter] of [
      ["/api/v2/search", "search_terms"],
      ["/cgi/search.pl", "search_terms"],
      ["/cgi/search.pl", "search_terms2"],
    ]) {
      const { status, body } = await search(`${parameter}=${encodeURIComponent(terms)}`, path);
      expect(status, path).toBe(400);
      expect(body.errors, path).toEqual([{ id: "invalid_parameter", message, parameter, value: terms }]);
    }
  });
  it("one entry per problem", async () => {
    const { status, body } = await search("page=x&sort_by=y");
    expect(status).toBe(400);
    expect(body.errors.map((e: { parameter: string }) => e.parameter)).toEqual(["page", "sort_by"]);
    expect(body.status_verbose).toBe("page must be a positive integer; unknown sort_by value: y");
  });
  it("wrong credentials → 403", async () => {
    const { status, body } = await search("user_id=alice&password=wrong");
    expect(status).toBe(403);
    expect(body).toEqual({ status: 0, status_verbose: "Incorrect user name or password." });
  });
});

describe("full text (§5.4 and issue #5)", () => {
  const one = async (query: string) => (await codes(query)).codes;
  it("accent- and case-insensitive", async () => {
    for (const terms of ["creme brulee", "CRÈME BRÛLÉE", "Crème", "brûlée façon", "grand-mère", "Grand Mere"]) {
      expect(await one(`search_terms=${encodeURIComponent(terms)}`)).toContain("2000000000005");
    }
    for (const terms of ["Käsespätzle", "kasespatzle", "KASESPÄTZLE röstzwiebeln"]) {
      expect(await one(`search_terms=${encodeURIComponent(terms)}&lc=de`)).toContain("2000000000006");
      expect(await one(`search_terms=${encodeURIComponent(terms)}`)).toContain("2000000000006");
    }
  });
  it("the last word is a prefix, unless followed by a space", async () => {
    expect(await one("search_terms=brul")).toContain("2000000000005");
    expect(await one("search_terms=creme%20br")).toContain("2000000000005");
    expect(await one("search_terms=brul%20")).not.toContain("2000000000005");
    const prefix = await one("search_terms=choc");
    const word = await one("search_terms=chocolate");
    expect(word.length).toBeGreaterThan(0);
    for (const code of word) expect(prefix).toContain(code);
  });
  it("brands, generic names, category names in the product's languages, plurals", async () => {
    expect(await one("search_terms=elodie")).toContain("2000000000005");
    expect(await one("search_terms=coca-cola")).toContain("2000000000007");
    expect(await one("search_terms=coca%20cola")).toContain("2000000000007");
    expect(await one("search_terms=sablés")).toContain("2000000000008");
    expect(await one("search_terms=sable%20")).toContain("2000000000008");
    // "Käse" makes en:cheeses, whose ancestor en:dairies is "Milchprodukte" in German.
    expect(await one("search_terms=milchprodukte")).toContain("2000000000006");
    expect(await one("search_terms=jus%20orange")).toContain("2000000000001");
  });
  it("finds every product whose _keywords have the terms (§5.4)", async () => {
    const samples = ["chocolate", "yaourt", "organic", "fromage", "tomate", "lait"];
    for (const keyword of samples) {
      const expected = PRODUCTS.filter((p) => (p._keywords as string[] | undefined)?.includes(keyword)).map(
        (p) => p.code,
      );
      const found = await one(`search_terms=${keyword}%20`);
      for (const code of expected) expect(found).toContain(code);
    }
    const both = PRODUCTS.filter((p) => {
      const k = (p._keywords as string[] | undefined) ?? [];
      return k.includes("milk") && k.includes("chocolate");
    }).map((p) => p.code);
    const found = await one("search_terms=milk%20chocolates");
    for (const code of both) expect(found).toContain(code);
  });
  it("every result has the words somewhere in its texts, and the count is exact", async () => {
    const { count, codes: found } = await codes("search_terms=orange%20juice");
    expect(count).toBe(found.length);
    for (const code of found) {
      const p = PRODUCTS.find((x) => x.code === code) as Doc;
      const texts = fold(JSON.stringify(p));
      expect(texts).toContain("orange");
      expect(texts).toContain("juice");
    }
  });
  it("combines with filters", async () => {
    const { count, codes: found } = await codes(
      "search_terms=orange&categories_tags=en:orange-juices&nutrition_grades_tags=a",
    );
    expect(found.sort()).toEqual(["2000000000001", "2000000000002", "2000000000003"]);
    expect(count).toBe(3);
  });
  it("relevance: names with the words first, then popularity", async () => {
    const { codes: found } = await codes("search_terms=orange");
    const inName = found.filter((code) =>
      fold(String(PRODUCTS.find((p) => p.code === code)?.product_name ?? "")).includes("orange"),
    );
    expect(inName.length).toBeGreaterThan(3);
    expect(found.slice(0, inName.length)).toEqual(inName);
    const ordered = inName.map((code) => PRODUCTS.find((p) => p.code === code) as Doc);
    expect(ordered.map((p) => p.code)).toEqual([...ordered].sort(ORDERS.popularity).map((p) => p.code));
  });
  it("an explicit sort_by orders full-text matches", async () => {
    const { codes: byName } = await codes("search_terms=orange&sort_by=product_name");
    const docs = byName.map((code) => PRODUCTS.find((p) => p.code === code) as Doc);
    expect(byName).toEqual([...docs].sort(ORDERS.product_name).map((p) => p.code));
  });
  it("terms under 2 characters are dropped", async () => {
    expect((await search("search_terms=a")).body.count).toBe(ALL);
  });
});

describe("v1: /cgi/search.pl (§5.7)", () => {
  const v1 = "/cgi/search.pl";
  it("search_terms and json=1", async () => {
    const { status, body } = await search("search_terms=creme%20brulee&json=1&action=process&fields=code", v1);
    expect(status).toBe(200);
    expect(body.products.map((p: Doc) => p.code)).toContain("2000000000005");
    expect(Object.keys(body)).toEqual(["count", "page", "page_count", "page_size", "products", "skip"]);
    expect((await search("search_terms2=creme%20brulee&fields=code", v1)).body.count).toBe(body.count);
  });
  it("tagtype_N / tag_contains_N / tag_N", async () => {
    const { count, codes: found } = await codes(
      "tagtype_0=categories&tag_contains_0=contains&tag_0=cheeses&tagtype_1=labels&tag_contains_1=does_not_contain&tag_1=en:organic",
      v1,
    );
    const expected = expectedCodes(
      (p) => has(p, "categories", "en:cheeses") && !has(p, "labels", "en:organic"),
      "popularity",
    );
    expect(count).toBe(expected.length);
    expect(found).toEqual(expected);
    expect((await codes("tagtype_0=category&tag_0=Fromages&lc=fr", v1)).count).toBe(
      expectedCodes((p) => has(p, "categories", "en:cheeses")).length,
    );
    const noTag = await search("tagtype_0=labels&tag_0=%E2%80%94", v1);
    expect(noTag.status).toBe(400);
    expect(noTag.body.errors[0]).toMatchObject({ parameter: "tag_0", value: "—" });
  });
  it("nutriment_N / nutriment_compare_N / nutriment_value_N", async () => {
    const expected = expectedCodes((p) => (nutrient(p, "sugars_100g") ?? 99) < 5, "popularity");
    const got = await codes("nutriment_0=sugars&nutriment_compare_0=lt&nutriment_value_0=5", v1);
    expect(got.codes).toEqual(expected);
    const gte = expectedCodes((p) => (nutrient(p, "salt_100g") ?? -1) >= 1.5, "nutriscore_score");
    const got2 = await codes(
      "nutriment_0=salt&nutriment_compare_0=gte&nutriment_value_0=1,5&sort_by=nutriscore_score",
      v1,
    );
    expect(got2.codes).toEqual(gte);
  });
  it("POST form, page, page_size, sort_by, fields", async () => {
    const { status, body } = await postForm(t.url, v1, {
      tagtype_0: "countries",
      tag_0: "en:france",
      page: "2",
      page_size: "5",
      sort_by: "created_t",
      fields: "code",
    });
    expect(status).toBe(200);
    const expected = expectedCodes((p) => has(p, "countries", "en:france"), "created_t");
    expect(body.count).toBe(expected.length);
    expect(body.products.map((p: Doc) => p.code)).toEqual(expected.slice(5, 10));
    expect([body.page, body.page_size, body.skip]).toEqual([2, 5, 5]);
  });
  it("bad values → 400", async () => {
    const compare = await search("nutriment_0=sugars&nutriment_compare_0=less&nutriment_value_0=5", v1);
    expect(compare.status).toBe(400);
    expect(compare.body.errors[0]).toEqual({
      id: "invalid_parameter",
      message: "invalid nutriment_compare_0: less",
      parameter: "nutriment_compare_0",
      value: "less",
    });
    const tagtype = await search("tagtype_0=colours&tag_0=red", v1);
    expect(tagtype.status).toBe(400);
    expect(tagtype.body.errors[0].message).toBe("unknown tag type: colours");
    const value = await search("nutriment_0=sugars&nutriment_compare_0=lt&nutriment_value_0=abc", v1);
    expect(value.status).toBe(400);
    expect(value.body.errors[0].parameter).toBe("nutriment_value_0");
    const latin1 = await search("search_terms=caf%E9", v1);
    expect(latin1.status).toBe(400);
    expect(latin1.body.errors[0].id).toBe("invalid_url");
    // The name is at fault, not the (valid) value.
    const name = await search("nutriment_0=toString&nutriment_compare_0=lt&nutriment_value_0=5", v1);
    expect(name.status).toBe(400);
    expect(name.body.errors[0]).toEqual({
      id: "invalid_parameter",
      message: "not a nutrient name: toString (lowercase letters, digits, - and _)",
      parameter: "nutriment_0",
      value: "toString",
    });
  });
});

describe("writes update the index in their transaction", () => {
  it("a product that changes category leaves one result list for another; a new product appears", async () => {
    const before = (await search("categories_tags=en:sodas&page_size=1")).body.count;
    const juices = (await search("categories_tags=en:orange-juices&page_size=1")).body.count;
    const write = await postForm(t.url, "/cgi/product_jqm2.pl", {
      user_id: "alice",
      password: "secret-alice",
      code: "2000000000004",
      categories: "Sodas",
      lc: "en",
    });
    expect(write.body.status).toBe(1);
    expect((await search("categories_tags=en:sodas&page_size=1")).body.count).toBe(before + 1);
    expect((await search("categories_tags=en:orange-juices&page_size=1")).body.count).toBe(juices - 1);
    expect((await codes("categories_tags=en:sodas")).codes).toContain("2000000000004");

    const created = await postForm(t.url, "/cgi/product_jqm2.pl", {
      user_id: "alice",
      password: "secret-alice",
      code: "2000000000099",
      product_name: "Zwetschgenkuchen nach Omas Art",
      categories: "Cakes",
      nutriment_sugars: "3.33",
      lc: "de",
    });
    expect(created.body.status).toBe(1);
    expect(await codes("search_terms=zwetschgen")).toEqual({ count: 1, codes: ["2000000000099"] });
    expect((await codes("sugars_100g=3.33&categories_tags=en:cakes")).codes).toEqual(["2000000000099"]);
    // New products have popularity 0: among those, the most recently modified comes first.
    const zeros = (await codes("sort_by=popularity")).codes;
    const firstZero = zeros.find((code) => {
      const p = PRODUCTS.find((x) => x.code === code);
      return p === undefined || (p.popularity_key ?? 0) === 0;
    });
    expect(firstZero).toBe("2000000000099");
    expect((await search("page_size=1")).body.count).toBe(ALL + 1);
  });

  it("a changed or deleted nutrient value leaves the matches of the old value", async () => {
    const write = (sugars: string) =>
      postForm(t.url, "/cgi/product_jqm2.pl", {
        user_id: "alice",
        password: "secret-alice",
        code: "2000000000110",
        categories: "Cakes",
        nutriment_sugars: sugars,
        lc: "en",
      });
    const matching = async (condition: string) => (await codes(`${condition}&categories_tags=en:cakes`)).codes;
    expect((await write("4.44")).body.status).toBe(1);
    expect(await matching("sugars_100g=4.44")).toContain("2000000000110");
    expect((await write("41.7")).body.status).toBe(1);
    expect(await matching("sugars_100g=4.44")).not.toContain("2000000000110");
    expect(await matching("sugars_100g=41.7")).toContain("2000000000110");
    expect(await matching("sugars_100g<41.7")).not.toContain("2000000000110");
    expect((await write("-")).body.status).toBe(1);
    expect(await matching("sugars_100g=41.7")).not.toContain("2000000000110");
    expect(await matching("sugars_100g<100")).not.toContain("2000000000110");
  });
});
