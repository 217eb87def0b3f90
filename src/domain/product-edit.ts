/**
 * Applies one `product_jqm2.pl` write to a product (API.md §4.2–§4.7): fields, per-language fields,
 * tag texts, quantities, nutriments and metadata. Pure: it returns the new document, then the
 * enrichment pipeline (enrich.ts) recomputes everything that derives from it.
 */
import { type EnrichmentContext, enrichProduct } from "./enrich.js";
import { normalizeLanguageCode } from "./language.js";
import { applyNutrimentEdit } from "./nutriments/index.js";
import type { Nutriments, Product } from "./product.js";
import { getNutriments, getStringArray } from "./product.js";
import { parseProductQuantity, parseServingQuantity } from "./quantity.js";
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

function nidOfNutrimentKey(key: string): string {
  return key.replace(/(_prepared)?(_100g|_serving|_value|_unit|_modifier|_label)?$/, "");
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
    } else if (JSON.stringify(old[key]) !== JSON.stringify(after[key])) {
      changed.add(key);
    }
  }
  return [...changed].sort();
}

export function applyProductEdit(current: Product | undefined, input: EditInput, ctx: EnrichmentContext): EditOutcome {
  const { params, userId, now } = input;
  const product: Product = current === undefined ? newProduct(input, ctx) : structuredClone(current);

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
    const q = parseProductQuantity(quantity);
    if (q === undefined) delete product.product_quantity;
    else product.product_quantity = q;
  }
  const servingSize = nonEmpty(params, "serving_size");
  if (servingSize !== undefined) {
    product.serving_size = servingSize;
    const q = parseServingQuantity(servingSize);
    if (q === undefined) delete product.serving_quantity;
    else product.serving_quantity = q;
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
  for (const key of ["nutrition_data_per", "nutrition_data_prepared_per"] as const) {
    const v = nonEmpty(params, key);
    if (v === "100g" || v === "serving") product[key] = v;
  }
  const noNutrition = nonEmpty(params, "no_nutrition_data")?.toLowerCase();
  if (noNutrition === "on" || noNutrition === "1" || noNutrition === "true") product.no_nutrition_data = "on";
  else if (noNutrition === "off" || noNutrition === "0" || noNutrition === "false") product.no_nutrition_data = "";

  const servingQuantity = Number(product.serving_quantity);
  const nutriments = applyNutrimentEdit(
    getNutriments(product) as Nutriments,
    params,
    {
      servingQuantity: Number.isFinite(servingQuantity) ? servingQuantity : undefined,
      nutritionDataPer: typeof product.nutrition_data_per === "string" ? product.nutrition_data_per : undefined,
      nutritionDataPreparedPer:
        typeof product.nutrition_data_prepared_per === "string" ? product.nutrition_data_prepared_per : undefined,
      noNutritionData: product.no_nutrition_data === "on",
    },
    ctx.taxonomies.nutrients,
  );
  if (!nutriments.ok)
    return { ok: false, parameter: nutriments.parameter, value: nutriments.value, message: nutriments.message };
  product.nutriments = nutriments.nutriments;
  if (nutriments.nutritionDataOn) product.nutrition_data = "on";
  if (nutriments.nutritionDataPreparedOn) product.nutrition_data_prepared = "on";

  product.last_modified_t = now;
  product.last_updated_t = now;
  product.last_modified_by = userId;
  product.last_editor = userId;
  product.last_edit_dates_tags = dateTags(now);
  product.editors_tags = [...new Set([...getStringArray(product, "editors_tags"), userId])].sort();

  // What the contributor changed, before derived fields (Nutri-Score, misc_tags) follow suit.
  const changed = changedFields(current, product);
  return { ok: true, product: enrichProduct(product, ctx, current), changedFields: changed };
}
