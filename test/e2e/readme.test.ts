/** README's curl examples, run with curl against a server that has the sample products, answer as shown. */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSampleProducts } from "../../src/sample-data.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const README = readFileSync(join(import.meta.dirname, "../../README.md"), "utf8");

interface Example {
  command: string;
  expected: string;
}

function curlExamples(markdown: string): Example[] {
  const examples: Example[] = [];
  for (const block of markdown.matchAll(/```sh\n([\s\S]*?)```/g)) {
    const lines = (block[1] ?? "").replace(/\\\n\s*/g, "").split("\n");
    lines.forEach((line, i) => {
      const next = lines[i + 1] ?? "";
      if (line.startsWith("curl ") && next.startsWith("# → "))
        examples.push({ command: line, expected: next.slice(4) });
    });
  }
  return examples;
}

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ users: [{ userId: "alice", password: "your password", email: "alice@example.org" }] });
  await loadSampleProducts(t.server.store, t.server.taxonomies, "2021");
});
afterAll(async () => t.close());

describe("README examples", () => {
  const examples = curlExamples(README);
  it("has curl examples with their answers", () => {
    expect(examples.length).toBeGreaterThanOrEqual(4);
  });
  it.each(examples.map((e) => [e.command, e]))("%s", async (_name, example) => {
    const { command, expected } = example as Example;
    const local = command.replaceAll("http://127.0.0.1:8080", t.url);
    // Async: the server runs in this process and must keep answering while curl waits.
    const { stdout: out } = await promisify(execFile)("bash", ["-c", local], { encoding: "utf8" });
    expect(JSON.parse(out)).toEqual(JSON.parse(expected));
  });
});
