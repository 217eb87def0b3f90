import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALICE, getJson, postForm, startTestServer, type TestServer } from "../helpers/server.js";

let t: TestServer;

const credentials = { user_id: "alice", password: ALICE.password };

beforeAll(async () => {
  t = await startTestServer();
  const write = (fields: Record<string, string>) =>
    postForm(t.url, "/cgi/product_jqm2.pl", { ...credentials, ...fields });
  // API.md §3.1's example product.
  await write({
    code: "200000000034",
    lc: "en",
    product_name: "Some product",
    categories: "cookies",
    nutriment_salt: "50.2",
    nutriment_salt_unit: "mg",
  });
  await write({
    code: "3017620422003",
    lang: "fr",
    product_name: "Pâte à tartiner",
    product_name_en: "Hazelnut spread",
    product_name_de: "Nussaufstrich",
  });
  await write({ code: "12345678", product_name: "Eight digits" });
  await write({ code: "0034000470693", product_name: "UPC product" });
  await write({ code: "2000000000398", product_name: "GS1 product" });
  await write({ code: "12345678901231", product_name: "Fourteen" });
  await write({ code: "1234", product_name: "Short" });
  await write({ code: "1234567890", product_name: "Ten digits" });
  await write({ code: "0000000000000", product_name: "Zeros" });
});
afterAll(async () => t.close());

const v2 = (code: string, query = "") => getJson(`${t.url}/api/v2/product/${code}${query}`);

describe("barcode normalisation on reads (API.md §2 table)", () => {
  const rows: Array<[string, string]> = [
    ["3017620422003", "3017620422003"],
    ["12345678", "12345678"],
    ["0012345678", "12345678"],
    ["034000470693", "0034000470693"],
    ["200000000034", "0200000000034"],
    ["02000000000398", "2000000000398"],
    ["12345678901231", "12345678901231"],
    ["3017-6204%2022003", "3017620422003"],
    ["(01)02000000000398(22)2A", "2000000000398"],
    ["%5E0102000000000398", "2000000000398"],
    ["%1D0102000000000398", "2000000000398"],
    [encodeURIComponent("https://example.com/01/02000000000398?17=271200"), "2000000000398"],
    ["01020000000003980217231231", "2000000000398"],
    ["1234", "00001234"],
    ["1234567890", "0001234567890"],
    ["0000000000000", "00000000"],
  ];
  it.each(rows)("GET /api/v2/product/%s finds %s", async (received, normalised) => {
    const res = await v2(received);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(normalised);
    expect(res.body.product.code).toBe(normalised);
    expect(res.body.status_verbose).toBe("product found");
  });
});

describe("envelopes on v0, v2 and v3", () => {
  it("found / not found / invalid on v2, with and without slug and .json", async () => {
    for (const path of [
      "/api/v2/product/3017620422003",
      "/api/v2/product/3017620422003/some-slug",
      "/api/v2/product/3017620422003.json",
      "/api/v1/products/3017620422003",
    ]) {
      const res = await getJson(`${t.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.body).toMatchObject({ code: "3017620422003", status: 1, status_verbose: "product found" });
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    }
    expect(await v2("12345670")).toMatchObject({
      status: 404,
      body: { code: "12345670", status: 0, status_verbose: "product not found" },
    });
    expect(await v2("abc")).toMatchObject({
      status: 400,
      body: { code: "", status: 0, status_verbose: "no code or invalid code" },
    });
    const slug = await getJson(`${t.url}/api/v2/product/12345670/slug`);
    expect(slug.status).toBe(404);
  });

  it("v0 answers 200 for not found and invalid codes (legacy clients need it)", async () => {
    expect(await getJson(`${t.url}/api/v0/product/12345670.json`)).toMatchObject({
      status: 200,
      body: { status: 0, status_verbose: "product not found" },
    });
    expect(await getJson(`${t.url}/api/v0/product/abc.json`)).toMatchObject({
      status: 200,
      body: { code: "", status_verbose: "no code or invalid code" },
    });
    expect((await getJson(`${t.url}/api/v0/product/3017620422003.json`)).body.status).toBe(1);
  });

  it("v3: found, not found, invalid, normalised code warning", async () => {
    const found = await getJson(`${t.url}/api/v3/product/3017620422003?fields=product_name`);
    expect(found.status).toBe(200);
    expect(found.body).toEqual({
      code: "3017620422003",
      errors: [],
      product: { product_name: "Pâte à tartiner" },
      result: { id: "product_found", lc_name: "Product found", name: "Product found" },
      status: "success",
      warnings: [],
    });
    const notFound = await getJson(`${t.url}/api/v3/product/12345678901`);
    expect(notFound.status).toBe(404);
    expect(notFound.body.status).toBe("failure");
    expect(notFound.body.result.id).toBe("product_not_found");
    expect(notFound.body.errors[0]).toEqual({
      field: { id: "code", value: "0012345678901" },
      impact: { id: "failure", lc_name: "Failure", name: "Failure" },
      message: { id: "product_not_found", lc_name: "", name: "" },
    });
    const invalid = await getJson(`${t.url}/api/v3/product/abc`);
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toHaveLength(1);
    // As OFF names its message ids: not at all (issue 26 item 6).
    expect(invalid.body.errors[0].message).toEqual({ id: "invalid_code", lc_name: "", name: "" });
    expect(invalid.body.errors[0].field).toEqual({ id: "code", value: "abc" });
    const warned = await getJson(`${t.url}/api/v3.2/product/0012345678?fields=code`);
    expect(warned.status).toBe(200);
    expect(warned.body.status).toBe("success_with_warnings");
    expect(warned.body.warnings[0]).toEqual({
      field: { id: "code", value: "12345678" },
      impact: { id: "none", lc_name: "None", name: "None" },
      message: { id: "different_normalized_product_code", lc_name: "", name: "" },
    });
  });
});

describe("fields (API.md §3.1)", () => {
  const code = "200000000034";
  it("the spec's examples", async () => {
    const res = await v2(code, "?fields=product_name,categories_tags,categories_tags_en");
    expect(res.body).toEqual({
      code: "0200000000034",
      product: {
        categories_tags: ["en:snacks", "en:sweet-snacks", "en:biscuits-and-cakes", "en:biscuits"],
        categories_tags_en: ["Snacks", "Sweet snacks", "Biscuits and cakes", "Biscuits"],
        product_name: "Some product",
      },
      status: 1,
      status_verbose: "product found",
    });
    expect((await v2(code, "?fields=code,product_name")).body.product).toEqual({
      code: "0200000000034",
      product_name: "Some product",
    });
    expect((await v2(code, "?fields=salt_100g")).body.product).toEqual({ salt_100g: 0.0502 });
    expect((await v2(code, "?fields=nutriments.salt_100g")).body.product).toEqual({
      nutriments: { salt_100g: 0.0502 },
    });
    expect((await v2(code, "?fields=nutrients.salt_100g,nutriments.sodium_100g")).body.product).toEqual({
      nutriments: { salt_100g: 0.0502, sodium_100g: 0.02008 },
    });
    expect((await v2(code, "?fields=none")).body.product).toEqual({});
    expect((await v2(code, "?fields=product_name,xyz")).body.product).toEqual({ product_name: "Some product" });
    expect((await v2(code, "?fields=fiber_100g,images")).body.product).toEqual({});
    // Names of JavaScript's built-in object members are not nutrients the product has.
    for (const name of ["toString", "__proto__", "constructor", "hasOwnProperty"]) {
      expect((await v2(code, `?fields=nutriments.${name}`)).body.product).toEqual({});
    }
  });

  it("absent, empty, all, raw give every stored key, sorted", async () => {
    const all = (await v2(code)).body.product;
    expect(all.code).toBe("0200000000034");
    expect(all.nutriments.salt_100g).toBe(0.0502);
    expect(Object.keys(all)).toEqual([...Object.keys(all)].sort());
    for (const q of ["?fields=", "?fields=all"]) expect((await v2(code, q)).body.product).toEqual(all);
    // fields=raw is the stored document itself (SCHEMA.md §6): written in schema 1003, with `nutrition`.
    const raw = (await v2(code, "?fields=raw")).body.product;
    expect(all.schema_version).toBe(998);
    expect(raw.schema_version).toBe(1003);
    expect(raw.nutriments).toBeUndefined();
    expect(raw.nutrition.aggregated_set.nutrients.salt.value).toBe(0.0502);
    const combined = (await v2(code, "?fields=all,categories_tags_fr")).body.product;
    expect(combined.categories_tags_fr).toEqual(["Snacks", "Snacks sucrés", "Biscuits et gâteaux", "Biscuits"]);
    expect(combined.rev).toBe(1);
  });

  it("language fields follow lc, then the main language, en, others (§3.3)", async () => {
    const nutella = "3017620422003";
    expect((await v2(nutella, "?fields=product_name")).body.product.product_name).toBe("Pâte à tartiner");
    expect((await v2(nutella, "?fields=product_name&lc=de")).body.product.product_name).toBe("Nussaufstrich");
    expect((await v2(nutella, "?fields=product_name&lc=it,en")).body.product.product_name).toBe("Hazelnut spread");
    expect((await v2(nutella, "?fields=product_name_languages")).body.product.product_name_languages).toEqual({
      de: "Nussaufstrich",
      en: "Hazelnut spread",
      fr: "Pâte à tartiner",
    });
    expect((await v2(nutella, "?fields=product_name_en")).body.product).toEqual({ product_name_en: "Hazelnut spread" });
  });

  it("a read with a wrong user_id + password pair is refused", async () => {
    const res = await v2(code, "?user_id=alice&password=nope");
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ status: 0, status_verbose: "Incorrect user name or password." });
    expect((await v2(code, `?user_id=alice&password=${ALICE.password}`)).status).toBe(200);
  });
});
