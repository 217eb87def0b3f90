/**
 * Versioned schema of the SQLite store. A migration is applied once, in order, inside a transaction;
 * the applied versions are recorded in `schema_migrations`. Never edit a released migration: add one.
 */
import type Database from "better-sqlite3";
import { refuseNewerSchema } from "../schema-version.js";
import { SEARCH_SCHEMA_LAYOUT_SQL, SEARCH_SCHEMA_SQL, SEARCH_SORT_INDEXES_SQL } from "./search-schema.js";

/** Failed (or still running) password checks of every API, for the brute-force guard (README "Sign-in limits"). */
const AUTH_FAILURES_SQL = `
  DROP TABLE folksonomy_login_failures;
  CREATE TABLE auth_failures (
    id INTEGER PRIMARY KEY,
    account TEXT NOT NULL,
    address TEXT NOT NULL,
    t_ms INTEGER NOT NULL,
    pending INTEGER NOT NULL
  );
  CREATE INDEX auth_failures_pair ON auth_failures(account, address, t_ms);
  CREATE INDEX auth_failures_address ON auth_failures(address, t_ms);
  CREATE INDEX auth_failures_t ON auth_failures(t_ms);
`;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const SQLITE_MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: "products, revisions, users, sessions",
    sql: `
      -- Every state a product was ever in. The current document is the row products.revision_id
      -- points to, so a product is stored once, not twice.
      CREATE TABLE revisions (
        id INTEGER PRIMARY KEY,
        code TEXT NOT NULL,
        rev INTEGER NOT NULL,
        t INTEGER NOT NULL,
        user_id TEXT NOT NULL,
        comment TEXT NOT NULL DEFAULT '',
        app_name TEXT NOT NULL DEFAULT '',
        app_version TEXT NOT NULL DEFAULT '',
        app_uuid TEXT NOT NULL DEFAULT '',
        user_agent TEXT NOT NULL DEFAULT '',
        changed_fields TEXT NOT NULL DEFAULT '[]',
        doc TEXT NOT NULL,
        UNIQUE (code, rev)
      );
      CREATE TABLE products (
        code TEXT PRIMARY KEY,
        rev INTEGER NOT NULL,
        revision_id INTEGER NOT NULL REFERENCES revisions(id)
      ) WITHOUT ROWID;
      CREATE TABLE users (
        user_id TEXT PRIMARY KEY,
        email TEXT NOT NULL DEFAULT '',
        name TEXT NOT NULL DEFAULT '',
        password_hash TEXT NOT NULL,
        admin INTEGER NOT NULL DEFAULT 0,
        moderator INTEGER NOT NULL DEFAULT 0,
        created_t INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX users_email ON users(email) WHERE email <> '';
      CREATE TABLE sessions (
        user_id TEXT NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
        secret_hash TEXT NOT NULL,
        created_t INTEGER NOT NULL,
        expires_t INTEGER NOT NULL,
        PRIMARY KEY (user_id, secret_hash)
      );
      -- Folksonomy bearer tokens, stored as SHA-256 hashes.
      CREATE TABLE tokens (
        token_hash TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
        created_t INTEGER NOT NULL,
        expires_t INTEGER NOT NULL
      );
      CREATE INDEX tokens_user ON tokens(user_id, created_t);
    `,
  },
  {
    version: 2,
    name: "folksonomy tags, tag history, login failures",
    sql: `
      -- Current folksonomy tags (API.md §7.1): one per (product, owner, k); owner '' = public.
      -- last_edit is UTC 'YYYY-MM-DDTHH:MM:SS[.ffffff]' without trailing zeros: it sorts as text.
      CREATE TABLE folksonomy_tags (
        product TEXT NOT NULL,
        owner TEXT NOT NULL,
        k TEXT NOT NULL,
        v TEXT NOT NULL,
        version INTEGER NOT NULL,
        editor TEXT NOT NULL,
        last_edit TEXT NOT NULL,
        comment TEXT NOT NULL,
        PRIMARY KEY (product, owner, k)
      ) WITHOUT ROWID;
      CREATE INDEX folksonomy_tags_key ON folksonomy_tags(owner, k, v);
      -- Every state a tag was ever in, deletions (version 0) included, in order of writing.
      CREATE TABLE folksonomy_tag_versions (
        id INTEGER PRIMARY KEY,
        product TEXT NOT NULL,
        owner TEXT NOT NULL,
        k TEXT NOT NULL,
        v TEXT NOT NULL,
        version INTEGER NOT NULL,
        editor TEXT NOT NULL,
        last_edit TEXT NOT NULL,
        comment TEXT NOT NULL
      );
      CREATE INDEX folksonomy_tag_versions_tag ON folksonomy_tag_versions(product, owner, k, version);
      -- Failed (or still running) folksonomy logins, for the brute-force guard (API.md §7.3).
      CREATE TABLE folksonomy_login_failures (
        id INTEGER PRIMARY KEY,
        user_name TEXT NOT NULL,
        address TEXT NOT NULL,
        t_ms INTEGER NOT NULL,
        pending INTEGER NOT NULL
      );
      CREATE INDEX folksonomy_login_failures_user ON folksonomy_login_failures(user_name, t_ms);
      CREATE INDEX folksonomy_login_failures_address ON folksonomy_login_failures(address, t_ms);
      CREATE INDEX folksonomy_login_failures_t ON folksonomy_login_failures(t_ms);
    `,
  },
  {
    version: 3,
    name: "search index: products by integer id, sort keys, terms, postings, values, full text",
    sql: SEARCH_SCHEMA_SQL,
  },
  {
    version: 4,
    name: "search index: postings by chunk, values by fine bin (appended to by imports)",
    sql: SEARCH_SCHEMA_LAYOUT_SQL,
  },
  {
    version: 5,
    name: "one brute-force guard for every password check (replaces the folksonomy's login failures)",
    sql: AUTH_FAILURES_SQL,
  },
  {
    version: 6,
    name: "foodbase sync: applied delta files, and the lock of the running sync",
    sql: `
      -- OFF files (daily deltas, a full dump) imported whole by foodbase sync; a file is recorded
      -- only once all of it is stored.
      CREATE TABLE sync_deltas (
        name TEXT PRIMARY KEY,
        applied_t INTEGER NOT NULL,
        imported INTEGER NOT NULL,
        updated INTEGER NOT NULL,
        unchanged INTEGER NOT NULL,
        rejected INTEGER NOT NULL
      );
      -- At most one row: the process running foodbase sync.
      CREATE TABLE sync_lock (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        owner TEXT NOT NULL,
        pid INTEGER NOT NULL,
        host TEXT NOT NULL,
        acquired_t INTEGER NOT NULL
      );
    `,
  },
];

/** Applies the migrations the database has not had yet, each in a transaction of its own; their versions. */
function applyMigrations(db: Database.Database, migrations: Migration[]): number[] {
  db.exec(
    "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_t INTEGER NOT NULL)",
  );
  const applied = new Set(
    (db.prepare("SELECT version FROM schema_migrations").all() as Array<{ version: number }>).map((r) => r.version),
  );
  refuseNewerSchema(applied, migrations);
  const done: number[] = [];
  for (const m of migrations) {
    if (applied.has(m.version)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.prepare("INSERT INTO schema_migrations (version, name, applied_t) VALUES (?, ?, ?)").run(
        m.version,
        m.name,
        Math.floor(Date.now() / 1000),
      );
    }).immediate();
    done.push(m.version);
  }
  return done;
}

/**
 * A new database gets 16 KB pages: most of its bytes are compressed documents of 1–10 KB, which 4 KB pages
 * hold one at a time (100,000 realistic products: 0.51× the JSONL with 4 KB pages, 0.45× with 16 KB). An
 * existing database keeps the page size it was made with.
 */
const NEW_DATABASE_PAGE_SIZE = 16_384;

/**
 * Makes a database file what the store expects, new or made by an earlier foodbase: its page size if new,
 * WAL mode, every migration, the sort indexes (dropped during a bulk load). The store does it at every
 * open; `foodbase migrate` and a cluster's primary do only this, without loading the store. The versions
 * applied now.
 */
export function prepareDatabaseFile(db: Database.Database): number[] {
  db.pragma(`page_size = ${NEW_DATABASE_PAGE_SIZE}`);
  db.pragma("journal_mode = WAL");
  const applied = applyMigrations(db, SQLITE_MIGRATIONS);
  db.exec(SEARCH_SORT_INDEXES_SQL);
  return applied;
}
