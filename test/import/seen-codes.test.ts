/** The import's record of codes seen (src/import/seen-codes.ts): first line of each, through growth. */
import { describe, expect, it } from "vitest";
import { normalizeBarcode } from "../../src/domain/barcode.js";
import { SeenCodes } from "../../src/import/seen-codes.js";

describe("SeenCodes", () => {
  it("answers undefined for a new code and the first line for a code seen again", () => {
    const seen = new SeenCodes();
    expect(seen.firstLineOf("3017620422003", 1)).toBeUndefined();
    expect(seen.firstLineOf("40084107", 2)).toBeUndefined();
    expect(seen.firstLineOf("3017620422003", 7)).toBe(1);
    expect(seen.firstLineOf("3017620422003", 9)).toBe(1);
    expect(seen.firstLineOf("40084107", 8)).toBe(2);
  });

  it("tells apart normalised codes of every length, and codes longer than 15 digits", () => {
    const seen = new SeenCodes();
    // Normalised: 8 digits, 13 digits (leading zeros kept), 14 and 15 digits.
    const codes = ["00000000", "12345670", "0012345678905", "4006381333931", "12345678901231", "123456789012345"];
    expect(codes.map(normalizeBarcode)).toEqual(codes);
    codes.forEach((code, i) => expect(seen.firstLineOf(code, i + 1)).toBeUndefined());
    codes.forEach((code, i) => expect(seen.firstLineOf(code, 100 + i)).toBe(i + 1));
    expect(seen.firstLineOf("1234567890123456", 49)).toBeUndefined();
    expect(seen.firstLineOf("12345678901234567890", 50)).toBeUndefined();
    expect(seen.firstLineOf("12345678901234567890", 51)).toBe(50);
  });

  it("keeps every code through many growths of its table", () => {
    const seen = new SeenCodes();
    const count = 300_000;
    const code = (i: number) => String(3_000_000_000_000 + i * 7919);
    for (let i = 0; i < count; i++) expect(seen.firstLineOf(code(i), i + 1)).toBeUndefined();
    let wrong = 0;
    for (let i = 0; i < count; i++) if (seen.firstLineOf(code(i), count + i + 1) !== i + 1) wrong++;
    expect(wrong).toBe(0);
  });
});
