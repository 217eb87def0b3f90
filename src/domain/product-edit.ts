/**
 * Applies one `product_jqm2.pl` write to a product (API.md §4.2–§4.7): fields, per-language fields,
 * tag texts, quantities, nutriments and metadata. Pure: it returns the new document, then the
 * enrichment pipeline (enrich.ts) recomputes everything that derives from it.
 */
import { type EnrichmentContext, enrichProduct } from "./enrich.js";
import { normalizeLanguageCode } from "./language.js";
import type { Product } from "./product.js";
import { getNutriments, getStringArray } from "./product.js";
import { type ParsedQuantity, parseProductQuantityWithUnit, parseServingQuantityWithUnit } from "./quantity.js";
import { convertProductSchema, nutritionOf, schemaVersionOf, WRITTEN_SCHEMA_VERSION } from "./schema/index.js";
import { applyNutritionEdit } from "./schema/nutrition-edit.js";
import { applyNutritionPatch } from "./schema/nutrition-patch.js";
import { appendTagsToText, computeTagFields, TAG_FIELDS, type TagField, tagTextOverLimits } from "./tags.js";
import { countryFromCode } from "./taxonomy/index.js";

export type EditParams = Record<string, string>;

export interface EditInput {
  code: string;
  params: EditParams;
  userId: string;
  /** Unix seconds of this write. */
  now: number;
}

export type EditOutcome =
  | { ok: true; product: Product; changedFields: string[] }
  | { ok: false; parameter: string; value: string; message: string };

/** Fields whose value is one text per language: `<f>_<xx>` plus the main-language mirror `<f>`. */
export const LANGUAGE_TEXT_FIELDS = ["product_name", "generic_name", "ingredients_text"] as const;
const PLAIN_TEXT_FIELDS = ["link", "expiration_date"] as const;
/** Keys every write changes; not listed in a revision's `changed_fields`. */
const BOOKKEEPING_KEYS = new Set([
  "rev",
  "last_modified_t",
  "last_updated_t",
  "last_modified_by",
  "last_editor",
  "last_edit_dates_tags",
  "editors_tags",
]);

function nonEmpty(params: EditParams, key: string): string | undefined {
  const v = params[key];
  if (v === undefined) return undefined;
  const t = v.trim();
  return t === "" ? undefined : t;
}

function dateTags(t: number): string[] {
  const iso = new Date(t * 1000).toISOString();
  return [iso.slice(0, 10), iso.slice(0, 7), iso.slice(0, 4)];
}

/** `<f>_<xx>`, `<f>_<xx>-<YY>`, `<f>_<xx>_<YY>` → xx, for a language text field f. */
function languageOfSuffixedParam(key: string, field: string): string | undefined {
  const m = new RegExp(`^${field}_([a-z]{2})(?:[-_][A-Za-z]{2})?$`).exec(key);
  return m ? m[1] : undefined;
}

function newProduct(input: EditInput, ctx: EnrichmentContext): Product {
  const { params, code, userId, now } = input;
  const lang = normalizeLanguageCode(params.lang ?? "") ?? normalizeLanguageCode(params.lc ?? "") ?? "en";
  const product: Product = {
    _id: code,
    code,
    created_t: now,
    creator: userId,
    entry_dates_tags: dateTags(now),
    id: code,
    lang,
    lc: lang,
    popularity_key: 0,
  };
  const country = params.cc === undefined ? undefined : countryFromCode(ctx.taxonomies, params.cc);
  if (country !== undefined) {
    product.countries = country;
    product.countries_lc = "en";
  }
  return product;
}

/** A nutrient whose aggregated value is not a finite number (1e308 kg is ∞ g), or undefined. */
function outOfRangeNutrition(product: Product): string | undefined {
  const nutrients = nutritionOf(product)?.aggregated_set?.nutrients ?? {};
  for (const [nid, nutrient] of Object.entries(nutrients)) if (!Number.isFinite(nutrient.value)) return nid;
  for (const set of nutritionOf(product)?.input_sets ?? []) {
    for (const [nid, entry] of Object.entries(set.nutrients ?? {})) {
      if (entry.value_computed !== undefined && !Number.isFinite(entry.value_computed)) return nid;
    }
  }
  return undefined;
}

function nidOfNutrimentKey(key: string): string {
  return key.replace(/(_prepared)?(_100g|_serving|_value|_unit|_modifier|_label)?$/, "");
}

/** What the contributor typed, per nutrient across the input sets (computed values left out). */
function typedNutrients(nutrition: unknown): Map<string, string> {
  const typed = new Map<string, string[]>();
  const sets = (nutrition as { input_sets?: unknown })?.input_sets;
  for (const set of Array.isArray(sets) ? sets : []) {
    const s = set as { source?: string; preparation?: string; per?: string; nutrients?: Record<string, unknown> };
    for (const [nid, entry] of Object.entries(s.nutrients ?? {})) {
      const { value_computed: _computed, ...typedPart } = entry as Record<string, unknown>;
      if (Object.keys(typedPart).every((k) => k === "unit")) continue;
      const list = typed.get(nid) ?? [];
      list.push(`${s.source}/${s.preparation}/${s.per}:${JSON.stringify(typedPart)}`);
      typed.set(nid, list);
    }
    for (const nid of (set as { unspecified_nutrients?: string[] }).unspecified_nutrients ?? []) {
      typed.set(nid, [...(typed.get(nid) ?? []), `${s.source}/${s.preparation}/${s.per}:-`]);
    }
  }
  return new Map([...typed].map(([nid, list]) => [nid, list.sort().join("|")]));
}

/** Nutrients whose typed values differ are named `nutriments.<nid>`, as the classic layout named them. */
function changedNutritionFields(before: unknown, after: unknown): string[] {
  const a = typedNutrients(before);
  const b = typedNutrients(after);
  const fields = [...new Set([...a.keys(), ...b.keys()])].filter((nid) => a.get(nid) !== b.get(nid));
  const flag = (n: unknown) => (n as { no_nutrition_data_on_packaging?: boolean })?.no_nutrition_data_on_packaging;
  const names = fields.map((nid) => `nutriments.${nid}`);
  if (flag(before) !== flag(after)) names.push("nutrition");
  return names;
}

/** `<field>` (the amount, a numeric string as classic OFF stores it) and `<field>_unit` (g or ml), or neither. */
function setQuantity(product: Product, field: string, parsed: ParsedQuantity | undefined): void {
  if (parsed === undefined) {
    delete product[field];
    delete product[`${field}_unit`];
    return;
  }
  product[field] = String(parsed.amount);
  product[`${field}_unit`] = parsed.unit;
}

/** Sorted keys whose value differs; nutrient changes are named `nutriments.<nid>`. */
export function changedFields(before: Product | undefined, after: Product): string[] {
  const changed = new Set<string>();
  const old = before ?? {};
  for (const key of new Set([...Object.keys(old), ...Object.keys(after)])) {
    if (BOOKKEEPING_KEYS.has(key)) continue;
    if (key === "nutriments") {
      const a = getNutriments(old);
      const b = getNutriments(after);
      for (const nk of new Set([...Object.keys(a), ...Object.keys(b)])) {
        if (a[nk] !== b[nk]) changed.add(`nutriments.${nidOfNutrimentKey(nk)}`);
      }
    } else if (key === "nutrition") {
      for (const field of changedNutritionFields(old.nutrition, after.nutrition)) changed.add(field);
    } else if (JSON.stringify(old[key]) !== JSON.stringify(after[key])) {
      changed.add(key);
    }
  }
  return [...changed].sort();
}

export function applyProductEdit(current: Product | undefined, input: EditInput, ctx: EnrichmentContext): EditOutcome {
  const { params, userId, now } = input;
  // Products are written in schema 1003 (SCHEMA.md decision 1): an older stored document is upgraded
  // first, and what this write changed is measured against the upgraded document.
  const { before, product } = editableProduct(current, input, ctx);

  const previousLanguage = typeof product.lang === "string" ? product.lang : undefined;
  const sentLang = normalizeLanguageCode(params.lang ?? "");
  if (current !== undefined && sentLang !== undefined) {
    product.lang = sentLang;
    product.lc = sentLang;
  }
  const mainLanguage = typeof product.lang === "string" ? product.lang : "en";
  // Request language L (§4.3): lc if valid, else the product's main language.
  const L = normalizeLanguageCode(params.lc ?? "") ?? mainLanguage;

  for (const field of LANGUAGE_TEXT_FIELDS) {
    const unsuffixed = nonEmpty(params, field);
    if (unsuffixed !== undefined) product[`${field}_${L}`] = unsuffixed;
    for (const key of Object.keys(params)) {
      const lc = languageOfSuffixedParam(key, field);
      const value = lc === undefined ? undefined : nonEmpty(params, key);
      if (value !== undefined) product[`${field}_${lc}`] = value;
    }
    const mirror = product[`${field}_${mainLanguage}`];
    if (typeof mirror === "string") product[field] = mirror;
    else if (previousLanguage !== mainLanguage && product[field] === product[`${field}_${previousLanguage}`]) {
      // The main language changed to one without this text: the old language's mirror goes (§4.2). A
      // value that mirrored nothing (some dumps have one) stays.
      delete product[field];
    }
  }

  const quantity = nonEmpty(params, "quantity");
  if (quantity !== undefined) {
    product.quantity = quantity;
    setQuantity(product, "product_quantity", parseProductQuantityWithUnit(quantity));
  }
  const servingSize = nonEmpty(params, "serving_size");
  if (servingSize !== undefined) {
    product.serving_size = servingSize;
    setQuantity(product, "serving_quantity", parseServingQuantityWithUnit(servingSize));
  }

  const tagFields = Object.keys(TAG_FIELDS) as TagField[];
  for (const field of tagFields) {
    const text = nonEmpty(params, field);
    if (text === undefined) continue;
    product[field] = text;
    if (TAG_FIELDS[field].kind !== "free") product[`${field}_lc`] = L;
  }
  // add_<f> compares with the tags of the text as it is after <f> was applied (§4.4).
  const additions = tagFields.filter((field) => nonEmpty(params, `add_${field}`) !== undefined);
  if (additions.length > 0) {
    Object.assign(product, computeTagFields(product, ctx.taxonomies));
    for (const field of additions) {
      product[field] = appendTagsToText(product, field, nonEmpty(params, `add_${field}`) as string, L, ctx.taxonomies);
      if (TAG_FIELDS[field].kind !== "free" && product[`${field}_lc`] === undefined) product[`${field}_lc`] = L;
    }
  }

  // Refused rather than cut (tags.ts): what was sent, and the text it makes with what was there.
  for (const field of tagFields) {
    for (const parameter of [field, `add_${field}`]) {
      const sent = nonEmpty(params, parameter);
      if (sent === undefined) continue;
      const sentProblem = tagTextOverLimits(sent);
      if (sentProblem !== undefined) {
        return { ok: false, parameter, value: sent, message: `${parameter} ${sentProblem}` };
      }
      // What was sent is within the limits, but not the field once it is added (`add_<field>`).
      const mergedProblem = tagTextOverLimits(String(product[field]));
      if (mergedProblem !== undefined) {
        return { ok: false, parameter, value: sent, message: `${field} ${mergedProblem} with ${parameter} added` };
      }
    }
  }

  for (const field of PLAIN_TEXT_FIELDS) {
    const v = nonEmpty(params, field);
    if (v !== undefined) product[field] = v;
  }
  const nutrition = applyNutritionEdit(product, params, ctx.taxonomies.nutrients);
  if (!nutrition.ok) return nutrition;
  if (outOfRangeNutrition(product) !== undefined) {
    const nid = outOfRangeNutrition(product) as string;
    // The parameter of that nutrient, else of the one it was computed from, else the serving size.
    const counterpart: Record<string, string> = {
      salt: "sodium",
      sodium: "salt",
      "energy-kj": "energy",
      "energy-kcal": "energy",
    };
    const sentFor = (id: string | undefined) =>
      id === undefined
        ? undefined
        : Object.keys(params).find((k) => k.startsWith(`nutriment_${id}`) && !/_(unit|modifier)$/.test(k));
    const parameter = sentFor(nid) ?? sentFor(counterpart[nid]) ?? "serving_size";
    const sent = params[parameter] ?? "";
    return {
      ok: false,
      parameter,
      value: sent,
      message: `value out of range for ${parameter}: ${sent} (${nid} would not be a finite number)`,
    };
  }

  return finishEdit(before, product, userId, now, ctx);
}

/** Bookkeeping of every write, what changed, then the enrichment pipeline. */
export function finishEdit(
  before: Product | undefined,
  product: Product,
  userId: string,
  now: number,
  ctx: EnrichmentContext,
): EditOutcome & { ok: true } {
  product.last_modified_t = now;
  product.last_updated_t = now;
  product.last_modified_by = userId;
  product.last_editor = userId;
  product.last_edit_dates_tags = dateTags(now);
  product.editors_tags = [...new Set([...getStringArray(product, "editors_tags"), userId])].sort();

  // What the contributor changed, before derived fields (Nutri-Score, misc_tags) follow suit.
  const changed = changedFields(before, product);
  return { ok: true, product: enrichProduct(product, ctx, before), changedFields: changed };
}

/** The stored product upgraded to the written schema (SCHEMA.md decision 1), or a new one. */
export function editableProduct(current: Product | undefined, input: EditInput, ctx: EnrichmentContext) {
  const before =
    current === undefined || schemaVersionOf(current) >= WRITTEN_SCHEMA_VERSION
      ? current
      : convertProductSchema(current, WRITTEN_SCHEMA_VERSION, { taxonomies: ctx.taxonomies, now: input.now });
  const product: Product = before === undefined ? newProduct(input, ctx) : structuredClone(before);
  product.schema_version = Math.max(schemaVersionOf(product), WRITTEN_SCHEMA_VERSION);
  return { before, product };
}

export type PatchOutcome =
  | { ok: true; product: Product; changedFields: string[] }
  | { ok: false; field: string; message: string };

/**
 * An API v3 `PATCH` (SCHEMA.md §7.2): today the `nutrition` of the product object only; any other field
 * is refused by name, and nothing is written.
 */
export function applyProductPatch(
  current: Product | undefined,
  patch: Record<string, unknown>,
  input: Omit<EditInput, "params">,
  ctx: EnrichmentContext,
): PatchOutcome {
  const other = Object.keys(patch).find((key) => key !== "nutrition");
  if (other !== undefined) {
    return {
      ok: false,
      field: `product.${other}`,
      message: `product.${other} cannot be written through API v3 yet: use POST /cgi/product_jqm2.pl`,
    };
  }
  const { before, product } = editableProduct(current, { ...input, params: {} }, ctx);
  if (patch.nutrition !== undefined) {
    const result = applyNutritionPatch(product, patch.nutrition, ctx.taxonomies.nutrients);
    if (!result.ok) return { ok: false, field: `product.${result.field}`, message: result.message };
  }
  return finishEdit(before, product, input.userId, input.now, ctx);
}
