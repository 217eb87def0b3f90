/**
 * Posting lists of both stores' search indexes (SQLite's and PostgreSQL's `search_postings`): for each term (a tag, a nutrient value bin, …) the set of
 * product ids (`pid`) that have it, stored in chunks of 4096 ids, one row per (term, chunk), like
 * Roaring bitmaps:
 *   blob = chunk number (uint32 LE) + either a 512-byte bitmap (uint32 LE words, 256+ members)
 *          or the sorted offsets of its members (uint16 LE, at most 255).
 * A chunk holds a few hundred bytes, so a write rewrites a few small rows; a query reads a term's
 * chunks in one statement and combines them in a {@link PidSet} with word-wide operations, so
 * intersecting 400,000 ids with 200,000 costs a fraction of a millisecond.
 */
import { endianness } from "node:os";

export const CHUNK_BITS = 12;
export const CHUNK_SIZE = 1 << CHUNK_BITS;
export const CHUNK_WORDS = CHUNK_SIZE / 32;
const BITMAP_BYTES = CHUNK_SIZE / 8;
/** A chunk with more members than this is stored as a bitmap. */
const MAX_ARRAY_MEMBERS = 255;

if (endianness() !== "LE") throw new Error("foodbase's search index needs a little-endian CPU");

export function popcount32(word: number): number {
  let w = word - ((word >>> 1) & 0x55555555);
  w = (w & 0x33333333) + ((w >>> 2) & 0x33333333);
  return (((w + (w >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Scratch space for blobs whose bytes are not 4-aligned in their buffer. */
const aligned = new Uint32Array(CHUNK_WORDS + 1);
const alignedBytes = new Uint8Array(aligned.buffer);

/** The chunk number of a stored container. */
export function containerChunk(blob: Uint8Array): number {
  return (
    (blob[0] as number) | ((blob[1] as number) << 8) | ((blob[2] as number) << 16) | ((blob[3] as number) * 2 ** 24)
  );
}

/** The words of a bitmap container's payload (a view when aligned, else a copy in shared scratch space). */
function bitmapWords(blob: Uint8Array): Uint32Array {
  const start = blob.byteOffset + 4;
  if (start % 4 === 0) return new Uint32Array(blob.buffer, start, CHUNK_WORDS);
  alignedBytes.set(blob.subarray(4, 4 + BITMAP_BYTES));
  return aligned.subarray(0, CHUNK_WORDS);
}

function isBitmap(blob: Uint8Array): boolean {
  return blob.length === 4 + BITMAP_BYTES;
}

/** Decodes a container into a chunk's 128 words (cleared first). */
export function decodeContainer(blob: Uint8Array, out: Uint32Array): void {
  if (isBitmap(blob)) {
    out.set(bitmapWords(blob));
    return;
  }
  out.fill(0);
  for (let i = 4; i + 1 < blob.length; i += 2) {
    const offset = (blob[i] as number) | ((blob[i + 1] as number) << 8);
    out[offset >>> 5] = (out[offset >>> 5] as number) | (1 << (offset & 31));
  }
}

/** Encodes a chunk's 128 words; undefined when the chunk is empty (its row is deleted). */
export function encodeContainer(chunk: number, words: Uint32Array): Buffer | undefined {
  let members = 0;
  for (let i = 0; i < CHUNK_WORDS; i++) members += popcount32(words[i] as number);
  if (members === 0) return undefined;
  const header = [chunk & 0xff, (chunk >>> 8) & 0xff, (chunk >>> 16) & 0xff, (chunk >>> 24) & 0xff];
  if (members > MAX_ARRAY_MEMBERS) {
    const blob = Buffer.alloc(4 + BITMAP_BYTES);
    blob.set(header, 0);
    blob.set(new Uint8Array(words.buffer, words.byteOffset, BITMAP_BYTES), 4);
    return blob;
  }
  const blob = Buffer.alloc(4 + members * 2);
  blob.set(header, 0);
  let at = 4;
  for (let i = 0; i < CHUNK_WORDS; i++) {
    let word = words[i] as number;
    while (word !== 0) {
      const bit = 31 - Math.clz32(word & -word);
      const offset = (i << 5) | bit;
      blob[at++] = offset & 0xff;
      blob[at++] = offset >>> 8;
      word &= word - 1;
    }
  }
  return blob;
}

/** A set of product ids as one bitmap over 0..capacity, for combining posting lists. */
export class PidSet {
  readonly words: Uint32Array;

  constructor(readonly capacity: number) {
    this.words = new Uint32Array(Math.ceil((capacity + 1) / CHUNK_SIZE) * CHUNK_WORDS);
  }

  static of(capacity: number, pids: Iterable<number>): PidSet {
    const set = new PidSet(capacity);
    for (const pid of pids) set.add(pid);
    return set;
  }

  clone(): PidSet {
    const copy = new PidSet(this.capacity);
    copy.words.set(this.words);
    return copy;
  }

  add(pid: number): void {
    if (pid < 0 || pid > this.capacity) return;
    this.words[pid >>> 5] = (this.words[pid >>> 5] as number) | (1 << (pid & 31));
  }

  remove(pid: number): void {
    if (pid < 0 || pid > this.capacity) return;
    this.words[pid >>> 5] = (this.words[pid >>> 5] as number) & ~(1 << (pid & 31));
  }

  has(pid: number): boolean {
    return pid >= 0 && pid <= this.capacity && ((this.words[pid >>> 5] as number) & (1 << (pid & 31))) !== 0;
  }

  /** Adds every member of a stored container. */
  orContainer(blob: Uint8Array): void {
    const chunk = containerChunk(blob);
    const base = chunk * CHUNK_WORDS;
    if (base >= this.words.length) return;
    const words = this.words;
    if (isBitmap(blob)) {
      const source = bitmapWords(blob);
      for (let i = 0; i < CHUNK_WORDS; i++) words[base + i] = (words[base + i] as number) | (source[i] as number);
      return;
    }
    const first = chunk << CHUNK_BITS;
    for (let i = 4; i + 1 < blob.length; i += 2) {
      const pid = first | (blob[i] as number) | ((blob[i + 1] as number) << 8);
      words[pid >>> 5] = (words[pid >>> 5] as number) | (1 << (pid & 31));
    }
  }

  /** How many members of a stored container are in this set (without building a set for it). */
  countInContainer(blob: Uint8Array): number {
    const chunk = containerChunk(blob);
    const base = chunk * CHUNK_WORDS;
    if (base >= this.words.length) return 0;
    const words = this.words;
    let count = 0;
    if (isBitmap(blob)) {
      const source = bitmapWords(blob);
      for (let i = 0; i < CHUNK_WORDS; i++) {
        const w = (words[base + i] as number) & (source[i] as number);
        if (w !== 0) count += popcount32(w);
      }
      return count;
    }
    const first = chunk << CHUNK_BITS;
    for (let i = 4; i + 1 < blob.length; i += 2) {
      const pid = first | (blob[i] as number) | ((blob[i + 1] as number) << 8);
      if (((words[pid >>> 5] as number) & (1 << (pid & 31))) !== 0) count++;
    }
    return count;
  }

  and(other: PidSet): this {
    const a = this.words;
    const b = other.words;
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) a[i] = (a[i] as number) & (b[i] as number);
    a.fill(0, n);
    return this;
  }

  or(other: PidSet): this {
    const a = this.words;
    const b = other.words;
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) a[i] = (a[i] as number) | (b[i] as number);
    return this;
  }

  andNot(other: PidSet): this {
    const a = this.words;
    const b = other.words;
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) a[i] = (a[i] as number) & ~(b[i] as number);
    return this;
  }

  count(): number {
    let total = 0;
    const words = this.words;
    for (let i = 0; i < words.length; i++) {
      const w = words[i] as number;
      if (w !== 0) total += popcount32(w);
    }
    return total;
  }

  /** Members in ascending order, after skipping `skip` of them, at most `limit`. */
  slice(skip: number, limit: number): number[] {
    const out: number[] = [];
    let skipped = 0;
    const words = this.words;
    for (let i = 0; i < words.length && out.length < limit; i++) {
      let word = words[i] as number;
      if (word === 0) continue;
      const inWord = popcount32(word);
      if (skipped + inWord <= skip) {
        skipped += inWord;
        continue;
      }
      while (word !== 0 && out.length < limit) {
        const bit = 31 - Math.clz32(word & -word);
        word &= word - 1;
        if (skipped < skip) skipped++;
        else out.push((i << 5) | bit);
      }
    }
    return out;
  }

  toArray(): number[] {
    return this.slice(0, Number.POSITIVE_INFINITY);
  }

  /** Calls `visit` with each member, in ascending order. */
  forEach(visit: (pid: number) => void): void {
    const words = this.words;
    for (let w = 0; w < words.length; w++) {
      let word = words[w] as number;
      while (word !== 0) {
        const bit = 31 - Math.clz32(word & -word);
        word &= word - 1;
        visit((w << 5) | bit);
      }
    }
  }
}

/** A filter evaluated to a set, or its complement (clauses made only of negations). */
export interface FilterSet {
  set: PidSet;
  negated: boolean;
}

/** A ∪ B where either may be a complement. */
export function orSets(a: FilterSet, b: FilterSet): FilterSet {
  if (!a.negated && !b.negated) return { set: a.set.or(b.set), negated: false };
  if (a.negated && b.negated) return { set: a.set.and(b.set), negated: true };
  const [negative, positive] = a.negated ? [a, b] : [b, a];
  return { set: negative.set.andNot(positive.set), negated: true };
}
