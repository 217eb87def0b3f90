/**
 * Connections the server drops (restart, failover, `pg_terminate_backend`) must not take the process
 * down: `serve` and `import` died of node-postgres's unhandled `error` event when the dropped
 * connection was checked out.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPool, parsePostgresUrl } from "../../src/store/postgres/pool.js";
import { postgresTestUrl } from "../helpers/store.js";

let admin: pg.Client;
let url: string;

beforeAll(async () => {
  url = postgresTestUrl();
  admin = new pg.Client({ connectionString: parsePostgresUrl(url).connectionString });
  await admin.connect();
});
afterAll(async () => admin.end());

async function terminate(pid: number): Promise<void> {
  await admin.query("SELECT pg_terminate_backend($1)", [pid]);
  // Until the client has heard of it.
  for (let i = 0; i < 100; i++) {
    const { rows } = await admin.query("SELECT 1 FROM pg_stat_activity WHERE pid = $1", [pid]);
    if (rows.length === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
}

describe("a pooled connection dropped by the server", () => {
  it("fails its own queries, and the pool goes on with a new one", async () => {
    const pool = createPool(parsePostgresUrl(url), { max: 2 });
    try {
      const client = await pool.connect();
      const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
      await terminate((rows[0] as { pid: number }).pid);
      await expect(client.query("SELECT 1")).rejects.toThrow();
      client.release(true);
      const again = await pool.query<{ one: number }>("SELECT 1 AS one");
      expect(again.rows[0]?.one).toBe(1);
    } finally {
      await pool.end();
    }
  });
});
