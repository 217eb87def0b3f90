/**
 * Product documents kept compressed in SQLite (src/store/sqlite/document-codec.ts, issue 21): what is
 * read is what was written, real OFF documents take a fraction of their size, and a database whose
 * documents were stored as text before compression is read as it was.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateRawSync } from "node:zlib";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Product } from "../../src/domain/product.js";
import { serializeProductDocument } from "../../src/domain/product-document.js";
import { documentBytes, documentText, encodeDocument } from "../../src/store/sqlite/document-codec.js";
import { DOCUMENT_DICTIONARY_1 } from "../../src/store/sqlite/document-dictionary.js";
import { SqliteStore } from "../../src/store/sqlite/index.js";
import type { RevisionInfo } from "../../src/store/types.js";

/** The 12 real OFF products of 2026 (their README says where they come from). */
const REAL: Product[] = readFileSync("test/fixtures/off-products-2026.jsonl", "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line) as Product);

const INFO: RevisionInfo = {
  userId: "alice",
  t: 1_700_000_000,
  comment: "",
  appName: "",
  appVersion: "",
  appUuid: "",
  userAgent: "",
};

describe("the codec", () => {
  it("gives back every real document byte for byte, in a quarter of its size or less", () => {
    let text = 0;
    let stored = 0;
    for (const product of REAL) {
      const json = serializeProductDocument(product);
      const encoded = encodeDocument(json);
      expect(documentText(encoded)).toBe(json);
      expect(documentBytes(encoded).equals(Buffer.from(json))).toBe(true);
      text += Buffer.byteLength(json);
      stored += encoded.length;
    }
    expect(stored * 4).toBeLessThan(text);
  });

  it("reads text as it is (documents stored before compression), and refuses an unknown format", () => {
    expect(documentText('{\n"code":"1"\n}')).toBe('{\n"code":"1"\n}');
    expect(documentBytes('{"a":"é"}').toString("utf8")).toBe('{"a":"é"}');
    expect(() => documentBytes(Buffer.from([9, 1, 2]))).toThrow(/unknown format 9/);
  });

  it("reads a document stored by this release (format 2: zstd with dictionary 2), so that the dictionary never changes", () => {
    const stored = readFileSync("test/fixtures/stored-documents/format-2-0000130008136.bin");
    const product = REAL.find((p) => p.code === "0000130008136") as Product;
    expect(stored[0]).toBe(2);
    expect(documentText(stored)).toBe(serializeProductDocument(product));
  });

  it("reads documents compressed with deflate (format 1, written before zstd)", () => {
    for (const product of REAL) {
      const json = serializeProductDocument(product);
      const deflated = Buffer.concat([Buffer.of(1), deflateRawSync(json, { dictionary: DOCUMENT_DICTIONARY_1 })]);
      expect(documentText(deflated)).toBe(json);
    }
  });

  it("compresses documents larger than its reused buffer, and text outside Latin-1", () => {
    const big = JSON.stringify({ code: "1", ingredients_text: "café 🍫 ".repeat(300_000) });
    expect(big.length).toBeGreaterThan(1 << 21);
    expect(documentText(encodeDocument(big))).toBe(big);
    const small = JSON.stringify({ code: "2", product_name: "日本の緑茶 🍵" });
    expect(documentText(encodeDocument(small))).toBe(small);
    // The second call reuses the buffer the first wrote into: the first result must not change.
    const first = encodeDocument(JSON.stringify({ code: "3", product_name: "A" }));
    const copy = Buffer.from(first);
    encodeDocument(JSON.stringify({ code: "4", product_name: "B".repeat(1000) }));
    expect(first.equals(copy)).toBe(true);
  });
});

describe("in a SQLite database", () => {
  let dir: string;
  let path: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "foodbase-codec-"));
    path = join(dir, "db.sqlite");
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("stores documents compressed and reads them, and older text documents, the same way", async () => {
    const store = new SqliteStore(path);
    const [first, second] = REAL as [Product, Product];
    const code = String(first.code);
    await store.writeProduct(code, INFO, () => ({ product: first, changedFields: [], result: "saved" }));
    const read = await store.getProduct(code);
    expect(read).toEqual({ ...first, rev: 1 });
    await store.close();

    const raw = new Database(path);
    const row = raw.prepare("SELECT doc, typeof(doc) AS type FROM revisions WHERE code = ?").get(code) as {
      doc: Buffer;
      type: string;
    };
    expect(row.type).toBe("blob");
    // Written in format 2: zstd with dictionary 2 (deflate, format 1, is only read).
    expect(row.doc[0]).toBe(2);
    expect(row.doc.length * 4).toBeLessThan(Buffer.byteLength(serializeProductDocument({ ...first, rev: 1 })));
    // A revision written as text, as every database made before compression holds them.
    const oldCode = String(second.code);
    const oldDoc = serializeProductDocument({ ...second, rev: 1 });
    const { lastInsertRowid } = raw
      .prepare("INSERT INTO revisions (code, rev, t, user_id, changed_fields, doc) VALUES (?, 1, 1, 'old', '[]', ?)")
      .run(oldCode, oldDoc);
    raw.prepare("INSERT INTO products (code, rev, revision_id) VALUES (?, 1, ?)").run(oldCode, lastInsertRowid);
    raw.close();

    const reopened = new SqliteStore(path);
    try {
      expect(await reopened.getProduct(oldCode)).toEqual({ ...second, rev: 1 });
      expect(await reopened.getProductDocument(oldCode)).toBe(oldDoc);
      expect((await reopened.getProductDocumentBytes(code))?.toString("utf8")).toBe(
        serializeProductDocument({ ...first, rev: 1 }),
      );
      // Export reads both kinds, and its filters look inside them.
      const exported: string[] = [];
      for await (const line of reopened.iterateProductsJson()) exported.push(line);
      expect(exported.map((line) => (JSON.parse(line) as Product).code).sort()).toEqual([code, oldCode].sort());
      const tag = (second.categories_tags as string[])[0] as string;
      const filtered: string[] = [];
      for await (const line of reopened.iterateProductsJson({ tags: [{ field: "categories_tags", tag }] })) {
        filtered.push(String((JSON.parse(line) as Product).code));
      }
      expect(filtered).toContain(oldCode);
      // An edit of the old product stores its next revision compressed.
      await reopened.writeProduct(oldCode, INFO, (current) => ({
        product: { ...(current as Product), product_name: "Renamed" },
        changedFields: ["product_name"],
        result: "saved",
      }));
      expect((await reopened.getProduct(oldCode))?.product_name).toBe("Renamed");
    } finally {
      await reopened.close();
    }
  });
});
