/**
 * Request parameters as OFF reads them: query string and form body merged, body winning, and for a
 * repeated parameter the first occurrence wins (API.md §1).
 */
import type { FastifyRequest } from "fastify";

export type Params = Record<string, string>;

function firstValue(v: unknown): string | undefined {
  if (Array.isArray(v)) return v.length > 0 ? firstValue(v[0]) : undefined;
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return undefined;
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
