/** Chooses the store implementation from `DATABASE_URL`: PostgreSQL for `postgres://` URLs, else SQLite. */
import { existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { Store } from "./types.js";

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/** The URL to show in messages and logs: without its password. */
export function redactDatabaseUrl(url: string): string {
  if (!isPostgresUrl(url)) return url;
  try {
    const parsed = new URL(url);
    if (parsed.password !== "") parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparsable postgres URL)";
  }
}

export interface StoreOptions {
  /** PostgreSQL: most connections per pool (`DATABASE_POOL_SIZE`). */
  poolSize?: number;
  /** PostgreSQL: read replica for search and facets (`DATABASE_READ_URL`, "" = none). */
  readUrl?: string;
  /**
   * SQLite: the file must exist already. For commands that only read or change what is there
   * (export, users list): a mistyped path is an error, not a new empty database.
   */
  existing?: boolean;
}

export async function openStore(databaseUrl: string, options: StoreOptions = {}): Promise<Store> {
  // Each implementation is loaded only when used: a SQLite server never loads pg, and the reverse.
  if (isPostgresUrl(databaseUrl)) {
    const { PostgresStore } = await import("./postgres/index.js");
    return PostgresStore.open(databaseUrl, options);
  }
  const { SqliteStore, sqlitePathFromUrl } = await import("./sqlite/index.js");
  const path = sqlitePathFromUrl(databaseUrl);
  if (options.existing === true && !existsSync(path)) {
    throw new Error(`no database at ${path} (foodbase serve or foodbase import creates one)`);
  }
  return SqliteStore.open(databaseUrl);
}

export interface MigrationOutcome {
  /** `sqlite` or `postgres`. */
  kind: string;
  /** Versions applied now. */
  applied: number[];
  /** Every version the database has, with its name. */
  versions: Array<{ version: number; name: string }>;
}

/** Brings a database's schema up to date (`foodbase migrate`); opening a store does the same. */
export async function migrateDatabase(databaseUrl: string): Promise<MigrationOutcome> {
  if (isPostgresUrl(databaseUrl)) {
    const { PostgresStore } = await import("./postgres/index.js");
    const store = await PostgresStore.open(databaseUrl, { poolSize: 1 });
    try {
      // A migration may leave every product pending for the posting lists (version 8).
      await store.foldPendingPostings();
    } finally {
      await store.close();
    }
    return { kind: "postgres", ...store.migrations };
  }
  // Only what migrating needs: a cluster's primary does this while its workers load the store's modules.
  const [{ default: Database }, { prepareDatabaseFile }, { sqlitePathFromUrl }] = await Promise.all([
    import("better-sqlite3"),
    import("./sqlite/migrations.js"),
    import("./sqlite/path.js"),
  ]);
  const path = sqlitePathFromUrl(databaseUrl);
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  try {
    db.pragma("busy_timeout = 10000");
    const applied = prepareDatabaseFile(db);
    const versions = db.prepare("SELECT version, name FROM schema_migrations ORDER BY version").all() as Array<{
      version: number;
      name: string;
    }>;
    return { kind: "sqlite", applied, versions };
  } finally {
    db.close();
  }
}
