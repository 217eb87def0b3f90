import { describe, expect, it } from "vitest";
import { loadTaxonomies } from "../../../src/domain/taxonomy/index.js";
import { suggestNames } from "../../../src/domain/taxonomy/suggestions.js";

const taxonomies = loadTaxonomies();

describe("taxonomy name suggestions", () => {
  it("names starting with the typed text first, in the reader's language, accents and case ignored", () => {
    const fr = suggestNames(taxonomies.categories, "fr", "fromages de chev", 5);
    expect(fr.length).toBeGreaterThan(0);
    for (const name of fr) expect(name.toLowerCase()).toMatch(/^fromages? de ch[eè]vre/);
    const en = suggestNames(taxonomies.categories, "en", "ORANGE JUI", 3);
    expect(en[0]).toBe("Orange juices");
  });
  it("later words too, after the names that start with the text; nothing for one letter", () => {
    const names = suggestNames(taxonomies.labels, "en", "organ", 50);
    expect(names[0]?.toLowerCase().startsWith("organ")).toBe(true);
    expect(names.some((n) => /\sorgan/i.test(n))).toBe(true);
    expect(suggestNames(taxonomies.labels, "en", "o", 10)).toEqual([]);
  });
});
