/**
 * Unit names as OFF reads quantities (`lib/ProductOpener/Units.pm`, issue 26 item 7): every synonym in
 * every language of the mass and volume entries of OFF's units taxonomy (`data/taxonomies/units.txt`),
 * plus their symbols, each with its factor to its standard unit (g or ml). The domain reads no file: the
 * names are compiled in `units-table.ts`, written from the shipped file by `scripts/build-units-table.ts`.
 */
import { UNIT_NAMES, UNITS } from "./units-table.js";

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

/**
 * The TypeScript module of `units-table.ts` for a units taxonomy text: the distinct units, then every
 * name with its unit's index, in the parsed map's order (which the quantity patterns keep).
 */
export function unitsTableSource(text: string): string {
  const units: UnitOfMeasure[] = [];
  const indexes = new Map<UnitOfMeasure, number>();
  const names: [string, number][] = [];
  for (const [name, unit] of parseUnitsTaxonomy(text)) {
    let index = indexes.get(unit);
    if (index === undefined) {
      index = units.push(unit) - 1;
      indexes.set(unit, index);
    }
    names.push([name, index]);
  }
  return [
    "// Written by scripts/build-units-table.ts from data/taxonomies/units.txt: do not edit by hand.",
    'import type { UnitOfMeasure } from "./units.js";',
    "",
    `export const UNITS: readonly UnitOfMeasure[] = ${JSON.stringify(units, null, 2)};`,
    "",
    `export const UNIT_NAMES: readonly (readonly [name: string, unit: number])[] = ${JSON.stringify(names)};`,
    "",
  ].join("\n");
}

let table: Map<string, UnitOfMeasure> | undefined;

/** OFF's mass and volume unit names (the shipped units taxonomy's, compiled in). */
export function offUnits(): ReadonlyMap<string, UnitOfMeasure> {
  table ??= new Map(UNIT_NAMES.map(([name, unit]) => [name, UNITS[unit] as UnitOfMeasure]));
  return table;
}
