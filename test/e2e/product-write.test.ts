import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALICE, getJson, postForm, postMultipart, startTestServer, type TestServer } from "../helpers/server.js";

const WRITE = "/cgi/product_jqm2.pl";
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ users: [ALICE, { userId: "tests", password: "testtest" }] });
});
afterAll(async () => t.close());

async function read(code: string, query = "") {
  return getJson(`${t.url}/api/v2/product/${code}${query}`);
}

// API.md §4.5 Example 1, expected `nutriments` and fields as the spec writes them.
const EXAMPLE_1 = {
  user_id: "tests",
  password: "testtest",
  cc: "be",
  lc: "fr",
  product_name: "Product name",
  categories: "Cookies",
  quantity: "250 g",
  serving_size: "20 g",
  ingredients_text_fr: "Farine de blé, eau, sel, sucre",
  labels: "Bio, Max Havelaar",
  nutriment_salt: "50.2",
  nutriment_salt_unit: "mg",
  nutriment_sugars: "12.5",
};
// OFF's 2026 v2 answer (SCHEMA.md §5): `nutriments` are rebuilt from the aggregated set, so `_value` and
// `_unit` are the normalised value and unit (no longer 50.2 "mg" as typed), and sodium, computed from the
// salt sent, carries the "~" of a computed value.
const EXAMPLE_1_NUTRIMENTS = {
  salt: 0.0502,
  salt_100g: 0.0502,
  salt_serving: 0.01,
  salt_unit: "g",
  salt_value: 0.0502,
  sodium: 0.02008,
  sodium_100g: 0.02008,
  sodium_modifier: "~",
  sodium_serving: 0.00402,
  sodium_unit: "g",
  sodium_value: 0.02008,
  sugars: 12.5,
  sugars_100g: 12.5,
  sugars_serving: 2.5,
  sugars_unit: "g",
  sugars_value: 12.5,
};

// API.md §4.5 Example 2.
const EXAMPLE_2 = {
  user_id: "alice",
  password: ALICE.password,
  lc: "en",
  serving_size: "30 g",
  "nutriment_energy-kcal": "250",
  nutriment_sodium: "0.48",
  nutriment_sodium_unit: "g",
  nutriment_fat: "< 0,5",
  nutriment_sugars: "traces",
  nutriment_fiber: "-",
};
// OFF's 2026 v2 answer (SCHEMA.md §4–5): `energy` is the aggregated set's energy in kJ (250 kcal → 1046 kJ,
// truncated), a dash lists fiber as unspecified (no fiber key at all), and salt computed from sodium has "~".
const EXAMPLE_2_NUTRIMENTS = {
  energy: 1046,
  energy_100g: 1046,
  energy_serving: 314,
  energy_unit: "kJ",
  energy_value: 1046,
  "energy-kcal": 250,
  "energy-kcal_100g": 250,
  "energy-kcal_serving": 75,
  "energy-kcal_unit": "kcal",
  "energy-kcal_value": 250,
  fat: 0.5,
  fat_100g: 0.5,
  fat_modifier: "<",
  fat_serving: 0.15,
  fat_unit: "g",
  fat_value: 0.5,
  salt: 1.2,
  salt_100g: 1.2,
  salt_modifier: "~",
  salt_serving: 0.36,
  salt_unit: "g",
  salt_value: 1.2,
  sodium: 0.48,
  sodium_100g: 0.48,
  sodium_serving: 0.144,
  sodium_unit: "g",
  sodium_value: 0.48,
  sugars: 0,
  sugars_100g: 0,
  sugars_modifier: "~",
  sugars_serving: 0,
  sugars_unit: "g",
  sugars_value: 0,
};

describe.each([
  ["multipart", postMultipart],
  ["urlencoded", postForm],
])("worked examples through a %s body", (kind, post) => {
  const suffix = kind === "multipart" ? "1" : "2";

  it("Example 1: salt in mg, per-serving values, language and country from lc/cc", async () => {
    const code = `123456789000${suffix}`;
    const res = await post(t.url, WRITE, { ...EXAMPLE_1, code });
    expect(res).toMatchObject({ status: 200, body: { status: 1, status_verbose: "fields saved" } });
    const { body } = await read(code);
    expect(body.status).toBe(1);
    const p = body.product;
    expect(p.nutriments).toEqual(EXAMPLE_1_NUTRIMENTS);
    expect(p).toMatchObject({
      lang: "fr",
      product_name_fr: "Product name",
      product_name: "Product name",
      countries: "en:belgium",
      categories_lc: "fr",
      product_quantity: "250",
      serving_quantity: "20",
      nutrition_data: "on",
      rev: 1,
      creator: "tests",
      editors_tags: ["tests"],
      ingredients_text_fr: "Farine de blé, eau, sel, sucre",
    });
    expect(p.code).toBe(code.padStart(13, "0"));
  });

  it("Example 2: kcal energy, sodium → salt, '< 0,5', traces, dash", async () => {
    const code = `500000000001${suffix === "1" ? "7" : "8"}`;
    const res = await post(t.url, WRITE, { ...EXAMPLE_2, code });
    expect(res.body).toEqual({ status: 1, status_verbose: "fields saved" });
    const { body } = await read(code);
    expect(body.product.nutriments).toEqual(EXAMPLE_2_NUTRIMENTS);
  });
});

describe("the main-language mirror (§4.2)", () => {
  it("follows a change of lang: the new language's text, or no unsuffixed field without one", async () => {
    const code = "3000000000109";
    const write = (fields: Record<string, string>) =>
      postForm(t.url, WRITE, { code, user_id: "alice", password: ALICE.password, ...fields });
    await write({ lang: "fr", product_name: "Nom", generic_name: "Gen FR", product_name_en: "Name" });
    const stored = async () => (await t.server.store.getProduct(code.padStart(13, "0"))) as Record<string, unknown>;
    expect(await stored()).toMatchObject({ lang: "fr", product_name: "Nom", generic_name: "Gen FR" });

    await write({ lang: "de" });
    let p = await stored();
    expect([p.lang, p.product_name, p.generic_name]).toEqual(["de", undefined, undefined]);
    expect([p.product_name_fr, p.generic_name_fr, p.product_name_en]).toEqual(["Nom", "Gen FR", "Name"]);

    await write({ lang: "en" });
    p = await stored();
    expect([p.product_name, p.generic_name]).toEqual(["Name", undefined]);
    await write({ lang: "fr" });
    p = await stored();
    expect([p.product_name, p.generic_name]).toEqual(["Nom", "Gen FR"]);
  });
});

describe("the empty-string rule and metadata", () => {
  const code = "3000000000017";

  it("an SDK-style write with every absent field as an empty string changes nothing else", async () => {
    await postForm(t.url, WRITE, {
      code,
      user_id: "alice",
      password: ALICE.password,
      product_name: "Oat biscuits",
      brands: "ACME Inc.",
      quantity: "500 g",
      nutriment_fat: "12",
      nutriment_proteins: "7",
    });
    const before = (await read(code)).body.product;
    // The official SDK's addOrEditProductV2 field order, absent values as "" (API.md §8.1).
    const sdkFields: Record<string, string> = {
      code,
      user_id: "alice",
      password: ALICE.password,
      categories: "",
      labels: "",
      brands: "",
      quantity: "",
      serving_size: "",
      stores: "",
      origins: "",
      countries: "",
      allergens: "",
      traces: "",
      emb_codes: "",
      packaging: "",
      manufacturing_places: "",
      comment: "",
      link: "",
      product_name: "",
      ingredients_text: "",
      no_nutrition_data: "",
      nutrition_data_per: "",
      nutriment_fat: "",
      nutriment_fat_unit: "",
      nutriment_sugars: "5",
    };
    const res = await postMultipart(t.url, WRITE, sdkFields);
    expect(res.body.status).toBe(1);
    const after = (await read(code)).body.product;
    expect(after.rev).toBe(2);
    expect(after.product_name).toBe("Oat biscuits");
    expect(after.brands).toBe("ACME Inc.");
    expect(after.brands_tags).toEqual(["acme-inc"]);
    expect(after.quantity).toBe("500 g");
    expect(after.nutriments.fat_100g).toBe(12);
    expect(after.nutriments.proteins_100g).toBe(7);
    expect(after.nutriments.sugars_100g).toBe(5);
    expect(after.created_t).toBe(before.created_t);
    expect(after.creator).toBe("alice");
  });

  it("keeps every revision, and rev=N returns an old one", async () => {
    const r1 = await read(code, "?rev=1");
    expect(r1.status).toBe(200);
    expect(r1.body.product.rev).toBe(1);
    expect(r1.body.product.nutriments.sugars_100g).toBeUndefined();
    const r2 = await read(code, "?rev=2");
    expect(r2.body.product.nutriments.sugars_100g).toBe(5);
    // Beyond 2^31 - 1 no revision can exist (PostgreSQL refused the number itself with a 500).
    for (const bad of ["3", "0", "-1", "abc", "1.5", "2147483648", "9999999999", "99999999999"]) {
      const r = await read(code, `?rev=${bad}`);
      expect(r.status, `rev=${bad}`).toBe(404);
      expect(r.body.status_verbose).toBe("product not found");
    }
    const revisions = await t.server.store.listRevisions(code);
    expect(revisions.map((r) => [r.rev, r.userId])).toEqual([
      [1, "alice"],
      [2, "alice"],
    ]);
    expect(revisions[1]?.changedFields).toEqual(["nutriments.sugars"]);
  });

  it("records the last editor, dates and editors", async () => {
    const p = (await read(code)).body.product;
    expect(p.last_modified_by).toBe("alice");
    expect(p.last_editor).toBe("alice");
    expect(p.last_modified_t).toBeGreaterThanOrEqual(p.created_t);
    const day = new Date(p.created_t * 1000).toISOString().slice(0, 10);
    expect(p.entry_dates_tags).toEqual([day, day.slice(0, 7), day.slice(0, 4)]);
    expect(p.popularity_key).toBe(0);
  });
});

describe("the rendered-answer cache", () => {
  it("never serves an answer older than the last acknowledged write", async () => {
    const code = "3000000000055";
    const write = (name: string) =>
      postForm(t.url, WRITE, { code, user_id: "alice", password: ALICE.password, product_name: name });
    for (const name of ["First", "Second", "Third"]) {
      expect((await write(name)).body.status).toBe(1);
      for (let i = 0; i < 3; i++) {
        expect((await read(code, "?fields=product_name")).body.product.product_name).toBe(name);
      }
    }
    expect((await read(code, "?fields=product_name&rev=1")).body.product.product_name).toBe("First");
  });
});

describe("credentials and refusals", () => {
  const code = "3000000000024";

  it("answers 403 JSON to a wrong password and leaves the product unchanged", async () => {
    await postForm(t.url, WRITE, { code, user_id: "alice", password: ALICE.password, product_name: "Before" });
    const res = await postForm(t.url, WRITE, {
      code,
      user_id: "alice",
      password: "wrong-password",
      product_name: "After",
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ status: 0, status_verbose: "Incorrect user name or password." });
    const p = (await read(code)).body.product;
    expect(p.product_name).toBe("Before");
    expect(p.rev).toBe(1);
  });

  it("refuses an e-mail address as user id, even with the right password", async () => {
    const res = await postForm(t.url, WRITE, {
      code,
      user_id: "alice@example.org",
      password: ALICE.password,
      product_name: "X",
    });
    expect(res.status).toBe(403);
    expect(res.body.status_verbose).toBe("Incorrect user name or password.");
    expect((await read(code)).body.product.rev).toBe(1);
  });

  it("answers `no user credentials` without a pair or a session", async () => {
    const attempts: Array<Record<string, string>> = [
      { code },
      { code, user_id: "alice" },
      { code, password: ALICE.password },
    ];
    for (const fields of attempts) {
      const res = await postForm(t.url, WRITE, { ...fields, product_name: "X" });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 0, status_verbose: "no user credentials" });
    }
    expect((await read(code)).body.product.rev).toBe(1);
  });

  it("answers an invalid code and a barcode change as the spec says", async () => {
    const bad = await postForm(t.url, WRITE, { code: "abc", user_id: "alice", password: ALICE.password });
    expect(bad.body).toEqual({ status: 0, status_verbose: "no code or invalid code" });
    const change = await postForm(t.url, WRITE, { code, new_code: "123", user_id: "alice", password: ALICE.password });
    expect(change.body).toEqual({ status: 0, status_verbose: "changing the barcode is not supported" });
  });

  it("accepts the session cookie from /cgi/session.pl", async () => {
    const login = await fetch(`${t.url}/cgi/session.pl`, {
      method: "POST",
      body: new URLSearchParams({ user_id: "alice", password: ALICE.password }),
    });
    expect(login.status).toBe(200);
    const setCookie = login.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^session=user_id&alice&user_session&[0-9a-f]{64}; /);
    expect(setCookie).toMatch(/HttpOnly/i);
    const cookie = setCookie.split(";")[0] as string;
    const res = await postForm(t.url, WRITE, { code, product_name: "By cookie" }, { cookie });
    expect(res.body.status).toBe(1);
    expect((await read(code)).body.product.product_name).toBe("By cookie");
  });
});

describe("bad input changes nothing", () => {
  const code = "3000000000031";

  it("refuses a non-numeric nutriment with 400 naming the field", async () => {
    await postForm(t.url, WRITE, { code, user_id: "alice", password: ALICE.password, nutriment_fat: "3" });
    const res = await postMultipart(t.url, WRITE, {
      code,
      user_id: "alice",
      password: ALICE.password,
      product_name: "Should not land",
      nutriment_fat: "abc",
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 0, status_verbose: "invalid value for nutriment_fat: abc" });
    const p = (await read(code)).body.product;
    expect(p.rev).toBe(1);
    expect(p.product_name).toBeUndefined();
    expect(p.nutriments.fat_100g).toBe(3);
  });

  it("refuses a number that is out of range once converted, instead of storing null", async () => {
    const code = "3000000000116";
    const credentials = { code, user_id: "alice", password: ALICE.password };
    await postForm(t.url, WRITE, { ...credentials, nutriment_fat: "3", serving_size: "30 g" });
    // The message names the nutrient of the aggregated set whose value would not be finite (schema 1003).
    const cases: Array<[Record<string, string>, string, string, string]> = [
      [{ nutriment_fat: "1e308", nutriment_fat_unit: "kg" }, "nutriment_fat", "1e308", "fat"],
      [{ nutriment_sodium: "1e308" }, "nutriment_sodium", "1e308", "salt"],
      [{ "nutriment_energy-kcal": "1e308" }, "nutriment_energy-kcal", "1e308", "energy"],
      // Per serving: the stored per-100 g fat would win the aggregation (SCHEMA.md §4), so sugars are sent.
      [
        { nutriment_sugars: "1e308", nutrition_data_per: "serving", serving_size: "6 g" },
        "nutriment_sugars",
        "1e308",
        "sugars",
      ],
    ];
    for (const [fields, parameter, value, key] of cases) {
      const res = await postForm(t.url, WRITE, { ...credentials, ...fields });
      expect(res.status, parameter).toBe(400);
      expect(res.body, parameter).toEqual({
        status: 0,
        status_verbose: `value out of range for ${parameter}: ${value} (${key} would not be a finite number)`,
      });
    }
    const p = (await read(code)).body.product;
    expect(p.rev).toBe(1);
    expect(p.nutriments.fat_100g).toBe(3);
    expect(p.nutriments.salt).toBeUndefined();
    // The largest values that stay finite are kept.
    const big = await postForm(t.url, WRITE, { ...credentials, nutriment_fat: "1e300", nutriment_fat_unit: "kg" });
    expect(big.body).toEqual({ status: 1, status_verbose: "fields saved" });
    expect((await read(code)).body.product.nutriments.fat_100g).toBe(1e303);
  });

  it("answers 413 JSON to a body over the limit, in both encodings", async () => {
    const big = "x".repeat(1024 * 1024 + 10);
    for (const post of [postForm, postMultipart]) {
      const res = await post(t.url, WRITE, { code, user_id: "alice", password: ALICE.password, product_name: big });
      expect(res.status).toBe(413);
      expect(res.body.errors[0].id).toBe("payload_too_large");
    }
    expect((await read(code)).body.product.rev).toBe(1);
  });

  it("answers 400 JSON to a malformed multipart body, then serves the next request", async () => {
    const res = await getJson(`${t.url}${WRITE}`, {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=XYZ" },
      body: `--XYZ\r\nContent-Disposition: form-data; name="code"\r\n\r\n${code}\r\n--XYZ\r\nContent-Disposition: form-data; name="user_id"\r\n\r\nalice`,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].id).toBe("malformed_body");
    expect((await read(code)).body.product.rev).toBe(1);
  });

  it("answers a multipart form with more fields than allowed with 413 saying so, not 'too large'", async () => {
    const fields: Record<string, string> = { code, user_id: "alice", password: ALICE.password, product_name: "No" };
    for (let i = 0; i < 1000; i++) fields[`extra_${i}`] = "v";
    const res = await postMultipart(t.url, WRITE, fields);
    expect(res.status).toBe(413);
    expect(res.body.errors[0]).toEqual({ id: "too_many_parts", message: "the form has more than 1000 fields" });
    expect((await read(code)).body.product.rev).toBe(1);
  });

  it("answers a multipart part without a name with 400 saying so", async () => {
    const res = await getJson(`${t.url}${WRITE}`, {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=XYZ" },
      body: `--XYZ\r\nContent-Disposition: form-data; name="code"\r\n\r\n${code}\r\n--XYZ\r\nContent-Disposition: form-data\r\n\r\nx\r\n--XYZ--\r\n`,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toEqual({
      id: "malformed_body",
      message: "malformed request body: a form field has no name",
    });
  });

  it("ignores a JSON body value nested however deep, instead of failing", async () => {
    // 20,000 levels of arrays: a recursive reading of the value ran out of stack (500).
    const deep = `${"[".repeat(20_000)}${"]".repeat(20_000)}`;
    const res = await getJson(`${t.url}${WRITE}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: `{"code":"${code}","user_id":"alice","password":"${ALICE.password}","product_name":${deep},"brands":"Deep"}`,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 1, status_verbose: "fields saved" });
    const p = (await read(code)).body.product;
    expect(p.brands).toBe("Deep");
    expect(p.product_name).toBeUndefined();
  });

  it("refuses a tag text over the tag limits with 400 instead of dropping tags", async () => {
    const code = "3000000000079";
    await postForm(t.url, WRITE, { code, user_id: "alice", password: ALICE.password, brands: "Acme" });
    const labels = Array.from({ length: 251 }, (_, i) => `label ${i}`).join(",");
    const many = await postForm(t.url, WRITE, { code, user_id: "alice", password: ALICE.password, labels });
    expect(many.status).toBe(400);
    expect(many.body).toEqual({ status: 0, status_verbose: "labels has more than 250 items" });
    const long = await postForm(t.url, WRITE, {
      code,
      user_id: "alice",
      password: ALICE.password,
      add_brands: `Acme, ${"b".repeat(251)}`,
    });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ status: 0, status_verbose: "add_brands has an item longer than 250 characters" });
    const p = (await read(code)).body.product;
    expect(p.rev).toBe(1);
    expect(p.labels).toBeUndefined();
    expect(p.brands).toBe("Acme");
    // 250 items, repeated ones counted once, are all kept as tags.
    const most = Array.from({ length: 250 }, (_, i) => `label ${i}`);
    const ok = await postForm(t.url, WRITE, {
      code,
      user_id: "alice",
      password: ALICE.password,
      labels: [...most, "label 0", " label 1 "].join(","),
    });
    expect(ok.body.status).toBe(1);
    const tags = (await read(code)).body.product.labels_tags;
    expect(tags).toHaveLength(250);
    expect(tags).toContain("en:label-249");
    // A few more added to the 250: the field is over the limit, not what was sent.
    const added = await postForm(t.url, WRITE, {
      code,
      user_id: "alice",
      password: ALICE.password,
      add_labels: "x, y",
    });
    expect(added.status).toBe(400);
    expect(added.body).toEqual({ status: 0, status_verbose: "labels has more than 250 items with add_labels added" });
    expect((await read(code)).body.product.labels_tags).toHaveLength(250);
  });

  it("refuses %-escapes that are not UTF-8 text, in a form body or the query string, and writes nothing", async () => {
    const code = "3000000000086";
    const credentials = `code=${code}&user_id=alice&password=${encodeURIComponent(ALICE.password)}`;
    const post = (body: string, query = "") =>
      getJson(`${t.url}${WRITE}${query}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
      });
    // Latin-1 é, and an escape that is not one: the parser would keep them as the text "caf%E9".
    for (const name of ["caf%E9", "100%25%ZZ"]) {
      const res = await post(`${credentials}&product_name=${name}`);
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toEqual({
        id: "malformed_body",
        message: "malformed request body: the form is not valid percent-encoded UTF-8",
      });
    }
    const inQuery = await post(credentials, "?product_name=caf%E9");
    expect(inQuery.status).toBe(400);
    expect(inQuery.body.errors[0]).toEqual({
      id: "invalid_url",
      message: "the URL's query string is not valid percent-encoded UTF-8",
    });
    expect((await read(code)).body.status).toBe(0);
    const ok = await post(`${credentials}&product_name=caf%C3%A9+100%25`);
    expect(ok.body).toEqual({ status: 1, status_verbose: "fields saved" });
    expect((await read(code)).body.product.product_name).toBe("café 100%");
  });

  it("refuses a NUL character in any parameter, however sent, and writes nothing (PostgreSQL answered 500)", async () => {
    const code = "3000000000093";
    const credentials = { code, user_id: "alice", password: ALICE.password };
    await postForm(t.url, WRITE, { ...credentials, product_name: "Before" });
    const expectNulRefused = (res: { status: number; body: any }, parameter: string, value: string) => {
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        {
          id: "invalid_parameter",
          message: `parameter ${parameter} holds a NUL character (U+0000), which text may not hold`,
          parameter,
          value,
        },
      ]);
    };
    expectNulRefused(
      await postForm(t.url, WRITE, { ...credentials, product_name: "a\u0000b" }),
      "product_name",
      "a\u0000b",
    );
    expectNulRefused(await postMultipart(t.url, WRITE, { ...credentials, comment: "x\u0000" }), "comment", "x\u0000");
    expectNulRefused(
      await getJson(`${t.url}${WRITE}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...credentials, app_name: "\u0000" }),
      }),
      "app_name",
      "\u0000",
    );
    expectNulRefused(
      await getJson(`${t.url}${WRITE}?product_name_fr=%00`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(credentials).toString(),
      }),
      "product_name_fr",
      "\u0000",
    );
    const p = (await read(code)).body.product;
    expect([p.rev, p.product_name, p.product_name_fr]).toEqual([1, "Before", undefined]);
    // Reads and searches alike.
    expectNulRefused(
      await getJson(`${t.url}/api/v2/product/${code}?fields=product_name%00`),
      "fields",
      "product_name\u0000",
    );
    expectNulRefused(await getJson(`${t.url}/api/v2/search?labels_tags=a%00b`), "labels_tags", "a\u0000b");
  });

  it("refuses body bytes that are not UTF-8, instead of storing U+FFFD, and a JSON code it cannot read exactly", async () => {
    const code = "3000000000123";
    const credentials = `code=${code}&user_id=alice&password=${encodeURIComponent(ALICE.password)}`;
    const post = (body: Buffer<ArrayBuffer>, contentType?: string) =>
      getJson(`${t.url}${WRITE}`, {
        method: "POST",
        ...(contentType === undefined ? {} : { headers: { "content-type": contentType } }),
        body,
      });
    const latin1 = (text: string) => Buffer.from(text, "latin1");
    const form = await post(latin1(`${credentials}&product_name=café`), "application/x-www-form-urlencoded");
    expect(form.status).toBe(400);
    expect(form.body.errors[0]).toEqual({
      id: "malformed_body",
      message: "malformed request body: the form holds bytes that are not UTF-8 text",
    });
    const fields = { code, user_id: "alice", password: ALICE.password };
    const json = latin1(JSON.stringify({ ...fields, product_name: "café" }));
    for (const contentType of ["application/json", undefined]) {
      const res = await post(json, contentType);
      expect(res.status, contentType).toBe(400);
      expect(res.body.errors[0], contentType).toEqual({
        id: "malformed_body",
        message: "malformed request body: the JSON body is not UTF-8 text",
      });
    }
    const bigCode = Buffer.from(
      `{"code":12345678901234567891,"user_id":"alice","password":${JSON.stringify(ALICE.password)},"product_name":"x"}`,
    );
    const big = await post(bigCode, "application/json");
    expect(big.status).toBe(400);
    expect(big.body.errors[0]).toEqual({
      id: "invalid_parameter",
      message: "code: a JSON number beyond 2^53 cannot be read exactly; send it as a string",
      parameter: "code",
      value: "12345678901234567000",
    });
    expect((await read(code)).body.status).toBe(0);
    expect((await read("12345678901234567000")).body.status).toBe(0);
    // UTF-8 sent as such, raw or %-encoded (U+FFFD included), is text like any other.
    const ok = await post(
      Buffer.from(`${credentials}&product_name=café%EF%BF%BD`),
      "application/x-www-form-urlencoded",
    );
    expect(ok.body).toEqual({ status: 1, status_verbose: "fields saved" });
    expect((await read(code)).body.product.product_name).toBe("café\uFFFD");
  });

  it("answers 415 to another content type on /cgi/*.pl", async () => {
    const res = await getJson(`${t.url}${WRITE}`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "code=1",
    });
    expect(res.status).toBe(415);
    expect(res.body.errors[0].id).toBe("unsupported_media_type");
  });

  it("reads a flat JSON object sent without Content-Type as form fields", async () => {
    const res = await getJson(`${t.url}${WRITE}`, {
      method: "POST",
      // A Buffer body makes fetch send no Content-Type at all.
      body: Buffer.from(
        JSON.stringify({ code, user_id: "alice", password: ALICE.password, product_name: "From JSON" }),
      ),
    });
    expect(res.body).toEqual({ status: 1, status_verbose: "fields saved" });
    expect((await read(code)).body.product.product_name).toBe("From JSON");
  });
});

describe("concurrency", () => {
  it("50 parallel writes to one product end with rev 50, 50 revisions and all 50 nutriments", async () => {
    const code = "3000000000048";
    // 50 distinct nutrients of the nutrients taxonomy, each written by its own request.
    const nids = [
      "fat",
      "saturated-fat",
      "carbohydrates",
      "sugars",
      "fiber",
      "proteins",
      "salt",
      "alcohol",
      "vitamin-a",
      "vitamin-d",
      "vitamin-e",
      "vitamin-k",
      "vitamin-c",
      "vitamin-b1",
      "vitamin-b2",
      "vitamin-pp",
      "vitamin-b6",
      "vitamin-b9",
      "vitamin-b12",
      "biotin",
      "pantothenic-acid",
      "potassium",
      "calcium",
      "phosphorus",
      "iron",
      "magnesium",
      "zinc",
      "copper",
      "manganese",
      "fluoride",
      "selenium",
      "chromium",
      "molybdenum",
      "iodine",
      "caffeine",
      "cholesterol",
      "starch",
      "polyols",
      "lactose",
      "sucrose",
      "glucose",
      "fructose",
      "maltose",
      "omega-3-fat",
      "omega-6-fat",
      "trans-fat",
      "monounsaturated-fat",
      "polyunsaturated-fat",
      "chloride",
      "taurine",
    ];
    expect(new Set(nids).size).toBe(50);
    const results = await Promise.all(
      nids.map((nid, i) =>
        postForm(t.url, WRITE, {
          code,
          user_id: "alice",
          password: ALICE.password,
          [`nutriment_${nid}`]: String(i + 1),
        }),
      ),
    );
    expect(results.every((r) => r.body.status === 1)).toBe(true);
    const p = (await read(code)).body.product;
    expect(p.rev).toBe(50);
    for (const nid of nids) expect(p.nutriments[`${nid}_value`], nid).toBeGreaterThan(0);
    expect(await t.server.store.listRevisions(code)).toHaveLength(50);
  });
});
