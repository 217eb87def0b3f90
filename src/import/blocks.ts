/**
 * The input cut into blocks of whole lines (about a megabyte each), the unit of work of the import's
 * worker threads: the reading thread only looks for line ends, decoding and parsing happen in workers.
 */
import type { PreparedProduct, PrepareOptions, RejectedLine } from "./prepare.js";
import { isRejected, prepareLine } from "./prepare.js";
import { TrailingDataError } from "./source.js";

export interface LineBlock {
  /** Number of the block's first line (1-based). */
  firstLine: number;
  /** UTF-8 text of whole lines; empty for an over-long line, which is only reported. */
  bytes: Uint8Array;
  /** Set (to the limit, in bytes) when the line `firstLine` was longer than the limit and skipped. */
  overlongLine?: number;
}

export interface PreparedBlock {
  products: PreparedProduct[];
  rejects: RejectedLine[];
  /** Number of the block's last line. */
  lastLine: number;
}

const NEWLINE = 0x0a;

/**
 * Lines longer than this are skipped (and reported) instead of being held in memory. Real OFF
 * products are at most a few hundred KiB; parsed, a line of this size still fits a worker's heap.
 */
export const MAX_LINE_BYTES = 8 * 1024 * 1024;

function countLines(bytes: Uint8Array): number {
  let count = 0;
  let at = bytes.indexOf(NEWLINE);
  while (at !== -1) {
    count++;
    at = bytes.indexOf(NEWLINE, at + 1);
  }
  return count;
}

/**
 * Cuts a byte stream into blocks of whole lines of at least `blockBytes` (the last one may be smaller
 * and lack its final newline). When the stream fails, the whole lines read so far are still given as a
 * block before the error is thrown; the incomplete line at the failure is dropped (unless the failure
 * is bytes after the end of complete gzip data, a `TrailingDataError`: then that line is complete).
 */
export async function* lineBlocks(
  chunks: AsyncIterable<Uint8Array>,
  blockBytes = 1024 * 1024,
  maxLineBytes = MAX_LINE_BYTES,
): AsyncGenerator<LineBlock> {
  let parts: Uint8Array[] = [];
  let partsBytes = 0;
  /** Bytes of `parts` up to and including the last newline seen. */
  let wholeBytes = 0;
  let nextLine = 1;
  let skippingOverlong = false;

  function takeWhole(): LineBlock {
    // A buffer of its own (never Node's shared pool), so that it can be transferred to a worker.
    const all = Buffer.allocUnsafeSlow(partsBytes);
    let offset = 0;
    for (const part of parts) {
      all.set(part, offset);
      offset += part.length;
    }
    const block = new Uint8Array(all.buffer, all.byteOffset, wholeBytes);
    const rest = all.subarray(wholeBytes);
    parts = rest.length > 0 ? [Buffer.from(rest)] : [];
    partsBytes = rest.length;
    wholeBytes = 0;
    const result = { firstLine: nextLine, bytes: block };
    nextLine += countLines(block);
    return result;
  }

  try {
    for await (const received of chunks) {
      let chunk = received;
      if (skippingOverlong) {
        const end = chunk.indexOf(NEWLINE);
        if (end === -1) continue;
        skippingOverlong = false;
        chunk = chunk.subarray(end + 1);
      }
      const lastNewline = chunk.lastIndexOf(NEWLINE);
      parts.push(chunk);
      partsBytes += chunk.length;
      if (lastNewline !== -1) wholeBytes = partsBytes - chunk.length + lastNewline + 1;
      if (wholeBytes >= blockBytes) yield takeWhole();
      else if (partsBytes - wholeBytes > maxLineBytes) {
        if (wholeBytes > 0) yield takeWhole();
        // The line now pending is over the limit: report it, drop it, skip to its end.
        yield { firstLine: nextLine, bytes: new Uint8Array(0), overlongLine: maxLineBytes };
        nextLine++;
        parts = [];
        partsBytes = 0;
        skippingOverlong = true;
      }
    }
  } catch (e) {
    // Data after the end of the input's gzip data: what came before is complete, its last line too.
    if (e instanceof TrailingDataError) wholeBytes = partsBytes;
    if (wholeBytes > 0) yield takeWhole();
    throw e;
  }
  if (partsBytes > 0) {
    wholeBytes = partsBytes;
    yield takeWhole();
  }
}

/** Parses and prepares every line of a block (in a worker thread, or inline). */
export function prepareBlock(block: LineBlock, options: PrepareOptions): PreparedBlock {
  const products: PreparedProduct[] = [];
  const rejects: RejectedLine[] = [];
  if (block.overlongLine !== undefined) {
    const limit = block.overlongLine;
    const shown = limit % (1024 * 1024) === 0 ? `${limit / 1024 / 1024} MiB` : `${limit} bytes`;
    rejects.push({ line: block.firstLine, reason: `line longer than ${shown}`, text: "" });
    return { products, rejects, lastLine: block.firstLine };
  }
  const bytes = Buffer.from(block.bytes.buffer, block.bytes.byteOffset, block.bytes.byteLength);
  let line = block.firstLine;
  let start = 0;
  // A byte-order mark at the start of the input is not part of the first record.
  if (line === 1 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
  while (start < bytes.length) {
    let end = bytes.indexOf(NEWLINE, start);
    if (end === -1) end = bytes.length;
    // Each line decoded on its own: V8 then makes a flat, one-byte string of every line whose text is
    // Latin-1, which JSON.parse reads faster than a slice of a block-long two-byte string (decoding
    // and parsing took half the time so).
    const lineText = bytes.toString("utf8", start, bytes[end - 1] === 13 ? end - 1 : end);
    const prepared = prepareLine(lineText, line, options);
    if (prepared !== undefined) {
      if (isRejected(prepared)) rejects.push(prepared);
      else products.push(prepared);
    }
    line++;
    start = end + 1;
  }
  return { products, rejects, lastLine: line - 1 };
}
