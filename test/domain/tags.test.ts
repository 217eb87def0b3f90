import { describe, expect, it } from "vitest";
import {
  appendTagsToText,
  canonicalizeTagForField,
  computeTagFields,
  displayTags,
  MAX_TAG_ITEM_LENGTH,
  MAX_TAG_ITEMS,
  TAG_FIELDS,
  tagFieldLanguage,
} from "../../src/domain/tags.js";
import { shipped } from "./taxonomy/shipped.js";

const CHEESE_CHAIN = ["en:dairies", "en:fermented-foods", "en:fermented-milk-products", "en:cheeses"];
const COOKIES = ["en:snacks", "en:sweet-snacks", "en:biscuits-and-cakes", "en:biscuits"];

describe("TAG_FIELDS (API.md §4.4)", () => {
  it("describes taxonomy, language-prefixed and free fields", () => {
    const kinds = Object.fromEntries(Object.entries(TAG_FIELDS).map(([field, d]) => [field, d.kind]));
    expect(kinds).toEqual({
      categories: "taxonomy",
      labels: "taxonomy",
      countries: "taxonomy",
      origins: "prefixed",
      allergens: "prefixed",
      traces: "prefixed",
      packaging: "prefixed",
      brands: "free",
      stores: "free",
      manufacturing_places: "free",
      purchase_places: "free",
      emb_codes: "free",
    });
  });
});

describe("computeTagFields", () => {
  it("computes the keys of every present tag field, and only those", () => {
    expect(computeTagFields({ lc: "en", categories: "cookies", brands: "ACME Inc." }, shipped)).toEqual({
      categories_hierarchy: COOKIES,
      categories_tags: COOKIES,
      categories_lc: "en",
      brands_tags: ["acme-inc"],
    });
    expect(computeTagFields({ lc: "en", product_name: "x" }, shipped)).toEqual({});
  });

  it("reads the text in the stored <f>_lc, else lc, else lang, else en", () => {
    expect(computeTagFields({ lc: "en", categories_lc: "de", categories: "Käse" }, shipped)).toMatchObject({
      categories_tags: CHEESE_CHAIN,
      categories_lc: "de",
    });
    expect(computeTagFields({ lang: "fr", categories: "Fromages" }, shipped)).toMatchObject({
      categories_tags: CHEESE_CHAIN,
      categories_lc: "fr",
    });
    expect(computeTagFields({ categories: "Cheeses" }, shipped)).toMatchObject({ categories_lc: "en" });
    expect(tagFieldLanguage({ lc: "xyz", lang: "it" }, "labels")).toBe("it");
  });

  it("gives empty lists for an empty text", () => {
    expect(computeTagFields({ lc: "fr", categories: "", brands: " " }, shipped)).toEqual({
      categories_hierarchy: [],
      categories_tags: [],
      categories_lc: "fr",
      brands_tags: [],
    });
  });

  it("removes duplicates, including unknown items written differently", () => {
    expect(computeTagFields({ lc: "fr", categories: "Fromages, fromage, de:Käse" }, shipped)).toMatchObject({
      categories_tags: CHEESE_CHAIN,
    });
    expect(computeTagFields({ lc: "fr", categories: "Gâteau maison, gateau  maison" }, shipped)).toMatchObject({
      categories_hierarchy: ["fr:Gâteau maison"],
      categories_tags: ["fr:gateau-maison"],
    });
  });

  it("canonicalises labels and countries", () => {
    const computed = computeTagFields({ lc: "fr", labels: "Bio", countries: "en:belgium" }, shipped);
    expect(computed.labels_tags).toContain("en:organic");
    expect(computed.countries_tags).toEqual(["en:belgium"]);
    expect(computed.countries_hierarchy).toEqual(["en:belgium"]);
  });

  it("prefixes items of fields without a shipped taxonomy with their language", () => {
    expect(computeTagFields({ lc: "en", allergens: "Eggs" }, shipped)).toEqual({
      allergens_hierarchy: ["en:Eggs"],
      allergens_tags: ["en:eggs"],
      allergens_lc: "en",
    });
    expect(computeTagFields({ lc: "en", traces: "fr:Lait, Soja, soja" }, shipped)).toMatchObject({
      traces_hierarchy: ["en:Soja", "fr:Lait"],
      traces_tags: ["en:soja", "fr:lait"],
    });
  });

  it("gives free fields the no_language id, without prefix, hierarchy or language", () => {
    expect(
      computeTagFields(
        { lc: "fr", brands: "ACME Inc., acme inc, Crème & Co", stores: "fr:Magasin", emb_codes: "EMB 35360C" },
        shipped,
      ),
    ).toEqual({
      brands_tags: ["acme-inc", "creme-co"],
      stores_tags: ["fr-magasin"],
      emb_codes_tags: ["emb-35360c"],
    });
  });

  it("stays cheap on pathological input (caps, no quadratic work)", () => {
    expect(computeTagFields({ lc: "en", categories: ",".repeat(10_000) }, shipped)).toMatchObject({
      categories_tags: [],
    });
    const huge = computeTagFields({ lc: "en", categories: "a".repeat(1 << 20), brands: "b".repeat(1 << 20) }, shipped);
    expect(huge.categories_tags).toEqual([`en:${"a".repeat(MAX_TAG_ITEM_LENGTH)}`]);
    expect(huge.brands_tags).toEqual(["b".repeat(MAX_TAG_ITEM_LENGTH)]);
    const manyItems = Array.from({ length: 100_000 }, (_, i) => `item ${i}`).join(", ");
    const many = computeTagFields({ lc: "en", categories: manyItems, labels: manyItems }, shipped);
    expect(many.categories_tags).toHaveLength(MAX_TAG_ITEMS);
    expect(many.labels_tags).toHaveLength(MAX_TAG_ITEMS);
    const slashes = computeTagFields({ lc: "en", categories: "cheeses/".repeat(1 << 17) }, shipped);
    expect(slashes.categories_tags).toHaveLength(1);
  });
});

describe("appendTagsToText (add_<f>)", () => {
  const cheese = {
    lc: "en",
    categories: "Cheeses",
    categories_lc: "en",
    categories_tags: CHEESE_CHAIN,
    brands: "ACME",
    brands_tags: ["acme"],
  };

  it("skips items already in <f>_tags and appends the others with ', '", () => {
    expect(appendTagsToText(cheese, "categories", "Dairies, Milk, milk", "en", shipped)).toBe("Cheeses, Milk");
    expect(appendTagsToText(cheese, "categories", "fromages", "fr", shipped)).toBe("Cheeses");
  });

  it("prefixes items with the request language when it differs from the field's", () => {
    expect(appendTagsToText(cheese, "categories", "Lait", "fr", shipped)).toBe("Cheeses, fr:Lait");
    expect(appendTagsToText(cheese, "categories", "de:Milch", "fr", shipped)).toBe("Cheeses, de:Milch");
  });

  it("starts an empty text without a separator", () => {
    expect(appendTagsToText({ lc: "fr" }, "labels", "Bio", "fr", shipped)).toBe("Bio");
    expect(appendTagsToText({ lc: "fr" }, "labels", "Organic", "en", shipped)).toBe("en:Organic");
  });

  it("never prefixes free fields", () => {
    expect(appendTagsToText(cheese, "brands", "acme, Other Brand", "fr", shipped)).toBe("ACME, Other Brand");
  });

  it("returns the text unchanged when nothing is new", () => {
    expect(appendTagsToText(cheese, "categories", " , ", "en", shipped)).toBe("Cheeses");
  });
});

describe("displayTags (<tagtype>_tags_<lc>)", () => {
  it("replaces each tag by its display name, in order", () => {
    expect(displayTags(COOKIES, "en", shipped.categories)).toEqual([
      "Snacks",
      "Sweet snacks",
      "Biscuits and cakes",
      "Biscuits",
    ]);
    expect(displayTags(["fr:gateaux-maison"], "en", shipped.categories)).toEqual(["fr:gateaux-maison"]);
  });

  it("keeps ids for tag types without a taxonomy", () => {
    expect(displayTags(["acme", "en:eggs"], "fr", undefined)).toEqual(["acme", "en:eggs"]);
  });
});

describe("canonicalizeTagForField (search filters, API.md §5.2)", () => {
  it.each([
    ["categories", "en", "Biscuits", "en:biscuits"],
    ["categories_tags", "en", "en:biscuits", "en:biscuits"],
    ["categories", "fr", "Jus d'orange bio du terroir", "fr:jus-d-orange-bio-du-terroir"],
    ["labels", "en", "organic", "en:organic"],
    ["labels", "fr", "bio", "en:organic"],
    ["labels", "de", "en:organic", "en:organic"],
    ["countries", "fr", "Belgique", "en:belgium"],
    ["allergens", "en", "Eggs", "en:eggs"],
    ["allergens", "en", "fr:Œufs", "fr:oeufs"],
    ["brands", "fr", "ACME", "acme"],
    ["brands", "fr", "Crème & Co", "creme-co"],
    ["nutrition_grades", "en", "a", "a"],
    ["states", "en", "en:complete", "en:complete"],
    ["categories", "en", "  ", ""],
  ])("%s in %s: %j → %j", (field, lc, value, expected) => {
    expect(canonicalizeTagForField(field, lc, value, shipped)).toBe(expected);
  });
});
