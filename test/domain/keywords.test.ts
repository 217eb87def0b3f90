import { describe, expect, it } from "vitest";
import { computeKeywords, searchTermsToKeywords } from "../../src/domain/keywords.js";

describe("computeKeywords (_keywords, API.md §5.4)", () => {
  it("builds the example of the spec", () => {
    const product = { lc: "en", product_name: "Product name", categories: "Cookies", labels: "Bio, Max Havelaar" };
    expect(computeKeywords(product)).toEqual(["bio", "cookie", "havelaar", "max", "name", "product"]);
  });

  it("matches a search whose terms are all keywords", () => {
    const product = { lc: "en", product_name: "Product name", categories: "Cookies", labels: "Bio, Max Havelaar" };
    const keywords = computeKeywords(product);
    const terms = searchTermsToKeywords("cookies bio", "en");
    expect(terms).toEqual(["cookie", "bio"]);
    expect(terms.every((term) => keywords.includes(term))).toBe(true);
  });

  it("reads the main language's names (as OFF: other languages add none) and the tag texts, in the main language", () => {
    const product = {
      lc: "fr",
      product_name_fr: "Gâteau",
      generic_name_de: "Kuchen",
      brands: "Crème-Co",
      origins: "en:France",
      ingredients_text: "sucre",
    };
    expect(computeKeywords(product)).toEqual(["creme-co", "france", "gateau"]);
    // The unsuffixed mirror is the main language's text (OFF reads only it).
    expect(
      computeKeywords({ lc: "fr", product_name: "Tarte", product_name_fr: "Tarte", product_name_en: "Pie" }),
    ).toEqual(["tarte"]);
    expect(computeKeywords({ lang: "de", product_name: "Müsli" })).toEqual(["müsli"]);
    expect(computeKeywords({ product_name: "Müsli" })).toEqual(["musli"]);
  });

  it("drops xx: prefixes of categories, origins and labels only", () => {
    expect(computeKeywords({ lc: "en", labels: "fr:Bio", brands: "xx:Acme" })).toEqual(["bio", "xx-acme"]);
  });

  it("splits on commas, apostrophes and whitespace; drops short terms; removes one trailing s", () => {
    expect(computeKeywords({ lc: "fr", product_name: "Jus d'orange,  100% pur\tjus’ a" })).toEqual([
      "100",
      "ju",
      "orange",
      "pur",
    ]);
    expect(computeKeywords({ lc: "en", product_name: "glass gas as" })).toEqual(["a", "ga", "glas"]);
  });

  it("gives an empty list without texts", () => {
    expect(computeKeywords({ code: "123" })).toEqual([]);
  });
});

describe("searchTermsToKeywords", () => {
  it("normalises terms in the request language, unique, in order", () => {
    expect(searchTermsToKeywords("Crème  brûlée, crème", "fr")).toEqual(["creme", "brulee"]);
    expect(searchTermsToKeywords("Crème", "de")).toEqual(["crème"]);
    expect(searchTermsToKeywords(" a , ' ", "en")).toEqual([]);
  });
});
