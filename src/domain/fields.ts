/**
 * The `fields` parameter of reads and searches (API.md §3.1, §3.3): which keys of a stored product
 * an answer carries. Pure: display names come through the `displayTags` callback.
 */
import type { Product } from "./product.js";

export interface FieldSelectionContext {
  /** Languages of the `lc` parameter, only when it was sent (§3.3). */
  requestLanguages: string[] | undefined;
  /** `<tagtype>_tags` → display names in `lc`; undefined when the tag type is not known. */
  displayTags(tagtype: string, tags: string[], lc: string): string[];
}

/** Fields whose unsuffixed form is chosen among languages at read time. */
const LANGUAGE_FIELDS = new Set(["product_name", "generic_name", "ingredients_text", "abbreviated_product_name"]);

const NUTRIENT_FIELD = /^(.+)_(100g|serving)$/;
const TAGS_IN_LANGUAGE = /^(.+)_tags_([a-z]{2})$/;

export function parseFieldsParam(fields: string | undefined): string[] | "all" {
  if (fields === undefined || fields.trim() === "") return "all";
  return fields
    .split(",")
    .map((f) => f.trim())
    .filter((f) => f !== "");
}

/** §3.3: first non-empty value among request languages, main language, en, then the others alphabetically. */
export function languageFieldValue(
  product: Product,
  field: string,
  requestLanguages: string[] | undefined,
): string | undefined {
  const candidates: string[] = [...(requestLanguages ?? [])];
  if (typeof product.lang === "string") candidates.push(product.lang);
  candidates.push("en");
  const prefix = `${field}_`;
  const others = Object.keys(product)
    .filter((k) => k.startsWith(prefix) && /^[a-z]{2}$/.test(k.slice(prefix.length)))
    .map((k) => k.slice(prefix.length))
    .sort();
  candidates.push(...others);
  for (const lc of candidates) {
    const v = product[`${field}_${lc}`];
    if (typeof v === "string" && v.trim() !== "") return v;
  }
  return undefined;
}

function languagesOf(product: Product, field: string): Record<string, unknown> {
  const prefix = `${field}_`;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(product).sort()) {
    if (key.startsWith(prefix) && /^[a-z]{2}$/.test(key.slice(prefix.length)))
      out[key.slice(prefix.length)] = product[key];
  }
  return out;
}

function nutrimentsOf(product: Product): Record<string, unknown> | undefined {
  const n = product.nutriments;
  return n !== null && typeof n === "object" && !Array.isArray(n) ? (n as Record<string, unknown>) : undefined;
}

/** Adds one requested field to `out`; unknown names add nothing. */
function addField(out: Record<string, unknown>, product: Product, field: string, ctx: FieldSelectionContext): void {
  if (LANGUAGE_FIELDS.has(field)) {
    const v = languageFieldValue(product, field, ctx.requestLanguages) ?? product[field];
    if (v !== undefined) out[field] = v;
    return;
  }
  if (field in product) {
    out[field] = product[field];
    return;
  }
  if (field.endsWith("_languages")) {
    const base = field.slice(0, -"_languages".length);
    out[field] = languagesOf(product, base);
    return;
  }
  const tagsMatch = TAGS_IN_LANGUAGE.exec(field);
  if (tagsMatch) {
    const [, tagtype, lc] = tagsMatch as unknown as [string, string, string];
    const tags = product[`${tagtype}_tags`];
    if (Array.isArray(tags)) out[field] = ctx.displayTags(tagtype, tags as string[], lc);
    return;
  }
  const dot = /^(nutriments|nutrients)\.(.+)$/.exec(field);
  if (dot) {
    const name = dot[2] as string;
    const value = nutrimentsOf(product)?.[name];
    if (value !== undefined) {
      const nested = (out.nutriments as Record<string, unknown> | undefined) ?? {};
      nested[name] = value;
      out.nutriments = nested;
    }
    return;
  }
  if (NUTRIENT_FIELD.test(field)) {
    const value = nutrimentsOf(product)?.[field];
    if (value !== undefined) out[field] = value;
  }
}

/** The object an answer carries as `product`, keys sorted (API.md §1 Encoding). */
export function selectFields(product: Product, fields: string | undefined, ctx: FieldSelectionContext): Product {
  const list = parseFieldsParam(fields);
  if (list === "all") return product;
  if (list.length === 1 && (list[0] === "raw" || list[0] === "all")) return product;
  if (list.length === 1 && list[0] === "none") return {};
  const out: Record<string, unknown> = {};
  for (const field of list) {
    if (field === "all" || field === "raw") Object.assign(out, product);
    else if (field !== "none") addField(out, product, field, ctx);
  }
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(out).sort()) sorted[key] = out[key];
  return sorted;
}
