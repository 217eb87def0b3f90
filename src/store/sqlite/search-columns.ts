/**
 * Sort keys of every product in memory, one Float64Array per key indexed by pid, for ordering large
 * match sets without walking an index: a sort key often correlates with a filter (biscuits have bad
 * Nutri-Scores), and then a walk reads most of the index before it finds a page. Taking the best
 * `skip + limit` of the matches from arrays costs a few nanoseconds per match instead.
 *
 * The arrays are a cache of `search_products`. Writes bump the version of the 4096-pid chunk they touch
 * (`search_chunks`, in the write's transaction); before each use, inside the search's read transaction,
 * chunks whose version moved are read again. Nothing is read when no write happened since the last
 * use (`PRAGMA data_version` for other connections, a counter for this one).
 */
import type Database from "better-sqlite3";
import { CHUNK_BITS, CHUNK_SIZE } from "../search-bitmap.js";

/** Numeric sort columns of search_products; `desc` ones keep NULL (missing) as −∞ so it sorts last. */
export const SORT_COLUMNS = {
  popularity: { desc: true },
  recency: { desc: true },
  nutriscore: { desc: false },
  nova: { desc: false },
  ecoscore: { desc: true },
  created: { desc: true },
  modified: { desc: true },
  scans: { desc: true },
  unique_scans: { desc: true },
  completeness: { desc: false },
} as const;

/** Columns made from `name_key`: its first 6 and next 6 UTF-8 bytes as numbers (see {@link nameKeys}). */
const NAME_COLUMNS = ["name1", "name2"] as const;

export type SortColumn = keyof typeof SORT_COLUMNS | (typeof NAME_COLUMNS)[number];
const COLUMN_NAMES = Object.keys(SORT_COLUMNS) as Array<keyof typeof SORT_COLUMNS>;

/**
 * Two numbers ordered like the name's UTF-8 bytes (which is the order of its code points, SQLite's
 * BINARY order): bytes 0–5 and 6–11 in base 256, missing bytes as 0. Equal numbers mean the names
 * share their first 12 bytes and must be compared whole. A missing name (a BLOB) sorts last.
 */
export function nameKeys(name: string | Uint8Array): [number, number] {
  if (typeof name !== "string") return [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
  const bytes = Buffer.from(name.slice(0, 12), "utf8");
  let first = 0;
  let second = 0;
  for (let i = 0; i < 6; i++) first = first * 256 + (bytes[i] ?? 0);
  for (let i = 6; i < 12; i++) second = second * 256 + (bytes[i] ?? 0);
  return [first, second];
}

/**
 * A number whose order is the order of a normalised code (digits only) as text, for its first 15
 * digits: base 11, a missing digit (shorter code) being 0. Codes sharing 15 digits compare equal here.
 */
export function codeOrderKey(code: string): number {
  let key = 0;
  for (let i = 0; i < 15; i++) {
    const c = i < code.length ? code.charCodeAt(i) - 47 : 0;
    key = key * 11 + (c >= 1 && c <= 10 ? c : 0);
  }
  return key;
}

/** Counts this connection's index writes, so that its own searches know when to look for changes. */
export class LocalWrites {
  count = 0;
}

export class SortKeyColumns {
  private columns = new Map<SortColumn, Float64Array>();
  private codeKeys = new Float64Array(0);
  private capacity = -1;
  private readonly versions = new Map<number, number>();
  private lastDataVersion = -1;
  private lastLocalWrites = -1;
  private readonly stmts;

  constructor(
    db: Database.Database,
    private readonly localWrites: LocalWrites,
  ) {
    this.stmts = {
      dataVersion: db.prepare("PRAGMA data_version").pluck(),
      chunks: db.prepare("SELECT chunk, version FROM search_chunks").raw(),
      rows: db
        .prepare(
          `SELECT pid, code, name_key, ${COLUMN_NAMES.join(", ")} FROM search_products WHERE pid >= ? AND pid < ?`,
        )
        .raw(),
    };
  }

  /** Brings the arrays up to date; call inside the search's read transaction. */
  refresh(maxPid: number): void {
    const dataVersion = this.stmts.dataVersion.get() as number;
    if (
      dataVersion === this.lastDataVersion &&
      this.localWrites.count === this.lastLocalWrites &&
      maxPid <= this.capacity
    )
      return;
    this.lastDataVersion = dataVersion;
    this.lastLocalWrites = this.localWrites.count;
    if (maxPid > this.capacity) this.grow(maxPid);
    for (const [chunk, version] of this.stmts.chunks.all() as Array<[number, number]>) {
      if (this.versions.get(chunk) === version) continue;
      this.loadChunk(chunk);
      this.versions.set(chunk, version);
    }
  }

  private grow(maxPid: number): void {
    // Room for growth, so that a few new products do not copy every array.
    const capacity = Math.ceil((maxPid + 1 + CHUNK_SIZE) / CHUNK_SIZE) * CHUNK_SIZE - 1;
    for (const name of [...COLUMN_NAMES, ...NAME_COLUMNS]) {
      const next = new Float64Array(capacity + 1).fill(Number.NaN);
      const current = this.columns.get(name);
      if (current !== undefined) next.set(current);
      this.columns.set(name, next);
    }
    const codeKeys = new Float64Array(capacity + 1);
    codeKeys.set(this.codeKeys);
    this.codeKeys = codeKeys;
    this.capacity = capacity;
  }

  private loadChunk(chunk: number): void {
    const first = chunk << CHUNK_BITS;
    const arrays = COLUMN_NAMES.map(
      (name) => [this.columns.get(name) as Float64Array, SORT_COLUMNS[name].desc] as const,
    );
    const name1 = this.columns.get("name1") as Float64Array;
    const name2 = this.columns.get("name2") as Float64Array;
    type Row = [number, string, string | Uint8Array, ...Array<number | null>];
    for (const row of this.stmts.rows.all(first, first + CHUNK_SIZE) as Row[]) {
      const pid = row[0];
      this.codeKeys[pid] = codeOrderKey(row[1]);
      [name1[pid], name2[pid]] = nameKeys(row[2]);
      for (let i = 0; i < arrays.length; i++) {
        const [array, desc] = arrays[i] as readonly [Float64Array, boolean];
        const value = row[i + 3] as number | null;
        array[pid] = value === null ? (desc ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY) : value;
      }
    }
  }

  column(name: SortColumn): Float64Array {
    return this.columns.get(name) as Float64Array;
  }

  codeKey(): Float64Array {
    return this.codeKeys;
  }
}
