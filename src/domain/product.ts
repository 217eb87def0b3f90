/**
 * The product document as OFF serves it: a flat JSON object with well-known keys
 * (`code`, `product_name_<lc>`, `categories_tags`, `nutriments`, ...). Kept as an open record because
 * OFF products carry hundreds of optional keys and imports must round-trip unknown ones unchanged.
 */
export type Product = Record<string, unknown>;

/**
 * The largest revision number a product can have: both stores keep `rev` in a 32-bit column (PostgreSQL's
 * INTEGER). A read asking for a larger one finds nothing; a dump's larger `rev` is not carried over.
 */
export const MAX_REVISION = 2_147_483_647;

/** `nutriments` object: `<nid>`, `<nid>_100g`, `<nid>_unit`, `<nid>_modifier`, ... */
export type Nutriments = Record<string, number | string>;

export function getString(product: Product, key: string): string | undefined {
  const v = product[key];
  return typeof v === "string" ? v : undefined;
}

export function getNutriments(product: Product): Nutriments {
  const n = product.nutriments;
  return n !== null && typeof n === "object" && !Array.isArray(n) ? (n as Nutriments) : {};
}

export function getStringArray(product: Product, key: string): string[] {
  const v = product[key];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
}
