/** What the search index keeps of a product, read from the stored text member by member. */
import { describe, expect, it } from "vitest";
import { serializeProductDocument } from "../../src/domain/product-document.js";
import { indexedMembers, productIndexEntry } from "../../src/domain/search/index-entry.js";
import { loadTaxonomies } from "../../src/domain/taxonomy/index.js";
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
