/**
 * Type checks of an imported record. OFF's dump holds hundreds of keys, most kept without a look; the
 * ones checked here are those foodbase reads (reads, search, export, enrichment), whose wrong type
 * would break a later request instead of this import. `null` stands for "unknown" in the dump and is
 * accepted everywhere but in `code`.
 */
import { TAG_FIELDS } from "../domain/tags.js";

/** Numbers that filters and sorting compare (Unix seconds, popularity). */
const NUMBER_FIELDS = ["created_t", "last_modified_t", "last_updated_t", "popularity_key"];
/** Text fields: language, quantity, tag texts (`categories`, `brands`, ...). */
const STRING_FIELDS = ["lang", "lc", "quantity", ...Object.keys(TAG_FIELDS)];
/**
 * The type each of those keys must have. The record's own keys are walked and looked up here: looking
 * up in the record every key it may lack takes V8's slow path for each missing one, which cost more
 * than the rest of the checks.
 */
const EXPECTED_TYPE: ReadonlyMap<string, "number" | "string"> = new Map([
  ...NUMBER_FIELDS.map((key) => [key, "number"] as const),
  ...STRING_FIELDS.map((key) => [key, "string"] as const),
]);
/** `product_name`, `generic_name`, `ingredients_text` and their `_<xx>` variants. */
const LANGUAGE_TEXT_KEY = /^(?:product_name|generic_name|ingredients_text)(?:_[a-z]{2})?$/;
/** Arrays of tags: `<x>_tags`, `<x>_hierarchy`, `_keywords` (all end in `s` or `y`). */
const TAG_ARRAY_KEY = /(?:_tags|_hierarchy|^_keywords)$/;

/** First letter of `product_name`, `generic_name`, `ingredients_text`. */
function startsLikeLanguageText(key: string): boolean {
  const first = key.charCodeAt(0);
  return first === 112 || first === 103 || first === 105;
}

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  return `a ${typeof value}`;
}

function isStringArray(value: unknown[]): boolean {
  for (const item of value) if (typeof item !== "string") return false;
  return true;
}

/** Why the record cannot be imported as it is, or undefined when it can. */
export function wrongTypeReason(record: Record<string, unknown>): string | undefined {
  const code = record.code;
  if (typeof code !== "string") return `wrong type: code is ${typeName(code)}, expected a string`;
  const nutriments = record.nutriments;
  if (nutriments !== undefined && nutriments !== null) {
    if (typeof nutriments !== "object" || Array.isArray(nutriments)) {
      return `wrong type: nutriments is ${typeName(nutriments)}, expected an object`;
    }
    for (const key in nutriments) {
      const value = (nutriments as Record<string, unknown>)[key];
      if (value !== null && typeof value !== "number" && typeof value !== "string") {
        return `wrong type: nutriments.${key} is ${typeName(value)}, expected a number or a string`;
      }
    }
  }
  for (const key in record) {
    const value = record[key];
    if (value === null || value === undefined) continue;
    const expected = EXPECTED_TYPE.get(key);
    if (expected !== undefined) {
      if (typeof value !== expected) return `wrong type: ${key} is ${typeName(value)}, expected a ${expected}`;
      continue;
    }
    // Cheap character tests first: most keys are neither tag arrays nor language texts.
    const last = key.charCodeAt(key.length - 1);
    if ((last === 115 || last === 121) && TAG_ARRAY_KEY.test(key)) {
      if (!Array.isArray(value) || !isStringArray(value)) {
        const what = Array.isArray(value) ? "an array with a non-string item" : typeName(value);
        return `wrong type: ${key} is ${what}, expected an array of strings`;
      }
    } else if (typeof value !== "string" && startsLikeLanguageText(key) && LANGUAGE_TEXT_KEY.test(key)) {
      return `wrong type: ${key} is ${typeName(value)}, expected a string`;
    }
  }
  return undefined;
}
