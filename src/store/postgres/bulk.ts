/**
 * Bulk paths of the PostgreSQL store: imports (`loadProducts`) and exports (`iterateProductsJson`).
 *
 * A batch of an import is one transaction: the current revisions of its codes are read (and locked)
 * in one statement, each item's outcome is decided as on SQLite (`unchanged` when the stored document
 * is the same, revision number aside; else a new revision numbered at least `minRev`), then revisions
 * and the search rows of new products are streamed with `COPY ... FROM STDIN` (pg-copy-streams) and
 * everything else is written set-based, a few statements per batch whatever its size.
 */
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { Product } from "../../domain/product.js";
import { StoredProductView } from "../../domain/product-document.js";
import type { ProductIndexEntry } from "../../domain/search/index-entry.js";
import { SEARCH_TAG_TYPES } from "../../domain/search/tag-types.js";
import type { ProductFilter, ProductLoad, ProductLoadOptions, ProductLoadOutcome } from "../types.js";
import {
  addCountryTermCounts,
  addTagTermInfos,
  type CountryTermDeltas,
  countryTermChanges,
  lostTerms,
  readTagTermInfos,
  type TagTermInfos,
} from "./country-facets.js";
import { inTransaction } from "./pool.js";
import {
  ALL_PRODUCTS_KEY,
  addTermCounts,
  countChanges,
  numberDifference,
  numbersById,
  type SearchRow,
  SORT_COLUMNS,
  searchRowOfEntry,
  termArray,
  termIds,
} from "./search-index.js";

/** Pools whose loads trade the durability of the last commits for speed (prepareForBulkLoad). */
const bulkPools = new WeakSet<pg.Pool>();

/**
 * Term ids created by committed load transactions (and found by them), per database (pool): the next
 * batches need not ask. Bounded; ids of a transaction that fails are never added.
 */
const committedTermsByPool = new WeakMap<pg.Pool, Map<string, number>>();
const MAX_CACHED_TERMS = 500_000;

/** Each transaction of a long load commits without waiting for its WAL flush (an interrupted import is run again). */
export async function prepareForBulkLoad(pool: pg.Pool): Promise<void> {
  bulkPools.add(pool);
}

const lz4ByPool = new WeakMap<pg.Pool, boolean>();

/** Whether the server compresses with LZ4 (built with it): documents are stored several times faster. */
async function lz4Available(pool: pg.Pool, client: pg.PoolClient): Promise<boolean> {
  let lz4 = lz4ByPool.get(pool);
  if (lz4 === undefined) {
    const { rows } = await client.query<{ lz4: boolean }>(
      "SELECT 'lz4' = ANY(enumvals) AS lz4 FROM pg_settings WHERE name = 'default_toast_compression'",
    );
    lz4 = rows[0]?.lz4 === true;
    lz4ByPool.set(pool, lz4);
  }
  return lz4;
}

/** A value in COPY's text format. */
function copyValue(value: string | number | null): string {
  if (value === null) return "\\N";
  if (typeof value === "number") return String(value);
  return /[\\\n\r\t]/.test(value) ? value.replace(/[\\\n\r\t]/g, escapeChar) : value;
}

function escapeChar(c: string): string {
  return c === "\\" ? "\\\\" : c === "\n" ? "\\n" : c === "\r" ? "\\r" : "\\t";
}

/** An array literal (of numbers) for COPY or a text parameter. */
function arrayLiteral(values: readonly number[]): string {
  return `{${values.join(",")}}`;
}

const COPY_CHUNK_CHARS = 1 << 20;

/**
 * Streams rows (in COPY text format, one per string) into `table (columns)`. Rows are made as the
 * stream asks for them, so this thread makes the next chunk while the server stores the last one.
 */
async function copyRows(client: pg.PoolClient, table: string, columns: string, rows: Iterable<string>): Promise<void> {
  function* chunks(): Generator<string> {
    let chunk = "";
    for (const row of rows) {
      chunk += row;
      if (chunk.length >= COPY_CHUNK_CHARS) {
        yield chunk;
        chunk = "";
      }
    }
    if (chunk !== "") yield chunk;
  }
  const stream = client.query(copyFrom(`COPY ${table} (${columns}) FROM STDIN`));
  await pipeline(Readable.from(chunks(), { objectMode: false }), stream);
}

async function nextIds(client: pg.PoolClient, table: string, column: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const { rows } = await client.query<{ id: number }>(
    "SELECT nextval(pg_get_serial_sequence($1, $2))::int8 AS id FROM generate_series(1, $3::int)",
    [table, column, count],
  );
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

interface Stored {
  rev: number;
  doc: string;
}

interface RevisionToWrite {
  code: string;
  rev: number;
  changed: string;
  doc: string;
}

interface IndexedRow {
  code: string;
  pid: number;
  terms: number[];
  number_fields: number[] | null;
  number_values: number[] | null;
}

interface LoadResult {
  outcomes: ProductLoadOutcome[];
  terms: Map<string, number>;
}

export async function loadProducts(
  pool: pg.Pool,
  items: readonly ProductLoad[],
  options: ProductLoadOptions,
): Promise<ProductLoadOutcome[]> {
  if (items.length === 0) return [];
  const fast = bulkPools.has(pool);
  let committedTerms = committedTermsByPool.get(pool);
  if (committedTerms === undefined) {
    committedTerms = new Map();
    committedTermsByPool.set(pool, committedTerms);
  }
  const known: ReadonlyMap<string, number> = committedTerms;
  const { outcomes, terms } = await inTransaction(
    pool,
    async (client) => {
      if (fast) await client.query("SET LOCAL synchronous_commit = off");
      if (await lz4Available(pool, client)) await client.query("SET LOCAL default_toast_compression = lz4");
      return loadBatch(client, items, options, known);
    },
    { retryUniqueViolation: true },
  );
  if (committedTerms.size + terms.size > MAX_CACHED_TERMS) committedTerms.clear();
  for (const [key, id] of terms) committedTerms.set(key, id);
  return outcomes;
}

/** Each item's outcome and the revisions to write, deciding in order (a code twice: the second sees the first). */
function decide(
  items: readonly ProductLoad[],
  current: Map<string, Stored>,
  options: ProductLoadOptions,
): { outcomes: ProductLoadOutcome[]; revisions: RevisionToWrite[] } {
  const outcomes: ProductLoadOutcome[] = [];
  const revisions: RevisionToWrite[] = [];
  for (const item of items) {
    const stored = current.get(item.code);
    let rev: number;
    let changed: string;
    if (stored === undefined) {
      rev = Math.max(1, item.minRev);
      changed = item.newProductChangedFields;
      outcomes.push("inserted");
    } else {
      if (stored.doc === `${item.head}"rev":${stored.rev}${item.tail}`) {
        outcomes.push("unchanged");
        continue;
      }
      rev = Math.max(stored.rev + 1, item.minRev);
      const doc = `${item.head}"rev":${rev}${item.tail}`;
      changed = JSON.stringify(options.changedFields(JSON.parse(stored.doc) as Product, JSON.parse(doc) as Product));
      outcomes.push("updated");
    }
    const doc = `${item.head}"rev":${rev}${item.tail}`;
    revisions.push({ code: item.code, rev, changed, doc });
    current.set(item.code, { rev, doc });
  }
  return { outcomes, revisions };
}

async function loadBatch(
  client: pg.PoolClient,
  items: readonly ProductLoad[],
  options: ProductLoadOptions,
  committedTerms: ReadonlyMap<string, number>,
): Promise<LoadResult> {
  const codes = [...new Set(items.map((i) => i.code))];
  const current = new Map<string, Stored>();
  const { rows } = await client.query<{ code: string; rev: number; doc: string }>(
    `SELECT p.code, p.rev, r.doc FROM products p JOIN revisions r ON r.id = p.revision_id
     WHERE p.code = ANY($1::text[]) ORDER BY p.code FOR UPDATE OF p`,
    [codes],
  );
  for (const row of rows) current.set(row.code, { rev: row.rev, doc: row.doc });
  const existed = new Set(current.keys());
  const { outcomes, revisions } = decide(items, current, options);
  if (revisions.length === 0) return { outcomes, terms: new Map() };

  const revisionIds = await nextIds(client, "revisions", "id", revisions.length);
  const { info } = options;
  const fixed = [info.t, info.userId, info.comment, info.appName, info.appVersion, info.appUuid, info.userAgent]
    .map(copyValue)
    .join("\t");
  const revisionLines = function* (): Generator<string> {
    for (const [i, r] of revisions.entries()) {
      yield `${revisionIds[i]}\t${copyValue(r.code)}\t${r.rev}\t${fixed}\t${copyValue(r.changed)}\t${copyValue(r.doc)}\n`;
    }
  };
  const copied = copyRows(
    client,
    "revisions",
    "id, code, rev, t, user_id, comment, app_name, app_version, app_uuid, user_agent, changed_fields, doc",
    revisionLines(),
  );

  // While the server stores the revisions, this thread works out the search rows. A code twice in
  // the batch: its last item describes what is stored (an unchanged last item has the same document).
  const last = new Map<string, { rev: number; id: number }>();
  revisions.forEach((r, i) => last.set(r.code, { rev: r.rev, id: revisionIds[i] as number }));
  const entries = new Map<string, ProductIndexEntry>();
  for (const item of items) entries.set(item.code, item.index);
  const searchRows = new Map<string, SearchRow>();
  for (const code of last.keys()) searchRows.set(code, searchRowOfEntry(entries.get(code) as ProductIndexEntry));
  await copied;

  // The product points at its last revision of the batch.
  const changedCodes = [...last.keys()];
  await client.query(
    `INSERT INTO products (code, rev, revision_id)
     SELECT * FROM unnest($1::text[], $2::int[], $3::int8[])
     ON CONFLICT (code) DO UPDATE SET rev = excluded.rev, revision_id = excluded.revision_id`,
    [changedCodes, changedCodes.map((c) => last.get(c)?.rev), changedCodes.map((c) => last.get(c)?.id)],
  );
  const terms = await indexBatch(
    client,
    searchRows,
    changedCodes.filter((c) => existed.has(c)),
    committedTerms,
  );
  return { outcomes, terms };
}

/** Term ids known to be committed, then those of the current batch. */
class BatchTerms {
  constructor(
    private readonly committed: ReadonlyMap<string, number>,
    readonly batch: Map<string, number>,
  ) {}
  get(key: string): number | undefined {
    return this.committed.get(key) ?? this.batch.get(key);
  }
}

/**
 * Writes the search rows of a batch: new products by COPY (pids in batch order, the storage order),
 * products indexed before by set-based updates; then the term counts. Returns the term ids the batch
 * looked up or created.
 */
async function indexBatch(
  client: pg.PoolClient,
  rows: ReadonlyMap<string, SearchRow>,
  reindexed: readonly string[],
  committedTerms: ReadonlyMap<string, number>,
): Promise<Map<string, number>> {
  const missing = new Set<string>();
  if (!committedTerms.has(ALL_PRODUCTS_KEY)) missing.add(ALL_PRODUCTS_KEY);
  for (const row of rows.values()) {
    for (const key of row.terms) if (!committedTerms.has(key)) missing.add(key);
    for (const key of row.numberFields) if (!committedTerms.has(key)) missing.add(key);
  }
  const ids = new BatchTerms(committedTerms, await termIds(client, missing));
  const allProducts = ids.get(ALL_PRODUCTS_KEY) as number;
  const deltas = new Map<number, number>();
  const infos: TagTermInfos = new Map();
  for (const row of rows.values()) addTagTermInfos(infos, row.terms, ids);
  const countryDeltas: CountryTermDeltas = new Map();

  const before = new Map<string, IndexedRow>();
  if (reindexed.length > 0) {
    const found = await client.query<IndexedRow>(
      `SELECT sp.code, sp.pid, sp.terms, d.number_fields, d.number_values
       FROM search_products sp LEFT JOIN search_details d ON d.pid = sp.pid WHERE sp.code = ANY($1::text[])`,
      [reindexed],
    );
    for (const row of found.rows) before.set(row.code, row);
  }

  const fresh = [...rows.keys()].filter((code) => !before.has(code));
  if (fresh.length > 0) {
    const pids = await nextIds(client, "search_products", "pid", fresh.length);
    const indexed = fresh.map((code, i) => {
      const row = rows.get(code) as SearchRow;
      const terms = termArray(row, ids);
      countChanges(deltas, [], terms, allProducts, true);
      countryTermChanges(countryDeltas, [], terms, infos);
      return { code, row, pid: pids[i] as number, terms, numbers: numbersById(row, ids) };
    });
    await copyRows(
      client,
      "search_products",
      `pid, code, terms, ${SORT_COLUMNS.join(", ")}`,
      (function* () {
        for (const { code, row, pid, terms } of indexed) {
          yield `${pid}\t${copyValue(code)}\t${arrayLiteral(terms)}\t${row.sort.map(copyValue).join("\t")}\n`;
        }
      })(),
    );
    await copyRows(
      client,
      "search_details",
      "pid, words, number_fields, number_values",
      (function* () {
        for (const { row, pid, numbers } of indexed) {
          yield `${pid}\t${row.words}\t${arrayLiteral([...numbers.keys()])}\t${arrayLiteral([...numbers.values()])}\n`;
        }
      })(),
    );
    // New products are pending for the posting lists, with nothing indexed before (search-postings.ts).
    await copyRows(
      client,
      "search_pending",
      "pid",
      (function* () {
        for (const { pid } of indexed) yield `${pid}\n`;
      })(),
    );
    await copyRows(
      client,
      "search_numbers",
      "field_id, value, pid",
      (function* () {
        for (const { pid, numbers } of indexed) {
          for (const [field, value] of numbers) yield `${field}\t${value}\t${pid}\n`;
        }
      })(),
    );
  }

  if (before.size > 0) {
    await reindex(client, rows, before, ids, deltas, allProducts, { deltas: countryDeltas, infos });
  }
  await addTermCounts(client, deltas);
  await addCountryTermCounts(client, countryDeltas, BULK_SHARD);
  return ids.batch;
}

/** The shard of a bulk load's country counts: its one writer gains nothing from shards. */
const BULK_SHARD = { name: "bulk", sql: "0" };

/** Products indexed before: rows updated, numbers that changed replaced, term and country counts adjusted. */
async function reindex(
  client: pg.PoolClient,
  rows: ReadonlyMap<string, SearchRow>,
  before: ReadonlyMap<string, IndexedRow>,
  ids: BatchTerms,
  deltas: Map<number, number>,
  allProducts: number,
  countries: { deltas: CountryTermDeltas; infos: TagTermInfos },
): Promise<void> {
  const lost: number[] = [];
  for (const [code, old] of before) lost.push(...lostTerms(old.terms, termArray(rows.get(code) as SearchRow, ids)));
  await readTagTermInfos(client, countries.infos, lost);
  const pids: number[] = [];
  const termLiterals: string[] = [];
  const sortValues: Array<Array<number | string | null>> = SORT_COLUMNS.map(() => []);
  const words: string[] = [];
  const fieldLiterals: string[] = [];
  const valueLiterals: string[] = [];
  const removed = { fields: [] as number[], values: [] as number[], pids: [] as number[] };
  const added = { fields: [] as number[], values: [] as number[], pids: [] as number[] };
  for (const [code, old] of before) {
    const row = rows.get(code) as SearchRow;
    const terms = termArray(row, ids);
    countChanges(deltas, old.terms, terms, allProducts, false);
    countryTermChanges(countries.deltas, old.terms, terms, countries.infos);
    const numbers = numbersById(row, ids);
    const oldNumbers = new Map<number, number>();
    old.number_fields?.forEach((field, i) => oldNumbers.set(field, old.number_values?.[i] as number));
    for (const [target, from, to] of [
      [removed, oldNumbers, numbers],
      [added, numbers, oldNumbers],
    ] as const) {
      const difference = numberDifference(from, to);
      target.fields.push(...difference.fields);
      target.values.push(...difference.values);
      for (const _ of difference.fields) target.pids.push(old.pid);
    }
    pids.push(old.pid);
    termLiterals.push(arrayLiteral(terms));
    row.sort.forEach((value, i) => sortValues[i]?.push(value));
    words.push(row.words);
    fieldLiterals.push(arrayLiteral([...numbers.keys()]));
    valueLiterals.push(arrayLiteral([...numbers.values()]));
  }
  // Pending for the posting lists, with what they were indexed under until now (search-postings.ts).
  await client.query(
    `INSERT INTO search_pending (pid, old_terms, old_words, old_fields, old_values)
     SELECT sp.pid, sp.terms, d.words, d.number_fields, d.number_values
     FROM search_products sp LEFT JOIN search_details d ON d.pid = sp.pid WHERE sp.pid = ANY($1::int[])`,
    [pids],
  );
  const sortParams = SORT_COLUMNS.map((column, i) => `$${i + 3}::${column === "name_key" ? "text" : "float8"}[]`).join(
    ", ",
  );
  await client.query(
    `UPDATE search_products sp SET terms = u.terms::int[], ${SORT_COLUMNS.map((c) => `${c} = u.${c}`).join(", ")}
     FROM unnest($1::int[], $2::text[], ${sortParams}) AS u(pid, terms, ${SORT_COLUMNS.join(", ")})
     WHERE sp.pid = u.pid`,
    [pids, termLiterals, ...sortValues],
  );
  await client.query(
    `UPDATE search_details d SET words = u.words::tsvector, number_fields = u.fields::int[], number_values = u.vals::float8[]
     FROM unnest($1::int[], $2::text[], $3::text[], $4::text[]) AS u(pid, words, fields, vals) WHERE d.pid = u.pid`,
    [pids, words, fieldLiterals, valueLiterals],
  );
  if (removed.pids.length > 0) {
    await client.query(
      `DELETE FROM search_numbers n USING unnest($1::int[], $2::float8[], $3::int[]) AS o(field_id, value, pid)
       WHERE n.field_id = o.field_id AND n.value = o.value AND n.pid = o.pid`,
      [removed.fields, removed.values, removed.pids],
    );
  }
  if (added.pids.length > 0) {
    await client.query(
      `INSERT INTO search_numbers (field_id, value, pid) SELECT * FROM unnest($1::int[], $2::float8[], $3::int[])
       ON CONFLICT DO NOTHING`,
      [added.fields, added.values, added.pids],
    );
  }
}

const PAGE_SIZE = 1000;
const TAG_FIELD = /^([a-z0-9_]+)_tags$/;
const INDEXED_TAG_TYPES: ReadonlySet<string> = new Set(SEARCH_TAG_TYPES);

/**
 * The current documents matching `filter` as compact JSON, in ascending code order, a page of 1000
 * at a time (keyset on the code): each page is a statement of its own, nothing stays open between
 * pages. Tag conditions on indexed tag types are answered by the search index, then checked on the
 * document; `modifiedSince` compares the indexed `last_modified_t`.
 */
export async function* iterateProductsJson(
  pool: pg.Pool,
  filter: ProductFilter = {},
  pageSize = PAGE_SIZE,
): AsyncGenerator<string> {
  const params: unknown[] = [""];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const conditions: string[] = [];
  let joinIndex = false;
  if (filter.codes !== undefined) conditions.push(`p.code = ANY(${add(filter.codes)}::text[])`);
  for (const { field, tag } of filter.tags ?? []) {
    const tagtype = TAG_FIELD.exec(field)?.[1];
    if (!/^[a-z0-9_]+$/.test(field)) throw new Error(`not a tag field: ${field}`);
    if (tagtype !== undefined && INDEXED_TAG_TYPES.has(tagtype)) {
      const { rows } = await pool.query<{ term_id: number }>(
        "SELECT term_id FROM search_terms WHERE field = $1 AND tag = $2",
        [tagtype, tag],
      );
      if (rows[0] === undefined) return;
      conditions.push(`sp.terms @> ARRAY[${add(rows[0].term_id)}::int]`);
      joinIndex = true;
    }
    // jsonb refuses the escape \u0000 (a dump may hold it): read as U+FFFD, which no tag filter holds.
    const value = `(replace(r.doc, '\\u0000', '\\ufffd')::jsonb -> ${add(field)}::text)`;
    const wanted = add(tag);
    conditions.push(
      `(CASE jsonb_typeof(${value}) WHEN 'array' THEN ${value} @> jsonb_build_array(${wanted}::text)
        WHEN 'string' THEN ${value} #>> '{}' = ${wanted}::text ELSE false END)`,
    );
  }
  if (filter.modifiedSince !== undefined) {
    conditions.push(`sp.modified >= ${add(filter.modifiedSince)}::float8`);
    joinIndex = true;
  }
  const limit = add(pageSize);
  const text = `SELECT p.code, r.doc FROM products p JOIN revisions r ON r.id = p.revision_id
    ${joinIndex ? "JOIN search_products sp ON sp.code = p.code" : ""}
    WHERE p.code > $1 ${conditions.map((c) => `AND ${c}`).join(" ")} ORDER BY p.code LIMIT ${limit}::int`;
  for (;;) {
    const { rows } = await pool.query<{ code: string; doc: string }>(text, params);
    for (const row of rows) yield new StoredProductView(row.doc).allJson();
    if (rows.length < pageSize) return;
    params[0] = (rows[rows.length - 1] as { code: string }).code;
  }
}
