import { describe, expect, it } from "vitest";
import { computeTagFields } from "../../../src/domain/tags.js";
import { shipped } from "./shipped.js";

const categories = shipped.categories;

/** `categories_hierarchy` / `categories_tags` of a write with text `text` in language `lc`. */
function categoriesOf(lc: string, text: string): { hierarchy: unknown; tags: unknown } {
  const computed = computeTagFields({ lc, categories: text }, shipped);
  return { hierarchy: computed.categories_hierarchy, tags: computed.categories_tags };
}

function tagsOf(lc: string, text: string): unknown {
  return categoriesOf(lc, text).tags;
}

const ORANGE_JUICE_CHAIN = [
  "en:plant-based-foods-and-beverages",
  "en:beverages",
  "en:plant-based-beverages",
  "en:fruit-based-beverages",
  "en:juices-and-nectars",
  "en:fruit-juices",
  "en:orange-juices",
];
const CHEESE_CHAIN = ["en:dairies", "en:fermented-foods", "en:fermented-milk-products", "en:cheeses"];
const MINERAL_WATER_CHAIN = ["en:beverages", "en:waters", "en:spring-waters", "en:mineral-waters"];
const COOKIES_EN = ["en:snacks", "en:sweet-snacks", "en:biscuits-and-cakes", "en:biscuits"];

describe("shipped categories taxonomy (TAXONOMY.md §1, §2.10, §4.6)", () => {
  it("has the 12,397 entries of the 2022-03-23 file", () => {
    expect(categories.size).toBe(12397);
  });

  it("parses the example block of §2.10", () => {
    expect(categories.parents("en:orange-juices")).toEqual(["en:fruit-juices"]);
    expect(categories.name("en:orange-juices", "en")).toBe("Orange juices");
    expect(categories.name("en:orange-juices", "de")).toBe("Orangensäfte");
    expect(categories.name("en:orange-juices", "fr")).toBe("Jus d'orange");
    expect(categories.name("en:orange-juices", "nl")).toBe("Sinaasappelsappen");
    expect(categories.canonicalize("fr", "jus d'oranges")).toBe("en:orange-juices");
    expect(categories.property("en:orange-juices", "wikidata:en")).toBe("Q1781317");
    expect(categories.property("en:orange-juices", "agribalyse_proxy_food_code:en")).toBe("2011");
  });

  it("keeps entries without English under their first language", () => {
    expect(categories.has("fr:fromages-blancs")).toBe(true);
    expect(categories.has("it:abbacchio-romano")).toBe(true);
  });

  it("has the reference levels of §4.6", () => {
    const expected: Record<string, number> = {
      "en:plant-based-foods-and-beverages": 10,
      "en:beverages": 9,
      "en:snacks": 8,
      "en:fats": 7,
      "en:dairies": 7,
      "en:fermented-foods": 7,
      "en:plant-based-beverages": 6,
      "en:fermented-milk-products": 6,
      "en:fruit-based-beverages": 5,
      "en:juices-and-nectars": 5,
      "en:cheeses": 5,
      "en:waters": 5,
      "en:milks": 5,
      "en:spring-waters": 4,
      "en:fruit-juices": 3,
      "en:mineral-waters": 3,
      "en:orange-juices": 2,
      "en:flavored-waters": 2,
      "en:flavored-spring-waters": 1,
    };
    const actual = Object.fromEntries(Object.keys(expected).map((id) => [id, categories.level(id)]));
    expect(actual).toEqual(expected);
  });

  it("has a deepest chain of 10 levels", () => {
    expect(Math.max(...[...categories.ids()].map((id) => categories.level(id)))).toBe(10);
  });

  it("gives the expected results of extended synonyms (§4.3)", () => {
    expect(categories.canonicalize("en", "flavoured spring water")).toBe("en:flavored-spring-waters");
    expect(categories.canonicalize("en", "banana yoghurts")).toBe("en:banana-yogurts");
    expect(categories.canonicalize("fr", "yaourts à la banane")).toBe("en:banana-yogurts");
    expect(categories.canonicalize("en", "en:flavoured-waters")).toBe("en:flavored-waters");
  });

  it("treats the synonym groups as non-entries (§2.5)", () => {
    expect(categories.has("en:flavoured")).toBe(false);
    expect(categories.canonicalize("en", "flavoured")).toBe("en:flavoured");
  });
});

describe("worked examples of §5.5", () => {
  it("orange juice in French, with an unknown item", () => {
    expect(categoriesOf("fr", "Boissons, Jus d'orange, Jus d'orange bio du terroir")).toEqual({
      hierarchy: [...ORANGE_JUICE_CHAIN, "fr:Jus d'orange bio du terroir"],
      tags: [...ORANGE_JUICE_CHAIN, "fr:jus-d-orange-bio-du-terroir"],
    });
  });

  it("orange juice in English and German gives the same 7 tags", () => {
    expect(categoriesOf("en", "Orange juices")).toEqual({ hierarchy: ORANGE_JUICE_CHAIN, tags: ORANGE_JUICE_CHAIN });
    expect(categoriesOf("de", "Orangensaft")).toEqual({ hierarchy: ORANGE_JUICE_CHAIN, tags: ORANGE_JUICE_CHAIN });
  });

  it.each([
    ["de", "Käse"],
    ["fr", "Fromages"],
    ["it", "Formaggi"],
    ["es", "Quesos"],
  ])("cheese: %s %s", (lc, text) => {
    expect(tagsOf(lc, text)).toEqual(CHEESE_CHAIN);
  });

  it.each([
    ["en", "Mineral water"],
    ["fr", "Eaux minérales"],
  ])("mineral water: %s %s", (lc, text) => {
    expect(tagsOf(lc, text)).toEqual(MINERAL_WATER_CHAIN);
  });

  it("mineral waters have two direct parents", () => {
    expect(categories.parents("en:mineral-waters")).toEqual(["en:spring-waters", "en:waters"]);
  });

  it("extra virgin olive oils interleave two branches by level", () => {
    expect(tagsOf("en", "Extra virgin olive oils")).toEqual([
      "en:plant-based-foods-and-beverages",
      "en:plant-based-foods",
      "en:fats",
      "en:vegetable-fats",
      "en:olive-tree-products",
      "en:vegetable-oils",
      "en:olive-oils",
      "en:virgin-olive-oils",
      "en:extra-virgin-olive-oils",
    ]);
  });

  it("cookies: the language matters", () => {
    expect(tagsOf("en", "cookies")).toEqual(COOKIES_EN);
    expect(tagsOf("fr", "Cookies")).toEqual([...COOKIES_EN, "en:drop-cookies"]);
  });

  it("flavoured spring water through an extended synonym, not under spring waters", () => {
    expect(tagsOf("en", "flavoured spring water")).toEqual([
      "en:beverages",
      "en:waters",
      "en:flavored-waters",
      "en:flavored-spring-waters",
    ]);
  });

  it("an unknown item made of two known halves is split at 'and'", () => {
    expect(tagsOf("en", "Cheeses and milk")).toEqual([...CHEESE_CHAIN, "en:milks"]);
  });

  it("per-item prefixes override the field language; the union is sorted", () => {
    expect(tagsOf("fr", "en:Orange juices, de:Käse")).toEqual([
      "en:plant-based-foods-and-beverages",
      "en:beverages",
      "en:dairies",
      "en:fermented-foods",
      "en:fermented-milk-products",
      "en:plant-based-beverages",
      "en:cheeses",
      "en:fruit-based-beverages",
      "en:juices-and-nectars",
      "en:fruit-juices",
      "en:orange-juices",
    ]);
  });

  it("an empty or blank text gives no category", () => {
    expect(categoriesOf("en", "")).toEqual({ hierarchy: [], tags: [] });
    expect(categoriesOf("en", "  ,  , ")).toEqual({ hierarchy: [], tags: [] });
  });

  it("keeps an unknown category as <lc>:<text>, without parents or level", () => {
    expect(categoriesOf("de", "Zuckerwatte mit Sternen")).toEqual({
      hierarchy: ["de:Zuckerwatte mit Sternen"],
      tags: ["de:zuckerwatte-mit-sternen"],
    });
    expect(categories.level("de:zuckerwatte-mit-sternen")).toBe(0);
    expect(categories.ancestors("de:zuckerwatte-mit-sternen")).toEqual([]);
  });
});

describe("display names of §6", () => {
  const orangeTags = [...ORANGE_JUICE_CHAIN, "fr:jus-d-orange-bio-du-terroir"];
  const display = (tags: readonly string[], lc: string): string[] => tags.map((tag) => categories.displayName(lc, tag));

  it("orange juice in en, fr, de", () => {
    expect(display(orangeTags, "en")).toEqual([
      "Plant-based foods and beverages",
      "Beverages",
      "Plant-based beverages",
      "Fruit-based beverages",
      "Juices and nectars",
      "Fruit juices",
      "Orange juices",
      "fr:jus-d-orange-bio-du-terroir",
    ]);
    expect(display(orangeTags, "fr")).toEqual([
      "Aliments et boissons à base de végétaux",
      "Boissons",
      "Boissons à base de végétaux",
      "Boissons aux fruits",
      "Jus et nectars",
      "Jus de fruits",
      "Jus d'orange",
      "Jus-d-orange-bio-du-terroir",
    ]);
    expect(display(orangeTags, "de")).toEqual([
      "Pflanzliche Lebensmittel und Getränke",
      "Getränke",
      "Pflanzliche Getränke",
      "Fruchtgetränke",
      "Säfte und Nektare",
      "Fruchsäfte",
      "Orangensäfte",
      "fr:jus-d-orange-bio-du-terroir",
    ]);
  });

  it("cheese in en and fr", () => {
    expect(display(CHEESE_CHAIN, "en")).toEqual(["Dairies", "Fermented foods", "Fermented milk products", "Cheeses"]);
    expect(display(CHEESE_CHAIN, "fr")).toEqual([
      "Produits laitiers",
      "Produits fermentés",
      "Produits laitiers fermentés",
      "Fromages",
    ]);
  });

  it("mineral water in en and de", () => {
    expect(display(MINERAL_WATER_CHAIN, "en")).toEqual(["Beverages", "Waters", "Spring waters", "Mineral waters"]);
    expect(display(MINERAL_WATER_CHAIN, "de")).toEqual(["Getränke", "Wasser", "Quellwasser", "Mineralwasser"]);
  });

  it("falls back to the tag language name with its prefix", () => {
    expect(categories.displayName("de", "en:flavored-spring-waters")).toBe("en:Flavored spring waters");
  });
});

describe("inherited properties for a product (§7.3, with the supplement)", () => {
  /** §7.3: from the most specific category to the first, the first non-empty inherited value. */
  function inheritedFromCategories(tags: readonly string[], key: string): { value: string; from: string } | undefined {
    for (const tag of [...tags].reverse()) {
      const found = categories.inheritedProperty(tag, key);
      if (found !== undefined && found.value !== "") return found;
    }
    return undefined;
  }
  const tags = (text: string): string[] => tagsOf("en", text) as string[];

  it("beef steaks inherit the heading of beef", () => {
    expect(tags("beef steaks")).toEqual(["en:meats", "en:beef", "en:beef-steaks"]);
    expect(categories.property("en:beef-steaks", "wco_hs_heading:en")).toBeUndefined();
    expect(inheritedFromCategories(tags("beef steaks"), "wco_hs_heading:en")).toEqual({
      value: "02.01",
      from: "en:beef",
    });
  });

  it("roasted hazelnuts inherit from roasted nuts (first parent in code-point order)", () => {
    const roasted = tags("roasted hazelnuts");
    expect(roasted.at(-1)).toBe("en:roasted-hazelnuts");
    expect(categories.parents("en:roasted-hazelnuts")).toEqual(["en:roasted-nuts", "en:shelled-hazelnuts"]);
    expect(inheritedFromCategories(roasted, "wco_hs_heading:en")).toEqual({ value: "20.08", from: "en:roasted-nuts" });
    expect(inheritedFromCategories(roasted, "wco_hs_code:en")).toEqual({ value: "2008.19", from: "en:roasted-nuts" });
  });

  it("salted peanuts inherit from peanuts", () => {
    const salted = tags("salted peanuts");
    expect(salted.at(-1)).toBe("en:salted-peanuts");
    expect(inheritedFromCategories(salted, "wco_hs_heading:en")).toEqual({ value: "12.02", from: "en:peanuts" });
  });

  it("cookies have none", () => {
    expect(inheritedFromCategories(tags("cookies"), "wco_hs_heading:en")).toBeUndefined();
  });
});
