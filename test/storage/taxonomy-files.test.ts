import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { countryFromCode, type LoadedTaxonomies } from "../../src/domain/taxonomy/index.js";
import { readCache, writeCache } from "../../src/storage/taxonomy-cache.js";
import {
  type LoadReport,
  loadTaxonomies,
  loadTaxonomiesWithReport,
  shippedTaxonomiesDir,
} from "../../src/storage/taxonomy-files.js";
import { shipped } from "../domain/taxonomy/shipped.js";

/** A fingerprint of answers that depend on every part of the tables. */
function answers(t: LoadedTaxonomies): unknown {
  return {
    sizes: [t.categories.size, t.labels.size, t.countries.size, t.nutrients.size],
    canonical: [
      t.categories.canonicalize("fr", "Jus d'orange"),
      t.categories.canonicalize("en", "flavoured spring water"),
      t.categories.canonicalize("fr", "Cookies"),
      t.labels.canonicalize("fr", "Bio"),
      t.countries.canonicalize("fr", "Belgique"),
      t.nutrients.canonicalize("en", "Vitamin A"),
    ],
    ancestors: t.categories.ancestors("en:extra-virgin-olive-oils"),
    levels: ["en:beverages", "en:orange-juices"].map((id) => t.categories.level(id)),
    display: t.categories.displayName("de", "en:mineral-waters"),
    property: t.categories.inheritedProperty("en:beef-steaks", "wco_hs_heading:en"),
    labelCategories: t.labels.property("fr:concours-international-des-vins-de-terroir-de-brignoles", "categories:en"),
  };
}

describe("loading and the compact-form cache", () => {
  const cacheDir = mkdtempSync(join(tmpdir(), "foodbase-taxonomies-"));
  afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));
  let first: LoadReport;

  it("parses on the first load and writes the compact form", () => {
    writeFileSync(join(cacheDir, "taxonomies-src-0000000000000000.v8"), "{}");
    writeFileSync(join(cacheDir, "taxonomies-src-0000000000000000.json"), "{}");
    first = loadTaxonomiesWithReport({ cacheDir });
    expect(first.source).toBe("parsed");
    expect(first.cacheWritten).toBe(true);
    expect(existsSync(first.cacheFile as string)).toBe(true);
    // Older cache files are removed; no temporary file is left behind.
    expect(readdirSync(cacheDir)).toEqual([basename(first.cacheFile as string)]);
  });

  it("reads the compact form on the second load and gives identical answers", () => {
    const second = loadTaxonomiesWithReport({ cacheDir });
    expect(second.source).toBe("cache");
    expect(second.cacheFile).toBe(first.cacheFile);
    expect(answers(second.taxonomies)).toEqual(answers(first.taxonomies));
    for (const name of ["categories", "labels", "countries", "nutrients"] as const) {
      expect(second.taxonomies[name].compactForm).toEqual(first.taxonomies[name].compactForm);
    }
    expect(second.warnings).toEqual(first.warnings);
  });

  it("reports the tolerated clashes of the nutrients file", () => {
    expect(first.warnings).toHaveLength(4);
    expect(first.warnings.every((w) => w.startsWith("nutrients: "))).toBe(true);
  });

  it("ignores an unreadable or stale cache file", () => {
    const tables = first.taxonomies.nutrients.compactForm;
    const file = join(cacheDir, "taxonomies-test.v8");
    expect(writeCache(file, "key-1", { nutrients: tables })).toBe(true);
    expect(readCache(file, "key-1")?.nutrients).toEqual(tables);
    expect(readCache(file, "key-2")).toBeUndefined();
    writeFileSync(file, "{ not a serialised document");
    expect(readCache(file, "key-1")).toBeUndefined();
    expect(readCache(join(cacheDir, "missing.v8"), "key-1")).toBeUndefined();
  });

  it("does not fail when the cache folder cannot be written", () => {
    const blocker = join(cacheDir, "a-file");
    writeFileSync(blocker, "");
    const tables = first.taxonomies.nutrients.compactForm;
    expect(writeCache(join(blocker, "sub", "taxonomies-x.v8"), "key", { nutrients: tables })).toBe(false);
  });

  it("builds again when a source file changes, and only then", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "foodbase-taxonomy-sources-"));
    const ownCache = mkdtempSync(join(tmpdir(), "foodbase-taxonomies-"));
    try {
      cpSync(shippedTaxonomiesDir(), dataDir, { recursive: true });
      expect(loadTaxonomiesWithReport({ dataDir, cacheDir: ownCache }).source).toBe("parsed");
      expect(loadTaxonomiesWithReport({ dataDir, cacheDir: ownCache }).source).toBe("cache");
      appendFileSync(join(dataDir, "labels.txt"), "\n# an edit\n");
      const edited = loadTaxonomiesWithReport({ dataDir, cacheDir: ownCache });
      expect(edited.source).toBe("parsed");
      expect(edited.cacheFile).not.toBe(first.cacheFile);
      expect(loadTaxonomiesWithReport({ dataDir, cacheDir: ownCache }).source).toBe("cache");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(ownCache, { recursive: true, force: true });
    }
  });

  it("memoises per process", () => {
    expect(loadTaxonomies()).toBe(loadTaxonomies());
    expect(loadTaxonomies()).toBe(shipped);
  });

  it("finds the shipped files from the module location", () => {
    expect(existsSync(join(shippedTaxonomiesDir(), "categories.txt"))).toBe(true);
  });

  it("reads no file until a taxonomy is used (a server start reads none)", () => {
    const missing = join(tmpdir(), `foodbase-no-taxonomies-${process.pid}`);
    const taxonomies = loadTaxonomies({ dataDir: missing, cacheDir: false });
    expect(Object.keys(taxonomies)).toContain("categories");
    expect(() => taxonomies.categories).toThrow(/ENOENT/);
  });
});

describe("the other shipped taxonomies", () => {
  it("nutrients use zz: ids and carry units", () => {
    expect(shipped.nutrients.has("zz:energy-kj")).toBe(true);
    expect(shipped.nutrients.property("zz:energy-kj", "unit:en")).toBe("kj");
    expect(shipped.nutrients.property("zz:vitamin-a", "iu_value:en")).toBe("0.3");
    expect(shipped.nutrients.canonicalize("fr", "Vitamine A")).toBe("zz:vitamin-a");
  });

  it("labels canonicalise and display", () => {
    expect(shipped.labels.canonicalize("fr", "Bio")).toBe("en:organic");
    expect(shipped.labels.canonicalize("en", "organically grown")).toBe("en:organic");
    expect(shipped.labels.name("en:organic", "en")).toBe("Organic");
  });

  it("labels' categories properties are canonicalised against the categories", () => {
    expect(shipped.labels.property("fr:concours-international-des-vins-de-terroir-de-brignoles", "categories:en")).toBe(
      "en:wines",
    );
  });

  it("countries canonicalise names in many languages", () => {
    expect(shipped.countries.canonicalize("fr", "Belgique")).toBe("en:belgium");
    expect(shipped.countries.canonicalize("en", "French Republic")).toBe("en:france");
    expect(shipped.countries.canonicalize("de", "Frankreich")).toBe("en:france");
  });
});

describe("countryFromCode", () => {
  it.each([
    ["be", "en:belgium"],
    ["BE", "en:belgium"],
    ["fr", "en:france"],
    ["uk", "en:united-kingdom"],
    ["gb", "en:united-kingdom"],
  ])("%s → %s", (cc, id) => {
    expect(countryFromCode(shipped, cc)).toBe(id);
  });

  it.each(["world", "WORLD", "", "zz", "xyz"])("%j → undefined", (cc) => {
    expect(countryFromCode(shipped, cc)).toBeUndefined();
  });
});
