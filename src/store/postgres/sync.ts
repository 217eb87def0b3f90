/**
 * `foodbase sync`'s bookkeeping in PostgreSQL (migration 6): applied files in a table, and the lock as
 * a session advisory lock on a connection held for the run, so that it goes away with the process.
 */
import type pg from "pg";
import type { AppliedDelta, SyncLock, SyncStore } from "../sync-types.js";

/** The sync lock's key in this schema (advisory locks are per database). */
const LOCK_KEY_SQL = "hashtextextended('foodbase sync ' || current_schema(), 0)";

interface DeltaRow {
  name: string;
  applied_t: string;
  imported: number;
  updated: number;
  unchanged: number;
  rejected: number;
}

export class PostgresSyncStore implements SyncStore {
  constructor(private readonly pool: pg.Pool) {}

  async appliedDeltas(): Promise<AppliedDelta[]> {
    const { rows } = await this.pool.query<DeltaRow>("SELECT * FROM sync_deltas ORDER BY applied_t, id");
    return rows.map((r) => ({
      name: r.name,
      appliedT: Number(r.applied_t),
      imported: r.imported,
      updated: r.updated,
      unchanged: r.unchanged,
      rejected: r.rejected,
    }));
  }

  async recordDelta(d: AppliedDelta): Promise<void> {
    await this.pool.query(
      `INSERT INTO sync_deltas (name, applied_t, imported, updated, unchanged, rejected) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (name) DO NOTHING`,
      [d.name, d.appliedT, d.imported, d.updated, d.unchanged, d.rejected],
    );
  }

  async tryLock(owner: string): Promise<SyncLock | { heldBy: string }> {
    const client = await this.pool.connect();
    let locked = false;
    try {
      const { rows } = await client.query<{ locked: boolean }>(
        `SELECT pg_try_advisory_lock(${LOCK_KEY_SQL}) AS locked`,
      );
      locked = rows[0]?.locked === true;
      if (!locked) {
        const holder = await client.query<{ pid: number; application_name: string }>(
          `SELECT a.pid, a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
           WHERE l.locktype = 'advisory' AND l.granted AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
           AND (l.classid::bigint << 32 | l.objid::bigint) = ${LOCK_KEY_SQL} LIMIT 1`,
        );
        const row = holder.rows[0];
        return { heldBy: row === undefined ? "another run" : `another run (server process ${row.pid})` };
      }
    } finally {
      if (!locked) client.release();
    }
    void owner;
    return {
      release: async () => {
        try {
          await client.query(`SELECT pg_advisory_unlock(${LOCK_KEY_SQL})`);
          client.release();
        } catch (e) {
          client.release(e as Error);
        }
      },
    };
  }
}
