/** The built CLI (`dist/cli/main.js`, as `npx foodbase` runs it), driven as an operator would. */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../helpers/store.js";

const MAIN = join(import.meta.dirname, "../../dist/cli/main.js");
let dir: string;
let database: TestDatabase;
let db: string;

function cli(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [MAIN, ...args], {
    input,
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: db, LOG_LEVEL: "silent" },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "foodbase-cli-"));
  database = createTestDatabase();
  db = database.url;
});
afterAll(async () => {
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe("foodbase users", () => {
  it("adds, lists, changes the password of and deletes an account", () => {
    expect(
      cli(
        ["users", "add", "carol", "--email", "carol@example.org", "--name", "Carol", "--password-stdin"],
        "first-password\n",
      ),
    ).toMatchObject({ code: 0 });
    const list = cli(["users", "list"]);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain("carol\tcarol@example.org\tCarol");
    expect(cli(["users", "passwd", "carol", "--password-stdin"], "second-password\n").code).toBe(0);
    expect(cli(["users", "delete", "carol"]).code).toBe(0);
    expect(cli(["users", "list"]).stdout).not.toContain("carol");
  });

  it("list, passwd and delete on a SQLite file that does not exist: an error, and no new empty database", () => {
    const typo = join(dir, "typo", "foodbase.db");
    for (const args of [["list"], ["delete", "carol"], ["passwd", "carol", "--password-stdin"]]) {
      const r = cli(["users", ...args, "--database-url", typo], "long-enough\n");
      expect(r.code, args[0]).toBe(1);
      expect(r.stderr).toBe(`foodbase: no database at ${typo} (foodbase serve or foodbase import creates one)\n`);
    }
    expect(readdirSync(dir)).not.toContain("typo");
  });

  it("refuses e-mail addresses, bad ids, duplicates and short passwords with a message", () => {
    const email = cli(["users", "add", "dave@example.org", "--password-stdin"], "long-enough\n");
    expect(email.code).not.toBe(0);
    expect(email.stderr).toMatch(/e-mail address is not a user id/);
    const upper = cli(["users", "add", "Dave_1", "--password-stdin"], "long-enough\n");
    expect(upper.code).not.toBe(0);
    expect(upper.stderr).toMatch(/invalid user id/);
    expect(cli(["users", "add", "erin", "--password-stdin"], "long-enough\n").code).toBe(0);
    const dup = cli(["users", "add", "erin", "--password-stdin"], "long-enough\n");
    expect(dup.code).not.toBe(0);
    expect(dup.stderr).toBe("foodbase: user erin already exists\n");
    // The user imports record their revisions under is no account's.
    const reserved = cli(["users", "add", "import", "--password-stdin"], "long-enough\n");
    expect(reserved.code).toBe(1);
    expect(reserved.stderr).toBe(
      'foodbase: user id "import" is reserved: the revisions of imports are recorded under it\n',
    );
    const short = cli(["users", "add", "frank", "--password-stdin"], "short\n");
    expect(short.code).not.toBe(0);
    expect(short.stderr).toMatch(/at least 8/);
    expect(cli(["users", "delete", "nobody"]).code).not.toBe(0);
  });

  it("stores the password as a salted scrypt hash", async () => {
    cli(["users", "add", "gina", "--password-stdin"], "gina-password\n");
    cli(["users", "add", "hank", "--password-stdin"], "gina-password\n");
    const rows = await database.query<{ password_hash: string }>(
      "SELECT user_id, password_hash FROM users WHERE user_id IN ('gina','hank') ORDER BY user_id",
    );
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r.password_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$/);
      expect(r.password_hash).not.toContain("gina-password");
    }
    expect(rows[0]?.password_hash).not.toBe(rows[1]?.password_hash);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

function waitForLine(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      const m = pattern.exec(out);
      if (m) resolve(m[0]);
    });
    child.on("exit", (code) => reject(new Error(`exited with ${code}: ${out}`)));
  });
}

describe("foodbase serve", () => {
  // `npm start`'s command: one worker per core by default, each started on a shared machine.
  it("prints where it listens, serves, and refuses a taken port with a clear message", {
    timeout: 90_000,
  }, async () => {
    const port = await freePort();
    const served = createTestDatabase();
    const other = createTestDatabase();
    const child = spawn(process.execPath, [MAIN, "serve", "--port", String(port), "--sample-data"], {
      env: { ...process.env, DATABASE_URL: served.url, LOG_LEVEL: "silent" },
    });
    try {
      const line = await waitForLine(child, /foodbase listening on http:\/\/127\.0\.0\.1:\d+/);
      expect(line).toContain(String(port));
      const res = await fetch(`http://127.0.0.1:${port}/api/v2/product/3017620422003?fields=product_name`);
      expect(await res.json()).toMatchObject({ status: 1, product: { product_name: "Nutella" } });
      // One process each below (the same refusals under --workers 2: serve-workers.test.ts).
      const second = spawnSync(process.execPath, [MAIN, "serve", "--port", String(port)], {
        encoding: "utf8",
        env: { ...process.env, DATABASE_URL: other.url, LOG_LEVEL: "silent", FOODBASE_WORKERS: "1" },
      });
      expect(second.status).not.toBe(0);
      expect(second.stderr).toMatch(/port is already in use/);
      // The folksonomy's own port taken: the message names that port, not the free main one.
      const freeMain = await freePort();
      const third = spawnSync(
        process.execPath,
        [MAIN, "serve", "--port", String(freeMain), "--folksonomy-port", String(port)],
        {
          encoding: "utf8",
          env: { ...process.env, DATABASE_URL: other.url, LOG_LEVEL: "silent", FOODBASE_WORKERS: "1" },
        },
      );
      expect(third.status).not.toBe(0);
      expect(third.stderr).toContain(`cannot listen on 127.0.0.1:${port}: the port is already in use`);
      expect(third.stderr).not.toContain(String(freeMain));
    } finally {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      await served.drop();
      await other.drop();
    }
  });

  it("refuses an invalid setting with a message", () => {
    const r = cli(["serve", "--port", "notaport"]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/PORT must be an integer/);
  });

  it("refuses a database URL of no file or of another database, creating nothing", () => {
    for (const url of ["", "sqlite:", "mysql://user@db.example.org/foodbase"]) {
      const r = spawnSync(process.execPath, [MAIN, "migrate", "--database-url", url], {
        cwd: dir,
        encoding: "utf8",
        env: { ...process.env, LOG_LEVEL: "silent" },
      });
      expect(r.status, url).not.toBe(0);
      expect(r.stderr.trim().split("\n"), url).toHaveLength(1);
      expect(r.stderr, url).toMatch(/DATABASE_URL/);
      expect(r.stdout).toBe("");
    }
    expect(readdirSync(dir).filter((name) => name.startsWith("mysql"))).toEqual([]);
  });
});

describe("foodbase migrate", () => {
  it("applies the schema versions of an empty database once, then finds nothing to do", async () => {
    const fresh = createTestDatabase();
    try {
      const run = (args: string[] = []) =>
        spawnSync(process.execPath, [MAIN, "migrate", ...args], {
          encoding: "utf8",
          env: { ...process.env, DATABASE_URL: fresh.url, LOG_LEVEL: "silent" },
        });
      const first = run();
      expect(first.status).toBe(0);
      // Version 1: products, revisions, users; 2: folksonomy; 3: search index; SQLite 4: its layout for imports;
      // then (SQLite 5, PostgreSQL 4) the sign-in limits' failure counters; PostgreSQL 5: sharded term counts;
      // 6: the delta files foodbase sync applied; PostgreSQL 7: tag counts per country (facets with cc);
      // PostgreSQL 8: posting lists.
      const latest = fresh.kind === "postgres" ? 8 : 6;
      for (let version = 1; version <= latest; version++)
        expect(first.stdout).toMatch(new RegExp(`^applied ${version} `, "m"));
      expect(first.stdout).toContain(`at schema version ${latest} (${latest} applied now)`);
      const again = run();
      expect(again.status).toBe(0);
      expect(again.stdout).toMatch(/^present 1 /m);
      expect(again.stdout).toContain(`at schema version ${latest} (already up to date)`);
      expect(await fresh.count("products")).toBe(0);
      expect((await fresh.query<{ version: number }>("SELECT version FROM schema_migrations")).length).toBe(latest);
      // A database made by `migrate` is the one the server makes: 16 KB pages on SQLite (store/sqlite/migrations.ts).
      if (fresh.kind === "sqlite") expect(await fresh.query("PRAGMA page_size")).toEqual([{ page_size: 16384 }]);
    } finally {
      await fresh.drop();
    }
  });

  it("never prints a database password", () => {
    const r = spawnSync(process.execPath, [MAIN, "migrate"], {
      encoding: "utf8",
      env: { ...process.env, DATABASE_URL: "postgres://someone:s3cret-pw@127.0.0.1:1/nodb", LOG_LEVEL: "silent" },
    });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/^foodbase: /);
    expect(r.stdout + r.stderr).not.toContain("s3cret-pw");
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
