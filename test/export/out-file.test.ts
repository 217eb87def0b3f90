/**
 * `foodbase export --out FILE` as an operator runs it (the built CLI, `npm run build` first): FILE is
 * there whole or not at all, and never the database being exported.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI_MAIN } from "../helpers/processes.js";
import { createTestDatabase, type TestDatabase } from "../helpers/store.js";
import { SAMPLE } from "../import/helpers.js";

let dir: string;
const databases: TestDatabase[] = [];
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "foodbase-export-out-"));
});
afterAll(async () => {
  for (const database of databases) await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

function cli(args: string[], cwd = dir) {
  const r = spawnSync(process.execPath, [CLI_MAIN, ...args], {
    cwd,
    env: { ...process.env, LOG_LEVEL: "silent" },
    maxBuffer: 512 * 1024 * 1024,
  });
  return { code: r.status, stdout: r.stdout.toString(), stderr: r.stderr.toString() };
}

function exited(child: ChildProcess): Promise<number | string> {
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal ?? "")));
}

function sha1(path: string): string {
  return createHash("sha1").update(readFileSync(path)).digest("hex");
}

/** A new, empty folder for one run's output. */
function folder(name: string): string {
  const path = join(dir, name);
  mkdirSync(path);
  return path;
}

describe("foodbase export --out the database itself", () => {
  it("is refused with one line and exit status 1, and the database is left as it was", () => {
    const database = createTestDatabase("sqlite");
    databases.push(database);
    expect(cli(["import", SAMPLE, "--no-progress", "--database-url", database.url]).code).toBe(0);
    const before = sha1(database.url);
    const link = join(database.dir, "link.db");
    symlinkSync(database.url, link);
    // By the same name, another spelling, a symbolic link, through a link, and its -wal and -shm files.
    const attempts: Array<[string, string]> = [
      [database.url, database.url],
      [`sqlite:${database.url}`, join(database.dir, ".", "foodbase.db")],
      [database.url, link],
      [link, database.url],
      [database.url, `${database.url}-wal`],
      [`file:${database.url}`, `${database.url}-shm`],
    ];
    for (const [url, out] of attempts) {
      const r = cli(["export", "--database-url", url, "--out", out]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^foodbase: --out \S+ is a file of the database: it would be destroyed\n$/);
      expect(sha1(database.url)).toBe(before);
    }
    // Relative to the working folder.
    const relative = cli(["export", "--database-url", "foodbase.db", "--out", "./foodbase.db"], database.dir);
    expect(relative.code).toBe(1);
    expect(relative.stderr).toContain("is a file of the database: it would be destroyed");
    expect(sha1(database.url)).toBe(before);
    expect(readdirSync(database.dir).sort()).toEqual(["foodbase.db", "link.db"]);
    const exported = cli(["export", "--database-url", database.url]);
    expect(exported.stdout.split("\n").filter(Boolean)).toHaveLength(10);
  });
});

describe("foodbase export --out, interrupted", () => {
  let db: string;
  const COUNT = 20_000;

  beforeAll(() => {
    const database = createTestDatabase();
    databases.push(database);
    db = database.url;
    const generated = join(dir, "generated.jsonl");
    expect(cli(["generate", "--count", String(COUNT), "--out", generated, "--no-progress"]).code).toBe(0);
    expect(cli(["import", generated, "--no-progress", "--database-url", db]).code).toBe(0);
  }, 240_000);

  /** Starts an export into the empty folder `out`, and waits until it has opened its file there. */
  async function started(out: string, args: string[]) {
    const child = spawn(process.execPath, [CLI_MAIN, "export", "--database-url", db, ...args], {
      env: { ...process.env, LOG_LEVEL: "silent" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr?.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    const code = exited(child);
    while (readdirSync(out).length === 0) {
      if (child.exitCode !== null) throw new Error(`export ended before opening its file: ${stderr}`);
      await new Promise((r) => setTimeout(r, 1));
    }
    return { child, code, stderr: () => stderr };
  }

  it("by Ctrl-C or SIGTERM, exits with 130 and leaves no file (JSONL, gzip, CSV)", async () => {
    for (const [signal, name, format] of [
      ["SIGINT", "products.jsonl.gz", "jsonl"],
      ["SIGTERM", "products.csv", "csv"],
    ] as const) {
      const out = folder(`interrupted-${signal}`);
      const file = join(out, name);
      const run = await started(out, ["--out", file, "--format", format]);
      run.child.kill(signal);
      const status = await run.code;
      expect(readdirSync(out)).toEqual([]);
      expect(status).toBe(130);
      expect(run.stderr()).toBe(`interrupted: ${file} was not written\n`);
    }
  }, 60_000);

  it("by kill -9, leaves at most its temporary file, never a partial file under the name asked for", async () => {
    const out = folder("killed");
    const file = join(out, "products.jsonl.gz");
    const run = await started(out, ["--out", file]);
    run.child.kill("SIGKILL");
    await run.code;
    expect(existsSync(file)).toBe(false);
    expect(readdirSync(out)).toEqual([`.products.jsonl.gz.partial-${run.child.pid}`]);
    // Run again, it writes the whole file, and nothing else.
    const again = cli(["export", "--database-url", db, "--out", join(out, "again.jsonl")]);
    expect(again.stderr).toBe(`exported ${COUNT} products to ${join(out, "again.jsonl")}\n`);
    expect(readFileSync(join(out, "again.jsonl"), "utf8").split("\n").filter(Boolean)).toHaveLength(COUNT);
    expect(readdirSync(out).sort()).toEqual([`.products.jsonl.gz.partial-${run.child.pid}`, "again.jsonl"]);
  }, 60_000);
});
