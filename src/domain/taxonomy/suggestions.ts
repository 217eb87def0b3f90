/**
 * Names of a taxonomy's entries that start with what a person is typing (edit form suggestions): in the
 * reader's language, else English; accents and case ignored. Entries whose name starts with the text
 * come first, then those with a later word starting with it; shorter names first within each.
 */
import type { Taxonomy } from "./types.js";

function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

export function suggestNames(taxonomy: Taxonomy, lc: string, typed: string, limit: number): string[] {
  const prefix = fold(typed.trim());
  if (prefix.length < 2) return [];
  const starts: string[] = [];
  const inside: string[] = [];
  for (const id of taxonomy.ids()) {
    const name = taxonomy.name(id, lc) ?? taxonomy.name(id, "en");
    if (name === undefined) continue;
    const folded = fold(name);
    if (folded.startsWith(prefix)) starts.push(name);
    else if (folded.includes(` ${prefix}`)) inside.push(name);
  }
  const order = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
  return [...new Set([...starts.sort(order), ...inside.sort(order)])].slice(0, limit);
}
