/** Search parameters → query descriptions (API.md §5.1–§5.7), without a server. */
import { describe, expect, it } from "vitest";
import { parseSearchParams, SearchParamError } from "../../src/domain/search/params.js";
import { textCondition } from "../../src/domain/search/text.js";
import { loadTaxonomies } from "../../src/storage/taxonomy-files.js";
import { ftsQuery } from "../../src/store/sqlite/search-query.js";

const taxonomies = loadTaxonomies();
const parse = (params: Record<string, string>, v1 = false) => parseSearchParams(params, { taxonomies, v1 });

describe("tag filters", () => {
  it("`,` and, `|` or, `-` not, unknown, names canonicalised in the request language", () => {
    expect(parse({ labels_tags: "bio|-en:palm-oil-free,unknown", lc: "fr" }).query.tags).toEqual([
      {
        tagtype: "labels",
        anyOf: [
          { kind: "tag", tag: "en:organic", negated: false },
          { kind: "tag", tag: "en:no-palm-oil", negated: true },
        ],
      },
      { tagtype: "labels", anyOf: [{ kind: "unknown", negated: false }] },
    ]);
    expect(parse({ categories_tags_en: "Orange juices" }).query.tags[0]?.anyOf).toEqual([
      { kind: "tag", tag: "en:orange-juices", negated: false },
    ]);
    expect(parse({ brands_tags: "ACME Inc." }).query.tags[0]?.anyOf).toEqual([
      { kind: "tag", tag: "acme-inc", negated: false },
    ]);
  });
  it("cc adds a country unless codes are given", () => {
    expect(parse({ cc: "be" }).query.tags).toEqual([
      { tagtype: "countries", anyOf: [{ kind: "tag", tag: "en:belgium", negated: false }] },
    ]);
    expect(parse({ cc: "be", code: "3017620422003" }).query.tags).toEqual([]);
  });
});

describe("nutrient conditions", () => {
  it("value forms and operator-in-name forms", () => {
    const numbers = (params: Record<string, string>) => parse(params).query.numbers;
    expect(numbers({ sugars_100g: ">10,<=20" })).toEqual([
      { field: "nutriments.sugars_100g", op: "gt", value: 10 },
      { field: "nutriments.sugars_100g", op: "lte", value: 20 },
    ]);
    expect(numbers({ "salt_100g<10": "" })).toEqual([{ field: "nutriments.salt_100g", op: "lt", value: 10 }]);
    expect(numbers({ "salt_100g<": "10" })).toEqual([{ field: "nutriments.salt_100g", op: "lte", value: 10 }]);
    expect(numbers({ "salt_100g>": "0,5" })).toEqual([{ field: "nutriments.salt_100g", op: "gte", value: 0.5 }]);
    expect(numbers({ "energy-kcal_prepared_serving": "=5" })).toEqual([
      { field: "nutriments.energy-kcal_prepared_serving", op: "eq", value: 5 },
    ]);
    expect(numbers({ nutriment_0: "additives_n", nutriment_compare_0: "gte", nutriment_value_0: "2" })).toEqual([]);
    expect(
      parse({ nutriment_0: "additives_n", nutriment_compare_0: "gte", nutriment_value_0: "2" }, true).query.numbers,
    ).toEqual([{ field: "additives_n", op: "gte", value: 2 }]);
  });
  it("errors name the parameter", () => {
    try {
      parse({ fat_100g: "<abc", page: "x" });
      expect.unreachable();
    } catch (e) {
      expect((e as SearchParamError).problems).toEqual([
        { parameter: "page", value: "x", message: "page must be a positive integer" },
        { parameter: "fat_100g", value: "<abc", message: "invalid nutrient condition for fat_100g: <abc" },
      ]);
    }
  });
});

describe("paging and sorting", () => {
  it("defaults, caps and skip", () => {
    const { query, page, pageSize } = parse({ page: "3", page_size: "5000" });
    expect([page, pageSize, query.skip, query.limit, query.sort]).toEqual([3, 1000, 2000, 1000, "popularity"]);
    expect(parse({ search_terms: "choc" }).query.sort).toBe("relevance");
    expect(parse({ search_terms: "choc", sort_by: "popularity" }).query.sort).toBe("popularity");
    expect(parse({ sort_by: "nova_score" }).query.sort).toBe("nova_score");
  });
});

describe("full text", () => {
  it("terms are normalised like keywords; the last is a prefix unless followed by a separator", () => {
    expect(textCondition("Crème Brûlées", "fr")).toEqual({
      keywords: ["creme", "brulee"],
      prefixLast: true,
      lastAsTyped: "brulees",
    });
    expect(textCondition("coca-colas, a ", "en")).toEqual({ keywords: ["coca-cola"], prefixLast: false });
    expect(textCondition("a", "en")).toBeUndefined();
  });
  it("FTS5 query: phrases, the last also as a prefix", () => {
    expect(ftsQuery({ keywords: ["coca-cola", "zero"], prefixLast: true, lastAsTyped: "zero" })).toBe(
      '"coca cola" AND "zero" *',
    );
    expect(ftsQuery({ keywords: ["biscuit"], prefixLast: true, lastAsTyped: "biscuits" })).toBe(
      '("biscuits" * OR "biscuit")',
    );
    expect(ftsQuery({ keywords: ["biscuit"], prefixLast: false })).toBe('"biscuit"');
  });
});
