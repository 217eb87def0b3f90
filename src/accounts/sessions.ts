/**
 * `session` cookies (API.md §6.1): `user_id&<user_id>&user_session&<64 hex>`. Only the SHA-256 of
 * the secret is stored.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Store } from "../store/types.js";
import { isValidUserId } from "./user-id.js";

const MAX_SESSIONS_PER_USER = 10;

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

export function formatSessionCookieValue(userId: string, secret: string): string {
  return `user_id&${userId}&user_session&${secret}`;
}

export function parseSessionCookieValue(value: string): { userId: string; secret: string } | undefined {
  const items = value.split("&");
  let userId: string | undefined;
  let secret: string | undefined;
  for (let i = 0; i + 1 < items.length; i += 2) {
    if (items[i] === "user_id") userId = items[i + 1];
    else if (items[i] === "user_session") secret = items[i + 1];
  }
  if (userId === undefined || secret === undefined || !isValidUserId(userId) || !/^[0-9a-f]{64}$/.test(secret)) {
    return undefined;
  }
  return { userId, secret };
}

export async function createSession(store: Store, userId: string, lifetimeSeconds: number): Promise<string> {
  const secret = randomBytes(32).toString("hex");
  const expires = Math.floor(Date.now() / 1000) + lifetimeSeconds;
  await store.addSession(userId, sha256Hex(secret), expires, MAX_SESSIONS_PER_USER);
  return formatSessionCookieValue(userId, secret);
}

/** The user id of a live session cookie, or undefined (unknown, expired or malformed = anonymous). */
export async function userFromSessionCookie(
  store: Store,
  cookieValue: string | undefined,
): Promise<string | undefined> {
  if (!cookieValue) return undefined;
  const parsed = parseSessionCookieValue(cookieValue);
  if (parsed === undefined) return undefined;
  return store.getSessionUser(parsed.userId, sha256Hex(parsed.secret), Math.floor(Date.now() / 1000));
}

export async function deleteSession(store: Store, cookieValue: string | undefined): Promise<void> {
  const parsed = cookieValue ? parseSessionCookieValue(cookieValue) : undefined;
  if (parsed !== undefined) await store.deleteSession(parsed.userId, sha256Hex(parsed.secret));
}
