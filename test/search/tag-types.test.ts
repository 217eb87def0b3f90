/**
 * URL names of tag types in OFF's languages (issue 26 item 1): the names come from OFF's translation
 * files po/tags/{fr,de,es,it}.po, as OFF's sites use them in their tag pages' paths.
 */
import { describe, expect, it } from "vitest";
import { languageOfTagTypeName, tagTypeFromUrl, tagTypeUrlNames } from "../../src/domain/search/tag-types.js";

describe("tag-type names in URLs", () => {
  it("reads OFF's localized singulars and plurals", () => {
    expect(tagTypeFromUrl("categorie")).toBe("categories"); // fr.openfoodfacts.org/categorie/…
    expect(tagTypeFromUrl("catégories")).toBe("categories");
    expect(tagTypeFromUrl("kategorie")).toBe("categories"); // de
    expect(tagTypeFromUrl("marque")).toBe("brands");
    expect(tagTypeFromUrl("marca")).toBe("brands"); // es and it agree
    expect(tagTypeFromUrl("pays")).toBe("countries");
    expect(tagTypeFromUrl("länder")).toBe("countries");
    expect(tagTypeFromUrl("contributeur")).toBe("users");
    expect(tagTypeFromUrl("Etiqueta")).toBe("labels");
  });

  it("keeps the English names", () => {
    expect(tagTypeFromUrl("category")).toBe("categories");
    expect(tagTypeFromUrl("packager-codes")).toBe("emb_codes");
    expect(tagTypeUrlNames("categories")).toEqual(expect.arrayContaining(["category", "categories", "categorie"]));
  });

  it("knows the language of a name only one non-English language uses", () => {
    expect(languageOfTagTypeName("categorie")).toBe("fr");
    expect(languageOfTagTypeName("kategorie")).toBe("de");
    expect(languageOfTagTypeName("categoría")).toBe("es");
    expect(languageOfTagTypeName("marca")).toBeUndefined(); // es and it
    expect(languageOfTagTypeName("label")).toBeUndefined(); // English too
    expect(languageOfTagTypeName("category")).toBeUndefined();
  });

  it("every URL name names one tag type", () => {
    for (const tagtype of ["categories", "labels", "brands", "countries", "origins", "stores", "users"]) {
      for (const name of tagTypeUrlNames(tagtype)) expect(tagTypeFromUrl(name), name).toBe(tagtype);
    }
  });
});
