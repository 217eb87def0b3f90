/**
 * GET loads with wrk (C, from Debian's `wrk` package) when it is installed: it spends far less CPU per
 * request than a JavaScript load generator, which matters on a 2-core machine where the generator and
 * the server share the cores. Falls back to autocannon otherwise (see load.ts).
 */
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Load } from "./load.js";

export function wrkAvailable(): boolean {
  if (process.env.BENCH_LOADGEN === "autocannon") return false;
  try {
    execFileSync("wrk", ["--version"], { stdio: "ignore" });
    return true;
  } catch (e) {
    // wrk --version exits 1 after printing its version.
    return (e as { status?: number }).status === 1;
  }
}

const SCRIPT = `
local paths = {}
for line in io.lines(os.getenv("WRK_PATHS")) do paths[#paths + 1] = line end
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1])
end
`;

function milliseconds(value: string, unit: string): number {
  const n = Number(value);
  return unit === "us" ? n / 1000 : unit === "s" ? n * 1000 : n;
}

export async function wrkLoad(url: string, paths: string[], connections: number, duration: number): Promise<Load> {
  const dir = mkdtempSync(join(tmpdir(), "foodbase-wrk-"));
  try {
    writeFileSync(join(dir, "paths.txt"), `${paths.join("\n")}\n`);
    writeFileSync(join(dir, "paths.lua"), SCRIPT);
    // Through sh, whose `times` then prints the CPU time of its children: what wrk itself used.
    const { stdout } = await promisify(execFile)(
      "sh",
      [
        "-c",
        'wrk "$@"; status=$?; times; exit $status',
        "sh",
        "-t1",
        `-c${connections}`,
        `-d${duration}s`,
        "--latency",
        "-s",
        join(dir, "paths.lua"),
        url,
      ],
      { env: { ...process.env, WRK_PATHS: join(dir, "paths.txt") } },
    );
    // `times`: the shell's own user and system time, then its children's ("0m1.230s 0m0.450s").
    const childTimes = stdout.trim().split("\n").at(-1) ?? "";
    const cpuSeconds = [...childTimes.matchAll(/(\d+)m([\d.]+)s/g)].reduce(
      (sum, m) => sum + Number(m[1]) * 60 + Number(m[2]),
      0,
    );
    const percentile = (p: string) => {
      const m = new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s)`, "m").exec(stdout);
      return m ? milliseconds(m[1] as string, m[2] as string) : Number.NaN;
    };
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? Number.NaN);
    const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0);
    const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
    const errors = socketErrors ? socketErrors.slice(1).reduce((s, x) => s + Number(x), 0) : 0;
    return { rps, p50: percentile("50"), p99: percentile("99"), errors, non2xx, cpuSeconds };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
