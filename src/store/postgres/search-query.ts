/**
 * Search and facets over the PostgreSQL search index (search-schema.ts), with the semantics of the
 * SQLite store (API.md §5):
 * - tag clauses become conditions on the GIN-indexed term array (`@>` all of, `&&` any of, NOT for
 *   negations, `unknown` = no tag of the type or the tag `unknown`), number conditions ranges of
 *   search_numbers, full text a `tsquery` on search_details (search-text.ts);
 * - the exact count and the page with its documents come from one snapshot, so they agree. Counts
 *   that the term dictionary already holds (no filter, one tag, one tag minus others) are read from it
 *   instead of counting rows;
 * - pages are ordered as §5.5 by walking the B-tree of the order and keeping matches (a broad filter)
 *   or by sorting every match (a narrow one). For one tag, PostgreSQL's planner chooses (it has
 *   statistics of the tag array); otherwise (several tags, numbers, words: frequencies it cannot
 *   see) the count comes first and decides, as the SQLite store does. Relevance = matches with every word in the
 *   name first, then in the name or brands, then the others, each group by popularity.
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
} from "../../domain/search/query.js";
import { COUNTRY_FACET_SQL } from "./country-facets.js";
import { ALL_PRODUCTS_KEY, numberFieldKey, termCountSql, termKey } from "./search-index.js";
import { searchQuery } from "./search-text.js";

const POPULARITY = 'sp.popularity DESC NULLS LAST, sp.recency DESC NULLS LAST, sp.code COLLATE "C"';

/** ORDER BY of each order: each matches an index of search_products (search-schema.ts). */
const ORDER_BY: Readonly<Record<Exclude<SortOrder, "relevance">, string>> = {
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
  nothing: "sp.pid",
};

const OPERATORS: Readonly<Record<NumericCondition["op"], string>> = {
  lt: "<",
  lte: "<=",
  gt: ">",
  gte: ">=",
  eq: "=",
};

/** Committed term ids kept in memory (ids never change once committed); beyond this many, forgotten. */
const MAX_CACHED_TERMS = 100_000;

/** Positional parameters of the statements of one search. */
class Params {
  private readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** A statement with the parameters it uses, renumbered from $1 (PostgreSQL rejects unused ones). */
  bind(text: string): { text: string; values: unknown[] } {
    const numbers = new Map<string, string>();
    const values: unknown[] = [];
    const bound = text.replace(/\$(\d+)/g, (placeholder, n: string) => {
      let renumbered = numbers.get(n);
      if (renumbered === undefined) {
        values.push(this.values[Number(n) - 1]);
        renumbered = `$${values.length}`;
        numbers.set(n, renumbered);
      }
      return renumbered;
    });
    return { text: bound, values };
  }
}

type TermIds = ReadonlyMap<string, number>;

/** The filters of a query as SQL over `sp` (search_products) and, with full text, `d` (search_details). */
interface CompiledFilter {
  /** Conditions that must all hold; FALSE somewhere = nothing matches. */
  conditions: string[];
  matchesNothing: boolean;
  /** Full text: the details row is joined. */
  text: boolean;
}

export class PostgresSearch {
  private readonly knownTerms = new Map<string, number>();
  /** Pooled connections whose session settings this search has made. */
  private readonly tunedClients = new WeakSet<pg.PoolClient>();

  constructor(private readonly pool: pg.Pool) {}

  /** Term ids of `keys` (absent = no product was ever indexed under it). */
  private async termIds(keys: Iterable<string>): Promise<TermIds> {
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
    const { rows } = await this.pool.query<{ term_id: number; field: string; tag: string }>(
      `SELECT t.term_id, t.field, t.tag FROM search_terms t
       JOIN unnest($1::text[], $2::text[]) AS k(field, tag) ON t.field = k.field COLLATE "C" AND t.tag = k.tag COLLATE "C"`,
      [fields, tags],
    );
    if (this.knownTerms.size + rows.length > MAX_CACHED_TERMS) this.knownTerms.clear();
    for (const row of rows) {
      const key = termKey(row.field, row.tag);
      // Read outside any transaction: the row is committed, its id final.
      this.knownTerms.set(key, row.term_id);
      ids.set(key, row.term_id);
    }
    return ids;
  }

  /** The query's filters as SQL, with the term ids they name. */
  private async compile(query: SearchQuery): Promise<CompiledSearch> {
    const keys: string[] = [ALL_PRODUCTS_KEY];
    for (const clause of query.tags) {
      for (const literal of clause.anyOf) {
        if (literal.kind === "tag") keys.push(termKey(clause.tagtype, literal.tag));
        else keys.push(termKey(clause.tagtype, ""), termKey(clause.tagtype, "unknown"));
      }
    }
    for (const condition of query.numbers) keys.push(numberFieldKey(condition.field));
    const ids = await this.termIds(keys);
    const params = new Params();
    return { query, filter: compileFilter(query, ids, params), ids, params };
  }

  async searchProducts(query: SearchQuery): Promise<SearchPage> {
    const search = await this.compile(query);
    if (search.filter.matchesNothing) return { count: 0, documents: [] };
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      if (!this.tunedClients.has(client)) {
        // JIT compilation costs more than these short queries take (and a disabled sort's cost invites it).
        await client.query("SET jit = off");
        this.tunedClients.add(client);
      }
      if (plannerKnows(query)) return await plannedSearch(client, search);
      try {
        return await countedSearch(client, search);
      } catch (e) {
        await client.query("ROLLBACK").catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw e;
      }
    } finally {
      client.release(broken);
    }
  }

  /**
   * The first `limit` matches in the order of `sort_by=nothing`, counted from their tag arrays
   * (search_products.terms): no document is read.
   */
  async facetSample(query: SearchQuery, tagtypes: readonly string[], limit: number): Promise<FacetSample> {
    const facets: Record<string, FacetTag[]> = Object.fromEntries(tagtypes.map((t) => [t, []]));
    const { filter, params } = await this.compile(query);
    if (filter.matchesNothing || limit <= 0) return { counted: 0, facets };
    const { rows } = await this.pool.query<{ counted: number; tags: Array<[string, string, number]> }>(
      params.bind(
        `WITH m AS MATERIALIZED (
           SELECT sp.terms FROM ${fromSql(filter)} ORDER BY ${ORDER_BY.nothing} LIMIT ${params.add(limit)}::int)
         SELECT (SELECT count(*)::int FROM m) AS counted,
           (SELECT COALESCE(json_agg(json_build_array(t.field, t.tag, c.products)), '[]'::json)
            FROM (SELECT u.term_id, count(*)::int AS products
                  FROM m CROSS JOIN LATERAL unnest(m.terms) AS u(term_id) GROUP BY u.term_id) c
            JOIN search_terms t ON t.term_id = c.term_id
            WHERE t.field = ANY(${params.add(tagtypes)}::text[]) AND t.tag <> '') AS tags`,
      ),
    );
    const counts = new Map<string, Map<string, number>>(tagtypes.map((t) => [t, new Map()]));
    const { counted, tags } = rows[0] ?? { counted: 0, tags: [] };
    for (const [field, tag, products] of tags) counts.get(field)?.set(tag, products);
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
    const ids = await this.termIds([countryKey, typeKey]);
    const country = ids.get(countryKey);
    const type = ids.get(typeKey);
    if (country === undefined || type === undefined) return { tags: [] };
    const { rows } = await this.pool.query<{ tag: string; products: number }>(COUNTRY_FACET_SQL, [country, type]);
    return { tags: rows };
  }
}

interface CompiledSearch {
  query: SearchQuery;
  filter: CompiledFilter;
  ids: TermIds;
  params: Params;
}

/**
 * No filter, or one tag: the planner knows how many products match (the tag array's statistics) and
 * chooses well how to find the page. It cannot know for several tags together (it takes them as
 * independent: a category and a grade that never meet make it walk every product), nor for numbers
 * and words.
 */
function plannerKnows(query: SearchQuery): boolean {
  if (query.numbers.length > 0 || query.text !== undefined || query.codes !== undefined) return false;
  if (query.tags.length === 0) return true;
  const only = query.tags.length === 1 && query.tags[0]?.anyOf.length === 1 ? query.tags[0].anyOf[0] : undefined;
  return only?.kind === "tag" && !only.negated;
}

/** What the planner knows well (plannerKnows): one statement, one snapshot for the count and the page. */
async function plannedSearch(
  client: pg.PoolClient,
  { query, filter, ids, params }: CompiledSearch,
): Promise<SearchPage> {
  const { text, values } = params.bind(
    `SELECT c.count, r.doc FROM (SELECT (${countSql(query, filter, ids, params)})::int AS count) c
     LEFT JOIN (SELECT x.code, row_number() OVER () AS n FROM (${pageSql(query, filter, params, "planner")}) x) pg
       ON true
     LEFT JOIN products p ON p.code = pg.code LEFT JOIN revisions r ON r.id = p.revision_id
     ORDER BY pg.n`,
  );
  const { rows } = await client.query<{ count: number; doc: string | null }>(text, values);
  const documents: Buffer[] = [];
  for (const row of rows) if (row.doc !== null) documents.push(Buffer.from(row.doc));
  return { count: rows[0]?.count ?? 0, documents };
}

/**
 * Anything else: the count comes first and decides how to find the page (pageStrategy), in one
 * read-only snapshot.
 */
async function countedSearch(
  client: pg.PoolClient,
  { query, filter, ids, params }: CompiledSearch,
): Promise<SearchPage> {
  const total = params.add(ids.get(ALL_PRODUCTS_KEY));
  const counting = params.bind(
    `SELECT (${countSql(query, filter, ids, params)})::int AS count,
       ${termCountSql(`${total}::int`)} AS total`,
  );
  await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
  const counted = await client.query<{ count: number; total: number }>(counting.text, counting.values);
  const { count, total: all } = counted.rows[0] as { count: number; total: number };
  let documents: Buffer[] = [];
  if (count > 0 && query.skip < count) {
    const strategy = pageStrategy(query, count, all);
    if (strategy === "walk") await client.query("SET LOCAL enable_sort = off");
    const paging = params.bind(
      `SELECT r.doc FROM (SELECT x.code, row_number() OVER () AS n FROM (${pageSql(query, filter, params, strategy)}) x) pg
       JOIN products p ON p.code = pg.code JOIN revisions r ON r.id = p.revision_id ORDER BY pg.n`,
    );
    const { rows } = await client.query<{ doc: string }>(paging.text, paging.values);
    documents = rows.map((row) => Buffer.from(row.doc));
  }
  await client.query("COMMIT");
  return { count, documents };
}

/** `sp.terms @> {id}` as SQL, or FALSE when no product has the term. */
function hasTerm(ids: TermIds, key: string, params: Params): string {
  const id = ids.get(key);
  return id === undefined ? "FALSE" : `sp.terms @> ARRAY[${params.add(id)}::int]`;
}

function not(condition: string): string {
  if (condition === "FALSE") return "TRUE";
  if (condition === "TRUE") return "FALSE";
  return `NOT (${condition})`;
}

function and(a: string, b: string): string {
  if (a === "FALSE" || b === "FALSE") return "FALSE";
  if (a === "TRUE") return b;
  if (b === "TRUE") return a;
  return `(${a} AND ${b})`;
}

/**
 * One tag clause (`a|-b|unknown`) as SQL. `unknown` = no tag of the type, or the tag `unknown`
 * (computed fields such as `nutrition_grades_tags` store `["unknown"]`); `-unknown` = the opposite.
 */
function clauseSql(clause: TagClause, ids: TermIds, params: Params): string {
  const positive = clause.anyOf.every((l) => l.kind === "tag" && !l.negated);
  if (positive) {
    // Only tags the product must have one of: one GIN-indexed overlap.
    const present = clause.anyOf
      .map((l) => (l.kind === "tag" ? ids.get(termKey(clause.tagtype, l.tag)) : undefined))
      .filter((id): id is number => id !== undefined);
    return present.length === 0 ? "FALSE" : `sp.terms && ${params.add(present)}::int[]`;
  }
  const items: string[] = [];
  for (const literal of clause.anyOf) {
    let item: string;
    if (literal.kind === "tag") {
      const has = hasTerm(ids, termKey(clause.tagtype, literal.tag), params);
      item = literal.negated ? not(has) : has;
    } else {
      const known = and(
        hasTerm(ids, termKey(clause.tagtype, ""), params),
        not(hasTerm(ids, termKey(clause.tagtype, "unknown"), params)),
      );
      item = literal.negated ? known : not(known);
    }
    if (item === "TRUE") return "TRUE";
    if (item !== "FALSE") items.push(item);
  }
  return items.length === 0 ? "FALSE" : `(${items.join(" OR ")})`;
}

function compileFilter(query: SearchQuery, ids: TermIds, params: Params): CompiledFilter {
  const conditions: string[] = [];
  let matchesNothing = false;
  const add = (condition: string) => {
    if (condition === "FALSE") matchesNothing = true;
    else if (condition !== "TRUE") conditions.push(condition);
  };

  // Tags every match must have: one `@>` over the GIN index.
  const required: number[] = [];
  for (const clause of query.tags) {
    const only = clause.anyOf.length === 1 ? clause.anyOf[0] : undefined;
    if (only?.kind === "tag" && !only.negated) {
      const id = ids.get(termKey(clause.tagtype, only.tag));
      if (id === undefined) matchesNothing = true;
      else required.push(id);
    }
  }
  if (required.length > 0) add(`sp.terms @> ${params.add(required)}::int[]`);
  for (const clause of query.tags) {
    const only = clause.anyOf.length === 1 ? clause.anyOf[0] : undefined;
    if (only?.kind === "tag" && !only.negated) continue;
    add(clauseSql(clause, ids, params));
  }

  // Conditions on one field hold for its one value: one range per field.
  const byField = new Map<string, NumericCondition[]>();
  for (const condition of query.numbers) {
    const list = byField.get(condition.field);
    if (list === undefined) byField.set(condition.field, [condition]);
    else list.push(condition);
  }
  for (const [field, list] of byField) {
    const range = numberRange(field, list, ids, params);
    add(range === undefined ? "FALSE" : `sp.pid IN (SELECT n.pid FROM search_numbers n WHERE ${range})`);
  }

  if (query.codes !== undefined) {
    add(query.codes.length === 0 ? "FALSE" : `sp.code = ANY(${params.add(query.codes)}::text[])`);
  }
  let text = false;
  if (query.text !== undefined) {
    const tsquery = searchQuery(query.text);
    if (tsquery === undefined) matchesNothing = true;
    else {
      add(`d.words @@ ${params.add(tsquery)}::tsquery`);
      text = true;
    }
  }
  return { conditions, matchesNothing, text };
}

/** The rows of search_numbers (`n`) passing the conditions on one field; undefined when no product has it. */
function numberRange(field: string, list: NumericCondition[], ids: TermIds, params: Params): string | undefined {
  const id = ids.get(numberFieldKey(field));
  if (id === undefined) return undefined;
  const bounds = list.map((c) => `n.value ${OPERATORS[c.op]} ${params.add(c.value)}::float8`);
  return `n.field_id = ${params.add(id)}::int AND ${bounds.join(" AND ")}`;
}

function fromSql(filter: CompiledFilter): string {
  const from = filter.text ? "search_products sp JOIN search_details d ON d.pid = sp.pid" : "search_products sp";
  return filter.conditions.length === 0 ? from : `${from} WHERE ${filter.conditions.join(" AND ")}`;
}

/**
 * The exact count: from the term dictionary when the filter is one tag (optionally minus others),
 * from search_numbers alone for one number condition, else by counting the matching rows.
 */
function countSql(query: SearchQuery, filter: CompiledFilter, ids: TermIds, params: Params): string {
  const termCount = (id: number) => `SELECT ${termCountSql(`${params.add(id)}::int`)}`;
  const onlyTags = query.numbers.length === 0 && query.codes === undefined && query.text === undefined;
  if (onlyTags && query.tags.length === 0) return termCount(ids.get(ALL_PRODUCTS_KEY) as number);
  if (onlyTags) {
    const single = query.tags.map((c) => (c.anyOf.length === 1 ? c.anyOf[0] : undefined));
    if (single.every((l) => l?.kind === "tag")) {
      const positive = query.tags.filter((_, i) => single[i]?.negated === false);
      const negative = query.tags.filter((_, i) => single[i]?.negated === true);
      if (positive.length === 1) {
        const tagOf = (c: TagClause) => (c.anyOf[0] as { tag: string }).tag;
        const p = positive[0] as TagClause;
        const pid = ids.get(termKey(p.tagtype, tagOf(p))) as number;
        const excluded = negative
          .map((c) => ids.get(termKey(c.tagtype, tagOf(c))))
          .filter((id): id is number => id !== undefined);
        if (excluded.length === 0) return termCount(pid);
        // |P \ (N1 ∪ N2 …)| = |P| − |P ∩ (N1 ∪ N2 …)|: the second set is small when the first is broad.
        return `SELECT (${termCount(pid)}) - (SELECT count(*) FROM search_products sp
          WHERE sp.terms @> ARRAY[${params.add(pid)}::int] AND sp.terms && ${params.add(excluded)}::int[])`;
      }
    }
  }
  if (query.tags.length === 0 && query.codes === undefined && query.text === undefined && query.numbers.length > 0) {
    const fields = new Set(query.numbers.map((c) => c.field));
    // One value per product and field: the rows of the range are the matches.
    if (fields.size === 1) {
      const range = numberRange(query.numbers[0]?.field as string, query.numbers, ids, params);
      if (range !== undefined) return `SELECT count(*) FROM search_numbers n WHERE ${range}`;
    }
  }
  if (query.tags.length === 0 && query.numbers.length === 0 && query.codes === undefined && filter.text) {
    return `SELECT count(*) FROM search_details d WHERE ${filter.conditions.join(" AND ")}`;
  }
  return `SELECT count(*) FROM ${fromSql(filter)}`;
}

/**
 * How to find the page: walk the index of the order and keep matches, or find every match and sort
 * them. Walking reads about (skip + limit) × total / count index entries when the filter is unrelated
 * to the order; a walked row costs a few times a collected one (random reads, a check per row).
 */
type PageStrategy = "walk" | "collect" | "planner";

const WALK_ROW_COST = 4;
const MAX_WALK_ROWS = 200_000;

function pageStrategy(query: SearchQuery, count: number, total: number): PageStrategy {
  if (query.sort === "relevance" && query.text !== undefined) return "collect";
  const wanted = Math.min(query.skip + query.limit, count);
  const expected = Math.ceil((wanted * Math.max(total, count)) / count);
  return expected <= MAX_WALK_ROWS && expected * WALK_ROW_COST <= count + 1000 ? "walk" : "collect";
}

/** The first key of an order as an expression no index has: the matches are sorted, not walked. */
function unindexed(order: string): string {
  const [first, ...rest] = order.split(", ");
  const [column, ...direction] = (first as string).split(" ");
  const key = column === "sp.name_key" ? `(${column} || '')` : `(${column} + 0)`;
  return [[key, ...direction].join(" "), ...rest].join(", ");
}

/** The page's codes in order. */
function pageSql(query: SearchQuery, filter: CompiledFilter, params: Params, strategy: PageStrategy): string {
  const limit = `LIMIT ${params.add(query.limit)}::int OFFSET ${params.add(query.skip)}::int8`;
  if (query.sort === "relevance" && query.text !== undefined && filter.text) {
    // Every match is ranked (whole groups cannot be walked): words in the name first, then in the
    // name or brands, then elsewhere; each group by popularity.
    const inName = searchQuery(query.text, "A");
    const inNameOrBrands = searchQuery(query.text, "AB");
    if (inName !== undefined && inNameOrBrands !== undefined) {
      const rank = `CASE WHEN d.words @@ ${params.add(inName)}::tsquery THEN 0
        WHEN d.words @@ ${params.add(inNameOrBrands)}::tsquery THEN 1 ELSE 2 END`;
      return `SELECT sp.code FROM ${fromSql(filter)} ORDER BY ${rank}, ${POPULARITY} ${limit}`;
    }
  }
  let order = ORDER_BY[query.sort === "relevance" ? "nothing" : query.sort];
  if (strategy === "collect") order = unindexed(order);
  return `SELECT sp.code FROM ${fromSql(filter)} ORDER BY ${order} ${limit}`;
}
