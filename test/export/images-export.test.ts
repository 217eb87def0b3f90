/**
 * `foodbase export` keeps the photos' metadata (issue 22 item 8): `images` (uploaded and selected),
 * `max_imgid` and `last_image_t` of a product whose photos were uploaded and selected over HTTP are in
 * the export, and an import of it reads back the same images.
 */
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { getJson, startTestServer, type TestServer } from "../helpers/server.js";
import { exportText, importFile, tempFile } from "../import/helpers.js";

const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((t) => t.close()));
});

async function testJpeg(seed: number): Promise<Buffer> {
  const pixels = Buffer.alloc(200 * 183 * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7 + seed * 131 + Math.floor(i / 600) * 13) % 256;
  return sharp(pixels, { raw: { width: 200, height: 183, channels: 3 } })
    .jpeg()
    .toBuffer();
}

describe("export of a product with photos", () => {
  it("keeps images, max_imgid and last_image_t, and imports back to the same images", async () => {
    const first = await startTestServer({ users: [] });
    servers.push(first);
    const code = "1234567890060";
    for (const [field, seed] of [
      ["front_en", 1],
      ["ingredients_fr", 2],
    ] as const) {
      const form = new FormData();
      form.append("code", code);
      form.append("imagefield", field);
      form.append(`imgupload_${field}`, new Blob([new Uint8Array(await testJpeg(seed))]), "photo.jpg");
      const { body } = await getJson(`${first.url}/cgi/product_image_upload.pl`, { method: "POST", body: form });
      expect(body.status).toBe("status ok");
    }
    const exported = (await exportText(first.server.store)).split("\n").filter((l) => l !== "");
    expect(exported).toHaveLength(1);
    const document = JSON.parse(exported[0] as string);
    expect(document.max_imgid).toBe(2);
    expect(typeof document.last_image_t).toBe("number");
    expect(Object.keys(document.images.uploaded)).toEqual(["1", "2"]);
    expect(document.images.selected.front.en).toMatchObject({ imgid: 1, rev: 3 });
    expect(document.images.selected.ingredients.fr).toMatchObject({ imgid: 2, rev: 5 });

    const second = await startTestServer({ users: [] });
    servers.push(second);
    await importFile(second.server.store, tempFile("photos.jsonl", `${exported.join("\n")}\n`));
    const a = await getJson(`${first.url}/api/v3.3/product/${code}?fields=images,max_imgid,last_image_t`);
    const b = await getJson(`${second.url}/api/v3.3/product/${code}?fields=images,max_imgid,last_image_t`);
    expect(b.status).toBe(200);
    expect(b.body.product).toEqual(a.body.product);
  });
});
