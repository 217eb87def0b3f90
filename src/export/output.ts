/**
 * Where bulk commands write: standard output, or a file (gzip-compressed when its name ends in `.gz`).
 * A file is written under a temporary name beside it and renamed when complete: a failure, a Ctrl-C or
 * a kill -9 never leaves a partial result under the name asked for, where it would pass for a whole one.
 */
import { createWriteStream, openSync, renameSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";

export interface Output {
  stream: Writable;
  /** Flushes and closes; a file then gets its final name (standard output is left open). */
  close(): Promise<void>;
  /** Gives up: stops writing and removes the temporary file. Synchronous, for signal handlers. */
  discard(): void;
}

/** The temporary file of `path`: in the same folder, so that the final rename stays on one file system. */
function partialPath(path: string): string {
  return join(dirname(path), `.${basename(path)}.partial-${process.pid}`);
}

/** A system error's reason without Node's `, open '<path>'`: that path is the temporary file's. */
function reason(e: unknown): string {
  return (e as Error).message.replace(/, \w+ '.*$/, "");
}

export function openOutput(path: string | undefined): Output {
  if (path === undefined || path === "-") return { stream: process.stdout, close: async () => {}, discard: () => {} };
  if (statSync(path, { throwIfNoEntry: false })?.isDirectory()) throw new Error(`cannot write ${path}: is a folder`);
  const partial = partialPath(path);
  let fd: number;
  try {
    // Opened now, not by the stream later: a path that cannot be written fails before any work is done.
    fd = openSync(partial, "w");
  } catch (e) {
    throw new Error(`cannot write ${path}: ${reason(e)}`);
  }
  // flush: the data is on disk before the rename makes it the result.
  const file = createWriteStream(partial, { fd, flush: true });
  const gzip = path.endsWith(".gz") ? createGzip() : undefined;
  const written = gzip
    ? pipeline(gzip, file)
    : new Promise<void>((resolve, reject) => {
        file.once("close", resolve);
        file.once("error", reject);
      });
  // Awaited by close(); an earlier failure reaches the writer through the stream (see writeText).
  written.catch(() => {});
  let state: "open" | "renamed" | "discarded" = "open";
  const discard = () => {
    if (state !== "open") return;
    state = "discarded";
    gzip?.destroy();
    file.destroy();
    rmSync(partial, { force: true });
  };
  return {
    stream: gzip ?? file,
    close: async () => {
      try {
        (gzip ?? file).end();
        await written;
        if (state === "discarded") throw new Error(`${path} was discarded`);
        renameSync(partial, path);
        state = "renamed";
      } catch (e) {
        discard();
        throw new Error(`cannot write ${path}: ${reason(e)}`);
      }
    },
    discard,
  };
}

/**
 * Writes, then waits while the stream's buffer is full. A stream that has failed or was discarded (even
 * between two writes) takes no more data and never drains: this fails instead of waiting forever.
 */
export async function writeText(out: Writable, text: string): Promise<void> {
  if (out.destroyed) throw out.errored ?? new Error("the output is closed");
  if (out.write(text)) return;
  await new Promise<void>((resolve, reject) => {
    const settle = () => {
      out.off("drain", settle).off("error", settle).off("close", settle);
      if (out.destroyed) reject(out.errored ?? new Error("the output is closed"));
      else resolve();
    };
    out.on("drain", settle).on("error", settle).on("close", settle);
  });
}

/** The reader of standard output went away (`foodbase export | head`): not an error of ours. */
export function isClosedPipe(e: unknown): boolean {
  return (e as NodeJS.ErrnoException).code === "EPIPE";
}
