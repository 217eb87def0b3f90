/** Posting containers and pid sets of the SQLite search index. */
import { describe, expect, it } from "vitest";
import {
  CHUNK_SIZE,
  CHUNK_WORDS,
  containerChunk,
  decodeContainer,
  encodeContainer,
  PidSet,
} from "../../src/store/search-bitmap.js";

function words(offsets: number[]): Uint32Array {
  const w = new Uint32Array(CHUNK_WORDS);
  for (const o of offsets) w[o >>> 5] = (w[o >>> 5] as number) | (1 << (o & 31));
  return w;
}

describe("containers", () => {
  it("an empty chunk has no row", () => {
    expect(encodeContainer(3, new Uint32Array(CHUNK_WORDS))).toBeUndefined();
  });
  it("few members: sorted uint16 offsets; many: a bitmap; both decode to the same set", () => {
    const sparse = [0, 1, 31, 32, 4095];
    const blob = encodeContainer(7, words(sparse)) as Buffer;
    expect(blob.length).toBe(4 + 2 * sparse.length);
    expect(containerChunk(blob)).toBe(7);
    const dense = Array.from({ length: 300 }, (_, i) => i * 13);
    const big = encodeContainer(70000, words(dense)) as Buffer;
    expect(big.length).toBe(4 + CHUNK_SIZE / 8);
    expect(containerChunk(big)).toBe(70000);
    for (const [blobOf, members] of [
      [blob, sparse],
      [big, dense],
    ] as const) {
      const out = new Uint32Array(CHUNK_WORDS).fill(0xffffffff);
      decodeContainer(blobOf, out);
      expect(out).toEqual(words(members));
    }
  });
  it("a container read at an unaligned offset of its buffer", () => {
    const dense = Array.from({ length: 400 }, (_, i) => i * 7);
    const blob = encodeContainer(1, words(dense)) as Buffer;
    const shifted = Buffer.alloc(blob.length + 1);
    blob.copy(shifted, 1);
    const set = new PidSet(3 * CHUNK_SIZE);
    set.orContainer(shifted.subarray(1));
    expect(set.toArray()).toEqual(dense.map((o) => CHUNK_SIZE + o));
  });
});

describe("pid sets", () => {
  const a = PidSet.of(10_000, [1, 5, 64, 4096, 9999]);
  const b = PidSet.of(10_000, [5, 64, 70, 9999]);
  it("and, or, and-not, count, slices", () => {
    expect(a.clone().and(b).toArray()).toEqual([5, 64, 9999]);
    expect(a.clone().or(b).toArray()).toEqual([1, 5, 64, 70, 4096, 9999]);
    expect(a.clone().andNot(b).toArray()).toEqual([1, 4096]);
    expect(a.count()).toBe(5);
    expect(a.slice(1, 2)).toEqual([5, 64]);
    expect(a.slice(4, 10)).toEqual([9999]);
    expect(a.slice(5, 10)).toEqual([]);
    expect(a.has(4096)).toBe(true);
    expect(a.has(4097)).toBe(false);
    expect(a.has(20_000)).toBe(false);
    const dense = Array.from({ length: 300 }, (_, i) => 4096 + i * 3);
    const set = PidSet.of(10_000, [4096, 4099, 4100, 5000]);
    expect(set.countInContainer(encodeContainer(1, words(dense.map((p) => p - 4096))) as Buffer)).toBe(2);
    expect(set.countInContainer(encodeContainer(1, words([0, 4, 904])) as Buffer)).toBe(3);
  });
});
