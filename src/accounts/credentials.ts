/**
 * Checks user id + password pairs. Hashing is deliberately slow, so a pair that verified recently is
 * trusted for a short time: the cache is keyed by an HMAC of the pair (never the password itself)
 * and remembers which stored hash it was verified against. A password change replaces the stored
 * hash, so every cached pair of that user stops matching at once, in every process.
 */
import { createHmac, randomBytes } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { Store, User } from "../store/types.js";
import { verifyAgainstDummy, verifyPassword } from "./passwords.js";
import { isValidUserId, normalizeUserId } from "./user-id.js";

export type CredentialCheck = { ok: true; user: User } | { ok: false };

export class CredentialVerifier {
  private readonly key = randomBytes(32);
  private readonly cache: LRUCache<string, string> | undefined;
  /** Verifications under way, so that a burst of requests with one pair hashes it once. */
  private readonly pending = new Map<string, Promise<boolean>>();

  constructor(
    private readonly store: Store,
    ttlSeconds: number,
  ) {
    this.cache = ttlSeconds > 0 ? new LRUCache<string, string>({ max: 10_000, ttl: ttlSeconds * 1000 }) : undefined;
  }

  private cacheKey(userId: string, password: string): string {
    return createHmac("sha256", this.key).update(userId).update("\0").update(password).digest("base64");
  }

  /** The user, when this pair verified recently (no hashing); undefined otherwise. */
  async knownPair(receivedUserId: string, password: string): Promise<User | undefined> {
    if (this.cache === undefined) return undefined;
    const userId = normalizeUserId(receivedUserId);
    if (!isValidUserId(userId)) return undefined;
    const key = this.cacheKey(userId, password);
    const cachedHash = this.cache.get(key);
    if (cachedHash === undefined) return undefined;
    const user = await this.store.getUser(userId);
    return user !== undefined && user.passwordHash === cachedHash ? user : undefined;
  }

  async verify(receivedUserId: string, password: string): Promise<CredentialCheck> {
    const userId = normalizeUserId(receivedUserId);
    if (!isValidUserId(userId)) return { ok: false };
    const user = await this.store.getUser(userId);
    if (user === undefined) {
      await verifyAgainstDummy(password);
      return { ok: false };
    }
    const key = this.cacheKey(userId, password);
    if (this.cache?.get(key) === user.passwordHash) return { ok: true, user };
    const flightKey = `${key}\0${user.passwordHash}`;
    let flight = this.pending.get(flightKey);
    if (flight === undefined) {
      flight = verifyPassword(password, user.passwordHash).finally(() => this.pending.delete(flightKey));
      this.pending.set(flightKey, flight);
    }
    if (!(await flight)) return { ok: false };
    this.cache?.set(key, user.passwordHash);
    return { ok: true, user };
  }

  /** Forget every cached pair (e.g. after `users passwd` in this process). */
  clear(): void {
    this.cache?.clear();
  }
}
