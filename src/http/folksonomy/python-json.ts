/**
 * JSON bodies as the Folksonomy Engine (FastAPI on CPython 3.14) reads them, so that an invalid body
 * gets the same `json_invalid` entry (API.md §7.4): `loc` = ["body", <offset>] and `ctx.error` = the
 * message of Python's `json` module, the offset counted in characters (code points).
 *
 * Valid JSON goes through `JSON.parse`. Only when it fails does the scanner below, which follows
 * CPython's C scanner step by step, find Python's message and offset; it also accepts what Python
 * accepts and `JSON.parse` does not (`NaN`, `Infinity`, `-Infinity`).
 */

export type PythonJsonResult = { ok: true; value: unknown } | { ok: false; pos: number; msg: string };

/** Python's recursion limit makes deeper documents fail; a clear error beats a stack overflow. */
const MAX_DEPTH = 1000;

class DecodeError extends Error {
  constructor(
    readonly msg: string,
    readonly pos: number,
  ) {
    super(msg);
  }
}

/** `StopIteration(idx)` of the C scanner: no value starts at `idx`. */
class NoValue extends Error {
  constructor(readonly pos: number) {
    super("Expecting value");
  }
}

const isWhitespace = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;

const ESCAPES: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

class Scanner {
  constructor(private readonly s: string) {}

  private skip(idx: number): number {
    const { s } = this;
    while (idx < s.length && isWhitespace(s.charCodeAt(idx))) idx++;
    return idx;
  }

  decode(): unknown {
    const start = this.skip(0);
    let value: unknown;
    let end: number;
    try {
      [value, end] = this.scanOnce(start, 0);
    } catch (e) {
      if (e instanceof NoValue) throw new DecodeError("Expecting value", e.pos);
      throw e;
    }
    end = this.skip(end);
    if (end !== this.s.length) throw new DecodeError("Extra data", end);
    return value;
  }

  private scanOnce(idx: number, depth: number): [unknown, number] {
    const { s } = this;
    if (idx >= s.length) throw new NoValue(idx);
    const c = s[idx];
    switch (c) {
      case '"':
        return this.scanString(idx + 1);
      case "{":
        if (depth >= MAX_DEPTH) throw new DecodeError("maximum recursion depth exceeded", idx);
        return this.parseObject(idx + 1, depth + 1);
      case "[":
        if (depth >= MAX_DEPTH) throw new DecodeError("maximum recursion depth exceeded", idx);
        return this.parseArray(idx + 1, depth + 1);
      case "n":
        if (s.startsWith("null", idx)) return [null, idx + 4];
        break;
      case "t":
        if (s.startsWith("true", idx)) return [true, idx + 4];
        break;
      case "f":
        if (s.startsWith("false", idx)) return [false, idx + 5];
        break;
      case "N":
        if (s.startsWith("NaN", idx)) return [Number.NaN, idx + 3];
        break;
      case "I":
        if (s.startsWith("Infinity", idx)) return [Number.POSITIVE_INFINITY, idx + 8];
        break;
      case "-":
        if (s.startsWith("-Infinity", idx)) return [Number.NEGATIVE_INFINITY, idx + 9];
        break;
    }
    return this.matchNumber(idx);
  }

  private matchNumber(start: number): [unknown, number] {
    const { s } = this;
    const end = s.length;
    let idx = start;
    if (s[idx] === "-") {
      idx++;
      if (idx >= end) throw new NoValue(start);
    }
    const first = s.charCodeAt(idx);
    if (first >= 0x31 && first <= 0x39) {
      idx++;
      while (idx < end && isDigit(s.charCodeAt(idx))) idx++;
    } else if (first === 0x30) {
      idx++;
    } else {
      throw new NoValue(start);
    }
    if (idx < end - 1 && s[idx] === "." && isDigit(s.charCodeAt(idx + 1))) {
      idx += 2;
      while (idx < end && isDigit(s.charCodeAt(idx))) idx++;
    }
    if (idx < end - 1 && (s[idx] === "e" || s[idx] === "E")) {
      const eStart = idx;
      idx++;
      if (idx < end - 1 && (s[idx] === "-" || s[idx] === "+")) idx++;
      while (idx < end && isDigit(s.charCodeAt(idx))) idx++;
      if (!isDigit(s.charCodeAt(idx - 1))) idx = eStart;
    }
    return [Number(s.slice(start, idx)), idx];
  }

  /** `end` is just after the opening quote. */
  private scanString(end: number): [string, number] {
    const { s } = this;
    const begin = end - 1;
    const len = s.length;
    let out = "";
    for (;;) {
      let next = end;
      let c = 0;
      for (; next < len; next++) {
        c = s.charCodeAt(next);
        if (c === 0x22 || c === 0x5c) break;
        if (c <= 0x1f) throw new DecodeError("Invalid control character at", next);
      }
      if (next >= len || (c !== 0x22 && c !== 0x5c)) throw new DecodeError("Unterminated string starting at", begin);
      out += s.slice(end, next);
      next++;
      if (c === 0x22) return [out, next];
      if (next === len) throw new DecodeError("Unterminated string starting at", begin);
      const esc = s[next] as string;
      if (esc !== "u") {
        const decoded = ESCAPES[esc];
        if (decoded === undefined) throw new DecodeError("Invalid \\escape", next - 1);
        out += decoded;
        end = next + 1;
        continue;
      }
      next++;
      end = next + 4;
      if (end >= len) throw new DecodeError("Invalid \\uXXXX escape", next - 1);
      let code = this.hex4(next, end);
      if (code >= 0xd800 && code <= 0xdbff && end + 6 < len && s[end] === "\\" && s[end + 1] === "u") {
        const low = this.hex4(end + 2, end + 6);
        // Not a low surrogate: the high one stands alone and the next escape is read on its own.
        if (low >= 0xdc00 && low <= 0xdfff) {
          code = 0x10000 + (((code - 0xd800) << 10) | (low - 0xdc00));
          end += 6;
        }
      }
      out += String.fromCodePoint(code);
    }
  }

  /** Four hex digits from `from` to `to`; an invalid one is reported at the `u` of the escape. */
  private hex4(from: number, to: number): number {
    const text = this.s.slice(from, to);
    if (!/^[0-9a-fA-F]{4}$/.test(text)) throw new DecodeError("Invalid \\uXXXX escape", from - 1);
    return Number.parseInt(text, 16);
  }

  private parseObject(idx: number, depth: number): [Record<string, unknown>, number] {
    const { s } = this;
    const out: Record<string, unknown> = {};
    idx = this.skip(idx);
    if (idx >= s.length || s[idx] !== "}") {
      for (;;) {
        if (idx >= s.length || s[idx] !== '"') {
          throw new DecodeError("Expecting property name enclosed in double quotes", idx);
        }
        const [key, afterKey] = this.scanString(idx + 1);
        idx = this.skip(afterKey);
        if (idx >= s.length || s[idx] !== ":") throw new DecodeError("Expecting ':' delimiter", idx);
        idx = this.skip(idx + 1);
        const [value, afterValue] = this.scanOnce(idx, depth);
        Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
        idx = this.skip(afterValue);
        if (idx < s.length && s[idx] === "}") break;
        if (idx >= s.length || s[idx] !== ",") throw new DecodeError("Expecting ',' delimiter", idx);
        const comma = idx;
        idx = this.skip(idx + 1);
        if (idx < s.length && s[idx] === "}") {
          throw new DecodeError("Illegal trailing comma before end of object", comma);
        }
      }
    }
    return [out, idx + 1];
  }

  private parseArray(idx: number, depth: number): [unknown[], number] {
    const { s } = this;
    const out: unknown[] = [];
    idx = this.skip(idx);
    if (idx >= s.length || s[idx] !== "]") {
      for (;;) {
        const [value, afterValue] = this.scanOnce(idx, depth);
        out.push(value);
        idx = this.skip(afterValue);
        if (idx < s.length && s[idx] === "]") break;
        if (idx >= s.length || s[idx] !== ",") throw new DecodeError("Expecting ',' delimiter", idx);
        const comma = idx;
        idx = this.skip(idx + 1);
        if (idx < s.length && s[idx] === "]") {
          throw new DecodeError("Illegal trailing comma before end of array", comma);
        }
      }
    }
    return [out, idx + 1];
  }
}

/** Offset in code points, as Python counts characters. */
function codePointOffset(text: string, utf16Offset: number): number {
  let n = 0;
  for (let i = 0; i < utf16Offset && i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** `json.loads(text)` (the caller has decoded the bytes and removed a UTF-8 BOM). */
export function parsePythonJson(text: string): PythonJsonResult {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    // Fall through: find Python's verdict, message and offset.
  }
  try {
    return { ok: true, value: new Scanner(text).decode() };
  } catch (e) {
    if (e instanceof DecodeError) return { ok: false, pos: codePointOffset(text, e.pos), msg: e.msg };
    if (e instanceof RangeError) return { ok: false, pos: 0, msg: "maximum recursion depth exceeded" };
    throw e;
  }
}
