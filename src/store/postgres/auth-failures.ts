/**
 * The brute-force guard's failure counters in PostgreSQL. Advisory locks on the account and the address
 * (taken in one order: no deadlock) make check-and-record atomic across every process on the database.
 */
import type pg from "pg";
import {
  type AuthAttempt,
  type AuthAttemptStart,
  type AuthFailureStore,
  type AuthLimits,
  longestWindowMs,
} from "../auth-failure-types.js";
import { inTransaction } from "./pool.js";

export class PostgresAuthFailureStore implements AuthFailureStore {
  constructor(private readonly pool: pg.Pool) {}

  private async lock(client: pg.ClientBase, account: string, address: string): Promise<void> {
    await client.query(
      `SELECT pg_advisory_xact_lock(key) FROM
         (SELECT DISTINCT hashtextextended(name, 0) AS key FROM unnest($1::text[]) AS name ORDER BY key) AS keys`,
      [[`foodbase auth account ${account}`, `foodbase auth address ${address}`]],
    );
  }

  async beginAttempt(
    account: string,
    address: string,
    nowMs: number,
    limits: AuthLimits,
    record: boolean,
  ): Promise<AuthAttemptStart> {
    return inTransaction(this.pool, async (client): Promise<AuthAttemptStart> => {
      // Only a recording check locks and writes: a password known to be right costs reads.
      if (record) {
        await this.lock(client, account, address);
        await client.query("DELETE FROM auth_failures WHERE t_ms <= $1", [nowMs - longestWindowMs(limits)]);
      }
      // The time of the `limit`-th newest failure in the window: the scope is locked until it leaves the window.
      const lockedSince = async (where: string, values: unknown[], limit: number): Promise<number | undefined> => {
        const { rows } = await client.query<{ t_ms: string }>(
          `SELECT t_ms FROM auth_failures WHERE ${where} ORDER BY t_ms DESC LIMIT 1 OFFSET ${limit - 1}`,
          values,
        );
        return rows[0] === undefined ? undefined : Number(rows[0].t_ms);
      };
      const { pair, address: byAddress, account: byAccount } = limits;
      const pairT = await lockedSince(
        "account = $1 AND address = $2 AND t_ms > $3",
        [account, address, nowMs - pair.windowMs],
        pair.limit,
      );
      if (pairT !== undefined) return refused(pairT + pair.windowMs - nowMs, "pair");
      const addressT = await lockedSince(
        "address = $1 AND t_ms > $2",
        [address, nowMs - byAddress.windowMs],
        byAddress.limit,
      );
      if (addressT !== undefined) return refused(addressT + byAddress.windowMs - nowMs, "address");
      const accountSince = nowMs - byAccount.windowMs;
      const accountT = await lockedSince("account = $1 AND t_ms > $2", [account, accountSince], byAccount.limit);
      if (accountT !== undefined) {
        const { rowCount } = await client.query(
          "SELECT 1 FROM auth_failures WHERE account = $1 AND address = $2 AND t_ms > $3 LIMIT 1",
          [account, address, accountSince],
        );
        if ((rowCount ?? 0) > 0) return refused(accountT + byAccount.windowMs - nowMs, "account");
      }
      if (!record) return { ok: true, attempt: { id: "", account, address, startedMs: nowMs } };
      const { rows } = await client.query<{ id: string }>(
        "INSERT INTO auth_failures (account, address, t_ms, pending) VALUES ($1, $2, $3, true) RETURNING id",
        [account, address, nowMs],
      );
      return { ok: true, attempt: { id: String(rows[0]?.id), account, address, startedMs: nowMs } };
    });
  }

  async endAttempt(attempt: AuthAttempt, succeeded: boolean): Promise<void> {
    await inTransaction(this.pool, async (client) => {
      await this.lock(client, attempt.account, attempt.address);
      if (succeeded) {
        if (attempt.id !== "") await client.query("DELETE FROM auth_failures WHERE id = $1", [attempt.id]);
        await client.query("DELETE FROM auth_failures WHERE account = $1 AND address = $2 AND NOT pending", [
          attempt.account,
          attempt.address,
        ]);
        return;
      }
      const settled =
        attempt.id !== "" &&
        ((await client.query("UPDATE auth_failures SET pending = false WHERE id = $1", [attempt.id])).rowCount ?? 0) >
          0;
      if (!settled) {
        await client.query("INSERT INTO auth_failures (account, address, t_ms, pending) VALUES ($1, $2, $3, false)", [
          attempt.account,
          attempt.address,
          attempt.startedMs,
        ]);
      }
    });
  }
}

function refused(retryAfterMs: number, lock: "pair" | "address" | "account"): AuthAttemptStart {
  return { ok: false, retryAfterMs: Math.max(retryAfterMs, 1), lock };
}
