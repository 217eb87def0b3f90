/** foodbase server processes for tests: the built CLI (`npm run build` first) as an operator starts it. */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

export const CLI_MAIN = join(import.meta.dirname, "../../dist/cli/main.js");

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
  /** kill -9, then waits for the exit. */
  kill(): Promise<void>;
}

/**
 * Starts `foodbase serve` on a free port of 127.0.0.1 and waits until it listens: one process unless
 * `env` sets FOODBASE_WORKERS (or `args` --workers).
 */
export async function startServerProcess(env: Record<string, string>, args: string[] = []): Promise<ServerProcess> {
  const child = spawn(process.execPath, [CLI_MAIN, "serve", "--host", "127.0.0.1", "--port", "0", ...args], {
    env: { ...process.env, LOG_LEVEL: "silent", FOODBASE_WORKERS: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal ?? "")),
  );
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d.toString();
      const m = /foodbase listening on (http:\/\/\S+)/.exec(output);
      if (m) resolve(m[1] as string);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    exited.then((code) => reject(new Error(`foodbase serve exited (${code}) before listening: ${output}`)));
  });
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { url, child, exited, stop: () => end("SIGTERM"), kill: () => end("SIGKILL") };
}

/** The ids of a process's children (Linux): the workers of `serve --workers N`. */
export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter((s) => s !== "")
      .map(Number);
  } catch {
    return [];
  }
}
