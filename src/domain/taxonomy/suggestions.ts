/**
 * Taxonomy suggestions for autocompletion, as OFF's TaxonomySuggestions.pm makes them (its
 * `get_taxonomy_suggestions` without the packaging popularity statistics, which foodbase does not have):
 * the entries whose synonyms, in the request's language or language-less (`xx`), start with the typed
 * text come first, then those containing it, then those containing its words in order with other words
 * between; each group in the alphabetical order of the entries' names. Pure: the taxonomy is the input.
 */
import { getStringIdForLang } from "./string-id.js";
import type { Taxonomy } from "./types.js";
import { compareCodePoints } from "./variants.js";

/** What suggestions need of a taxonomy (CompiledTaxonomy has it). */
export interface SuggestableTaxonomy extends Pick<Taxonomy, "ids" | "name" | "displayName"> {
  synonymIdsByEntry(lc: string): ReadonlyMap<string, readonly string[]>;
}

export function isSuggestable(taxonomy: Taxonomy): taxonomy is Taxonomy & SuggestableTaxonomy {
  return typeof (taxonomy as Partial<SuggestableTaxonomy>).synonymIdsByEntry === "function";
}

/** OFF's default and hard limit on the number of suggestions. */
export const DEFAULT_SUGGESTION_LIMIT = 25;
export const MAX_SUGGESTION_LIMIT = 400;

interface Candidate {
  id: string;
  /** Synonym ids in the language, then language-less ones. */
  synonymIds: readonly string[];
}

/** How well a synonym list matches the typed text, best first (OFF's `best_match`). */
type Match = "start" | "inside" | "fuzzy" | "none";

/** Sorted candidates per taxonomy and language: sorting tens of thousands of names once per language. */
const candidatesOf = new WeakMap<SuggestableTaxonomy, Map<string, readonly Candidate[]>>();
/** Languages kept per taxonomy; a rarely asked language is rebuilt (a few ms) rather than kept forever. */
const MAX_CACHED_LANGUAGES = 16;

/**
 * The entries that have a synonym in `lc` or in `xx`, sorted as OFF's `cmp_taxonomy_tags_alphabetically`:
 * by name in `lc`, else in `xx`, else by id, comparing code points. Entries without such a synonym can
 * never match (OFF matches only those two languages), so they are left out.
 */
function candidates(taxonomy: SuggestableTaxonomy, lc: string): readonly Candidate[] {
  let byLanguage = candidatesOf.get(taxonomy);
  if (byLanguage === undefined) {
    byLanguage = new Map();
    candidatesOf.set(taxonomy, byLanguage);
  }
  const cached = byLanguage.get(lc);
  if (cached !== undefined) return cached;
  const inLanguage = taxonomy.synonymIdsByEntry(lc);
  const languageLess = lc === "xx" ? new Map<string, readonly string[]>() : taxonomy.synonymIdsByEntry("xx");
  const keyed: Array<Candidate & { sortKey: string }> = [];
  for (const id of taxonomy.ids()) {
    const own = inLanguage.get(id) ?? [];
    const xx = languageLess.get(id) ?? [];
    if (own.length === 0 && xx.length === 0) continue;
    const sortKey = taxonomy.name(id, lc) ?? taxonomy.name(id, "xx") ?? id;
    keyed.push({ id, synonymIds: xx.length === 0 ? own : [...own, ...xx], sortKey });
  }
  keyed.sort((a, b) => compareCodePoints(a.sortKey, b.sortKey));
  const sorted = keyed.map(({ id, synonymIds }) => ({ id, synonymIds }));
  if (byLanguage.size >= MAX_CACHED_LANGUAGES) {
    const oldest = byLanguage.keys().next().value;
    if (oldest !== undefined) byLanguage.delete(oldest);
  }
  byLanguage.set(lc, sorted);
  return sorted;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function bestMatch(stringId: string, fuzzy: RegExp, synonymIds: readonly string[]): Match {
  let best: Match = "none";
  for (const synonymId of synonymIds) {
    if (synonymId.startsWith(stringId)) return "start";
    if (synonymId.includes(stringId)) best = "inside";
    else if (best === "none" && fuzzy.test(synonymId)) best = "fuzzy";
  }
  return best;
}

export interface SuggestionRequest {
  /** Language of the typed text and of the names returned. */
  lc: string;
  /** What the user typed; a leading `fr:` searches and answers in that language, as OFF does. */
  text: string;
  /** At most this many suggestions (default 25, at most 400). */
  limit?: number;
}

/** Entry names to suggest for `text`, best matches first. */
export function taxonomySuggestions(taxonomy: SuggestableTaxonomy, request: SuggestionRequest): string[] {
  const limit = Math.min(Math.max(1, Math.trunc(request.limit ?? DEFAULT_SUGGESTION_LIMIT)), MAX_SUGGESTION_LIMIT);
  let lc = request.lc;
  let text = request.text;
  const prefixed = /^(\w\w):/.exec(text);
  if (prefixed !== null) {
    lc = prefixed[1] as string;
    text = text.slice(prefixed[0].length);
  }
  const stringId = getStringIdForLang(lc, text).replace(/^-/, "");
  // Whole words in order, anything between them (OFF's fuzzy match).
  const words = stringId.split("-");
  while (words.length > 0 && words[words.length - 1] === "") words.pop();
  const fuzzy = new RegExp(words.map(escapeRegExp).join(".*"), "u");
  const starting: string[] = [];
  const containing: string[] = [];
  const fuzzyMatches: string[] = [];
  for (const candidate of candidates(taxonomy, lc)) {
    const match = bestMatch(stringId, fuzzy, candidate.synonymIds);
    if (match === "none") continue;
    const name = taxonomy.displayName(lc, candidate.id);
    if (match === "start") {
      starting.push(name);
      if (starting.length >= limit) break;
    } else if (match === "inside") containing.push(name);
    else fuzzyMatches.push(name);
  }
  return [...starting, ...containing, ...fuzzyMatches].slice(0, limit);
}
