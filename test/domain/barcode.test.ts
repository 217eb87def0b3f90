import { describe, expect, it } from "vitest";
import { normalizeBarcode } from "../../src/domain/barcode.js";

// Every row of API.md §2's table.
const table: Array<[string, string]> = [
  ["3017620422003", "3017620422003"],
  ["12345678", "12345678"],
  ["0012345678", "12345678"],
  ["034000470693", "0034000470693"],
  ["200000000034", "0200000000034"],
  ["02000000000398", "2000000000398"],
  ["12345678901231", "12345678901231"],
  ["3017-6204 22003", "3017620422003"],
  ["(01)02000000000398(22)2A", "2000000000398"],
  ["^0102000000000398", "2000000000398"],
  ["\u001d0102000000000398", "2000000000398"],
  ["\u241d0102000000000398", "2000000000398"],
  ["https://example.com/01/02000000000398?17=271200", "2000000000398"],
  ["01020000000003980217231231", "2000000000398"],
  ["1234", "00001234"],
  ["123", "00000123"],
  ["1234567890", "0001234567890"],
  ["0000000000000", "00000000"],
  ["abc", ""],
];

describe("normalizeBarcode", () => {
  it.each(table)("%j → %j", (received, expected) => {
    expect(normalizeBarcode(received)).toBe(expected);
  });

  it("refuses more than 40 digits and accepts exactly 40", () => {
    expect(normalizeBarcode("1".repeat(41))).toBe("");
    expect(normalizeBarcode("1".repeat(40))).toBe("1".repeat(40));
  });

  it("keeps a GS1-looking text whose (01) check digit is wrong as plain digits", () => {
    // (01)02000000000399 has a wrong check digit: not GS1, so every digit is kept.
    expect(normalizeBarcode("(01)02000000000399")).toBe("102000000000399");
  });

  it("reads a GS1 Digital Link with a 13-digit GTIN", () => {
    expect(normalizeBarcode("https://id.example.org/01/3017620422003")).toBe("3017620422003");
  });
});
