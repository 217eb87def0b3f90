/**
 * One brute-force guard for every password check (README "Sign-in limits"): product writes, sign-in
 * (`/cgi/session.pl`), `/cgi/auth.pl`, reads and searches sent with credentials, the folksonomy's
 * `/auth`. The counters are in the store, so they hold across every process on the database.
 *
 * Three limits: failures per (account, client address); failures per client address, whatever the
 * accounts; and a slower one per account, whatever the addresses. The account's lock does not refuse
 * an address that has no failure for the account, so an attacker cannot lock the owner out.
 */
import type { AuthLimits } from "../store/auth-failure-types.js";
import type { Store } from "../store/types.js";
import type { CredentialCheck, CredentialVerifier } from "./credentials.js";
import { normalizeUserId } from "./user-id.js";

/** Longest account name kept in the counters (longer ones are cut: they are never valid ids). */
const MAX_COUNTED_NAME = 200;

export type GuardedCheck = CredentialCheck | { ok: false; retryAfterSeconds: number };

/** Runs tasks with the same key one after the other (in this process). */
class KeyedQueue {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release = (): void => {};
    const done = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = previous.then(() => done);
    this.tails.set(key, tail);
    await previous;
    try {
      return await task();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}

export class PasswordGuard {
  private readonly queue = new KeyedQueue();

  constructor(
    private readonly store: Store,
    private readonly verifier: CredentialVerifier,
    private readonly limits: AuthLimits,
    /** Milliseconds since the epoch; tests move it instead of waiting. */
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * Checks a user id + password sent from `address`. A user id with `@` (an e-mail address) is never
   * right (API.md §6) and counts as a failure.
   */
  async check(receivedUserId: string, password: string, address: string): Promise<GuardedCheck> {
    const account = normalizeUserId(receivedUserId).slice(0, MAX_COUNTED_NAME);
    // One check at a time per account in this process: a burst of requests with a right password
    // waits for the first hash and then finds the pair known; the store counts other processes' attempts.
    return this.queue.run(account, async () => {
      const known = receivedUserId.includes("@") ? undefined : await this.verifier.knownPair(receivedUserId, password);
      const start = await this.store.authFailures.beginAttempt(
        account,
        address,
        this.clock(),
        this.limits,
        known === undefined,
      );
      if (!start.ok) return { ok: false, retryAfterSeconds: Math.ceil(start.retryAfterMs / 1000) };
      if (known !== undefined) return { ok: true, user: known };
      let check: CredentialCheck = { ok: false };
      try {
        if (!receivedUserId.includes("@")) check = await this.verifier.verify(receivedUserId, password);
      } finally {
        await this.store.authFailures.endAttempt(start.attempt, check.ok);
      }
      return check;
    });
  }
}
