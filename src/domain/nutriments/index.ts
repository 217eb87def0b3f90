/**
 * Nutrient values sent on a write (`nutriment_<nid>`, `nutriment_<nid>_prepared`, `_unit`, `_modifier`)
 * turned into the product's `nutriments` object: API.md §4.5 and NUTRITION.md §1.
 *
 * Processing order: salt/sodium exclusivity → each nutrient (modifier, number, unit, base value) →
 * salt/sodium equivalence → energy consolidation → `no_nutrition_data` → `_100g`/`_serving` derivation.
 */
import type { Nutriments } from "../product.js";
import type { Taxonomy } from "../taxonomy/types.js";
import { consolidateEnergy, energyAliasTarget, resetEnergyForSentValues } from "./energy.js";
import { assignNutrient, markNotOnPackage } from "./keys.js";
import { isComputedNutrientId, isEditableNutrientId, type PreparationSuffix } from "./nutrient-ids.js";
import { type DerivedNutritionData, derivePerBasisInPlace, type NutritionBasis } from "./per-basis.js";
import { deriveSaltSodiumEquivalent, dropCounterpartOfSentSaltOrSodium } from "./salt-sodium.js";
import { type NutrientInput, parseNutrientInput } from "./value.js";

export type { PreparationSuffix } from "./nutrient-ids.js";
export { isComputedNutrientId, isEditableNutrientId } from "./nutrient-ids.js";
export type { DerivedNutritionData, NutritionBasis } from "./per-basis.js";
export { deriveNutrimentsPerBasis } from "./per-basis.js";
export { roundDerived, roundSignificant, roundStored } from "./rounding.js";
export type { NutrientInput, NutrientModifier, ValueModifier } from "./value.js";
export { parseNutrientInput, parseNutrientNumber } from "./value.js";

/** Product fields, other than the nutrient parameters, that the nutriment processing reads. */
export interface NutrimentEditContext extends NutritionBasis {
  /** `no_nutrition_data` is "on": every nutrient except the carbon footprint is deleted. */
  noNutritionData?: boolean;
}

export type NutrimentEditResult =
  | ({ ok: true; nutriments: Nutriments } & DerivedNutritionData)
  | { ok: false; parameter: string; value: string; message: string };

/** One accepted nutrient parameter, after the `energy` → `energy-kj`/`energy-kcal` aliasing. */
interface NutrientEdit {
  nid: string;
  suffix: PreparationSuffix;
  input: Exclude<NutrientInput, { kind: "ignored" } | { kind: "invalid" }>;
  /** `nutriment_<nid>_unit`, shared by the as-sold and the prepared value. */
  sentUnit: string | undefined;
  /** Sent as `nutriment_energy` with a kJ/kcal unit. */
  viaEnergyAlias: boolean;
  /** The parameter and its value as sent (for errors). */
  parameter: string;
  raw: string;
}

const NUTRIENT_PARAMETER_PREFIX = "nutriment_";

function parameterValue(params: Record<string, string>, name: string): string | undefined {
  return Object.hasOwn(params, name) ? params[name] : undefined;
}

/** Splits `nutriment_<nid>[_prepared]`; undefined for `_unit`/`_modifier` and other parameters. */
function nutrientOfParameter(name: string): { nid: string; suffix: PreparationSuffix } | undefined {
  if (!name.startsWith(NUTRIENT_PARAMETER_PREFIX)) return undefined;
  const rest = name.slice(NUTRIENT_PARAMETER_PREFIX.length);
  if (rest.endsWith("_unit") || rest.endsWith("_modifier")) return undefined;
  if (rest.endsWith("_prepared")) return { nid: rest.slice(0, -"_prepared".length), suffix: "_prepared" };
  return { nid: rest, suffix: "" };
}

type ReadEditsResult =
  | { ok: true; edits: NutrientEdit[] }
  | { ok: false; parameter: string; value: string; message: string };

/** Reads every accepted nutrient parameter; the first value that is not a number refuses the write. */
function readNutrientEdits(params: Record<string, string>, nutrients: Taxonomy): ReadEditsResult {
  const editsByKey = new Map<string, NutrientEdit>();
  for (const [name, raw] of Object.entries(params)) {
    const nutrient = nutrientOfParameter(name);
    if (nutrient === undefined || !isEditableNutrientId(nutrients, nutrient.nid)) continue;
    const { nid, suffix } = nutrient;
    const input = parseNutrientInput(raw, parameterValue(params, `${name}_modifier`));
    if (input.kind === "invalid") {
      return { ok: false, parameter: name, value: raw, message: `invalid value for ${name}: ${raw}` };
    }
    if (input.kind === "ignored") continue;
    const unitText = parameterValue(params, `${NUTRIENT_PARAMETER_PREFIX}${nid}_unit`)?.trim();
    const sentUnit = unitText === "" ? undefined : unitText;
    const target = energyAliasTarget(nid, sentUnit);
    const edit: NutrientEdit = {
      nid: target,
      suffix,
      input,
      sentUnit,
      viaEnergyAlias: target !== nid,
      parameter: name,
      raw,
    };
    const key = target + suffix;
    // An explicit `nutriment_energy-kcal` wins over `nutriment_energy` sent in kcal.
    const existing = editsByKey.get(key);
    if (existing === undefined || existing.viaEnergyAlias) editsByKey.set(key, edit);
  }
  return { ok: true, edits: [...editsByKey.values()] };
}

/** `no_nutrition_data=on`: every nutrient key goes, except carbon footprints and computed ids. */
function deleteNutritionData(nutriments: Nutriments): void {
  for (const key of Object.keys(nutriments)) {
    const nid = key.split("_", 1)[0];
    if (nid.startsWith("carbon-footprint") || isComputedNutrientId(nid)) continue;
    delete nutriments[key];
  }
}

/**
 * Applies the nutrient parameters of one write to the stored `nutriments` (never modified: a new object
 * is returned) and re-derives every `_100g`/`_serving` key. Empty parameters leave values untouched; a
 * lone dash deletes a value. A value that is not a number refuses the whole edit (API.md §4.1 row 5).
 * Call it on every write, also without nutrient parameters: it re-derives from `serving_size` changes.
 */
export function applyNutrimentEdit(
  previous: Nutriments,
  params: Record<string, string>,
  context: NutrimentEditContext,
  nutrients: Taxonomy,
): NutrimentEditResult {
  const read = readNutrientEdits(params, nutrients);
  if (!read.ok) return read;

  const nutriments: Nutriments = { ...previous };
  const sentKeys = new Set(read.edits.map((edit) => edit.nid + edit.suffix));
  dropCounterpartOfSentSaltOrSodium(nutriments, sentKeys);
  resetEnergyForSentValues(nutriments, sentKeys);

  for (const { nid, suffix, input, sentUnit } of read.edits) {
    if (input.kind === "notOnPackage") markNotOnPackage(nutriments, nid, suffix);
    else assignNutrient(nutriments, nutrients, nid, suffix, input.value, sentUnit, input.modifier);
  }

  deriveSaltSodiumEquivalent(nutriments, nutrients);
  consolidateEnergy(nutriments, nutrients);
  if (context.noNutritionData === true) deleteNutritionData(nutriments);
  const derived = derivePerBasisInPlace(nutriments, context, nutrients);
  const overflow = outOfRange(nutriments, read.edits, params);
  if (overflow !== undefined) return overflow;
  return { ok: true, nutriments, ...derived };
}

/**
 * A value that is a number as sent but not once converted (1e308 kg is ∞ g, 1e308 g of sodium ∞ g of
 * salt) would be stored as null: the write is refused, blaming the parameter of that nutrient (else the
 * first one sent, else `serving_size`, whose change alone re-derives the per-serving values).
 */
function outOfRange(
  nutriments: Nutriments,
  edits: readonly NutrientEdit[],
  params: Record<string, string>,
): NutrimentEditResult | undefined {
  for (const [key, value] of Object.entries(nutriments)) {
    if (typeof value !== "number" || Number.isFinite(value)) continue;
    const nid = key.split("_", 1)[0];
    const edit = edits.find((e) => e.nid === nid) ?? edits[0];
    const parameter = edit?.parameter ?? "serving_size";
    const sent = edit?.raw ?? params.serving_size ?? "";
    return {
      ok: false,
      parameter,
      value: sent,
      message: `value out of range for ${parameter}: ${sent} (${key} would not be a finite number)`,
    };
  }
  return undefined;
}
