/**
 * applyNutrimentEdit with the real shipped nutrients taxonomy. Expected values come from API.md §4.5
 * (Examples 1 and 2) and NUTRITION.md §1 (worked examples, tables, factors).
 */
import { beforeAll, describe, expect, it } from "vitest";
import {
  applyNutrimentEdit,
  deriveNutrimentsPerBasis,
  type NutrimentEditContext,
} from "../../../src/domain/nutriments/index.js";
import type { Nutriments } from "../../../src/domain/product.js";
import { servingQuantityInGrams } from "../../../src/domain/quantity.js";
import { loadTaxonomies } from "../../../src/domain/taxonomy/index.js";
import type { Taxonomy } from "../../../src/domain/taxonomy/types.js";

let nutrients: Taxonomy;

beforeAll(() => {
  nutrients = loadTaxonomies().nutrients;
});

/** Applies a write and returns the new `nutriments`; fails the test on an error result. */
function edit(params: Record<string, string>, context: NutrimentEditContext = {}, previous: Nutriments = {}) {
  const result = applyNutrimentEdit(previous, params, context, nutrients);
  if (!result.ok) throw new Error(`unexpected error: ${result.message}`);
  return result;
}

function nutrimentsAfter(
  params: Record<string, string>,
  context: NutrimentEditContext = {},
  previous: Nutriments = {},
): Nutriments {
  return edit(params, context, previous).nutriments;
}

const EXAMPLE_1_NUTRIMENTS: Nutriments = {
  salt: 0.0502,
  salt_100g: 0.0502,
  salt_serving: 0.01,
  salt_unit: "mg",
  salt_value: 50.2,
  sodium: 0.02008,
  sodium_100g: 0.02008,
  sodium_serving: 0.00402,
  sodium_unit: "mg",
  sodium_value: 20.08,
  sugars: 12.5,
  sugars_100g: 12.5,
  sugars_serving: 2.5,
  sugars_unit: "g",
  sugars_value: 12.5,
};

describe("API.md §4.5 examples", () => {
  it("Example 1: salt in mg, sugars, serving 20 g", () => {
    const params = {
      user_id: "tests",
      password: "testtest",
      cc: "be",
      lc: "fr",
      code: "1234567890002",
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
    const result = edit(params, { servingQuantity: servingQuantityInGrams(params.serving_size) });
    expect(result.nutriments).toStrictEqual(EXAMPLE_1_NUTRIMENTS);
    expect(result.nutritionDataOn).toBe(true);
    expect(result.nutritionDataPreparedOn).toBe(false);
  });

  it("Example 2: kcal only, sodium, '< 0,5', traces, dash", () => {
    const params = {
      user_id: "alice",
      password: "secret",
      code: "5000000000017",
      lc: "en",
      serving_size: "30 g",
      "nutriment_energy-kcal": "250",
      nutriment_sodium: "0.48",
      nutriment_sodium_unit: "g",
      nutriment_fat: "< 0,5",
      nutriment_sugars: "traces",
      nutriment_fiber: "-",
    };
    expect(nutrimentsAfter(params, { servingQuantity: servingQuantityInGrams(params.serving_size) })).toStrictEqual({
      energy: 1046,
      energy_100g: 1046,
      energy_serving: 314,
      energy_unit: "kcal",
      energy_value: 250,
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
      fiber_modifier: "-",
      salt: 1.2,
      salt_100g: 1.2,
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
    });
  });
});

describe("NUTRITION.md §1.8 worked example", () => {
  it("salt 50.2 mg, sugars 12.5, serving_size 20 g", () => {
    const servingQuantity = servingQuantityInGrams("20 g");
    expect(servingQuantity).toBe(20);
    const params = { nutriment_salt: "50.2", nutriment_salt_unit: "mg", nutriment_sugars: "12.5" };
    expect(nutrimentsAfter(params, { servingQuantity })).toStrictEqual(EXAMPLE_1_NUTRIMENTS);
  });
});

describe("modifiers stored with the value", () => {
  it.each([
    ["<= 1", "≤"],
    ["max 1", "<"],
    [">= 1", "≥"],
    ["more than 1", ">"],
    ["about 1", "~"],
  ])("%j → fat_modifier %j", (raw, modifier) => {
    const nutriments = nutrimentsAfter({ nutriment_fat: raw });
    expect(nutriments.fat_modifier).toBe(modifier);
    expect(nutriments.fat_value).toBe(1);
    expect(nutriments.fat).toBe(1);
  });

  it("nutriment_<nid>_modifier supplies the modifier of a value without marker", () => {
    const nutriments = nutrimentsAfter({ nutriment_fat: "5", nutriment_fat_modifier: "<" });
    expect(nutriments).toMatchObject({ fat: 5, fat_value: 5, fat_modifier: "<" });
  });

  it("nutriment_<nid>_modifier without a value does nothing", () => {
    const previous = nutrimentsAfter({ nutriment_fat: "5" });
    expect(nutrimentsAfter({ nutriment_fat_modifier: "<" }, {}, previous)).toStrictEqual(previous);
  });

  it("a new value without modifier removes the stored modifier", () => {
    const previous = nutrimentsAfter({ nutriment_fat: "< 5" });
    expect(previous.fat_modifier).toBe("<");
    const nutriments = nutrimentsAfter({ nutriment_fat: "4" }, {}, previous);
    expect(nutriments.fat_modifier).toBeUndefined();
    expect(nutriments.fat).toBe(4);
  });
});

describe("units and conversion to the base value (API.md §4.5 Units, NUTRITION.md §1.3)", () => {
  it.each([
    ["g", "12", 12],
    ["mg", "50.2", 0.0502],
    ["MG", "100", 0.1],
    ["µg", "5", 0.000005],
    ["μg", "5", 0.000005],
    ["mcg", "5", 0.000005],
    ["kg", "2", 2000],
    ["Kg", "1", 1000],
    ["l", "1.5", 1500],
    ["dl", "2", 200],
    ["cl", "3", 30],
    ["ml", "7", 7],
    ["oz", "1", 28.349523125],
    ["fl oz", "2", 60],
    ["fl. oz", "1", 30],
    ["lb", "1", 453.59237],
    ["lbs", "2", 907.18474],
    ["kJ", "5", 5],
    ["%", "5", 5],
    ["kcal", "100", 418],
    ["кг", "1", 1000],
    ["斤", "1", 500],
    ["liter", "2", 2000],
    ["pound", "1", 453.59237],
    ["fluid ounce", "1", 30],
    ["мг", "100", 0.1],
    ["毫克", "100", 0.1],
    ["ккал", "100", 418],
    ["% vol", "5", 5],
    ["% DV", "5", 5],
    ["furlong", "5", 5],
  ])("fat in %s: %s → %d g, unit and value kept as sent", (unit, value, base) => {
    const nutriments = nutrimentsAfter({ nutriment_fat: value, nutriment_fat_unit: unit });
    expect(nutriments.fat).toBe(base);
    expect(nutriments.fat_100g).toBe(base);
    expect(nutriments.fat_unit).toBe(unit);
    expect(nutriments.fat_value).toBe(Number(value));
  });

  it.each([
    ["energy-kj", "kJ"],
    ["energy-kcal", "kcal"],
    ["energy", "kJ"],
    ["alcohol", "% vol"],
    ["water-hardness", "mmol/l"],
    ["fruits-vegetables-nuts", "%"],
    ["fruits-vegetables-legumes", "%"],
    ["collagen-meat-protein-ratio", "%"],
    ["cholesterol", "g"],
    ["vitamin-c", "g"],
    ["fat", "g"],
  ])("default unit of %s is %s", (nid, unit) => {
    expect(nutrimentsAfter({ [`nutriment_${nid}`]: "3" })[`${nid}_unit`]).toBe(unit);
  });

  it("alcohol is always % vol, whatever unit is sent", () => {
    const nutriments = nutrimentsAfter({ nutriment_alcohol: "12", nutriment_alcohol_unit: "g" });
    expect(nutriments).toMatchObject({ alcohol: 12, alcohol_unit: "% vol", alcohol_value: 12 });
  });

  it("the unit parameter applies to the prepared value too", () => {
    const nutriments = nutrimentsAfter({ nutriment_calcium_prepared: "120", nutriment_calcium_unit: "mg" });
    expect(nutriments).toMatchObject({
      calcium_prepared: 0.12,
      calcium_prepared_unit: "mg",
      calcium_prepared_value: 120,
    });
  });

  it.each([
    ["vitamin-a", "IU", "468", 0.0001404],
    ["vitamin-a", "IU", "1000", 0.0003],
    ["vitamin-d", "iu", "40", 0.000001],
    ["vitamin-c", "UI", "100", 0.005],
  ])("%s %s %s → %d g (iu_value:en, then unit:en)", (nid, unit, value, base) => {
    const nutriments = nutrimentsAfter({ [`nutriment_${nid}`]: value, [`nutriment_${nid}_unit`]: unit });
    expect(nutriments[nid]).toBe(base);
    expect(nutriments[`${nid}_unit`]).toBe(unit);
    expect(nutriments[`${nid}_value`]).toBe(Number(value));
  });

  it.each([
    ["calcium", "10", 0.1],
    ["vitamin-c", "50", 0.03],
    ["iron", "100", 0.018],
  ])("%s %s %% DV → %d g (dv_value:en, then unit:en)", (nid, value, base) => {
    const nutriments = nutrimentsAfter({ [`nutriment_${nid}`]: value, [`nutriment_${nid}_unit`]: "% DV" });
    expect(nutriments[nid]).toBe(base);
    expect(nutriments[`${nid}_unit`]).toBe("% DV");
  });

  it("IU on a nutrient without iu_value leaves the number unchanged", () => {
    expect(nutrimentsAfter({ nutriment_fat: "7", nutriment_fat_unit: "IU" }).fat).toBe(7);
  });

  it.each([
    ["mmol/l", "2", 2],
    ["mol/l", "0.002", 2],
    ["mval/l", "4", 2],
    ["ppm", "250", 2.5],
    ["°dH", "11.2", 2],
    ["°fH", "20", 2],
  ])("water-hardness in %s: %s → %d mmol/l", (unit, value, base) => {
    const nutriments = nutrimentsAfter({
      "nutriment_water-hardness": value,
      "nutriment_water-hardness_unit": unit,
    });
    expect(nutriments["water-hardness"]).toBe(base);
  });
});

describe("kcal and kJ", () => {
  it("kcal → kJ: energy = trunc(kcal × 4.184 + 0.5), energy_value/unit echo the kcal", () => {
    const nutriments = nutrimentsAfter({ "nutriment_energy-kcal": "539" });
    expect(nutriments).toMatchObject({
      energy: 2255,
      energy_unit: "kcal",
      energy_value: 539,
      "energy-kcal": 539,
      "energy-kcal_unit": "kcal",
    });
    expect(nutriments["energy-kj"]).toBeUndefined();
  });

  it("energy-kcal sent in kJ stays in kcal: trunc(kJ / 4.184 + 0.5)", () => {
    const nutriments = nutrimentsAfter({ "nutriment_energy-kcal": "1046", "nutriment_energy-kcal_unit": "kJ" });
    expect(nutriments).toMatchObject({
      "energy-kcal": 250,
      "energy-kcal_unit": "kJ",
      "energy-kcal_value": 1046,
      energy: 1046,
      energy_unit: "kJ",
      energy_value: 1046,
    });
  });

  it("energy-kj sent in kcal is converted to kJ", () => {
    const nutriments = nutrimentsAfter({ "nutriment_energy-kj": "100", "nutriment_energy-kj_unit": "kcal" });
    expect(nutriments).toMatchObject({ "energy-kj": 418, "energy-kj_value": 100, energy: 418, energy_unit: "kcal" });
  });
});

describe("energy consolidation (API.md §4.5 Energy, NUTRITION.md §1.4)", () => {
  it("energy-kj 400 and energy-kcal 140.5 → energy 400 kJ", () => {
    const nutriments = nutrimentsAfter({ "nutriment_energy-kj": "400", "nutriment_energy-kcal": "140.5" });
    expect(nutriments).toMatchObject({
      energy: 400,
      energy_100g: 400,
      energy_unit: "kJ",
      energy_value: 400,
      "energy-kj": 400,
      "energy-kcal": 140.5,
    });
  });

  it("nutriment_energy in kcal is an energy-kcal value", () => {
    const nutriments = nutrimentsAfter({ nutriment_energy: "100", nutriment_energy_unit: "kcal" });
    expect(nutriments).toMatchObject({
      "energy-kcal": 100,
      "energy-kcal_unit": "kcal",
      energy: 418,
      energy_unit: "kcal",
      energy_value: 100,
    });
    expect(nutriments["energy-kj"]).toBeUndefined();
  });

  it("nutriment_energy in kJ is an energy-kj value", () => {
    const nutriments = nutrimentsAfter({ nutriment_energy: "2000", nutriment_energy_unit: "KJ" });
    expect(nutriments).toMatchObject({ "energy-kj": 2000, "energy-kj_unit": "KJ", energy: 2000 });
    expect(nutriments["energy-kcal"]).toBeUndefined();
  });

  it("a plain nutriment_energy (default kJ) is copied to energy-kj", () => {
    const nutriments = nutrimentsAfter({ nutriment_energy: "500" });
    expect(nutriments).toMatchObject({
      energy: 500,
      energy_unit: "kJ",
      energy_value: 500,
      "energy-kj": 500,
      "energy-kj_unit": "kJ",
      "energy-kj_value": 500,
    });
    expect(nutriments["energy-kcal"]).toBeUndefined();
  });

  it("energy-kj takes over from an energy derived from kcal", () => {
    const previous = nutrimentsAfter({ "nutriment_energy-kcal": "250" });
    const nutriments = nutrimentsAfter({ "nutriment_energy-kj": "1000" }, {}, previous);
    expect(nutriments).toMatchObject({ energy: 1000, energy_unit: "kJ", energy_value: 1000, "energy-kcal": 250 });
  });

  it("sending energy-kcal keeps energy from the stored energy-kj (kJ wins)", () => {
    const previous = nutrimentsAfter({ "nutriment_energy-kj": "1000", "nutriment_energy-kcal": "239" });
    const nutriments = nutrimentsAfter({ "nutriment_energy-kcal": "240" }, {}, previous);
    expect(nutriments).toMatchObject({ energy: 1000, energy_unit: "kJ", "energy-kcal": 240 });
  });

  it("a modifier of energy-kj is carried to energy", () => {
    const nutriments = nutrimentsAfter({ "nutriment_energy-kj": "~ 400" });
    expect(nutriments).toMatchObject({ energy: 400, energy_modifier: "~", "energy-kj_modifier": "~" });
  });

  it("deleting energy-kj falls back to energy-kcal", () => {
    const previous = nutrimentsAfter({ "nutriment_energy-kj": "400", "nutriment_energy-kcal": "100" });
    const nutriments = nutrimentsAfter({ "nutriment_energy-kj": "-" }, {}, previous);
    expect(nutriments["energy-kj_modifier"]).toBe("-");
    expect(nutriments["energy-kj"]).toBeUndefined();
    expect(nutriments).toMatchObject({ energy: 418, energy_unit: "kcal", energy_value: 100 });
  });

  it("prepared energy-kcal 58 per 25 g serving → energy_prepared 243, _100g 972, energy-kcal_prepared_100g 232", () => {
    const result = edit(
      { "nutriment_energy-kcal_prepared": "58" },
      { servingQuantity: 25, nutritionDataPreparedPer: "serving" },
    );
    expect(result.nutriments).toMatchObject({
      energy_prepared: 243,
      energy_prepared_100g: 972,
      energy_prepared_serving: 243,
      energy_prepared_unit: "kcal",
      energy_prepared_value: 58,
      "energy-kcal_prepared": 58,
      "energy-kcal_prepared_100g": 232,
      "energy-kcal_prepared_serving": 58,
    });
    expect(result.nutritionDataPreparedOn).toBe(true);
    expect(result.nutritionDataOn).toBe(false);
  });
});

describe("salt and sodium (API.md §4.5, NUTRITION.md §1.5)", () => {
  it("salt only: 3000 mg → salt 3, sodium 1200 mg = 1.2 g", () => {
    const nutriments = nutrimentsAfter({ nutriment_salt: "3000", nutriment_salt_unit: "mg" });
    expect(nutriments).toMatchObject({
      salt: 3,
      salt_unit: "mg",
      salt_value: 3000,
      sodium: 1.2,
      sodium_unit: "mg",
      sodium_value: 1200,
    });
  });

  it("sodium only: 0.48 g → salt 1.2 g", () => {
    const nutriments = nutrimentsAfter({ nutriment_sodium: "0.48" });
    expect(nutriments).toMatchObject({ salt: 1.2, salt_unit: "g", salt_value: 1.2, sodium: 0.48 });
  });

  it("sending only sodium replaces the stored salt", () => {
    const previous = nutrimentsAfter({ nutriment_salt: "1" });
    expect(previous.sodium).toBe(0.4);
    const nutriments = nutrimentsAfter({ nutriment_sodium: "0.8" }, {}, previous);
    expect(nutriments).toMatchObject({ sodium: 0.8, salt: 2, salt_value: 2 });
  });

  it("salt wins when both are sent", () => {
    const nutriments = nutrimentsAfter({ nutriment_salt: "1", nutriment_sodium: "5" });
    expect(nutriments).toMatchObject({ salt: 1, sodium: 0.4, sodium_value: 0.4 });
  });

  it("the salt modifier is carried to sodium", () => {
    const nutriments = nutrimentsAfter({ nutriment_salt: "< 0,1" });
    expect(nutriments).toMatchObject({ salt_modifier: "<", sodium_modifier: "<", sodium: 0.04 });
  });

  it("prepared salt gives prepared sodium", () => {
    const nutriments = nutrimentsAfter({ nutriment_salt_prepared: "2.5" });
    expect(nutriments).toMatchObject({ salt_prepared: 2.5, sodium_prepared: 1, sodium_prepared_value: 1 });
    expect(nutriments.salt).toBeUndefined();
    expect(nutriments.sodium).toBeUndefined();
  });

  it("prepared sodium gives prepared salt", () => {
    const nutriments = nutrimentsAfter({ nutriment_sodium_prepared: "400", nutriment_sodium_unit: "mg" });
    expect(nutriments).toMatchObject({
      salt_prepared: 1,
      salt_prepared_unit: "mg",
      salt_prepared_value: 1000,
      sodium_prepared: 0.4,
    });
  });

  it("a dash on salt removes the stored sodium too", () => {
    const previous = nutrimentsAfter({ nutriment_salt: "1" });
    const nutriments = nutrimentsAfter({ nutriment_salt: "-" }, {}, previous);
    expect(nutriments).toStrictEqual({ salt_modifier: "-" });
  });
});

describe("per 100 g and per serving (API.md §4.5, NUTRITION.md §1.6)", () => {
  it("per 100 g without a serving quantity: no _serving, nutrition_data not set", () => {
    const result = edit({ nutriment_fat: "10" });
    expect(result.nutriments).toStrictEqual({ fat: 10, fat_100g: 10, fat_unit: "g", fat_value: 10 });
    expect(result.nutritionDataOn).toBe(false);
  });

  it("per serving input: _serving = base, _100g = base × 100 / serving_quantity (3 digits)", () => {
    const result = edit(
      { nutriment_fat: "5", nutriment_sugars: "3" },
      { servingQuantity: 30, nutritionDataPer: "serving" },
    );
    expect(result.nutriments).toMatchObject({
      fat: 5,
      fat_serving: 5,
      fat_100g: 16.7,
      sugars_serving: 3,
      sugars_100g: 10,
    });
    expect(result.nutritionDataOn).toBe(true);
  });

  it("per serving with serving_quantity ≤ 5: no _100g", () => {
    const result = edit({ nutriment_fat: "1" }, { servingQuantity: 5, nutritionDataPer: "serving" });
    expect(result.nutriments).toStrictEqual({ fat: 1, fat_serving: 1, fat_unit: "g", fat_value: 1 });
    expect(result.nutritionDataOn).toBe(false);
  });

  it("per serving without serving quantity: no _100g", () => {
    const nutriments = nutrimentsAfter({ nutriment_fat: "1" }, { nutritionDataPer: "serving" });
    expect(nutriments.fat_100g).toBeUndefined();
    expect(nutriments.fat_serving).toBe(1);
  });

  it.each([
    ["alcohol", "% vol"],
    ["fruits-vegetables-nuts", "%"],
    ["fruits-vegetables-legumes", "%"],
    ["ph", ""],
  ])("%s (taxonomy unit %j) is the same per 100 g and per serving", (nid) => {
    const per100g = nutrimentsAfter({ [`nutriment_${nid}`]: "7" }, { servingQuantity: 30 });
    expect(per100g[`${nid}_100g`]).toBe(7);
    expect(per100g[`${nid}_serving`]).toBe(7);
    const perServing = nutrimentsAfter(
      { [`nutriment_${nid}`]: "7" },
      { servingQuantity: 3, nutritionDataPer: "serving" },
    );
    expect(perServing[`${nid}_100g`]).toBe(7);
    expect(perServing[`${nid}_serving`]).toBe(7);
  });

  it("a %-only product does not turn nutrition_data on", () => {
    expect(edit({ nutriment_alcohol: "12" }, { servingQuantity: 330 }).nutritionDataOn).toBe(false);
  });

  it("as-sold per 100 g and prepared per serving at the same time", () => {
    const nutriments = nutrimentsAfter(
      { nutriment_proteins: "10", nutriment_proteins_prepared: "4" },
      { servingQuantity: 40, nutritionDataPer: "100g", nutritionDataPreparedPer: "serving" },
    );
    expect(nutriments).toMatchObject({
      proteins_100g: 10,
      proteins_serving: 4,
      proteins_prepared_serving: 4,
      proteins_prepared_100g: 10,
    });
  });

  it("switching the basis drops the stale derived key", () => {
    const previous = nutrimentsAfter({ nutriment_fat: "10" }, { servingQuantity: 50 });
    expect(previous.fat_serving).toBe(5);
    const nutriments = nutrimentsAfter({}, { servingQuantity: 50, nutritionDataPer: "serving" }, previous);
    expect(nutriments).toMatchObject({ fat: 10, fat_serving: 10, fat_100g: 20 });
  });
});

describe("deriveNutrimentsPerBasis (re-derivation of every stored nutrient)", () => {
  it("follows a new serving quantity without nutrient parameters, input untouched", () => {
    const stored = structuredClone(EXAMPLE_1_NUTRIMENTS);
    const result = deriveNutrimentsPerBasis(stored, { servingQuantity: 40 }, nutrients);
    expect(result.nutriments).toMatchObject({ salt_serving: 0.0201, sodium_serving: 0.00803, sugars_serving: 5 });
    expect(result.nutritionDataOn).toBe(true);
    expect(stored).toStrictEqual(EXAMPLE_1_NUTRIMENTS);
  });

  it("drops _serving when the serving quantity is gone", () => {
    const { nutriments } = deriveNutrimentsPerBasis(EXAMPLE_1_NUTRIMENTS, {}, nutrients);
    expect(Object.keys(nutriments).filter((key) => key.endsWith("_serving"))).toEqual([]);
    expect(nutriments.salt_100g).toBe(0.0502);
  });

  it("keeps computed ids as they are", () => {
    const stored: Nutriments = { "nutrition-score-fr": 5, "nutrition-score-fr_100g": 5, "nova-group": 4 };
    expect(deriveNutrimentsPerBasis(stored, { servingQuantity: 30 }, nutrients).nutriments).toStrictEqual(stored);
  });
});

describe("deletion and untouched values", () => {
  it("a lone dash deletes the value and leaves only <nid>_modifier '-'", () => {
    const previous = nutrimentsAfter({ nutriment_fiber: "3" }, { servingQuantity: 30 });
    const nutriments = nutrimentsAfter({ nutriment_fiber: "-" }, { servingQuantity: 30 }, previous);
    expect(nutriments).toStrictEqual({ fiber_modifier: "-" });
  });

  it("a dash on the prepared value keeps the as-sold value", () => {
    const previous = nutrimentsAfter({ nutriment_fiber: "3", nutriment_fiber_prepared: "1" });
    const nutriments = nutrimentsAfter({ nutriment_fiber_prepared: "–" }, {}, previous);
    expect(nutriments).toStrictEqual({
      fiber: 3,
      fiber_100g: 3,
      fiber_unit: "g",
      fiber_value: 3,
      fiber_prepared_modifier: "-",
    });
  });

  it("a value after a dash replaces the '-' modifier", () => {
    const previous = nutrimentsAfter({ nutriment_fiber: "-" });
    expect(nutrimentsAfter({ nutriment_fiber: "2" }, {}, previous)).toStrictEqual({
      fiber: 2,
      fiber_100g: 2,
      fiber_unit: "g",
      fiber_value: 2,
    });
  });

  it("empty, blank, NaN and unit-only parameters leave every stored value unchanged", () => {
    const params = {
      nutriment_salt: "",
      nutriment_sugars: "   ",
      nutriment_fat: "NaN",
      nutriment_sugars_unit: "mg",
      "nutriment_energy-kcal": "",
      nutriment_sodium_prepared: "",
    };
    const nutriments = nutrimentsAfter(params, { servingQuantity: 20 }, EXAMPLE_1_NUTRIMENTS);
    expect(nutriments).toStrictEqual(EXAMPLE_1_NUTRIMENTS);
  });

  it("never modifies the previous object", () => {
    const previous = structuredClone(EXAMPLE_1_NUTRIMENTS);
    nutrimentsAfter({ nutriment_salt: "-", nutriment_fat: "3" }, {}, previous);
    expect(previous).toStrictEqual(EXAMPLE_1_NUTRIMENTS);
  });
});

describe("invalid values (API.md §4.1 row 5)", () => {
  it("a value that is not a number refuses the edit and changes nothing", () => {
    const previous = structuredClone(EXAMPLE_1_NUTRIMENTS);
    const result = applyNutrimentEdit(previous, { nutriment_sugars: "1", nutriment_fat: "abc" }, {}, nutrients);
    expect(result).toStrictEqual({
      ok: false,
      parameter: "nutriment_fat",
      value: "abc",
      message: "invalid value for nutriment_fat: abc",
    });
    expect(previous).toStrictEqual(EXAMPLE_1_NUTRIMENTS);
  });

  it("also for prepared values", () => {
    const result = applyNutrimentEdit({}, { nutriment_fat_prepared: "n/a" }, {}, nutrients);
    expect(result).toMatchObject({ ok: false, message: "invalid value for nutriment_fat_prepared: n/a" });
  });

  it("parameters of unknown or computed ids are ignored, even when not numbers", () => {
    const result = applyNutrimentEdit(
      {},
      {
        "nutriment_nova-group": "4",
        "nutriment_nutrition-score-fr": "3",
        "nutriment_fruits-vegetables-nuts-estimate-from-ingredients": "50",
        "nutriment_not-a-nutrient": "abc",
        nutriment_: "1",
      },
      {},
      nutrients,
    );
    expect(result).toStrictEqual({ ok: true, nutriments: {}, nutritionDataOn: false, nutritionDataPreparedOn: false });
  });
});

describe("no_nutrition_data", () => {
  it("deletes every nutrient except the carbon footprint", () => {
    const previous: Nutriments = {
      ...EXAMPLE_1_NUTRIMENTS,
      fiber_modifier: "-",
      fat_prepared: 1,
      fat_prepared_value: 1,
      fat_prepared_unit: "g",
      "carbon-footprint": 100,
      "carbon-footprint_unit": "g",
      "carbon-footprint_value": 100,
      "carbon-footprint_100g": 100,
    };
    const result = edit({ nutriment_proteins: "3" }, { noNutritionData: true }, previous);
    expect(result.nutriments).toStrictEqual({
      "carbon-footprint": 100,
      "carbon-footprint_unit": "g",
      "carbon-footprint_value": 100,
      "carbon-footprint_100g": 100,
    });
  });
});
