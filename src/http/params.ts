/**
 * Request parameters as OFF reads them: query string and form body merged, body winning, and for a
 * repeated parameter the first occurrence wins (API.md §1).
 */
import type { FastifyRequest } from "fastify";
import { apiErrorBody, HttpError } from "./errors.js";

export type Params = Record<string, string>;

function scalarText(v: unknown): string | undefined {
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return undefined;
}

/**
 * A repeated parameter is an array of its values: the first one is kept. Anything deeper (an array
 * of arrays, an object) is not a parameter value and is ignored, however deep it is nested.
 */
function firstValue(v: unknown): string | undefined {
  return Array.isArray(v) ? scalarText(v[0]) : scalarText(v);
}

/** Flattens a parsed query or form object into first-occurrence string values. */
export function flattenParams(source: unknown): Params {
  const out: Params = {};
  if (source === null || typeof source !== "object" || Array.isArray(source)) return out;
  for (const [key, value] of Object.entries(source as Record<string, unknown>)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === "number" && Number.isInteger(first) && !Number.isSafeInteger(first)) {
      // Its digits were lost when the JSON was read (12345678901234567891 → …567000): a code would
      // silently become another product's.
      const shown = String(first);
      throw HttpError.invalidParameter(
        key,
        shown,
        `${key}: a JSON number beyond 2^53 cannot be read exactly; send it as a string`,
      );
    }
    const v = firstValue(value);
    if (v !== undefined) out[key] = v;
  }
  return out;
}

/**
 * False when `text` has a %-escape that is not one (`%ZZ`) or escapes bytes that are not UTF-8
 * (`caf%E9`, Latin-1): the parsers keep such escapes as they are, which would store and search for
 * text nobody sent.
 */
export function isValidPercentEncoding(text: string): boolean {
  if (!text.includes("%")) return true;
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

const NUL = "\u0000";

/**
 * Refuses a parameter whose name or value holds U+0000. No text foodbase keeps may: PostgreSQL's text
 * cannot (it answered 500 and refused the write), so both stores refuse it alike, before anything is read.
 */
export function refuseNulCharacters(params: Params): Params {
  for (const [name, value] of Object.entries(params)) {
    if (name.includes(NUL) || value.includes(NUL)) {
      const shown = JSON.stringify(name).slice(1, -1);
      throw HttpError.invalidParameter(
        name,
        value,
        `parameter ${shown} holds a NUL character (U+0000), which text may not hold`,
      );
    }
  }
  return params;
}

export function queryParams(request: FastifyRequest): Params {
  const url = request.raw.url ?? "";
  const query = url.indexOf("?");
  if (query >= 0 && url.includes("%", query) && !isValidPercentEncoding(url.slice(query + 1))) {
    const message = "the URL's query string is not valid percent-encoded UTF-8";
    throw new HttpError(400, apiErrorBody([{ id: "invalid_url", message }]));
  }
  const params = flattenParams(request.query);
  return query >= 0 && url.includes("%00", query) ? refuseNulCharacters(params) : params;
}
