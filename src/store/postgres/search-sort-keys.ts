/**
 * Sort keys of every product in this process's memory (as SQLite's search-columns.ts keeps them), so
 * that a page of a large match set is found by one pass over the matches instead of a walk of an
 * order's index: a walk visits about total / count rows per product of the page, and finds too little
 * when the filter correlates with the order (biscuits have bad Nutri-Scores).
 *
 * Kept current without reading the table again: every fold logs the products it folded
 * (`search_folds`, written under the fold's lock, so generations follow commit order); a search reads
 * the log since the generation it last applied and reloads those products' keys, in its own snapshot.
 * Products written since the last fold come with the snapshot (search-query.ts) and are applied too.
 * A process that finds the log pruned past its generation loads everything again.
 *
 * The keys decide the order up to exact ties of their numbers (names sharing 12 bytes, codes sharing
 * 15 digits): {@link PostgresSortKeys.candidates} keeps every match that may be on the page, and
 * PostgreSQL orders those few exactly.
 */
import type pg from "pg";
import type { PidSet } from "../search-bitmap.js";
import {
  BestPids,
  codeOrderKey,
  NAME_COLUMNS,
  nameKeys,
  SORT_COLUMNS,
  type SortColumn,
  type SortKey,
} from "../search-sort-keys.js";

const NUMERIC_COLUMNS = Object.keys(SORT_COLUMNS) as Array<keyof typeof SORT_COLUMNS>;

/** Columns read per product, in this order: pid, code, name_key, then {@link NUMERIC_COLUMNS}. */
export const SORT_KEY_SELECT = `sp.pid, sp.code, sp.name_key, ${NUMERIC_COLUMNS.map((c) => `sp.${c}`).join(", ")}`;

export type SortKeyRow = [number, string, string | null, ...Array<number | null>];

/** Rows read per statement by a full load (within one snapshot). */
const LOAD_BATCH = 50_000;

/**
 * Fold generations kept in `search_folds` (minutes of steady writes, folded every 50 ms): a process
 * more than this many folds behind loads everything again.
 */
export const KEPT_FOLD_GENERATIONS = 10_000;

export class PostgresSortKeys {
  private readonly columns = new Map<SortColumn, Float64Array>();
  /** {@link codeOrderKey} of each product's code: ties of the order's keys go by code. */
  private codeKeys = new Float64Array(0);
  private capacity = -1;
  /** The fold generation the arrays include; undefined until the first load. */
  private generation: number | undefined;
  private loading?: Promise<void>;

  /**
   * Brings the arrays up to `generation` (read in the snapshot `client` has open), then applies the
   * current keys of the products written since the last fold.
   */
  async refresh(
    client: pg.ClientBase,
    generation: number,
    maxPid: number,
    pending: readonly SortKeyRow[],
  ): Promise<void> {
    while (this.loading !== undefined) await this.loading;
    if (this.generation === undefined || generation > this.generation) {
      this.loading = this.catchUp(client, generation).finally(() => {
        this.loading = undefined;
      });
      await this.loading;
    }
    this.grow(maxPid);
    for (const row of pending) this.apply(row);
  }

  private async catchUp(client: pg.ClientBase, generation: number): Promise<void> {
    if (this.generation !== undefined) {
      const { rows } = await client.query<{ generation: string; pids: number[] }>(
        "SELECT generation::text AS generation, pids FROM search_folds WHERE generation > $1 ORDER BY generation",
        [this.generation],
      );
      if (rows.length > 0 && Number(rows[0]?.generation) === this.generation + 1) {
        const pids = new Set<number>();
        for (const row of rows) for (const pid of row.pids) pids.add(pid);
        const { rows: keys } = await client.query({
          text: `SELECT ${SORT_KEY_SELECT} FROM search_products sp WHERE sp.pid = ANY($1::int[])`,
          values: [[...pids]],
          rowMode: "array",
        });
        for (const row of keys as SortKeyRow[]) {
          this.grow(row[0]);
          this.apply(row);
        }
        this.generation = Number(rows[rows.length - 1]?.generation);
        return;
      }
    }
    // First use, or the log no longer reaches back to this process's generation.
    const { rows } = await client.query<{ max: number | null }>("SELECT max(pid) AS max FROM search_products");
    const maxPid = rows[0]?.max ?? 0;
    this.grow(maxPid);
    for (let from = 0; from <= maxPid; from += LOAD_BATCH) {
      const { rows: keys } = await client.query({
        text: `SELECT ${SORT_KEY_SELECT} FROM search_products sp WHERE sp.pid >= $1 AND sp.pid < $2`,
        values: [from, from + LOAD_BATCH],
        rowMode: "array",
      });
      for (const row of keys as SortKeyRow[]) this.apply(row);
    }
    this.generation = generation;
  }

  private grow(maxPid: number): void {
    if (maxPid <= this.capacity) return;
    // Room for growth, so that a few new products do not copy every array.
    const capacity = Math.ceil((maxPid + 1 + 4096) / 4096) * 4096 - 1;
    for (const name of [...NUMERIC_COLUMNS, ...NAME_COLUMNS]) {
      const next = new Float64Array(capacity + 1).fill(Number.NaN);
      const current = this.columns.get(name);
      if (current !== undefined) next.set(current);
      this.columns.set(name, next);
    }
    const codeKeys = new Float64Array(capacity + 1).fill(Number.NaN);
    codeKeys.set(this.codeKeys);
    this.codeKeys = codeKeys;
    this.capacity = capacity;
  }

  private apply(row: SortKeyRow): void {
    const pid = row[0];
    this.codeKeys[pid] = codeOrderKey(row[1]);
    const [first, second] = nameKeys(row[2] ?? new Uint8Array(0));
    (this.columns.get("name1") as Float64Array)[pid] = first;
    (this.columns.get("name2") as Float64Array)[pid] = second;
    NUMERIC_COLUMNS.forEach((name, i) => {
      const value = row[i + 3] as number | null;
      const array = this.columns.get(name) as Float64Array;
      array[pid] =
        value === null ? (SORT_COLUMNS[name].desc ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY) : value;
    });
  }

  /**
   * The matches that may be among the first `wanted` in the order of `keys` (then the code): the
   * `wanted` best by these numbers, and every match tied with the last of them (on the code's first 15
   * digits too, except for names, where the whole name comes before the code). PostgreSQL orders them
   * exactly.
   */
  candidates(keys: readonly SortKey[], matches: PidSet, wanted: number): number[] {
    const arrays = keys.map(({ column, desc }) => ({
      values: this.columns.get(column) as Float64Array,
      sign: desc ? -1 : 1,
    }));
    const codes = this.codeKeys;
    // Names sharing their first 12 bytes are ordered by the whole name before the code.
    const byName = keys.some((k) => k.column === "name1");
    // < 0 when a comes first; `withCode` breaks ties by the code's first 15 digits.
    const compare = (a: number, b: number, withCode: boolean): number => {
      for (const { values, sign } of arrays) {
        const d = sign * ((values[a] as number) - (values[b] as number));
        if (d !== 0 && !Number.isNaN(d)) return d;
      }
      return withCode ? (codes[a] as number) - (codes[b] as number) : 0;
    };
    const best = new BestPids(wanted, (a, b) => compare(a, b, true));
    // Most matches lose on the first key alone once the heap is full (see sqlite/search-query.ts best()).
    const primary = (arrays[0] as { values: Float64Array }).values;
    const sign = (arrays[0] as { sign: number }).sign;
    let worstKey = Number.POSITIVE_INFINITY;
    matches.forEach((pid) => {
      if (best.full && sign * (primary[pid] as number) > worstKey) return;
      best.offer(pid);
      if (best.full) worstKey = sign * (primary[best.worst as number] as number);
    });
    const boundary = best.worst;
    if (boundary === undefined) return [];
    // Every match not after the worst kept on the order's keys: the kept ones and their ties.
    const out: number[] = [];
    matches.forEach((pid) => {
      if (sign * (primary[pid] as number) <= worstKey && compare(pid, boundary, !byName) <= 0) out.push(pid);
    });
    return out;
  }
}
