/**
 * Search execution over the SQLite search index (search-schema.ts). A query is planned in three parts:
 * 1. filters → one {@link PidSet}: each tag clause, number condition, code list and full-text condition
 *    becomes a set read from posting lists (or FTS5), combined with word-wide and/or/and-not; the
 *    most selective clause is read first and the exact count is the set's size;
 * 2. the page: either walk the index of the sort key and keep members of the set, or look up the sort
 *    keys of every member and sort them, whichever reads fewer rows (by the count and the page's
 *    depth); relevance order ranks full-text matches with bm25;
 * 3. the page's documents, by id.
 * Everything runs in one read transaction, so the count, the page and the documents agree.
 */
import type Database from "better-sqlite3";
import {
  type FacetCounts,
  type FacetQuery,
  type FacetSample,
  type FacetTag,
  type NumericCondition,
  rankFacetTags,
  type SearchPage,
  type SearchQuery,
  type SortOrder,
  type TagClause,
  type TextCondition,
} from "../../domain/search/query.js";
import { coarseBinTag, conditionInterval, fineBinTag, planInterval, type ValueInterval } from "../search-bins.js";
import { type FilterSet, orSets, PidSet } from "../search-bitmap.js";
import { BestPids, ORDER_SORT_KEYS, type SortKey } from "../search-sort-keys.js";
import { documentBytes, type StoredDocument } from "./document-codec.js";
import { LocalWrites, SortKeyColumns } from "./search-columns.js";
import { idsOfBlob, numberField, SqliteSearchIndex } from "./search-index.js";

/** ORDER BY of each sort order; walked ones (`index`) match an index of search_products (search-schema.ts). */
const ORDER_BY: Readonly<Record<Exclude<SortOrder, "relevance" | "nothing">, { index?: string; order: string }>> = {
  popularity: { index: "search_by_popularity", order: "popularity DESC, recency DESC, code" },
  nutriscore_score: { order: "nutriscore, code" },
  nova_score: { order: "nova, code" },
  ecoscore_score: { order: "ecoscore DESC NULLS LAST, code" },
  created_t: { order: "created DESC NULLS LAST, code" },
  last_modified_t: { order: "modified DESC NULLS LAST, code" },
  scans_n: { order: "scans DESC NULLS LAST, code" },
  unique_scans_n: { order: "unique_scans DESC NULLS LAST, code" },
  product_name: { index: "search_by_name", order: "name_key, code" },
  completeness: { order: "completeness, code" },
};

type KeyedSort = keyof typeof ORDER_BY;

/** Match sets this small are sorted by SQLite from their ids. */
const SMALL_MATCH_SET = 2000;
/** The longest walk of a sort index tried before sorting the matches' keys. */
const MAX_WALK_ROWS = 50_000;
/**
 * Relative costs per product (measured on 1M products): reading a row of a sort index, and comparing
 * one match's in-memory keys (search-columns.ts). Walks are used when they read 40× fewer rows.
 */
const WALK_ROW_COST = 40;
const KEY_COMPARE_COST = 1;

interface Term {
  id: number;
  products: number;
}

/** FTS5 query text of a full-text condition: every keyword (as a phrase), the last also as a prefix. */
export function ftsQuery(text: TextCondition): string {
  const phrase = (keyword: string) => `"${keyword.split("-").join(" ").replaceAll('"', '""')}"`;
  const parts = text.keywords.map(phrase);
  if (text.prefixLast) {
    const last = text.keywords.length - 1;
    const typed = text.lastAsTyped ?? (text.keywords[last] as string);
    const prefix = `${phrase(typed)} *`;
    parts[last] = typed === text.keywords[last] ? prefix : `(${prefix} OR ${parts[last]})`;
  }
  return parts.join(" AND ");
}

/** Term tags kept in memory for facet samples; beyond this many, forgotten. */
const MAX_CACHED_TERM_TAGS = 200_000;

export class SqliteSearch {
  private readonly stmts;
  private readonly exactStatements = new Map<string, Database.Statement>();
  private readonly walkStatements = new Map<string, Database.Statement>();
  private readonly collectStatements = new Map<string, Database.Statement>();
  private readonly searchTransaction: (query: SearchQuery) => SearchPage;
  private readonly facetTransaction: (query: FacetQuery) => FacetCounts;
  private readonly facetSampleTransaction: (
    query: SearchQuery,
    tagtypes: readonly string[],
    limit: number,
  ) => FacetSample;

  /** (field, tag) of the term ids facet samples met: a committed term's id never changes. */
  private readonly termTags = new Map<number, readonly [string, string]>();
  /** Per term id, the products of a facet sample having it (all zero between samples). */
  private termCounts = new Uint32Array(0);

  /** Index maintenance, called by the store for every stored document. */
  readonly index: SqliteSearchIndex;
  private readonly columns: SortKeyColumns;

  constructor(private readonly db: Database.Database) {
    const localWrites = new LocalWrites();
    this.index = new SqliteSearchIndex(db, localWrites);
    this.columns = new SortKeyColumns(db, localWrites);
    // A database made before the search index existed: index its products once.
    this.index.indexMissingProducts();
    this.searchTransaction = db.transaction((query: SearchQuery) => this.run(query));
    this.facetTransaction = db.transaction((query: FacetQuery) => this.runFacet(query));
    this.facetSampleTransaction = db.transaction((query: SearchQuery, tagtypes: readonly string[], limit: number) =>
      this.runFacetSample(query, tagtypes, limit),
    );
    this.stmts = {
      term: db.prepare("SELECT term_id AS id, products FROM search_terms WHERE field = ? AND tag = ?"),
      postings: db.prepare("SELECT bits FROM search_postings WHERE term_id = ?").pluck(),
      maxPid: db.prepare("SELECT max(pid) FROM search_products").pluck(),
      pidsOfCodes: db.prepare("SELECT pid FROM search_products WHERE code IN (SELECT value FROM json_each(?))").pluck(),
      // One JSON array instead of one row per match: a third of the cost for large result sets.
      textMatches: db.prepare("SELECT json_group_array(rowid) FROM search_text WHERE search_text MATCH ?").pluck(),
      textCount: db.prepare("SELECT count(*) FROM search_text WHERE search_text MATCH ?").pluck(),
      everyPid: db.prepare("SELECT pid FROM search_products ORDER BY pid LIMIT ? OFFSET ?").pluck(),
      codeOf: db.prepare("SELECT code FROM search_products WHERE pid = ?").pluck(),
      nameOf: db.prepare("SELECT name_key FROM search_products WHERE pid = ?").pluck(),
      document: db
        .prepare(
          `SELECT r.doc FROM search_products s JOIN products p ON p.code = s.code
           JOIN revisions r ON r.id = p.revision_id WHERE s.pid = ?`,
        )
        .pluck(),
      facet: db.prepare(
        "SELECT tag, products FROM search_terms WHERE field = ? AND tag <> '' AND products > 0 ORDER BY products DESC, tag",
      ),
      termsOfPids: db
        .prepare("SELECT terms FROM search_products WHERE pid IN (SELECT value FROM json_each(?))")
        .pluck(),
      tagsOfTerms: db.prepare(
        "SELECT term_id, field, tag FROM search_terms WHERE term_id IN (SELECT value FROM json_each(?))",
      ),
      facetTerms: db.prepare(
        "SELECT term_id, tag FROM search_terms WHERE field = ? AND tag <> '' AND products > 0 ORDER BY tag",
      ),
    };
  }

  /** A search in one read transaction: the count, the page and the documents come from one snapshot. */
  search(query: SearchQuery): SearchPage {
    return this.searchTransaction(query);
  }

  facet(query: FacetQuery): FacetCounts {
    return this.facetTransaction(query);
  }

  facetSample(query: SearchQuery, tagtypes: readonly string[], limit: number): FacetSample {
    return this.facetSampleTransaction(query, tagtypes, limit);
  }

  private term(field: string, tag: string): Term | undefined {
    return this.stmts.term.get(field, tag) as Term | undefined;
  }

  private postings(term: Term | undefined, capacity: number): PidSet {
    const set = new PidSet(capacity);
    if (term === undefined || term.products === 0) return set;
    for (const blob of this.stmts.postings.all(term.id) as Buffer[]) set.orContainer(blob);
    return set;
  }

  private run(query: SearchQuery): SearchPage {
    const capacity = (this.stmts.maxPid.get() as number | null) ?? 0;
    const all = this.term("", "");
    const total = all?.products ?? 0;
    if (total === 0) return { count: 0, documents: [] };

    if (query.sort === "relevance" && query.text !== undefined)
      return this.relevanceSearch(query, query.text, capacity, all);
    const matches = this.filters(query, capacity, all);
    const count = matches === undefined ? total : matches.count();
    if (count === 0 || query.skip >= count) return { count, documents: [] };
    const pids = this.page(query.sort, matches, count, total, query.skip, query.limit);
    return { count, documents: this.documents(pids) };
  }

  /**
   * Full text in relevance order: products whose name has every keyword, then those whose name or
   * brands have them, then the other matches; each group in the default (popularity) order. Set
   * operations only, and the later groups are read only when the page reaches them.
   */
  private relevanceSearch(
    query: SearchQuery,
    text: TextCondition,
    capacity: number,
    all: Term | undefined,
  ): SearchPage {
    const total = all?.products ?? 0;
    const others = this.filters({ ...query, text: undefined }, capacity, all);
    let matches: PidSet | undefined;
    let count: number;
    if (others === undefined) {
      count = this.stmts.textCount.get(ftsQuery(text)) as number;
    } else {
      matches = this.textSet(text, capacity).and(others);
      count = matches.count();
    }
    const { skip, limit } = query;
    if (count === 0 || skip >= count) return { count, documents: [] };
    const inName = this.textSet(text, capacity, "name");
    if (matches !== undefined) inName.and(matches);
    const groups: Array<() => PidSet> = [
      () => inName,
      () => {
        const inNameOrBrands = this.textSet(text, capacity, "name brands");
        if (matches !== undefined) inNameOrBrands.and(matches);
        return inNameOrBrands.andNot(inName);
      },
      () => {
        const rest = matches?.clone() ?? this.textSet(text, capacity);
        const inNameOrBrands = this.textSet(text, capacity, "name brands");
        return rest.andNot(inNameOrBrands);
      },
    ];
    const pids: number[] = [];
    let toSkip = skip;
    for (const group of groups) {
      if (pids.length >= limit) break;
      const set = group();
      const size = set.count();
      if (toSkip >= size) {
        toSkip -= size;
        continue;
      }
      pids.push(...this.page("popularity", set, size, total, toSkip, limit - pids.length));
      toSkip = 0;
    }
    return { count, documents: this.documents(pids) };
  }

  /** Products matching a full-text condition, in some columns (all by default). */
  private textSet(text: TextCondition, capacity: number, columns?: string): PidSet {
    const match = columns === undefined ? ftsQuery(text) : `{${columns}} : (${ftsQuery(text)})`;
    return PidSet.of(capacity, JSON.parse(this.stmts.textMatches.get(match) as string) as number[]);
  }

  /** The set of products passing every filter, or undefined when there is none (all products). */
  private filters(query: SearchQuery, capacity: number, all: Term | undefined): PidSet | undefined {
    const sets: Array<{ estimate: number; load: () => FilterSet }> = [];
    for (const clause of query.tags) sets.push(this.tagFilter(clause, capacity));
    for (const condition of query.numbers) sets.push(this.numberFilter(condition, capacity));
    if (query.codes !== undefined) {
      const codes = query.codes;
      sets.push({
        estimate: codes.length,
        load: () => ({
          set: PidSet.of(capacity, this.stmts.pidsOfCodes.all(JSON.stringify(codes)) as number[]),
          negated: false,
        }),
      });
    }
    if (query.text !== undefined) {
      const text = query.text;
      sets.push({
        estimate: Number.MAX_SAFE_INTEGER,
        load: () => ({ set: this.textSet(text, capacity), negated: false }),
      });
    }
    if (sets.length === 0) return undefined;
    // Positive sets first, smallest first: later ones can only shrink the result.
    sets.sort((a, b) => a.estimate - b.estimate);
    let result: PidSet | undefined;
    for (const { load } of sets) {
      const { set, negated } = load();
      if (result === undefined) {
        result = negated ? this.postings(all, capacity).andNot(set) : set;
      } else if (negated) {
        result.andNot(set);
      } else {
        result.and(set);
      }
    }
    return result;
  }

  /**
   * A clause `a|-b|unknown` as one set or the complement of one, so that no clause needs the set of
   * every product: (¬A) ∪ B = ¬(A \ B) and (¬A) ∪ (¬B) = ¬(A ∩ B). `unknown` is "no tag of this type,
   * or the tag `unknown`" (computed fields such as `nutrition_grades_tags` store `["unknown"]`).
   */
  private tagFilter(clause: TagClause, capacity: number): { estimate: number; load: () => FilterSet } {
    const terms = clause.anyOf.map((literal) =>
      literal.kind === "unknown"
        ? { presence: this.term(clause.tagtype, ""), unknownTag: this.term(clause.tagtype, "unknown") }
        : { tag: this.term(clause.tagtype, literal.tag) },
    );
    const positiveOnly = clause.anyOf.every((l) => l.kind === "tag" && !l.negated);
    const estimate = positiveOnly
      ? terms.reduce((sum, t) => sum + ("tag" in t ? (t.tag?.products ?? 0) : 0), 0)
      : Number.MAX_SAFE_INTEGER - 1;
    const load = (): FilterSet => {
      let result: FilterSet | undefined;
      clause.anyOf.forEach((literal, i) => {
        const term = terms[i] as (typeof terms)[number];
        let item: FilterSet;
        if ("tag" in term) {
          item = { set: this.postings(term.tag, capacity), negated: literal.negated };
        } else {
          // Known = has a tag of this type other than `unknown`; unknown is its complement.
          const known = this.postings(term.presence, capacity).andNot(this.postings(term.unknownTag, capacity));
          item = { set: known, negated: !literal.negated };
        }
        result = result === undefined ? item : orSets(result, item);
      });
      return result ?? { set: new PidSet(capacity), negated: false };
    };
    return { estimate, load };
  }

  private numberFilter(condition: NumericCondition, capacity: number): { estimate: number; load: () => FilterSet } {
    const field = numberField(condition.field);
    const presence = this.term(field, "");
    return {
      estimate: presence?.products ?? 0,
      load: () => {
        const set = new PidSet(capacity);
        if (presence === undefined) return { set, negated: false };
        const plan = planInterval(conditionInterval(condition));
        for (const bin of plan.coarse) set.or(this.postings(this.term(field, coarseBinTag(bin)), capacity));
        for (const bin of plan.fine) set.or(this.postings(this.term(field, fineBinTag(bin)), capacity));
        for (const exact of plan.exact) {
          const bin = this.term(field, fineBinTag(exact.bin));
          if (bin !== undefined) for (const pid of this.exactValues(bin.id, exact)) set.add(pid);
        }
        return { set, negated: false };
      },
    };
  }

  /** The pids whose value in fine bin `binTerm` lies in `interval` (a part of that bin). */
  private exactValues(binTerm: number, interval: ValueInterval): number[] {
    const lower = interval.lowerInclusive ? ">=" : ">";
    const upper = interval.upperInclusive ? "<=" : "<";
    const key = `${lower}${upper}`;
    let statement = this.exactStatements.get(key);
    if (statement === undefined) {
      statement = this.db
        .prepare(`SELECT pid FROM search_values WHERE term_id = ? AND value ${lower} ? AND value ${upper} ?`)
        .pluck();
      this.exactStatements.set(key, statement);
    }
    return statement.all(binTerm, interval.lower, interval.upper) as number[];
  }

  /** The pids of a page, in `sort` order, among `matches` (undefined = every product). */
  private page(
    sort: SortOrder,
    matches: PidSet | undefined,
    count: number,
    total: number,
    skip: number,
    limit: number,
  ): number[] {
    if (sort === "nothing" || sort === "relevance") {
      if (matches !== undefined) return matches.slice(skip, limit);
      return this.stmts.everyPid.all(limit, skip) as number[];
    }
    const keyed = ORDER_SORT_KEYS[sort];
    const walkable = ORDER_BY[sort].index !== undefined;
    if (matches === undefined) {
      if (walkable) return this.walk(sort, skip + limit, () => true).slice(skip);
      return this.best(keyed as readonly SortKey[], this.everyProduct(), skip, limit);
    }
    if (count <= SMALL_MATCH_SET) return this.collect(sort, matches, skip, limit);
    // Walking the sort index reads about wanted × total / count rows when the filter and the sort key
    // are unrelated; comparing in-memory keys costs a pass over the matches, ~40 times cheaper per
    // product. A walk that finds too little (the filter and the key are related) gives up after one try.
    const wanted = Math.min(skip + limit, count);
    const expected = Math.ceil((wanted * total) / count);
    if (walkable && (keyed === undefined || expected * WALK_ROW_COST < count * KEY_COMPARE_COST)) {
      const rows = Math.min(total, expected * 4 + 100);
      if (rows <= MAX_WALK_ROWS) {
        const found = this.walkRows(sort, rows, (pid) => matches.has(pid), wanted);
        if (found.length >= wanted) return found.slice(skip);
      }
    }
    if (keyed === undefined) return this.collect(sort, matches, skip, limit);
    return this.best(keyed, matches, skip, limit);
  }

  private everyProduct(): PidSet {
    return this.postings(this.term("", ""), (this.stmts.maxPid.get() as number | null) ?? 0);
  }

  /**
   * The page among the best `skip + limit` matches by in-memory sort keys: one pass over the matches
   * keeping a bounded heap, then ties on every key broken by code.
   */
  private best(keys: readonly SortKey[], matches: PidSet, skip: number, limit: number): number[] {
    this.columns.refresh(matches.capacity);
    const arrays = keys.map(({ column, desc }) => ({ values: this.columns.column(column), sign: desc ? -1 : 1 }));
    const codeKeys = this.columns.codeKey();
    const byName = keys.some((k) => k.column === "name1");
    const codes = new Map<number, string>();
    const code = (pid: number): string => {
      let c = codes.get(pid);
      if (c === undefined) {
        c = (this.stmts.codeOf.get(pid) as string | undefined) ?? "";
        codes.set(pid, c);
      }
      return c;
    };
    const names = new Map<number, string>();
    const name = (pid: number): string => {
      let n = names.get(pid);
      if (n === undefined) {
        const stored = this.stmts.nameOf.get(pid) as string | Uint8Array | undefined;
        n = typeof stored === "string" ? stored : "";
        names.set(pid, n);
      }
      return n;
    };
    // < 0 when a comes first.
    const compare = (a: number, b: number): number => {
      for (const { values, sign } of arrays) {
        const d = sign * ((values[a] as number) - (values[b] as number));
        if (d !== 0 && !Number.isNaN(d)) return d;
      }
      if (byName && (arrays[0]?.values[a] as number) !== Number.POSITIVE_INFINITY) {
        // Same first 12 bytes: the whole names, in SQLite's order (UTF-8 bytes).
        const na = name(a);
        const nb = name(b);
        if (na !== nb) return Buffer.compare(Buffer.from(na), Buffer.from(nb));
      }
      const d = (codeKeys[a] as number) - (codeKeys[b] as number);
      if (d !== 0) return d;
      const ca = code(a);
      const cb = code(b);
      return ca < cb ? -1 : ca > cb ? 1 : 0;
    };
    const best = new BestPids(skip + limit, compare);
    // Most matches lose on the first key alone once the heap is full: one float comparison with the
    // worst kept (first key with its direction applied, so smaller is better) rejects them.
    const primary = (arrays[0] as { values: Float64Array }).values;
    const sign = (arrays[0] as { sign: number }).sign;
    let worstKey = Number.POSITIVE_INFINITY;
    // With a single key, a tie on it is decided by the code: also one comparison (codes sharing 15
    // digits, and names sharing 12 bytes, go the slow way).
    const byCodeOnTie = keys.length === 1;
    let worstCode = Number.POSITIVE_INFINITY;
    matches.forEach((pid) => {
      if (best.full) {
        const key = sign * (primary[pid] as number);
        if (key > worstKey || (byCodeOnTie && key === worstKey && (codeKeys[pid] as number) > worstCode)) return;
      }
      best.offer(pid);
      if (best.full) {
        worstKey = sign * (primary[best.worst as number] as number);
        worstCode = codeKeys[best.worst as number] as number;
      }
    });
    return best.heap.sort(compare).slice(skip, skip + limit);
  }

  private walk(sort: KeyedSort, rows: number, keep: (pid: number) => boolean): number[] {
    return this.walkRows(sort, rows, keep, rows);
  }

  /** Reads the first `rows` entries of a sort index, keeping at most `wanted` members. */
  private walkRows(sort: KeyedSort, rows: number, keep: (pid: number) => boolean, wanted: number): number[] {
    let statement = this.walkStatements.get(sort);
    if (statement === undefined) {
      const { index, order } = ORDER_BY[sort];
      if (index === undefined) throw new Error(`no index to walk for ${sort}`);
      statement = this.db
        // Not INDEXED BY: the planner takes the index for this order, and while a bulk load has dropped
        // it (search-schema.ts), the query still answers, by sorting.
        .prepare(`SELECT pid FROM search_products ORDER BY ${order} LIMIT ?`)
        .pluck();
      this.walkStatements.set(sort, statement);
    }
    const out: number[] = [];
    for (const pid of statement.all(rows) as number[]) {
      if (keep(pid)) {
        out.push(pid);
        if (out.length >= wanted) break;
      }
    }
    return out;
  }

  private collect(sort: KeyedSort, matches: PidSet, skip: number, limit: number): number[] {
    let statement = this.collectStatements.get(sort);
    if (statement === undefined) {
      statement = this.db
        .prepare(
          `SELECT pid FROM search_products WHERE pid IN (SELECT value FROM json_each(?))
           ORDER BY ${ORDER_BY[sort].order} LIMIT ? OFFSET ?`,
        )
        .pluck();
      this.collectStatements.set(sort, statement);
    }
    return statement.all(JSON.stringify(matches.toArray()), limit, skip) as number[];
  }

  private documents(pids: readonly number[]): Buffer[] {
    const out: Buffer[] = [];
    for (const pid of pids) {
      const doc = this.stmts.document.get(pid) as StoredDocument | undefined;
      if (doc !== undefined) out.push(documentBytes(doc));
    }
    return out;
  }

  private runFacet(query: FacetQuery): FacetCounts {
    if (query.country === undefined) {
      return { tags: this.stmts.facet.all(query.tagtype) as Array<{ tag: string; products: number }> };
    }
    const capacity = (this.stmts.maxPid.get() as number | null) ?? 0;
    const country = this.postings(this.term("countries", query.country), capacity);
    const tags: Array<{ tag: string; products: number }> = [];
    for (const { term_id, tag } of this.stmts.facetTerms.all(query.tagtype) as Array<{
      term_id: number;
      tag: string;
    }>) {
      let products = 0;
      for (const blob of this.stmts.postings.all(term_id) as Buffer[]) products += country.countInContainer(blob);
      if (products > 0) tags.push({ tag, products });
    }
    tags.sort((a, b) => b.products - a.products || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
    return { tags };
  }

  /**
   * The first `limit` matches in pid order (as `sort_by=nothing` pages them), counted from the term ids
   * each product is indexed under (`search_products.terms`): a few bytes per product where the
   * documents weigh kilobytes to parse.
   */
  private runFacetSample(query: SearchQuery, tagtypes: readonly string[], limit: number): FacetSample {
    const facets: Record<string, FacetTag[]> = Object.fromEntries(tagtypes.map((t) => [t, []]));
    const capacity = (this.stmts.maxPid.get() as number | null) ?? 0;
    const all = this.term("", "");
    if ((all?.products ?? 0) === 0 || limit <= 0) return { counted: 0, facets };
    const matches = this.filters(query, capacity, all);
    const pids = matches === undefined ? (this.stmts.everyPid.all(limit, 0) as number[]) : matches.slice(0, limit);
    // Counted by term id in a typed array: a product is indexed under a hundred terms or more (tags,
    // number bins), a thousand products under a hundred thousand.
    const seen: number[] = [];
    const wanted = new Map<string, Map<string, number>>(tagtypes.map((t) => [t, new Map()]));
    try {
      for (const blob of this.stmts.termsOfPids.all(JSON.stringify(pids)) as Buffer[]) {
        for (const id of idsOfBlob(blob)) {
          if (id >= this.termCounts.length) {
            const grown = new Uint32Array(Math.max(id + 1, this.termCounts.length * 2));
            grown.set(this.termCounts);
            this.termCounts = grown;
          }
          const count = this.termCounts[id] as number;
          if (count === 0) seen.push(id);
          this.termCounts[id] = count + 1;
        }
      }
      const unknown = seen.filter((id) => !this.termTags.has(id));
      if (unknown.length > 0) {
        if (this.termTags.size + unknown.length > MAX_CACHED_TERM_TAGS) this.termTags.clear();
        const rows = this.stmts.tagsOfTerms.all(JSON.stringify(unknown)) as Array<{
          term_id: number;
          field: string;
          tag: string;
        }>;
        for (const { term_id, field, tag } of rows) this.termTags.set(term_id, [field, tag]);
      }
      for (const id of seen) {
        const entry = this.termTags.get(id);
        if (entry !== undefined && entry[1] !== "") wanted.get(entry[0])?.set(entry[1], this.termCounts[id] as number);
      }
    } finally {
      for (const id of seen) this.termCounts[id] = 0;
    }
    for (const [tagtype, byTag] of wanted) facets[tagtype] = rankFacetTags(byTag);
    return { counted: pids.length, facets };
  }
}
