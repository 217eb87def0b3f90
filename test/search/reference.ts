/**
 * Expected search answers worked out from the fixture documents themselves (API.md §5), written from
 * the spec without the implementation's code: filters are plain array and number tests, orders are
 * comparators of §5.5.
 *
 * Fixture: test/fixtures/search-products.jsonl.gz = `foodbase generate --count 400 --seed 5` (OFF-shaped
 * products with their computed fields), then test/fixtures/search-extra.jsonl = 8 hand-made products
 * (orange juices graded A, accents, German, a brand with a hyphen, missing sort keys), imported in that
 * order.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";

export type Doc = Record<string, unknown>;

export const FIXTURE_GENERATED = join(import.meta.dirname, "../fixtures/search-products.jsonl.gz");
export const FIXTURE_EXTRA = join(import.meta.dirname, "../fixtures/search-extra.jsonl");

function lines(text: string): Doc[] {
  return text
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Doc);
}

/** Every fixture product, in import (storage) order. */
export const PRODUCTS: Doc[] = [
  ...lines(gunzipSync(readFileSync(FIXTURE_GENERATED)).toString("utf8")),
  ...lines(readFileSync(FIXTURE_EXTRA, "utf8")),
];

export function tagsOf(p: Doc, tagtype: string): string[] {
  const v = p[`${tagtype}_tags`];
  return Array.isArray(v) ? (v as string[]) : [];
}

export function has(p: Doc, tagtype: string, tag: string): boolean {
  return tagsOf(p, tagtype).includes(tag);
}

export function nutrient(p: Doc, key: string): number | undefined {
  const n = p.nutriments as Record<string, unknown> | undefined;
  const v = n?.[key];
  return typeof v === "number" ? v : undefined;
}

function num(p: Doc, key: string): number | undefined {
  const v = p[key];
  return typeof v === "number" ? v : undefined;
}

/** Missing values last; `dir` 1 ascending, −1 descending. */
function byNumber(a: number | undefined, b: number | undefined, dir: 1 | -1): number {
  if (a === undefined && b === undefined) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  return dir * (a - b);
}

function byCode(a: Doc, b: Doc): number {
  const ca = a.code as string;
  const cb = b.code as string;
  return ca < cb ? -1 : ca > cb ? 1 : 0;
}

function name(p: Doc): string | undefined {
  const v = p.product_name;
  return typeof v === "string" && v.trim() !== "" ? v.toLowerCase() : undefined;
}

/** §5.5 orders. */
export const ORDERS: Record<string, (a: Doc, b: Doc) => number> = {
  popularity: (a, b) => {
    const pa = num(a, "popularity_key");
    const pb = num(b, "popularity_key");
    const first = byNumber(pa, pb, -1);
    if (first !== 0) return first;
    // Products without popularity (0 or absent) are ordered by last_modified_t descending.
    if ((pa ?? 0) === 0) {
      const second = byNumber(num(a, "last_modified_t"), num(b, "last_modified_t"), -1);
      if (second !== 0) return second;
    }
    return byCode(a, b);
  },
  nutriscore_score: (a, b) => byNumber(num(a, "nutriscore_score"), num(b, "nutriscore_score"), 1) || byCode(a, b),
  nova_score: (a, b) => byNumber(num(a, "nova_group"), num(b, "nova_group"), 1) || byCode(a, b),
  ecoscore_score: (a, b) => byNumber(num(a, "ecoscore_score"), num(b, "ecoscore_score"), -1) || byCode(a, b),
  created_t: (a, b) => byNumber(num(a, "created_t"), num(b, "created_t"), -1) || byCode(a, b),
  last_modified_t: (a, b) => byNumber(num(a, "last_modified_t"), num(b, "last_modified_t"), -1) || byCode(a, b),
  scans_n: (a, b) => byNumber(num(a, "scans_n"), num(b, "scans_n"), -1) || byCode(a, b),
  unique_scans_n: (a, b) => byNumber(num(a, "unique_scans_n"), num(b, "unique_scans_n"), -1) || byCode(a, b),
  completeness: (a, b) => byNumber(num(a, "completeness"), num(b, "completeness"), 1) || byCode(a, b),
  product_name: (a, b) => {
    const na = name(a);
    const nb = name(b);
    if (na !== nb) {
      if (na === undefined) return 1;
      if (nb === undefined) return -1;
      return na < nb ? -1 : 1;
    }
    return byCode(a, b);
  },
};

/** Codes of the products passing `filter`, in `order` (storage order when undefined). */
export function expectedCodes(filter: (p: Doc) => boolean, order?: keyof typeof ORDERS): string[] {
  const kept = PRODUCTS.filter(filter);
  if (order !== undefined) kept.sort(ORDERS[order]);
  return kept.map((p) => p.code as string);
}

/** Lowercase, accents removed: how a user expects text to compare. */
export function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}
