/** `--out` of `foodbase export` and `generate`: the file is complete under its name, or not there. */
import type { Writable } from "node:stream";
import { isClosedPipe, type Output, openOutput } from "../export/output.js";
import { EXIT_INTERRUPTED } from "./options.js";

/**
 * Runs `write` into `path` (standard output when undefined or `-`) and completes the file; returns what
 * `write` returned, or undefined when the run ended without a result that is an error of its own: the
 * reader of standard output went away, or Ctrl-C / SIGTERM (exit status 130). An interrupted or
 * failed file is removed, never left partial under its name.
 */
export async function writeOutput<T>(
  path: string | undefined,
  write: (out: Writable) => Promise<T>,
): Promise<T | undefined> {
  const toFile = path !== undefined && path !== "-";
  let output: Output | undefined;
  let interrupted = false;
  const onSignal = () => {
    // A second Ctrl-C does not wait for the work in progress to notice.
    if (interrupted) process.exit(EXIT_INTERRUPTED);
    interrupted = true;
    // Removed at once (a kill -9 may follow); the next write fails and ends the run.
    output?.discard();
  };
  // Installed before the file exists: it is never there while a signal would end the process the default
  // way. On standard output, what was written is already gone down the pipe: the default is right.
  if (toFile) {
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
  }
  try {
    output = openOutput(path);
    const result = await write(output.stream);
    await output.close();
    return result;
  } catch (e) {
    output?.discard();
    if (interrupted) {
      process.stderr.write(`interrupted: ${path} was not written\n`);
      process.exitCode = EXIT_INTERRUPTED;
      return undefined;
    }
    if (!toFile && isClosedPipe(e)) return undefined;
    throw e;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}
