/**
 * The brute-force guard's counters in the store (SQLite or PostgreSQL, per test project): the three
 * limits, pending attempts, the windows expiring (times are given, nothing sleeps).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AuthAttemptStart, AuthLimits } from "../../src/store/auth-failure-types.js";
import type { Store } from "../../src/store/types.js";
import { openTestStore, type TestStore } from "../helpers/store.js";

let testStore: TestStore;
let store: Store;

beforeEach(async () => {
  testStore = await openTestStore();
  store = testStore.store;
});

afterEach(async () => {
  await testStore.close();
});

const LIMITS: AuthLimits = {
  pair: { limit: 3, windowMs: 60_000 },
  address: { limit: 5, windowMs: 60_000 },
  account: { limit: 8, windowMs: 3_600_000 },
};

async function fail(account: string, address: string, nowMs: number): Promise<void> {
  const start = await store.authFailures.beginAttempt(account, address, nowMs, LIMITS, true);
  if (!start.ok) throw new Error(`unexpectedly refused: ${JSON.stringify(start)}`);
  await store.authFailures.endAttempt(start.attempt, false);
}

function begin(account: string, address: string, nowMs: number): Promise<AuthAttemptStart> {
  return store.authFailures.beginAttempt(account, address, nowMs, LIMITS, true);
}

describe("per (account, address)", () => {
  it("refuses after `limit` failures within the window, says until when, then lets in again", async () => {
    for (let i = 0; i < 3; i++) await fail("alice", "10.0.0.1", 1000 + i);
    expect(await begin("alice", "10.0.0.1", 5000)).toEqual({
      ok: false,
      retryAfterMs: 1000 + 60_000 - 5000,
      lock: "pair",
    });
    // Another account from the same address, the same account from another address: not refused.
    expect((await begin("bob", "10.0.0.1", 5000)).ok).toBe(true);
    expect((await begin("alice", "10.0.0.2", 5000)).ok).toBe(true);
    // Once the oldest failure has left the window, one more attempt is allowed.
    expect((await begin("alice", "10.0.0.1", 61_001)).ok).toBe(true);
  });

  it("counts attempts still running, so parallel guesses cannot all get through", async () => {
    const starts = await Promise.all([1, 2, 3, 4, 5].map(() => begin("alice", "10.0.0.1", 1000)));
    expect(starts.filter((s) => s.ok)).toHaveLength(3);
  });

  it("a success forgets the failures of that account from that address only", async () => {
    for (let i = 0; i < 2; i++) await fail("alice", "10.0.0.1", 1000);
    for (let i = 0; i < 2; i++) await fail("alice", "10.0.0.2", 1000);
    const good = await begin("alice", "10.0.0.1", 1000);
    if (!good.ok) throw new Error("refused");
    await store.authFailures.endAttempt(good.attempt, true);
    for (let i = 0; i < 3; i++) await fail("alice", "10.0.0.1", 2000);
    expect((await begin("alice", "10.0.0.1", 2000)).ok).toBe(false);
    await fail("alice", "10.0.0.2", 2000);
    expect((await begin("alice", "10.0.0.2", 2000)).ok).toBe(false);
  });

  it("only checks, without recording, when asked not to record", async () => {
    for (let i = 0; i < 5; i++)
      expect((await store.authFailures.beginAttempt("alice", "10.0.0.1", 1000, LIMITS, false)).ok).toBe(true);
  });
});

describe("per address", () => {
  it("refuses an address after `limit` failures over any accounts, even for an account it never tried", async () => {
    for (const name of ["u1", "u2", "u3", "u4", "u5"]) await fail(name, "10.0.0.9", 2000);
    expect(await begin("alice", "10.0.0.9", 3000)).toEqual({
      ok: false,
      retryAfterMs: 2000 + 60_000 - 3000,
      lock: "address",
    });
    expect((await begin("alice", "10.0.0.8", 3000)).ok).toBe(true);
    expect((await begin("alice", "10.0.0.9", 62_001)).ok).toBe(true);
  });
});

describe("per account (slower)", () => {
  it("refuses addresses that failed for the account, not an address without failures", async () => {
    // 8 failures from 4 addresses, 2 each: under the pair and address limits.
    for (let i = 0; i < 8; i++) await fail("alice", `10.0.1.${i % 4}`, 1000 + i);
    const refused = await begin("alice", "10.0.1.0", 100_000);
    expect(refused).toEqual({ ok: false, retryAfterMs: 1000 + 3_600_000 - 100_000, lock: "account" });
    // The owner, from an address with no failure for the account, may still try.
    expect((await begin("alice", "192.0.2.7", 100_000)).ok).toBe(true);
    // Past the account's window, every address may try again.
    expect((await begin("alice", "10.0.1.0", 1008 + 3_600_000)).ok).toBe(true);
  });
});
