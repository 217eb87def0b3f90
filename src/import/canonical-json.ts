/**
 * The stored text of a product: the layout of domain/product-document.ts (compact JSON, a newline
 * before each top-level key) with keys sorted as `sortKeysDeep` sorts them (http/json.ts), so that
 * the same document always has the same text and "unchanged" is a string comparison. Written directly,
 * without building sorted copies: dumps are not sorted, and copying every object costs more than
 * parsing it did. Values that need no sorting go through the native JSON.stringify.
 */
import type { Product } from "../domain/product.js";

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

/**
 * True when keys (as `Object.keys` lists them) are in the order a sorted copy enumerates them: array
 * indexes first (objects always list them first, in numeric order), then the other keys sorted.
 */
function inSortedOrder(keys: readonly string[]): boolean {
  let previous: string | undefined;
  for (const key of keys) {
    if (isArrayIndex(key)) continue;
    if (previous !== undefined && previous >= key) return false;
    previous = key;
  }
  return true;
}

/** Sorts `Object.keys` output in place into that order. */
function sortKeys(keys: string[]): string[] {
  if (inSortedOrder(keys)) return keys;
  let indexes = 0;
  while (indexes < keys.length && isArrayIndex(keys[indexes] as string)) indexes++;
  if (indexes === 0) return keys.sort();
  const rest = keys.slice(indexes).sort();
  for (let i = 0; i < rest.length; i++) keys[indexes + i] = rest[i] as string;
  return keys;
}

interface MemberPrefixes {
  /** `"key":` */
  first: string;
  /** `,"key":` */
  next: string;
}

const memberPrefixes = new Map<string, MemberPrefixes>();

/** Remembered: documents reuse the same few hundred keys. */
function prefixesOf(key: string): MemberPrefixes {
  let prefixes = memberPrefixes.get(key);
  if (prefixes === undefined) {
    const first = `${JSON.stringify(key)}:`;
    prefixes = { first, next: `,${first}` };
    if (memberPrefixes.size < 100_000) memberPrefixes.set(key, prefixes);
  }
  return prefixes;
}

/**
 * True when `JSON.stringify(value)` is already canonical: every object in it lists its keys in sorted
 * order. (Leaves are written the same way by both.)
 */
function isCanonical(value: unknown): boolean {
  if (value === null || typeof value !== "object") return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (item !== null && typeof item === "object" && !isCanonical(item)) return false;
    }
    return true;
  }
  const record = value as Record<string, unknown>;
  let previous: string | undefined;
  // for...in walks the keys without making an array of them (plain data: no inherited keys).
  for (const key in record) {
    const item = record[key];
    if (item !== null && typeof item === "object" && !isCanonical(item)) return false;
    const first = key.charCodeAt(0);
    if (first >= 48 && first <= 57 && isArrayIndex(key)) continue;
    if (previous !== undefined && previous >= key) return false;
    previous = key;
  }
  return true;
}

/** JSON text of a value, or undefined for what JSON.stringify leaves out (undefined, functions). */
function write(value: unknown): string | undefined {
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "number":
      return Number.isFinite(value) ? String(value) : "null";
    case "boolean":
      return value ? "true" : "false";
    case "object":
      if (value === null) return "null";
      // An export imported again, or generated data: nothing to sort, the native writer is faster.
      if (isCanonical(value)) return JSON.stringify(value);
      return Array.isArray(value) ? writeArray(value) : writeObject(value as Record<string, unknown>);
    default:
      return undefined;
  }
}

function writeArray(items: unknown[]): string {
  let out = "[";
  for (let i = 0; i < items.length; i++) {
    if (i > 0) out += ",";
    out += write(items[i]) ?? "null";
  }
  return `${out}]`;
}

function writeObject(record: Record<string, unknown>): string {
  return writeMembers(record, sortKeys(Object.keys(record)), "{", "}");
}

/** `open`, then the members of `keys` separated by commas, then `close`. */
function writeMembers(record: Record<string, unknown>, keys: readonly string[], open: string, close: string): string {
  let out = open;
  let first = true;
  for (const key of keys) {
    const text = write(record[key]);
    if (text === undefined) continue;
    const prefixes = prefixesOf(key);
    out += first ? prefixes.first : prefixes.next;
    out += text;
    first = false;
  }
  return out + close;
}

/** Canonical JSON text of any JSON value (keys sorted at every level). */
export function canonicalJson(value: unknown): string {
  return write(value) ?? "null";
}

/** A product's stored text without `rev`, cut where `rev` goes: the text is `${head}"rev":N${tail}`. */
export interface JsonAroundRev {
  /** `{`, the members before `rev` (each with its trailing comma), and the newline before `"rev"`. */
  head: string;
  /** The members after `rev` (each with its leading comma), then `\n}`. */
  tail: string;
}

/**
 * The stored text of `product` without its `rev`, cut where `rev` goes, and its keys in sorted order.
 * Top-level members are `\n"key":value`, separated by commas, and the text ends with `\n}`.
 */
export function splitAroundRev(product: Product): JsonAroundRev & { keys: string[] } {
  const present: string[] = [];
  for (const key in product) if (key !== "rev" && product[key] !== undefined) present.push(key);
  const keys = sortKeys(present);
  // Array indexes ("123") sort before "rev" and are enumerated first: both orders agree on their place.
  let cut = 0;
  while (cut < keys.length && (keys[cut] as string) < "rev") cut++;
  let head = "{";
  for (let i = 0; i < cut; i++) {
    const key = keys[i] as string;
    const text = write(product[key]);
    if (text !== undefined) head += `\n${prefixesOf(key).first}${text},`;
  }
  let tail = "";
  for (let i = cut; i < keys.length; i++) {
    const key = keys[i] as string;
    const text = write(product[key]);
    if (text !== undefined) tail += `,\n${prefixesOf(key).first}${text}`;
  }
  return { head: `${head}\n`, tail: `${tail}\n}`, keys };
}

/** The whole document's text with its `rev`. */
export function joinAroundRev(parts: JsonAroundRev, rev: number): string {
  return `${parts.head}"rev":${rev}${parts.tail}`;
}
