/**
 * The input of an import: a file or standard input, gzip-compressed or not (told by its first bytes,
 * not its name), read as a stream of decompressed bytes. Raw bytes read are counted for the progress.
 *
 * gzip data is decoded member by member: the header and the trailer are read here, the compressed data
 * in between by zlib's raw inflate. So every byte zlib decoded is handed on before an error is raised:
 * a stream that zlib rejects loses only what its failing call had decoded (Node gives it no further),
 * and a complete member followed by garbage, or whose check value is wrong, loses nothing (with a
 * whole gunzip stream, these errors came with the last megabyte it decoded, which was dropped).
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { basename } from "node:path";
import type { Readable } from "node:stream";
import * as zlib from "node:zlib";

const CHUNK_BYTES = 1024 * 1024;
/** Compressed bytes given to zlib at a time. */
const INFLATE_INPUT_BYTES = 64 * 1024;
/**
 * Decoded bytes zlib gives back at a time. When zlib meets damaged data, what its call had decoded is
 * lost: this is the most that can be (gzip itself loses up to 32 KiB).
 */
const INFLATE_OUTPUT_BYTES = 64 * 1024;

export class InputError extends Error {}

/** The gzip data ends before its end marker (a download cut short, a copy still being written). */
export class TruncatedInputError extends InputError {}

/**
 * After the end of the gzip data come bytes that are neither another gzip member nor zero padding.
 * Raised once all the gzip data before them was decoded and checked: the input is complete up to there.
 */
export class TrailingDataError extends InputError {}

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

let crcTable: Uint32Array | undefined;

/** CRC-32 of gzip (zlib's own where Node has it: 20.15 and later). */
function crc32(data: Uint8Array, value: number): number {
  if (typeof zlib.crc32 === "function") return zlib.crc32(data, value);
  if (crcTable === undefined) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = ~value;
  for (const byte of data) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return ~c >>> 0;
}

/** Compressed bytes, read ahead as needed; what a gzip member leaves unused is put back for the next. */
class ByteReader {
  private readonly held: Buffer[] = [];
  private ended = false;

  constructor(private readonly source: AsyncIterator<Buffer>) {}

  /** The next bytes, at most `max` of them (and at least one); null at the end of the input. */
  async next(max = Number.POSITIVE_INFINITY): Promise<Buffer | null> {
    let chunk = this.held.shift();
    while (chunk === undefined || chunk.length === 0) {
      if (this.ended) return null;
      const read = await this.source.next();
      if (read.done === true) {
        this.ended = true;
        return null;
      }
      chunk = read.value;
    }
    if (chunk.length > max) {
      this.held.unshift(chunk.subarray(max));
      chunk = chunk.subarray(0, max);
    }
    return chunk;
  }

  /** `n` bytes, or fewer when the input ends first. */
  async read(n: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    let length = 0;
    while (length < n) {
      const part = await this.next(n - length);
      if (part === null) break;
      parts.push(part);
      length += part.length;
    }
    return Buffer.concat(parts, length);
  }

  unread(bytes: Buffer): void {
    if (bytes.length > 0) this.held.unshift(bytes);
  }
}

/** A gzip decoder's failures, as messages about `name`. */
class GzipErrors {
  constructor(private readonly name: string) {}
  truncated(): TruncatedInputError {
    return new TruncatedInputError(`${this.name} is truncated (its gzip data stops before the end of the stream)`);
  }
  corrupt(what: string): InputError {
    return new InputError(`${this.name}: corrupt gzip data (${what})`);
  }
  trailing(): TrailingDataError {
    return new TrailingDataError(
      `${this.name}: the gzip data is followed by bytes that are not gzip data (trailing garbage)`,
    );
  }
}

const FHCRC = 0x02;
const FEXTRA = 0x04;
const FNAME = 0x08;
const FCOMMENT = 0x10;

/**
 * Reads a gzip member's header (RFC 1952 §2.3). Bytes that do not start like one (only possible after
 * a first member) are trailing garbage.
 */
async function readHeader(reader: ByteReader, errors: GzipErrors): Promise<void> {
  const fixed = await reader.read(10);
  if (!(fixed.length >= 2 ? isGzip(fixed) : fixed[0] === 0x1f)) throw errors.trailing();
  if (fixed.length < 10) throw errors.truncated();
  if (fixed[2] !== 8) throw errors.corrupt("unknown compression method");
  const flags = fixed[3] as number;
  if (flags & 0xe0) throw errors.corrupt("unknown header flags set");
  const header: Buffer[] = [fixed];
  const need = async (n: number) => {
    const bytes = await reader.read(n);
    if (bytes.length < n) throw errors.truncated();
    header.push(bytes);
    return bytes;
  };
  if (flags & FEXTRA) await need((await need(2)).readUInt16LE(0));
  for (const flag of [FNAME, FCOMMENT]) {
    if (!(flags & flag)) continue;
    // A zero-terminated string.
    for (;;) {
      const part = await reader.next();
      if (part === null) throw errors.truncated();
      const end = part.indexOf(0);
      if (end === -1) {
        header.push(part);
        continue;
      }
      header.push(part.subarray(0, end + 1));
      reader.unread(part.subarray(end + 1));
      break;
    }
  }
  if (flags & FHCRC) {
    const stored = await reader.read(2);
    if (stored.length < 2) throw errors.truncated();
    const expected = stored.readUInt16LE(0);
    let crc = 0;
    for (const part of header) crc = crc32(part, crc);
    if ((crc & 0xffff) !== expected) throw errors.corrupt("header crc mismatch");
  }
}

/**
 * Decodes a gzip member's compressed data, handing on every chunk zlib gives before any error, and
 * puts back the bytes after it. Returns the CRC-32 and length (modulo 2^32) of what it decoded.
 */
async function* inflateMember(
  reader: ByteReader,
  errors: GzipErrors,
  describe: (error: NodeJS.ErrnoException) => InputError,
): AsyncGenerator<Buffer, { crc: number; size: number }> {
  const inflater = zlib.createInflateRaw({ chunkSize: INFLATE_OUTPUT_BYTES });
  const decoded: Buffer[] = [];
  let failure: NodeJS.ErrnoException | undefined;
  inflater.on("data", (chunk: Buffer) => decoded.push(chunk));
  inflater.on("error", (error: NodeJS.ErrnoException) => {
    failure ??= error;
  });
  /** Gives zlib one piece of input; settles once it is used (or zlib failed). */
  const feed = (piece: Buffer) =>
    new Promise<void>((resolve) => {
      const done = () => {
        inflater.off("error", done);
        resolve();
      };
      inflater.once("error", done);
      inflater.write(piece, done);
    });
  let crc = 0;
  let size = 0;
  let fed = 0;
  try {
    let piece = await reader.next(INFLATE_INPUT_BYTES);
    if (piece === null) throw errors.truncated();
    fed += piece.length;
    let used = feed(piece);
    for (;;) {
      await used;
      // Output still buffered in the stream (if any) goes to the "data" listener.
      while (inflater.readableLength > 0 && inflater.read() !== null) {}
      const out = decoded.splice(0);
      for (const chunk of out) {
        crc = crc32(chunk, crc);
        size += chunk.length;
      }
      const unused = fed - inflater.bytesWritten;
      let next: Buffer | null = null;
      if (failure === undefined && unused === 0) {
        // Decode the next piece while this one's output is handed on.
        next = await reader.next(INFLATE_INPUT_BYTES);
        if (next !== null) {
          fed += next.length;
          used = feed(next);
        }
      }
      yield* out;
      if (failure !== undefined) throw describe(failure);
      if (unused > 0) {
        // zlib stopped before the end of its input: the end of the compressed data.
        reader.unread(piece.subarray(piece.length - unused));
        return { crc, size: size >>> 0 };
      }
      if (next === null) throw errors.truncated();
      piece = next;
    }
  } finally {
    inflater.destroy();
  }
}

/** Decodes gzip data (one member or several in a row, possibly followed by zero padding). */
async function* gunzip(
  reader: ByteReader,
  errors: GzipErrors,
  describe: (error: NodeJS.ErrnoException) => InputError,
): AsyncGenerator<Buffer> {
  for (;;) {
    await readHeader(reader, errors);
    const { crc, size } = yield* inflateMember(reader, errors, describe);
    const trailer = await reader.read(8);
    if (trailer.length < 8) throw errors.truncated();
    if (trailer.readUInt32LE(0) !== crc) throw errors.corrupt("incorrect data check");
    if (trailer.readUInt32LE(4) !== size) throw errors.corrupt("incorrect length check");
    // Then the end, another member, or zero bytes up to the end (padding, as zlib and gzip allow).
    let padded = false;
    for (;;) {
      const after = await reader.next();
      if (after === null) return;
      const data = after.findIndex((byte) => byte !== 0);
      if (data === -1) {
        padded = true;
        continue;
      }
      if (padded || data > 0) throw errors.trailing();
      reader.unread(after);
      break;
    }
  }
}

function describeReadError(name: string, error: NodeJS.ErrnoException): InputError {
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
      const shownName = fromStdin ? name : path;
      const describe = (error: NodeJS.ErrnoException) => describeReadError(shownName, error);
      const raw: Readable = fromStdin ? process.stdin : createReadStream(path, { highWaterMark: CHUNK_BYTES });
      let head: Buffer | null;
      try {
        head = await peek(raw);
      } catch (e) {
        throw describe(e as NodeJS.ErrnoException);
      }
      if (head === null) return;
      async function* counted(): AsyncGenerator<Buffer> {
        for await (const chunk of raw) {
          bytesRead += (chunk as Buffer).length;
          yield chunk as Buffer;
        }
      }
      try {
        if (isGzip(head)) yield* gunzip(new ByteReader(counted()), new GzipErrors(shownName), describe);
        else yield* counted();
      } catch (e) {
        if (e instanceof InputError) throw e;
        throw describe(e as NodeJS.ErrnoException);
      } finally {
        raw.destroy();
      }
    },
  };
}
