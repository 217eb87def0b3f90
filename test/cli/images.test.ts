/**
 * `foodbase images export DIR` / `import DIR` with the built CLI, as an operator runs them: the
 * photo files of one server's images folder reach another's, where the server serves them.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processUpload } from "../../src/images/process.js";
import { ImageFiles } from "../../src/storage/image-files.js";
import { startTestServer } from "../helpers/server.js";
import { createTestDatabase, type TestDatabase } from "../helpers/store.js";

const MAIN = join(import.meta.dirname, "../../dist/cli/main.js");
let dir: string;
let database: TestDatabase;

function cli(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [MAIN, ...args], {
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: "silent", ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "foodbase-images-cli-"));
  database = createTestDatabase();
});
afterAll(async () => {
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

async function fill(files: ImageFiles): Promise<void> {
  const source = await sharp({ create: { width: 900, height: 700, channels: 3, background: "#2040a0" } })
    .jpeg()
    .toBuffer();
  const processed = await processUpload(source, { maxBytes: 20 * 1024 * 1024, maxPixels: 100_000_000 });
  await files.writeUpload("3017620422003", 1, processed, { data: source, extension: "jpg" });
  await files.writeUpload("3017620422003", 2, processed);
  await files.writeUpload("12345678", 1, processed);
  await files.writeSelection("3017620422003", "front_en", 3, processed);
  await files.deleteUpload("3017620422003", 2);
}

describe("foodbase images export / import", () => {
  it("copies every file to another server's images folder, which then serves them", async () => {
    const first = new ImageFiles(join(dir, "first"));
    await fill(first);
    const exported = join(dir, "exported");
    const out = cli(["images", "export", exported, "--images-dir", first.root]);
    expect(out.stderr).toBe("");
    expect(out.code).toBe(0);
    const all = await first.listAll();
    expect(all).toHaveLength(4 + 3 + 3 + 3);
    expect(out.stdout).toMatch(
      new RegExp(`^exported ${all.length} image files \\(\\d+\\.\\d MB\\) from .* to ${exported}; 0 already there\\n$`),
    );
    expect(await new ImageFiles(exported).listAll()).toEqual(all);
    for (const path of all) {
      expect(readFileSync(join(exported, path)).equals(readFileSync(join(first.root, path))), path).toBe(true);
    }

    // The second server's folder from FOODBASE_IMAGES_DIR.
    const second = join(dir, "second");
    const imported = cli(["images", "import", exported], { FOODBASE_IMAGES_DIR: second });
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain(`imported ${all.length} image files`);
    expect(await new ImageFiles(second).listAll()).toEqual(all);

    // Again: nothing to copy.
    const again = cli(["images", "import", exported], { FOODBASE_IMAGES_DIR: second });
    expect(again.stdout).toContain(
      `imported 0 image files (0.0 MB) from ${exported} to ${second}; ${all.length} already there`,
    );

    const server = await startTestServer({ users: [], config: { imagesDir: second } });
    try {
      for (const path of [
        "301/762/042/2003/1.400.jpg",
        "301/762/042/2003/front_en.3.full.jpg",
        "000/001/234/5678/1.jpg",
      ]) {
        const res = await fetch(`${server.url}/images/products/${path}`);
        expect(res.status, path).toBe(200);
        expect(
          Buffer.from(await res.arrayBuffer()).equals(readFileSync(join(first.root, "products", path))),
          path,
        ).toBe(true);
      }
      // Deleted files travel too, but are not served.
      expect((await fetch(`${server.url}/images/products/301/762/042/2003/2.jpg`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it("the default images folder is images/ beside the SQLite file", async () => {
    if (database.kind !== "sqlite") return;
    const exported = join(dir, "exported-default");
    const beside = new ImageFiles(join(database.dir, "images"));
    await fill(beside);
    const out = cli(["images", "export", exported]);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain(`from ${beside.root} to ${exported}`);
  });

  it("import takes only OFF's file names, never links, and replaces a file that differs", async () => {
    const from = join(dir, "odd");
    const folder = join(from, "products", "301", "762", "042", "2003");
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "1.jpg"), "new bytes");
    writeFileSync(join(folder, "notes.txt"), "x");
    writeFileSync(join(from, "products", "run.sh"), "x");
    writeFileSync(join(dir, "outside.txt"), "secret");
    symlinkSync(join(dir, "outside.txt"), join(folder, "2.jpg"));
    const target = join(dir, "odd-target");
    mkdirSync(join(target, "products", "301", "762", "042", "2003"), { recursive: true });
    writeFileSync(join(target, "products", "301", "762", "042", "2003", "1.jpg"), "old bytes");
    const out = cli(["images", "import", from, "--images-dir", target]);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain("imported 1 image files");
    expect(out.stderr).toBe(
      "foodbase: left out 2 files not named as OFF's image files, e.g. products/301/762/042/2003/notes.txt\n",
    );
    expect(await new ImageFiles(target).listAll()).toEqual(["products/301/762/042/2003/1.jpg"]);
    expect(readFileSync(join(target, "products/301/762/042/2003/1.jpg"), "utf8")).toBe("new bytes");
  });

  it("refuses a folder that is not an export, and nested folders", () => {
    const plain = join(dir, "plain");
    mkdirSync(plain, { recursive: true });
    const noProducts = cli(["images", "import", plain, "--images-dir", join(dir, "t")]);
    expect(noProducts.code).toBe(1);
    expect(noProducts.stderr).toBe(
      `foodbase: ${plain} has no products/ folder: give the folder \`foodbase images export\` wrote\n`,
    );
    expect(cli(["images", "import", join(dir, "missing"), "--images-dir", join(dir, "t")]).stderr).toBe(
      `foodbase: no folder at ${join(dir, "missing")}\n`,
    );
    const nested = cli(["images", "export", join(dir, "first", "inside"), "--images-dir", join(dir, "first")]);
    expect(nested.code).toBe(1);
    expect(nested.stderr).toMatch(/are the same folder or inside one another/);
  });
});
