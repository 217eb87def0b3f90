/**
 * The folksonomy part of the SQLite store (tables of migration 2, tokens of migration 1), on the
 * store's own connection. Every write is one `BEGIN IMMEDIATE` transaction: it takes the write lock
 * before reading, so two writers (in this process or another one) cannot both see the same version.
 */
import type Database from "better-sqlite3";
import { LRUCache } from "lru-cache";
import type {
  AdminEdit,
  FolksonomyStore,
  KeyStats,
  NewToken,
  ProductKeyValue,
  ProductStats,
  PropertyClash,
  TagCreateResult,
  TagDelete,
  TagFilter,
  TagRow,
  TagUpdateResult,
  TagValueRow,
  TagWrite,
  ValueCount,
} from "../folksonomy-types.js";

const TAG_COLUMNS = "product, k, v, owner, version, editor, last_edit, comment";
const VALUE_COLUMNS = "product, k, v, owner, version, editor, last_edit";
/** A JSON array of tag rows, keys in the API's order (json_group_array keeps the subquery's order). */
const JSON_ROWS = `coalesce(json_group_array(json_object('product', product, 'k', k, 'v', v, 'owner', owner,
  'version', version, 'editor', editor, 'last_edit', last_edit, 'comment', comment)), '[]')`;
/** SQLite's lower() only folds ASCII; the API's `q` filters fold any letter. */
const LOWER_FN = "folksonomy_lower";

function filterClause(filter: TagFilter, params: unknown[]): string {
  let sql = "owner = ?";
  params.push(filter.owner);
  if (filter.k !== "") {
    sql += " AND k = ?";
    params.push(filter.k);
    if (filter.v !== "") {
      sql += " AND v = ?";
      params.push(filter.v);
    }
  }
  return sql;
}

/** Products whose tag list (as JSON) is kept in memory: the hot read path (`GET /product/{code}`). */
const PRODUCT_JSON_CACHE_SIZE = 10_000;

export class SqliteFolksonomyStore implements FolksonomyStore {
  private readonly stmts;
  /** Listings whose SQL depends on which filters are set: one prepared statement per shape. */
  private readonly dynamic = new Map<string, Database.Statement>();
  /**
   * JSON of the tags of (owner, product). Valid while `PRAGMA data_version` (which changes when
   * another connection, in any process, commits) stays the same; this connection's own tag writes
   * all go through this class and drop the products they change.
   */
  private readonly productJson = new LRUCache<string, string>({ max: PRODUCT_JSON_CACHE_SIZE });
  private dataVersion = -1;

  constructor(readonly db: Database.Database) {
    db.function(LOWER_FN, { deterministic: true }, (s: unknown) => (typeof s === "string" ? s.toLowerCase() : s));
    this.stmts = {
      addToken: db.prepare("INSERT INTO tokens (token_hash, user_id, created_t, expires_t) VALUES (?, ?, ?, ?)"),
      pruneTokens: db.prepare(
        `DELETE FROM tokens WHERE user_id = ? AND (expires_t <= ? OR token_hash NOT IN
           (SELECT token_hash FROM tokens WHERE user_id = ? ORDER BY created_t DESC, rowid DESC LIMIT ?))`,
      ),
      tokenUser: db.prepare("SELECT user_id FROM tokens WHERE token_hash = ? AND expires_t > ?").pluck(),

      insertTag: db.prepare(
        `INSERT INTO folksonomy_tags (product, owner, k, v, version, editor, last_edit, comment)
         VALUES (@product, @owner, @k, @v, @version, @editor, @lastEdit, @comment)
         ON CONFLICT (product, owner, k) DO NOTHING`,
      ),
      updateTag: db.prepare(
        `UPDATE folksonomy_tags SET v = @v, version = @version, editor = @editor, last_edit = @lastEdit, comment = @comment
         WHERE product = @product AND owner = @owner AND k = @k`,
      ),
      deleteTag: db.prepare("DELETE FROM folksonomy_tags WHERE product = ? AND owner = ? AND k = ?"),
      insertVersion: db.prepare(
        `INSERT INTO folksonomy_tag_versions (product, owner, k, v, version, editor, last_edit, comment)
         VALUES (@product, @owner, @k, @v, @version, @editor, @lastEdit, @comment)`,
      ),
      currentTag: db.prepare(`SELECT ${TAG_COLUMNS} FROM folksonomy_tags WHERE product = ? AND owner = ? AND k = ?`),
      productTags: db.prepare(`SELECT ${TAG_COLUMNS} FROM folksonomy_tags WHERE product = ? AND owner = ? ORDER BY k`),
      dataVersion: db.prepare("PRAGMA data_version").pluck(),
      productTagsJson: db
        .prepare(
          `SELECT ${JSON_ROWS} FROM (SELECT ${TAG_COLUMNS} FROM folksonomy_tags WHERE product = ? AND owner = ? ORDER BY k)`,
        )
        .pluck(),
      productTagsWithKeysJson: db
        .prepare(
          `SELECT ${JSON_ROWS} FROM (SELECT ${TAG_COLUMNS} FROM folksonomy_tags WHERE product = ? AND owner = ?
           AND k IN (SELECT value FROM json_each(?)) ORDER BY k)`,
        )
        .pluck(),
      productTagsWithKeys: db.prepare(
        `SELECT ${TAG_COLUMNS} FROM folksonomy_tags WHERE product = ? AND owner = ?
         AND k IN (SELECT value FROM json_each(?)) ORDER BY k`,
      ),
      tagsWithPrefix: db.prepare(
        `SELECT ${TAG_COLUMNS} FROM folksonomy_tags WHERE product = ? AND owner = ?
         AND (k = ? OR (k > ? AND k < ?)) ORDER BY k`,
      ),
      publicTagsWithKey: db.prepare(
        `SELECT ${TAG_COLUMNS} FROM folksonomy_tags WHERE owner = '' AND k = ? ORDER BY product`,
      ),
      publicTagsWithValue: db.prepare(
        `SELECT ${TAG_COLUMNS} FROM folksonomy_tags WHERE owner = '' AND k = ? AND v = ? ORDER BY product`,
      ),
      clash: db.prepare(
        `SELECT o.product AS product, o.v AS old_value, n.v AS new_value
         FROM folksonomy_tags o JOIN folksonomy_tags n ON n.product = o.product AND n.owner = '' AND n.k = ?
         WHERE o.owner = '' AND o.k = ? ORDER BY o.product`,
      ),
      countOnly: db
        .prepare(
          `SELECT count(*) FROM folksonomy_tags a WHERE a.owner = '' AND a.k = ? AND NOT EXISTS
             (SELECT 1 FROM folksonomy_tags b WHERE b.product = a.product AND b.owner = '' AND b.k = ?)`,
        )
        .pluck(),
      versions: db.prepare(
        `SELECT ${TAG_COLUMNS} FROM folksonomy_tag_versions WHERE product = ? AND owner = ? AND k = ?
         ORDER BY version DESC, id DESC`,
      ),
    };
  }

  /** The cache of product JSON, emptied first if another connection has committed since last time. */
  private productJsonCache(): LRUCache<string, string> {
    const version = this.stmts.dataVersion.get() as number;
    if (version !== this.dataVersion) {
      this.productJson.clear();
      this.dataVersion = version;
    }
    return this.productJson;
  }

  private forgetProduct(product: string, owner: string): void {
    this.productJson.delete(`${owner}\u0000${product}`);
  }

  private statement(key: string, build: () => string): Database.Statement {
    let stmt = this.dynamic.get(key);
    if (stmt === undefined) {
      stmt = this.db.prepare(build());
      this.dynamic.set(key, stmt);
    }
    return stmt;
  }

  private insertToken(t: NewToken): void {
    this.stmts.addToken.run(t.tokenHash, t.userId, t.nowT, t.expiresT);
    this.stmts.pruneTokens.run(t.userId, t.nowT, t.userId, t.maxPerUser);
  }

  async addToken(token: NewToken): Promise<void> {
    this.db.transaction(() => this.insertToken(token)).immediate();
  }

  async getTokenUser(tokenHash: string, nowT: number): Promise<string | undefined> {
    return this.stmts.tokenUser.get(tokenHash, nowT) as string | undefined;
  }

  async createTag(tag: TagWrite): Promise<TagCreateResult> {
    return this.db
      .transaction((): TagCreateResult => {
        if (this.stmts.insertTag.run(tag).changes === 0) return { ok: false, reason: "exists" };
        this.stmts.insertVersion.run(tag);
        this.forgetProduct(tag.product, tag.owner);
        return { ok: true };
      })
      .immediate();
  }

  async updateTag(tag: TagWrite): Promise<TagUpdateResult> {
    return this.db
      .transaction((): TagUpdateResult => {
        const current = this.stmts.currentTag.get(tag.product, tag.owner, tag.k) as TagRow | undefined;
        if (current === undefined) return { ok: false, reason: "not_found" };
        if (tag.version !== current.version + 1) return { ok: false, reason: "version", expected: current.version + 1 };
        this.stmts.updateTag.run(tag);
        this.stmts.insertVersion.run(tag);
        this.forgetProduct(tag.product, tag.owner);
        return { ok: true };
      })
      .immediate();
  }

  async deleteTag(tag: TagDelete): Promise<boolean> {
    return this.db
      .transaction((): boolean => {
        const current = this.stmts.currentTag.get(tag.product, tag.owner, tag.k) as TagRow | undefined;
        if (current === undefined || current.version !== tag.version) return false;
        this.stmts.insertVersion.run({
          product: tag.product,
          owner: tag.owner,
          k: tag.k,
          v: current.v,
          version: 0,
          editor: tag.editor,
          lastEdit: tag.lastEdit,
          comment: "DELETE",
        });
        this.stmts.deleteTag.run(tag.product, tag.owner, tag.k);
        this.forgetProduct(tag.product, tag.owner);
        return true;
      })
      .immediate();
  }

  /** Appends the deletion of `row` to the history and removes it. */
  private deleteRow(row: TagRow, edit: AdminEdit): void {
    this.stmts.insertVersion.run({
      ...row,
      version: 0,
      editor: edit.editor,
      lastEdit: edit.lastEdit,
      comment: "DELETE",
    });
    this.stmts.deleteTag.run(row.product, row.owner, row.k);
    this.forgetProduct(row.product, row.owner);
  }

  async propertyClash(oldK: string, newK: string): Promise<PropertyClash | undefined> {
    return this.db
      .transaction((): PropertyClash | undefined => {
        if (this.stmts.publicTagsWithKey.all(oldK).length === 0) return undefined;
        const both = this.stmts.clash.all(newK, oldK) as PropertyClash["conflicting_products"];
        return {
          products_with_both: both.length,
          products_with_old_only: this.stmts.countOnly.get(oldK, newK) as number,
          products_with_new_only: this.stmts.countOnly.get(newK, oldK) as number,
          conflicting_products: both,
        };
      })
      .deferred();
  }

  async renameProperty(
    oldK: string,
    newK: string,
    edit: AdminEdit,
  ): Promise<{ renamed: number; resolved: number } | undefined> {
    return this.db
      .transaction(() => {
        const rows = this.stmts.publicTagsWithKey.all(oldK) as TagRow[];
        if (rows.length === 0) return undefined;
        let renamed = 0;
        let resolved = 0;
        for (const row of rows) {
          const exists = this.stmts.currentTag.get(row.product, "", newK) !== undefined;
          this.deleteRow(row, edit);
          if (exists) {
            resolved++;
            continue;
          }
          const moved = { ...row, k: newK, version: row.version + 1, editor: edit.editor, lastEdit: edit.lastEdit };
          this.stmts.insertTag.run(moved);
          this.stmts.insertVersion.run(moved);
          this.forgetProduct(row.product, row.owner);
          renamed++;
        }
        return { renamed, resolved };
      })
      .immediate();
  }

  async deleteProperty(k: string, edit: AdminEdit): Promise<number> {
    return this.db
      .transaction(() => {
        const rows = this.stmts.publicTagsWithKey.all(k) as TagRow[];
        for (const row of rows) this.deleteRow(row, edit);
        return rows.length;
      })
      .immediate();
  }

  async replaceValue(k: string, oldV: string, newV: string, edit: AdminEdit): Promise<number> {
    return this.db
      .transaction(() => {
        const rows = this.stmts.publicTagsWithValue.all(k, oldV) as TagRow[];
        for (const row of rows) {
          const changed = { ...row, v: newV, version: row.version + 1, editor: edit.editor, lastEdit: edit.lastEdit };
          this.stmts.updateTag.run(changed);
          this.stmts.insertVersion.run(changed);
          this.forgetProduct(row.product, row.owner);
        }
        return rows.length;
      })
      .immediate();
  }

  async deleteValue(k: string, v: string, edit: AdminEdit): Promise<number> {
    return this.db
      .transaction(() => {
        const rows = this.stmts.publicTagsWithValue.all(k, v) as TagRow[];
        for (const row of rows) this.deleteRow(row, edit);
        return rows.length;
      })
      .immediate();
  }

  async getProductTags(product: string, owner: string, keys?: readonly string[]): Promise<TagRow[]> {
    if (keys === undefined) return this.stmts.productTags.all(product, owner) as TagRow[];
    return this.stmts.productTagsWithKeys.all(product, owner, JSON.stringify(keys)) as TagRow[];
  }

  async getProductTagsJson(product: string, owner: string, keys?: readonly string[]): Promise<string> {
    if (keys === undefined) {
      const cache = this.productJsonCache();
      const key = `${owner}\u0000${product}`;
      let json = cache.get(key);
      if (json === undefined) {
        json = this.stmts.productTagsJson.get(product, owner) as string;
        cache.set(key, json);
      }
      return json;
    }
    return this.stmts.productTagsWithKeysJson.get(product, owner, JSON.stringify(keys)) as string;
  }

  async getTag(product: string, owner: string, k: string): Promise<TagRow | undefined> {
    return this.stmts.currentTag.get(product, owner, k) as TagRow | undefined;
  }

  async getTagsWithPrefix(product: string, owner: string, prefix: string): Promise<TagRow[]> {
    // `prefix:` <= k < `prefix;` is exactly "starts with `prefix:`" (';' follows ':'), and uses the key.
    return this.stmts.tagsWithPrefix.all(product, owner, prefix, `${prefix}:`, `${prefix};`) as TagRow[];
  }

  async getTagVersions(product: string, owner: string, k: string): Promise<TagRow[]> {
    return this.stmts.versions.all(product, owner, k) as TagRow[];
  }

  async listProducts(filter: TagFilter, codes: readonly string[]): Promise<ProductKeyValue[]> {
    const params: unknown[] = [];
    const where = filterClause(filter, params);
    const byCode = codes.length > 0;
    if (byCode) params.push(JSON.stringify(codes));
    const key = `products:${where}:${byCode}`;
    const stmt = this.statement(
      key,
      () =>
        `SELECT product, k, v FROM folksonomy_tags WHERE ${where}` +
        (byCode ? " AND product IN (SELECT value FROM json_each(?))" : "") +
        " ORDER BY product, k",
    );
    return stmt.all(...params) as ProductKeyValue[];
  }

  async productStats(filter: TagFilter): Promise<ProductStats[]> {
    const params: unknown[] = [];
    const where = filterClause(filter, params);
    const stmt = this.statement(
      `stats:${where}`,
      () =>
        `SELECT product, count(*) AS keys, max(last_edit) AS last_edit, count(DISTINCT editor) AS editors
         FROM folksonomy_tags WHERE ${where} GROUP BY product ORDER BY product`,
    );
    return stmt.all(...params) as ProductStats[];
  }

  async keyStats(owner: string, q: string): Promise<KeyStats[]> {
    const search = q !== "";
    const stmt = this.statement(
      `keys:${search}`,
      () =>
        `SELECT k, count(*) AS count, count(DISTINCT v) AS "values" FROM folksonomy_tags WHERE owner = ? GROUP BY k` +
        // Filtering the groups calls the function once per distinct key, not once per tag.
        (search ? ` HAVING instr(${LOWER_FN}(k), ?) > 0` : "") +
        " ORDER BY count DESC, k",
    );
    return (search ? stmt.all(owner, q.toLowerCase()) : stmt.all(owner)) as KeyStats[];
  }

  async valueCounts(owner: string, k: string, q: string, limit: number): Promise<ValueCount[]> {
    const search = q !== "";
    const stmt = this.statement(
      `values:${search}`,
      () =>
        "SELECT v, count(*) AS product_count FROM folksonomy_tags WHERE owner = ? AND k = ? GROUP BY v" +
        (search ? ` HAVING instr(${LOWER_FN}(v), ?) > 0` : "") +
        " ORDER BY product_count DESC, v LIMIT ?",
    );
    return (search ? stmt.all(owner, k, q.toLowerCase(), limit) : stmt.all(owner, k, limit)) as ValueCount[];
  }

  async tagValues(owner: string, codes: readonly string[], keys: readonly string[]): Promise<TagValueRow[]> {
    const byCode = codes.length > 0;
    const byKey = keys.length > 0;
    const params: unknown[] = [owner];
    if (byCode) params.push(JSON.stringify(codes));
    if (byKey) params.push(JSON.stringify(keys));
    const stmt = this.statement(
      `tagValues:${byCode}:${byKey}`,
      () =>
        `SELECT ${VALUE_COLUMNS} FROM folksonomy_tags WHERE owner = ?` +
        (byCode ? " AND product IN (SELECT value FROM json_each(?))" : "") +
        (byKey ? " AND k IN (SELECT value FROM json_each(?))" : "") +
        " ORDER BY product, k",
    );
    return stmt.all(...params) as TagValueRow[];
  }
}
