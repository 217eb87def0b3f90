/**
 * The runtime taxonomy (TAXONOMY.md §5–§7) over {@link TaxonomyTables}: canonicalisation, ancestors,
 * display names and (inherited) properties. No I/O.
 */

import { getStringIdForLang, splitLanguagePrefix, upperCaseFirst, WORD_CHAR } from "./string-id.js";
import type { TaxonomyTables } from "./tables.js";
import type { Taxonomy } from "./types.js";
import { compileStopwords, normalizePercentages, removePlurals, removeStopwords } from "./variants.js";

/** Languages tried when an item is not found in its own language (TAXONOMY.md §5.3 step 7). */
const FALLBACK_LANGUAGES = ["xx", "en"] as const;
/**
 * Ingredients-like taxonomies fall back to language-less and Latin names, never to English
 * (INGREDIENTS.md §3.5): "sugar" in a French list is not `en:sugar`.
 */
const INGREDIENT_FALLBACK_LANGUAGES = ["xx", "la"] as const;
const INGREDIENT_TAGTYPES: ReadonlySet<string> = new Set(["ingredients", "additives", "ingredients_processing"]);
/** `wikidata:en:Q1781317` (TAXONOMY.md §5.3 step 1). */
const LINKED_DATA = new RegExp(`^(${WORD_CHAR}+:${WORD_CHAR}{2}):(.+)`, "su");
/**
 * "Parent / Child" splitting (§5.3 step 8) recurses once per `/` or `(`; real names have one or two.
 * Beyond this many the split is not tried, which keeps pathological input linear.
 */
const MAX_SPLIT_SEPARATORS = 4;

export class CompiledTaxonomy implements Taxonomy {
  readonly tagtype: string;
  private readonly numberOf = new Map<string, number>();
  private readonly isGroup: Uint8Array;
  private readonly synonymMaps = new Map<string, Map<string, number>>();
  private readonly synonymIdsOfLanguage = new Map<string, ReadonlyMap<string, readonly string[]>>();
  private readonly stopwordPatterns = new Map<string, RegExp | undefined>();
  private readonly parentIds: (readonly string[] | undefined)[];
  private readonly ancestorIds: (readonly string[] | undefined)[];
  /** property key → value → entry number, or -1 when several entries share the value. */
  private readonly linkedData = new Map<string, Map<string, number>>();

  constructor(private readonly tables: TaxonomyTables) {
    this.tagtype = tables.tagtype;
    for (const [n, id] of tables.ids.entries()) this.numberOf.set(id, n);
    this.isGroup = new Uint8Array(tables.ids.length);
    for (const n of tables.synonymGroups) this.isGroup[n] = 1;
    this.parentIds = new Array(tables.ids.length);
    this.ancestorIds = new Array(tables.ids.length);
  }

  /** Build errors tolerated in a lenient build (lines or items skipped), for a startup log. */
  get buildWarnings(): readonly string[] {
    return this.tables.warnings ?? [];
  }

  /** The tables this taxonomy was built from (for the cache). */
  get compactForm(): TaxonomyTables {
    return this.tables;
  }

  /** Entry number of a real entry (synonym groups excluded). */
  private entryNumber(id: string): number | undefined {
    const n = this.numberOf.get(id);
    return n === undefined || this.isGroup[n] === 1 ? undefined : n;
  }

  has(id: string): boolean {
    return this.entryNumber(id) !== undefined;
  }

  *ids(): Iterable<string> {
    const { ids } = this.tables;
    for (let n = 0; n < ids.length; n++) if (this.isGroup[n] !== 1) yield ids[n] as string;
  }

  /** Number of real entries. */
  get size(): number {
    return this.tables.ids.length - this.tables.synonymGroups.length;
  }

  parents(id: string): readonly string[] {
    const n = this.entryNumber(id);
    if (n === undefined) return [];
    let parents = this.parentIds[n];
    if (parents === undefined) {
      parents = (this.tables.parents[n] as number[]).map((p) => this.tables.ids[p] as string);
      this.parentIds[n] = parents;
    }
    return parents;
  }

  ancestors(id: string): readonly string[] {
    const n = this.entryNumber(id);
    if (n === undefined) return [];
    let ancestors = this.ancestorIds[n];
    if (ancestors === undefined) {
      ancestors = (this.tables.ancestors[n] as number[]).map((p) => this.tables.ids[p] as string);
      this.ancestorIds[n] = ancestors;
    }
    return ancestors;
  }

  /** True when `id` is `ancestor` or one of its descendants. */
  isA(id: string, ancestor: string): boolean {
    return id === ancestor || this.ancestors(id).includes(ancestor);
  }

  level(id: string): number {
    const n = this.entryNumber(id);
    return n === undefined ? 0 : (this.tables.levels[n] as number);
  }

  property(id: string, key: string): string | undefined {
    const n = this.entryNumber(id);
    return n === undefined ? undefined : this.tables.properties[n]?.[key];
  }

  /** Every property of an entry (`wikidata:en` → value). */
  properties(id: string): Readonly<Record<string, string>> {
    const n = this.entryNumber(id);
    return (n === undefined ? undefined : this.tables.properties[n]) ?? {};
  }

  inheritedProperty(id: string, key: string): { value: string; from: string } | undefined {
    if (!this.has(id)) return undefined;
    // Breadth-first, nearest definition wins; "undef" stops that branch (TAXONOMY.md §7.2).
    const queue: string[] = [id];
    const seen = new Set<string>();
    for (let head = 0; head < queue.length; head++) {
      const current = queue[head] as string;
      if (seen.has(current)) continue;
      seen.add(current);
      const value = this.property(current, key);
      if (value === undefined) queue.push(...this.parents(current));
      else if (value !== "undef") return { value, from: current };
    }
    return undefined;
  }

  name(id: string, lc: string): string | undefined {
    const n = this.entryNumber(id);
    return n === undefined ? undefined : this.tables.names[n]?.[lc];
  }

  /** Every display name of an entry (lc → name). */
  names(id: string): Readonly<Record<string, string>> {
    const n = this.entryNumber(id);
    return (n === undefined ? undefined : this.tables.names[n]) ?? {};
  }

  /** Items of an entry's line in `lc` as written; only when built with `keepSynonymLists`. */
  synonymList(id: string, lc: string): readonly string[] | undefined {
    const n = this.entryNumber(id);
    return n === undefined ? undefined : this.tables.synonymLists?.[n]?.[lc];
  }

  /**
   * Per entry, the synonym ids of `lc` that lead to it (its line's items, with their stopword and plural
   * variants): the reverse of the synonym table, built on first use per language, for suggestions.
   */
  synonymIdsByEntry(lc: string): ReadonlyMap<string, readonly string[]> {
    let byEntry = this.synonymIdsOfLanguage.get(lc);
    if (byEntry === undefined) {
      const built = new Map<string, string[]>();
      const table = this.tables.synonyms[lc];
      if (table !== undefined) {
        const { keys, entries } = table;
        for (let i = 0; i < keys.length; i++) {
          const n = entries[i] as number;
          if (this.isGroup[n] === 1) continue;
          const id = this.tables.ids[n] as string;
          const list = built.get(id);
          if (list === undefined) built.set(id, [keys[i] as string]);
          else list.push(keys[i] as string);
        }
      }
      byEntry = built;
      this.synonymIdsOfLanguage.set(lc, byEntry);
    }
    return byEntry;
  }

  private stopwordPattern(lc: string): RegExp | undefined {
    if (!this.stopwordPatterns.has(lc)) {
      this.stopwordPatterns.set(lc, compileStopwords(lc, this.tables.stopwords[lc] ?? []));
    }
    return this.stopwordPatterns.get(lc);
  }

  /** Stopword-free, plural-free form of an id (TAXONOMY.md §4.4). */
  private variant(lc: string, id: string): string {
    return removePlurals(lc, removeStopwords(lc, id, this.stopwordPattern(lc)));
  }

  /**
   * The synonym map of one language, built on first use: a start then pays only for the languages it
   * looks up (the ingredients taxonomy alone has about 190).
   */
  private synonymMap(lc: string): Map<string, number> | undefined {
    let map = this.synonymMaps.get(lc);
    if (map === undefined) {
      const table = this.tables.synonyms[lc];
      if (table === undefined) return undefined;
      map = new Map<string, number>();
      const { keys, entries } = table;
      for (let i = 0; i < keys.length; i++) map.set(keys[i] as string, entries[i] as number);
      this.synonymMaps.set(lc, map);
    }
    return map;
  }

  /** Entry number of a synonym id in `lc`; synonym groups never match (TAXONOMY.md §5.3 step 9). */
  private synonym(lc: string, id: string): number | undefined {
    if (id === "") return undefined;
    const n = this.synonymMap(lc)?.get(id);
    return n === undefined || this.isGroup[n] === 1 ? undefined : n;
  }

  private linkedDataEntry(key: string, value: string): number | undefined {
    let byValue = this.linkedData.get(key);
    if (byValue === undefined) {
      // Built once per property key, so that many `prop:lc:value` items stay cheap.
      byValue = new Map();
      this.tables.properties.forEach((properties, n) => {
        const v = properties?.[key];
        if (v === undefined || this.isGroup[n] === 1) return;
        byValue?.set(v, byValue.has(v) ? -1 : n);
      });
      this.linkedData.set(key, byValue);
    }
    const n = byValue.get(value);
    return n === undefined || n < 0 ? undefined : n;
  }

  /** Steps 3 to 7 of TAXONOMY.md §5.3 for one language and text (prefix already removed). */
  private lookup(lc: string, text: string): number | undefined {
    const normalized = normalizePercentages(text);
    const id = getStringIdForLang(lc, normalized);
    if (id === "") return undefined;
    const direct = this.synonym(lc, id);
    if (direct !== undefined) return direct;
    const withoutVariants = this.variant(lc, id);
    const candidates = [
      withoutVariants,
      withoutVariants.replace("anti-", "anti"),
      withoutVariants.replace(/anti([a-z])/, "anti-$1"),
    ];
    for (const candidate of candidates) {
      const found = this.synonym(lc, candidate);
      if (found !== undefined) return found;
    }
    // (parity) a plain match in a fallback language lets the next one override it; a match of the
    // stopword/plural form stops the search.
    let fallback: number | undefined;
    const fallbackLanguages = INGREDIENT_TAGTYPES.has(this.tagtype)
      ? INGREDIENT_FALLBACK_LANGUAGES
      : FALLBACK_LANGUAGES;
    for (const fallbackLc of fallbackLanguages) {
      if (fallbackLc === lc) continue;
      const fallbackId = getStringIdForLang(fallbackLc, normalized);
      const plain = this.synonym(fallbackLc, fallbackId);
      if (plain !== undefined) {
        fallback = plain;
        continue;
      }
      const reduced = this.synonym(fallbackLc, this.variant(fallbackLc, fallbackId));
      if (reduced !== undefined) {
        fallback = reduced;
        break;
      }
    }
    return fallback;
  }

  canonicalize(lc: string, text: string): string {
    let item = text;
    if (item.startsWith(" ")) item = item.slice(1);
    if (item.endsWith(" ")) item = item.slice(0, -1);
    const linked = LINKED_DATA.exec(item);
    if (linked !== null) {
      const n = this.linkedDataEntry(linked[1] as string, linked[2] as string);
      if (n !== undefined) return this.tables.ids[n] as string;
    }
    let itemLc = lc;
    const prefixed = splitLanguagePrefix(item);
    if (prefixed !== undefined) {
      itemLc = prefixed[0].toLowerCase();
      item = prefixed[1];
    }
    const found = this.lookup(itemLc, item);
    if (found !== undefined) return this.tables.ids[found] as string;
    const split = this.canonicalizeParts(itemLc, item);
    if (split !== undefined) return split;
    return `${itemLc}:${item}`;
  }

  /** TAXONOMY.md §5.3 step 8: "Parent / Child", "Synonym (Synonym)". */
  private canonicalizeParts(lc: string, item: string): string | undefined {
    const at = item.search(/[/(]/);
    if (at < 0) return undefined;
    let separators = 0;
    for (let i = at; i < item.length; i++) {
      const c = item.charCodeAt(i);
      if ((c === 0x2f || c === 0x28) && ++separators > MAX_SPLIT_SEPARATORS) return undefined;
    }
    const left = this.canonicalize(lc, item.slice(0, at));
    const right = this.canonicalize(lc, item.slice(at + 1));
    if (!this.has(left) || !this.has(right)) return undefined;
    if (this.isA(left, right)) return left;
    if (this.isA(right, left)) return right;
    return undefined;
  }

  displayName(targetLc: string, tag: string): string {
    const prefixed = splitLanguagePrefix(tag);
    const tagLc = prefixed === undefined ? targetLc : prefixed[0].toLowerCase();
    const rest = prefixed === undefined ? tag : prefixed[1];
    const n = this.entryNumber(`${tagLc}:${getStringIdForLang(tagLc, rest)}`);
    const names = n === undefined ? undefined : this.tables.names[n];
    const direct = names?.[targetLc] ?? names?.xx;
    if (direct !== undefined) return direct;
    // An entry made language-less (`xx:`) answers for the text in every language (TAXONOMY.md §6 rule 4).
    const languageLess = this.synonym("xx", getStringIdForLang("xx", rest));
    if (languageLess !== undefined) {
      const other = this.tables.names[languageLess];
      const otherName = other?.[targetLc] ?? other?.xx;
      if (otherName !== undefined) return otherName;
    }
    const inTagLanguage = names?.[tagLc];
    if (inTagLanguage !== undefined) return `${tagLc}:${inTagLanguage}`;
    return targetLc === tagLc ? upperCaseFirst(rest) : `${tagLc}:${rest}`;
  }
}
