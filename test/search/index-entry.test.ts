/** What the search index keeps of a product, read from the stored text member by member. */
import { describe, expect, it } from "vitest";
import { serializeProductDocument } from "../../src/domain/product-document.js";
import { indexedMembers, productIndexEntry } from "../../src/domain/search/index-entry.js";
import { loadTaxonomies } from "../../src/storage/taxonomy-files.js";
import { PRODUCTS } from "./reference.js";

const taxonomies = loadTaxonomies();

describe("index entries", () => {
  it("are the same from the stored layout (members parsed one by one) as from the whole document", () => {
    for (const product of PRODUCTS) {
      const stored = serializeProductDocument(product);
      expect(productIndexEntry(indexedMembers(stored), taxonomies)).toEqual(productIndexEntry(product, taxonomies));
      expect(productIndexEntry(indexedMembers(JSON.stringify(product)), taxonomies)).toEqual(
        productIndexEntry(product, taxonomies),
      );
    }
  });
  it("lists tags by tag type in the same order whatever the order of the product's keys", () => {
    const product = {
      code: "1",
      labels_tags: ["en:organic", "en:organic", ""],
      unknown_thing_tags: ["x"],
      categories_tags: ["en:snacks", "en:biscuits"],
      countries_tags: [],
      brands_tags: ["acme"],
      ingredients_n: "12",
      nutriments: { sugars_100g: "4,5", sugars_unit: "g", "energy-kcal_100g": 120, sugars: 4.5 },
    };
    const reversed = Object.fromEntries(Object.entries(product).reverse());
    const entry = productIndexEntry(product, taxonomies);
    expect([...entry.tags]).toEqual([
      ["categories", ["en:snacks", "en:biscuits"]],
      ["labels", ["en:organic"]],
      ["brands", ["acme"]],
    ]);
    // Nutrients are read from the aggregated set (SCHEMA.md decision 3), which adds energy in kJ (120 kcal →
    // 502 kJ, truncated as OFF does).
    expect(Object.fromEntries(entry.numbers)).toEqual({
      "nutriments.sugars_100g": 4.5,
      "nutriments.energy-kcal_100g": 120,
      "nutriments.energy_100g": 502,
      ingredients_n: 12,
    });
    expect([...productIndexEntry(reversed, taxonomies).tags]).toEqual([...entry.tags]);
  });
  it("sort keys: missing ones are absent; recency only without popularity", () => {
    const entry = productIndexEntry(
      { code: "1", popularity_key: 0, last_modified_t: 5, product_name: "Ab", lang: "en", nova_group: "4" },
      taxonomies,
    );
    expect(entry.sort).toEqual({
      popularity: 0,
      recency: 5,
      nutriscore: undefined,
      nova: 4,
      ecoscore: undefined,
      created: undefined,
      modified: 5,
      scans: undefined,
      uniqueScans: undefined,
      name: "ab",
      completeness: undefined,
    });
    expect(productIndexEntry({ popularity_key: 3, last_modified_t: 5 }, taxonomies).sort.recency).toBeUndefined();
  });
});
