/**
 * A real foodbase server for end-to-end tests: a fresh database of the test project's store (a SQLite
 * file in a temp folder, or a PostgreSQL schema), the real taxonomies, real HTTP on a free port of 127.0.0.1.
 */
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { hashPassword } from "../../src/accounts/passwords.js";
import { type Config, loadConfig } from "../../src/config.js";
import { type RunningServer, startServer } from "../../src/server.js";
import { createTestDatabase, type TestDatabase } from "./store.js";

export interface TestUser {
  userId: string;
  password: string;
  email?: string;
  name?: string;
}

export interface TestServer {
  url: string;
  server: RunningServer;
  /** The test's temp folder (removed by `close`). */
  dir: string;
  database: TestDatabase;
  /** `DATABASE_URL` of the server's database: another server or a CLI run can open it too. */
  databaseUrl: string;
  close(): Promise<void>;
}

export const ALICE: TestUser = { userId: "alice", password: "secret-alice", email: "alice@example.org", name: "Alice" };
export const BOB: TestUser = { userId: "bob", password: "secret-bob-1", email: "bob@example.org", name: "Bob" };

// Cheap scrypt parameters for test accounts: the tests exercise the logic, not the cost.
const TEST_SCRYPT = { N: 2 ** 10, r: 8, p: 1 };

export async function startTestServer(
  options: {
    users?: TestUser[];
    config?: Partial<Config>;
    clock?: () => number;
    logStream?: NodeJS.WritableStream;
  } = {},
): Promise<TestServer> {
  const database = createTestDatabase();
  const config = loadConfig(
    {},
    {},
    {
      port: 0,
      host: "127.0.0.1",
      databaseUrl: database.url,
      databasePoolSize: 4,
      logLevel: "silent",
      // Photos in the test's own folder (with PostgreSQL the default would be ./images).
      imagesDir: join(database.dir, "images"),
      ...options.config,
    },
  );
  let server: RunningServer;
  try {
    server = await startServer(config, {
      ...(options.clock === undefined ? {} : { clock: options.clock }),
      ...(options.logStream === undefined ? {} : { logStream: options.logStream }),
    });
  } catch (e) {
    await database.drop();
    throw e;
  }
  for (const u of options.users ?? [ALICE, BOB]) {
    await server.store.addUser({
      userId: u.userId,
      email: u.email ?? "",
      name: u.name ?? "",
      passwordHash: await hashPassword(u.password, TEST_SCRYPT),
    });
  }
  return {
    url: server.url,
    server,
    dir: database.dir,
    database,
    databaseUrl: database.url,
    close: async () => {
      await server.close();
      await database.drop();
    },
  };
}

export async function getJson(
  url: string,
  init?: RequestInit,
): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(url, init);
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, body, headers: res.headers };
}

/** POST /cgi/product_jqm2.pl as a urlencoded form. */
export function postForm(
  base: string,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return getJson(`${base}${path}`, { method: "POST", body: new URLSearchParams(fields), headers });
}

/** POST as multipart/form-data (fetch builds the body and boundary). */
export function postMultipart(
  base: string,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return getJson(`${base}${path}`, { method: "POST", body: form, headers });
}

/**
 * A request sent from another loopback address (127.0.0.2, …): the server sees another client
 * address, as it would another machine's.
 */
export function requestFrom(
  localAddress: string,
  url: string,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: init.method ?? "GET", headers: init.headers, localAddress }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString();
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
        resolve({ status: res.statusCode ?? 0, body, headers: res.headers });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(init.body);
  });
}
