/**
 * The compact, serialisable form of one built taxonomy: what the parser produces and what the cache
 * stores. Entries are numbered by their position in `ids` (code-point order), so numeric order of entry
 * numbers is code-point order of ids.
 */
export interface TaxonomyTables {
  tagtype: string;
  /** Canonical ids of every entry and synonym group, in code-point order. */
  ids: string[];
  /** Entry numbers of synonym groups (TAXONOMY.md §2.5): never tags, never canonicalisation results. */
  synonymGroups: number[];
  /** Per entry: lc → display name (first item of the first line of that language, first letter upper). */
  names: Record<string, string>[];
  /** Per entry: direct parents, ascending (= code-point order of ids). */
  parents: number[][];
  /** Per entry: all ancestors sorted by level descending, then id (TAXONOMY.md §4.6). */
  ancestors: number[][];
  /** Per entry: TAXONOMY.md §4.6 level. */
  levels: number[];
  /** Per entry: properties (`wikidata:en` → `Q1781317`), null when none. */
  properties: (Record<string, string> | null)[];
  /**
   * Per language: synonym id → entry number, including extended synonyms and stopword/plural variants.
   * Stored as two parallel arrays (keys, entry numbers) because that serialises and loads fastest.
   */
  synonyms: Record<string, SynonymTable>;
  /** Per language: stopword ids in file order. */
  stopwords: Record<string, string[]>;
  /**
   * Per entry: lc → items of that language's first line as written (OFF's `synonyms` of the JSON export).
   * Only kept when asked for (cross-checks); the server does not need them.
   */
  synonymLists?: Record<string, string[]>[];
  /** Build errors tolerated in lenient mode (lines or items that were skipped). */
  warnings?: string[];
}

export interface SynonymTable {
  keys: string[];
  entries: Int32Array;
}
