/**
 * Taxonomy parser and builder (TAXONOMY.md §2 and §4): reads OFF taxonomy source text and produces the
 * {@link TaxonomyTables}. Pure: the caller provides the text.
 */

import { getStringIdForLang, upperCaseFirst, WORD_CHAR } from "./string-id.js";
import type { SynonymTable, TaxonomyTables } from "./tables.js";
import type { Taxonomy } from "./types.js";
import {
  codePointLength,
  compareCodePoints,
  compileStopwords,
  removePlurals,
  removeStopwords,
  sortByCodePoints,
} from "./variants.js";

export interface TaxonomySource {
  /** Used in error messages (`categories.txt`). */
  name: string;
  text: string;
}

export interface BuildOptions {
  tagtype: string;
  /** Properties-only files merged after the main file (TAXONOMY.md §2.9). */
  supplements?: readonly TaxonomySource[];
  /**
   * Already built taxonomies by tag type: a property named like one of them (`categories:en:` in the
   * labels file) has its values canonicalised against it (TAXONOMY.md §2.7).
   */
  propertyTaxonomies?: ReadonlyMap<string, Taxonomy>;
  /** Keep the per-language item lists (for cross-checks against OFF's JSON export). */
  keepSynonymLists?: boolean;
  /**
   * Default true: any build error throws (TAXONOMY.md §2.8). When false, the offending line or item is
   * skipped as OFF does for its lenient taxonomies, and the errors end up in `tables.warnings`. Empty
   * language values stay fatal.
   */
  strict?: boolean;
}

/** The taxonomy cannot be built; OFF refuses to build it too (TAXONOMY.md §2.8). */
export class TaxonomyBuildError extends Error {
  constructor(
    readonly tagtype: string,
    readonly errors: readonly string[],
  ) {
    const shown = errors.slice(0, 20).join("\n");
    const more = errors.length > 20 ? `\n… and ${errors.length - 20} more` : "";
    super(`${errors.length} error(s) in the ${tagtype} taxonomy:\n${shown}${more}`);
    this.name = "TaxonomyBuildError";
  }
}

/** Taxonomies made of proper names get no stopword/plural variants (TAXONOMY.md §4.4, §8.6). */
const NO_VARIANT_TAGTYPES: ReadonlySet<string> = new Set(["countries", "origins"]);
/** OFF skips right-to-left scripts when generating extended synonyms. */
const NO_EXTENDED_SYNONYM_LANGUAGES: ReadonlySet<string> = new Set(["ar", "he"]);

const W = WORD_CHAR;
const PARENT_LINE = new RegExp(`^<\\s*(${W}{2}):`, "u");
const STOPWORDS_LINE = new RegExp(`^stopwords:(${W}{2}):`, "u");
const LANGUAGE_LINE = new RegExp(`^(synonyms:)?(${W}{2}):`, "u");
const PROPERTY_LINE = new RegExp(`^([a-z0-9_\\-.]+):(${W}{2}):`, "u");
const DIGIT_COMMA = /(?<=\p{Nd}),(?=\p{Nd})/gu;
const ROMAN_NUMERAL = /\(([ivx]+)\)/i;
const BLANK = /^\s*$/u;

/** Line sanitation of TAXONOMY.md §2.1 (steps 2 to 6). */
function sanitizeLine(raw: string): string {
  let line = raw.replace(/’/g, "'");
  if (line.includes(",")) line = line.replace(DIGIT_COMMA, "‚").replace(/\\,/g, "‚");
  if (line.includes("(")) line = line.replace(ROMAN_NUMERAL, "$1");
  return line.replace(/\s+$/u, "");
}

/** Perl's `split(/\s*,\s*\/, …)`: trailing empty fields are dropped. */
function splitItems(value: string): string[] {
  const items = value.split(/\s*,\s*/u);
  while (items.length > 0 && items[items.length - 1] === "") items.pop();
  return items;
}

function getOrCreate<K, V>(map: Map<K, V>, key: K, create: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = create();
    map.set(key, value);
  }
  return value;
}

function sortedKeys<K extends string>(map: ReadonlyMap<K, unknown>): K[] {
  return sortByCodePoints([...map.keys()]);
}

interface LineItems {
  items: string[];
  ids: string[];
}

class TaxonomyBuilder {
  private readonly errors: string[] = [];
  private readonly warnings: string[] = [];
  /** Errors that stay fatal in lenient mode. */
  private readonly fatalErrors: string[] = [];
  /** lc → local id → canonical id (OFF's translations_from, keyed `lc:localId` there). */
  private readonly translationsFrom = new Map<string, Map<string, string>>();
  /** canonical id → lc → display name (OFF's translations_to); its keys are all canonical ids. */
  private readonly translationsTo = new Map<string, Map<string, string>>();
  /** lc → synonym id → local id (the id of that language's display name). */
  private readonly synonyms = new Map<string, Map<string, string>>();
  /** lc → local id → items as written, with their ids. */
  private readonly synonymsFor = new Map<string, Map<string, LineItems>>();
  private readonly stopwordIds = new Map<string, string[]>();
  private readonly stopwordPatterns = new Map<string, RegExp | undefined>();
  private readonly groupBlocks = new Set<string>();
  private readonly realEntries = new Set<string>();
  private readonly directParents = new Map<string, Set<string>>();
  private readonly properties = new Map<string, Record<string, string>>();

  constructor(private readonly options: BuildOptions) {}

  build(source: TaxonomySource): TaxonomyTables {
    const lines = source.text.split("\n").map(sanitizeLine);
    this.readNamesAndSynonyms(source.name, lines);
    this.failOnErrors();
    this.addExtendedSynonyms();
    if (!NO_VARIANT_TAGTYPES.has(this.options.tagtype)) this.addStopwordAndPluralVariants();
    // Parents, language lines and properties see `(` and `)` as `-` (TAXONOMY.md §2.1).
    const hierarchyLines = lines.map((line) =>
      line.includes("(") || line.includes(")") ? line.replace(/[()]/g, "-") : line,
    );
    this.readParentsAndProperties(source.name, hierarchyLines);
    for (const supplement of this.options.supplements ?? []) {
      this.readSupplement(supplement.name, supplement.text.split("\n").map(sanitizeLine));
    }
    this.failOnErrors();
    const tables = this.toTables();
    this.failOnErrors();
    if (this.warnings.length > 0) tables.warnings = [...this.warnings];
    return tables;
  }

  private failOnErrors(): void {
    const strict = this.options.strict ?? true;
    const fatal = strict ? [...this.fatalErrors, ...this.errors] : this.fatalErrors;
    if (fatal.length > 0) throw new TaxonomyBuildError(this.options.tagtype, fatal);
    this.warnings.push(...this.errors.splice(0));
  }

  private stopwordPattern(lc: string): RegExp | undefined {
    if (!this.stopwordPatterns.has(lc)) {
      this.stopwordPatterns.set(lc, compileStopwords(lc, this.stopwordIds.get(lc) ?? []));
    }
    return this.stopwordPatterns.get(lc);
  }

  /** Phase 1 (TAXONOMY.md §2.4–§2.6, §4.2): names, direct synonyms, synonym groups, stopwords. */
  private readNamesAndSynonyms(file: string, lines: readonly string[]): void {
    let canonicalId: string | undefined;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] as string;
      if (BLANK.test(line)) {
        canonicalId = undefined;
        continue;
      }
      if (line.startsWith("#") || line.startsWith("<")) continue;
      const stopwords = STOPWORDS_LINE.exec(line);
      if (stopwords !== null) {
        const lc = stopwords[1] as string;
        const ids = getOrCreate(this.stopwordIds, lc, () => []);
        for (const word of splitItems(line.slice(stopwords[0].length).trimStart())) {
          const id = getStringIdForLang(lc, word);
          if (id !== "") ids.push(id);
        }
        continue;
      }
      const language = LANGUAGE_LINE.exec(line);
      if (language === null) continue;
      const isGroup = language[1] !== undefined;
      const lc = language[2] as string;
      const where = `${file}:${i + 1}`;
      const value = line.slice(language[0].length).trimStart();
      if (value === "") {
        this.fatalErrors.push(`${where}: empty value for ${lc}`);
        continue;
      }
      const items = splitItems(value);
      const name = upperCaseFirst(items[0] ?? "");
      const localId = getStringIdForLang(lc, name);
      if (localId === "") {
        this.errors.push(`${where}: the first item "${items[0] ?? ""}" has an empty id`);
        continue;
      }
      if (canonicalId === undefined) {
        canonicalId = `${lc}:${localId}`;
        if (isGroup) this.groupBlocks.add(canonicalId);
      }
      const translationsOfLanguage = getOrCreate(this.translationsFrom, lc, () => new Map<string, string>());
      const known = translationsOfLanguage.get(localId);
      if (known === undefined) {
        translationsOfLanguage.set(localId, canonicalId);
      } else if (known !== canonicalId) {
        this.errors.push(
          `${where}: ${lc}:${localId} already is associated to ${known}, cannot map it to ${canonicalId}`,
        );
        continue;
      }
      const names = getOrCreate(this.translationsTo, canonicalId, () => new Map<string, string>());
      if (!names.has(lc)) names.set(lc, name);
      const synonymsOfLanguage = getOrCreate(this.synonyms, lc, () => new Map<string, string>());
      const itemsOfEntry = getOrCreate(
        getOrCreate(this.synonymsFor, lc, () => new Map<string, LineItems>()),
        localId,
        () => ({ items: [], ids: [] }),
      );
      for (const item of items) {
        const id = getStringIdForLang(lc, item);
        if (id === "") continue;
        const previous = synonymsOfLanguage.get(id);
        if (previous !== undefined && previous !== localId) {
          const owner = translationsOfLanguage.get(previous);
          this.errors.push(
            `${where}: ${lc}:${id} already is a synonym of ${lc}:${previous} (${owner}), not of ${canonicalId}`,
          );
          continue;
        }
        itemsOfEntry.items.push(item);
        itemsOfEntry.ids.push(id);
        synonymsOfLanguage.set(id, localId);
      }
    }
  }

  /** Phase 2 (TAXONOMY.md §4.3): substitute synonym words inside longer synonyms. */
  private addExtendedSynonyms(): void {
    // lc → local id → ids of all its (direct and extended) synonyms
    const extended = new Map<string, Map<string, Set<string>>>();
    for (const [lc, byEntry] of this.synonymsFor) {
      const ofLanguage = new Map<string, Set<string>>();
      for (const [localId, { ids }] of byEntry) ofLanguage.set(localId, new Set(ids));
      extended.set(lc, ofLanguage);
    }
    // lc → generated synonym id → local ids whose words were substituted into it
    const applied = new Map<string, Map<string, Set<string>>>();

    for (const pass of [1, 2]) {
      for (const lc of sortedKeys(this.synonyms)) {
        if (NO_EXTENDED_SYNONYM_LANGUAGES.has(lc)) continue;
        const synonymsOfLanguage = this.synonyms.get(lc) as Map<string, string>;
        const itemsOfLanguage = this.synonymsFor.get(lc) as Map<string, LineItems>;
        const extendedOfLanguage = extended.get(lc) as Map<string, Set<string>>;
        const appliedOfLanguage = getOrCreate(applied, lc, () => new Map<string, Set<string>>());
        const ordered = orderByLengthThenCodePoints(synonymsOfLanguage.keys(), 60 / pass + 3);
        let longestSmaller = 0;
        // Synonyms of entries that have several synonyms, short enough to be substituted (OFF's
        // "smaller synonyms"), with their insertion position.
        const smallerPosition = new Map<string, number>();
        const smaller: string[] = [];

        for (const synonym of ordered) {
          const length = codePointLength(synonym);
          const maxLength = length - 3;
          const entry = synonymsOfLanguage.get(synonym) as string;
          if ((itemsOfLanguage.get(entry)?.items.length ?? 0) > 1 && length < 30 / pass) {
            smallerPosition.set(synonym, smaller.length);
            smaller.push(synonym);
            longestSmaller = length;
          }
          // OFF scans the whole list of smaller synonyms for whole-word occurrences; looking up every
          // hyphen-delimited run of this synonym finds the same ones, then insertion order is restored.
          const positions = smallerSynonymsInside(synonym, Math.min(maxLength, longestSmaller), smallerPosition);
          for (const position of positions) {
            const inner = smaller[position] as string;
            const innerEntry = synonymsOfLanguage.get(inner) as string;
            if (innerEntry === entry) continue;
            const appliedToSynonym = appliedOfLanguage.get(synonym);
            if (appliedToSynonym?.has(innerEntry)) continue;
            const replacements = [...(extendedOfLanguage.get(innerEntry) ?? [])].sort(compareCodePoints);
            const innerLength = codePointLength(inner);
            for (const replacement of replacements) {
              if (replacement === inner) continue;
              // Avoid "oeufs frais" → "oeufs frais frais": skip replacements already contained.
              if (synonym.includes(replacement) && codePointLength(replacement) > innerLength) continue;
              if (replacement.includes(synonym)) continue;
              const generated = substituteRun(synonym, inner, replacement);
              const extendedOfEntry = extendedOfLanguage.get(entry) as Set<string>;
              if (!extendedOfEntry.has(generated)) {
                extendedOfEntry.add(generated);
                synonymsOfLanguage.set(generated, entry);
                const appliedToGenerated = new Set(appliedToSynonym ?? []);
                appliedToGenerated.add(innerEntry);
                appliedOfLanguage.set(generated, appliedToGenerated);
              }
            }
          }
        }
      }
    }
  }

  /** TAXONOMY.md §4.4: register stopword-free, plural-free forms of every synonym. */
  private addStopwordAndPluralVariants(): void {
    for (const lc of sortedKeys(this.synonyms)) {
      const synonymsOfLanguage = this.synonyms.get(lc) as Map<string, string>;
      const pattern = this.stopwordPattern(lc);
      for (const id of sortedKeys(synonymsOfLanguage)) {
        // Stopwords are only removed from ids of three words or more.
        const withoutStopwords = /-.+-/.test(id) ? removeStopwords(lc, id, pattern) : id;
        const variant = removePlurals(lc, withoutStopwords);
        // An id made only of stopwords would match any stopword-only input: not registered.
        if (variant !== "" && !synonymsOfLanguage.has(variant)) {
          synonymsOfLanguage.set(variant, synonymsOfLanguage.get(id) as string);
        }
      }
    }
  }

  /** Resolves a parent reference through synonyms, then its stopword/plural form (TAXONOMY.md §4.5). */
  private resolveReference(lc: string, text: string): string | undefined {
    const synonymsOfLanguage = this.synonyms.get(lc);
    if (synonymsOfLanguage === undefined) return undefined;
    const id = getStringIdForLang(lc, text);
    const localId =
      synonymsOfLanguage.get(id) ??
      synonymsOfLanguage.get(removePlurals(lc, removeStopwords(lc, id, this.stopwordPattern(lc))));
    return localId === undefined ? undefined : this.translationsFrom.get(lc)?.get(localId);
  }

  /** Phase 3 (TAXONOMY.md §2.3, §2.7, §4.5): parents and properties. */
  private readParentsAndProperties(file: string, lines: readonly string[]): void {
    let canonicalId: string | undefined;
    let pendingParents: string[] = [];
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] as string;
      if (BLANK.test(line)) {
        canonicalId = undefined;
        pendingParents = [];
        continue;
      }
      if (line.startsWith("#")) continue;
      const parent = PARENT_LINE.exec(line);
      if (parent !== null) {
        // Parent lines after the first language line of a block do not count.
        if (canonicalId !== undefined) continue;
        const lc = parent[1] as string;
        const text = line.slice(parent[0].length).trimStart();
        const resolved = this.resolveReference(lc, text);
        if (resolved === undefined) {
          this.errors.push(`${file}:${i + 1}: cannot resolve parent ${lc}:${text}`);
        } else if (!pendingParents.includes(resolved)) {
          pendingParents.push(resolved);
        }
        continue;
      }
      if (line.startsWith("<")) continue;
      const language = LANGUAGE_LINE.exec(line);
      if (language !== null && language[1] === undefined) {
        if (canonicalId !== undefined) continue;
        const lc = language[2] as string;
        const first = splitItems(line.slice(language[0].length).trimStart())[0] ?? "";
        canonicalId = `${lc}:${getStringIdForLang(lc, upperCaseFirst(first))}`;
        this.realEntries.add(canonicalId);
        for (const parentId of pendingParents) {
          if (parentId === canonicalId) {
            this.errors.push(`${file}:${i + 1}: ${canonicalId} is a parent of itself`);
            continue;
          }
          getOrCreate(this.directParents, canonicalId, () => new Set()).add(parentId);
        }
        continue;
      }
      const property = PROPERTY_LINE.exec(line);
      if (property === null) continue;
      const name = property[1] as string;
      if (name === "synonyms" || name === "stopwords") continue;
      // A property before the block's first language line has no entry: discarded (TAXONOMY.md §2.8).
      if (canonicalId === undefined) continue;
      const lc = property[2] as string;
      const value = line.slice(property[0].length).trimStart();
      this.setProperty(canonicalId, `${name}:${lc}`, this.propertyValue(name, lc, value));
    }
  }

  private propertyValue(name: string, lc: string, value: string): string {
    const other = this.options.propertyTaxonomies?.get(name);
    if (other === undefined) return value;
    return splitItems(value)
      .map((item) => other.canonicalize(lc, item))
      .join(",");
  }

  private setProperty(canonicalId: string, key: string, value: string): void {
    getOrCreate(this.properties, canonicalId, (): Record<string, string> => ({}))[key] = value;
  }

  /** TAXONOMY.md §2.9: properties-only blocks pointing at existing entries by their first-language name. */
  private readSupplement(file: string, lines: readonly string[]): void {
    let canonicalId: string | undefined;
    for (let i = 0; i < lines.length; i++) {
      const raw = lines[i] as string;
      const line = raw.includes("(") || raw.includes(")") ? raw.replace(/[()]/g, "-") : raw;
      const where = `${file}:${i + 1}`;
      if (BLANK.test(line)) {
        canonicalId = undefined;
        continue;
      }
      if (line.startsWith("#")) continue;
      if (line.startsWith("<")) {
        this.errors.push(`${where}: parent lines are not allowed in a supplement`);
        continue;
      }
      const language = LANGUAGE_LINE.exec(line);
      if (language !== null && language[1] === undefined) {
        if (canonicalId !== undefined) {
          this.errors.push(`${where}: a supplement block has exactly one language line`);
          continue;
        }
        const lc = language[2] as string;
        const first = splitItems(line.slice(language[0].length).trimStart())[0] ?? "";
        canonicalId = `${lc}:${getStringIdForLang(lc, upperCaseFirst(first))}`;
        if (!this.realEntries.has(canonicalId)) {
          this.errors.push(`${where}: ${canonicalId} does not exist in the ${this.options.tagtype} taxonomy`);
        }
        continue;
      }
      const property = PROPERTY_LINE.exec(line);
      if (property === null) continue;
      const name = property[1] as string;
      if (canonicalId === undefined) {
        this.errors.push(`${where}: property ${name} outside of a block`);
        continue;
      }
      const lc = property[2] as string;
      const value = line.slice(property[0].length).trimStart();
      this.setProperty(canonicalId, `${name}:${lc}`, this.propertyValue(name, lc, value));
    }
  }

  private readonly sortedParentsCache = new Map<string, string[]>();

  private sortedParents(id: string): string[] {
    let sorted = this.sortedParentsCache.get(id);
    if (sorted === undefined) {
      const parents = this.directParents.get(id);
      sorted = parents === undefined ? [] : [...parents].sort(compareCodePoints);
      this.sortedParentsCache.set(id, sorted);
    }
    return sorted;
  }

  /** TAXONOMY.md §4.6, exactly: the visiting order decides the levels, which decide output order. */
  private computeLevelsAndAncestors(ids: readonly string[]): {
    levels: Map<string, number>;
    ancestors: Map<string, string[]>;
  } {
    const levels = new Map<string, number>();
    const ancestors = new Map<string, string[]>();
    for (const id of ids) {
      if (!levels.has(id)) levels.set(id, 1);
      const queue = [...this.sortedParents(id)];
      const seen = new Set<string>();
      const all: string[] = [];
      for (let head = 0; head < queue.length; head++) {
        const parent = queue[head] as string;
        if (parent === id) {
          this.errors.push(`${id} is its own ancestor (cycle)`);
          continue;
        }
        if (seen.has(parent)) continue;
        all.push(parent);
        seen.add(parent);
        if (!levels.has(parent)) levels.set(parent, 2);
        const parentLevel = levels.get(parent) as number;
        for (const grandparent of this.sortedParents(parent)) {
          queue.push(grandparent);
          const level = levels.get(grandparent);
          if (level === undefined || level <= parentLevel) levels.set(grandparent, parentLevel + 1);
        }
      }
      ancestors.set(id, all);
    }
    for (const all of ancestors.values()) {
      all.sort((a, b) => (levels.get(b) ?? 0) - (levels.get(a) ?? 0) || compareCodePoints(a, b));
    }
    return { levels, ancestors };
  }

  private toTables(): TaxonomyTables {
    const ids = sortedKeys(this.translationsTo);
    const { levels, ancestors } = this.computeLevelsAndAncestors(ids);
    const numberOf = new Map<string, number>();
    for (const [n, id] of ids.entries()) numberOf.set(id, n);
    const toNumbers = (list: readonly string[]): number[] => list.map((id) => numberOf.get(id) as number);

    const synonyms: Record<string, SynonymTable> = {};
    for (const lc of sortedKeys(this.synonyms)) {
      const keys: string[] = [];
      const entries: number[] = [];
      const translationsOfLanguage = this.translationsFrom.get(lc);
      for (const [id, localId] of this.synonyms.get(lc) as Map<string, string>) {
        const canonicalId = translationsOfLanguage?.get(localId);
        const entry = canonicalId === undefined ? undefined : numberOf.get(canonicalId);
        if (entry === undefined) continue;
        keys.push(id);
        entries.push(entry);
      }
      synonyms[lc] = { keys, entries: Int32Array.from(entries) };
    }

    const stopwords: Record<string, string[]> = {};
    for (const lc of sortedKeys(this.stopwordIds)) stopwords[lc] = [...new Set(this.stopwordIds.get(lc))];

    const tables: TaxonomyTables = {
      tagtype: this.options.tagtype,
      ids,
      synonymGroups: ids
        .map((id, n) => (this.groupBlocks.has(id) && !this.realEntries.has(id) ? n : -1))
        .filter((n) => n >= 0),
      names: ids.map((id) => Object.fromEntries(this.translationsTo.get(id) as Map<string, string>)),
      parents: ids.map((id) => toNumbers(this.sortedParents(id))),
      ancestors: ids.map((id) => toNumbers(ancestors.get(id) ?? [])),
      levels: ids.map((id) => levels.get(id) ?? 1),
      properties: ids.map((id) => this.properties.get(id) ?? null),
      synonyms,
      stopwords,
    };
    if (this.options.keepSynonymLists) {
      tables.synonymLists = ids.map((id) => {
        const lists: Record<string, string[]> = {};
        for (const [lc, name] of this.translationsTo.get(id) as Map<string, string>) {
          const line = this.synonymsFor.get(lc)?.get(getStringIdForLang(lc, name));
          if (line !== undefined) lists[lc] = [...line.items];
        }
        return lists;
      });
    }
    return tables;
  }
}

/** Positions (ascending) of the smaller synonyms that occur in `synonym` as whole hyphen-delimited runs. */
function smallerSynonymsInside(
  synonym: string,
  maxLength: number,
  smallerPosition: ReadonlyMap<string, number>,
): number[] {
  if (maxLength < 1 || !synonym.includes("-")) return [];
  const words = synonym.split("-");
  const found = new Set<number>();
  for (let start = 0; start < words.length; start++) {
    let run = "";
    for (let end = start; end < words.length; end++) {
      run = end === start ? (words[start] as string) : `${run}-${words[end] as string}`;
      // Runs only grow with `end`: once too long, every longer one is too.
      if (run.length > maxLength && codePointLength(run) > maxLength) break;
      const position = smallerPosition.get(run);
      if (position !== undefined) found.add(position);
    }
  }
  return [...found].sort((a, b) => a - b);
}

/**
 * Synonym ids of at most `maxLength` code points, by length then code points. Longer ids are never
 * extended (OFF's `max_length > 60 / pass`), so they are left out before sorting.
 */
function orderByLengthThenCodePoints(ids: Iterable<string>, maxLength: number): string[] {
  const byLength: string[][] = [];
  for (const id of ids) {
    const length = codePointLength(id);
    if (length > maxLength) continue;
    let bucket = byLength[length];
    if (bucket === undefined) {
      bucket = [];
      byLength[length] = bucket;
    }
    bucket.push(id);
  }
  const ordered: string[] = [];
  for (const bucket of byLength) if (bucket !== undefined) ordered.push(...sortByCodePoints(bucket));
  return ordered;
}

/** Replaces the first whole-word occurrence of `inner` in `synonym` (OFF's order: middle, end, start). */
function substituteRun(synonym: string, inner: string, replacement: string): string {
  const middle = synonym.indexOf(`-${inner}-`);
  if (middle >= 0) {
    return `${synonym.slice(0, middle)}-${replacement}-${synonym.slice(middle + inner.length + 2)}`;
  }
  if (synonym.endsWith(`-${inner}`)) return synonym.slice(0, synonym.length - inner.length) + replacement;
  return replacement + synonym.slice(inner.length);
}

/** Builds one taxonomy from its source text (and supplements). Throws {@link TaxonomyBuildError}. */
export function buildTaxonomyTables(source: TaxonomySource, options: BuildOptions): TaxonomyTables {
  return new TaxonomyBuilder(options).build(source);
}
