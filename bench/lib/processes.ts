/** Child processes for benchmarks: servers run apart from the load generator, as in production. */
import { type ChildProcess, spawn } from "node:child_process";

export interface Child {
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Spawns a command and resolves with the first match of `ready` in its stdout. */
export function spawnUntil(
  command: string,
  args: string[],
  ready: RegExp,
  env: NodeJS.ProcessEnv = {},
): Promise<{ child: Child; match: RegExpExecArray }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    const stop = () =>
      new Promise<void>((done) => {
        if (proc.exitCode !== null) return done();
        proc.once("exit", () => done());
        proc.kill("SIGTERM");
      });
    proc.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      const m = ready.exec(out);
      if (m) resolve({ child: { process: proc, stop }, match: m });
    });
    proc.once("exit", (code) => reject(new Error(`${command} ${args.join(" ")} exited with ${code}: ${out}`)));
  });
}
