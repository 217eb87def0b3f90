/**
 * The brute-force guard's bookkeeping (README "Sign-in limits"): every failed password check, kept in
 * the store so that every process sharing the database enforces the same limits.
 */

/** At most `limit` failures within `windowMs`. */
export interface FailureLimit {
  limit: number;
  windowMs: number;
}

export interface AuthLimits {
  /** Failures for one account from one client address. */
  pair: FailureLimit;
  /** Failures from one client address, whatever the accounts. */
  address: FailureLimit;
  /**
   * Failures for one account, whatever the addresses (slower). Its lock does not refuse an address
   * that has no failure for the account within this window: the owner can still sign in.
   */
  account: FailureLimit;
}

/** A password check under way: it counts as a failure until it is settled. */
export interface AuthAttempt {
  readonly id: string;
  readonly account: string;
  readonly address: string;
  readonly startedMs: number;
}

export type AuthAttemptStart =
  | { ok: true; attempt: AuthAttempt }
  | { ok: false; retryAfterMs: number; lock: "pair" | "address" | "account" };

export interface AuthFailureStore {
  /**
   * Atomically (across processes): refuses when a limit is reached, else records a pending attempt
   * (pending attempts count as failures, so parallel guesses cannot all slip through). With
   * `record: false` it only checks (a password already known to be right needs no bookkeeping).
   */
  beginAttempt(
    account: string,
    address: string,
    nowMs: number,
    limits: AuthLimits,
    record: boolean,
  ): Promise<AuthAttemptStart>;
  /**
   * A failure stays counted. A success removes its own row and the failures of the same account from
   * the same address (the owner mistyped, then got it right), not those from other addresses.
   */
  endAttempt(attempt: AuthAttempt, succeeded: boolean): Promise<void>;
}

/** The longest window: rows older than this are of no use any more. */
export function longestWindowMs(limits: AuthLimits): number {
  return Math.max(limits.pair.windowMs, limits.address.windowMs, limits.account.windowMs);
}
