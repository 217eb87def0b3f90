/**
 * Global setup of the `postgres` test project: one fresh database per run (each test store gets a schema
 * of its own in it, so test files run in parallel), dropped when the run ends. The server is the one CI
 * starts at 127.0.0.1:5432 (`.ci/run`); FOODBASE_TEST_POSTGRES_URL names another one.
 */
import pg from "pg";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** URL of this run's PostgreSQL database (tests add `?schema=`). */
    postgresUrl: string;
  }
}

const SERVER_URL = process.env.FOODBASE_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (e) {
    throw new Error(
      `The PostgreSQL tests need a PostgreSQL server at ${SERVER_URL} (user postgres, trust auth), and none answers ` +
        `(${(e as Error).message}). Start it: "pg_ctlcluster 15 main start" or "service postgresql start" ` +
        `(Debian: "apt-get install postgresql"), or point FOODBASE_TEST_POSTGRES_URL at another server.`,
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const name = `foodbase_test_${Date.now()}_${process.pid}`;
  await withClient((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  project.provide("postgresUrl", url.toString());
  return async () => {
    // FORCE ends the connections of servers a test killed or left behind.
    await withClient((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  };
}
