/**
 * Writes in OFF's 2026 schema (SCHEMA.md §7): `product_jqm2.pl` stores products in schema 1003 and a v2 read
 * of what was written gives OFF's v2 answer; `PATCH /api/v3.5/product/{code}` merges nutrition input sets.
 * Expected values are OFF's (SCHEMA.md §11 TC9, TC10, TC13, TC14: OFF's integration test expectations).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALICE, getJson, postForm, startTestServer, type TestServer } from "../helpers/server.js";
import { FIXTURES, importFile } from "../import/helpers.js";

type Json = Record<string, any>;
const WRITE = "/cgi/product_jqm2.pl";
const credentials = { user_id: "alice", password: ALICE.password };
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ users: [ALICE] });
});
afterAll(async () => t.close());

async function read(version: string, code: string, query = ""): Promise<Json> {
  const { status, body } = await getJson(`${t.url}/api/${version}/product/${code}${query}`);
  expect(status).toBe(200);
  return body.product;
}

function patch(code: string, body: unknown, version = "v3.5") {
  return getJson(`${t.url}/api/${version}/product/${code}`, {
    method: "PATCH",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

describe("product_jqm2.pl writes in schema 1003 (SCHEMA.md §7.1)", () => {
  it("TC9: old nutrition fields per 100 g, read back through v2 as OFF answers", async () => {
    const code = "1234567890008";
    const res = await postForm(t.url, WRITE, {
      ...credentials,
      code,
      nutrition_data_per: "100g",
      nutriment_energy: "450",
      nutriment_energy_unit: "kJ",
      nutriment_fat: "12.5",
      nutriment_fat_unit: "g",
      "nutriment_saturated-fat": "3.1",
      "nutriment_saturated-fat_unit": "g",
      nutriment_carbohydrates: "67.4",
      nutriment_carbohydrates_unit: "g",
      nutriment_fiber: "4.5",
      nutriment_fiber_unit: "g",
      nutriment_proteins: "8.2",
      nutriment_proteins_unit: "g",
      nutriment_salt: "1.2",
      nutriment_salt_unit: "g",
      nutriment_sodium: "0.472",
      nutriment_sodium_unit: "g",
      nutriment_alcohol: "0.0",
      nutriment_alcohol_unit: "g",
    });
    expect(res.body).toEqual({ status: 1, status_verbose: "fields saved" });
    const p = await read("v2", code);
    expect(p.schema_version).toBe(998);
    expect(p).toMatchObject({ nutrition_data: "on", nutrition_data_per: "100g", nutrition_data_prepared_per: "100g" });
    expect(p.nutrition).toBeUndefined();
    const n = p.nutriments;
    for (const [nid, value, unit] of [
      ["energy-kj", 450, "kJ"],
      ["energy", 450, "kJ"],
      ["fat", 12.5, "g"],
      ["saturated-fat", 3.1, "g"],
      ["carbohydrates", 67.4, "g"],
      ["fiber", 4.5, "g"],
      ["proteins", 8.2, "g"],
      ["salt", 1.2, "g"],
      ["sodium", 0.472, "g"],
    ] as const) {
      expect([n[nid], n[`${nid}_100g`], n[`${nid}_value`], n[`${nid}_unit`]], nid).toEqual([value, value, value, unit]);
    }
    // energy-kcal computed from the macronutrients (SCHEMA.md §2.2), hence "~".
    expect([n["energy-kcal"], n["energy-kcal_100g"], n["energy-kcal_modifier"]]).toEqual([423.9, 423.9, "~"]);
    expect([n.alcohol, n.alcohol_unit, n.alcohol_serving]).toEqual([0, "% vol", 0]);
    expect(p.nutriscore["2023"].data.salt).toBe(1.2);
    expect(p.nutriscore["2021"].data.sodium).toBe(472);
    // Stored in schema 1003: the packaging input set as typed.
    const raw = await read("v2", code, "?fields=raw");
    expect(raw.schema_version).toBe(1003);
    expect(raw.nutriments).toBeUndefined();
    expect(raw.nutrition.input_sets[0]).toMatchObject({
      source: "packaging",
      preparation: "as_sold",
      per: "100g",
      per_quantity: 100,
      per_unit: "g",
    });
    expect(raw.nutrition.input_sets[0].nutrients["energy-kj"]).toEqual({
      unit: "kJ",
      value: 450,
      value_computed: 1783.7,
      value_string: "450",
    });
  });

  it("TC10: modifiers and the dash, in the input set and in the v2 answer", async () => {
    const code = "1234567890015";
    await postForm(t.url, WRITE, {
      ...credentials,
      code,
      nutriment_energy: "<450",
      nutriment_energy_unit: "kJ",
      nutriment_fat: "~12.5",
      "nutriment_saturated-fat": "> 3.1",
      nutriment_carbohydrates: "67.4",
      nutriment_fiber: "-",
      nutriment_proteins: "",
      nutriment_salt: "<=1.2",
      nutriment_sodium: "≤0.472",
    });
    const set = (await read("v3.5", code)).nutrition.input_sets[0];
    expect(set.nutrients["energy-kj"]).toMatchObject({ value: 450, value_string: "450", unit: "kJ", modifier: "<" });
    expect(set.nutrients.fat).toMatchObject({ value: 12.5, modifier: "~" });
    expect(set.nutrients["saturated-fat"]).toMatchObject({ value: 3.1, modifier: ">" });
    expect(set.nutrients.salt).toMatchObject({ value: 1.2, modifier: "≤" });
    expect(set.nutrients.sodium).toMatchObject({ value: 0.472, modifier: "≤" });
    expect(set.nutrients.proteins).toBeUndefined();
    expect(set.unspecified_nutrients).toEqual(["fiber"]);
    const n = (await read("v2", code)).nutriments;
    expect([n.fat_modifier, n.salt_modifier]).toEqual(["~", "≤"]);
    expect(Object.keys(n).filter((k) => k.startsWith("fiber"))).toEqual([]);
  });

  it("writing to an imported classic product upgrades it, keeping what OFF keeps", async () => {
    await importFile(t.server.store, `${FIXTURES}/off-products-2026.jsonl`);
    const code = "0000609962037";
    const before = await read("v2", code);
    const res = await postForm(t.url, WRITE, { ...credentials, code, product_name: "Renamed" });
    expect(res.body.status).toBe(1);
    const raw = await read("v2", code, "?fields=raw");
    expect(raw.schema_version).toBe(1003);
    expect(raw.nutriments).toBeUndefined();
    expect(raw.nutrition.input_sets.length).toBeGreaterThan(0);
    const after = await read("v2", code);
    expect(after.product_name).toBe("Renamed");
    // Every nutrient is still there with its value; only energy differs: the save computes energy-kj from the
    // macronutrients (SCHEMA.md §2.2) and the aggregated energy now follows it instead of the converted kcal.
    for (const [key, value] of Object.entries(before.nutriments as Json)) {
      if (!key.startsWith("energy_") && key !== "energy") expect(after.nutriments[key], key).toEqual(value);
    }
    expect(after.nutriments["energy-kj_modifier"]).toBe("~");
    expect(after.nutrition_grades).toBe(before.nutrition_grades);
  });
});

const TC13_AS_SOLD = {
  preparation: "as_sold",
  per: "100g",
  per_quantity: 100,
  per_unit: "g",
  source: "packaging",
  source_description: "",
  nutrients: {
    "energy-kj": { value_string: "2000", unit: "kJ" },
    fat: { value_string: "10", unit: "g" },
    "saturated-fat": { value_string: "2", unit: "g" },
    carbohydrates: { value_string: "30", unit: "g" },
    sugars: { value_string: "20", unit: "g" },
    fiber: { value_string: "5", unit: "g" },
    proteins: { value_string: "5", unit: "g" },
    salt: { value_string: "1.5", unit: "g" },
    sodium: { value_string: "0.59", unit: "g" },
  },
  unspecified_nutrients: ["alcohol", "polyols"],
};

describe("PATCH /api/v3.5/product/{code} (SCHEMA.md §7.2)", () => {
  const code = "4230000001000";

  it("TC13: input sets merged, computed values and the aggregated set rebuilt", async () => {
    const res = await patch(code, {
      ...credentials,
      fields: "updated",
      product: { nutrition: { input_sets: [TC13_AS_SOLD] } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code, errors: [], status: "success", result: { id: "product_updated" } });
    const nutrition = res.body.product.nutrition;
    const set = nutrition.input_sets[0];
    expect(set.nutrients["energy-kj"]).toEqual({ value: 2000, value_string: "2000", unit: "kJ", value_computed: 1005 });
    expect(set.nutrients["energy-kcal"]).toEqual({ unit: "kcal", value_computed: 240 });
    expect(set.nutrients.salt.value_computed).toBe(1.475);
    expect(set.nutrients.sodium.value_computed).toBe(0.6);
    expect(set.unspecified_nutrients).toEqual(["alcohol", "polyols"]);
    const aggregated = nutrition.aggregated_set;
    expect(aggregated).toMatchObject({ preparation: "as_sold", per: "100g" });
    expect(aggregated.nutrients["energy-kcal"]).toMatchObject({ value: 240, modifier: "~", source: "packaging" });
    expect(aggregated.nutrients["energy-kj"]).toMatchObject({ value: 2000, value_computed: 1005 });
    expect(aggregated.nutrients.energy).toMatchObject({ value: 2000, unit: "kJ", value_computed: 1005 });
    expect(aggregated.nutrients.salt).toMatchObject({ value: 1.5, value_computed: 1.475 });
    // The same product read through v2: classic nutriments.
    expect((await read("v2", code)).nutriments.sugars_100g).toBe(20);
  });

  it("TC14: a null nutrient is removed (sodium comes back computed from salt); null nutrients remove the set", async () => {
    const removeSodium = { source: "packaging", preparation: "as_sold", per: "100g", nutrients: { sodium: null } };
    await patch(code, { ...credentials, product: { nutrition: { input_sets: [removeSodium] } } });
    const set = (await read("v3.5", code)).nutrition.input_sets[0];
    expect(set.nutrients.sodium).toEqual({ unit: "g", value_computed: 0.6 });
    const prepared = {
      source: "packaging",
      preparation: "prepared",
      per: "100ml",
      nutrients: { fat: { value_string: "1" } },
    };
    await patch(code, { ...credentials, product: { nutrition: { input_sets: [prepared] } } });
    expect((await read("v3.5", code)).nutrition.input_sets.length).toBe(2);
    await patch(code, { ...credentials, product: { nutrition: { input_sets: [{ ...prepared, nutrients: null }] } } });
    expect((await read("v3.5", code)).nutrition.input_sets.length).toBe(1);
  });

  it("bad nutrition gets a 400 naming the field, and the product is left as it was", async () => {
    const before = await read("v3.5", code, "?fields=raw");
    const set = (change: Json) => ({ ...TC13_AS_SOLD, ...change });
    const cases: Array<[unknown, string]> = [
      ["lots", "product.nutrition"],
      [{ input_sets: [set({ per: undefined })] }, "product.nutrition.input_sets[0].per"],
      [{ input_sets: [set({ per: "200ml" })] }, "product.nutrition.input_sets[0].per"],
      [{ input_sets: [set({ preparation: "cooked" })] }, "product.nutrition.input_sets[0].preparation"],
      [
        { input_sets: [set({ nutrients: { fat: { value_string: "-3" } } })] },
        "product.nutrition.input_sets[0].nutrients.fat.value_string",
      ],
      [
        { input_sets: [set({ nutrients: { fat: { value_string: "lots" } } })] },
        "product.nutrition.input_sets[0].nutrients.fat.value_string",
      ],
      [{ input_sets: "none" }, "product.nutrition.input_sets"],
    ];
    for (const [nutrition, field] of cases) {
      const res = await patch(code, { ...credentials, product: { nutrition } });
      expect(res.status, field).toBe(400);
      expect(res.body.status).toBe("failure");
      expect(res.body.errors[0].field.id, field).toBe(field);
    }
    const other = await patch(code, { ...credentials, product: { product_name: "x" } });
    expect([other.status, other.body.errors[0].field.id]).toEqual([400, "product.product_name"]);
    expect(await read("v3.5", code, "?fields=raw")).toEqual(before);
  });

  it("needs an account; v3.4 and lower still answer 501", async () => {
    const anonymous = await patch(code, { product: { nutrition: { input_sets: [TC13_AS_SOLD] } } });
    expect(anonymous.status).toBe(403);
    const wrong = await patch(code, { user_id: "alice", password: "nope", product: { nutrition: {} } });
    expect([wrong.status, wrong.body.errors[0].message.id]).toEqual([403, "invalid_user_id_and_password"]);
    const old = await patch(code, { ...credentials, product: { nutrition: {} } }, "v3");
    expect(old.status).toBe(501);
  });
});
