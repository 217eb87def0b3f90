/**
 * The `fields` parameter of reads and searches (API.md §3.1, §3.3): which keys of a stored product
 * an answer carries. Works on a {@link ProductView} and produces JSON text, so a read copies the
 * stored text of the fields it needs instead of parsing and re-serialising the whole product.
 * Display names come through the `displayTags` callback.
 */
import { type JsonText, joinJson, type ProductView } from "./product-document.js";

export interface FieldSelectionContext {
  /** Languages of the `lc` parameter, only when it was sent (§3.3). */
  requestLanguages: string[] | undefined;
  /** `<tagtype>_tags` → display names in `lc`. */
  displayTags(tagtype: string, tags: string[], lc: string): string[];
}

/** Fields whose unsuffixed form is chosen among languages at read time. */
const LANGUAGE_FIELDS = new Set(["product_name", "generic_name", "ingredients_text", "abbreviated_product_name"]);

const NUTRIENT_FIELD = /^(.+)_(100g|serving)$/;
const TAGS_IN_LANGUAGE = /^(.+)_tags_([a-z]{2})$/;
const NESTED_NUTRIENT = /^(nutriments|nutrients)\.(.+)$/;
const LANGUAGE_SUFFIX = /^[a-z]{2}$/;

export function parseFieldsParam(fields: string | undefined): string[] | "all" {
  if (fields === undefined || fields.trim() === "") return "all";
  return fields
    .split(",")
    .map((f) => f.trim())
    .filter((f) => f !== "");
}

/** Languages `xx` for which the product has a `<field>_xx` key, sorted. */
function languagesWithField(view: ProductView, field: string): string[] {
  const prefix = `${field}_`;
  return view
    .keys()
    .filter((k) => k.startsWith(prefix) && LANGUAGE_SUFFIX.test(k.slice(prefix.length)))
    .map((k) => k.slice(prefix.length))
    .sort();
}

/** §3.3: first non-empty value among request languages, main language, en, then the others alphabetically. */
export function languageFieldValue(
  view: ProductView,
  field: string,
  requestLanguages: string[] | undefined,
): string | undefined {
  const lang = view.value("lang");
  const preferred = [...(requestLanguages ?? []), ...(typeof lang === "string" ? [lang] : []), "en"];
  const nonEmpty = (lc: string): string | undefined => {
    const v = view.value(`${field}_${lc}`);
    return typeof v === "string" && v.trim() !== "" ? v : undefined;
  };
  for (const lc of preferred) {
    const v = nonEmpty(lc);
    if (v !== undefined) return v;
  }
  for (const lc of languagesWithField(view, field)) {
    const v = nonEmpty(lc);
    if (v !== undefined) return v;
  }
  return undefined;
}

/** The JSON text of one requested field, or undefined when it adds nothing (unknown names, absent keys). */
function fieldJson(view: ProductView, field: string, ctx: FieldSelectionContext): JsonText | undefined {
  if (LANGUAGE_FIELDS.has(field)) {
    const v = languageFieldValue(view, field, ctx.requestLanguages);
    return v === undefined ? view.json(field) : JSON.stringify(v);
  }
  const stored = view.json(field);
  if (stored !== undefined) return stored;
  if (field.endsWith("_languages")) {
    const base = field.slice(0, -"_languages".length);
    const out: Record<string, unknown> = {};
    for (const lc of languagesWithField(view, base)) out[lc] = view.value(`${base}_${lc}`);
    return JSON.stringify(out);
  }
  const tagsMatch = TAGS_IN_LANGUAGE.exec(field);
  if (tagsMatch) {
    const [, tagtype, lc] = tagsMatch as unknown as [string, string, string];
    const tags = view.value(`${tagtype}_tags`);
    return Array.isArray(tags) ? JSON.stringify(ctx.displayTags(tagtype, tags as string[], lc)) : undefined;
  }
  if (NUTRIENT_FIELD.test(field)) {
    const value = nutrimentValue(view, field);
    return value === undefined ? undefined : JSON.stringify(value);
  }
  return undefined;
}

/** A nutriment of the product: its own keys only (`toString`, `__proto__` are not nutrients). */
function nutrimentValue(view: ProductView, name: string): unknown {
  const n = view.value("nutriments");
  if (n === null || typeof n !== "object" || Array.isArray(n) || !Object.hasOwn(n, name)) return undefined;
  return (n as Record<string, unknown>)[name];
}

/** The JSON text of the object an answer carries as `product`, keys sorted (API.md §1 Encoding). */
export function selectFieldsJson(view: ProductView, fields: string | undefined, ctx: FieldSelectionContext): JsonText {
  const list = parseFieldsParam(fields);
  if (list === "all" || (list.length === 1 && (list[0] === "raw" || list[0] === "all"))) return view.allJson();
  const out = new Map<string, JsonText>();
  const nested = new Map<string, unknown>();
  for (const field of list) {
    if (field === "all" || field === "raw") {
      for (const key of view.keys()) out.set(key, view.json(key) as JsonText);
      continue;
    }
    if (field === "none" || out.has(field)) continue;
    const dot = NESTED_NUTRIENT.exec(field);
    if (dot) {
      const name = dot[2] as string;
      const value = nutrimentValue(view, name);
      if (value !== undefined) nested.set(name, value);
      continue;
    }
    const json = fieldJson(view, field, ctx);
    if (json !== undefined) out.set(field, json);
  }
  if (nested.size > 0 && !out.has("nutriments")) {
    const sorted = [...nested].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    out.set("nutriments", JSON.stringify(Object.fromEntries(sorted)));
  }
  const pieces: JsonText[] = ["{"];
  for (const key of [...out.keys()].sort()) {
    pieces.push(`${pieces.length > 1 ? "," : ""}${JSON.stringify(key)}:`, out.get(key) as JsonText);
  }
  pieces.push("}");
  return joinJson(pieces);
}
