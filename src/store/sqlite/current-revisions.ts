/**
 * The current revision id of each product read recently, kept in this process so that a cached
 * product read does not ask SQLite. Any statement opens a WAL read transaction, whose lock system calls
 * cost as much as the rest of a cached read.
 *
 * Writes through this connection forget the products they touch (inside their transaction, which is
 * synchronous: no read runs in between). Writes by other connections (an import, another server on the
 * same file) change `PRAGMA data_version`, checked at most once per `checkIntervalMs`: after one of them
 * commits, this process serves the previous revision for at most that long. The workers of one
 * `serve --workers N` answer their writes only once that long has passed (index.ts), so a request that
 * follows a write's answer always reads it.
 */
import type Database from "better-sqlite3";

export class CurrentRevisionIds {
  private readonly ids = new Map<string, number>();
  private readonly dataVersion: Database.Statement;
  private lastVersion: unknown;
  private checkedAt = Number.NEGATIVE_INFINITY;

  constructor(
    db: Database.Database,
    private readonly checkIntervalMs: number,
    private readonly maxEntries = 200_000,
  ) {
    this.dataVersion = db.prepare("PRAGMA data_version").pluck();
  }

  /** The remembered id, if it is still known to be current. */
  get(code: string): number | undefined {
    const now = performance.now();
    if (now - this.checkedAt >= this.checkIntervalMs) {
      this.checkedAt = now;
      const version = this.dataVersion.get();
      if (version !== this.lastVersion) {
        this.lastVersion = version;
        this.ids.clear();
        return undefined;
      }
    }
    return this.ids.get(code);
  }

  remember(code: string, revisionId: number): void {
    // Cleared rather than evicted one by one: the map refills from the products being read.
    if (this.ids.size >= this.maxEntries) this.ids.clear();
    this.ids.set(code, revisionId);
  }

  forget(code: string): void {
    this.ids.delete(code);
  }

  forgetAll(): void {
    this.ids.clear();
  }
}
