import { describe, expect, it } from "vitest";
import { type BuildOptions, buildTaxonomyTables, TaxonomyBuildError } from "../../../src/domain/taxonomy/build.js";
import { CompiledTaxonomy } from "../../../src/domain/taxonomy/taxonomy.js";

function taxonomy(lines: string[], options: Partial<BuildOptions> = {}): CompiledTaxonomy {
  const tables = buildTaxonomyTables(
    { name: "test.txt", text: lines.join("\n") },
    { tagtype: "categories", keepSynonymLists: true, ...options },
  );
  return new CompiledTaxonomy(tables);
}

function buildErrors(lines: string[], options: Partial<BuildOptions> = {}): readonly string[] {
  try {
    taxonomy(lines, options);
  } catch (error) {
    if (error instanceof TaxonomyBuildError) return error.errors;
    throw error;
  }
  throw new Error("expected a build error");
}

const JUICES = [
  "en:Fruit juices, fruit juice",
  "fr:Jus de fruits, jus de fruit",
  "",
  "<en:Fruit juices",
  "en:Orange juices",
  "de:Orangensäfte, Orangensaft",
  "fr:Jus d'orange, jus d'oranges",
  "nl:Sinaasappelsappen, Jus d'Oranges, Sinaasappelsap",
  "wikidata:en:Q1781317",
  "agribalyse_proxy_food_code:en:2011",
];

describe("entries (TAXONOMY.md §2.4, example block of §2.10)", () => {
  const t = taxonomy(JUICES);

  it("takes the canonical id from the first language line", () => {
    expect(t.has("en:orange-juices")).toBe(true);
    expect([...t.ids()]).toEqual(["en:fruit-juices", "en:orange-juices"]);
  });

  it("resolves the parent and keeps display names per language", () => {
    expect(t.parents("en:orange-juices")).toEqual(["en:fruit-juices"]);
    expect(t.name("en:orange-juices", "en")).toBe("Orange juices");
    expect(t.name("en:orange-juices", "de")).toBe("Orangensäfte");
    expect(t.name("en:orange-juices", "fr")).toBe("Jus d'orange");
    expect(t.name("en:orange-juices", "nl")).toBe("Sinaasappelsappen");
    expect(t.name("en:orange-juices", "it")).toBeUndefined();
  });

  it("registers every item of a language line as a synonym of that language", () => {
    expect(t.synonymList("en:orange-juices", "fr")).toEqual(["Jus d'orange", "jus d'oranges"]);
    expect(t.canonicalize("fr", "jus d'oranges")).toBe("en:orange-juices");
    expect(t.canonicalize("nl", "Sinaasappelsap")).toBe("en:orange-juices");
    // A synonym counts in its own language only (no fallback to nl from de).
    expect(t.canonicalize("de", "Sinaasappelsap")).toBe("de:Sinaasappelsap");
  });

  it("stores properties", () => {
    expect(t.property("en:orange-juices", "wikidata:en")).toBe("Q1781317");
    expect(t.property("en:orange-juices", "agribalyse_proxy_food_code:en")).toBe("2011");
    expect(t.property("en:orange-juices", "wikidata:fr")).toBeUndefined();
  });

  it("upper-cases the first letter of display names only", () => {
    const lower = taxonomy(["fi:appelsiinimehut, appelsiinimehu"]);
    expect(lower.has("fi:appelsiinimehut")).toBe(true);
    expect(lower.name("fi:appelsiinimehut", "fi")).toBe("Appelsiinimehut");
    expect(lower.synonymList("fi:appelsiinimehut", "fi")).toEqual(["appelsiinimehut", "appelsiinimehu"]);
  });

  it("keeps the first language's prefix for entries without English", () => {
    const t2 = taxonomy(["fr:Fromages blancs", "it:Formaggi bianchi"]);
    expect([...t2.ids()]).toEqual(["fr:fromages-blancs"]);
  });

  it("accepts a space after the colon", () => {
    const t2 = taxonomy(["en: Cheeses, cheese", "", "< en: Cheeses", "en: Blue cheeses"]);
    expect(t2.parents("en:blue-cheeses")).toEqual(["en:cheeses"]);
  });

  it("takes a language's name from its first line only, merging later lines' synonyms", () => {
    const t2 = taxonomy(["en:Cheeses", "fr:Fromages", "fr:Fromage à pâte"]);
    expect(t2.name("en:cheeses", "fr")).toBe("Fromages");
    expect(t2.canonicalize("fr", "Fromage à pâte")).toBe("en:cheeses");
  });
});

describe("line sanitation and ignored lines (§2.1, §2.2, §2.8)", () => {
  it("keeps commas between digits and escaped commas inside names", () => {
    const t = taxonomy(["en:2-Bromo-2-Nitropropane-1,3-Diol, Bronopol", "", "en:Salt\\, sugar, Salt mix"]);
    expect(t.has("en:2-bromo-2-nitropropane-1-3-diol")).toBe(true);
    expect(t.synonymList("en:2-bromo-2-nitropropane-1-3-diol", "en")).toEqual([
      "2-Bromo-2-Nitropropane-1‚3-Diol",
      "Bronopol",
    ]);
    expect(t.canonicalize("en", "bronopol")).toBe("en:2-bromo-2-nitropropane-1-3-diol");
    expect(t.name("en:salt-sugar", "en")).toBe("Salt‚ sugar");
    expect(t.canonicalize("en", "salt mix")).toBe("en:salt-sugar");
  });

  it("protects every comma between digits, also in property values", () => {
    const t = taxonomy(["en:Apples", "season:en: 7,8,9"]);
    expect(t.property("en:apples", "season:en")).toBe("7‚8‚9");
  });

  it("unwraps the first parenthesised roman numeral", () => {
    const t = taxonomy(["fr:E333(iii), Citrate tricalcique"]);
    expect(t.has("fr:e333iii")).toBe(true);
    expect(t.name("fr:e333iii", "fr")).toBe("E333iii");
  });

  it("ignores regional language codes, malformed parents, unknown lines; comments do not end a block", () => {
    const t = taxonomy([
      "en:Nuts",
      "",
      "<:Nuts",
      "en:Cedar nuts",
      "nl_be:Cedernoten",
      "ast:Nueces",
      "# a comment inside the block",
      "Q184315",
      "de:Zedernkerne",
    ]);
    expect(t.parents("en:cedar-nuts")).toEqual([]);
    expect(t.name("en:cedar-nuts", "de")).toBe("Zedernkerne");
    expect(t.name("en:cedar-nuts", "nl")).toBeUndefined();
  });

  it("only counts parent lines before the first language line", () => {
    const t = taxonomy(["en:Foods", "", "en:Drinks", "", "<en:Foods", "en:Soups", "<en:Drinks"]);
    expect(t.parents("en:soups")).toEqual(["en:foods"]);
  });

  it("discards a property line before any language line", () => {
    const t = taxonomy(["wikidata:en:Q1", "en:Soups", "wikidata:en:Q2"]);
    expect(t.property("en:soups", "wikidata:en")).toBe("Q2");
  });

  it("lets a later property line overwrite an earlier one and replaces parentheses in values", () => {
    const t = taxonomy(["en:Soups", "note:en:first", "note:en:second (b)"]);
    expect(t.property("en:soups", "note:en")).toBe("second -b-");
  });
});

describe("parents through synonyms (§2.3, §4.5)", () => {
  it("resolves a parent written in another language or with another synonym", () => {
    const t = taxonomy([...JUICES, "", "<fr:Jus de fruit", "en:Apple juices"]);
    expect(t.parents("en:apple-juices")).toEqual(["en:fruit-juices"]);
  });

  it("resolves a parent through its stopword/plural form", () => {
    const t = taxonomy([
      "stopwords:fr:de,la",
      "",
      "en:Mineral waters",
      "fr:Eaux minérales",
      "",
      "<en:Mineral water",
      "en:Sparkling mineral waters",
      "",
      "<fr:Eau de la minérale",
      "en:Still mineral waters",
    ]);
    expect(t.parents("en:sparkling-mineral-waters")).toEqual(["en:mineral-waters"]);
    expect(t.parents("en:still-mineral-waters")).toEqual(["en:mineral-waters"]);
  });

  it("resolves a parent that only an extended synonym matches", () => {
    const t = taxonomy([
      "synonyms:en:flavoured, flavored",
      "",
      "en:Flavored waters",
      "",
      "<en:Flavoured waters",
      "en:Flavored spring waters",
    ]);
    expect(t.parents("en:flavored-spring-waters")).toEqual(["en:flavored-waters"]);
  });

  it("keeps several parents (a DAG), in code-point order", () => {
    const t = taxonomy([
      "en:Waters",
      "",
      "en:Spring waters",
      "",
      "<en:Waters",
      "<en:Spring waters",
      "en:Mineral waters",
    ]);
    expect(t.parents("en:mineral-waters")).toEqual(["en:spring-waters", "en:waters"]);
  });
});

describe("synonym groups (§2.5) and extended synonyms (§4.3)", () => {
  const t = taxonomy([
    "synonyms:en:flavoured, flavored",
    "",
    "en:Yogurts, yoghurts",
    "fr:Yaourts, yoghourts",
    "",
    "<en:Yogurts",
    "en:Banana yogurts",
    "fr:Yaourts à la banane",
    "",
    "en:Flavored spring waters",
  ]);

  it("never makes a synonym group an entry or a result", () => {
    expect(t.has("en:flavoured")).toBe(false);
    expect([...t.ids()]).not.toContain("en:flavoured");
    expect(t.canonicalize("en", "flavored")).toBe("en:flavored");
    expect(t.level("en:flavoured")).toBe(0);
  });

  it("substitutes group words and synonym words inside longer synonyms", () => {
    expect(t.canonicalize("en", "flavoured spring waters")).toBe("en:flavored-spring-waters");
    expect(t.canonicalize("en", "banana yoghurts")).toBe("en:banana-yogurts");
    expect(t.canonicalize("fr", "yoghourts à la banane")).toBe("en:banana-yogurts");
  });

  it("does not substitute inside ids when the word is only part of a word", () => {
    const t2 = taxonomy(["en:Tea, tee", "", "en:Teabags"]);
    expect(t2.canonicalize("en", "teebags")).toBe("en:teebags");
  });
});

describe("stopword and plural variants (§2.6, §4.4)", () => {
  const lines = [
    "stopwords:fr:aux,au,de,le,du,la,a,et,avec,base",
    "stopwords:ca:als,a les,de",
    "",
    "en:Apple juices",
    "fr:Jus de pomme",
    "ca:Sucs de poma",
    "",
    "en:Sauces",
    "fr:Sauces tomate",
    "",
    "en:Diced tomatoes",
    "fr:Dés de tomates",
  ];
  const t = taxonomy(lines);

  it("matches input without stopwords and plurals", () => {
    expect(t.canonicalize("fr", "jus pomme")).toBe("en:apple-juices");
    expect(t.canonicalize("fr", "Jus à la pomme")).toBe("en:apple-juices");
    expect(t.canonicalize("en", "apple juice")).toBe("en:apple-juices");
    expect(t.canonicalize("fr", "sauce tomate")).toBe("en:sauces");
    expect(t.canonicalize("ca", "Sucs poma")).toBe("en:apple-juices");
  });

  it("protects the French pair des-de", () => {
    expect(t.canonicalize("fr", "Dés de tomate")).toBe("en:diced-tomatoes");
    // Without the protection, "de" would be dropped from the synonym and "dés tomates" would match.
    expect(t.canonicalize("fr", "Dés tomates")).toBe("fr:Dés tomates");
  });

  it("removes stopwords from synonyms of three words or more only", () => {
    const t2 = taxonomy(["stopwords:fr:de", "", "en:Bread", "fr:De pain"]);
    expect(t2.canonicalize("fr", "De pain")).toBe("en:bread");
    expect(t2.canonicalize("fr", "pain")).toBe("fr:pain");
  });

  it("registers no variants for countries (input is still reduced when matching)", () => {
    const lines2 = ["en:United States, USA"];
    const countries = taxonomy(lines2, { tagtype: "countries" });
    expect(countries.canonicalize("en", "United States")).toBe("en:united-states");
    expect(countries.canonicalize("en", "USAs")).toBe("en:united-states");
    expect(countries.canonicalize("en", "United State")).toBe("en:United State");
    const labels = taxonomy(lines2, { tagtype: "labels" });
    expect(labels.canonicalize("en", "United State")).toBe("en:united-states");
  });
});

describe("canonicalisation (§5.3)", () => {
  const t = taxonomy([
    "en:Beverages, drinks",
    "xx:Beverages",
    "",
    "xx:Tropicana",
    "",
    "en:Bars",
    "xx:Barz",
    "",
    "en:Antioxidants",
    "",
    "<en:Beverages",
    "en:Sodas",
    "fr:Sodas, boissons gazeuses",
    "wikidata:en:Q147538",
    "",
    "en:Foo",
    "wikidata:en:Q1",
    "",
    "en:Bar food",
    "wikidata:en:Q1",
    "",
    "en:Yogurts 0% fat",
  ]);

  it("uses the item's own prefix over the field language", () => {
    expect(t.canonicalize("de", "fr:Boissons gazeuses")).toBe("en:sodas");
    expect(t.canonicalize("de", "FR:Boissons gazeuses")).toBe("en:sodas");
  });

  it("falls back to xx, then en", () => {
    expect(t.canonicalize("fr", "Tropicana")).toBe("xx:tropicana");
    expect(t.canonicalize("fr", "Drinks")).toBe("en:beverages");
  });

  it("lets a later fallback language override a plain xx match (parity)", () => {
    const t2 = taxonomy(["en:Alpha", "xx:Same", "", "en:Beta, same"]);
    expect(t2.canonicalize("fr", "same")).toBe("en:beta");
    // The en match may even be a plural form only.
    const t3 = taxonomy(["en:Alpha", "xx:Sames", "", "en:Beta, same"]);
    expect(t3.canonicalize("fr", "sames")).toBe("en:beta");
    // Without any en match, the xx one stays.
    expect(t3.canonicalize("fr", "Sames")).toBe("en:beta");
    const t4 = taxonomy(["en:Alpha", "xx:Sames", "", "en:Beta"]);
    expect(t4.canonicalize("fr", "sames")).toBe("en:alpha");
  });

  it("does not try the item's own language as a fallback", () => {
    const t2 = taxonomy(["en:Alpha", "xx:Same", "", "en:Beta, same"]);
    expect(t2.canonicalize("xx", "Same")).toBe("en:alpha");
    expect(t2.canonicalize("en", "Same")).toBe("en:beta");
  });

  it("tries anti-/anti variants", () => {
    expect(t.canonicalize("en", "anti-oxidants")).toBe("en:antioxidants");
  });

  it("resolves linked-data references with a unique match only", () => {
    expect(t.canonicalize("en", "wikidata:en:Q147538")).toBe("en:sodas");
    expect(t.canonicalize("en", "wikidata:en:Q1")).toBe("en:wikidata:en:Q1");
  });

  it("normalises percentages before matching", () => {
    expect(t.canonicalize("en", "Yogurts 0.00 % fat")).toBe("en:yogurts-0-fat");
    expect(t.canonicalize("en", "Yogurts 0,0% fat")).toBe("en:yogurts-0-fat");
  });

  it("splits 'Parent / Child' and 'Synonym (Synonym)'", () => {
    expect(t.canonicalize("en", "Beverages / Sodas")).toBe("en:sodas");
    expect(t.canonicalize("en", "Sodas/Beverages")).toBe("en:sodas");
    expect(t.canonicalize("fr", "Sodas (Boissons gazeuses)")).toBe("en:sodas");
    expect(t.canonicalize("en", "Sodas / Bars")).toBe("en:Sodas / Bars");
  });

  it("keeps unknown items as written, with their language", () => {
    expect(t.canonicalize("fr", "Jus d'orange bio du terroir")).toBe("fr:Jus d'orange bio du terroir");
    expect(t.canonicalize("fr", " Soupe ")).toBe("fr:Soupe");
    expect(t.canonicalize("fr", "de:Suppe")).toBe("de:Suppe");
  });
});

describe("display names (§6)", () => {
  const t = taxonomy([
    "en:Sodas",
    "fr:Sodas français",
    "",
    "xx:Coca-Cola",
    "en:Coke",
    "",
    "fr:Galettes",
    "",
    "en:Flavored spring waters",
  ]);

  it("uses the target language name, else the xx name", () => {
    expect(t.displayName("fr", "en:sodas")).toBe("Sodas français");
    expect(t.displayName("de", "xx:coca-cola")).toBe("Coca-Cola");
    expect(t.displayName("en", "xx:coca-cola")).toBe("Coke");
  });

  it("answers for a text that is an xx synonym of an entry", () => {
    expect(t.displayName("de", "en:coca-cola")).toBe("Coca-Cola");
  });

  it("falls back to the tag language name with a prefix", () => {
    expect(t.displayName("de", "en:flavored-spring-waters")).toBe("en:Flavored spring waters");
    expect(t.displayName("en", "fr:galettes")).toBe("fr:Galettes");
  });

  it("shows unknown tags as they are, capitalised in their own language", () => {
    expect(t.displayName("en", "fr:jus-d-orange-bio")).toBe("fr:jus-d-orange-bio");
    expect(t.displayName("fr", "fr:jus-d-orange-bio")).toBe("Jus-d-orange-bio");
    expect(t.displayName("fr", "jus")).toBe("Jus");
  });
});

describe("levels and ancestors (§4.6)", () => {
  // a → b → d; a → c → d; d → e; f (root alone)
  const t = taxonomy([
    "en:E",
    "",
    "<en:E",
    "en:D",
    "",
    "<en:D",
    "en:B",
    "",
    "<en:D",
    "en:C",
    "",
    "<en:B",
    "<en:C",
    "en:A",
    "",
    "en:F",
  ]);

  it("computes levels with the visiting order of the spec", () => {
    expect(t.level("en:a")).toBe(1);
    expect(t.level("en:b")).toBe(2);
    expect(t.level("en:c")).toBe(2);
    expect(t.level("en:d")).toBe(3);
    expect(t.level("en:e")).toBe(4);
    expect(t.level("en:f")).toBe(1);
    expect(t.level("en:unknown")).toBe(0);
  });

  it("lists ancestors broad to specific (level descending, then id)", () => {
    expect(t.ancestors("en:a")).toEqual(["en:e", "en:d", "en:b", "en:c"]);
    expect(t.ancestors("en:f")).toEqual([]);
    expect(t.isA("en:a", "en:e")).toBe(true);
    expect(t.isA("en:e", "en:a")).toBe(false);
  });
});

describe("inherited properties (§7.2)", () => {
  const t = taxonomy([
    "en:Meats",
    "heading:en:02",
    "",
    "<en:Meats",
    "en:Beef",
    "heading:en:02.01",
    "",
    "<en:Beef",
    "en:Beef steaks",
    "",
    "<en:Meats",
    "en:Meat analogues",
    "heading:en:undef",
    "",
    "<en:Meat analogues",
    "en:Soy steaks",
    "",
    "en:Nuts",
    "",
    "<en:Nuts",
    "<en:Meats",
    "en:Nut meats",
  ]);

  it("returns the nearest definition and where it was found", () => {
    expect(t.inheritedProperty("en:beef-steaks", "heading:en")).toEqual({ value: "02.01", from: "en:beef" });
    expect(t.inheritedProperty("en:beef", "heading:en")).toEqual({ value: "02.01", from: "en:beef" });
  });

  it("stops a branch at undef", () => {
    expect(t.inheritedProperty("en:soy-steaks", "heading:en")).toBeUndefined();
  });

  it("walks parents in code-point order, breadth first", () => {
    expect(t.inheritedProperty("en:nut-meats", "heading:en")).toEqual({ value: "02", from: "en:meats" });
  });

  it("gives nothing for unknown tags", () => {
    expect(t.inheritedProperty("en:whatever", "heading:en")).toBeUndefined();
  });
});

describe("properties named after another taxonomy (§2.7)", () => {
  it("canonicalises their values against it", () => {
    const categories = taxonomy(["en:Sodas", "fr:Boissons gazeuses"]);
    const labels = taxonomy(["en:Organic", "categories:fr:Boissons gazeuses, Inconnu"], {
      tagtype: "labels",
      propertyTaxonomies: new Map([["categories", categories]]),
    });
    expect(labels.property("en:organic", "categories:fr")).toBe("en:sodas,fr:Inconnu");
  });
});

describe("supplements (§2.9)", () => {
  const base = ["en:Beef", "heading:en:01", "", "it:Abbacchio Romano"];

  it("merges properties into existing entries, overriding the base file", () => {
    const t = taxonomy(base, {
      supplements: [
        {
          name: "supplement.txt",
          text: [
            "# comment",
            "en:Beef",
            "heading:en:02.01",
            "code:en:0201",
            "",
            "it:Abbacchio Romano",
            "code:en:0204",
          ].join("\n"),
        },
      ],
    });
    expect(t.property("en:beef", "heading:en")).toBe("02.01");
    expect(t.property("en:beef", "code:en")).toBe("0201");
    expect(t.property("it:abbacchio-romano", "code:en")).toBe("0204");
  });

  it("fails for unknown ids, parent lines, orphan properties", () => {
    const errors = buildErrors(base, {
      supplements: [{ name: "s.txt", text: "en:Pork\nheading:en:02.03\n\n<en:Beef\nen:Beef\n\nheading:en:1" }],
    });
    expect(errors).toHaveLength(3);
    expect(errors[0]).toContain("en:pork does not exist");
    expect(errors[1]).toContain("parent lines are not allowed");
    expect(errors[2]).toContain("outside of a block");
  });
});

describe("build errors (§2.8)", () => {
  it("fails on an unresolvable parent", () => {
    expect(buildErrors(["<en:Nothing", "en:Soups"])[0]).toContain("cannot resolve parent en:Nothing");
  });

  it("fails when an entry is its own parent", () => {
    expect(buildErrors(["<en:Soups", "en:Soups"])[0]).toContain("en:soups is a parent of itself");
  });

  it("fails on a cycle", () => {
    const errors = buildErrors(["<en:B", "en:A", "", "<en:A", "en:B"]);
    expect(errors.join("\n")).toContain("cycle");
  });

  it("fails on a synonym declared by two entries", () => {
    expect(buildErrors(["en:Sodas, soft drinks", "", "en:Soft drinks"])[0]).toContain(
      "en:soft-drinks already is a synonym of en:sodas",
    );
  });

  it("fails on an empty language value, even in lenient mode", () => {
    expect(buildErrors(["en:Sodas", "fr:"], { strict: false })[0]).toContain("empty value");
  });

  it("skips clashing lines and items in lenient mode and reports them", () => {
    const tables = buildTaxonomyTables(
      { name: "n.txt", text: ["zz:calcium", "mt:Kalċju", "", "zz:iron", "mt:Kalċju, ħadid", "fr:Fer"].join("\n") },
      { tagtype: "nutrients", strict: false },
    );
    const t = new CompiledTaxonomy(tables);
    expect(t.buildWarnings).toHaveLength(1);
    expect(t.buildWarnings[0]).toContain("mt:kalċju already is associated to zz:calcium");
    expect(t.canonicalize("mt", "Kalċju")).toBe("zz:calcium");
    expect(t.canonicalize("mt", "ħadid")).toBe("mt:ħadid");
    expect(t.canonicalize("fr", "Fer")).toBe("zz:iron");
  });
});
