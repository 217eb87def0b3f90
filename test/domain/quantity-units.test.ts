/**
 * Quantities read with every spelling of OFF's units list (issue 26 item 7). Expected values: OFF's
 * unit tests (`tests/unit/food.t`, `tests/unit/serving_size.t`: normalize_quantity and
 * normalize_serving_size) and the names of OFF's units taxonomy (`taxonomies/units.txt`, shipped as
 * data/taxonomies/units.txt) with their conversion factors.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  parseProductQuantityWithUnit,
  parseServingQuantityWithUnit,
  productQuantityInGrams,
  servingQuantityInGrams,
} from "../../src/domain/quantity.js";
import { offUnits, parseUnitsTaxonomy } from "../../src/domain/taxonomy/units.js";

describe("OFF's normalize_quantity cases (tests/unit/food.t)", () => {
  it.each([
    ["1 г", 1],
    ["1 мг", 0.001],
    ["1 кг", 1000],
    ["1 л", 1000],
    ["1 дл", 100],
    ["1 кл", 10],
    ["1 мл", 1],
    ["250G", 250],
    ["4 x 25g", 100],
    ["4 x25g", 100],
    ["4 * 25g", 100],
    ["4X2,5L", 10000],
    ["1 barquette de 40g", 40],
    ["2 barquettes de 40g", 80],
    ["6 bouteilles de 33cl", 6 * 33 * 10],
    ["10 unités de 170g", 1700],
    ["10 unites, 170g", 170],
    ["4 bouteilles en verre de 20cl", 800],
    ["5 bottles of 20cl", 100 * 10],
    ["42克", 42],
    ["42公克", 42],
    ["42000毫克", 42],
    ["84斤", 42000],
    ["42公斤", 42000],
    ["42毫升", 42],
  ])("%s → %d", (quantity, grams) => {
    expect(productQuantityInGrams(quantity)).toBe(grams);
  });
});

describe("OFF's normalize_serving_size cases (tests/unit/serving_size.t)", () => {
  it.each([
    ["100g", 100],
    ["250 g", 250],
    ["1.5kg", 1500],
    ["2,5g", 2.5],
    ["1 plate (25g)", 25],
    ["1 grilled link (82g)", 82],
    ["2 buns = 20g", 20],
    ["43 someinvalidunit (430g)", 430],
    ["1500ml", 1500],
  ])("%s → %d", (serving, grams) => {
    expect(servingQuantityInGrams(serving)).toBe(grams);
  });
});

describe("every name of OFF's units list", () => {
  const units = parseUnitsTaxonomy(readFileSync(join(import.meta.dirname, "../../data/taxonomies/units.txt"), "utf8"));

  it("holds the mass and volume entries with OFF's factors", () => {
    expect(units.get("gm")).toMatchObject({ factor: 1, standardUnit: "g" });
    expect(units.get("kgr")).toMatchObject({ factor: 1000, standardUnit: "g" });
    expect(units.get("µg")).toMatchObject({ factor: 0.000001, standardUnit: "g" });
    expect(units.get("gal")).toMatchObject({ factor: 3785.41, standardUnit: "ml" });
    expect(units.get("metric teaspoon")).toMatchObject({ factor: 5, standardUnit: "ml" });
    expect(units.size).toBeGreaterThan(700);
  });

  it("the table compiled into the domain is the shipped file's, names in the same order", () => {
    // src/domain/taxonomy/units-table.ts is written by scripts/build-units-table.ts: regenerate it after
    // updating data/taxonomies/units.txt.
    expect([...offUnits()]).toEqual([...units]);
  });

  it("each one is read in a serving size and a quantity, with its standard unit", () => {
    const failures: string[] = [];
    for (const [name, unit] of units) {
      const serving = parseServingQuantityWithUnit(`2 ${name}`);
      const quantity = parseProductQuantityWithUnit(`2${name}`);
      if (serving?.unit !== unit.standardUnit || quantity?.unit !== unit.standardUnit) failures.push(name);
      else if (serving.amount <= 0 || quantity.amount !== serving.amount) failures.push(name);
    }
    expect(failures).toEqual([]);
  });

  it.each([
    ["15 gm", { amount: 15, unit: "g" }],
    ["15 GM", { amount: 15, unit: "g" }],
    ["1 tbsp (15 gm)", { amount: 15, unit: "g" }],
    ["2 grs", { amount: 2, unit: "g" }],
    ["1 kgr", { amount: 1000, unit: "g" }],
    ["50 grammes", { amount: 50, unit: "g" }],
    ["2 litres", { amount: 2000, unit: "ml" }],
    ["1 gal", { amount: 3785.41, unit: "ml" }],
    ["250 mls", { amount: 250, unit: "ml" }],
    ["3 onz", { amount: 3 * 28.349523125, unit: "g" }],
    ["12 fl. oz.", { amount: 360, unit: "ml" }],
    ["100 Gramm", { amount: 100, unit: "g" }],
  ])("%s → %j", (text, expected) => {
    expect(parseServingQuantityWithUnit(text)).toEqual(expected);
  });

  it("leaves text without a known unit unread", () => {
    expect(parseServingQuantityWithUnit("1 piece")).toBeUndefined();
    expect(parseProductQuantityWithUnit("250 kcal")).toBeUndefined();
  });
});
