import { describe, expect, it } from "vitest";
import {
  parseModifierParameter,
  parseNutrientInput,
  parseNutrientNumber,
  removeFloatNoise,
  toPlainDecimal,
} from "../../../src/domain/nutriments/value.js";

describe("modifier markers (API.md §4.5 table, NUTRITION.md §1.2)", () => {
  const rows: [string, string[]][] = [
    ["≤", ["<=", "&lt;=", "≤"]],
    [
      "<",
      [
        "<",
        "&lt;",
        "max",
        "maxi",
        "maximum",
        "inf",
        "inférieur",
        "inferieur",
        "less",
        "less than",
        "menos",
        "menor",
        "inferior",
      ],
    ],
    ["≥", [">=", "&gt;=", "≥"]],
    [">", [">", "&gt;", "min", "mini", "minimum", "greater", "more", "more than", "más", "mayor", "superior"]],
    ["~", ["env", "environ", "about", "~", "≈", "aprox", "alrededor"]],
  ];
  for (const [modifier, markers] of rows) {
    for (const marker of markers) {
      it(`"${marker} 5,5" → ${modifier} 5.5`, () => {
        expect(parseNutrientInput(`${marker} 5,5`)).toEqual({ kind: "value", value: 5.5, modifier });
      });
    }
  }

  it("matches markers case-insensitively, anywhere, with or without the following space", () => {
    expect(parseNutrientInput("MAXIMUM 2")).toEqual({ kind: "value", value: 2, modifier: "<" });
    expect(parseNutrientInput("Inférieur 2")).toEqual({ kind: "value", value: 2, modifier: "<" });
    expect(parseNutrientInput("<0.5")).toEqual({ kind: "value", value: 0.5, modifier: "<" });
    expect(parseNutrientInput("3 env")).toEqual({ kind: "value", value: 3, modifier: "~" });
    expect(parseNutrientInput("  ≥ 1  ")).toEqual({ kind: "value", value: 1, modifier: "≥" });
  });

  it.each(["trace", "traces", "traza", "trazas", "Traces de 5", "TRACE"])("%j → ~ 0", (raw) => {
    expect(parseNutrientInput(raw)).toEqual({ kind: "value", value: 0, modifier: "~" });
  });

  it.each(["-", " - ", "–", "—", "\u2053", "\u2212"])("lone dash %j → not on the package", (raw) => {
    expect(parseNutrientInput(raw)).toEqual({ kind: "notOnPackage" });
  });

  it.each(["", "   ", "nan", "NaN", "-nan"])("%j is treated as empty", (raw) => {
    expect(parseNutrientInput(raw)).toEqual({ kind: "ignored" });
  });

  it("a negative number is not a dash", () => {
    expect(parseNutrientInput("-5")).toEqual({ kind: "value", value: -5 });
  });

  it.each(["abc", "<", "max", "g 12", "--", ".", "e5"])("%j is not a number", (raw) => {
    expect(parseNutrientInput(raw)).toEqual({ kind: "invalid" });
  });
});

describe("nutriment_<nid>_modifier (API.md §4.5)", () => {
  it.each([
    ["<", "<"],
    [">", ">"],
    ["≤", "≤"],
    ["≥", "≥"],
    ["~", "~"],
    ["<=", "≤"],
    [">=", "≥"],
  ])("%j supplies %j when the value has no marker", (parameter, modifier) => {
    expect(parseNutrientInput("5", parameter)).toEqual({ kind: "value", value: 5, modifier });
  });

  it("a marker in the value wins over the parameter", () => {
    expect(parseNutrientInput("~ 5", "<")).toEqual({ kind: "value", value: 5, modifier: "~" });
  });

  it("an empty or unknown parameter gives no modifier", () => {
    expect(parseNutrientInput("5", "")).toEqual({ kind: "value", value: 5 });
    expect(parseNutrientInput("5", "approx")).toEqual({ kind: "value", value: 5 });
    expect(parseModifierParameter(undefined)).toBeUndefined();
  });

  it("'-' means not on the package", () => {
    expect(parseNutrientInput("5", "-")).toEqual({ kind: "notOnPackage" });
  });
});

describe("number conversion (API.md §4.5 Number, NUTRITION.md §1.2)", () => {
  it.each([
    ["12,5", 12.5],
    ["12,5 g", 12.5],
    ["0,5", 0.5],
    ["100 000", 100000],
    ["1 234,5", 1234.5],
    ["3,760,00", 3760],
    ["33,000,000", 33000000],
    ["1,234.5", 1234.5],
    ["12.5", 12.5],
    ["5abc", 5],
    ["1e3", 1000],
    ["+3", 3],
    [".5", 0.5],
  ])("%j → %d", (text, expected) => {
    expect(parseNutrientNumber(text)).toBe(expected);
  });

  it("undefined when the text does not start with a number", () => {
    expect(parseNutrientNumber("abc")).toBeUndefined();
    expect(parseNutrientNumber("")).toBeUndefined();
    expect(parseNutrientNumber("g 5")).toBeUndefined();
  });
});

describe("float noise (NUTRITION.md §1.2 step 4)", () => {
  it.each([
    [2.9000000953674, 2.9],
    [0.00200001, 0.002],
    [310.00000001, 310],
    [2.0001, 2],
    [0.89999997615814, 0.9],
    [0.359999990463256, 0.36],
    [0.089999997615814, 0.09],
    [2.999999046326, 3],
    [12.9999046326, 13],
    [1.001, 1.001],
    [0.000000000000000001, 0.000000000000000001],
    [12.5, 12.5],
    [7, 7],
  ])("%d → %d", (x, expected) => {
    expect(removeFloatNoise(x)).toBe(expected);
  });

  it("applies to parsed values", () => {
    expect(parseNutrientInput("2.9000000953674")).toEqual({ kind: "value", value: 2.9 });
  });

  it("writes numbers in plain decimal", () => {
    expect(toPlainDecimal(1e-18)).toBe("0.000000000000000001");
    expect(toPlainDecimal(1.5e-7)).toBe("0.00000015");
    expect(toPlainDecimal(1e21)).toBe("1000000000000000000000");
  });
});
