/**
 * Shared parts of the property-based suites (issue 26 item 9): a fixed seed and a bounded number of runs
 * in `npm test`; `npm run fuzz` raises the runs (FOODBASE_FUZZ_RUNS) and prints what was tried.
 */
import { Writable } from "node:stream";
import fc from "fast-check";

export const FUZZ_SEED = Number(process.env.FOODBASE_FUZZ_SEED ?? 20_261_126);
export const FUZZ_RUNS = Number(process.env.FOODBASE_FUZZ_RUNS ?? 30);
/** True under `npm run fuzz`: print a report of what each property tried. */
export const FUZZ_REPORT = process.env.FOODBASE_FUZZ_REPORT === "1";

export function fuzzParameters(): fc.Parameters<unknown> {
  return { seed: FUZZ_SEED, numRuns: FUZZ_RUNS, endOnFailure: true };
}

/** Statuses seen per property, printed by `npm run fuzz`. */
export class FuzzTally {
  private readonly statuses = new Map<number, number>();
  private tries = 0;

  constructor(private readonly name: string) {}

  add(status: number): void {
    this.tries++;
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
  }

  report(): void {
    if (!FUZZ_REPORT) return;
    const byStatus = [...this.statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
    process.stdout.write(`fuzz ${this.name}: ${this.tries} requests (${byStatus.join(", ")})\n`);
  }
}

/** A log stream that keeps the error-level lines (an uncaught exception is logged at level 50). */
export class ErrorLogLines extends Writable {
  readonly lines: string[] = [];

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    for (const line of chunk.toString().split("\n")) {
      if (line === "") continue;
      try {
        if (((JSON.parse(line) as { level?: number }).level ?? 0) >= 50) this.lines.push(line);
      } catch {
        this.lines.push(line);
      }
    }
    done();
  }
}

/** Percent-encodes every UTF-8 byte of a text, so that any string (even a lone surrogate) fits a path. */
export function encodePathSegment(text: string): string {
  return [...Buffer.from(text, "utf8")].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");
}

/** Texts that break naive parsers, mixed into the generated ones. */
export const AWKWARD_TEXTS = [
  "",
  " ",
  "-",
  "--",
  "0",
  "-0",
  "1e309",
  "-1e309",
  "NaN",
  "Infinity",
  "0x10",
  "1,5",
  "1.5.5",
  "99999999999999999999999",
  "<5",
  "<=",
  ">=4.37",
  "~",
  "traces",
  "%",
  "%%",
  "%E0%A4%A",
  "\u0000",
  "\uD800",
  "\u202E",
  "null",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "toString",
  "en:",
  "xx:",
  ":",
  "unknown",
  "-unknown",
  "a|b|-c",
  ",,,",
  "'",
  "\\",
  "é".repeat(300),
  "x".repeat(5000),
];

/** Any text: awkward ones, short unicode, and digits. */
export const anyText: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...AWKWARD_TEXTS) },
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.stringMatching(/^[0-9]{0,30}$/) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);
