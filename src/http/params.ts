/**
 * Request parameters as OFF reads them: query string and form body merged, body winning, and for a
 * repeated parameter the first occurrence wins (API.md §1).
 */
import type { FastifyRequest } from "fastify";

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
    const v = firstValue(value);
    if (v !== undefined) out[key] = v;
  }
  return out;
}

export function queryParams(request: FastifyRequest): Params {
  return flattenParams(request.query);
}
