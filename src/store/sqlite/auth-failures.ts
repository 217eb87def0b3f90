/** The brute-force guard's failure counters in SQLite (one write transaction at a time: atomic across processes). */
import type Database from "better-sqlite3";
import {
  type AuthAttempt,
  type AuthAttemptStart,
  type AuthFailureStore,
  type AuthLimits,
  longestWindowMs,
} from "../auth-failure-types.js";

export class SqliteAuthFailureStore implements AuthFailureStore {
  private readonly stmts;

  constructor(private readonly db: Database.Database) {
    this.stmts = {
      forgetOld: db.prepare("DELETE FROM auth_failures WHERE t_ms <= ?"),
      // The time of the `limit`-th newest failure in the window: the scope is locked until it leaves the window.
      pairLockedSince: db
        .prepare(
          "SELECT t_ms FROM auth_failures WHERE account = ? AND address = ? AND t_ms > ? ORDER BY t_ms DESC LIMIT 1 OFFSET ?",
        )
        .pluck(),
      addressLockedSince: db
        .prepare("SELECT t_ms FROM auth_failures WHERE address = ? AND t_ms > ? ORDER BY t_ms DESC LIMIT 1 OFFSET ?")
        .pluck(),
      accountLockedSince: db
        .prepare("SELECT t_ms FROM auth_failures WHERE account = ? AND t_ms > ? ORDER BY t_ms DESC LIMIT 1 OFFSET ?")
        .pluck(),
      pairHasFailure: db
        .prepare("SELECT 1 FROM auth_failures WHERE account = ? AND address = ? AND t_ms > ? LIMIT 1")
        .pluck(),
      addPending: db.prepare("INSERT INTO auth_failures (account, address, t_ms, pending) VALUES (?, ?, ?, 1)"),
      addFailure: db.prepare("INSERT INTO auth_failures (account, address, t_ms, pending) VALUES (?, ?, ?, 0)"),
      settle: db.prepare("UPDATE auth_failures SET pending = 0 WHERE id = ?"),
      forgetOne: db.prepare("DELETE FROM auth_failures WHERE id = ?"),
      forgetPair: db.prepare("DELETE FROM auth_failures WHERE account = ? AND address = ? AND pending = 0"),
    };
  }

  async beginAttempt(
    account: string,
    address: string,
    nowMs: number,
    limits: AuthLimits,
    record: boolean,
  ): Promise<AuthAttemptStart> {
    const check = this.db.transaction((): AuthAttemptStart => {
      // Only a recording check writes (and forgets old rows then): a password known to be right costs a read.
      if (record) this.stmts.forgetOld.run(nowMs - longestWindowMs(limits));
      const { pair, address: byAddress, account: byAccount } = limits;
      const pairT = this.stmts.pairLockedSince.get(account, address, nowMs - pair.windowMs, pair.limit - 1) as
        | number
        | undefined;
      if (pairT !== undefined) return refused(pairT + pair.windowMs - nowMs, "pair");
      const addressT = this.stmts.addressLockedSince.get(address, nowMs - byAddress.windowMs, byAddress.limit - 1) as
        | number
        | undefined;
      if (addressT !== undefined) return refused(addressT + byAddress.windowMs - nowMs, "address");
      const accountSince = nowMs - byAccount.windowMs;
      const accountT = this.stmts.accountLockedSince.get(account, accountSince, byAccount.limit - 1) as
        | number
        | undefined;
      if (accountT !== undefined && this.stmts.pairHasFailure.get(account, address, accountSince) !== undefined) {
        return refused(accountT + byAccount.windowMs - nowMs, "account");
      }
      if (!record) return { ok: true, attempt: { id: "", account, address, startedMs: nowMs } };
      const { lastInsertRowid } = this.stmts.addPending.run(account, address, nowMs);
      return { ok: true, attempt: { id: String(lastInsertRowid), account, address, startedMs: nowMs } };
    });
    return record ? check.immediate() : check.deferred();
  }

  async endAttempt(attempt: AuthAttempt, succeeded: boolean): Promise<void> {
    this.db
      .transaction(() => {
        if (succeeded) {
          if (attempt.id !== "") this.stmts.forgetOne.run(Number(attempt.id));
          this.stmts.forgetPair.run(attempt.account, attempt.address);
          return;
        }
        const settled = attempt.id !== "" && this.stmts.settle.run(Number(attempt.id)).changes > 0;
        if (!settled) this.stmts.addFailure.run(attempt.account, attempt.address, attempt.startedMs);
      })
      .immediate();
  }
}

function refused(retryAfterMs: number, lock: "pair" | "address" | "account"): AuthAttemptStart {
  return { ok: false, retryAfterMs: Math.max(retryAfterMs, 1), lock };
}
