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
import type {
  FacetCounts,
  FacetQuery,
  NumericCondition,
  SearchPage,
  SearchQuery,
  SortOrder,
  TagClause,
  TextCondition,
} from "../../domain/search/query.js";
import { planInterval, type ValueInterval } from "./search-bins.js";
import { PidSet } from "./search-bitmap.js";
import { LocalWrites, type SortColumn, SortKeyColumns } from "./search-columns.js";
import { coarseBinTag, fineBinTag, numberField, SqliteSearchIndex } from "./search-index.js";

/** ORDER BY of each sort order, matching an index of search_products (search-schema.ts). */
const ORDER_BY: Readonly<Record<Exclude<SortOrder, "relevance" | "nothing">, { index: string; order: string }>> = {
  popularity: { index: "search_by_popularity", order: "popularity DESC, recency DESC, code" },
  nutriscore_score: { index: "search_by_nutriscore", order: "nutriscore, code" },
  nova_score: { index: "search_by_nova", order: "nova, code" },
  ecoscore_score: { index: "search_by_ecoscore", order: "ecoscore DESC, code" },
  created_t: { index: "search_by_created", order: "created DESC, code" },
  last_modified_t: { index: "search_by_modified", order: "modified DESC, code" },
  scans_n: { index: "search_by_scans", order: "scans DESC, code" },
  unique_scans_n: { index: "search_by_unique_scans", order: "unique_scans DESC, code" },
  product_name: { index: "search_by_name", order: "name_key, code" },
  completeness: { index: "search_by_completeness", order: "completeness, code" },
};

type KeyedSort = keyof typeof ORDER_BY;

interface SortKey {
  column: SortColumn;
  desc: boolean;
}

/** The in-memory keys of each numeric sort order (search-columns.ts); names are left to SQLite. */
const SORT_KEYS: Readonly<Partial<Record<KeyedSort, readonly SortKey[]>>> = {
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
};

/** Match sets this small are sorted by SQLite from their ids. */
const SMALL_MATCH_SET = 2000;
/** The longest walk of a sort index tried before comparing keys in memory. */
const MAX_WALK_ROWS = 20_000;

/** A filter evaluated to a set, or its complement (clauses made only of negations). */
interface FilterSet {
  set: PidSet;
  negated: boolean;
}

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

function intervalOf(condition: NumericCondition): ValueInterval {
  const v = condition.value;
  const inf = Number.POSITIVE_INFINITY;
  switch (condition.op) {
    case "lt":
      return { lower: -inf, lowerInclusive: true, upper: v, upperInclusive: false };
    case "lte":
      return { lower: -inf, lowerInclusive: true, upper: v, upperInclusive: true };
    case "gt":
      return { lower: v, lowerInclusive: false, upper: inf, upperInclusive: true };
    case "gte":
      return { lower: v, lowerInclusive: true, upper: inf, upperInclusive: true };
    case "eq":
      return { lower: v, lowerInclusive: true, upper: v, upperInclusive: true };
  }
}

export class SqliteSearch {
  private readonly stmts;
  private readonly exactStatements = new Map<string, Database.Statement>();
  private readonly walkStatements = new Map<string, Database.Statement>();
  private readonly collectStatements = new Map<string, Database.Statement>();

  /** Index maintenance, called by the store for every stored document. */
  readonly index: SqliteSearchIndex;
  private readonly columns: SortKeyColumns;

  constructor(private readonly db: Database.Database) {
    const localWrites = new LocalWrites();
    this.index = new SqliteSearchIndex(db, localWrites);
    this.columns = new SortKeyColumns(db, localWrites);
    // A database made before the search index existed: index its products once.
    this.index.indexMissingProducts();
    this.stmts = {
      term: db.prepare("SELECT term_id AS id, products FROM search_terms WHERE field = ? AND tag = ?"),
      postings: db.prepare("SELECT bits FROM search_postings WHERE term_id = ?").pluck(),
      maxPid: db.prepare("SELECT max(pid) FROM search_products").pluck(),
      pidsOfCodes: db
        .prepare("SELECT pid FROM search_products WHERE code IN (SELECT value FROM json_each(?))")
        .pluck(),
      // One JSON array instead of one row per match: a third of the cost for large result sets.
      textMatches: db
        .prepare("SELECT json_group_array(rowid) FROM search_text WHERE search_text MATCH ?")
        .pluck(),
      everyPid: db.prepare("SELECT pid FROM search_products ORDER BY pid LIMIT ? OFFSET ?").pluck(),
      codeOf: db.prepare("SELECT code FROM search_products WHERE pid = ?").pluck(),
      document: db
        .prepare(
          `SELECT r.doc FROM search_products s JOIN products p ON p.code = s.code
           JOIN revisions r ON r.id = p.revision_id WHERE s.pid = ?`,
        )
        .pluck(),
      facet: db.prepare(
        "SELECT tag, products FROM search_terms WHERE field = ? AND tag <> '' AND products > 0 ORDER BY products DESC, tag",
      ),
      facetTerms: db.prepare(
        "SELECT term_id, tag FROM search_terms WHERE field = ? AND tag <> '' AND products > 0 ORDER BY tag",
      ),
    };
  }

  search(query: SearchQuery): SearchPage {
    return this.db.transaction(() => this.run(query))();
  }

  facet(query: FacetQuery): FacetCounts {
    return this.db.transaction(() => this.runFacet(query))();
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

    const matches = this.filters(query, capacity, all);
    const count = matches === undefined ? total : matches.count();
    if (count === 0 || query.skip >= count) return { count, documents: [] };
    const pids =
      query.sort === "relevance" && query.text !== undefined && matches !== undefined
        ? this.relevancePage(query.text, matches, capacity, total, query.skip, query.limit)
        : this.page(query.sort, matches, count, total, query.skip, query.limit);
    return { count, documents: this.documents(pids) };
  }

  /** Products matching a full-text condition, in some columns (all by default). */
  private textSet(text: TextCondition, capacity: number, columns?: string): PidSet {
    const match = columns === undefined ? ftsQuery(text) : `{${columns}} : (${ftsQuery(text)})`;
    return PidSet.of(capacity, JSON.parse(this.stmts.textMatches.get(match) as string) as number[]);
  }

  /**
   * Relevance order of full text: products whose name has every keyword, then those whose name or
   * brands have them, then the other matches; each group in the default (popularity) order. Set
   * operations only, so it costs the same with 50 matches or 500,000.
   */
  private relevancePage(
    text: TextCondition,
    matches: PidSet,
    capacity: number,
    total: number,
    skip: number,
    limit: number,
  ): number[] {
    const inName = this.textSet(text, capacity, "name").and(matches);
    const inNameOrBrands = this.textSet(text, capacity, "name brands").and(matches);
    const groups = [inName, inNameOrBrands.clone().andNot(inName), matches.clone().andNot(inNameOrBrands)];
    const out: number[] = [];
    let toSkip = skip;
    for (const group of groups) {
      if (out.length >= limit) break;
      const size = group.count();
      if (toSkip >= size) {
        toSkip -= size;
        continue;
      }
      out.push(...this.page("popularity", group, size, total, toSkip, limit - out.length));
      toSkip = 0;
    }
    return out;
  }

  /** The set of products passing every filter, or undefined when there is none (all products). */
  private filters(query: SearchQuery, capacity: number, all: Term | undefined): PidSet | undefined {
    const sets: Array<{ estimate: number; load: () => FilterSet }> = [];
    for (const clause of query.tags) sets.push(this.tagFilter(clause, capacity, all));
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
      sets.push({ estimate: Number.MAX_SAFE_INTEGER, load: () => ({ set: this.textSet(text, capacity), negated: false }) });
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

  private tagFilter(clause: TagClause, capacity: number, all: Term | undefined): { estimate: number; load: () => FilterSet } {
    const presence = () => this.term(clause.tagtype, "");
    // Each literal as (term, negated): `unknown` is "not present", `-unknown` is "present".
    const literals = clause.anyOf.map((literal) =>
      literal.kind === "unknown"
        ? { term: presence(), negated: !literal.negated }
        : { term: this.term(clause.tagtype, literal.tag), negated: literal.negated },
    );
    const positive = literals.filter((l) => !l.negated);
    const negative = literals.filter((l) => l.negated);
    if (negative.length === 0) {
      return {
        estimate: positive.reduce((sum, l) => sum + (l.term?.products ?? 0), 0),
        load: () => {
          const set = new PidSet(capacity);
          for (const l of positive) set.or(this.postings(l.term, capacity));
          return { set, negated: false };
        },
      };
    }
    if (positive.length === 0) {
      // not a or not b = not (a and b)
      return {
        estimate: Number.MAX_SAFE_INTEGER - 1,
        load: () => {
          let set: PidSet | undefined;
          for (const l of negative) {
            const s = this.postings(l.term, capacity);
            set = set === undefined ? s : set.and(s);
          }
          return { set: set as PidSet, negated: true };
        },
      };
    }
    return {
      estimate: Number.MAX_SAFE_INTEGER - 1,
      load: () => {
        const set = new PidSet(capacity);
        for (const l of positive) set.or(this.postings(l.term, capacity));
        const everything = this.postings(all, capacity);
        for (const l of negative) set.or(new PidSet(capacity).or(everything).andNot(this.postings(l.term, capacity)));
        return { set, negated: false };
      },
    };
  }

  private numberFilter(condition: NumericCondition, capacity: number): { estimate: number; load: () => FilterSet } {
    const field = numberField(condition.field);
    const presence = this.term(field, "");
    return {
      estimate: presence?.products ?? 0,
      load: () => {
        const set = new PidSet(capacity);
        if (presence === undefined) return { set, negated: false };
        const plan = planInterval(intervalOf(condition));
        for (const bin of plan.coarse) set.or(this.postings(this.term(field, coarseBinTag(bin)), capacity));
        for (const bin of plan.fine) set.or(this.postings(this.term(field, fineBinTag(bin)), capacity));
        for (const exact of plan.exact) {
          for (const pid of this.exactValues(presence.id, exact)) set.add(pid);
        }
        return { set, negated: false };
      },
    };
  }

  private exactValues(term: number, interval: ValueInterval): number[] {
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
    return statement.all(term, interval.lower, interval.upper) as number[];
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
    if (matches === undefined) return this.walk(sort, skip + limit, () => true).slice(skip);
    if (count <= SMALL_MATCH_SET) return this.collect(sort, matches, skip, limit);
    // Walking the sort index reads about wanted × total / count rows when the filter and the sort key
    // are unrelated; when they are related (biscuits by Nutri-Score) it may read far more: it gets one
    // try, then the keys of the matches are compared in memory (or, for names, sorted by SQLite).
    const wanted = Math.min(skip + limit, count);
    const expected = Math.ceil((wanted * total) / count);
    if (expected <= MAX_WALK_ROWS) {
      const found = this.walkRows(sort, Math.min(total, expected * 4 + 100), (pid) => matches.has(pid), wanted);
      if (found.length >= wanted) return found.slice(skip);
    }
    const keyed = SORT_KEYS[sort];
    if (keyed === undefined) return this.collect(sort, matches, skip, limit);
    return this.best(keyed, matches, skip, limit);
  }

  /**
   * The page among the best `skip + limit` matches by in-memory sort keys: one pass over the matches
   * keeping a bounded heap, then ties on every key broken by code.
   */
  private best(keys: readonly SortKey[], matches: PidSet, skip: number, limit: number): number[] {
    this.columns.refresh(matches.capacity);
    const arrays = keys.map(({ column, desc }) => ({ values: this.columns.column(column), sign: desc ? -1 : 1 }));
    const codeKeys = this.columns.codeKey();
    const codes = new Map<number, string>();
    const code = (pid: number): string => {
      let c = codes.get(pid);
      if (c === undefined) {
        c = (this.stmts.codeOf.get(pid) as string | undefined) ?? "";
        codes.set(pid, c);
      }
      return c;
    };
    // < 0 when a comes first.
    const compare = (a: number, b: number): number => {
      for (const { values, sign } of arrays) {
        const d = sign * ((values[a] as number) - (values[b] as number));
        if (d !== 0 && !Number.isNaN(d)) return d;
      }
      const d = (codeKeys[a] as number) - (codeKeys[b] as number);
      if (d !== 0) return d;
      const ca = code(a);
      const cb = code(b);
      return ca < cb ? -1 : ca > cb ? 1 : 0;
    };
    const size = skip + limit;
    // A max-heap of the best `size` seen so far, the worst on top.
    const heap: number[] = [];
    const siftDown = (from: number) => {
      let i = from;
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
    };
    const words = matches.words;
    for (let w = 0; w < words.length; w++) {
      let word = words[w] as number;
      while (word !== 0) {
        const bit = 31 - Math.clz32(word & -word);
        word &= word - 1;
        const pid = (w << 5) | bit;
        if (heap.length < size) {
          heap.push(pid);
          let i = heap.length - 1;
          while (i > 0) {
            const parent = (i - 1) >> 1;
            if (compare(heap[i] as number, heap[parent] as number) <= 0) break;
            [heap[i], heap[parent]] = [heap[parent] as number, heap[i] as number];
            i = parent;
          }
        } else if (compare(pid, heap[0] as number) < 0) {
          heap[0] = pid;
          siftDown(0);
        }
      }
    }
    return heap.sort(compare).slice(skip, skip + limit);
  }

  private walk(sort: KeyedSort, rows: number, keep: (pid: number) => boolean): number[] {
    return this.walkRows(sort, rows, keep, rows);
  }

  /** Reads the first `rows` entries of a sort index, keeping at most `wanted` members. */
  private walkRows(sort: KeyedSort, rows: number, keep: (pid: number) => boolean, wanted: number): number[] {
    let statement = this.walkStatements.get(sort);
    if (statement === undefined) {
      const { index, order } = ORDER_BY[sort];
      statement = this.db.prepare(`SELECT pid FROM search_products INDEXED BY ${index} ORDER BY ${order} LIMIT ?`).pluck();
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

  private documents(pids: readonly number[]): string[] {
    const out: string[] = [];
    for (const pid of pids) {
      const doc = this.stmts.document.get(pid) as string | undefined;
      if (doc !== undefined) out.push(doc);
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
    for (const { term_id, tag } of this.stmts.facetTerms.all(query.tagtype) as Array<{ term_id: number; tag: string }>) {
      const products = this.postings({ id: term_id, products: 1 }, capacity).and(country).count();
      if (products > 0) tags.push({ tag, products });
    }
    tags.sort((a, b) => b.products - a.products || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
    return { tags };
  }
}
