/**
 * A real foodbase server for end-to-end tests: a fresh SQLite file in a temp folder, the real
 * taxonomies, real HTTP on a free port of 127.0.0.1.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hashPassword } from "../../src/accounts/passwords.js";
import { type Config, loadConfig } from "../../src/config.js";
import { type RunningServer, startServer } from "../../src/server.js";

export interface TestUser {
  userId: string;
  password: string;
  email?: string;
  name?: string;
}

export interface TestServer {
  url: string;
  server: RunningServer;
  dir: string;
  databasePath: string;
  close(): Promise<void>;
}

export const ALICE: TestUser = { userId: "alice", password: "secret-alice", email: "alice@example.org", name: "Alice" };
export const BOB: TestUser = { userId: "bob", password: "secret-bob-1", email: "bob@example.org", name: "Bob" };

// Cheap scrypt parameters for test accounts: the tests exercise the logic, not the cost.
const TEST_SCRYPT = { N: 2 ** 10, r: 8, p: 1 };

export async function startTestServer(
  options: { users?: TestUser[]; config?: Partial<Config> } = {},
): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), "foodbase-test-"));
  const databasePath = join(dir, "foodbase.db");
  const config = loadConfig(
    {},
    {},
    { port: 0, host: "127.0.0.1", databaseUrl: databasePath, logLevel: "silent", ...options.config },
  );
  const server = await startServer(config);
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
    dir,
    databasePath,
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
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
