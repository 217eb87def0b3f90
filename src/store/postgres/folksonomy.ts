/**
 * The folksonomy part of the PostgreSQL store (tables of migration 2, tokens of migration 1). Each
 * write is one transaction. Tag writes lock the tag row they read (`FOR UPDATE`); the brute-force guard
 * takes advisory locks on the user name and the client address, so parallel login attempts, in any
 * process sharing the database, are counted one after the other.
 */
import type pg from "pg";
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
import { inTransaction } from "./pool.js";

const TAG_COLUMNS = "product, k, v, owner, version, editor, last_edit, comment";
const VALUE_COLUMNS = "product, k, v, owner, version, editor, last_edit";

function filterClause(filter: TagFilter, params: unknown[]): string {
  params.push(filter.owner);
  let sql = `owner = $${params.length}`;
  if (filter.k !== "") {
    params.push(filter.k);
    sql += ` AND k = $${params.length}`;
    if (filter.v !== "") {
      params.push(filter.v);
      sql += ` AND v = $${params.length}`;
    }
  }
  return sql;
}

/** The API's `q` filters fold case as JavaScript does (as the SQLite store does), whatever the server's locale. */
function containsFolded(text: string, q: string): boolean {
  return text.toLowerCase().includes(q.toLowerCase());
}

const INSERT_VERSION = `INSERT INTO folksonomy_tag_versions (product, owner, k, v, version, editor, last_edit, comment)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`;

function versionValues(t: {
  product: string;
  owner: string;
  k: string;
  v: string;
  version: number;
  editor: string;
  lastEdit: string;
  comment: string;
}): unknown[] {
  return [t.product, t.owner, t.k, t.v, t.version, t.editor, t.lastEdit, t.comment];
}

export class PostgresFolksonomyStore implements FolksonomyStore {
  constructor(private readonly pool: pg.Pool) {}

  private async insertToken(client: pg.ClientBase, t: NewToken): Promise<void> {
    // One token writer per user at a time, so the pruning below keeps exactly `maxPerUser`.
    await client.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [`foodbase token ${t.userId}`]);
    await client.query("INSERT INTO tokens (token_hash, user_id, created_t, expires_t) VALUES ($1, $2, $3, $4)", [
      t.tokenHash,
      t.userId,
      t.nowT,
      t.expiresT,
    ]);
    await client.query(
      `DELETE FROM tokens WHERE user_id = $1 AND (expires_t <= $2 OR token_hash NOT IN
         (SELECT token_hash FROM tokens WHERE user_id = $1 ORDER BY created_t DESC, seq DESC LIMIT $3))`,
      [t.userId, t.nowT, t.maxPerUser],
    );
  }

  async addToken(token: NewToken): Promise<void> {
    await inTransaction(this.pool, (client) => this.insertToken(client, token));
  }

  async getTokenUser(tokenHash: string, nowT: number): Promise<string | undefined> {
    const { rows } = await this.pool.query<{ user_id: string }>({
      name: "folksonomy_token_user",
      text: "SELECT user_id FROM tokens WHERE token_hash = $1 AND expires_t > $2",
      values: [tokenHash, nowT],
    });
    return rows[0]?.user_id;
  }

  async createTag(tag: TagWrite): Promise<TagCreateResult> {
    return inTransaction(this.pool, async (client): Promise<TagCreateResult> => {
      const inserted = await client.query(
        `INSERT INTO folksonomy_tags (product, owner, k, v, version, editor, last_edit, comment)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (product, owner, k) DO NOTHING`,
        versionValues(tag),
      );
      if (inserted.rowCount === 0) return { ok: false, reason: "exists" };
      await client.query(INSERT_VERSION, versionValues(tag));
      return { ok: true };
    });
  }

  private async lockedTag(client: pg.ClientBase, product: string, owner: string, k: string) {
    const { rows } = await client.query<TagRow>(
      `SELECT ${TAG_COLUMNS} FROM folksonomy_tags WHERE product = $1 AND owner = $2 AND k = $3 FOR UPDATE`,
      [product, owner, k],
    );
    return rows[0];
  }

  private async setTag(client: pg.ClientBase, tag: TagWrite): Promise<void> {
    await client.query(
      `UPDATE folksonomy_tags SET v = $4, version = $5, editor = $6, last_edit = $7, comment = $8
       WHERE product = $1 AND owner = $2 AND k = $3`,
      versionValues(tag),
    );
    await client.query(INSERT_VERSION, versionValues(tag));
  }

  async updateTag(tag: TagWrite): Promise<TagUpdateResult> {
    return inTransaction(this.pool, async (client): Promise<TagUpdateResult> => {
      const current = await this.lockedTag(client, tag.product, tag.owner, tag.k);
      if (current === undefined) return { ok: false, reason: "not_found" };
      if (tag.version !== current.version + 1) return { ok: false, reason: "version", expected: current.version + 1 };
      await this.setTag(client, tag);
      return { ok: true };
    });
  }

  async deleteTag(tag: TagDelete): Promise<boolean> {
    return inTransaction(this.pool, async (client): Promise<boolean> => {
      const current = await this.lockedTag(client, tag.product, tag.owner, tag.k);
      if (current === undefined || current.version !== tag.version) return false;
      await this.deleteRow(client, current, { editor: tag.editor, lastEdit: tag.lastEdit });
      return true;
    });
  }

  /** Appends the deletion of `row` to the history and removes it. */
  private async deleteRow(client: pg.ClientBase, row: TagRow, edit: AdminEdit): Promise<void> {
    await client.query(
      INSERT_VERSION,
      versionValues({ ...row, version: 0, editor: edit.editor, lastEdit: edit.lastEdit, comment: "DELETE" }),
    );
    await client.query("DELETE FROM folksonomy_tags WHERE product = $1 AND owner = $2 AND k = $3", [
      row.product,
      row.owner,
      row.k,
    ]);
  }

  private async lockedPublicTags(client: pg.ClientBase, k: string, v?: string): Promise<TagRow[]> {
    const { rows } =
      v === undefined
        ? await client.query<TagRow>(
            `SELECT ${TAG_COLUMNS} FROM folksonomy_tags WHERE owner = '' AND k = $1 ORDER BY product FOR UPDATE`,
            [k],
          )
        : await client.query<TagRow>(
            `SELECT ${TAG_COLUMNS} FROM folksonomy_tags WHERE owner = '' AND k = $1 AND v = $2 ORDER BY product FOR UPDATE`,
            [k, v],
          );
    return rows;
  }

  async propertyClash(oldK: string, newK: string): Promise<PropertyClash | undefined> {
    // One snapshot for the four reads, as SQLite's deferred transaction gives.
    return inTransaction(
      this.pool,
      async (client): Promise<PropertyClash | undefined> => {
        const old = await client.query("SELECT 1 FROM folksonomy_tags WHERE owner = '' AND k = $1 LIMIT 1", [oldK]);
        if (old.rowCount === 0) return undefined;
        const both = await client.query<PropertyClash["conflicting_products"][number]>(
          `SELECT o.product AS product, o.v AS old_value, n.v AS new_value
           FROM folksonomy_tags o JOIN folksonomy_tags n ON n.product = o.product AND n.owner = '' AND n.k = $1
           WHERE o.owner = '' AND o.k = $2 ORDER BY o.product`,
          [newK, oldK],
        );
        const countOnly = async (a: string, b: string): Promise<number> => {
          const { rows } = await client.query<{ n: number }>(
            `SELECT count(*) AS n FROM folksonomy_tags a WHERE a.owner = '' AND a.k = $1 AND NOT EXISTS
               (SELECT 1 FROM folksonomy_tags b WHERE b.product = a.product AND b.owner = '' AND b.k = $2)`,
            [a, b],
          );
          return (rows[0] as { n: number }).n;
        };
        return {
          products_with_both: both.rows.length,
          products_with_old_only: await countOnly(oldK, newK),
          products_with_new_only: await countOnly(newK, oldK),
          conflicting_products: both.rows,
        };
      },
      { isolation: "REPEATABLE READ", readOnly: true },
    );
  }

  async renameProperty(
    oldK: string,
    newK: string,
    edit: AdminEdit,
  ): Promise<{ renamed: number; resolved: number } | undefined> {
    return inTransaction(this.pool, async (client) => {
      const rows = await this.lockedPublicTags(client, oldK);
      if (rows.length === 0) return undefined;
      let renamed = 0;
      let resolved = 0;
      for (const row of rows) {
        const existing = await this.lockedTag(client, row.product, "", newK);
        await this.deleteRow(client, row, edit);
        if (existing !== undefined) {
          resolved++;
          continue;
        }
        const moved = { ...row, k: newK, version: row.version + 1, editor: edit.editor, lastEdit: edit.lastEdit };
        await client.query(
          `INSERT INTO folksonomy_tags (product, owner, k, v, version, editor, last_edit, comment)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (product, owner, k) DO NOTHING`,
          versionValues(moved),
        );
        await client.query(INSERT_VERSION, versionValues(moved));
        renamed++;
      }
      return { renamed, resolved };
    });
  }

  async deleteProperty(k: string, edit: AdminEdit): Promise<number> {
    return inTransaction(this.pool, async (client) => {
      const rows = await this.lockedPublicTags(client, k);
      for (const row of rows) await this.deleteRow(client, row, edit);
      return rows.length;
    });
  }

  async replaceValue(k: string, oldV: string, newV: string, edit: AdminEdit): Promise<number> {
    return inTransaction(this.pool, async (client) => {
      const rows = await this.lockedPublicTags(client, k, oldV);
      for (const row of rows) {
        await this.setTag(client, {
          ...row,
          v: newV,
          version: row.version + 1,
          editor: edit.editor,
          lastEdit: edit.lastEdit,
        });
      }
      return rows.length;
    });
  }

  async deleteValue(k: string, v: string, edit: AdminEdit): Promise<number> {
    return inTransaction(this.pool, async (client) => {
      const rows = await this.lockedPublicTags(client, k, v);
      for (const row of rows) await this.deleteRow(client, row, edit);
      return rows.length;
    });
  }

  async getProductTags(product: string, owner: string, keys?: readonly string[]): Promise<TagRow[]> {
    const { rows } =
      keys === undefined
        ? await this.pool.query<TagRow>({
            name: "folksonomy_product_tags",
            text: `SELECT ${TAG_COLUMNS} FROM folksonomy_tags WHERE product = $1 AND owner = $2 ORDER BY k`,
            values: [product, owner],
          })
        : await this.pool.query<TagRow>({
            name: "folksonomy_product_tags_with_keys",
            text: `SELECT ${TAG_COLUMNS} FROM folksonomy_tags WHERE product = $1 AND owner = $2 AND k = ANY($3::text[])
                   ORDER BY k`,
            values: [product, owner, keys],
          });
    return rows;
  }

  async getProductTagsJson(product: string, owner: string, keys?: readonly string[]): Promise<string> {
    // Serialised here rather than by the server: json_agg's spacing differs from JSON.stringify's.
    return JSON.stringify(await this.getProductTags(product, owner, keys));
  }

  async getTag(product: string, owner: string, k: string): Promise<TagRow | undefined> {
    const { rows } = await this.pool.query<TagRow>({
      name: "folksonomy_tag",
      text: `SELECT ${TAG_COLUMNS} FROM folksonomy_tags WHERE product = $1 AND owner = $2 AND k = $3`,
      values: [product, owner, k],
    });
    return rows[0];
  }

  async getTagsWithPrefix(product: string, owner: string, prefix: string): Promise<TagRow[]> {
    // `prefix:` <= k < `prefix;` is exactly "starts with `prefix:`" (';' follows ':'), and uses the key.
    const { rows } = await this.pool.query<TagRow>(
      `SELECT ${TAG_COLUMNS} FROM folksonomy_tags WHERE product = $1 AND owner = $2
       AND (k = $3 OR (k > $4 AND k < $5)) ORDER BY k`,
      [product, owner, prefix, `${prefix}:`, `${prefix};`],
    );
    return rows;
  }

  async getTagVersions(product: string, owner: string, k: string): Promise<TagRow[]> {
    const { rows } = await this.pool.query<TagRow>(
      `SELECT ${TAG_COLUMNS} FROM folksonomy_tag_versions WHERE product = $1 AND owner = $2 AND k = $3
       ORDER BY version DESC, id DESC`,
      [product, owner, k],
    );
    return rows;
  }

  async listProducts(filter: TagFilter, codes: readonly string[]): Promise<ProductKeyValue[]> {
    const params: unknown[] = [];
    let where = filterClause(filter, params);
    if (codes.length > 0) {
      params.push(codes);
      where += ` AND product = ANY($${params.length}::text[])`;
    }
    const { rows } = await this.pool.query<ProductKeyValue>(
      `SELECT product, k, v FROM folksonomy_tags WHERE ${where} ORDER BY product, k`,
      params,
    );
    return rows;
  }

  async productStats(filter: TagFilter): Promise<ProductStats[]> {
    const params: unknown[] = [];
    const where = filterClause(filter, params);
    const { rows } = await this.pool.query<ProductStats>(
      `SELECT product, count(*) AS keys, max(last_edit) AS last_edit, count(DISTINCT editor) AS editors
       FROM folksonomy_tags WHERE ${where} GROUP BY product ORDER BY product`,
      params,
    );
    return rows;
  }

  async keyStats(owner: string, q: string): Promise<KeyStats[]> {
    const { rows } = await this.pool.query<KeyStats>(
      `SELECT k, count(*) AS count, count(DISTINCT v) AS "values" FROM folksonomy_tags WHERE owner = $1
       GROUP BY k ORDER BY count DESC, k`,
      [owner],
    );
    return q === "" ? rows : rows.filter((r) => containsFolded(r.k, q));
  }

  async valueCounts(owner: string, k: string, q: string, limit: number): Promise<ValueCount[]> {
    if (q === "") {
      const { rows } = await this.pool.query<ValueCount>(
        `SELECT v, count(*) AS product_count FROM folksonomy_tags WHERE owner = $1 AND k = $2
         GROUP BY v ORDER BY product_count DESC, v LIMIT $3`,
        [owner, k, limit],
      );
      return rows;
    }
    // The case-folded match runs here; the rows arrive in order, so it stops at `limit` matches.
    const { rows } = await this.pool.query<ValueCount>(
      `SELECT v, count(*) AS product_count FROM folksonomy_tags WHERE owner = $1 AND k = $2
       GROUP BY v ORDER BY product_count DESC, v`,
      [owner, k],
    );
    const out: ValueCount[] = [];
    for (const row of rows) {
      if (out.length >= limit) break;
      if (containsFolded(row.v, q)) out.push(row);
    }
    return out;
  }

  async tagValues(owner: string, codes: readonly string[], keys: readonly string[]): Promise<TagValueRow[]> {
    const params: unknown[] = [owner];
    let where = "owner = $1";
    if (codes.length > 0) {
      params.push(codes);
      where += ` AND product = ANY($${params.length}::text[])`;
    }
    if (keys.length > 0) {
      params.push(keys);
      where += ` AND k = ANY($${params.length}::text[])`;
    }
    const { rows } = await this.pool.query<TagValueRow>(
      `SELECT ${VALUE_COLUMNS} FROM folksonomy_tags WHERE ${where} ORDER BY product, k`,
      params,
    );
    return rows;
  }
}
