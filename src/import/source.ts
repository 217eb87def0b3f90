/**
 * The input of an import: a file or standard input, gzip-compressed or not (told by its first bytes,
 * not its name), read as a stream of decompressed bytes. Raw bytes read are counted for the progress.
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { basename } from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";

const CHUNK_BYTES = 1024 * 1024;

export class InputError extends Error {}

/** The gzip data ends before its end marker (a download cut short, a copy still being written). */
export class TruncatedInputError extends InputError {}

export interface InputSource {
  /** For messages and the revision comment: the file name, or `stdin`. */
  name: string;
  /** Size of the file as stored (compressed size for gzip); undefined for standard input. */
  size: number | undefined;
  /** Bytes read from the file or stdin so far (before decompression). */
  bytesRead(): number;
  /** The decompressed content. */
  chunks(): AsyncIterable<Uint8Array>;
}

function isGzip(head: Uint8Array): boolean {
  return head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
}

/** Waits for the first bytes of a stream and puts them back; null for an empty stream. */
async function peek(stream: Readable): Promise<Buffer | null> {
  for (;;) {
    const chunk = stream.read() as Buffer | null;
    if (chunk !== null) {
      stream.unshift(chunk);
      return chunk;
    }
    if (stream.readableEnded) return null;
    await new Promise<void>((resolve, reject) => {
      const done = () => {
        stream.off("readable", done);
        stream.off("end", done);
        stream.off("error", failed);
        resolve();
      };
      const failed = (error: Error) => {
        stream.off("readable", done);
        stream.off("end", done);
        reject(error);
      };
      stream.once("readable", done);
      stream.once("end", done);
      stream.once("error", failed);
    });
    if (stream.readableEnded && stream.readableLength === 0) return null;
  }
}

function describeReadError(name: string, error: NodeJS.ErrnoException): InputError {
  if (error.code === "Z_BUF_ERROR") {
    return new TruncatedInputError(`${name} is truncated (its gzip data stops before the end of the stream)`);
  }
  if (error.code === "Z_DATA_ERROR") return new InputError(`${name}: corrupt gzip data (${error.message})`);
  if (error.code === "ENOENT") return new InputError(`${name}: no such file`);
  if (error.code === "EISDIR") return new InputError(`${name} is a directory`);
  if (error.code === "EACCES") return new InputError(`${name}: permission denied`);
  return new InputError(`${name}: ${error.message}`);
}

/** Opens `path` (`-` = standard input). Fails with an `InputError` for a missing or unreadable file. */
export async function openInput(path: string): Promise<InputSource> {
  const fromStdin = path === "-";
  const name = fromStdin ? "stdin" : basename(path);
  let size: number | undefined;
  if (!fromStdin) {
    try {
      const info = await stat(path);
      if (info.isDirectory()) throw Object.assign(new Error("directory"), { code: "EISDIR" });
      size = info.size;
    } catch (e) {
      throw describeReadError(path, e as NodeJS.ErrnoException);
    }
  }
  let bytesRead = 0;
  return {
    name,
    size,
    bytesRead: () => bytesRead,
    async *chunks() {
      const raw: Readable = fromStdin ? process.stdin : createReadStream(path, { highWaterMark: CHUNK_BYTES });
      const counted = new Transform({
        highWaterMark: CHUNK_BYTES,
        transform(chunk: Buffer, _encoding, callback) {
          bytesRead += chunk.length;
          callback(null, chunk);
        },
      });
      let head: Buffer | null;
      try {
        head = await peek(raw);
      } catch (e) {
        throw describeReadError(fromStdin ? name : path, e as NodeJS.ErrnoException);
      }
      if (head === null) return;
      const stages: Array<Readable | Transform> = [raw, counted];
      if (isGzip(head)) stages.push(createGunzip({ chunkSize: CHUNK_BYTES }));
      const output = stages[stages.length - 1] as Readable;
      // pipeline() forwards every stage's error and destroys the others; errors surface below.
      const flowing = pipeline(stages).catch((e: unknown) => e as Error);
      try {
        for await (const chunk of output) yield chunk as Uint8Array;
      } catch (e) {
        throw describeReadError(fromStdin ? name : path, e as NodeJS.ErrnoException);
      }
      const failure = await flowing;
      if (failure instanceof Error) throw describeReadError(fromStdin ? name : path, failure as NodeJS.ErrnoException);
    },
  };
}
