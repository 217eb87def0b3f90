import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import type { Product } from "../../domain/product.js";
import { StoredProductView, serializeProductDocument } from "../../domain/product-document.js";
import type { ProductIndexEntry } from "../../domain/search/index-entry.js";
import type { FacetCounts, FacetQuery, FacetSample, SearchPage, SearchQuery } from "../../domain/search/query.js";
import { type RevisionRow, toRevisionRecord, toUser, type UserRow, withRev } from "../rows.js";
import {
  type BulkLoadOptions,
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
import { SqliteAuthFailureStore } from "./auth-failures.js";
import { BackgroundCheckpointer } from "./checkpointer.js";
import { CurrentRevisionIds } from "./current-revisions.js";
import {
  documentBytes,
  documentText,
  encodeChangedFields,
  encodeDocument,
  type StoredDocument,
} from "./document-codec.js";
import { SqliteFolksonomyStore } from "./folksonomy.js";
import { prepareDatabaseFile } from "./migrations.js";
import { sqlitePathFromUrl } from "./path.js";
import { SqliteSearch } from "./search-query.js";
import { DROP_SEARCH_SORT_INDEXES_SQL, SEARCH_SORT_INDEXES_SQL } from "./search-schema.js";
import { SqliteSyncStore } from "./sync.js";

export { sqlitePathFromUrl };

/**
 * How long a product's current revision id may be served from memory before checking whether another
 * connection wrote to the database (current-revisions.ts). The workers of one `serve --workers N` answer
 * a write only once that long has passed since its commit (answerOnceOthersLook): a client's next
 * request may reach another worker well within a millisecond.
 */
const CURRENT_REVISION_CHECK_MS = 1;

/** How long a statement waits for another connection's lock before failing with SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 10_000;

/**
 * With other processes writing the database (`serve --workers N`), how often a group of writes tries
 * again to begin while another process commits (beginWriteWhenFree); a group's commit takes a few
 * milliseconds. This replaced a write lock that the primary process handed to one worker at a time: its
 * grants waited until the worker's event loop, busy computing other writes, read them (2 workers, 2 cores:
 * 8 s of every 20 s waiting for the lock, for 3.3 s of commits). Measured in turns, 2 workers, 2 cores:
 * plain writes 440–466/s with the lock, 446–508/s with this retry; a product's first ingredient list
 * 283–338/s and 286–310/s (both cores busy computing writes either way).
 */
const WRITE_RETRY_MS = 1;

/**
 * Answers a group of writes committed at `committedAt` (`performance.now()`, after the commit) once
 * CURRENT_REVISION_CHECK_MS has passed: the other processes remember current revisions, but check
 * `PRAGMA data_version` again when that long has passed since their last check, which came before this
 * commit (else they have seen it). So a request that follows the answer, to whichever process, reads
 * the write: what `serve --workers N` promises, at the cost of a millisecond per group rather than a
 * round of messages through every worker (each of which may be busy computing writes of its own for
 * several milliseconds). 2 workers, 2 cores, a benchmark database written before: ingredient-list writes
 * 375/s with the messages, 498–554/s with this wait.
 */
function answerOnceOthersLook(committedAt: number, answer: () => void): void {
  const left = committedAt + CURRENT_REVISION_CHECK_MS - performance.now();
  if (left <= 0) answer();
  else setTimeout(() => answerOnceOthersLook(committedAt, answer), Math.ceil(left));
}

/** A product write waiting for its group's transaction (SqliteStore.writeProduct). */
interface PendingWrite {
  code: string;
  info: RevisionInfo;
  mutate: ProductMutation<unknown>;
  /** Its outcome computed before the transaction; used if the product's revision is still `baseRev`. */
  prepared?: PreparedWrite;
  resolve(outcome: ProductWriteOutcome<unknown>): void;
  reject(error: unknown): void;
}

/** A write's mutation run on the revision current when the request came, and its stored form. */
interface PreparedWrite {
  /** products.rev when it was read; undefined for a product that did not exist. */
  baseRev: number | undefined;
  outcome: ProductWriteOutcome<unknown>;
  /** The new revision, encoded (absent when the mutation refused the write). */
  revision?: { rev: number; changedFields: StoredDocument; doc: Buffer; entry: ProductIndexEntry };
}

export class SqliteStore implements Store {
  readonly db: Database.Database;
  readonly folksonomy: SqliteFolksonomyStore;
  readonly authFailures: SqliteAuthFailureStore;
  readonly sync: SqliteSyncStore;
  private readonly stmts;
  private readonly search: SqliteSearch;
  private readonly currentRevisionIds: CurrentRevisionIds;
  private checkpointer?: BackgroundCheckpointer;
  /** One write of a group, in the savepoint the group's transaction gives it (writeProduct). */
  private readonly savepointWrite: (write: PendingWrite) => ProductWriteOutcome<unknown>;
  /** Other processes write the database too (writeAlongsideOtherProcesses). */
  private otherProcessesWrite = false;
  /** Set by prepareForBulkLoad: the sort indexes are to be built again at close. */
  private bulkLoading = false;

  constructor(private readonly path: string) {
    if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path);
    this.db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    prepareDatabaseFile(this.db);
    // In WAL mode NORMAL keeps every committed write through a process crash (kill -9): the WAL is
    // fsynced at checkpoints, not at each commit. Only an OS crash or power loss can drop the last commits.
    this.db.pragma("synchronous = NORMAL");
    this.db.pragma("foreign_keys = ON");
    // Reads are random lookups across the whole file: map it into memory (no read() per page) and keep
    // a larger page cache for the B-tree interiors.
    this.db.pragma("mmap_size = 1073741824");
    this.db.pragma("cache_size = -65536");
    this.search = new SqliteSearch(this.db);
    this.folksonomy = new SqliteFolksonomyStore(this.db);
    this.authFailures = new SqliteAuthFailureStore(this.db);
    this.sync = new SqliteSyncStore(this.db);
    this.currentRevisionIds = new CurrentRevisionIds(this.db, CURRENT_REVISION_CHECK_MS);
    this.savepointWrite = this.db.transaction((write: PendingWrite) => this.applyWrite(write));
    const db = this.db;
    this.stmts = {
      current: db
        .prepare("SELECT r.doc FROM products p JOIN revisions r ON r.id = p.revision_id WHERE p.code = ?")
        .pluck(),
      currentWithRev: db
        .prepare("SELECT p.rev, r.doc FROM products p JOIN revisions r ON r.id = p.revision_id WHERE p.code = ?")
        .raw(),
      currentRev: db.prepare("SELECT rev FROM products WHERE code = ?").pluck(),
      currentRevisionId: db.prepare("SELECT revision_id FROM products WHERE code = ?").pluck(),
      revisionBytesById: db.prepare("SELECT doc FROM revisions WHERE id = ?").pluck(),
      revision: db.prepare("SELECT doc FROM revisions WHERE code = ? AND rev = ?").pluck(),
      currentBytes: db
        .prepare("SELECT r.doc FROM products p JOIN revisions r ON r.id = p.revision_id WHERE p.code = ?")
        .pluck(),
      revisionBytes: db.prepare("SELECT doc FROM revisions WHERE code = ? AND rev = ?").pluck(),
      listRevisions: db.prepare(
        "SELECT code, rev, t, user_id, comment, app_name, app_version, app_uuid, user_agent, changed_fields FROM revisions WHERE code = ? ORDER BY rev",
      ),
      insertRevision: db.prepare(
        `INSERT INTO revisions (code, rev, t, user_id, comment, app_name, app_version, app_uuid, user_agent, changed_fields, doc)
         VALUES (@code, @rev, @t, @userId, @comment, @appName, @appVersion, @appUuid, @userAgent, @changedFields, @doc)`,
      ),
      upsertProduct: db.prepare(
        `INSERT INTO products (code, rev, revision_id) VALUES (?, ?, ?)
         ON CONFLICT (code) DO UPDATE SET rev = excluded.rev, revision_id = excluded.revision_id`,
      ),
      countProducts: db.prepare("SELECT count(*) FROM products").pluck(),
      beginWrite: db.prepare("BEGIN IMMEDIATE"),
      commit: db.prepare("COMMIT"),
      rollback: db.prepare("ROLLBACK"),
      getUser: db.prepare("SELECT * FROM users WHERE user_id = ?"),
      listUsers: db.prepare("SELECT * FROM users ORDER BY user_id"),
      addUser: db.prepare(
        "INSERT INTO users (user_id, email, name, password_hash, admin, moderator, created_t) VALUES (?, ?, ?, ?, ?, ?, ?)",
      ),
      setPassword: db.prepare("UPDATE users SET password_hash = ? WHERE user_id = ?"),
      deleteUserSessions: db.prepare("DELETE FROM sessions WHERE user_id = ?"),
      deleteUserTokens: db.prepare("DELETE FROM tokens WHERE user_id = ?"),
      deleteUser: db.prepare("DELETE FROM users WHERE user_id = ?"),
      addSession: db.prepare("INSERT INTO sessions (user_id, secret_hash, created_t, expires_t) VALUES (?, ?, ?, ?)"),
      pruneSessions: db.prepare(
        `DELETE FROM sessions WHERE user_id = ? AND (expires_t <= ? OR secret_hash NOT IN
           (SELECT secret_hash FROM sessions WHERE user_id = ? ORDER BY created_t DESC, rowid DESC LIMIT ?))`,
      ),
      getSession: db
        .prepare("SELECT user_id FROM sessions WHERE user_id = ? AND secret_hash = ? AND expires_t > ?")
        .pluck(),
      deleteSession: db.prepare("DELETE FROM sessions WHERE user_id = ? AND secret_hash = ?"),
    };
  }

  static open(databaseUrl: string): SqliteStore {
    return new SqliteStore(sqlitePathFromUrl(databaseUrl));
  }

  async getProduct(code: string): Promise<Product | undefined> {
    const doc = this.stmts.current.get(code) as StoredDocument | undefined;
    return doc === undefined ? undefined : (JSON.parse(documentText(doc)) as Product);
  }

  async getProductDocument(code: string, rev?: number): Promise<string | undefined> {
    const doc = (rev === undefined ? this.stmts.current.get(code) : this.stmts.revision.get(code, rev)) as
      | StoredDocument
      | undefined;
    return doc === undefined ? undefined : documentText(doc);
  }

  async getCurrentRevisionId(code: string): Promise<number | undefined> {
    const known = this.currentRevisionIds.get(code);
    if (known !== undefined) return known;
    const id = this.stmts.currentRevisionId.get(code) as number | undefined;
    if (id !== undefined) this.currentRevisionIds.remember(code, id);
    return id;
  }

  async getRevisionDocumentBytes(revisionId: number): Promise<Buffer | undefined> {
    const doc = this.stmts.revisionBytesById.get(revisionId) as StoredDocument | undefined;
    return doc === undefined ? undefined : documentBytes(doc);
  }

  async getProductDocumentBytes(code: string, rev?: number): Promise<Buffer | undefined> {
    const doc = (rev === undefined ? this.stmts.currentBytes.get(code) : this.stmts.revisionBytes.get(code, rev)) as
      | StoredDocument
      | undefined;
    return doc === undefined ? undefined : documentBytes(doc);
  }

  async getProductRevision(code: string, rev: number): Promise<Product | undefined> {
    const doc = this.stmts.revision.get(code, rev) as StoredDocument | undefined;
    return doc === undefined ? undefined : (JSON.parse(documentText(doc)) as Product);
  }

  async listRevisions(code: string): Promise<RevisionRecord[]> {
    return (
      this.stmts.listRevisions.all(code) as Array<
        Omit<RevisionRow, "changed_fields"> & { changed_fields: StoredDocument }
      >
    ).map((row) => toRevisionRecord({ ...row, changed_fields: documentText(row.changed_fields) }));
  }

  /**
   * Group commit: the writes that arrive while the previous group commits (or within one turn of the
   * event loop) are committed together, in one transaction, each in a savepoint of its own. A commit
   * writes every page it changed to the WAL, and the writes of a group share most of their pages (the
   * posting chunks of common terms, the products' B-tree leaves), so a group of 8 costs much less than
   * 8 commits. Each write is answered only once the group has committed; a write whose mutation throws
   * is rolled back to its savepoint and fails alone.
   *
   * The mutation (the edit and the enrichment: most of a write's work) runs at once on the revision
   * current then, outside the transaction, so that the transaction holds the database's write lock only
   * to store the results; and with `serve --workers N`, the processes compute their writes in parallel.
   * In the transaction a write whose product has changed since is computed again.
   */
  writeProduct<R>(code: string, info: RevisionInfo, mutate: ProductMutation<R>): Promise<ProductWriteOutcome<R>> {
    return new Promise<ProductWriteOutcome<R>>((resolve, reject) => {
      const write: PendingWrite = {
        code,
        info,
        mutate: mutate as ProductMutation<unknown>,
        resolve: resolve as (outcome: ProductWriteOutcome<unknown>) => void,
        reject,
      };
      try {
        write.prepared = this.prepareWrite(code, write.mutate);
      } catch {
        // Computed again in the transaction, where a mutation that throws fails its write alone.
      }
      this.pendingWrites.push(write);
      if (this.pendingWrites.length === 1 && !this.committing) setImmediate(() => this.commitPendingWrites());
    });
  }

  writeAlongsideOtherProcesses(): void {
    this.otherProcessesWrite = true;
  }

  private pendingWrites: PendingWrite[] = [];
  /** A group is committing (or waiting for the write lock): new writes wait for the next group. */
  private committing = false;
  /** While a group of writes runs: the index entries of its documents, indexed at its end. */
  private groupIndex?: Array<{ code: string; entry: ProductIndexEntry }>;

  private prepareWrite(code: string, mutate: ProductMutation<unknown>): PreparedWrite {
    const row = this.stmts.currentWithRev.get(code) as [number, StoredDocument] | undefined;
    const current = row === undefined ? undefined : (JSON.parse(documentText(row[1])) as Product);
    const baseRev = row?.[0];
    const outcome = mutate(current);
    if ("reject" in outcome) return { baseRev, outcome: { written: false, result: outcome.reject } };
    const rev = typeof current?.rev === "number" ? current.rev + 1 : 1;
    return {
      baseRev,
      outcome: { written: true, result: outcome.result, rev },
      revision: {
        rev,
        changedFields: encodeChangedFields(JSON.stringify(outcome.changedFields)),
        doc: encodeDocument(serializeProductDocument(withRev(outcome.product, rev))),
        entry: this.search.index.entry(outcome.product),
      },
    };
  }

  /** In the group's transaction: the prepared write if its product is unchanged since, else computed now. */
  private applyWrite(write: PendingWrite): ProductWriteOutcome<unknown> {
    let prepared = write.prepared;
    if (prepared === undefined || this.stmts.currentRev.get(write.code) !== prepared.baseRev) {
      prepared = this.prepareWrite(write.code, write.mutate);
    }
    const revision = prepared.revision;
    if (revision !== undefined) {
      // The revision's info is read now: a mutation may fill it in (image uploads name the new imgid).
      this.storeRevision(write.code, revision.rev, write.info, revision.changedFields, revision.doc);
      this.groupIndex?.push({ code: write.code, entry: revision.entry });
    }
    return prepared.outcome;
  }

  private async commitPendingWrites(): Promise<void> {
    if (this.committing || this.pendingWrites.length === 0) return;
    this.committing = true;
    let answer: (() => void) | undefined;
    try {
      const begun = this.otherProcessesWrite && (await this.beginWriteWhenFree());
      const group = this.pendingWrites;
      this.pendingWrites = [];
      answer = this.commitGroup(group, begun);
    } finally {
      this.committing = false;
      if (this.pendingWrites.length > 0) setImmediate(() => this.commitPendingWrites());
      if (answer !== undefined) {
        if (this.otherProcessesWrite) answerOnceOthersLook(performance.now(), answer);
        else answer();
      }
    }
  }

  /**
   * BEGIN IMMEDIATE once no other process is committing: tried at once, and again every WRITE_RETRY_MS
   * while another holds the write lock, this process serving requests in between (the writes that arrive
   * meanwhile join the group). SQLite's own busy handler would sleep, and block the event loop, instead.
   * False if the database cannot be written for another reason: the group's own BEGIN then says why.
   */
  private async beginWriteWhenFree(): Promise<boolean> {
    for (;;) {
      try {
        this.db.pragma("busy_timeout = 0");
        try {
          this.stmts.beginWrite.run();
          return true;
        } finally {
          this.db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
        }
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        // SQLITE_BUSY, or one of its extended codes (a recovery or a snapshot in the way). Anything else (the
        // database closed meanwhile) is reported to the group's writes by its own BEGIN.
        if (typeof code !== "string" || !code.startsWith("SQLITE_BUSY")) return false;
      }
      await new Promise((resolve) => setTimeout(resolve, WRITE_RETRY_MS));
    }
  }

  /** Commits a group (`begun`: its transaction is open already); how to answer its writes. */
  private commitGroup(group: PendingWrite[], begun: boolean): () => void {
    const outcomes: Array<{ ok: true; value: ProductWriteOutcome<unknown> } | { ok: false; error: unknown }> = [];
    // The group's documents are indexed together at its end: a posting chunk or term count that several
    // of its writes change is read and written once.
    const indexed: Array<{ code: string; entry: ProductIndexEntry }> = [];
    try {
      // BEGIN IMMEDIATE takes the write lock before reading, so two processes cannot both read rev N.
      if (!begun) this.stmts.beginWrite.run();
      try {
        // Within the open transaction, better-sqlite3 runs this in a savepoint of its own.
        this.db.transaction(() => {
          this.groupIndex = indexed;
          try {
            for (const write of group) {
              const before = indexed.length;
              try {
                outcomes.push({ ok: true, value: this.savepointWrite(write) });
              } catch (error) {
                indexed.length = before;
                outcomes.push({ ok: false, error });
              }
            }
          } finally {
            this.groupIndex = undefined;
          }
          this.search.index.indexEntries(indexed);
        })();
        this.stmts.commit.run();
      } catch (error) {
        if (this.db.inTransaction) this.stmts.rollback.run();
        throw error;
      }
    } catch (error) {
      // Nothing of the group was committed (the lock not taken in time, the index or the commit failed).
      return () => group.forEach((write) => write.reject(error));
    }
    return () =>
      group.forEach((write, i) => {
        const outcome = outcomes[i] as (typeof outcomes)[number];
        if (outcome.ok) write.resolve(outcome.value);
        else write.reject(outcome.error);
      });
  }

  async upsertProducts(items: ProductUpsert[]): Promise<number[]> {
    const run = this.db.transaction((): number[] =>
      items.map((item) => {
        const currentRev = (this.stmts.currentRev.get(item.code) as number | undefined) ?? 0;
        return this.insertRevision(item.code, currentRev + 1, item.product, item.info, item.changedFields);
      }),
    );
    return run.immediate();
  }

  private insertRevision(
    code: string,
    rev: number,
    product: Product,
    info: RevisionInfo,
    changedFields: string[],
  ): number {
    this.storeRevision(
      code,
      rev,
      info,
      encodeChangedFields(JSON.stringify(changedFields)),
      encodeDocument(serializeProductDocument(withRev(product, rev))),
    );
    if (this.groupIndex === undefined) this.search.index.indexProduct(code, product);
    else this.groupIndex.push({ code, entry: this.search.index.entry(product) });
    return rev;
  }

  private storeRevision(
    code: string,
    rev: number,
    info: RevisionInfo,
    changedFields: StoredDocument,
    doc: Buffer,
  ): void {
    const { lastInsertRowid } = this.stmts.insertRevision.run({ code, rev, ...info, changedFields, doc });
    this.stmts.upsertProduct.run(code, rev, lastInsertRowid);
    this.currentRevisionIds.forget(code);
  }

  async countProducts(): Promise<number> {
    return this.stmts.countProducts.get() as number;
  }

  async getUser(userId: string): Promise<User | undefined> {
    const row = this.stmts.getUser.get(userId) as UserRow | undefined;
    return row === undefined ? undefined : toUser(row);
  }

  async listUsers(): Promise<User[]> {
    return (this.stmts.listUsers.all() as UserRow[]).map(toUser);
  }

  async addUser(user: NewUser): Promise<void> {
    try {
      this.stmts.addUser.run(
        user.userId,
        user.email,
        user.name,
        user.passwordHash,
        user.admin ? 1 : 0,
        user.moderator ? 1 : 0,
        Math.floor(Date.now() / 1000),
      );
    } catch (e) {
      if (e instanceof Database.SqliteError && e.code.startsWith("SQLITE_CONSTRAINT")) {
        throw new DuplicateError(`user id or e-mail already in use: ${user.userId}`);
      }
      throw e;
    }
  }

  async setPassword(userId: string, passwordHash: string): Promise<boolean> {
    return this.db
      .transaction(() => {
        const changed = this.stmts.setPassword.run(passwordHash, userId).changes > 0;
        this.stmts.deleteUserSessions.run(userId);
        this.stmts.deleteUserTokens.run(userId);
        return changed;
      })
      .immediate();
  }

  async deleteUser(userId: string): Promise<boolean> {
    return this.db
      .transaction(() => {
        this.stmts.deleteUserTokens.run(userId);
        this.stmts.deleteUserSessions.run(userId);
        return this.stmts.deleteUser.run(userId).changes > 0;
      })
      .immediate();
  }

  async addSession(userId: string, secretHash: string, expiresT: number, maxPerUser: number): Promise<void> {
    const now = Math.floor(Date.now() / 1000);
    this.db
      .transaction(() => {
        this.stmts.addSession.run(userId, secretHash, now, expiresT);
        this.stmts.pruneSessions.run(userId, now, userId, maxPerUser);
      })
      .immediate();
  }

  async getSessionUser(userId: string, secretHash: string, nowT: number): Promise<string | undefined> {
    return this.stmts.getSession.get(userId, secretHash, nowT) as string | undefined;
  }

  async deleteSession(userId: string, secretHash: string): Promise<void> {
    this.stmts.deleteSession.run(userId, secretHash);
  }

  async close(): Promise<void> {
    // Writes already asked for are committed (or refused) before the connection closes.
    while (this.committing) await new Promise((resolve) => setImmediate(resolve));
    await this.commitPendingWrites();
    try {
      // Should this fail (the database busy), the next open builds them.
      if (this.bulkLoading) this.db.exec(SEARCH_SORT_INDEXES_SQL);
    } finally {
      this.bulkLoading = false;
      await this.checkpointer?.stop();
      this.checkpointer = undefined;
      this.db.close();
    }
  }

  private bulkStatements?: {
    current: Database.Statement;
    insertRevision: Database.Statement;
  };

  /** Bulk loads may hand over new products' revisions compressed already (document-codec.ts). */
  readonly bulkDocumentEncoding = "sqlite-zstd-1" as const;

  async loadProducts(items: readonly ProductLoad[], options: ProductLoadOptions): Promise<ProductLoadOutcome[]> {
    this.bulkStatements ??= {
      current: this.db
        .prepare("SELECT p.rev, r.doc FROM products p JOIN revisions r ON r.id = p.revision_id WHERE p.code = ?")
        .raw(),
      insertRevision: this.db.prepare(
        `INSERT INTO revisions (code, rev, t, user_id, comment, app_name, app_version, app_uuid, user_agent, changed_fields, doc)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
    };
    const { current, insertRevision } = this.bulkStatements;
    const { info } = options;
    // Bytes from a worker thread arrive as plain Uint8Arrays (postMessage does not keep Buffer's class).
    const asBuffer = (bytes: Uint8Array) =>
      Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const insertEncoded = (code: string, rev: number, changed: string | Uint8Array, doc: Uint8Array) => {
      const { lastInsertRowid } = insertRevision.run(
        code,
        rev,
        info.t,
        info.userId,
        info.comment,
        info.appName,
        info.appVersion,
        info.appUuid,
        info.userAgent,
        typeof changed === "string" ? changed : asBuffer(changed),
        asBuffer(doc),
      );
      this.stmts.upsertProduct.run(code, rev, lastInsertRowid);
      this.currentRevisionIds.forget(code);
    };
    const run = this.db.transaction((): ProductLoadOutcome[] => {
      const outcomes: ProductLoadOutcome[] = [];
      const indexed: Array<{ code: string; entry: ProductIndexEntry; isNew: boolean }> = [];
      for (const item of items) {
        const row = current.get(item.code) as [number, StoredDocument] | undefined;
        const stored = row === undefined ? undefined : ([row[0], documentText(row[1])] as const);
        let rev: number;
        let doc: string;
        let changed: string;
        const encodedNew = item.encodedNew;
        if (stored === undefined && encodedNew !== undefined && encodedNew.rev === Math.max(1, item.minRev)) {
          // Prepared and compressed on the import's worker threads.
          outcomes.push("inserted");
          insertEncoded(item.code, encodedNew.rev, encodedNew.changedFields, encodedNew.doc);
          indexed.push({ code: item.code, entry: item.index, isNew: true });
          continue;
        }
        if (stored === undefined) {
          rev = Math.max(1, item.minRev);
          doc = `${item.head}"rev":${rev}${item.tail}`;
          changed = item.newProductChangedFields;
          outcomes.push("inserted");
        } else {
          const [storedRev, storedDoc] = stored;
          if (storedDoc === `${item.head}"rev":${storedRev}${item.tail}`) {
            outcomes.push("unchanged");
            continue;
          }
          rev = Math.max(storedRev + 1, item.minRev);
          doc = `${item.head}"rev":${rev}${item.tail}`;
          changed = JSON.stringify(options.changedFields(JSON.parse(storedDoc), JSON.parse(doc)));
          outcomes.push("updated");
        }
        insertEncoded(item.code, rev, encodeChangedFields(changed), encodeDocument(doc));
        indexed.push({ code: item.code, entry: item.index, isNew: stored === undefined });
      }
      this.search.index.indexEntries(indexed);
      return outcomes;
    });
    return run.immediate();
  }

  async *iterateProductsJson(filter: ProductFilter = {}): AsyncGenerator<string> {
    const conditions: string[] = [];
    const params: Array<string | number> = [];
    if (filter.codes !== undefined) {
      conditions.push("p.code IN (SELECT value FROM json_each(?))");
      params.push(JSON.stringify(filter.codes));
    }
    const tags = filter.tags ?? [];
    for (const { field } of tags) if (!/^[a-z0-9_]+$/.test(field)) throw new Error(`not a tag field: ${field}`);
    // Tag and date conditions are read from the documents, which SQL cannot see inside once compressed.
    const passes = (view: StoredProductView): boolean => {
      for (const { field, tag } of tags) {
        const value = view.value(field);
        if (Array.isArray(value) ? !value.includes(tag) : value !== tag) return false;
      }
      if (filter.modifiedSince !== undefined) {
        const modified = Number(view.value("last_modified_t"));
        if (!(modified >= filter.modifiedSince)) return false;
      }
      return true;
    };
    // Keyset pages: each page is a statement of its own, so no cursor stays open across awaits.
    const page = this.db
      .prepare(
        `SELECT p.code, r.doc FROM products p JOIN revisions r ON r.id = p.revision_id
         WHERE p.code > ? ${conditions.map((c) => `AND ${c}`).join(" ")} ORDER BY p.code LIMIT ?`,
      )
      .raw();
    const pageSize = 1000;
    let after = "";
    for (;;) {
      const rows = page.all(after, ...params, pageSize) as Array<[string, StoredDocument]>;
      for (const [, doc] of rows) {
        const view = new StoredProductView(documentText(doc));
        if (passes(view)) yield view.allJson();
      }
      if (rows.length < pageSize) return;
      after = (rows[rows.length - 1] as [string, StoredDocument])[0];
    }
  }

  async searchProducts(query: SearchQuery): Promise<SearchPage> {
    return this.search.search(query);
  }

  async facetCounts(query: FacetQuery): Promise<FacetCounts> {
    return this.search.facet(query);
  }

  async facetSample(query: SearchQuery, tagtypes: readonly string[], limit: number): Promise<FacetSample> {
    return this.search.facetSample(query, tagtypes, limit);
  }

  async prepareForBulkLoad(options: BulkLoadOptions = {}): Promise<void> {
    // Memory-mapped reads leave every page an import touches resident in the process (gigabytes for a
    // dump); plain reads go through the bounded page cache instead.
    this.db.pragma("mmap_size = 0");
    // Checkpoints run in a thread of their own (checkpointer.ts). The load's own connection checkpoints
    // only if the WAL passes ~800 MB, should that thread fall behind.
    this.db.pragma("wal_autocheckpoint = 200000");
    if (this.path !== ":memory:") {
      this.checkpointer ??= new BackgroundCheckpointer(this.path, (error) => {
        // Without the thread the load's own connection must checkpoint, as it does outside loads.
        if (this.db.open) this.db.pragma("wal_autocheckpoint = 1000");
        options.onWarning?.(
          `the checkpoint thread stopped (${error.message}); the load goes on, checkpointing on its own connection (slower)`,
        );
      });
    }
    this.db.exec(DROP_SEARCH_SORT_INDEXES_SQL);
    this.bulkLoading = true;
  }
}
