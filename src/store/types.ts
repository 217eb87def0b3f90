/**
 * The one storage interface of foodbase, implemented by `sqlite/` and `postgres/` (chosen by open.ts);
 * nothing above this layer knows which database it talks to. All methods are async so that a networked
 * database fits the same shape.
 */

import type { Product } from "../domain/product.js";
import type { ProductIndexEntry } from "../domain/search/index-entry.js";
import type { FacetCounts, FacetQuery, FacetSample, SearchPage, SearchQuery } from "../domain/search/query.js";
import type { AuthFailureStore } from "./auth-failure-types.js";
import type { FolksonomyStore } from "./folksonomy-types.js";
import type { SyncStore } from "./sync-types.js";

/** What a write records about itself (API.md §4.7). */
export interface RevisionInfo {
  userId: string;
  /** Unix seconds. */
  t: number;
  comment: string;
  appName: string;
  appVersion: string;
  appUuid: string;
  userAgent: string;
}

export interface RevisionRecord extends RevisionInfo {
  code: string;
  rev: number;
  changedFields: string[];
}

/**
 * Decides the new state of a product from its current state, inside the store's transaction
 * (the product is locked while it runs, so writes to one product are serialised). Must be pure and
 * synchronous: it may be run again if the database asks for a retry.
 */
export type ProductMutation<R> = (
  current: Product | undefined,
) => { product: Product; changedFields: string[]; result: R } | { reject: R };

export interface ProductWriteOutcome<R> {
  written: boolean;
  result: R;
  rev?: number;
}

export interface ProductUpsert {
  code: string;
  product: Product;
  info: RevisionInfo;
  changedFields: string[];
}

export interface User {
  userId: string;
  email: string;
  name: string;
  passwordHash: string;
  admin: boolean;
  moderator: boolean;
  createdT: number;
}

export interface NewUser {
  userId: string;
  email: string;
  name: string;
  passwordHash: string;
  admin?: boolean;
  moderator?: boolean;
}

/** Connections of one pool, as `pg.Pool` counts them. */
export interface ConnectionPoolUsage {
  /** `primary` or `replica`. */
  pool: string;
  total: number;
  idle: number;
  waiting: number;
}

export interface Store {
  /** Current product document by normalised code. */
  getProduct(code: string): Promise<Product | undefined>;
  /**
   * The stored text of the current document, or of revision `rev` (see domain/product-document.ts for
   * its layout); reads serve it without parsing it whole.
   */
  getProductDocument(code: string, rev?: number): Promise<string | undefined>;
  /**
   * The id of the product's current revision. Revisions never change once written, so anything
   * derived from one (a rendered answer) can be cached under this id, in any process.
   */
  getCurrentRevisionId(code: string): Promise<number | undefined>;
  /** A revision's stored document by revision id, as UTF-8 bytes. */
  getRevisionDocumentBytes(revisionId: number): Promise<Buffer | undefined>;
  /** The same as UTF-8 bytes: the read path copies slices of them into answers without decoding. */
  getProductDocumentBytes(code: string, rev?: number): Promise<Buffer | undefined>;
  /** The product as stored by revision `rev`. */
  getProductRevision(code: string, rev: number): Promise<Product | undefined>;
  listRevisions(code: string): Promise<RevisionRecord[]>;
  /** Read-modify-write of one product in one transaction; the new revision is `current.rev + 1`. */
  writeProduct<R>(code: string, info: RevisionInfo, mutate: ProductMutation<R>): Promise<ProductWriteOutcome<R>>;
  /**
   * Bulk write for imports and benchmarks: each item becomes the next revision of its product, the
   * whole batch in one transaction. Returns the revision numbers written, in order.
   */
  upsertProducts(items: ProductUpsert[]): Promise<number[]>;
  countProducts(): Promise<number>;

  getUser(userId: string): Promise<User | undefined>;
  listUsers(): Promise<User[]>;
  /** Throws `DuplicateError` when the id or e-mail is taken. */
  addUser(user: NewUser): Promise<void>;
  /** Also deletes the user's sessions and tokens (a password change revokes them). */
  setPassword(userId: string, passwordHash: string): Promise<boolean>;
  deleteUser(userId: string): Promise<boolean>;

  /** Sessions are looked up by the SHA-256 of their secret, never the secret itself. */
  addSession(userId: string, secretHash: string, expiresT: number, maxPerUser: number): Promise<void>;
  getSessionUser(userId: string, secretHash: string, nowT: number): Promise<string | undefined>;
  deleteSession(userId: string, secretHash: string): Promise<void>;

  /** Folksonomy bearer tokens and key/value tags (issue 6). */
  readonly folksonomy: FolksonomyStore;
  /** Failed password checks of every API, for the brute-force guard (issue 26). */
  readonly authFailures: AuthFailureStore;
  /** `foodbase sync`'s applied files and lock. */
  readonly sync: SyncStore;

  close(): Promise<void>;

  /** PostgreSQL: the connections of each pool (metrics). SQLite has no pool. */
  connectionPoolUsage?(): ConnectionPoolUsage[];

  /**
   * SQLite: other processes of the same `serve --workers N` write this database too. A group of writes
   * then waits for their commits without blocking the event loop, and each write is answered only once
   * the others would read it (store/sqlite/index.ts).
   */
  writeAlongsideOtherProcesses?(): void;

  /**
   * Bulk load (imports), one transaction for the batch: each product becomes a new revision unless its
   * stored document is already the same, revision number aside. Documents arrive serialised, so that
   * parsing and serialising can run on other threads. Returns what happened to each item, in order.
   */
  loadProducts(items: readonly ProductLoad[], options: ProductLoadOptions): Promise<ProductLoadOutcome[]>;
  /** The encoding loadProducts takes `encodedNew` in, if any (documents prepared on other threads). */
  readonly bulkDocumentEncoding?: DocumentEncoding;
  /**
   * The current documents matching `filter`, as compact JSON text (one line each), in ascending code
   * order. Fetched a page at a time: the whole result is never held, nothing stays locked between pages.
   */
  iterateProductsJson(filter?: ProductFilter): AsyncIterable<string>;

  /**
   * Search (API.md §5, issue #5): the exact number of current products matching `query` and one page
   * of their documents (stored JSON text) in the query's order. Filters must be answered from indexes
   * kept in the transaction of each write, never by reading every document.
   */
  searchProducts(query: SearchQuery): Promise<SearchPage>;
  /** Tags of one tag type having products, with their product counts, most frequent first (API.md §5.8). */
  facetCounts(query: FacetQuery): Promise<FacetCounts>;
  /**
   * Tags of `tagtypes` counted over the first `limit` products matching `query` (its filters; order,
   * skip and limit aside), from the tags each product is indexed under: no document is read.
   */
  facetSample(query: SearchQuery, tagtypes: readonly string[], limit: number): Promise<FacetSample>;

  /**
   * Tunes this store for a long bulk load: throughput and bounded memory rather than caching for
   * reads. For a store opened for the load (an import's own), called once before it.
   */
  prepareForBulkLoad(options?: BulkLoadOptions): Promise<void>;
}

export interface BulkLoadOptions {
  /** Told of what slows the load down without stopping it (a helper thread that failed, say). */
  onWarning?(message: string): void;
}

export class DuplicateError extends Error {}

/**
 * One product of a bulk load. Its stored text is `${head}"rev":N${tail}`: keys sorted, in the layout of
 * domain/product-document.ts; the store only puts the revision number in.
 */
export interface ProductLoad {
  /** Normalised barcode. */
  code: string;
  /** The text before the `"rev"` key. */
  head: string;
  /** The text after the `rev` value. */
  tail: string;
  /** Lowest number the new revision may take (an import keeps the dump's own `rev` when it is ahead). */
  minRev: number;
  /** `changed_fields` of the revision, as a JSON array, when the product is new. */
  newProductChangedFields: string;
  /**
   * What the search index keeps of the stored document, worked out by whoever prepared it (the
   * import's worker threads), so that the store's own thread never parses the document again.
   */
  index: ProductIndexEntry;
  /**
   * The revision a new product gets (`rev` = max(1, minRev)), already in the store's own encoding
   * (Store.bulkDocumentEncoding), when the store has one: made on the preparing threads, so that the
   * store's thread does not compress.
   */
  encodedNew?: EncodedRevision;
}

/** A revision's document and changed fields as a store keeps them (see Store.bulkDocumentEncoding). */
export interface EncodedRevision {
  rev: number;
  doc: Uint8Array;
  changedFields: string | Uint8Array;
}

/** Encodings a store may ask bulk loads to prepare documents in. */
export type DocumentEncoding = "sqlite-zstd-1";

export interface ProductLoadOptions {
  /** Recorded on every revision of the batch. */
  info: RevisionInfo;
  /** `changed_fields` of a revision that replaces the stored `before` by `after`. */
  changedFields(before: Product, after: Product): string[];
}

export type ProductLoadOutcome = "inserted" | "updated" | "unchanged";

/**
 * Conditions on current products, all of which must hold. Export builds it from its flags; the search
 * query planner (issue #5) is meant to produce and extend it, and each store to evaluate it with
 * whatever indexes it has.
 */
export interface ProductFilter {
  /** Only these normalised codes. */
  codes?: readonly string[];
  /** Each `field` (a tag array such as `categories_tags`) contains `tag`. */
  tags?: ReadonlyArray<{ field: string; tag: string }>;
  /** `last_modified_t` at or after this, Unix seconds. */
  modifiedSince?: number;
}
