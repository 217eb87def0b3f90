import { describe, expect, it } from "vitest";
import {
  parseProductQuantity,
  parseServingQuantity,
  roundDerived,
  roundSignificant,
  roundStored,
  servingQuantityInGrams,
} from "../../src/domain/quantity.js";

describe("parseProductQuantity (API.md §4.2 quantity)", () => {
  it.each([
    ["250 g", "250"],
    ["6 x 90 g", "540"],
    ["2kg", "2000"],
    ["6x90g", "540"],
    ["12 pots x125 g", "1500"],
    ["1,5 l", "1500"],
    ["33 cl", "330"],
    ["500 ML", "500"],
  ])("%s → %s", (quantity, expected) => {
    expect(parseProductQuantity(quantity)).toBe(expected);
  });

  it.each(["", "abc", "12 pots", "250 kcal", "2 mix"])("%j is unparsable → absent", (quantity) => {
    expect(parseProductQuantity(quantity)).toBeUndefined();
  });

  it("does not read the x of a word as a multiplier", () => {
    expect(parseProductQuantity("2 mix 300 g")).toBe("300");
  });
});

describe("parseServingQuantity (API.md §4.2 serving_size, NUTRITION.md §1.6)", () => {
  it.each([
    ["20 g", "20"],
    ["30 g", "30"],
    ["1 bar (68 g)", "68"],
    ["1 barquette de 40g", "40"],
    ["One bag (32g)", "32"],
    ["250 ml", "250"],
    ["2.5kg", "2500"],
    ["2,5 kg", "2500"],
    ["30 grams", "30"],
    ["25 gramme", "25"],
  ])("%s → %s", (servingSize, expected) => {
    expect(parseServingQuantity(servingSize)).toBe(expected);
  });

  it("takes the last amount with a unit", () => {
    expect(parseServingQuantity("1 portion of 30 g (2 x 15 g)")).toBe("15");
  });

  it.each(["", "1 bar", "2 biscuits", "1 portion", "10 kcal", "x68g"])("%j has no known unit → absent", (text) => {
    expect(parseServingQuantity(text)).toBeUndefined();
  });

  it("gives the number for the nutrient derivation", () => {
    expect(servingQuantityInGrams("1 bar (68 g)")).toBe(68);
  });
});

describe("roundSignificant / roundDerived (3 significant digits, C printf rounding)", () => {
  it.each([
    [0.01004, 0.01],
    [0.004016, 0.00402],
    [14.05, 14.1],
    [972.0, 972],
    [313.8, 314],
    [0.144, 0.144],
    [2.5, 2.5],
    [0, 0],
  ])("R3(%d) = %d", (x, expected) => {
    expect(roundDerived(x)).toBe(expected);
  });

  it("breaks exactly representable ties to even like C (1.125 → 1.12), unlike toExponential", () => {
    expect((1.125).toExponential(2)).toBe("1.13e+0");
    expect(roundDerived(1.125)).toBe(1.12);
    expect(roundDerived(1.375)).toBe(1.38);
    expect(roundSignificant(1.25, 2)).toBe(1.2);
    expect(roundDerived(-1.125)).toBe(-1.12);
  });

  it("rounds the exact binary value (0.0502 / 100 × 20 is just above 0.01004)", () => {
    expect(roundDerived((0.0502 / 100) * 20)).toBe(0.01);
    expect(roundDerived((0.02008 / 100) * 20)).toBe(0.00402);
  });
});

describe("roundStored (15 significant digits, NUTRITION.md §1.7)", () => {
  it.each([
    [50.2 / 2.5, 20.08],
    [20.08 * 0.001, 0.02008],
    [(14 / 92) * 100, 15.2173913043478],
  ])("%d → %d", (x, expected) => {
    expect(roundStored(x)).toBe(expected);
  });
});

describe("parseProductQuantity multipacks", () => {
  it("reads the count as a whole number", () => {
    expect(parseProductQuantity("1.5 x 2 kg")).toBe("2000");
    expect(parseProductQuantity("4 × 125 g")).toBe("500");
    expect(parseProductQuantity("2*1,5 l")).toBe("3000");
  });
});
