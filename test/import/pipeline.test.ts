/** The pieces of the import pipeline: line blocks, stored text, ordered parallel map. */
import { describe, expect, it } from "vitest";
import { serializeProductDocument } from "../../src/domain/product-document.js";
import { sortKeysDeep } from "../../src/http/json.js";
import { lineBlocks, prepareBlock } from "../../src/import/blocks.js";
import { joinAroundRev, splitAroundRev } from "../../src/import/canonical-json.js";
import { mapInOrder } from "../../src/import/parallel.js";
import { loadTaxonomies } from "../../src/storage/taxonomy-files.js";

const options = { taxonomies: loadTaxonomies() };

async function* chunksOf(...parts: Array<string | Error>): AsyncGenerator<Uint8Array> {
  for (const part of parts) {
    if (part instanceof Error) throw part;
    yield Buffer.from(part);
  }
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe("lineBlocks + prepareBlock", () => {
  it("numbers lines across chunk boundaries, with CRLF, blank lines and no final newline", async () => {
    const input = chunksOf('{"code":"12345670"}\r\n{"co', 'de":"3000000000014"}\n\n', 'not json\n{"code":"40084107"}');
    const blocks = await collect(lineBlocks(input, 16));
    const prepared = blocks.map((block) => prepareBlock(block, options));
    expect(prepared.flatMap((b) => b.products.map((p) => [p.line, p.code]))).toEqual([
      [1, "12345670"],
      [2, "3000000000014"],
      [5, "40084107"],
    ]);
    expect(prepared.flatMap((b) => b.rejects.map((r) => [r.line, r.text]))).toEqual([[4, "not json"]]);
    expect(prepared[prepared.length - 1]?.lastLine).toBe(5);
  });

  it("ignores a byte-order mark before the first record", async () => {
    const [block] = await collect(lineBlocks(chunksOf('\uFEFF{"code":"40084107"}\n')));
    expect(prepareBlock(block as never, options).products.map((p) => p.code)).toEqual(["40084107"]);
  });

  it("reports an over-long line by its number and goes on with the next one", async () => {
    const long = `{"code":"40084107","x":"${"y".repeat(200)}"}`;
    const blocks = await collect(
      lineBlocks(
        chunksOf('{"code":"12345670"}\n', long.slice(0, 100), long.slice(100), '\n{"code":"3000000000014"}\n'),
        16,
        64,
      ),
    );
    const prepared = blocks.map((block) => prepareBlock(block, options));
    expect(prepared.flatMap((b) => b.rejects.map((r) => [r.line, r.reason]))).toEqual([
      [2, "line longer than 64 bytes"],
    ]);
    expect(prepared.flatMap((b) => b.products.map((p) => [p.line, p.code]))).toEqual([
      [1, "12345670"],
      [3, "3000000000014"],
    ]);
  });

  it("decodes each line on its own: any script as written, bytes that are not UTF-8 only in their line", () => {
    const names = ["Crème brûlée", "Σοκολάτα γάλακτος", "抹茶 ラテ", "Шоколад 🍫"];
    const lines = names.map((name, i) =>
      Buffer.from(`{"code":"4008410${i}","product_name":${JSON.stringify(name)}}\n`),
    );
    // A Latin-1 "é" (0xE9) is not UTF-8: it becomes U+FFFD, and the lines around it are untouched.
    const latin1 = Buffer.concat([
      Buffer.from('{"code":"40084104","product_name":"caf'),
      Buffer.of(0xe9),
      Buffer.from('"}\n'),
    ]);
    const bytes = Buffer.concat([lines[0] as Buffer, latin1, ...lines.slice(1)]);
    const prepared = prepareBlock({ firstLine: 1, bytes: new Uint8Array(bytes) }, options);
    expect(prepared.rejects).toEqual([]);
    expect(
      prepared.products.map((p) => [p.line, p.code, JSON.parse(`${p.head}"rev":1${p.tail}`).product_name]),
    ).toEqual([
      [1, "40084100", "Crème brûlée"],
      [2, "40084104", "caf\uFFFD"],
      [3, "40084101", "Σοκολάτα γάλακτος"],
      [4, "40084102", "抹茶 ラテ"],
      [5, "40084103", "Шоколад 🍫"],
    ]);
  });

  it("gives the whole lines read before a read error, drops the cut line, then throws", async () => {
    const blocks: string[] = [];
    const failure = await (async () => {
      for await (const block of lineBlocks(chunksOf('{"code":"12345670"}\n{"code":"300', new Error("cut")), 1 << 20)) {
        blocks.push(Buffer.from(block.bytes).toString());
      }
    })().catch((e: Error) => e);
    expect(blocks).toEqual(['{"code":"12345670"}\n']);
    expect((failure as Error).message).toBe("cut");
  });
});

describe("stored text of a product", () => {
  const expectedText = (product: Record<string, unknown>, rev: number) =>
    serializeProductDocument(sortKeysDeep({ ...product, rev }) as Record<string, unknown>);

  it("is the stored layout with keys sorted at every level, `rev` in its place", () => {
    const cases: Array<Record<string, unknown>> = [
      {},
      { rev: 4 },
      { zeta: 1, alpha: [3, { b: 1, a: { d: null, c: 'é\n\t"' } }], rev: 9, middle: true },
      { "10": "ten", "9": "nine", "2021": { z: 1, a: 2 }, code: "1", s: "x" },
      { sorted: { a: 1, b: [1, 2] }, already: "fine", x: 1.5e-7, y: -0 },
    ];
    for (const product of cases) {
      const { head, tail } = splitAroundRev(product);
      expect(joinAroundRev({ head, tail }, 7)).toBe(expectedText(product, 7));
    }
  });

  it("keeps a `__proto__` key of the data as a key, and leaves out undefined members", () => {
    const product = JSON.parse('{"b":1,"__proto__":{"polluted":true},"a":2}') as Record<string, unknown>;
    product.gone = undefined;
    const text = joinAroundRev(splitAroundRev(product), 1);
    expect(text).toBe('{\n"__proto__":{"polluted":true},\n"a":2,\n"b":1,\n"rev":1\n}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("mapInOrder", () => {
  it("yields outputs in input order whatever order the work finishes in", async () => {
    async function* inputs() {
      for (let i = 0; i < 20; i++) yield i;
    }
    const delays = [30, 1, 20, 5, 0];
    const outputs = await collect(
      mapInOrder(inputs(), (i) => new Promise<number>((r) => setTimeout(() => r(i * 10), delays[i % 5])), 4),
    );
    expect(outputs).toEqual(Array.from({ length: 20 }, (_, i) => i * 10));
  });

  it("yields the outputs of inputs read before an input error, then throws it", async () => {
    async function* inputs() {
      yield 1;
      yield 2;
      throw new Error("input broke");
    }
    const outputs: number[] = [];
    const error = await (async () => {
      for await (const o of mapInOrder(inputs(), async (i) => i + 100, 8)) outputs.push(o);
    })().catch((e: Error) => e);
    expect(outputs).toEqual([101, 102]);
    expect((error as Error).message).toBe("input broke");
  });
});
