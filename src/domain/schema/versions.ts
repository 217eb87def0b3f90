/**
 * Product schema versions and the API versions that serve them (SCHEMA.md §1, OFF's API.pm map).
 * A document without `schema_version` is read as 999, as OFF does (1000 when it already has
 * `environmental_score_grade`).
 */
import type { Product } from "../product.js";

export const CURRENT_SCHEMA_VERSION = 1004;
/** The schema foodbase writes products in (SCHEMA.md decision 1). */
export const WRITTEN_SCHEMA_VERSION = 1003;
/** The oldest schema a stored document may declare. */
export const OLDEST_SCHEMA_VERSION = 996;

const SCHEMA_OF_API: Readonly<Record<string, number>> = {
  "0": 996,
  "1": 997,
  "2": 998,
  "3": 999,
  "3.0": 999,
  "3.1": 1000,
  "3.2": 1001,
  "3.3": 1002,
  "3.4": 1002,
  "3.5": 1003,
};

/** `v2` / `2` / `v3.5` → the schema its answers carry; unmapped later versions get the current one. */
export function schemaVersionOfApi(apiVersion: string): number {
  const version = apiVersion.startsWith("v") ? apiVersion.slice(1) : apiVersion;
  return SCHEMA_OF_API[version] ?? CURRENT_SCHEMA_VERSION;
}

/** The schema a stored document is in. */
export function schemaVersionOf(product: Product): number {
  const declared = product.schema_version;
  const version = typeof declared === "number" && Number.isInteger(declared) ? declared : 999;
  return version < 1000 && product.environmental_score_grade !== undefined ? 1000 : version;
}
