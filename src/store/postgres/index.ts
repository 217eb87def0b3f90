/**
 * The PostgreSQL store: the same `Store` as `sqlite/`, for several stateless foodbase processes sharing
 * one database. What a process keeps in memory (term ids, search sort keys) is checked against the
 * database at every use, so whatever one process commits the others read at once. Product reads by code go to the primary; search and facets may go to a read replica.
 */
import type pg from "pg";
import type { Product } from "../../domain/product.js";
import { serializeProductDocument } from "../../domain/product-document.js";
import type { FacetCounts, FacetQuery, FacetSample, SearchPage, SearchQuery } from "../../domain/search/query.js";
import { redactDatabaseUrl } from "../open.js";
import { type RevisionRow, toRevisionRecord, toUser, type UserRow, withRev } from "../rows.js";
import {
  type ConnectionPoolUsage,
  DuplicateError,
  type NewUser,
  type ProductFilter,
  type ProductLoad,
  type ProductLoadOptions,
  type ProductLoadOutcome,
  type ProductMutation,
  type ProductUpsert,
  type ProductWriteOutcome,
  type RevisionInfo,
  type RevisionRecord,
  type Store,
  type User,
} from "../types.js";
import { PostgresAuthFailureStore } from "./auth-failures.js";
import {
  iterateProductsJson as iterateBulkProductsJson,
  loadProducts as loadBulkProducts,
  prepareForBulkLoad as prepareBulkLoad,
} from "./bulk.js";
import { PostgresFolksonomyStore } from "./folksonomy.js";
import { applyPostgresMigrations, type MigrationReport } from "./migrations.js";
import { createPool, inTransaction, parsePostgresUrl } from "./pool.js";
import { foldTermShards, indexProductForSearch } from "./search-index.js";
import { FOLD_BATCH, foldAllSearchPostings } from "./search-postings.js";
import { PostgresSearch } from "./search-query.js";

/** The migration that made the posting lists (search-postings.ts). */
const POSTINGS_MIGRATION_VERSION = 8;

/** Writes between two folds of the term-count shards: enough to keep folds rare, few enough to keep the shards small. */
const FOLD_EVERY = 1000;
/**
 * Delay between a write and the fold of pending postings it schedules (search-postings.ts): writes
 * arriving meanwhile are folded together, and searches patch only this many milliseconds of writes.
 */
const POSTINGS_FOLD_DELAY_MS = 50;
/** Delay before trying again when another process held the postings fold. */
const POSTINGS_FOLD_RETRY_MS = 500;

import { PostgresSyncStore } from "./sync.js";

export interface PostgresStoreOptions {
  /** Most connections to the primary (and, separately, to the read replica). */
  poolSize?: number;
  /** A read replica for search and facets; product reads by code always use the primary. */
  readUrl?: string;
  applicationName?: string;
  /**
   * The database must hold a foodbase schema already (export, users list): a mistyped `?schema=` is
   * an error, not a new empty schema.
   */
  existing?: boolean;
}

const CURRENT_DOC = "SELECT r.doc FROM products p JOIN revisions r ON r.id = p.revision_id WHERE p.code = $1";
const REVISION_DOC = "SELECT doc FROM revisions WHERE code = $1 AND rev = $2";

/** Inserts a revision and points the product at it, in one statement (one round trip per write). */
const INSERT_REVISION = `WITH revision AS (
    INSERT INTO revisions (code, rev, t, user_id, comment, app_name, app_version, app_uuid, user_agent, changed_fields, doc)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id
  )
  INSERT INTO products (code, rev, revision_id) SELECT $1, $2, id FROM revision
  ON CONFLICT (code) DO UPDATE SET rev = excluded.rev, revision_id = excluded.revision_id`;

const UNIQUE_VIOLATION = "23505";

async function refuseMissingDatabase(pool: pg.Pool, schema: string | undefined, databaseUrl: string): Promise<void> {
  // With a schema, only its own table counts (`public` is on the search path too).
  const table = schema === undefined ? "schema_migrations" : `${schema}.schema_migrations`;
  const { rows } = await pool.query<{ found: string | null }>("SELECT to_regclass($1)::text AS found", [table]);
  if (rows[0]?.found === null || rows[0]?.found === undefined) {
    const where =
      schema === undefined ? redactDatabaseUrl(databaseUrl) : `schema ${schema} of ${redactDatabaseUrl(databaseUrl)}`;
    throw new Error(`no foodbase database in ${where} (foodbase serve or foodbase import creates one)`);
  }
}

export class PostgresStore implements Store {
  readonly folksonomy: PostgresFolksonomyStore;
  readonly authFailures: PostgresAuthFailureStore;
  readonly sync: PostgresSyncStore;
  private readonly search: PostgresSearch;

  private constructor(
    readonly pool: pg.Pool,
    private readonly readPool: pg.Pool | undefined,
    /** What the migrations did when this store was opened. */
    readonly migrations: MigrationReport,
  ) {
    this.folksonomy = new PostgresFolksonomyStore(pool);
    this.authFailures = new PostgresAuthFailureStore(pool);
    this.sync = new PostgresSyncStore(pool);
    this.search = new PostgresSearch(readPool ?? pool);
    // Writes of an earlier process (or a migration) may be pending still.
    this.schedulePostingsFold(0);
  }

  /** Connects, and brings the schema up to date (waiting for another process doing the same). */
  static async open(databaseUrl: string, options: PostgresStoreOptions = {}): Promise<PostgresStore> {
    const location = parsePostgresUrl(databaseUrl);
    const max = options.poolSize ?? 10;
    const pool = createPool(location, { max, applicationName: options.applicationName });
    let readPool: pg.Pool | undefined;
    try {
      if (options.existing === true) await refuseMissingDatabase(pool, location.schema, databaseUrl);
      const migrations = await applyPostgresMigrations(pool, location.schema);
      if (options.readUrl !== undefined && options.readUrl !== "") {
        readPool = createPool(parsePostgresUrl(options.readUrl), { max, applicationName: options.applicationName });
      }
      const store = new PostgresStore(pool, readPool, migrations);
      // Migration 8 leaves every product pending for the posting lists, and every search would read
      // them all back: the first start after it builds the lists before serving (23 s per 100,000
      // realistic products on the development machine).
      if (
        migrations.applied.includes(POSTINGS_MIGRATION_VERSION) &&
        migrations.versions.length > migrations.applied.length
      ) {
        // One that fails leaves them pending: searches stay exact, and the background fold tries again.
        await store.foldPendingPostings().catch(() => undefined);
      }
      return store;
    } catch (e) {
      await pool.end();
      throw e;
    }
  }

  private async firstValue<T>(name: string, text: string, values: unknown[]): Promise<T | undefined> {
    const { rows } = await this.pool.query({ name, text, values, rowMode: "array" });
    return (rows[0] as unknown[] | undefined)?.[0] as T | undefined;
  }

  async getProduct(code: string): Promise<Product | undefined> {
    const doc = await this.firstValue<string>("product_current_doc", CURRENT_DOC, [code]);
    return doc === undefined ? undefined : (JSON.parse(doc) as Product);
  }

  async getProductDocument(code: string, rev?: number): Promise<string | undefined> {
    return rev === undefined
      ? this.firstValue<string>("product_current_doc", CURRENT_DOC, [code])
      : this.firstValue<string>("product_revision_doc", REVISION_DOC, [code, rev]);
  }

  async getCurrentRevisionId(code: string): Promise<number | undefined> {
    return this.firstValue<number>("product_revision_id", "SELECT revision_id FROM products WHERE code = $1", [code]);
  }

  async getRevisionDocumentBytes(revisionId: number): Promise<Buffer | undefined> {
    const doc = await this.firstValue<string>("revision_doc_by_id", "SELECT doc FROM revisions WHERE id = $1", [
      revisionId,
    ]);
    return doc === undefined ? undefined : Buffer.from(doc, "utf8");
  }

  async getProductDocumentBytes(code: string, rev?: number): Promise<Buffer | undefined> {
    const doc = await this.getProductDocument(code, rev);
    return doc === undefined ? undefined : Buffer.from(doc, "utf8");
  }

  async getProductRevision(code: string, rev: number): Promise<Product | undefined> {
    const doc = await this.firstValue<string>("product_revision_doc", REVISION_DOC, [code, rev]);
    return doc === undefined ? undefined : (JSON.parse(doc) as Product);
  }

  async listRevisions(code: string): Promise<RevisionRecord[]> {
    const { rows } = await this.pool.query<RevisionRow>(
      `SELECT code, rev, t, user_id, comment, app_name, app_version, app_uuid, user_agent, changed_fields
       FROM revisions WHERE code = $1 ORDER BY rev`,
      [code],
    );
    return rows.map(toRevisionRecord);
  }

  /**
   * The current document of `code`, its product row locked until the transaction ends: writers of one
   * product, in any process, go one after the other. The document is read by a second statement, whose
   * snapshot (read committed) includes the revision of the writer this one waited for.
   */
  private async lockCurrent(client: pg.ClientBase, code: string): Promise<Product | undefined> {
    const locked = await client.query({
      name: "product_lock",
      text: "SELECT revision_id FROM products WHERE code = $1 FOR UPDATE",
      values: [code],
      rowMode: "array",
    });
    const revisionId = (locked.rows[0] as unknown[] | undefined)?.[0];
    if (revisionId === undefined) return undefined;
    const { rows } = await client.query({
      name: "revision_doc_by_id",
      text: "SELECT doc FROM revisions WHERE id = $1",
      values: [revisionId],
      rowMode: "array",
    });
    return JSON.parse((rows[0] as [string])[0]) as Product;
  }

  private async insertRevision(
    client: pg.ClientBase,
    code: string,
    rev: number,
    product: Product,
    info: RevisionInfo,
    changedFields: string[],
  ): Promise<number> {
    await client.query({
      name: "product_insert_revision",
      text: INSERT_REVISION,
      values: [
        code,
        rev,
        info.t,
        info.userId,
        info.comment,
        info.appName,
        info.appVersion,
        info.appUuid,
        info.userAgent,
        JSON.stringify(changedFields),
        serializeProductDocument(withRev(product, rev)),
      ],
    });
    await indexProductForSearch(client, code, product);
    return rev;
  }

  async writeProduct<R>(code: string, info: RevisionInfo, mutate: ProductMutation<R>): Promise<ProductWriteOutcome<R>> {
    // A new product has no row to lock yet: of two first writers, one wins the insert and the other
    // gets a unique violation, then runs again and finds (and waits for) the winner's row.
    return inTransaction(
      this.pool,
      async (client): Promise<ProductWriteOutcome<R>> => {
        const current = await this.lockCurrent(client, code);
        const outcome = mutate(current);
        if ("reject" in outcome) return { written: false, result: outcome.reject };
        const rev = typeof current?.rev === "number" ? current.rev + 1 : 1;
        await this.insertRevision(client, code, rev, outcome.product, info, outcome.changedFields);
        return { written: true, result: outcome.result, rev };
      },
      { retryUniqueViolation: true },
    ).finally(() => this.afterWrites(1));
  }

  /** Writes since the term-count shards were last folded, and the fold in flight. */
  private writesSinceFold = 0;
  private folding?: Promise<void>;

  /**
   * Every {@link FOLD_EVERY} writes, folds the term-count shards into the terms (search-index.ts), apart
   * from any write's transaction. A fold that fails leaves the counts in the shards, where reads still
   * find them; a later one moves them.
   */
  private afterWrites(n: number): void {
    this.schedulePostingsFold();
    this.writesSinceFold += n;
    if (this.writesSinceFold < FOLD_EVERY || this.folding !== undefined || this.closed !== undefined) return;
    this.writesSinceFold = 0;
    this.folding = inTransaction(this.pool, foldTermShards)
      .catch(() => undefined)
      .finally(() => {
        this.folding = undefined;
      });
  }

  private postingsFoldTimer?: NodeJS.Timeout;
  private postingsFolding?: Promise<void>;

  /**
   * Folds the pending postings in the background, `delay` ms from now, unless a fold is already due or
   * running (which then folds these writes too). Another process folding makes this one try later, so
   * that writes it committed meanwhile are not left pending.
   */
  private schedulePostingsFold(delay = POSTINGS_FOLD_DELAY_MS): void {
    if (this.postingsFoldTimer !== undefined || this.closed !== undefined) return;
    this.postingsFoldTimer = setTimeout(() => {
      const previous = this.postingsFolding ?? Promise.resolve();
      this.postingsFolding = previous
        .then(() => foldAllSearchPostings(this.pool))
        .then((done) => {
          if (!done) this.retryPostingsFold();
        })
        // A failed fold leaves the rows pending, where searches still find them; the next write retries.
        .catch(() => undefined)
        .finally(() => {
          this.postingsFolding = undefined;
        });
      this.postingsFoldTimer = undefined;
    }, delay);
    this.postingsFoldTimer.unref();
  }

  /**
   * Folds every pending write into the posting lists before returning (another process's fold is
   * waited for): `foodbase migrate` leaves a new or migrated index ready for fast searches.
   */
  async foldPendingPostings(): Promise<void> {
    await this.postingsFolding;
    while (!(await foldAllSearchPostings(this.pool))) {
      await new Promise((resolve) => setTimeout(resolve, POSTINGS_FOLD_RETRY_MS));
    }
  }

  private retryPostingsFold(): void {
    if (this.closed === undefined) this.schedulePostingsFold(POSTINGS_FOLD_RETRY_MS);
  }

  async upsertProducts(items: ProductUpsert[]): Promise<number[]> {
    return inTransaction(
      this.pool,
      async (client) => {
        const revs: number[] = [];
        for (const item of items) {
          const locked = await client.query({
            name: "product_lock_rev",
            text: "SELECT rev FROM products WHERE code = $1 FOR UPDATE",
            values: [item.code],
            rowMode: "array",
          });
          const currentRev = ((locked.rows[0] as unknown[] | undefined)?.[0] as number | undefined) ?? 0;
          revs.push(
            await this.insertRevision(client, item.code, currentRev + 1, item.product, item.info, item.changedFields),
          );
        }
        return revs;
      },
      { retryUniqueViolation: true },
    ).finally(() => this.afterWrites(items.length));
  }

  async countProducts(): Promise<number> {
    return (await this.firstValue<number>("products_count", "SELECT count(*) FROM products", [])) ?? 0;
  }

  async getUser(userId: string): Promise<User | undefined> {
    const { rows } = await this.pool.query<UserRow>({
      name: "user_get",
      text: "SELECT * FROM users WHERE user_id = $1",
      values: [userId],
    });
    return rows[0] === undefined ? undefined : toUser(rows[0]);
  }

  async listUsers(): Promise<User[]> {
    const { rows } = await this.pool.query<UserRow>("SELECT * FROM users ORDER BY user_id");
    return rows.map(toUser);
  }

  async addUser(user: NewUser): Promise<void> {
    try {
      await this.pool.query(
        `INSERT INTO users (user_id, email, name, password_hash, admin, moderator, created_t)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          user.userId,
          user.email,
          user.name,
          user.passwordHash,
          user.admin === true,
          user.moderator === true,
          Math.floor(Date.now() / 1000),
        ],
      );
    } catch (e) {
      if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) {
        throw new DuplicateError(`user id or e-mail already in use: ${user.userId}`);
      }
      throw e;
    }
  }

  async setPassword(userId: string, passwordHash: string): Promise<boolean> {
    return inTransaction(this.pool, async (client) => {
      const changed = await client.query("UPDATE users SET password_hash = $1 WHERE user_id = $2", [
        passwordHash,
        userId,
      ]);
      await client.query("DELETE FROM sessions WHERE user_id = $1", [userId]);
      await client.query("DELETE FROM tokens WHERE user_id = $1", [userId]);
      return (changed.rowCount ?? 0) > 0;
    });
  }

  async deleteUser(userId: string): Promise<boolean> {
    return inTransaction(this.pool, async (client) => {
      await client.query("DELETE FROM tokens WHERE user_id = $1", [userId]);
      await client.query("DELETE FROM sessions WHERE user_id = $1", [userId]);
      const deleted = await client.query("DELETE FROM users WHERE user_id = $1", [userId]);
      return (deleted.rowCount ?? 0) > 0;
    });
  }

  async addSession(userId: string, secretHash: string, expiresT: number, maxPerUser: number): Promise<void> {
    const now = Math.floor(Date.now() / 1000);
    await inTransaction(this.pool, async (client) => {
      // One session writer per user at a time, so the pruning keeps exactly `maxPerUser`.
      await client.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [`foodbase session ${userId}`]);
      await client.query("INSERT INTO sessions (user_id, secret_hash, created_t, expires_t) VALUES ($1, $2, $3, $4)", [
        userId,
        secretHash,
        now,
        expiresT,
      ]);
      await client.query(
        `DELETE FROM sessions WHERE user_id = $1 AND (expires_t <= $2 OR secret_hash NOT IN
           (SELECT secret_hash FROM sessions WHERE user_id = $1 ORDER BY created_t DESC, seq DESC LIMIT $3))`,
        [userId, now, maxPerUser],
      );
    });
  }

  async getSessionUser(userId: string, secretHash: string, nowT: number): Promise<string | undefined> {
    return this.firstValue<string>(
      "session_user",
      "SELECT user_id FROM sessions WHERE user_id = $1 AND secret_hash = $2 AND expires_t > $3",
      [userId, secretHash, nowT],
    );
  }

  async deleteSession(userId: string, secretHash: string): Promise<void> {
    await this.pool.query("DELETE FROM sessions WHERE user_id = $1 AND secret_hash = $2", [userId, secretHash]);
  }

  connectionPoolUsage(): ConnectionPoolUsage[] {
    const usage = (name: string, pool: pg.Pool): ConnectionPoolUsage => ({
      pool: name,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    });
    return [usage("primary", this.pool), ...(this.readPool === undefined ? [] : [usage("replica", this.readPool)])];
  }

  private closed?: Promise<unknown>;

  /** Ends the pools; closing again is a no-op (queries after it throw). */
  async close(): Promise<void> {
    this.closed ??= this.finish();
    await this.closed;
  }

  /** Folds what this store's bulk loads left pending, lets running folds end, then ends the pools. */
  private async finish(): Promise<void> {
    if (this.loadedSinceFold > 0) {
      this.loadedSinceFold = 0;
      await this.foldPendingPostings();
    }
    if (this.postingsFoldTimer !== undefined) clearTimeout(this.postingsFoldTimer);
    this.postingsFoldTimer = undefined;
    await Promise.all([this.folding, this.postingsFolding]);
    await Promise.all([this.pool.end(), this.readPool?.end()]);
  }

  /** Products bulk-loaded since the last fold this store waited for. */
  private loadedSinceFold = 0;

  /**
   * Bulk loads fold their postings every {@link FOLD_BATCH} products, in the load's time: a fold of
   * whole chunks writes each (term, chunk) row about once, where folding every batch of a thousand
   * rewrote the last chunk's rows four times. Closing the store folds the rest, so an import leaves
   * nothing pending.
   */
  async loadProducts(items: readonly ProductLoad[], options: ProductLoadOptions): Promise<ProductLoadOutcome[]> {
    const outcomes = await loadBulkProducts(this.pool, items, options);
    this.loadedSinceFold += items.length;
    if (this.loadedSinceFold >= FOLD_BATCH) {
      this.loadedSinceFold = 0;
      await this.postingsFolding;
      if (!(await foldAllSearchPostings(this.pool))) this.retryPostingsFold();
    }
    return outcomes;
  }

  iterateProductsJson(filter: ProductFilter = {}): AsyncIterable<string> {
    return iterateBulkProductsJson(this.pool, filter);
  }

  searchProducts(query: SearchQuery): Promise<SearchPage> {
    return this.search.searchProducts(query);
  }

  facetCounts(query: FacetQuery): Promise<FacetCounts> {
    return this.search.facetCounts(query);
  }

  facetSample(query: SearchQuery, tagtypes: readonly string[], limit: number): Promise<FacetSample> {
    return this.search.facetSample(query, tagtypes, limit);
  }

  prepareForBulkLoad(): Promise<void> {
    return prepareBulkLoad(this.pool);
  }
}
