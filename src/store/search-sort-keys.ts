/**
 * Sort keys as numbers, for ordering match sets in memory (both stores: sqlite/search-columns.ts,
 * postgres/search-sort-keys.ts): one number per key and product, ordered as the database orders the
 * key, so that comparing numbers decides all but exact ties (names sharing their first 12 bytes, codes
 * sharing 15 digits), which the database decides.
 */
import type { SortOrder } from "../domain/search/query.js";

/** Numeric sort columns of search_products; `desc` ones keep NULL (missing) as −∞ so it sorts last. */
export const SORT_COLUMNS = {
  popularity: { desc: true },
  recency: { desc: true },
  nutriscore: { desc: false },
  nova: { desc: false },
  ecoscore: { desc: true },
  created: { desc: true },
  modified: { desc: true },
  scans: { desc: true },
  unique_scans: { desc: true },
  completeness: { desc: false },
} as const;

/** Columns made from `name_key`: its first 6 and next 6 UTF-8 bytes as numbers (see {@link nameKeys}). */
export const NAME_COLUMNS = ["name1", "name2"] as const;

export type SortColumn = keyof typeof SORT_COLUMNS | (typeof NAME_COLUMNS)[number];

/**
 * Two numbers ordered like the name's UTF-8 bytes (which is the order of its code points, SQLite's
 * BINARY order): bytes 0–5 and 6–11 in base 256, missing bytes as 0. Equal numbers mean the names
 * share their first 12 bytes and must be compared whole. A missing name (a BLOB) sorts last.
 */
export function nameKeys(name: string | Uint8Array): [number, number] {
  if (typeof name !== "string") return [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
  const bytes = Buffer.from(name.slice(0, 12), "utf8");
  let first = 0;
  let second = 0;
  for (let i = 0; i < 6; i++) first = first * 256 + (bytes[i] ?? 0);
  for (let i = 6; i < 12; i++) second = second * 256 + (bytes[i] ?? 0);
  return [first, second];
}

/**
 * A number whose order is the order of a normalised code (digits only) as text, for its first 15
 * digits: base 11, a missing digit (shorter code) being 0. Codes sharing 15 digits compare equal here.
 */
export function codeOrderKey(code: string): number {
  let key = 0;
  for (let i = 0; i < 15; i++) {
    const c = i < code.length ? code.charCodeAt(i) - 47 : 0;
    key = key * 11 + (c >= 1 && c <= 10 ? c : 0);
  }
  return key;
}

export interface SortKey {
  column: SortColumn;
  desc: boolean;
}

/** The in-memory keys of each sort order (search-columns.ts). */
export const ORDER_SORT_KEYS: Readonly<Record<Exclude<SortOrder, "relevance" | "nothing">, readonly SortKey[]>> = {
  popularity: [
    { column: "popularity", desc: true },
    { column: "recency", desc: true },
  ],
  nutriscore_score: [{ column: "nutriscore", desc: false }],
  nova_score: [{ column: "nova", desc: false }],
  ecoscore_score: [{ column: "ecoscore", desc: true }],
  created_t: [{ column: "created", desc: true }],
  last_modified_t: [{ column: "modified", desc: true }],
  scans_n: [{ column: "scans", desc: true }],
  unique_scans_n: [{ column: "unique_scans", desc: true }],
  completeness: [{ column: "completeness", desc: false }],
  // Names: their first 12 bytes in memory; names sharing those are compared whole (see best()).
  product_name: [
    { column: "name1", desc: false },
    { column: "name2", desc: false },
  ],
};

/**
 * The best `size` pids offered, by `compare` (< 0 when a comes first): a max-heap with the worst kept
 * on top, so that each offer costs one comparison once the heap is full and the pid loses.
 */
export class BestPids {
  readonly heap: number[] = [];

  constructor(
    private readonly size: number,
    private readonly compare: (a: number, b: number) => number,
  ) {}

  get full(): boolean {
    return this.heap.length >= this.size;
  }

  /** The worst pid kept (undefined while empty). */
  get worst(): number | undefined {
    return this.heap[0];
  }

  offer(pid: number): void {
    const heap = this.heap;
    const compare = this.compare;
    if (heap.length < this.size) {
      heap.push(pid);
      let i = heap.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (compare(heap[i] as number, heap[parent] as number) <= 0) break;
        [heap[i], heap[parent]] = [heap[parent] as number, heap[i] as number];
        i = parent;
      }
      return;
    }
    if (compare(pid, heap[0] as number) >= 0) return;
    heap[0] = pid;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let worst = i;
      if (l < heap.length && compare(heap[l] as number, heap[worst] as number) > 0) worst = l;
      if (r < heap.length && compare(heap[r] as number, heap[worst] as number) > 0) worst = r;
      if (worst === i) return;
      [heap[i], heap[worst]] = [heap[worst] as number, heap[i] as number];
      i = worst;
    }
  }
}
