/**
 * The codes an import has seen, with the line of each, to reject a code seen earlier in the input. A
 * dump holds millions of codes: they are kept in typed arrays (an open-addressing hash table), not in
 * a Map, whose million entries and boxed numbers the import thread's garbage collector would walk
 * again at every full collection. Codes of up to 15 digits (all real barcodes) are exact as numbers;
 * normalised codes have no leading zeros beyond 13 digits, so different codes never make the same
 * number. Longer codes go to a Map.
 */
const INITIAL_CAPACITY = 1 << 16;
const MAX_LOAD = 0.5;

export class SeenCodes {
  private keys = new Float64Array(INITIAL_CAPACITY).fill(Number.NaN);
  private lines = new Int32Array(INITIAL_CAPACITY);
  private count = 0;
  private readonly longCodes = new Map<string, number>();

  /** The earlier line with this code, or undefined (and the code is remembered with `line`). */
  firstLineOf(code: string, line: number): number | undefined {
    if (code.length > 15) {
      const earlier = this.longCodes.get(code);
      if (earlier === undefined) this.longCodes.set(code, line);
      return earlier;
    }
    const key = Number(code);
    const slot = this.slotOf(key);
    if (this.keys[slot] === key) return this.lines[slot];
    this.keys[slot] = key;
    this.lines[slot] = line;
    if (++this.count > this.keys.length * MAX_LOAD) this.grow();
    return undefined;
  }

  /** The slot holding `key`, or the empty slot where it belongs (linear probing). */
  private slotOf(key: number): number {
    const keys = this.keys;
    const mask = keys.length - 1;
    // Codes differ mostly in their low digits: mix both 32-bit halves.
    const low = key % 4294967296;
    const high = (key - low) / 4294967296;
    let slot = (Math.imul(low ^ Math.imul(high, 0x27d4eb2d), 0x9e3779b1) >>> 0) & mask;
    for (;;) {
      const stored = keys[slot] as number;
      if (stored === key || Number.isNaN(stored)) return slot;
      slot = (slot + 1) & mask;
    }
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldLines = this.lines;
    this.keys = new Float64Array(oldKeys.length * 2).fill(Number.NaN);
    this.lines = new Int32Array(oldKeys.length * 2);
    for (let i = 0; i < oldKeys.length; i++) {
      const key = oldKeys[i] as number;
      if (Number.isNaN(key)) continue;
      const slot = this.slotOf(key);
      this.keys[slot] = key;
      this.lines[slot] = oldLines[i] as number;
    }
  }
}
