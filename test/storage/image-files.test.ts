/**
 * The image files module on a real folder: OFF's layout (IMAGES.md §9.1–9.2), writes that never leave
 * a partial file under a served name, deletes that keep the files aside.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { processSelection, processUpload, WHOLE_PICTURE } from "../../src/images/process.js";
import { ImageFiles, imagesRoot, productImageFolder } from "../../src/storage/image-files.js";

const LIMITS = { maxBytes: 20 * 1024 * 1024, maxPixels: 100_000_000 };

let dir: string;
let files: ImageFiles;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "foodbase-image-files-"));
  files = new ImageFiles(join(dir, "images"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function upload(width = 640, height = 480) {
  const source = await sharp({ create: { width, height, channels: 3, background: "#884422" } })
    .jpeg()
    .toBuffer();
  return { source, processed: await processUpload(source, LIMITS) };
}

/** Every file under a folder, relative, sorted. */
function tree(root: string): string[] {
  const out: string[] = [];
  const walk = (d: string, prefix: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name), `${prefix}${e.name}/`);
      else out.push(`${prefix}${e.name}`);
    }
  };
  walk(root, "");
  return out.sort();
}

describe("productImageFolder (OFF split_code, 2025 rule)", () => {
  it("splits as OFF and both SDKs do", () => {
    expect(productImageFolder("3017620422003")).toBe("301/762/042/2003");
    expect(productImageFolder("12345678")).toBe("000/001/234/5678");
    expect(productImageFolder("123456789")).toBe("000/012/345/6789");
    expect(productImageFolder("0180411000803")).toBe("018/041/100/0803");
    expect(productImageFolder("02000000000398")).toBe("200/000/000/0398");
    expect(productImageFolder("00000123")).toBe("000/000/000/0123");
    expect(productImageFolder("12345678901234")).toBe("123/456/789/01234");
  });

  it("refuses anything but digits, so no code names a path outside the tree", () => {
    for (const bad of ["", "../123", "12/34", "abc", "1".repeat(41), "123\0"]) {
      expect(() => productImageFolder(bad), bad).toThrow(/not a barcode/);
    }
  });
});

describe("imagesRoot", () => {
  it("is the setting, else images/ beside the SQLite file, else ./images", () => {
    expect(imagesRoot({ imagesDir: "/srv/photos", databaseUrl: "/data/foodbase.db" })).toBe("/srv/photos");
    expect(imagesRoot({ imagesDir: "", databaseUrl: "/data/foodbase.db" })).toBe("/data/images");
    expect(imagesRoot({ imagesDir: "", databaseUrl: "sqlite:/var/lib/fb/x.db" })).toBe("/var/lib/fb/images");
    expect(imagesRoot({ imagesDir: "", databaseUrl: "postgres://u@h/db" })).toBe(join(process.cwd(), "images"));
  });
});

describe("ImageFiles", () => {
  it("writes an upload in OFF's layout, with the source bytes kept aside", async () => {
    const { source, processed } = await upload();
    await files.writeUpload("3017620422003", 1, processed, { data: source, extension: "jpg" });
    expect(tree(join(dir, "images"))).toEqual([
      "products/301/762/042/2003/1.100.jpg",
      "products/301/762/042/2003/1.400.jpg",
      "products/301/762/042/2003/1.jpg",
      "products/301/762/042/2003/1.jpg.orig",
    ]);
    const folder = join(dir, "images/products/301/762/042/2003");
    expect((await sharp(readFileSync(join(folder, "1.100.jpg"))).metadata()).width).toBe(100);
    expect((await sharp(readFileSync(join(folder, "1.400.jpg"))).metadata()).width).toBe(400);
    expect((await sharp(readFileSync(join(folder, "1.jpg"))).metadata()).width).toBe(640);
    expect(readFileSync(join(folder, "1.jpg.orig")).equals(source)).toBe(true);
    expect(statSync(join(folder, "1.jpg")).mode & 0o777).toBe(0o644);
    expect(await files.list("3017620422003")).toEqual(["1.100.jpg", "1.400.jpg", "1.jpg", "1.jpg.orig"]);
  });

  it("reads an upload's full picture back, and writes a selection named with its revision", async () => {
    const { processed } = await upload();
    await files.writeUpload("12345678", 2, processed);
    const full = await files.readUpload("12345678", 2);
    expect(full?.equals(processed.files.find((f) => f.size === "full")?.data as Buffer)).toBe(true);
    expect(await files.readUpload("12345678", 3)).toBeUndefined();
    expect(await files.hasUpload("12345678", 2)).toBe(true);
    const selection = await processSelection(full as Buffer, WHOLE_PICTURE);
    await files.writeSelection("12345678", "front_en", 3, selection);
    expect(await files.list("12345678")).toEqual([
      "2.100.jpg",
      "2.400.jpg",
      "2.jpg",
      "front_en.3.100.jpg",
      "front_en.3.200.jpg",
      "front_en.3.400.jpg",
      "front_en.3.full.jpg",
    ]);
    expect(tree(join(dir, "images")).every((p) => p.startsWith("products/000/001/234/5678/"))).toBe(true);
  });

  it("leaves no temporary file behind, and never a partial file under a final name", async () => {
    const { processed } = await upload();
    await Promise.all([1, 2, 3, 4].map((imgid) => files.writeUpload("3017620422003", imgid, processed)));
    const names = readdirSync(join(dir, "images/products/301/762/042/2003"));
    expect(names.filter((n) => n.startsWith("."))).toEqual([]);
    expect(names).toHaveLength(12);
    for (const name of names) {
      const meta = await sharp(readFileSync(join(dir, "images/products/301/762/042/2003", name))).metadata();
      expect(meta.format).toBe("jpeg");
    }
  });

  it("refuses names that are not OFF's", async () => {
    const { processed } = await upload();
    await expect(files.writeUpload("3017620422003", 0, processed)).rejects.toThrow(/not an image id/);
    await expect(files.writeSelection("3017620422003", "../x_en", 3, processed)).rejects.toThrow(/selection id/);
    await expect(files.writeSelection("3017620422003", "front_en", 0, processed)).rejects.toThrow(/revision/);
    await expect(files.writeUpload("../../etc", 1, processed)).rejects.toThrow(/not a barcode/);
    expect(() => files.pathOf("../outside.jpg")).toThrow(/inside the images folder/);
    expect(() => files.pathOf("/etc/passwd")).toThrow(/inside the images folder/);
  });

  it("deleting an upload moves its files and those of its selections to .deleted/", async () => {
    const { processed } = await upload();
    await files.writeUpload("3017620422003", 1, processed, { data: Buffer.from("orig"), extension: "png" });
    await files.writeUpload("3017620422003", 11, processed);
    await files.writeSelection("3017620422003", "front_en", 3, processed);
    await files.writeSelection("3017620422003", "ingredients_fr", 4, processed);
    const moved = await files.deleteUpload("3017620422003", 1, [{ id: "front_en", rev: 3 }]);
    expect(moved).toEqual(
      [
        "1.100.jpg",
        "1.400.jpg",
        "1.jpg",
        "1.png.orig",
        "front_en.3.400.jpg",
        "front_en.3.full.jpg",
        "front_en.3.100.jpg",
      ].sort(),
    );
    // Upload 11 (also starting with "1") and the other selection stay.
    expect(await files.list("3017620422003")).toEqual([
      "11.100.jpg",
      "11.400.jpg",
      "11.jpg",
      "ingredients_fr.4.100.jpg",
      "ingredients_fr.4.400.jpg",
      "ingredients_fr.4.full.jpg",
    ]);
    expect(tree(join(dir, "images/.deleted"))).toEqual(moved.map((n) => `products/301/762/042/2003/${n}`).sort());
    // Deleting again finds nothing to move.
    expect(await files.deleteUpload("3017620422003", 1)).toEqual([]);
  });

  it("lists every file under the root for export, deleted ones included", async () => {
    const { processed } = await upload();
    await files.writeUpload("12345678", 1, processed);
    await files.writeUpload("3017620422003", 1, processed);
    await files.deleteUpload("12345678", 1);
    expect(await files.listAll()).toEqual([
      ".deleted/products/000/001/234/5678/1.100.jpg",
      ".deleted/products/000/001/234/5678/1.400.jpg",
      ".deleted/products/000/001/234/5678/1.jpg",
      "products/301/762/042/2003/1.100.jpg",
      "products/301/762/042/2003/1.400.jpg",
      "products/301/762/042/2003/1.jpg",
    ]);
    expect(await new ImageFiles(join(dir, "none")).listAll()).toEqual([]);
  });
});
