/** Runs a command as a child process and measures its wall time and peak resident memory (Linux). */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";

export interface Measured {
  code: number | null;
  seconds: number;
  /** Peak resident set size in bytes (VmHWM, sampled every 50 ms: the last 50 ms may be missed). */
  peakRss: number;
  stdout: string;
  stderr: string;
}

function highWaterMark(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const match = /VmHWM:\s+(\d+) kB/.exec(status);
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

export function runMeasured(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let peakRss = 0;
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    const sampler = setInterval(() => {
      if (child.pid !== undefined) peakRss = Math.max(peakRss, highWaterMark(child.pid) ?? 0);
    }, 50);
    child.once("error", (e) => {
      clearInterval(sampler);
      reject(e);
    });
    child.once("exit", (code) => {
      clearInterval(sampler);
      resolve({ code, seconds: (performance.now() - started) / 1000, peakRss, stdout, stderr });
    });
  });
}
