/**
 * Maintenance of the PostgreSQL search index (tables in search-schema.ts). The store calls
 * {@link indexProductForSearch} for every document it stores, inside the write's transaction, so a
 * search never sees half a write; bulk.ts indexes whole batches with the same pieces. What a product is
 * indexed under comes from domain/search/index-entry.ts, as on SQLite, so both stores find the same
 * products. Only what changed is written: term counts of the terms gained and lost, changed numbers.
 */
import type pg from "pg";
import type { Product } from "../../domain/product.js";
import { type ProductIndexEntry, productIndexEntry } from "../../domain/search/index-entry.js";
import type { Taxonomies } from "../../domain/taxonomy/types.js";
import { loadTaxonomies } from "../../storage/taxonomy-files.js";
import {
  addCountryTermCounts,
  addTagTermInfos,
  type CountryTermDeltas,
  countryTermChanges,
  lostTerms,
  readTagTermInfos,
  type TagTermInfos,
} from "./country-facets.js";
import { searchVector } from "./search-text.js";

/** Term keys of search_terms (see search-schema.ts), as one string: field, NUL, tag. */
export function termKey(field: string, tag: string): string {
  return `${field}\u0000${tag}`;
}

export const ALL_PRODUCTS_KEY = termKey("", "");

/** The term field of a number field's terms (`#sugars_100g`): its own term and its value bins'. */
export function numberTermField(field: string): string {
  return `#${field}`;
}

export function numberFieldKey(field: string): string {
  return termKey(numberTermField(field), "");
}

/** Sort key columns of search_products, in the order {@link SearchRow.sort} holds them. */
export const SORT_COLUMNS = [
  "popularity",
  "recency",
  "nutriscore",
  "nova",
  "ecoscore",
  "created",
  "modified",
  "scans",
  "unique_scans",
  "name_key",
  "completeness",
] as const;

/** What the index holds for one product, before term ids are known. */
export interface SearchRow {
  /** Keys of its tag terms (tags and "has a tag of this type"), without duplicates. */
  terms: string[];
  /** Keys of its number fields, and their values (same order). */
  numberFields: string[];
  numberValues: number[];
  /** Values of {@link SORT_COLUMNS}; null = missing (sorts last). */
  sort: Array<number | string | null>;
  /** `tsvector` literal of its texts. */
  words: string;
}

let taxonomiesCache: Taxonomies | undefined;

function taxonomies(): Taxonomies {
  taxonomiesCache ??= loadTaxonomies();
  return taxonomiesCache;
}

export function searchRowOf(product: Product): SearchRow {
  return searchRowOfEntry(productIndexEntry(product, taxonomies()));
}

export function searchRowOfEntry(entry: ProductIndexEntry): SearchRow {
  const terms: string[] = [];
  for (const [tagtype, tags] of entry.tags) {
    terms.push(termKey(tagtype, ""));
    for (const tag of tags) terms.push(termKey(tagtype, tag));
  }
  const numberFields: string[] = [];
  const numberValues: number[] = [];
  for (const [field, value] of entry.numbers) {
    numberFields.push(numberFieldKey(field));
    numberValues.push(value);
  }
  const s = entry.sort;
  const sort = [
    s.popularity,
    s.recency,
    s.nutriscore,
    s.nova,
    s.ecoscore,
    s.created,
    s.modified,
    s.scans,
    s.uniqueScans,
    s.name,
    s.completeness,
  ].map((v) => v ?? null);
  return { terms, numberFields, numberValues, sort, words: searchVector(entry.text) };
}

function splitKeys(keys: Iterable<string>): [string[], string[]] {
  const fields: string[] = [];
  const tags: string[] = [];
  for (const key of keys) {
    const at = key.indexOf("\u0000");
    fields.push(key.slice(0, at));
    tags.push(key.slice(at + 1));
  }
  return [fields, tags];
}

const SELECT_TERMS = `
  SELECT t.term_id, t.field, t.tag FROM search_terms t
  JOIN unnest($1::text[], $2::text[]) AS k(field, tag) ON t.field = k.field COLLATE "C" AND t.tag = k.tag COLLATE "C"`;
// Sorted, so that two transactions adding the same new terms wait for each other instead of deadlocking.
const INSERT_TERMS = `
  INSERT INTO search_terms (field, tag)
  SELECT field, tag FROM unnest($1::text[], $2::text[]) AS k(field, tag) ORDER BY 1, 2
  ON CONFLICT (field, tag) DO NOTHING RETURNING term_id, field, tag`;

interface TermRow {
  term_id: number;
  field: string;
  tag: string;
}

/**
 * Term ids of `keys`, created when missing (in the caller's transaction). `known` holds ids already
 * known to be committed; it is read, never written here (an id made by a transaction that rolls back
 * must not be remembered).
 */
export async function termIds(
  client: pg.ClientBase,
  keys: Iterable<string>,
  known?: ReadonlyMap<string, number>,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const missing = new Set<string>();
  for (const key of keys) {
    const id = known?.get(key);
    if (id !== undefined) ids.set(key, id);
    else missing.add(key);
  }
  if (missing.size === 0) return ids;
  const remember = (rows: TermRow[]) => {
    for (const row of rows) {
      const key = termKey(row.field, row.tag);
      ids.set(key, row.term_id);
      missing.delete(key);
    }
  };
  remember((await client.query<TermRow>(SELECT_TERMS, splitKeys(missing))).rows);
  if (missing.size === 0) return ids;
  remember((await client.query<TermRow>(INSERT_TERMS, splitKeys(missing))).rows);
  // Inserted by a concurrent transaction that committed while this one waited.
  if (missing.size > 0) remember((await client.query<TermRow>(SELECT_TERMS, splitKeys(missing))).rows);
  if (missing.size > 0) throw new Error(`search terms could not be created: ${[...missing].join(", ")}`);
  return ids;
}

/** Term ids and their non-zero count changes, in id order (the order every writer locks rows in). */
function sortedChanges(deltas: ReadonlyMap<number, number>): { ids: number[]; changes: number[] } {
  const entries = [...deltas].filter(([, delta]) => delta !== 0).sort((a, b) => a[0] - b[0]);
  return { ids: entries.map(([id]) => id), changes: entries.map(([, delta]) => delta) };
}

/**
 * Adds `deltas` (term id → change) to the terms' own product counts. For bulk loads, whose one writer
 * would gain nothing from shards. The rows are locked in id order first, so that writers touching the
 * same terms queue instead of deadlocking.
 */
export async function addTermCounts(client: pg.ClientBase, deltas: ReadonlyMap<number, number>): Promise<void> {
  const { ids, changes } = sortedChanges(deltas);
  if (ids.length === 0) return;
  await client.query("SELECT 1 FROM search_terms WHERE term_id = ANY($1::int[]) ORDER BY term_id FOR NO KEY UPDATE", [
    ids,
  ]);
  await client.query(
    `UPDATE search_terms t SET products = t.products + d.delta
     FROM unnest($1::int[], $2::int[]) AS d(term_id, delta) WHERE t.term_id = d.term_id`,
    [ids, changes],
  );
}

/** Shards per term: concurrent writers share a shard row only when their connections' pids collide. */
export const TERM_SHARDS = 16;

/** The shard of this connection's count rows (pg_backend_pid() differs between live connections). */
export const CONNECTION_SHARD = { name: "connection", sql: `pg_backend_pid() % ${TERM_SHARDS}` };

/**
 * Adds `deltas` to the terms' shard rows of this connection (search-schema.ts, migration 5): the write
 * path's counts. Rows are taken in (term, shard) order, the order {@link foldTermShards} locks them in.
 */
export async function addShardedTermCounts(client: pg.ClientBase, deltas: ReadonlyMap<number, number>): Promise<void> {
  const { ids, changes } = sortedChanges(deltas);
  if (ids.length === 0) return;
  await client.query({
    name: "term_shards_add",
    text: `INSERT INTO search_term_shards (term_id, shard, products)
      SELECT d.term_id, ${CONNECTION_SHARD.sql}, d.delta FROM unnest($1::int[], $2::int[]) AS d(term_id, delta)
      ORDER BY d.term_id
      ON CONFLICT (term_id, shard) DO UPDATE SET products = search_term_shards.products + EXCLUDED.products`,
    values: [ids, changes],
  });
}

/**
 * Moves the shards' counts into `search_terms` (in the caller's transaction), unless another fold runs:
 * then this one gives way. Locks shard rows in (term, shard) order, as writers take them, then the
 * terms in id order, so neither writers nor other folds deadlock with it.
 */
export async function foldTermShards(client: pg.ClientBase): Promise<void> {
  const { rows } = await client.query<{ locked: boolean }>(`SELECT pg_try_advisory_xact_lock(${FOLD_LOCK}) AS locked`);
  if (rows[0]?.locked !== true) return;
  const moved = await client.query<{ term_id: number; products: number }>(
    `WITH locked AS (SELECT term_id, shard FROM search_term_shards ORDER BY term_id, shard FOR UPDATE)
     DELETE FROM search_term_shards s USING locked l WHERE s.term_id = l.term_id AND s.shard = l.shard
     RETURNING s.term_id, s.products`,
  );
  const sums = new Map<number, number>();
  for (const row of moved.rows) sums.set(row.term_id, (sums.get(row.term_id) ?? 0) + row.products);
  await addTermCounts(client, sums);
}

/** Advisory lock key of {@link foldTermShards} ("fbfold"). */
const FOLD_LOCK = 0x6662666f6c64;

/**
 * SQL of a term's product count: its own count plus its shards' (`term` is an SQL expression of the
 * term id).
 */
export function termCountSql(term: string): string {
  return `((SELECT products FROM search_terms WHERE term_id = ${term}) + COALESCE((SELECT sum(products) FROM search_term_shards WHERE term_id = ${term}), 0))::int`;
}

/** Term ids by key. */
export interface TermLookup {
  get(key: string): number | undefined;
}

/** Sorted, unique term ids of a row's tag terms. */
export function termArray(row: SearchRow, ids: TermLookup): number[] {
  const out = row.terms.map((key) => ids.get(key) as number);
  out.sort((a, b) => a - b);
  return out.filter((id, i) => i === 0 || id !== out[i - 1]);
}

/** Adds to `deltas` the count changes of a product going from `before` to `after` (sorted term ids). */
export function countChanges(
  deltas: Map<number, number>,
  before: readonly number[],
  after: readonly number[],
  allProductsId: number,
  isNew: boolean,
): void {
  const add = (id: number, d: number) => deltas.set(id, (deltas.get(id) ?? 0) + d);
  if (isNew) add(allProductsId, 1);
  let i = 0;
  let j = 0;
  while (i < before.length || j < after.length) {
    const a = i < before.length ? (before[i] as number) : Number.POSITIVE_INFINITY;
    const b = j < after.length ? (after[j] as number) : Number.POSITIVE_INFINITY;
    if (a === b) {
      i++;
      j++;
    } else if (a < b) {
      add(a, -1);
      i++;
    } else {
      add(b, 1);
      j++;
    }
  }
}

/** Numbers as field id → value. */
export function numbersById(row: SearchRow, ids: TermLookup): Map<number, number> {
  const out = new Map<number, number>();
  row.numberFields.forEach((key, i) => out.set(ids.get(key) as number, row.numberValues[i] as number));
  return out;
}

/** The (field, value) pairs of `a` that `b` lacks: rows to delete (a = before) or insert (a = after). */
export function numberDifference(
  a: ReadonlyMap<number, number>,
  b: ReadonlyMap<number, number>,
): { fields: number[]; values: number[] } {
  const fields: number[] = [];
  const values: number[] = [];
  for (const [field, value] of a) {
    if (b.get(field) !== value) {
      fields.push(field);
      values.push(value);
    }
  }
  return { fields, values };
}

const SORT_ASSIGNMENTS = SORT_COLUMNS.map((c) => `${c} = excluded.${c}`).join(", ");
const SORT_PARAMS = SORT_COLUMNS.map((_, i) => `$${i + 3}`).join(", ");
const N = SORT_COLUMNS.length + 3;

/**
 * Upserts the search row, its changed numbers and its details, and records the write as pending for
 * the posting lists with what the product was indexed under before (search-postings.ts); one
 * statement. Its sub-selects see the state before the statement.
 */
const WRITE_PRODUCT = `
  WITH old AS (
    SELECT o.terms, d.words, d.number_fields, d.number_values
    FROM search_products o LEFT JOIN search_details d ON d.pid = o.pid WHERE o.code = $1
  ), sp AS (
    INSERT INTO search_products (code, terms, ${SORT_COLUMNS.join(", ")}) VALUES ($1, $2::int[], ${SORT_PARAMS})
    ON CONFLICT (code) DO UPDATE SET terms = excluded.terms, ${SORT_ASSIGNMENTS}
    RETURNING pid
  ), removed AS (
    DELETE FROM search_numbers n USING sp, unnest($${N}::int[], $${N + 1}::float8[]) AS o(field_id, value)
    WHERE n.pid = sp.pid AND n.field_id = o.field_id AND n.value = o.value
  ), added AS (
    INSERT INTO search_numbers (field_id, value, pid)
    SELECT a.field_id, a.value, sp.pid FROM sp, unnest($${N + 2}::int[], $${N + 3}::float8[]) AS a(field_id, value)
    ON CONFLICT DO NOTHING
  ), pending AS (
    INSERT INTO search_pending (pid, old_terms, old_words, old_fields, old_values)
    SELECT sp.pid, old.terms, old.words, old.number_fields, old.number_values FROM sp LEFT JOIN old ON true
  )
  INSERT INTO search_details (pid, words, number_fields, number_values)
  SELECT pid, $${N + 4}::tsvector, $${N + 5}::int[], $${N + 6}::float8[] FROM sp
  ON CONFLICT (pid) DO UPDATE
  SET words = excluded.words, number_fields = excluded.number_fields, number_values = excluded.number_values`;

interface IndexedRow {
  terms: number[];
  number_fields: number[] | null;
  number_values: number[] | null;
}

/**
 * Indexes one stored document: replaces whatever was indexed for `code`. Runs in the caller's
 * transaction (`client` has it open), which holds the product's lock.
 */
export async function indexProductForSearch(client: pg.ClientBase, code: string, product: Product): Promise<void> {
  const row = searchRowOf(product);
  const ids = await termIds(client, [ALL_PRODUCTS_KEY, ...row.terms, ...row.numberFields]);
  const terms = termArray(row, ids);
  const numbers = numbersById(row, ids);
  const old = (
    await client.query<IndexedRow>(
      `SELECT sp.terms, d.number_fields, d.number_values
       FROM search_products sp LEFT JOIN search_details d ON d.pid = sp.pid WHERE sp.code = $1`,
      [code],
    )
  ).rows[0];
  const oldNumbers = new Map<number, number>();
  old?.number_fields?.forEach((field, i) => oldNumbers.set(field, old.number_values?.[i] as number));
  const removed = numberDifference(oldNumbers, numbers);
  const added = numberDifference(numbers, oldNumbers);
  await client.query(WRITE_PRODUCT, [
    code,
    terms,
    ...row.sort,
    removed.fields,
    removed.values,
    added.fields,
    added.values,
    row.words,
    [...numbers.keys()],
    [...numbers.values()],
  ]);
  const deltas = new Map<number, number>();
  countChanges(deltas, old?.terms ?? [], terms, ids.get(ALL_PRODUCTS_KEY) as number, old === undefined);
  await addShardedTermCounts(client, deltas);
  const infos: TagTermInfos = new Map();
  addTagTermInfos(infos, row.terms, ids);
  await readTagTermInfos(client, infos, lostTerms(old?.terms ?? [], terms));
  const countryDeltas: CountryTermDeltas = new Map();
  countryTermChanges(countryDeltas, old?.terms ?? [], terms, infos);
  await addCountryTermCounts(client, countryDeltas, CONNECTION_SHARD);
}
