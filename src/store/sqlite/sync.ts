/**
 * `foodbase sync`'s bookkeeping in SQLite (migration 6): applied files, and a lock row naming the
 * process that holds it. A row whose process no longer runs on this host is taken over.
 */
import { hostname } from "node:os";
import type Database from "better-sqlite3";
import type { AppliedDelta, SyncLock, SyncStore } from "../sync-types.js";

interface DeltaRow {
  name: string;
  applied_t: number;
  imported: number;
  updated: number;
  unchanged: number;
  rejected: number;
}

interface LockRow {
  owner: string;
  pid: number;
  host: string;
  acquired_t: number;
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it runs, under another user.
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

export class SqliteSyncStore implements SyncStore {
  constructor(private readonly db: Database.Database) {}

  async appliedDeltas(): Promise<AppliedDelta[]> {
    const rows = this.db.prepare("SELECT * FROM sync_deltas ORDER BY applied_t, rowid").all() as DeltaRow[];
    return rows.map((r) => ({
      name: r.name,
      appliedT: r.applied_t,
      imported: r.imported,
      updated: r.updated,
      unchanged: r.unchanged,
      rejected: r.rejected,
    }));
  }

  async recordDelta(d: AppliedDelta): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO sync_deltas (name, applied_t, imported, updated, unchanged, rejected) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (name) DO NOTHING`,
      )
      .run(d.name, d.appliedT, d.imported, d.updated, d.unchanged, d.rejected);
  }

  async tryLock(owner: string): Promise<SyncLock | { heldBy: string }> {
    const host = hostname();
    const take = this.db.transaction((): { heldBy: string } | undefined => {
      const row = this.db.prepare("SELECT * FROM sync_lock WHERE id = 1").get() as LockRow | undefined;
      if (row !== undefined && (row.host !== host || processRuns(row.pid))) {
        return {
          heldBy: `${row.owner} (process ${row.pid} on ${row.host}, since ${new Date(row.acquired_t * 1000).toISOString()})`,
        };
      }
      this.db
        .prepare("INSERT OR REPLACE INTO sync_lock (id, owner, pid, host, acquired_t) VALUES (1, ?, ?, ?, ?)")
        .run(owner, process.pid, host, Math.floor(Date.now() / 1000));
      return undefined;
    });
    const held = take.immediate();
    if (held !== undefined) return held;
    return {
      release: async () => {
        this.db.prepare("DELETE FROM sync_lock WHERE id = 1 AND pid = ? AND host = ?").run(process.pid, host);
      },
    };
  }
}
