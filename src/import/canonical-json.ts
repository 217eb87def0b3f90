/**
 * The JSON text of a stored product: keys sorted as `sortKeysDeep` sorts them (http/json.ts), so that
 * the same document always has the same text and "unchanged" is a string comparison. Objects already
 * in that order (an export being imported again) are serialised without a copy.
 */
import type { Product } from "../domain/product.js";

/** Copies have no prototype, so that a `__proto__` key of the data stays a plain key. */
function emptyRecord(): Record<string, unknown> {
  return Object.create(null) as Record<string, unknown>;
}

/** Keys that objects enumerate first, in numeric order, whatever their insertion order. */
function isArrayIndex(key: string): boolean {
  const first = key.charCodeAt(0);
  if (first < 48 || first > 57) return false;
  if (key.length > 1 && first === 48) return false;
  for (let i = 1; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return key.length < 10 || Number(key) < 4294967295;
}

/** True when the object enumerates its keys as a sorted copy would (array indexes, then the rest sorted). */
function hasSortedKeys(keys: readonly string[]): boolean {
  let previous: string | undefined;
  for (const key of keys) {
    if (isArrayIndex(key)) continue;
    if (previous !== undefined && previous >= key) return false;
    previous = key;
  }
  return true;
}

/** `value` with every object's keys in sorted order; the same object when it already is. */
export function withSortedKeys(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      const sorted = withSortedKeys(item);
      if (sorted !== item && copy === undefined) copy = value.slice(0, i);
      if (copy !== undefined) copy.push(sorted);
    }
    return copy ?? value;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (hasSortedKeys(keys)) {
    let copy: Record<string, unknown> | undefined;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      const item = record[key];
      const sorted = withSortedKeys(item);
      if (sorted !== item && copy === undefined) {
        copy = emptyRecord();
        for (let j = 0; j < i; j++) copy[keys[j] as string] = record[keys[j] as string];
      }
      if (copy !== undefined) copy[key] = sorted;
    }
    return copy ?? record;
  }
  const copy = emptyRecord();
  for (const key of keys.sort()) copy[key] = withSortedKeys(record[key]);
  return copy;
}

/** A product's canonical JSON without `rev`, cut where `rev` goes: `${head}"rev":N${tail}`. */
export interface JsonAroundRev {
  /** `{` followed by the members before `rev`, each with its trailing comma. */
  head: string;
  /** The members after `rev`, each with its leading comma, then `}`. */
  tail: string;
}

export function splitAroundRev(product: Product): JsonAroundRev {
  const before = emptyRecord();
  const after = emptyRecord();
  let hasBefore = false;
  let hasAfter = false;
  for (const key of Object.keys(product)) {
    const value = product[key];
    // JSON.stringify leaves out undefined members; so does the stored text.
    if (key === "rev" || value === undefined) continue;
    // Array indexes sort before "rev" and are enumerated first: both agree on their place.
    if (key < "rev") {
      before[key] = withSortedKeys(value);
      hasBefore = true;
    } else {
      after[key] = withSortedKeys(value);
      hasAfter = true;
    }
  }
  const head = hasBefore ? `${JSON.stringify(withSortedKeys(before)).slice(0, -1)},` : "{";
  const tail = hasAfter ? `,${JSON.stringify(withSortedKeys(after)).slice(1)}` : "}";
  return { head, tail };
}

/** The whole document's text with its `rev`. */
export function joinAroundRev(parts: JsonAroundRev, rev: number): string {
  return `${parts.head}"rev":${rev}${parts.tail}`;
}
