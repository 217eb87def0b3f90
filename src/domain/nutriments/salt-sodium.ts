/**
 * Salt and sodium, always stored together with sodium = salt / 2.5 (API.md §4.5 "Salt/sodium",
 * NUTRITION.md §1.5). Salt wins when both have a value.
 */
import type { Nutriments } from "../product.js";
import type { Taxonomy } from "../taxonomy/types.js";
import { assignNutrient, deleteNutrient, modifierAt, numberAt, stringAt } from "./keys.js";
import { PREPARATION_SUFFIXES } from "./nutrient-ids.js";
import { roundStored } from "./rounding.js";

/** EU factor: salt = sodium × 2.5. */
export const SALT_PER_SODIUM = 2.5;

/** When a write sends only one of salt / sodium, the stored other one is dropped (rebuilt afterwards). */
export function dropCounterpartOfSentSaltOrSodium(nutriments: Nutriments, sentKeys: ReadonlySet<string>): void {
  for (const suffix of PREPARATION_SUFFIXES) {
    const saltSent = sentKeys.has(`salt${suffix}`);
    const sodiumSent = sentKeys.has(`sodium${suffix}`);
    if (sodiumSent && !saltSent) deleteNutrient(nutriments, "salt", suffix);
    if (saltSent && !sodiumSent) deleteNutrient(nutriments, "sodium", suffix);
  }
}

interface Equivalent {
  source: "salt" | "sodium";
  target: "salt" | "sodium";
  targetValue: number;
}

function equivalentFor(nutriments: Nutriments, suffix: string): Equivalent | undefined {
  const saltValue = numberAt(nutriments, `salt${suffix}_value`);
  if (saltValue !== undefined) {
    return { source: "salt", target: "sodium", targetValue: roundStored(saltValue / SALT_PER_SODIUM) };
  }
  const sodiumValue = numberAt(nutriments, `sodium${suffix}_value`);
  if (sodiumValue !== undefined) {
    return { source: "sodium", target: "salt", targetValue: roundStored(sodiumValue * SALT_PER_SODIUM) };
  }
  return undefined;
}

/** Derives sodium from salt (or salt from sodium) in the source's unit, with the source's modifier. */
export function deriveSaltSodiumEquivalent(nutriments: Nutriments, nutrients: Taxonomy): void {
  for (const suffix of PREPARATION_SUFFIXES) {
    const equivalent = equivalentFor(nutriments, suffix);
    if (equivalent === undefined) continue;
    const { source, target, targetValue } = equivalent;
    const unit = stringAt(nutriments, `${source}${suffix}_unit`);
    const modifier = modifierAt(nutriments, `${source}${suffix}_modifier`);
    const valueModifier = modifier === "-" ? undefined : modifier;
    assignNutrient(nutriments, nutrients, target, suffix, targetValue, unit, valueModifier);
  }
}
