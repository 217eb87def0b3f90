/** README's "Import and export" commands run as written (the download replaced by the shipped sample). */
import { execSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../helpers/store.js";

const ROOT = join(import.meta.dirname, "../..");
const MAIN = join(ROOT, "dist/cli/main.js");

function sectionCommands(markdown: string, title: string): string[] {
  const start = markdown.indexOf(`## ${title}\n`);
  const end = markdown.indexOf("\n## ", start + 1);
  const section = markdown.slice(start, end);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)]
    .flatMap((block) => (block[1] ?? "").split("\n"))
    .filter((line) => line.startsWith("npx foodbase "));
}

let dir: string;
let database: TestDatabase;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "foodbase-readme-import-"));
  database = createTestDatabase();
  // What `curl -LO .../openfoodfacts-products.jsonl.gz` would fetch, in small.
  writeFileSync(
    join(dir, "openfoodfacts-products.jsonl.gz"),
    gzipSync(readFileSync(join(ROOT, "test/fixtures/off-sample.jsonl"))),
  );
});
afterAll(async () => {
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe("README: Import and export", () => {
  const commands = sectionCommands(readFileSync(join(ROOT, "README.md"), "utf8"), "Import and export");

  it("has import, export and generate commands", () => {
    expect(commands.some((c) => c.startsWith("npx foodbase import "))).toBe(true);
    expect(commands.some((c) => c.startsWith("npx foodbase export "))).toBe(true);
    expect(commands.some((c) => c.startsWith("npx foodbase generate "))).toBe(true);
  });

  it("runs every command, in order, with exit status 0", () => {
    for (const command of commands) {
      // Fewer generated products than the README's example: the test checks the command, not the count.
      const local = command
        .replace(/^npx foodbase /, `"${process.execPath}" "${MAIN}" `)
        .replace(/--count \d+/, "--count 200");
      execSync(local, { cwd: dir, env: { ...process.env, DATABASE_URL: database.url }, stdio: "pipe" });
    }
    expect(readFileSync(join(dir, "products.jsonl"), "utf8").split("\n").filter(Boolean)).toHaveLength(10);
    expect(readFileSync(join(dir, "biscuits.csv"), "utf8")).toMatch(/^code\tproduct_name\t/);
    expect(existsSync(join(dir, "rejects.jsonl"))).toBe(true);
    const generated = gunzipSync(readFileSync(join(dir, "generated.jsonl.gz"))).toString();
    expect(generated.split("\n").filter(Boolean)).toHaveLength(200);
  }, 300_000);
});
