/**
 * Two `foodbase serve` processes on one PostgreSQL database sharing FOODBASE_IMAGES_DIR (issue 22 item 7,
 * IMAGES.md decision 5): a photo uploaded through one is read and served by the other, and parallel
 * uploads to one product through both get distinct imgids, none lost.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../helpers/processes.js";
import { getJson } from "../helpers/server.js";
import { createTestDatabase, type TestDatabase } from "../helpers/store.js";

let database: TestDatabase;
let a: ServerProcess;
let b: ServerProcess;

async function testJpeg(seed: number): Promise<Buffer> {
  const width = 200;
  const height = 183;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7 + seed * 131 + Math.floor(i / (width * 3)) * 13) % 256;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

function upload(server: ServerProcess, code: string, data: Buffer) {
  const form = new FormData();
  form.append("code", code);
  form.append("imagefield", "other");
  form.append("imgupload_other", new Blob([new Uint8Array(data)]), "photo.jpg");
  return getJson(`${server.url}/cgi/product_image_upload.pl`, { method: "POST", body: form });
}

beforeAll(async () => {
  database = createTestDatabase("postgres");
  const imagesDir = mkdtempSync(join(tmpdir(), "foodbase-shared-images-"));
  const env = { DATABASE_URL: database.url, DATABASE_POOL_SIZE: "5", FOODBASE_IMAGES_DIR: imagesDir };
  [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
}, 60_000);

afterAll(async () => {
  await Promise.all([a?.kill(), b?.kill()]);
  await database.drop();
});

describe("two serve processes sharing the images folder", () => {
  it("a photo uploaded through one is read and served by the other", async () => {
    const code = "1234567890050";
    const { body } = await upload(a, code, await testJpeg(1));
    expect(body).toMatchObject({ imgid: 1, status: "status ok" });
    const { body: read } = await getJson(`${b.url}/api/v2/product/${code}?fields=image_front_url,images`);
    expect(read.product.image_front_url).toBe(`${b.url}/images/products/123/456/789/0050/front_en.3.400.jpg`);
    expect(Object.keys(read.product.images).sort()).toEqual(["1", "front_en"]);
    for (const name of ["1.jpg", "1.100.jpg", "front_en.3.400.jpg"]) {
      const res = await fetch(`${b.url}/images/products/123/456/789/0050/${name}`);
      expect(res.status, name).toBe(200);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.width, meta.height], name).toEqual(name === "1.100.jpg" ? [100, 92] : [200, 183]);
    }
  });

  it("parallel uploads to one product through both get distinct imgids, none lost", async () => {
    const code = "1234567890051";
    const images = await Promise.all(Array.from({ length: 12 }, (_, i) => testJpeg(10 + i)));
    const answers = await Promise.all(images.map((data, i) => upload(i % 2 === 0 ? a : b, code, data)));
    expect(answers.map((r) => r.body.status)).toEqual(Array(12).fill("status ok"));
    const imgids = answers.map((r) => r.body.imgid as number).sort((x, y) => x - y);
    expect(imgids).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    const { body } = await getJson(`${a.url}/api/v3.3/product/${code}?fields=images,max_imgid`);
    expect(body.product.max_imgid).toBe(12);
    expect(Object.keys(body.product.images.uploaded).length).toBe(12);
    for (const imgid of imgids) {
      const server = imgid % 2 === 0 ? a : b;
      expect((await fetch(`${server.url}/images/products/123/456/789/0051/${imgid}.400.jpg`)).status).toBe(200);
    }
  });
});
