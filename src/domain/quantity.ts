/**
 * `quantity` → `product_quantity` and `serving_size` → `serving_quantity` (API.md §4.2, NUTRITION.md
 * §1.6): total grams or millilitres as numeric strings, as classic OFF serves them, with their unit
 * (`product_quantity_unit`, `serving_quantity_unit`: `g` or `ml`). Units are every spelling of OFF's
 * units list (issue 26 item 7: "15 gm", "1 kgr", "2 litres", "12 fl. oz."), read as OFF reads them.
 */

import { roundStored } from "./nutriments/rounding.js";
import { gramsPerUnit, MASS_AND_VOLUME_UNIT_NAMES } from "./nutriments/units.js";
import { offUnits } from "./taxonomy/units.js";

export { roundDerived, roundSignificant, roundStored } from "./nutriments/rounding.js";

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A quantity's unit: its factor to grams (ml counted as g) and whether it is a mass or a volume. */
interface QuantityUnit {
  grams: number;
  standardUnit: "g" | "ml";
}

/**
 * Every unit name, lowercased: OFF's (every language) and foodbase's own table. A unit foodbase's
 * table knows keeps its factor there (NUTRITION.md §1.3, e.g. fl oz × 30), so that the same unit
 * never gives two amounts; the others take OFF's factor.
 */
function buildQuantityUnits(): Map<string, QuantityUnit> {
  const units = new Map<string, QuantityUnit>();
  for (const [name, unit] of offUnits()) {
    const grams = gramsPerUnit(unit.canonical) ?? unit.factor;
    units.set(name, { grams, standardUnit: unit.standardUnit });
  }
  for (const name of MASS_AND_VOLUME_UNIT_NAMES) {
    const key = name.toLowerCase();
    const grams = gramsPerUnit(name);
    if (units.has(key) || grams === undefined) continue;
    units.set(key, { grams, standardUnit: "g" });
  }
  return units;
}

let quantityUnits: Map<string, QuantityUnit> | undefined;
let unitPattern: string | undefined;

function quantityUnit(name: string): QuantityUnit | undefined {
  quantityUnits ??= buildQuantityUnits();
  return quantityUnits.get(name.toLowerCase().replace(/\s+/g, " "));
}

/** Known mass/volume units, longest first, not followed by a letter or digit ("lbs" is not "l"). */
function unitRegExpSource(): string {
  quantityUnits ??= buildQuantityUnits();
  unitPattern ??= `(${[...quantityUnits.keys()]
    .sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0))
    .map((name) => escapeRegExp(name).replaceAll(" ", "\\s?"))
    .join("|")})(?![\\p{L}\\p{N}_])`;
  return unitPattern;
}
const AMOUNT = "(\\d+(?:[.,]\\d+)?)";

interface QuantityPatterns {
  /**
   * "6 x 90 g", "12 pots x125 g", "6 bouteilles de 33 cl", "5 bottles of 20cl": a whole count, optional
   * words, then x / × / * / " de " / " of " and one amount (OFF's parse_quantity_unit). The "x" must
   * follow a digit or a space, so that "2 mix 300 g" is not read as 2 × 300 g.
   */
  multipack: RegExp;
  /** The first amount with a unit anywhere ("250 g", "2kg"). */
  single: RegExp;
  /** The last amount with a unit at the start or after a space or "(" (greedy prefix: "1 bar (68 g)"). */
  serving: RegExp;
}

let patterns: QuantityPatterns | undefined;

/** Built on first use: the unit list is read from the package's data. */
function quantityPatterns(): QuantityPatterns {
  if (patterns !== undefined) return patterns;
  const UNIT = unitRegExpSource();
  patterns = {
    multipack: new RegExp(
      `(?<![\\d.,])(\\d+)(?:\\s[\\p{L} ]+)?\\s?(?:(?<=[\\d\\s])[x×*]| de | of )\\s?${AMOUNT}\\s?${UNIT}`,
      "iu",
    ),
    single: new RegExp(`${AMOUNT}\\s?${UNIT}`, "iu"),
    serving: new RegExp(`^(?:.*[ (])?${AMOUNT} ?${UNIT}`, "iu"),
  };
  return patterns;
}

function readAmount(text: string): number {
  return Number(text.replace(",", "."));
}

/** An amount in grams or millilitres, and which of the two. */
export interface ParsedQuantity {
  amount: number;
  unit: "g" | "ml";
}

function toStandard(amount: number, unitName: string): ParsedQuantity | undefined {
  const unit = quantityUnit(unitName);
  return unit === undefined ? undefined : { amount: roundStored(amount * unit.grams), unit: unit.standardUnit };
}

/** Total amount of the product in g or ml, or undefined when `quantity` has no amount with a known unit. */
export function parseProductQuantityWithUnit(quantity: string): ParsedQuantity | undefined {
  const { multipack, single } = quantityPatterns();
  const pack = multipack.exec(quantity);
  if (pack !== null) {
    return toStandard(roundStored(Number(pack[1]) * readAmount(pack[2] as string)), pack[3] as string);
  }
  const one = single.exec(quantity);
  return one === null ? undefined : toStandard(readAmount(one[1] as string), one[2] as string);
}

/** Amount of one serving in g or ml, or undefined when `serving_size` has no amount with a known unit. */
export function parseServingQuantityWithUnit(servingSize: string): ParsedQuantity | undefined {
  const match = quantityPatterns().serving.exec(servingSize);
  return match === null ? undefined : toStandard(readAmount(match[1] as string), match[2] as string);
}

/** Total grams/millilitres of the product, or undefined when `quantity` has no amount with a known unit. */
export function productQuantityInGrams(quantity: string): number | undefined {
  return parseProductQuantityWithUnit(quantity)?.amount;
}

/** Grams/millilitres of one serving, or undefined when `serving_size` has no amount with a known unit. */
export function servingQuantityInGrams(servingSize: string): number | undefined {
  return parseServingQuantityWithUnit(servingSize)?.amount;
}

/** `product_quantity` as stored: `"250 g"` → `"250"`, `"6 x 90 g"` → `"540"`, `"2kg"` → `"2000"`. */
export function parseProductQuantity(quantity: string): string | undefined {
  const grams = productQuantityInGrams(quantity);
  return grams === undefined ? undefined : String(grams);
}

/** `serving_quantity` as stored: `"20 g"` → `"20"`, `"1 bar (68 g)"` → `"68"`; undefined for unknown units. */
export function parseServingQuantity(servingSize: string): string | undefined {
  const grams = servingQuantityInGrams(servingSize);
  return grams === undefined ? undefined : String(grams);
}
