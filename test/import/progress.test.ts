/** What `foodbase import` shows while it runs: a bar on a terminal, plain lines in logs. */
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { Progress } from "../../src/import/progress.js";

function fakeStream(isTTY: boolean): { stream: NodeJS.WriteStream; text: () => string } {
  const stream = new PassThrough() as unknown as NodeJS.WriteStream;
  let written = "";
  (stream as unknown as PassThrough).on("data", (d: Buffer) => {
    written += d.toString();
  });
  Object.assign(stream, { isTTY, columns: 160 });
  return { stream, text: () => written };
}

describe("import progress", () => {
  it("writes plain lines with bytes read, products, products/s and ETA when not on a terminal", async () => {
    const { stream, text } = fakeStream(false);
    const progress = new Progress({ stream, unit: "bytes", total: 4 * 1024 * 1024, plainInterval: 0 });
    progress.update(1024 * 1024, 2500);
    progress.log("sample.jsonl:3: not JSON");
    progress.stop();
    await new Promise((r) => setImmediate(r));
    const [line, message] = text().split("\n");
    expect(line).toMatch(/^25\.0% of 4\.00 MiB \| 2,500 products \| [\d,]+ products\/s \| ETA \d+:\d\d$/);
    expect(message).toBe("sample.jsonl:3: not JSON");
  });

  it("shows how much was read, without a percentage, when the size is unknown (stdin)", async () => {
    const { stream, text } = fakeStream(false);
    const progress = new Progress({ stream, unit: "bytes", total: undefined, plainInterval: 0 });
    progress.update(3 * 1024 * 1024, 10);
    progress.stop();
    await new Promise((r) => setImmediate(r));
    expect(text()).toMatch(/^3\.00 MiB read \| 10 products \| [\d,]+ products\/s\n$/);
  });

  it("draws a bar on a terminal", async () => {
    const { stream, text } = fakeStream(true);
    const progress = new Progress({ stream, unit: "bytes", total: 1000 });
    progress.update(500, 40);
    // The bar is redrawn on a timer (at most 10 times a second).
    await new Promise((r) => setTimeout(r, 250));
    progress.stop();
    await new Promise((r) => setImmediate(r));
    expect(text()).toContain("█".repeat(15));
    expect(text()).toMatch(/50\.0% of 1000 B \| 40 products \| [\d,]+ products\/s \| ETA/);
  });
});
