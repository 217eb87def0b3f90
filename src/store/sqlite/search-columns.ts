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
import { codeOrderKey, NAME_COLUMNS, nameKeys, SORT_COLUMNS, type SortColumn } from "../search-sort-keys.js";

export type { SortColumn };

const COLUMN_NAMES = Object.keys(SORT_COLUMNS) as Array<keyof typeof SORT_COLUMNS>;

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
