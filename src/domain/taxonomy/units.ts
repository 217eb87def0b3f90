/**
 * Unit names as OFF reads quantities (`lib/ProductOpener/Units.pm`, issue 26 item 7): every synonym in
 * every language of the mass and volume entries of OFF's units taxonomy (`data/taxonomies/units.txt`),
 * plus their symbols, each with its factor to its standard unit (g or ml).
 */
import { readFileSync } from "node:fs";
import { dataPath } from "../../paths.js";

export interface UnitOfMeasure {
  /** Multiply by it to get the amount in `standardUnit`. */
  factor: number;
  standardUnit: "g" | "ml";
  /** The entry's canonical name (its first `xx:` name, else its first English one). */
  canonical: string;
}

/**
 * Parses OFF's taxonomy text of units: names (lowercased, as OFF matches them case-insensitively)
 * → unit. Entries without a g/ml standard unit or a factor are left out; a later entry wins a name.
 */
export function parseUnitsTaxonomy(text: string): Map<string, UnitOfMeasure> {
  const units = new Map<string, UnitOfMeasure>();
  for (const block of text.split(/\n\s*\n/)) {
    const names: string[] = [];
    let canonical: string | undefined;
    let factor: number | undefined;
    let standardUnit: string | undefined;
    for (const rawLine of block.split("\n")) {
      const line = rawLine.trim();
      if (line === "" || line.startsWith("#")) continue;
      const property = /^([a-z_]+):([a-z]{2,3}):\s*(.*)$/.exec(line);
      if (property !== null) {
        const [, name, , value] = property as unknown as [string, string, string, string];
        if (name === "conversion_factor") factor = Number(value);
        else if (name === "standard_unit") standardUnit = value.trim();
        else if (name === "symbol") names.push(value.trim());
        continue;
      }
      const synonyms = /^([a-z]{2,3}):\s*(.*)$/.exec(line);
      if (synonyms === null) continue;
      const words = (synonyms[2] as string)
        .split(",")
        .map((w) => w.trim())
        .filter((w) => w !== "");
      if (canonical === undefined && (synonyms[1] === "xx" || synonyms[1] === "en")) canonical = words[0];
      names.push(...words);
    }
    if (factor === undefined || !Number.isFinite(factor) || (standardUnit !== "g" && standardUnit !== "ml")) continue;
    const unit: UnitOfMeasure = { factor, standardUnit, canonical: canonical ?? names[0] ?? "" };
    for (const name of names) units.set(name.toLowerCase(), unit);
  }
  return units;
}

let loaded: Map<string, UnitOfMeasure> | undefined;

/** OFF's mass and volume unit names, read once from the package's data. */
export function offUnits(): ReadonlyMap<string, UnitOfMeasure> {
  loaded ??= parseUnitsTaxonomy(readFileSync(dataPath("taxonomies", "units.txt"), "utf8"));
  return loaded;
}
