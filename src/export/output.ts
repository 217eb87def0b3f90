/** Where bulk commands write: standard output, or a file (gzip-compressed when its name ends in `.gz`). */
import { createWriteStream } from "node:fs";
import type { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";

export interface Output {
  stream: Writable;
  /** Flushes and closes (standard output is left open). */
  close(): Promise<void>;
}

export function openOutput(path: string | undefined): Output {
  if (path === undefined || path === "-") return { stream: process.stdout, close: async () => {} };
  const file = createWriteStream(path);
  if (!path.endsWith(".gz")) {
    const closed = new Promise<void>((resolve, reject) => {
      file.once("close", resolve);
      file.once("error", reject);
    });
    closed.catch(() => {});
    return {
      stream: file,
      close: async () => {
        file.end();
        await closed;
      },
    };
  }
  const gzip = createGzip();
  const done = pipeline(gzip, file);
  done.catch(() => {});
  return {
    stream: gzip,
    close: async () => {
      gzip.end();
      await done;
    },
  };
}

/** The reader of standard output went away (`foodbase export | head`): not an error of ours. */
export function isClosedPipe(e: unknown): boolean {
  return (e as NodeJS.ErrnoException).code === "EPIPE";
}
