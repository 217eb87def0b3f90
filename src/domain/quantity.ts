/**
 * `quantity` → `product_quantity` and `serving_size` → `serving_quantity` (API.md §4.2, NUTRITION.md
 * §1.6): total grams or millilitres as numeric strings, as classic OFF serves them.
 */

import { roundStored } from "./nutriments/rounding.js";
import { gramsPerUnit, MASS_AND_VOLUME_UNIT_NAMES } from "./nutriments/units.js";

export { roundDerived, roundSignificant, roundStored } from "./nutriments/rounding.js";

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Known mass/volume units, longest first, not followed by a letter or digit ("lbs" is not "l"). */
const UNIT = `(${MASS_AND_VOLUME_UNIT_NAMES.map(escapeRegExp).join("|")})(?![\\p{L}\\p{N}_])`;
const AMOUNT = "(\\d+(?:[.,]\\d+)?)";

/**
 * "6 x 90 g", "12 pots x125 g": a whole count, optional words, then x / × / * and one amount. The "x"
 * must follow a digit or a space, so that "2 mix 300 g" is not read as 2 × 300 g.
 */
const MULTIPACK_QUANTITY = new RegExp(
  `(?<![\\d.,])(\\d+)(?:\\s[\\p{L} ]+)?\\s?(?<=[\\d\\s])[x×*]\\s?${AMOUNT}\\s?${UNIT}`,
  "iu",
);
/** The first amount with a unit anywhere ("250 g", "2kg"). */
const SINGLE_QUANTITY = new RegExp(`${AMOUNT}\\s?${UNIT}`, "iu");
/** The last amount with a unit at the start or after a space or "(" (greedy prefix: "1 bar (68 g)"). */
const SERVING_QUANTITY = new RegExp(`^(?:.*[ (])?${AMOUNT} ?${UNIT}`, "iu");

function readAmount(text: string): number {
  return Number(text.replace(",", "."));
}

function toGrams(amount: number, unit: string): number | undefined {
  const factor = gramsPerUnit(unit);
  return factor === undefined ? undefined : roundStored(amount * factor);
}

/** Total grams/millilitres of the product, or undefined when `quantity` has no amount with a known unit. */
export function productQuantityInGrams(quantity: string): number | undefined {
  const multipack = MULTIPACK_QUANTITY.exec(quantity);
  if (multipack !== null) {
    return toGrams(roundStored(Number(multipack[1]) * readAmount(multipack[2])), multipack[3]);
  }
  const single = SINGLE_QUANTITY.exec(quantity);
  return single === null ? undefined : toGrams(readAmount(single[1]), single[2]);
}

/** Grams/millilitres of one serving, or undefined when `serving_size` has no amount with a known unit. */
export function servingQuantityInGrams(servingSize: string): number | undefined {
  const match = SERVING_QUANTITY.exec(servingSize);
  return match === null ? undefined : toGrams(readAmount(match[1]), match[2]);
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
