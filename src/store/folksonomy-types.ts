/**
 * Storage of the folksonomy service (API.md §7): bearer tokens, login failure counters, product
 * key/value tags and their history. Implemented by `sqlite/folksonomy.ts` and `postgres/folksonomy.ts`:
 * every method is async, takes and returns plain values, and each write runs in one transaction of its own.
 *
 * Rows come back with their keys in the API's order (§7.1), so they can be serialised as they are.
 */

/** A tag as the API shows it. `owner` "" = public; `last_edit` = UTC `YYYY-MM-DDTHH:MM:SS[.ffffff]`. */
export interface TagRow {
  product: string;
  k: string;
  v: string;
  owner: string;
  version: number;
  editor: string;
  last_edit: string;
  comment: string;
}

/** `GET /values` rows: a tag without its comment. */
export type TagValueRow = Omit<TagRow, "comment">;

export interface ProductKeyValue {
  product: string;
  k: string;
  v: string;
}

export interface ProductStats {
  product: string;
  /** Matching tags of the product. */
  keys: number;
  last_edit: string;
  /** Distinct editors of those tags. */
  editors: number;
}

export interface KeyStats {
  k: string;
  /** Tags (one per product) with this key. */
  count: number;
  /** Distinct values. */
  values: number;
}

export interface ValueCount {
  v: string;
  product_count: number;
}

/** A tag to write: `editor` is the authenticated user, `lastEdit` the formatted time of the write. */
export interface TagWrite {
  product: string;
  owner: string;
  k: string;
  v: string;
  version: number;
  editor: string;
  comment: string;
  lastEdit: string;
}

export type TagCreateResult = { ok: true } | { ok: false; reason: "exists" };

export type TagUpdateResult =
  | { ok: true }
  | { ok: false; reason: "not_found" }
  /** `version` was not the current version + 1; `expected` is what it should have been. */
  | { ok: false; reason: "version"; expected: number };

export interface TagDelete {
  product: string;
  owner: string;
  k: string;
  /** Must be the current version. */
  version: number;
  editor: string;
  lastEdit: string;
}

/** Filters shared by listings: `k` "" = every key; `v` only applies with a non-empty `k`. */
export interface TagFilter {
  owner: string;
  k: string;
  v: string;
}

/** Public tags having both keys of a rename (`POST /admin/property/check-clash`). */
export interface PropertyClash {
  products_with_both: number;
  products_with_old_only: number;
  products_with_new_only: number;
  conflicting_products: Array<{ product: string; old_value: string; new_value: string }>;
}

/** Who makes an admin change, and when (every changed tag gets a history row). */
export interface AdminEdit {
  editor: string;
  lastEdit: string;
}

/** A bearer token to store: only its SHA-256 is kept. Times in Unix seconds. */
export interface NewToken {
  userId: string;
  tokenHash: string;
  nowT: number;
  expiresT: number;
  /** Live tokens kept for the user (the oldest are dropped). */
  maxPerUser: number;
}

export interface FolksonomyStore {
  /** Stores a token hash; keeps at most `maxPerUser` live tokens for the user (oldest dropped). */
  addToken(token: NewToken): Promise<void>;
  /** The user of a live token (by the SHA-256 of the token), or undefined. */
  getTokenUser(tokenHash: string, nowT: number): Promise<string | undefined>;

  /** Creates a tag at version 1; `exists` if (product, owner, k) already has one. Appends to the history. */
  createTag(tag: TagWrite): Promise<TagCreateResult>;
  /** Replaces a tag; `tag.version` must be the current version + 1. Appends to the history. */
  updateTag(tag: TagWrite): Promise<TagUpdateResult>;
  /** Deletes a tag at its current version, appending a version-0 "DELETE" row to the history. */
  deleteTag(tag: TagDelete): Promise<boolean>;

  /** Tags of a product, by k; only the given keys when `keys` is set. */
  getProductTags(product: string, owner: string, keys?: readonly string[]): Promise<TagRow[]>;
  /**
   * The same rows as a JSON array text, built by the database (the hot read path: no row objects,
   * no serialisation in JavaScript). Same keys, same order as `JSON.stringify(getProductTags(…))`.
   */
  getProductTagsJson(product: string, owner: string, keys?: readonly string[]): Promise<string>;
  getTag(product: string, owner: string, k: string): Promise<TagRow | undefined>;
  /** Tags whose key is `prefix` or starts with `prefix:`, by k. */
  getTagsWithPrefix(product: string, owner: string, prefix: string): Promise<TagRow[]>;
  /** Every state of a tag, deletions included: version descending, latest first on ties. */
  getTagVersions(product: string, owner: string, k: string): Promise<TagRow[]>;

  /** `GET /products`: by product, k; only the given products when `codes` is non-empty. */
  listProducts(filter: TagFilter, codes: readonly string[]): Promise<ProductKeyValue[]>;
  /** `GET /products/stats`: by product. */
  productStats(filter: TagFilter): Promise<ProductStats[]>;
  /** `GET /keys`: `q` = case-insensitive literal substring of k ("" = all); count desc, then k. */
  keyStats(owner: string, q: string): Promise<KeyStats[]>;
  /** `GET /values/{k}`: `q` = case-insensitive literal substring of v; count desc, then v. */
  valueCounts(owner: string, k: string, q: string, limit: number): Promise<ValueCount[]>;
  /** `GET /values`: tags of the given products and/or keys (an empty list = no filter), by product, k. */
  tagValues(owner: string, codes: readonly string[], keys: readonly string[]): Promise<TagValueRow[]>;

  // Moderation of public tags (API.md §7.7). Deleted tags get a version-0 "DELETE" history row,
  // changed ones a row at their version + 1.

  /** undefined when no public tag has the key `oldK`. */
  propertyClash(oldK: string, newK: string): Promise<PropertyClash | undefined>;
  /**
   * Renames the public key `oldK` to `newK` everywhere; where a product already has `newK`, its
   * `oldK` tag is deleted instead (`resolved`). undefined when no public tag has `oldK`.
   */
  renameProperty(
    oldK: string,
    newK: string,
    edit: AdminEdit,
  ): Promise<{ renamed: number; resolved: number } | undefined>;
  /** Deletes every public tag with key `k`; returns how many. */
  deleteProperty(k: string, edit: AdminEdit): Promise<number>;
  /** Sets `newV` on every public tag `k`=`oldV`; returns how many. */
  replaceValue(k: string, oldV: string, newV: string, edit: AdminEdit): Promise<number>;
  /** Deletes every public tag `k`=`v`; returns how many. */
  deleteValue(k: string, v: string, edit: AdminEdit): Promise<number>;
}
