/**
 * Rows of the tables both stores share (same columns in sqlite/ and postgres/ migrations), and the
 * records the `Store` interface makes of them.
 */
import type { Product } from "../domain/product.js";
import type { RevisionRecord, User } from "./types.js";

export interface UserRow {
  user_id: string;
  email: string;
  name: string;
  password_hash: string;
  /** SQLite has no booleans: 0 or 1 there. */
  admin: boolean | number;
  moderator: boolean | number;
  created_t: number;
}

export interface RevisionRow {
  code: string;
  rev: number;
  t: number;
  user_id: string;
  comment: string;
  app_name: string;
  app_version: string;
  app_uuid: string;
  user_agent: string;
  changed_fields: string;
}

export function toUser(row: UserRow): User {
  return {
    userId: row.user_id,
    email: row.email,
    name: row.name,
    passwordHash: row.password_hash,
    admin: row.admin === true || row.admin === 1,
    moderator: row.moderator === true || row.moderator === 1,
    createdT: row.created_t,
  };
}

export function toRevisionRecord(row: RevisionRow): RevisionRecord {
  return {
    code: row.code,
    rev: row.rev,
    t: row.t,
    userId: row.user_id,
    comment: row.comment,
    appName: row.app_name,
    appVersion: row.app_version,
    appUuid: row.app_uuid,
    userAgent: row.user_agent,
    changedFields: JSON.parse(row.changed_fields) as string[],
  };
}

/** The product with its `rev`, keeping the top-level keys in the order they came (sorted by callers). */
export function withRev(product: Product, rev: number): Product {
  if ("rev" in product) return { ...product, rev };
  const out: Product = {};
  let placed = false;
  for (const key of Object.keys(product)) {
    if (!placed && key > "rev") {
      out.rev = rev;
      placed = true;
    }
    out[key] = product[key];
  }
  if (!placed) out.rev = rev;
  return out;
}
