/**
 * Posting lists on PostgreSQL (issue #24 item 2): the SQLite store's engine (search-bitmap.ts
 * containers, combined in a PidSet) over PostgreSQL rows. Why: a GIN index yields rows, not ids, so
 * counting or ranking the ~80,000 matches of a common word at 1M products visits that many heap rows
 * (measured: 60–80 ms for the count alone), while the word's posting list is ~245 small rows read in
 * one range of a primary key.
 *
 * - `search_postings` (term_id, chunk) → container, for every term a search combines: tags
 *   (search_products.terms), the words of the full text (search_details.words) in three families
 *   (anywhere, in the name, in the brands: relevance groups), and number bins (search-bins.ts).
 * - Writers never touch it. A write adds a row to `search_pending` holding what the product was
 *   indexed under before it (nothing for a new product). Those are plain inserts, so concurrent
 *   writers never queue on the last chunk of common terms, which every new product changes.
 * - One process at a time folds pending rows into the postings ({@link foldSearchPostings}): per
 *   product, the difference between its state before its first pending write and its current state,
 *   applied to the chunks it touches; the pending rows are deleted in the same transaction.
 * - A search reads, in one snapshot, the postings and the pending products with their current terms,
 *   and takes those products' membership from their current state (search-query.ts). So a search is
 *   exact as soon as a write commits, while the fold catches up behind it.
 */
import type pg from "pg";
import { binOf, COARSE_BOUNDS, coarseBinTag, FINE_BOUNDS, fineBinTag } from "../search-bins.js";
import { CHUNK_BITS, CHUNK_SIZE, CHUNK_WORDS, decodeContainer, encodeContainer } from "../search-bitmap.js";
import { ALL_PRODUCTS_KEY, termIds, termKey } from "./search-index.js";
import { KEPT_FOLD_GENERATIONS } from "./search-sort-keys.js";

/** Fields of the word terms: every word of a product's texts, and those of its name and its brands. */
export const WORD_FIELDS = { anywhere: "~w", name: "~n", brands: "~b" } as const;

/**
 * The index of each order of API.md §5.5 (as migration 3 made them). A page walks one and keeps the
 * products of the match set: with the pid in the index, the walk reads the index alone (once VACUUM
 * has marked the table's pages all-visible), about ten times faster than visiting each row.
 */
const SORT_INDEXES: ReadonlyArray<readonly [string, string]> = [
  ["search_by_popularity", 'popularity DESC NULLS LAST, recency DESC NULLS LAST, code COLLATE "C"'],
  ["search_by_nutriscore", 'nutriscore NULLS LAST, code COLLATE "C"'],
  ["search_by_nova", 'nova NULLS LAST, code COLLATE "C"'],
  ["search_by_ecoscore", 'ecoscore DESC NULLS LAST, code COLLATE "C"'],
  ["search_by_created", 'created DESC NULLS LAST, code COLLATE "C"'],
  ["search_by_modified", 'modified DESC NULLS LAST, code COLLATE "C"'],
  ["search_by_scans", 'scans DESC NULLS LAST, code COLLATE "C"'],
  ["search_by_unique_scans", 'unique_scans DESC NULLS LAST, code COLLATE "C"'],
  ["search_by_name", 'name_key NULLS LAST, code COLLATE "C"'],
  ["search_by_completeness", 'completeness NULLS LAST, code COLLATE "C"'],
];

/**
 * Migration version 8. The GIN indexes of tag arrays and words, and the (pid, field, value) index of
 * numbers, served the SQL engine this replaces; without them writes do less. The sort indexes get the
 * pid. Every product indexed so far is pending, so the first fold builds every posting list.
 */
export const POSTGRES_POSTINGS_MIGRATION: { name: string; sql: string } = {
  name: "search index: posting lists folded from pending writes (replace the GIN indexes)",
  sql: `
    CREATE TABLE search_postings (
      term_id INTEGER NOT NULL,
      chunk INTEGER NOT NULL,
      bits BYTEA NOT NULL,
      PRIMARY KEY (term_id, chunk)
    );
    CREATE TABLE search_pending (
      seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      pid INTEGER NOT NULL,
      old_terms INTEGER[],
      old_words TSVECTOR,
      old_fields INTEGER[],
      old_values DOUBLE PRECISION[]
    );
    -- The products each fold moved into the lists, so that processes refresh what they keep of them
    -- (search-sort-keys.ts).
    CREATE TABLE search_folds (
      generation BIGINT PRIMARY KEY,
      pids INTEGER[] NOT NULL
    );
    INSERT INTO search_pending (pid) SELECT pid FROM search_products ORDER BY pid;
    DROP INDEX search_products_terms;
    DROP INDEX search_details_words;
    DROP INDEX search_numbers_by_product;
    ${SORT_INDEXES.map(
      ([name, columns]) => `DROP INDEX ${name}; CREATE INDEX ${name} ON search_products (${columns}) INCLUDE (pid);`,
    ).join("\n    ")}
  `,
};

/** The lexemes of a `tsvector`'s text form (search-text.ts makes them: letters and digits, no quotes). */
const LEXEME = /'((?:[^']|'')*)'(?::([0-9A-D,]+))?/g;

/** Term keys of the words of a `tsvector` in its text form: anywhere, and in the name (A) or brands (B). */
export function wordKeys(vector: string | null, out: string[] = []): string[] {
  if (vector === null || vector === "") return out;
  for (const match of vector.matchAll(LEXEME)) {
    const lexeme = (match[1] as string).replaceAll("''", "'");
    out.push(termKey(WORD_FIELDS.anywhere, lexeme));
    const positions = match[2] ?? "";
    if (positions.includes("A")) out.push(termKey(WORD_FIELDS.name, lexeme));
    if (positions.includes("B")) out.push(termKey(WORD_FIELDS.brands, lexeme));
  }
  return out;
}

/** Term keys of a number's bins: field is the number field's term field (`#sugars_100g`). */
export function binKeys(field: string, value: number, out: string[] = []): string[] {
  out.push(termKey(field, coarseBinTag(binOf(COARSE_BOUNDS, value))));
  out.push(termKey(field, fineBinTag(binOf(FINE_BOUNDS, value))));
  return out;
}

/** Pending rows folded per transaction: bounds the fold's memory and the time its snapshot stays open. */
export const FOLD_BATCH = 20_000;

/** Advisory lock of the postings fold ("fbpost"), held for a session around one transaction. */
export const POSTINGS_FOLD_LOCK = 0x6662706f7374;

interface PendingRow {
  seq: string;
  pid: number;
  old_terms: number[] | null;
  old_words: string | null;
  old_fields: number[] | null;
  old_values: number[] | null;
}

interface StateRow {
  pid: number;
  terms: number[];
  words: string | null;
  number_fields: number[] | null;
  number_values: number[] | null;
}

/** What a product is indexed under: its tag term ids, and the keys of its word, bin and every-product terms. */
interface Membership {
  terms: readonly number[];
  keys: string[];
}

/** Term ids that never change once committed, per database: the fold's dictionary lookups. */
const foldTermsByPool = new WeakMap<pg.Pool, Map<string, number>>();
const fieldNamesByPool = new WeakMap<pg.Pool, Map<number, string>>();
const MAX_CACHED_FOLD_TERMS = 1_000_000;

/**
 * Folds up to `limit` pending rows into the posting lists, in one transaction. Returns how many rows
 * it folded, or undefined when another process is folding (it will fold these rows too, or leave
 * them to the next fold).
 */
export async function foldSearchPostings(pool: pg.Pool, limit = FOLD_BATCH): Promise<number | undefined> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    // A session lock taken before the transaction: its snapshot then sees what the previous fold
    // committed, so two folds never work from the same pending rows.
    const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [
      POSTINGS_FOLD_LOCK,
    ]);
    if (rows[0]?.locked !== true) return undefined;
    try {
      await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ");
      const { folded, ids } = await foldPending(pool, client, limit);
      await client.query("COMMIT");
      rememberFoldTerms(pool, ids);
      return folded;
    } catch (e) {
      await client.query("ROLLBACK").catch((error: Error) => {
        broken = error;
      });
      throw e;
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [POSTINGS_FOLD_LOCK]).catch((error: Error) => {
        broken = error;
      });
    }
  } finally {
    client.release(broken);
  }
}

/**
 * Folds every pending row (several transactions). False when it stopped because another process was
 * folding: rows committed meanwhile may be left for a later fold.
 */
export async function foldAllSearchPostings(pool: pg.Pool): Promise<boolean> {
  for (;;) {
    const folded = await foldSearchPostings(pool);
    if (folded === undefined) return false;
    if (folded < FOLD_BATCH) return true;
  }
}

async function foldPending(
  pool: pg.Pool,
  client: pg.PoolClient,
  limit: number,
): Promise<{ folded: number; ids: ReadonlyMap<string, number> }> {
  const pending = (
    await client.query<PendingRow>(
      `SELECT seq::text AS seq, pid, old_terms, old_words::text AS old_words, old_fields, old_values
       FROM search_pending ORDER BY seq LIMIT $1`,
      [limit],
    )
  ).rows;
  if (pending.length === 0) return { folded: 0, ids: new Map() };
  // The first pending row of a product holds what the posting lists have for it.
  const before = new Map<number, PendingRow>();
  for (const row of pending) if (!before.has(row.pid)) before.set(row.pid, row);
  const states = new Map<number, StateRow>();
  for (const row of (
    await client.query<StateRow>(
      `SELECT sp.pid, sp.terms, d.words::text AS words, d.number_fields, d.number_values
       FROM search_products sp LEFT JOIN search_details d ON d.pid = sp.pid WHERE sp.pid = ANY($1::int[])`,
      [[...before.keys()]],
    )
  ).rows) {
    states.set(row.pid, row);
  }

  const fieldIds = new Set<number>();
  for (const row of before.values()) for (const id of row.old_fields ?? []) fieldIds.add(id);
  for (const row of states.values()) for (const id of row.number_fields ?? []) fieldIds.add(id);
  const fieldNames = await numberFieldNames(pool, client, fieldIds);
  const membership = (
    exists: boolean,
    terms: number[] | null,
    words: string | null,
    fields: number[] | null,
    values: number[] | null,
  ): Membership => {
    const keys = wordKeys(words);
    fields?.forEach((field, i) => binKeys(fieldNames.get(field) as string, values?.[i] as number, keys));
    if (exists) keys.push(ALL_PRODUCTS_KEY);
    return { terms: terms ?? [], keys };
  };
  const changesOf: Array<[number, Membership, Membership]> = [];
  const keys = new Set<string>();
  for (const [pid, old] of before) {
    const state = states.get(pid);
    const was = membership(old.old_terms !== null, old.old_terms, old.old_words, old.old_fields, old.old_values);
    const is = membership(
      state !== undefined,
      state?.terms ?? null,
      state?.words ?? null,
      state?.number_fields ?? null,
      state?.number_values ?? null,
    );
    for (const key of was.keys) keys.add(key);
    for (const key of is.keys) keys.add(key);
    changesOf.push([pid, was, is]);
  }
  const ids = await foldTermIds(pool, client, keys);

  // Per term, the products that join (pid × 2 + 1) or leave (pid × 2) it.
  const changes = new Map<number, number[]>();
  const change = (term: number, pid: number, member: boolean) => {
    const list = changes.get(term);
    const value = pid * 2 + (member ? 1 : 0);
    if (list === undefined) changes.set(term, [value]);
    else list.push(value);
  };
  for (const [pid, was, is] of changesOf) {
    const wasIn = new Set<number>(was.terms);
    for (const key of was.keys) wasIn.add(ids.get(key) as number);
    const isIn = new Set<number>(is.terms);
    for (const key of is.keys) isIn.add(ids.get(key) as number);
    for (const term of wasIn) if (!isIn.has(term)) change(term, pid, false);
    for (const term of isIn) if (!wasIn.has(term)) change(term, pid, true);
  }
  await writeChanges(client, changes);
  await client.query("DELETE FROM search_pending WHERE seq = ANY($1::bigint[])", [pending.map((row) => row.seq)]);
  // Under the fold's lock: generations follow the order folds commit in.
  await client.query(
    "INSERT INTO search_folds (generation, pids) SELECT COALESCE(max(generation), 0) + 1, $1::int[] FROM search_folds",
    [[...before.keys()]],
  );
  await client.query(
    `DELETE FROM search_folds WHERE generation <= (SELECT max(generation) FROM search_folds) - ${KEPT_FOLD_GENERATIONS}`,
  );
  return { folded: pending.length, ids };
}

/** Names (`#<field>`) of number field term ids. */
async function numberFieldNames(
  pool: pg.Pool,
  client: pg.PoolClient,
  fieldIds: ReadonlySet<number>,
): Promise<Map<number, string>> {
  let names = fieldNamesByPool.get(pool);
  if (names === undefined) {
    names = new Map();
    fieldNamesByPool.set(pool, names);
  }
  const missing = [...fieldIds].filter((id) => !names.has(id));
  if (missing.length > 0) {
    const { rows } = await client.query<{ term_id: number; field: string }>(
      "SELECT term_id, field FROM search_terms WHERE term_id = ANY($1::int[])",
      [missing],
    );
    for (const row of rows) names.set(row.term_id, row.field);
  }
  return names;
}

/** Ids of word and bin terms (created when missing: only folds create them, one fold at a time). */
function foldTermIds(pool: pg.Pool, client: pg.PoolClient, keys: Iterable<string>): Promise<Map<string, number>> {
  return termIds(client, keys, foldTermsByPool.get(pool));
}

/** Remembers the term ids of a fold that committed (ids of a fold that failed may not exist). */
function rememberFoldTerms(pool: pg.Pool, ids: ReadonlyMap<string, number>): void {
  let known = foldTermsByPool.get(pool);
  if (known === undefined || known.size + ids.size > MAX_CACHED_FOLD_TERMS) {
    known = new Map();
    foldTermsByPool.set(pool, known);
  }
  for (const [key, id] of ids) known.set(key, id);
}

/** Applies the changes to each (term, chunk) once: read, changed in memory, written back or deleted. */
async function writeChanges(client: pg.PoolClient, changes: ReadonlyMap<number, number[]>): Promise<void> {
  const terms: number[] = [];
  const chunks: number[] = [];
  const byRow = new Map<string, number[]>();
  for (const [term, list] of changes) {
    for (const value of list) {
      const chunk = Math.floor(value / 2) >>> CHUNK_BITS;
      const key = `${term}:${chunk}`;
      let inRow = byRow.get(key);
      if (inRow === undefined) {
        inRow = [];
        byRow.set(key, inRow);
        terms.push(term);
        chunks.push(chunk);
      }
      inRow.push(value);
    }
  }
  if (terms.length === 0) return;
  const stored = new Map<string, Buffer>();
  for (const row of (
    await client.query<{ term_id: number; chunk: number; bits: Buffer }>(
      `SELECT p.term_id, p.chunk, p.bits FROM unnest($1::int[], $2::int[]) AS k(term_id, chunk)
       JOIN search_postings p ON p.term_id = k.term_id AND p.chunk = k.chunk`,
      [terms, chunks],
    )
  ).rows) {
    stored.set(`${row.term_id}:${row.chunk}`, row.bits);
  }
  const words = new Uint32Array(CHUNK_WORDS);
  const upsert = { terms: [] as number[], chunks: [] as number[], bits: [] as Buffer[] };
  const removed = { terms: [] as number[], chunks: [] as number[] };
  terms.forEach((term, i) => {
    const chunk = chunks[i] as number;
    const key = `${term}:${chunk}`;
    const old = stored.get(key);
    if (old === undefined) words.fill(0);
    else decodeContainer(old, words);
    for (const value of byRow.get(key) as number[]) {
      const offset = Math.floor(value / 2) & (CHUNK_SIZE - 1);
      const mask = 1 << (offset & 31);
      const word = words[offset >>> 5] as number;
      words[offset >>> 5] = value % 2 === 1 ? word | mask : word & ~mask;
    }
    const blob = encodeContainer(chunk, words);
    if (blob === undefined) {
      if (old !== undefined) {
        removed.terms.push(term);
        removed.chunks.push(chunk);
      }
    } else if (old === undefined || !blob.equals(old)) {
      upsert.terms.push(term);
      upsert.chunks.push(chunk);
      upsert.bits.push(blob);
    }
  });
  if (upsert.terms.length > 0) {
    await client.query(
      `INSERT INTO search_postings (term_id, chunk, bits)
       SELECT * FROM unnest($1::int[], $2::int[], $3::bytea[]) ORDER BY 1, 2
       ON CONFLICT (term_id, chunk) DO UPDATE SET bits = excluded.bits`,
      [upsert.terms, upsert.chunks, upsert.bits],
    );
  }
  if (removed.terms.length > 0) {
    await client.query(
      `DELETE FROM search_postings p USING unnest($1::int[], $2::int[]) AS k(term_id, chunk)
       WHERE p.term_id = k.term_id AND p.chunk = k.chunk`,
      [removed.terms, removed.chunks],
    );
  }
}

/** The stored containers of `ids`, by term. */
export async function readPostings(client: pg.ClientBase, ids: Iterable<number>): Promise<Map<number, Buffer[]>> {
  const wanted = [...new Set(ids)];
  const out = new Map<number, Buffer[]>();
  if (wanted.length === 0) return out;
  const { rows } = await client.query<{ term_id: number; bits: Buffer }>({
    name: "search_postings_read",
    text: "SELECT term_id, bits FROM search_postings WHERE term_id = ANY($1::int[])",
    values: [wanted],
  });
  for (const row of rows) {
    const list = out.get(row.term_id);
    if (list === undefined) out.set(row.term_id, [row.bits]);
    else list.push(row.bits);
  }
  return out;
}
