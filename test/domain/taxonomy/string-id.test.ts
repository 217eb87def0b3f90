import { describe, expect, it } from "vitest";
import { getStringIdForLang, getTaxonomyId, upperCaseFirst } from "../../../src/domain/taxonomy/string-id.js";

describe("getStringIdForLang — every row of TAXONOMY.md §3.3", () => {
  const rows: [lc: string, input: string, id: string][] = [
    ["en", "Orange juices", "orange-juices"],
    ["fr", "Jus d'orange", "jus-d-orange"],
    ["fr", "Crème fraîche", "creme-fraiche"],
    ["fr", "Œufs de poule", "oeufs-de-poule"],
    ["fr", "L'Œuf", "l-oeuf"],
    ["de", "Käse", "käse"],
    ["de", "Müsli", "müsli"],
    ["en", "Müsli", "musli"],
    ["de", "Weißbier", "weißbier"],
    ["en", "Weißbier", "weissbier"],
    ["fr", "100% pur jus", "100-pur-jus"],
    ["en", "Fruit juices & nectars", "fruit-juices-nectars"],
    ["en", "E.coli free", "e-coli-free"],
    ["en", "  Extra-virgin olive oil  ", "extra-virgin-olive-oil"],
    ["it", "Caffè  (macinato)", "caffe-macinato"],
    ["pt", "Pão de açúcar", "pao-de-acucar"],
    ["es", "Ñoquis", "noquis"],
    ["en", "Jalapeño peppers", "jalapeno-peppers"],
    ["en", "Sugar-free—drinks", "sugar-free-drinks"],
    ["en", "Tom’s “special” sauce", "tom-s-special-sauce"],
    ["en", "Vitamin B12 – 2.5µg", "vitamin-b12-2-5-g"],
    ["en", "Smørrebrød", "smørrebrød"],
    ["en", "Ångström", "angstrom"],
    ["nl", "Geïtenkaas", "geïtenkaas"],
    ["pl", "Żywność dla niemowląt", "żywność-dla-niemowląt"],
    ["ru", "Сок Апельсиновый", "сок-апельсиновый"],
    ["el", "Ελαιόλαδο", "ελαιόλαδο"],
    ["zh", "橙汁", "橙汁"],
    ["fr", "Pâtes", "pates"],
    ["fr", "Pâtés", "pates"],
  ];
  it.each(rows)("%s %j → %j", (lc, input, id) => {
    expect(getStringIdForLang(lc, input)).toBe(id);
  });
});

describe("getStringIdForLang — rules of §3.1 and §3.2", () => {
  it("returns an empty id for missing input", () => {
    expect(getStringIdForLang("en", undefined)).toBe("");
    expect(getStringIdForLang("en", "")).toBe("");
    expect(getStringIdForLang("en", " ,;! ")).toBe("");
  });

  it("unaccents no_language like en, and only the listed languages", () => {
    expect(getStringIdForLang("no_language", "ACME Inc.")).toBe("acme-inc");
    expect(getStringIdForLang("no_language", "Crème Brûlée")).toBe("creme-brulee");
    expect(getStringIdForLang("ca", "Pa amb tomàquet")).toBe("pa-amb-tomaquet");
    expect(getStringIdForLang("xx", "Crème")).toBe("crème");
    expect(getStringIdForLang("zz", "Énergie")).toBe("énergie");
  });

  it("does not unaccent characters outside the explicit map", () => {
    // `ó` is in the map, `ł`, `ź`, `ő`, … are not.
    expect(getStringIdForLang("en", "łódź ő ș ā ø ż ą č")).toBe("łodź-ő-ș-ā-ø-ż-ą-č");
  });

  it("normalises to NFC first (decomposed accents are unaccented)", () => {
    expect(getStringIdForLang("fr", "Cre\u0300me")).toBe("creme");
  });

  it("maps capital sharp s to ß, then ss where unaccented", () => {
    expect(getStringIdForLang("de", "STRAẞE")).toBe("straße");
    expect(getStringIdForLang("en", "STRAẞE")).toBe("strasse");
  });

  it("lowercases a final capital sigma to σ as OFF does", () => {
    expect(getStringIdForLang("el", "ΟΔΟΣ")).toBe("οδοσ");
    // An already lowercase final sigma is kept.
    expect(getStringIdForLang("el", "οδος")).toBe("οδος");
  });

  it("replaces control characters, the zero-width space and HTML entities", () => {
    expect(getStringIdForLang("en", "a\tb\u0001c\u200bd")).toBe("a-b-c-d");
    expect(getStringIdForLang("en", "a&quot;b&lt;c&gt;d")).toBe("a-b-c-d");
    expect(getStringIdForLang("en", "a&&quot;b")).toBe("a-b");
  });

  it("uses Unicode White_Space, not JavaScript's \\s", () => {
    expect(getStringIdForLang("en", "a\u0085b\u00a0c\u3000d")).toBe("a-b-c-d");
    // U+FEFF is not whitespace and is kept.
    expect(getStringIdForLang("en", "a\ufeffb")).toBe("a\ufeffb");
  });

  it("keeps symbols outside the punctuation set", () => {
    expect(getStringIdForLang("en", "a → b")).toBe("a-→-b");
    expect(getStringIdForLang("en", "½ & ⅓ ™ €")).toBe("");
  });

  it("collapses dash runs and trims one leading and trailing dash", () => {
    expect(getStringIdForLang("en", "--a---b--")).toBe("a-b");
    expect(getStringIdForLang("en", "- a -")).toBe("a");
  });

  it("does not lowercase app user ids", () => {
    expect(getStringIdForLang("no_language", "yuka.VFpGWk5hQVQrOEVU")).toBe("yuka.VFpGWk5hQVQrOEVU");
  });
});

describe("getTaxonomyId (§3.4)", () => {
  it("keeps and lowercases a language prefix, using that language's rules", () => {
    expect(getTaxonomyId("en", "fr:Jus d'orange bio")).toBe("fr:jus-d-orange-bio");
    expect(getTaxonomyId("en", "DE:Käse")).toBe("de:käse");
    expect(getTaxonomyId("de", "en:Müsli")).toBe("en:musli");
  });

  it("gives the plain id in the default language without a prefix", () => {
    expect(getTaxonomyId("fr", "Crème fraîche")).toBe("creme-fraiche");
    expect(getTaxonomyId("de", "Müsli")).toBe("müsli");
  });
});

describe("upperCaseFirst (display names)", () => {
  it("upper-cases the first character only", () => {
    expect(upperCaseFirst("jus d'orange")).toBe("Jus d'orange");
    expect(upperCaseFirst("élan")).toBe("Élan");
    expect(upperCaseFirst("")).toBe("");
  });

  it("uses title case like Perl's ucfirst", () => {
    expect(upperCaseFirst("ßa")).toBe("Ssa");
    expect(upperCaseFirst("ǆem")).toBe("ǅem");
    expect(upperCaseFirst("ქერი")).toBe("ქერი");
  });
});
