/**
 * `foodbase generate --out FILE` as an operator runs it (the built CLI, `npm run build` first): a file
 * that cannot be written is refused at once, and FILE is there whole or not at all.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI_MAIN } from "../helpers/processes.js";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "foodbase-generate-out-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A new, empty folder for one run's output. */
function folder(name: string): string {
  const path = join(dir, name);
  mkdirSync(path);
  return path;
}

/** Ends a run that cannot write its file: a hang (the defect) fails the test instead of stalling it. */
const HANG_GUARD_MS = 60_000;

function generate(args: string[], cwd = dir) {
  const r = spawnSync(process.execPath, [CLI_MAIN, "generate", "--no-progress", ...args], {
    cwd,
    encoding: "utf8",
    timeout: HANG_GUARD_MS,
  });
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

function exited(child: ChildProcess): Promise<number | string> {
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal ?? "")));
}

/** Waits until products are being written into `folder` (its only file has some bytes). */
async function writing(folder: string, child: ChildProcess): Promise<void> {
  for (;;) {
    const [name] = readdirSync(folder);
    if (name !== undefined && statSync(join(folder, name), { throwIfNoEntry: false })?.size) return;
    if (child.exitCode !== null) throw new Error("generate ended before writing anything");
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** More products than a run makes before the test interrupts it. */
const MANY = "200000";

describe("foodbase generate --out", () => {
  it("refuses a file it cannot write with one line and exit status 1, whatever the number of workers", () => {
    const cwd = folder("unwritable");
    mkdirSync(join(cwd, "a-folder"));
    for (const workers of [[], ["--workers", "1"], ["--workers", "0"]]) {
      const missing = generate(["--count", "3", "--out", "nodir/x.jsonl", ...workers], cwd);
      expect({ code: missing.code, signal: missing.signal }).toEqual({ code: 1, signal: null });
      expect(missing.stderr).toBe("foodbase: cannot write nodir/x.jsonl: ENOENT: no such file or directory\n");
      const folderOut = generate(["--count", "3", "--out", "a-folder", ...workers], cwd);
      expect({ code: folderOut.code, signal: folderOut.signal }).toEqual({ code: 1, signal: null });
      expect(folderOut.stderr).toBe("foodbase: cannot write a-folder: is a folder\n");
    }
    expect(readdirSync(cwd)).toEqual(["a-folder"]);
    expect(readdirSync(join(cwd, "a-folder"))).toEqual([]);
  });

  it("interrupted by Ctrl-C or SIGTERM, exits with 130 and leaves no file; run again, writes the whole file", async () => {
    for (const [signal, name] of [
      ["SIGINT", "products.jsonl"],
      ["SIGTERM", "products.jsonl.gz"],
    ] as const) {
      const out = folder(`interrupted-${signal}`);
      const child = spawn(process.execPath, [CLI_MAIN, "generate", "--count", MANY, "--out", join(out, name)], {
        stdio: ["ignore", "ignore", "pipe"],
      });
      let stderr = "";
      child.stderr?.on("data", (d: Buffer) => {
        stderr += d.toString();
      });
      const code = exited(child);
      await writing(out, child);
      child.kill(signal);
      const status = await code;
      expect(readdirSync(out)).toEqual([]);
      expect(status).toBe(130);
      expect(stderr).toContain(`interrupted: ${join(out, name)} was not written`);
    }
    const whole = join(dir, "interrupted-SIGTERM", "products.jsonl.gz");
    expect(generate(["--count", "30", "--seed", "9", "--out", whole]).code).toBe(0);
    const stdout = generate(["--count", "30", "--seed", "9"]).stdout;
    expect(gunzipSync(readFileSync(whole)).toString()).toBe(stdout);
    expect(readdirSync(join(dir, "interrupted-SIGTERM"))).toEqual(["products.jsonl.gz"]);
  }, 120_000);

  it("killed (kill -9), leaves at most its temporary file, never a partial file under the name asked for", async () => {
    const out = folder("killed");
    const child = spawn(process.execPath, [CLI_MAIN, "generate", "--count", MANY, "--out", join(out, "p.jsonl")], {
      stdio: "ignore",
    });
    const code = exited(child);
    await writing(out, child);
    child.kill("SIGKILL");
    await code;
    const left = readdirSync(out);
    expect(left).not.toContain("p.jsonl");
    expect(left).toEqual([`.p.jsonl.partial-${child.pid}`]);
  }, 120_000);
});
