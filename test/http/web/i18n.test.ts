import { describe, expect, it } from "vitest";
import { messages as en } from "../../../src/http/web/i18n/en.js";
import { messages as fr } from "../../../src/http/web/i18n/fr.js";
import {
  acceptedLanguages,
  chooseLanguage,
  format,
  loadLanguages,
  translator,
} from "../../../src/http/web/i18n/index.js";

describe("interface languages", () => {
  it("every language file found next to the index is a language, English first", async () => {
    const languages = await loadLanguages();
    expect([...languages.keys()].slice(0, 1)).toEqual(["en"]);
    expect(languages.get("fr")).toBe(fr);
  });
  it("French has every English key, each translated (only names that are the same in both may match)", () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    const same = Object.keys(en).filter((k) => en[k as keyof typeof en] === fr[k as keyof typeof fr]);
    // Proper names and words spelled the same in both languages.
    expect(same.sort()).toEqual(
      [
        "siteName",
        "nutriscore",
        "nutriscoreGrade",
        "nutriscoreVersion",
        "photos",
        "points",
        "date",
        "facet_labels",
        "field_labels",
        "facet_nutrition_grades",
        "labels",
        "tagType_label",
        "apiLink",
        "nutrient_sodium",
        "pagination",
        "analysis_traces",
        "sort_nutriscore_score",
      ].sort(),
    );
  });
  it("Accept-Language by decreasing q, regions dropped, q=0 refused", () => {
    expect(acceptedLanguages("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5")).toEqual(["fr", "en", "de"]);
    expect(acceptedLanguages("en;q=0.2, fr")).toEqual(["fr", "en"]);
    expect(acceptedLanguages("fr;q=0, en")).toEqual(["en"]);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
  it("lc first, then Accept-Language, then English; languages without strings are skipped", async () => {
    const languages = await loadLanguages();
    expect(chooseLanguage("fr", "en", languages)).toBe("fr");
    expect(chooseLanguage(undefined, "de-DE, fr;q=0.8", languages)).toBe("fr");
    expect(chooseLanguage("xx", "de", languages)).toBe("en");
    expect(chooseLanguage(undefined, undefined, languages)).toBe("en");
  });
  it("placeholders are filled; unknown ones stay as written", () => {
    expect(format("Page {page} of {pages}", { page: 2, pages: 5 })).toBe("Page 2 of 5");
    expect(format("{n} products {x}", { n: 3 })).toBe("3 products {x}");
    expect(translator(fr)("resultsCount", { n: 4 })).toBe("4 produits trouvés");
  });
});
