/**
 * Versioned schema of the PostgreSQL store, the counterpart of `sqlite/migrations.ts`. A migration is
 * applied once, in order, in a transaction of its own; applied versions are recorded in
 * `schema_migrations`. Never edit a released migration: add one.
 *
 * Text that is compared or ordered (user ids, folksonomy keys and values) is `COLLATE "C"`: byte order,
 * the order SQLite gives, whatever the database's default collation. Product codes are digits, which
 * every collation orders alike.
 */
import type pg from "pg";
import { refuseNewerSchema } from "../schema-version.js";
import { POSTGRES_COUNTRY_FACETS_MIGRATION } from "./country-facets.js";
import { POSTGRES_POSTINGS_MIGRATION } from "./search-postings.js";
import { POSTGRES_SEARCH_MIGRATION, POSTGRES_TERM_SHARDS_MIGRATION } from "./search-schema.js";

export interface PostgresMigration {
  version: number;
  name: string;
  sql: string;
}

export const POSTGRES_MIGRATIONS: PostgresMigration[] = [
  {
    version: 1,
    name: "products, revisions, users, sessions",
    sql: `
      -- Every state a product was ever in. The current document is the row products.revision_id
      -- points to, so a product is stored once, not twice.
      CREATE TABLE revisions (
        id BIGSERIAL PRIMARY KEY,
        code TEXT NOT NULL,
        rev INTEGER NOT NULL,
        t BIGINT NOT NULL,
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
        revision_id BIGINT NOT NULL REFERENCES revisions(id)
      );
      CREATE TABLE users (
        user_id TEXT COLLATE "C" PRIMARY KEY,
        email TEXT NOT NULL DEFAULT '',
        name TEXT NOT NULL DEFAULT '',
        password_hash TEXT NOT NULL,
        admin BOOLEAN NOT NULL DEFAULT false,
        moderator BOOLEAN NOT NULL DEFAULT false,
        created_t BIGINT NOT NULL
      );
      CREATE UNIQUE INDEX users_email ON users(email) WHERE email <> '';
      -- seq orders rows created in the same second (SQLite's rowid).
      CREATE TABLE sessions (
        user_id TEXT COLLATE "C" NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
        secret_hash TEXT NOT NULL,
        created_t BIGINT NOT NULL,
        expires_t BIGINT NOT NULL,
        seq BIGSERIAL NOT NULL,
        PRIMARY KEY (user_id, secret_hash)
      );
      -- Folksonomy bearer tokens, stored as SHA-256 hashes.
      CREATE TABLE tokens (
        token_hash TEXT PRIMARY KEY,
        user_id TEXT COLLATE "C" NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
        created_t BIGINT NOT NULL,
        expires_t BIGINT NOT NULL,
        seq BIGSERIAL NOT NULL
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
        product TEXT COLLATE "C" NOT NULL,
        owner TEXT COLLATE "C" NOT NULL,
        k TEXT COLLATE "C" NOT NULL,
        v TEXT COLLATE "C" NOT NULL,
        version INTEGER NOT NULL,
        editor TEXT COLLATE "C" NOT NULL,
        last_edit TEXT COLLATE "C" NOT NULL,
        comment TEXT NOT NULL,
        PRIMARY KEY (product, owner, k)
      );
      CREATE INDEX folksonomy_tags_key ON folksonomy_tags(owner, k, v);
      -- Every state a tag was ever in, deletions (version 0) included, in order of writing.
      CREATE TABLE folksonomy_tag_versions (
        id BIGSERIAL PRIMARY KEY,
        product TEXT COLLATE "C" NOT NULL,
        owner TEXT COLLATE "C" NOT NULL,
        k TEXT COLLATE "C" NOT NULL,
        v TEXT COLLATE "C" NOT NULL,
        version INTEGER NOT NULL,
        editor TEXT COLLATE "C" NOT NULL,
        last_edit TEXT COLLATE "C" NOT NULL,
        comment TEXT NOT NULL
      );
      CREATE INDEX folksonomy_tag_versions_tag ON folksonomy_tag_versions(product, owner, k, version);
      -- Failed (or still running) folksonomy logins, for the brute-force guard (API.md §7.3). Shared by
      -- every process on the database, so the limit holds across them.
      CREATE TABLE folksonomy_login_failures (
        id BIGSERIAL PRIMARY KEY,
        user_name TEXT COLLATE "C" NOT NULL,
        address TEXT COLLATE "C" NOT NULL,
        t_ms BIGINT NOT NULL,
        pending BOOLEAN NOT NULL
      );
      CREATE INDEX folksonomy_login_failures_user ON folksonomy_login_failures(user_name, t_ms);
      CREATE INDEX folksonomy_login_failures_address ON folksonomy_login_failures(address, t_ms);
      CREATE INDEX folksonomy_login_failures_t ON folksonomy_login_failures(t_ms);
    `,
  },
  { version: 3, ...POSTGRES_SEARCH_MIGRATION },
  {
    version: 4,
    name: "one brute-force guard for every password check (replaces the folksonomy's login failures)",
    sql: `
      -- Failed (or still running) password checks of every API (README "Sign-in limits"); shared by
      -- every process on the database, so the limits hold across them.
      DROP TABLE folksonomy_login_failures;
      CREATE TABLE auth_failures (
        id BIGSERIAL PRIMARY KEY,
        account TEXT COLLATE "C" NOT NULL,
        address TEXT COLLATE "C" NOT NULL,
        t_ms BIGINT NOT NULL,
        pending BOOLEAN NOT NULL
      );
      CREATE INDEX auth_failures_pair ON auth_failures(account, address, t_ms);
      CREATE INDEX auth_failures_address ON auth_failures(address, t_ms);
      CREATE INDEX auth_failures_t ON auth_failures(t_ms);
    `,
  },
  { version: 5, ...POSTGRES_TERM_SHARDS_MIGRATION },
  {
    version: 6,
    name: "foodbase sync: applied delta files",
    sql: `
      -- OFF files (daily deltas, a full dump) imported whole by foodbase sync; a file is recorded
      -- only once all of it is stored. (The lock of the running sync is an advisory lock.)
      CREATE TABLE sync_deltas (
        id BIGSERIAL PRIMARY KEY,
        name TEXT COLLATE "C" NOT NULL UNIQUE,
        applied_t BIGINT NOT NULL,
        imported INTEGER NOT NULL,
        updated INTEGER NOT NULL,
        unchanged INTEGER NOT NULL,
        rejected INTEGER NOT NULL
      );
    `,
  },
  { version: 7, ...POSTGRES_COUNTRY_FACETS_MIGRATION },
  { version: 8, ...POSTGRES_POSTINGS_MIGRATION },
];

/** Any constant: it only has to differ from other advisory locks taken on the same database. */
const MIGRATION_LOCK = 0x666f6f64; // "food"

export interface AppliedMigration {
  version: number;
  name: string;
  /** Unix seconds. */
  appliedT: number;
}

export interface MigrationReport {
  /** Versions applied by this call. */
  applied: number[];
  /** Every version the database now has. */
  versions: AppliedMigration[];
}

/**
 * Brings the schema up to date. Several processes may start at once: a session advisory lock lets one
 * migrate while the others wait, then find nothing left to do.
 */
export async function applyPostgresMigrations(
  pool: pg.Pool,
  schema: string | undefined,
  migrations: PostgresMigration[] = POSTGRES_MIGRATIONS,
): Promise<MigrationReport> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      // The name is checked by pool.ts (lowercase letters, digits, _), so it needs no quoting.
      if (schema !== undefined) await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      await client.query(
        "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_t BIGINT NOT NULL)",
      );
      const done = new Set(
        (await client.query<{ version: number }>("SELECT version FROM schema_migrations")).rows.map((r) => r.version),
      );
      refuseNewerSchema(done, migrations);
      const applied: number[] = [];
      for (const m of migrations) {
        if (done.has(m.version)) continue;
        await client.query("BEGIN");
        try {
          await client.query(m.sql);
          await client.query("INSERT INTO schema_migrations (version, name, applied_t) VALUES ($1, $2, $3)", [
            m.version,
            m.name,
            Math.floor(Date.now() / 1000),
          ]);
          await client.query("COMMIT");
        } catch (e) {
          await client.query("ROLLBACK");
          throw new Error(`migration ${m.version} (${m.name}) failed: ${(e as Error).message}`);
        }
        applied.push(m.version);
      }
      const versions = (
        await client.query<{ version: number; name: string; applied_t: number }>(
          "SELECT version, name, applied_t FROM schema_migrations ORDER BY version",
        )
      ).rows.map((r) => ({ version: r.version, name: r.name, appliedT: r.applied_t }));
      return { applied, versions };
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } catch (e) {
    broken = e as Error;
    throw e;
  } finally {
    // A connection whose state is unknown after an error is closed rather than reused.
    client.release(broken);
  }
}
