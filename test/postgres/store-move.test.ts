/**
 * Moving a database between stores (issue #7): `foodbase export | foodbase import` from SQLite to
 * PostgreSQL and back gives the same documents, revision numbers included.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../src/accounts/passwords.js";
import { loadConfig } from "../../src/config.js";
import { startServer } from "../../src/server.js";
import { CLI_MAIN } from "../helpers/processes.js";
import { getJson, postForm } from "../helpers/server.js";
import { createTestDatabase, type TestDatabase } from "../helpers/store.js";

const SAMPLE = join(import.meta.dirname, "../fixtures/off-sample.jsonl");
const databases: TestDatabase[] = [];
let source: TestDatabase;

function database(kind: "sqlite" | "postgres"): TestDatabase {
  const created = createTestDatabase(kind);
  databases.push(created);
  return created;
}

function sh(command: string, env: Record<string, string> = {}) {
  const r = spawnSync("bash", ["-o", "pipefail", "-c", command], {
    encoding: "utf8",
    env: { ...process.env, LOG_LEVEL: "silent", ...env },
    maxBuffer: 256 * 1024 * 1024,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const foodbase = `"${process.execPath}" "${CLI_MAIN}"`;

function exportOf(db: TestDatabase): string {
  const r = sh(`${foodbase} export`, { DATABASE_URL: db.url });
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);
  return r.stdout;
}

/** `foodbase export` from one database piped into `foodbase import -` into the other. */
function move(from: TestDatabase, to: TestDatabase): string {
  const r = sh(`DATABASE_URL="$FROM" ${foodbase} export | DATABASE_URL="$TO" ${foodbase} import - --no-progress`, {
    FROM: from.url,
    TO: to.url,
  });
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

beforeAll(async () => {
  source = database("sqlite");
  // Imported products, generated ones (every kind of field and text), and products edited over HTTP
  // (several revisions each, documents as foodbase's own pipeline writes them).
  expect(sh(`${foodbase} import "${SAMPLE}" --no-progress`, { DATABASE_URL: source.url }).code).toBe(0);
  expect(
    sh(`${foodbase} generate --count 300 --seed 11 | ${foodbase} import - --no-progress`, {
      DATABASE_URL: source.url,
    }).code,
  ).toBe(0);
  const server = await startServer(
    loadConfig({}, {}, { port: 0, host: "127.0.0.1", databaseUrl: source.url, logLevel: "silent" }),
  );
  try {
    await server.store.addUser({
      userId: "alice",
      email: "",
      name: "",
      passwordHash: await hashPassword("alice-password", { N: 2 ** 10, r: 8, p: 1 }),
    });
    const edit = (fields: Record<string, string>) =>
      postForm(server.url, "/cgi/product_jqm2.pl", { user_id: "alice", password: "alice-password", ...fields });
    expect((await edit({ code: "2000000000055", product_name: "Rye bread", categories: "Breads" })).body.status).toBe(
      1,
    );
    expect((await edit({ code: "2000000000055", nutriment_fat: "1,5", nutriment_salt: "1.2" })).body.status).toBe(1);
    expect((await edit({ code: "2000000000055", product_name_fr: "Pain de seigle «bio» — 500 g" })).body.status).toBe(
      1,
    );
    expect((await getJson(`${server.url}/api/v2/product/2000000000055?fields=rev`)).body.product).toEqual({ rev: 3 });
  } finally {
    await server.close();
  }
}, 120_000);

afterAll(async () => {
  for (const db of databases) await db.drop();
});

describe("foodbase export | foodbase import between stores", () => {
  it("SQLite → PostgreSQL → SQLite keeps every document as it was", async () => {
    const original = exportOf(source);
    const lines = original.split("\n").filter(Boolean);
    expect(lines).toHaveLength(10 + 300 + 1);
    expect(JSON.parse(lines.find((l) => l.includes('"2000000000055"')) as string)).toMatchObject({
      code: "2000000000055",
      rev: 3,
      product_name_fr: "Pain de seigle «bio» — 500 g",
    });

    const postgres = database("postgres");
    expect(move(source, postgres)).toMatch(/: 311 imported, 0 updated, 0 unchanged, 0 rejected/);
    expect(exportOf(postgres)).toBe(original);
    expect(await postgres.count("products")).toBe(311);

    const back = database("sqlite");
    expect(move(postgres, back)).toMatch(/: 311 imported, 0 updated, 0 unchanged, 0 rejected/);
    expect(exportOf(back)).toBe(original);

    // Moving again changes nothing: every product is already stored as it is.
    expect(move(source, postgres)).toMatch(/: 0 imported, 0 updated, 311 unchanged, 0 rejected/);
  });
});
