/**
 * Memoised canonicalisation: ingredient lists repeat the same words (sugar, salt, water…) across
 * products, and the analysis looks each fragment up in several taxonomies, several times.
 */
import type { Taxonomy } from "../taxonomy/types.js";

/** Entries kept per taxonomy before the memo starts again (bounds memory on varied input). */
const MAX_ENTRIES = 100_000;

const memos = new WeakMap<Taxonomy, Map<string, string>>();

/** `taxonomy.canonicalize(lc, text)`, remembered. */
export function canonicalizeMemo(taxonomy: Taxonomy, lc: string, text: string): string {
  let memo = memos.get(taxonomy);
  if (memo === undefined) {
    memo = new Map();
    memos.set(taxonomy, memo);
  }
  const key = `${lc}\u0000${text}`;
  let id = memo.get(key);
  if (id === undefined) {
    id = taxonomy.canonicalize(lc, text);
    if (memo.size >= MAX_ENTRIES) memo.clear();
    memo.set(key, id);
  }
  return id;
}
