/**
 * How a product document is stored, and read without parsing it whole.
 *
 * The stored text is compact JSON with a newline before each top-level key:
 *   {\n"_id":"123",\n"code":"123",\n"nutriments":{...}\n}
 * It is still valid JSON, and since JSON.stringify never puts a raw newline inside a value, a
 * top-level value can be found with one `indexOf` and copied as text. Reads that ask for a few fields
 * (the common case) then cost a few string slices instead of a parse and a stringify of the whole
 * product; `fields=all` costs one `replaceAll`.
 */
import type { Product } from "./product.js";

/** JSON text, as a string or as its UTF-8 bytes (stored documents are read as bytes and never decoded whole). */
export type JsonText = string | Buffer;

/** Read access to a product's top-level values, as JSON text or parsed. */
export interface ProductView {
  /** JSON text of a top-level value, or undefined when the key is absent. */
  json(key: string): JsonText | undefined;
  /** A parsed top-level value, or undefined. */
  value(key: string): unknown;
  /** Top-level keys, in stored order. */
  keys(): string[];
  /** The whole product as compact JSON. */
  allJson(): JsonText;
  /** Every top-level key with the JSON text of its value, in stored order (one pass over the document). */
  members(): Array<[string, JsonText]>;
}

/** Concatenates JSON pieces: a string when all are strings, else bytes. */
export function joinJson(pieces: JsonText[]): JsonText {
  if (pieces.every((p) => typeof p === "string")) return pieces.join("");
  return Buffer.concat(pieces.map((p) => (typeof p === "string" ? Buffer.from(p) : p)));
}

/** The stored text of a product whose keys are already in the order to keep (sorted by the caller). */
export function serializeProductDocument(product: Product): string {
  const parts: string[] = [];
  for (const key of Object.keys(product)) {
    const value = product[key];
    if (value === undefined) continue;
    parts.push(`\n${JSON.stringify(key)}:${JSON.stringify(value)}`);
  }
  return `{${parts.join(",")}\n}`;
}

/** A view over stored text (see the module comment for the layout). */
export class StoredProductView implements ProductView {
  constructor(readonly text: string) {}

  json(key: string): string | undefined {
    const marker = `\n${JSON.stringify(key)}:`;
    const at = this.text.indexOf(marker);
    if (at < 0) return undefined;
    const start = at + marker.length;
    // The value ends where the next top-level entry (",\n") or the closing "\n}" begins.
    const next = this.text.indexOf("\n", start);
    const end = next < 0 ? this.text.length : this.text[next - 1] === "," ? next - 1 : next;
    return this.text.slice(start, end);
  }

  value(key: string): unknown {
    const json = this.json(key);
    return json === undefined ? undefined : JSON.parse(json);
  }

  keys(): string[] {
    const keys: string[] = [];
    let at = this.text.indexOf('\n"');
    while (at >= 0) {
      const close = this.text.indexOf('":', at + 2);
      if (close < 0) break;
      keys.push(JSON.parse(this.text.slice(at + 1, close + 1)) as string);
      at = this.text.indexOf('\n"', close);
    }
    return keys;
  }

  allJson(): string {
    return this.text.replaceAll("\n", "");
  }

  members(): Array<[string, string]> {
    const members: Array<[string, string]> = [];
    const text = this.text;
    let start = text.indexOf("\n");
    while (start >= 0 && start + 1 < text.length && text.charCodeAt(start + 1) === 34) {
      const close = text.indexOf('":', start + 2);
      if (close < 0) break;
      const next = text.indexOf("\n", close);
      const end = next < 0 ? text.length : text.charCodeAt(next - 1) === 44 ? next - 1 : next;
      members.push([JSON.parse(text.slice(start + 1, close + 1)) as string, text.slice(close + 2, end)]);
      start = next;
    }
    return members;
  }
}

const NEWLINE = 0x0a;
const COMMA = 0x2c;
const QUOTE = 0x22;
/** `":`, the end of a member's key. */
const KEY_END = Buffer.from('":');

/**
 * A view over the stored document's UTF-8 bytes: values are found with `Buffer.indexOf` and copied as
 * bytes into the answer, so a read neither decodes nor re-encodes the product.
 */
export class StoredProductBytesView implements ProductView {
  constructor(readonly bytes: Buffer) {}

  json(key: string): Buffer | undefined {
    const marker = Buffer.from(`\n${JSON.stringify(key)}:`);
    const at = this.bytes.indexOf(marker);
    if (at < 0) return undefined;
    const start = at + marker.length;
    const next = this.bytes.indexOf(NEWLINE, start);
    const end = next < 0 ? this.bytes.length : this.bytes[next - 1] === COMMA ? next - 1 : next;
    return this.bytes.subarray(start, end);
  }

  value(key: string): unknown {
    const json = this.json(key);
    return json === undefined ? undefined : JSON.parse(json.toString("utf8"));
  }

  keys(): string[] {
    return new StoredProductView(this.bytes.toString("utf8")).keys();
  }

  allJson(): Buffer {
    // Remove the layout newlines: only those exist in the stored bytes (values escape theirs).
    const parts: Buffer[] = [];
    let from = 0;
    for (let at = this.bytes.indexOf(NEWLINE); at >= 0; at = this.bytes.indexOf(NEWLINE, from)) {
      parts.push(this.bytes.subarray(from, at));
      from = at + 1;
    }
    parts.push(this.bytes.subarray(from));
    return Buffer.concat(parts);
  }

  members(): Array<[string, Buffer]> {
    const members: Array<[string, Buffer]> = [];
    const bytes = this.bytes;
    let start = bytes.indexOf(NEWLINE);
    while (start >= 0 && start + 1 < bytes.length && bytes[start + 1] === QUOTE) {
      const close = bytes.indexOf(KEY_END, start + 2);
      if (close < 0) break;
      const next = bytes.indexOf(NEWLINE, close);
      const end = next < 0 ? bytes.length : bytes[next - 1] === COMMA ? next - 1 : next;
      const key = JSON.parse(bytes.toString("utf8", start + 1, close + 1)) as string;
      members.push([key, bytes.subarray(close + 2, end)]);
      start = next;
    }
    return members;
  }
}

/** The same view over a product held as an object (search results, tests). */
export class ObjectProductView implements ProductView {
  constructor(readonly product: Product) {}

  json(key: string): string | undefined {
    const v = this.product[key];
    return v === undefined ? undefined : JSON.stringify(v);
  }

  value(key: string): unknown {
    return this.product[key];
  }

  keys(): string[] {
    return Object.keys(this.product);
  }

  members(): Array<[string, string]> {
    const members: Array<[string, string]> = [];
    for (const [key, value] of Object.entries(this.product)) {
      if (value !== undefined) members.push([key, JSON.stringify(value)]);
    }
    return members;
  }

  allJson(): string {
    return JSON.stringify(this.product);
  }
}

export function productViewOf(source: string | Product): ProductView {
  return typeof source === "string" ? new StoredProductView(source) : new ObjectProductView(source);
}
