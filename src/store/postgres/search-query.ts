/**
 * Search and facets over the PostgreSQL posting lists (search-postings.ts), with the engine and the
 * semantics of the SQLite store (API.md §5, sqlite/search-query.ts):
 * 1. filters → one {@link PidSet}: each tag clause, number condition, code list and full-text
 *    condition is read from posting lists and combined word-wide. Products whose writes are not folded
 *    yet take their membership from their current state. The exact count is the set's size;
 * 2. the page: with no filter, the first rows of the order's index; up to 2,000 matches, sorted by
 *    PostgreSQL; more, narrowed first to the page's candidates by sort keys kept in memory
 *    (search-sort-keys.ts). Relevance = matches with every word in the name first, then in the name or
 *    brands, then the others, each group by popularity;
 * 3. the page's documents.
 * All in one read-only snapshot, so the count, the page and the documents agree.
 *
 * Full text: every word of a product is a term (anywhere, in the name, in the brands). A keyword of
 * one token is its term's list; a prefix is the union of the lists of the words it starts; a keyword
 * of several tokens (a phrase) keeps the products having all of them, then PostgreSQL checks the
 * phrase on their `tsvector` (search_details.words), which also decides for unfolded products.
 */
import type pg from "pg";
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
import { ORDER_SORT_KEYS } from "../search-sort-keys.js";
import { COUNTRY_FACET_SQL } from "./country-facets.js";
import { ALL_PRODUCTS_KEY, numberFieldKey, numberTermField, termCountSql, termKey } from "./search-index.js";
import { readPostings, WORD_FIELDS } from "./search-postings.js";
import { PostgresSortKeys, SORT_KEY_SELECT, type SortKeyRow } from "./search-sort-keys.js";
import { keywordTokens, searchQuery } from "./search-text.js";

const POPULARITY = 'sp.popularity DESC NULLS LAST, sp.recency DESC NULLS LAST, sp.code COLLATE "C"';

/** ORDER BY of each order: each matches an index of search_products (search-schema.ts). */
const ORDER_BY: Readonly<Record<Exclude<SortOrder, "relevance" | "nothing">, string>> = {
  popularity: POPULARITY,
  nutriscore_score: 'sp.nutriscore NULLS LAST, sp.code COLLATE "C"',
  nova_score: 'sp.nova NULLS LAST, sp.code COLLATE "C"',
  ecoscore_score: 'sp.ecoscore DESC NULLS LAST, sp.code COLLATE "C"',
  created_t: 'sp.created DESC NULLS LAST, sp.code COLLATE "C"',
  last_modified_t: 'sp.modified DESC NULLS LAST, sp.code COLLATE "C"',
  scans_n: 'sp.scans DESC NULLS LAST, sp.code COLLATE "C"',
  unique_scans_n: 'sp.unique_scans DESC NULLS LAST, sp.code COLLATE "C"',
  product_name: 'sp.name_key NULLS LAST, sp.code COLLATE "C"',
  completeness: 'sp.completeness NULLS LAST, sp.code COLLATE "C"',
};

type KeyedSort = keyof typeof ORDER_BY;

/** Match sets this small are sorted in SQL from their ids; larger ones first narrowed in memory. */
const SMALL_MATCH_SET = 2000;

/** Committed term ids kept in memory (ids never change once committed); beyond this many, forgotten. */
const MAX_CACHED_TERMS = 200_000;

/** A product whose writes are not folded into the posting lists yet: its current state. */
interface PendingProduct {
  pid: number;
  terms: ReadonlySet<number>;
  /** Number field term id → value. */
  numbers: ReadonlyMap<number, number>;
}

/** Which words a full-text set looks at: anywhere, in the name, in the name or brands (relevance groups). */
type TextColumns = "anywhere" | "name" | "nameOrBrands";

const COLUMN_FIELDS: Readonly<Record<TextColumns, readonly string[]>> = {
  anywhere: [WORD_FIELDS.anywhere],
  name: [WORD_FIELDS.name],
  nameOrBrands: [WORD_FIELDS.name, WORD_FIELDS.brands],
};
const COLUMN_WEIGHTS: Readonly<Record<TextColumns, string>> = { anywhere: "", name: "A", nameOrBrands: "AB" };

interface TokenSpec {
  token: string;
  prefix: boolean;
}

/** A full-text condition as tokens: every keyword holds (AND), through any of its phrases (OR). */
interface TextPlan {
  keywords: TokenSpec[][][];
  /** A phrase of several tokens: the token sets are a superset, checked by PostgreSQL. */
  phrases: boolean;
}

/** Tokens of a full-text condition as searchQuery() (search-text.ts) makes its tsquery; undefined = nothing matches. */
function textPlan(text: TextCondition): TextPlan | undefined {
  const phrase = (keyword: string, prefix: boolean): TokenSpec[] | undefined => {
    const tokens = keywordTokens(keyword);
    if (tokens.length === 0) return undefined;
    return tokens.map((token, i) => ({ token, prefix: prefix && i === tokens.length - 1 }));
  };
  const keywords: TokenSpec[][][] = [];
  const last = text.keywords.length - 1;
  for (const [i, keyword] of text.keywords.entries()) {
    if (i === last && text.prefixLast) {
      const typed = text.lastAsTyped ?? keyword;
      const alternatives = (
        typed === keyword ? [phrase(typed, true)] : [phrase(typed, true), phrase(keyword, false)]
      ).filter((a): a is TokenSpec[] => a !== undefined);
      if (alternatives.length === 0) return undefined;
      keywords.push(alternatives);
    } else {
      const exact = phrase(keyword, false);
      if (exact === undefined) return undefined;
      keywords.push([exact]);
    }
  }
  return { keywords, phrases: keywords.some((alternatives) => alternatives.some((p) => p.length > 1)) };
}

/** The first string after every string starting with `prefix`, in code point (COLLATE "C") order. */
function prefixEnd(prefix: string): string {
  const points = [...prefix];
  const last = (points.pop() as string).codePointAt(0) as number;
  const next = last + 1 === 0xd800 ? 0xe000 : last + 1;
  return points.join("") + String.fromCodePoint(Math.min(next, 0x10ffff));
}

function inInterval(value: number, interval: ValueInterval): boolean {
  const aboveLower = value > interval.lower || (value === interval.lower && interval.lowerInclusive);
  const belowUpper = value < interval.upper || (value === interval.upper && interval.upperInclusive);
  return aboveLower && belowUpper;
}

/**
 * One search's view of the index, in its snapshot: term ids, posting lists, pending products. Sets are
 * built from what {@link Snapshot.prefetch} read, so that a query costs a few statements, not one per term.
 */
class Snapshot {
  private readonly ids = new Map<string, number>();
  private postings = new Map<number, Buffer[]>();
  /** Word terms of prefixes, by field and prefix. */
  private readonly prefixTerms = new Map<string, number[]>();
  /** Exact values of partial number bins: pids by condition index. */
  private readonly exactPids = new Map<NumericCondition, number[]>();

  /** The last fold this snapshot sees (search-sort-keys.ts). */
  readonly generation: number;
  /** Current sort keys of the pending products. */
  readonly pendingKeys: readonly SortKeyRow[];

  constructor(
    readonly client: pg.PoolClient,
    private readonly search: PostgresSearch,
    readonly capacity: number,
    readonly total: number,
    readonly pending: readonly PendingProduct[],
    folds: { generation: number; pendingKeys: readonly SortKeyRow[] },
  ) {
    this.generation = folds.generation;
    this.pendingKeys = folds.pendingKeys;
  }

  id(key: string): number | undefined {
    return this.ids.get(key);
  }

  /**
   * Reads what `query` needs: term ids (in this snapshot: a term made by a write this snapshot sees
   * must be found), the word terms of prefixes, exact values of partial bins, then every posting list.
   */
  async prefetch(query: SearchQuery, text: TextPlan | undefined, columns: readonly TextColumns[]): Promise<void> {
    const keys: string[] = [ALL_PRODUCTS_KEY];
    for (const clause of query.tags) {
      for (const literal of clause.anyOf) {
        if (literal.kind === "tag") keys.push(termKey(clause.tagtype, literal.tag));
        else keys.push(termKey(clause.tagtype, ""), termKey(clause.tagtype, "unknown"));
      }
    }
    for (const condition of query.numbers) {
      const name = numberTermField(condition.field);
      keys.push(numberFieldKey(condition.field));
      const plan = planInterval(conditionInterval(condition));
      for (const bin of plan.coarse) keys.push(termKey(name, coarseBinTag(bin)));
      for (const bin of plan.fine) keys.push(termKey(name, fineBinTag(bin)));
      for (const exact of plan.exact) keys.push(termKey(name, fineBinTag(exact.bin)));
    }
    const fields = new Set(columns.flatMap((c) => COLUMN_FIELDS[c]));
    const prefixes: Array<[string, string]> = [];
    for (const alternatives of text?.keywords ?? []) {
      for (const phrase of alternatives) {
        for (const { token, prefix } of phrase) {
          for (const field of fields) {
            if (prefix) prefixes.push([field, token]);
            else keys.push(termKey(field, token));
          }
        }
      }
    }
    for (const [key, id] of await this.search.termIds(this.client, keys)) this.ids.set(key, id);
    if (prefixes.length > 0) {
      const { rows } = await this.client.query<{ i: string; term_id: number }>(
        `SELECT k.i, t.term_id FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS k(field, low, high, i)
         JOIN search_terms t ON t.field = k.field COLLATE "C" AND t.tag >= k.low COLLATE "C" AND t.tag < k.high COLLATE "C"`,
        [prefixes.map(([field]) => field), prefixes.map(([, p]) => p), prefixes.map(([, p]) => prefixEnd(p))],
      );
      for (const [field, token] of prefixes) this.prefixTerms.set(termKey(field, token), []);
      for (const row of rows) {
        const [field, token] = prefixes[Number(row.i) - 1] as [string, string];
        this.prefixTerms.get(termKey(field, token))?.push(row.term_id);
      }
    }
    for (const condition of query.numbers) await this.readExactValues(condition);
    const wanted = new Set<number>();
    for (const key of keys) {
      const id = this.ids.get(key);
      // Counts-only keys: a number field's own term has no list.
      if (id !== undefined && !(key.startsWith("#") && key.endsWith("\u0000"))) wanted.add(id);
    }
    for (const list of this.prefixTerms.values()) for (const id of list) wanted.add(id);
    if (!needsEveryProduct(query)) {
      const all = this.ids.get(ALL_PRODUCTS_KEY);
      if (all !== undefined) wanted.delete(all);
    }
    this.postings = await readPostings(this.client, wanted);
  }

  private async readExactValues(condition: NumericCondition): Promise<void> {
    const field = numberFieldKey(condition.field);
    const fieldId = this.ids.get(field);
    if (fieldId === undefined) return;
    const pids: number[] = [];
    for (const exact of planInterval(conditionInterval(condition)).exact) {
      const lower = exact.lowerInclusive ? ">=" : ">";
      const upper = exact.upperInclusive ? "<=" : "<";
      const { rows } = await this.client.query({
        text: `SELECT pid FROM search_numbers WHERE field_id = $1 AND value ${lower} $2 AND value ${upper} $3`,
        values: [fieldId, exact.lower, exact.upper],
        rowMode: "array",
      });
      for (const row of rows as Array<[number]>) pids.push(row[0]);
    }
    this.exactPids.set(condition, pids);
  }

  /** The folded members of term `id` (no pending product patched in). */
  private folded(id: number | undefined, set = new PidSet(this.capacity)): PidSet {
    if (id === undefined) return set;
    for (const blob of this.postings.get(id) ?? []) set.orContainer(blob);
    return set;
  }

  /** The products having term `id` now. */
  term(id: number | undefined): PidSet {
    const set = this.folded(id);
    for (const product of this.pending) {
      if (id !== undefined && product.terms.has(id)) set.add(product.pid);
      else set.remove(product.pid);
    }
    return set;
  }

  everyProduct(): PidSet {
    const set = this.folded(this.ids.get(ALL_PRODUCTS_KEY));
    // Products are never deleted: every pending one exists.
    for (const product of this.pending) set.add(product.pid);
    return set;
  }

  numberCondition(condition: NumericCondition): PidSet {
    const set = new PidSet(this.capacity);
    const fieldId = this.ids.get(numberFieldKey(condition.field));
    if (fieldId === undefined) return set;
    const name = numberTermField(condition.field);
    const interval = conditionInterval(condition);
    const plan = planInterval(interval);
    for (const bin of plan.coarse) this.folded(this.ids.get(termKey(name, coarseBinTag(bin))), set);
    for (const bin of plan.fine) this.folded(this.ids.get(termKey(name, fineBinTag(bin))), set);
    for (const pid of this.exactPids.get(condition) ?? []) set.add(pid);
    for (const product of this.pending) {
      const value = product.numbers.get(fieldId);
      if (value !== undefined && inInterval(value, interval)) set.add(product.pid);
      else set.remove(product.pid);
    }
    return set;
  }

  /** Folded products having every keyword's tokens in `columns` (phrases not checked yet). */
  private textCandidates(text: TextPlan, columns: TextColumns): PidSet {
    let result: PidSet | undefined;
    for (const alternatives of text.keywords) {
      let keyword: PidSet | undefined;
      for (const phrase of alternatives) {
        let tokens: PidSet | undefined;
        for (const { token, prefix } of phrase) {
          const set = new PidSet(this.capacity);
          for (const field of COLUMN_FIELDS[columns]) {
            const key = termKey(field, token);
            if (prefix) for (const id of this.prefixTerms.get(key) ?? []) this.folded(id, set);
            else this.folded(this.ids.get(key), set);
          }
          tokens = tokens === undefined ? set : tokens.and(set);
        }
        if (tokens !== undefined) keyword = keyword === undefined ? tokens : keyword.or(tokens);
      }
      const set = keyword ?? new PidSet(this.capacity);
      result = result === undefined ? set : result.and(set);
    }
    return result ?? new PidSet(this.capacity);
  }

  /**
   * Products matching the full-text condition in `columns`: candidates from the word lists, phrases
   * checked by PostgreSQL, pending products decided by PostgreSQL from their current words.
   */
  async textSet(condition: TextCondition, text: TextPlan, columns: TextColumns): Promise<PidSet> {
    let set = this.textCandidates(text, columns);
    const tsquery = searchQuery(condition, COLUMN_WEIGHTS[columns]);
    if (tsquery === undefined) return new PidSet(this.capacity);
    const pendingPids = this.pending.map((p) => p.pid);
    if (text.phrases) {
      for (const pid of pendingPids) set.remove(pid);
      const candidates = set.toArray();
      set = new PidSet(this.capacity);
      if (candidates.length > 0) {
        const { rows } = await this.client.query({
          text: "SELECT pid FROM search_details WHERE pid = ANY($1::int[]) AND words @@ $2::tsquery",
          values: [candidates, tsquery],
          rowMode: "array",
        });
        for (const row of rows as Array<[number]>) set.add(row[0]);
      }
    }
    if (pendingPids.length > 0) {
      for (const pid of pendingPids) set.remove(pid);
      const { rows } = await this.client.query({
        text: "SELECT pid FROM search_details WHERE pid = ANY($1::int[]) AND words @@ $2::tsquery",
        values: [pendingPids, tsquery],
        rowMode: "array",
      });
      for (const row of rows as Array<[number]>) set.add(row[0]);
    }
    return set;
  }

  async codes(codes: readonly string[]): Promise<PidSet> {
    const { rows } = await this.client.query({
      text: "SELECT pid FROM search_products WHERE code = ANY($1::text[])",
      values: [codes],
      rowMode: "array",
    });
    return PidSet.of(
      this.capacity,
      (rows as Array<[number]>).map((row) => row[0]),
    );
  }
}

/** Whether a query's sets may start from every product: a filter made only of negations or `unknown`. */
function needsEveryProduct(query: SearchQuery): boolean {
  if (query.numbers.length > 0 || query.codes !== undefined || query.text !== undefined) return false;
  return query.tags.length > 0 && query.tags.every((c) => !c.anyOf.every((l) => l.kind === "tag" && !l.negated));
}

interface SnapshotRow {
  capacity: number;
  total: number | null;
  generation: string;
  pending: Array<[number, number[], number[] | null, number[] | null, SortKeyRow]>;
}

export class PostgresSearch {
  private readonly knownTerms = new Map<string, number>();
  private readonly sortKeys = new PostgresSortKeys();
  /** Pooled connections whose session settings this search has made. */
  private readonly tunedClients = new WeakSet<pg.PoolClient>();

  constructor(private readonly pool: pg.Pool) {}

  /** Term ids of `keys` (absent = no product was ever indexed under it), read with `client`. */
  async termIds(client: pg.ClientBase | pg.Pool, keys: Iterable<string>): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    const fields: string[] = [];
    const tags: string[] = [];
    for (const key of new Set(keys)) {
      const id = this.knownTerms.get(key);
      if (id !== undefined) {
        ids.set(key, id);
        continue;
      }
      const at = key.indexOf("\u0000");
      fields.push(key.slice(0, at));
      tags.push(key.slice(at + 1));
    }
    if (fields.length === 0) return ids;
    const { rows } = await client.query<{ term_id: number; field: string; tag: string }>(
      `SELECT t.term_id, t.field, t.tag FROM search_terms t
       JOIN unnest($1::text[], $2::text[]) AS k(field, tag) ON t.field = k.field COLLATE "C" AND t.tag = k.tag COLLATE "C"`,
      [fields, tags],
    );
    if (this.knownTerms.size + rows.length > MAX_CACHED_TERMS) this.knownTerms.clear();
    for (const row of rows) {
      const key = termKey(row.field, row.tag);
      // Visible to a snapshot, so committed: its id is final.
      this.knownTerms.set(key, row.term_id);
      ids.set(key, row.term_id);
    }
    return ids;
  }

  /**
   * Runs `work` in one read-only snapshot, with the index's size and its pending products. The
   * transaction starts in the round trip that reads them (one simple query, two statements), and its
   * COMMIT is not waited for: a read-only transaction has nothing to make durable, and the connection
   * goes back to the pool once it is done.
   */
  private async inSnapshot<T>(work: (snapshot: Snapshot) => Promise<T>): Promise<T> {
    const all = (await this.termIds(this.pool, [ALL_PRODUCTS_KEY])).get(ALL_PRODUCTS_KEY) ?? 0;
    const client = await this.pool.connect();
    let result: T;
    try {
      if (!this.tunedClients.has(client)) {
        // JIT compilation costs more than these short statements take.
        await client.query("SET jit = off");
        this.tunedClients.add(client);
      }
      // A term id is ours, a number: written into the text, so that both statements go in one message.
      const results = (await client.query(
        `BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY;
         SELECT COALESCE((SELECT max(pid) FROM search_products), 0) AS capacity,
           ${termCountSql(String(Math.trunc(all)))} AS total,
           (SELECT COALESCE(max(generation), 0) FROM search_folds) AS generation,
           (SELECT COALESCE(json_agg(json_build_array(sp.pid, sp.terms, d.number_fields, d.number_values,
              json_build_array(${SORT_KEY_SELECT}))), '[]')
            FROM (SELECT DISTINCT pid FROM search_pending) q JOIN search_products sp ON sp.pid = q.pid
            LEFT JOIN search_details d ON d.pid = q.pid) AS pending`,
      )) as unknown as [pg.QueryResult, pg.QueryResult<SnapshotRow>];
      const row = results[1].rows[0] as SnapshotRow;
      const pending = row.pending.map(([pid, terms, fields, values]): PendingProduct => {
        const numbers = new Map<number, number>();
        fields?.forEach((field, i) => numbers.set(field, values?.[i] as number));
        return { pid, terms: new Set(terms), numbers };
      });
      const snapshot = new Snapshot(client, this, row.capacity, row.total ?? 0, pending, {
        generation: Number(row.generation),
        pendingKeys: row.pending.map((p) => p[4]),
      });
      result = await work(snapshot);
    } catch (e) {
      let broken: Error | undefined;
      await client.query("ROLLBACK").catch((error: Error) => {
        broken = error;
      });
      client.release(broken);
      throw e;
    }
    client.query("COMMIT").then(
      () => client.release(),
      (error: Error) => client.release(error),
    );
    return result;
  }

  async searchProducts(query: SearchQuery): Promise<SearchPage> {
    const text = query.text === undefined ? undefined : textPlan(query.text);
    if (query.text !== undefined && text === undefined) return { count: 0, documents: [] };
    return this.inSnapshot(async (s) => {
      if (s.total === 0) return { count: 0, documents: [] };
      const relevance = query.sort === "relevance" && query.text !== undefined;
      await s.prefetch(query, text, relevance ? ["anywhere", "name", "nameOrBrands"] : ["anywhere"]);
      if (relevance && query.text !== undefined && text !== undefined) {
        return this.relevanceSearch(s, query, query.text, text);
      }
      const matches = await this.filters(s, query, text);
      const count = matches === undefined ? s.total : matches.count();
      if (count === 0 || query.skip >= count) return { count, documents: [] };
      const pids = await this.page(s, query.sort, matches, count, query.skip, query.limit);
      return { count, documents: await this.documents(s, pids) };
    });
  }

  /**
   * Full text in relevance order: products whose name has every keyword, then those whose name or
   * brands have them, then the other matches; each group in the default (popularity) order.
   */
  private async relevanceSearch(
    s: Snapshot,
    query: SearchQuery,
    condition: TextCondition,
    text: TextPlan,
  ): Promise<SearchPage> {
    const matches = await this.filters(s, query, text);
    const count = matches?.count() ?? 0;
    const { skip, limit } = query;
    if (matches === undefined || count === 0 || skip >= count) return { count, documents: [] };
    const inName = (await s.textSet(condition, text, "name")).and(matches);
    const groups: Array<() => Promise<PidSet>> = [
      async () => inName,
      async () => (await s.textSet(condition, text, "nameOrBrands")).and(matches).andNot(inName),
      async () => matches.clone().andNot(await s.textSet(condition, text, "nameOrBrands")),
    ];
    const pids: number[] = [];
    let toSkip = skip;
    for (const group of groups) {
      if (pids.length >= limit) break;
      const set = await group();
      const size = set.count();
      if (toSkip >= size) {
        toSkip -= size;
        continue;
      }
      pids.push(...(await this.page(s, "popularity", set, size, toSkip, limit - pids.length)));
      toSkip = 0;
    }
    return { count, documents: await this.documents(s, pids) };
  }

  /** The set of products passing every filter, or undefined when there is none (all products). */
  private async filters(s: Snapshot, query: SearchQuery, text: TextPlan | undefined): Promise<PidSet | undefined> {
    const sets: FilterSet[] = [];
    for (const clause of query.tags) sets.push(this.tagFilter(s, clause));
    for (const condition of query.numbers) sets.push({ set: s.numberCondition(condition), negated: false });
    if (query.codes !== undefined) sets.push({ set: await s.codes(query.codes), negated: false });
    if (query.text !== undefined && text !== undefined) {
      sets.push({ set: await s.textSet(query.text, text, "anywhere"), negated: false });
    }
    if (sets.length === 0) return undefined;
    // A positive set first: the others only shrink it.
    sets.sort((a, b) => Number(a.negated) - Number(b.negated));
    let result: PidSet | undefined;
    for (const { set, negated } of sets) {
      if (result === undefined) result = negated ? s.everyProduct().andNot(set) : set;
      else if (negated) result.andNot(set);
      else result.and(set);
    }
    return result;
  }

  /**
   * A clause `a|-b|unknown` as one set or the complement of one: (¬A) ∪ B = ¬(A \ B) and
   * (¬A) ∪ (¬B) = ¬(A ∩ B). `unknown` is "no tag of this type, or the tag `unknown`".
   */
  private tagFilter(s: Snapshot, clause: TagClause): FilterSet {
    let result: FilterSet | undefined;
    for (const literal of clause.anyOf) {
      let item: FilterSet;
      if (literal.kind === "tag") {
        item = { set: s.term(s.id(termKey(clause.tagtype, literal.tag))), negated: literal.negated };
      } else {
        const known = s
          .term(s.id(termKey(clause.tagtype, "")))
          .andNot(s.term(s.id(termKey(clause.tagtype, "unknown"))));
        item = { set: known, negated: !literal.negated };
      }
      result = result === undefined ? item : orSets(result, item);
    }
    return result ?? { set: new PidSet(s.capacity), negated: false };
  }

  /** The pids of a page, in `sort` order, among `matches` (undefined = every product). */
  private async page(
    s: Snapshot,
    sort: SortOrder,
    matches: PidSet | undefined,
    count: number,
    skip: number,
    limit: number,
  ): Promise<number[]> {
    if (sort === "nothing" || sort === "relevance") {
      if (matches !== undefined) return matches.slice(skip, limit);
      return this.pids(s, "SELECT pid FROM search_products ORDER BY pid LIMIT $1 OFFSET $2", [limit, skip]);
    }
    // Every product: the first rows of the order's index (the pid is in it: index only).
    if (matches === undefined) return (await this.walk(s, sort, skip + limit)).slice(skip);
    if (count <= SMALL_MATCH_SET) return this.collect(s, sort, matches.toArray(), skip, limit);
    // A pass over the matches' keys in memory keeps those that may be on the page (search-sort-keys.ts).
    await this.sortKeys.refresh(s.client, s.generation, s.capacity, s.pendingKeys);
    const candidates = this.sortKeys.candidates(ORDER_SORT_KEYS[sort], matches, Math.min(skip + limit, count));
    return this.collect(s, sort, candidates, skip, limit);
  }

  private async pids(s: Snapshot, text: string, values: unknown[]): Promise<number[]> {
    const { rows } = await s.client.query({ text, values, rowMode: "array" });
    return (rows as Array<[number]>).map((row) => row[0]);
  }

  /** The first `rows` products of an order, walking its index (search-schema.ts). */
  private walk(s: Snapshot, sort: KeyedSort, rows: number): Promise<number[]> {
    return this.pids(s, `SELECT sp.pid FROM search_products sp ORDER BY ${ORDER_BY[sort]} LIMIT $1`, [rows]);
  }

  /** The page among `pids`, sorted by PostgreSQL (the order's index is not walked). */
  private collect(s: Snapshot, sort: KeyedSort, pids: number[], skip: number, limit: number): Promise<number[]> {
    return this.pids(
      s,
      `SELECT sp.pid FROM search_products sp WHERE sp.pid = ANY($1::int[])
       ORDER BY ${unindexed(ORDER_BY[sort])} LIMIT $2 OFFSET $3`,
      [pids, limit, skip],
    );
  }

  private async documents(s: Snapshot, pids: readonly number[]): Promise<Buffer[]> {
    if (pids.length === 0) return [];
    const { rows } = await s.client.query({
      name: "search_documents",
      text: `SELECT sp.pid, r.doc FROM search_products sp JOIN products p ON p.code = sp.code
             JOIN revisions r ON r.id = p.revision_id WHERE sp.pid = ANY($1::int[])`,
      values: [pids],
      rowMode: "array",
    });
    const byPid = new Map<number, string>();
    for (const [pid, doc] of rows as Array<[number, string]>) byPid.set(pid, doc);
    const out: Buffer[] = [];
    for (const pid of pids) {
      const doc = byPid.get(pid);
      if (doc !== undefined) out.push(Buffer.from(doc));
    }
    return out;
  }

  /**
   * The first `limit` matches in the order of `sort_by=nothing`, counted from their tag arrays
   * (search_products.terms): no document is read.
   */
  async facetSample(query: SearchQuery, tagtypes: readonly string[], limit: number): Promise<FacetSample> {
    const facets: Record<string, FacetTag[]> = Object.fromEntries(tagtypes.map((t) => [t, []]));
    if (limit <= 0) return { counted: 0, facets };
    const text = query.text === undefined ? undefined : textPlan(query.text);
    if (query.text !== undefined && text === undefined) return { counted: 0, facets };
    type Sample = { counted: number; tags: Array<[string, string, number]> };
    const sample = await this.inSnapshot(async (s): Promise<Sample | undefined> => {
      if (s.total === 0) return undefined;
      await s.prefetch(query, text, ["anywhere"]);
      const matches = await this.filters(s, query, text);
      const pids =
        matches === undefined
          ? await this.pids(s, "SELECT pid FROM search_products ORDER BY pid LIMIT $1", [limit])
          : matches.slice(0, limit);
      if (pids.length === 0) return undefined;
      const { rows } = await s.client.query<Sample>(
        `WITH m AS MATERIALIZED (SELECT sp.terms FROM search_products sp WHERE sp.pid = ANY($1::int[]))
         SELECT (SELECT count(*)::int FROM m) AS counted,
           (SELECT COALESCE(json_agg(json_build_array(t.field, t.tag, c.products)), '[]'::json)
            FROM (SELECT u.term_id, count(*)::int AS products
                  FROM m CROSS JOIN LATERAL unnest(m.terms) AS u(term_id) GROUP BY u.term_id) c
            JOIN search_terms t ON t.term_id = c.term_id
            WHERE t.field = ANY($2::text[]) AND t.tag <> '') AS tags`,
        [pids, tagtypes],
      );
      return rows[0];
    });
    const counts = new Map<string, Map<string, number>>(tagtypes.map((t) => [t, new Map()]));
    const { counted, tags: found } = sample ?? { counted: 0, tags: [] };
    for (const [field, tag, products] of found) counts.get(field)?.set(tag, products);
    for (const [tagtype, byTag] of counts) facets[tagtype] = rankFacetTags(byTag);
    return { counted, facets };
  }

  async facetCounts(query: FacetQuery): Promise<FacetCounts> {
    if (query.country === undefined) {
      const { rows } = await this.pool.query<{ tag: string; products: number }>(
        // Counts not yet folded into search_terms live in search_term_shards (search-index.ts).
        `SELECT * FROM (
           SELECT t.tag, (t.products + COALESCE(s.products, 0))::int AS products
           FROM search_terms t
           LEFT JOIN (SELECT term_id, sum(products) AS products FROM search_term_shards GROUP BY term_id) s
             ON s.term_id = t.term_id
           WHERE t.field = $1 AND t.tag <> ''
         ) c WHERE products > 0 ORDER BY products DESC, tag`,
        [query.tagtype],
      );
      return { tags: rows };
    }
    // Counts kept per country by every write (country-facets.ts): one index range, no product read.
    const countryKey = termKey("countries", query.country);
    const typeKey = termKey(query.tagtype, "");
    const ids = await this.termIds(this.pool, [countryKey, typeKey]);
    const country = ids.get(countryKey);
    const type = ids.get(typeKey);
    if (country === undefined || type === undefined) return { tags: [] };
    const { rows } = await this.pool.query<{ tag: string; products: number }>(COUNTRY_FACET_SQL, [country, type]);
    return { tags: rows };
  }
}

/** The first key of an order as an expression no index has: the matches are sorted, not walked. */
function unindexed(order: string): string {
  const [first, ...rest] = order.split(", ");
  const [column, ...direction] = (first as string).split(" ");
  const key = column === "sp.name_key" ? `(${column} || '')` : `(${column} + 0)`;
  return [[key, ...direction].join(" "), ...rest].join(", ");
}
