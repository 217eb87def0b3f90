/**
 * The photo routes over real HTTP on both stores (issue 22 items 1, 4, 5; IMAGES.md §13): OFF's answers
 * to bad input, which change nothing (decision 3: a refused upload creates no product), the server
 * serving on afterwards with bounded memory; OFF's selection rules; parallel uploads to one product.
 */

import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../src/accounts/passwords.js";
import { ALICE, getJson, startTestServer, type TestServer } from "../helpers/server.js";
import { importFile } from "../import/helpers.js";

let t: TestServer;
const MAX_IMAGE_BYTES = 256 * 1024;

async function testJpeg(width: number, height: number, seed: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7 + seed * 131 + Math.floor(i / (width * 3)) * 13) % 256;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of a few hundred bytes declaring 50,000 × 50,000 pixels (a decompression bomb). */
function bombPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(50_000, 0);
  header.writeUInt32BE(50_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.alloc(50_001))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

async function upload(fields: Record<string, string>, file?: { field: string; data: Buffer; name?: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file !== undefined) form.append(file.field, new Blob([new Uint8Array(file.data)]), file.name ?? "photo.jpg");
  return getJson(`${t.url}/cgi/product_image_upload.pl`, { method: "POST", body: form });
}

function post(path: string, fields: Record<string, string>) {
  return getJson(`${t.url}${path}`, { method: "POST", body: new URLSearchParams(fields) });
}

async function productStatus(code: string): Promise<number> {
  return (await getJson(`${t.url}/api/v2/product/${code}`)).status;
}

async function readV2(code: string): Promise<Record<string, any>> {
  return (await getJson(`${t.url}/api/v2/product/${code}`)).body.product;
}

beforeAll(async () => {
  t = await startTestServer({ config: { imageMaxBytes: MAX_IMAGE_BYTES } });
});
afterAll(async () => t.close());

describe("bad input changes nothing and gets OFF's answer", () => {
  it("a missing file part, a missing imagefield, no barcode (scenarios 4, 5, 20)", async () => {
    const missingFile = await upload({ code: "1234567890016", imagefield: "front_en" });
    expect(missingFile.body).toEqual({
      code: "1234567890016",
      debug:
        "product_id: 1234567890016 - user_id:  - imagefield: front_en - no image file for field name imgupload_front_en",
      error: "field imgupload_front_en not set",
      files: [{ code: "1234567890016", filename: "", name: "1234567890016", url: "/product/1234567890016" }],
      imagefield: "front_en",
      imgid: -2,
      status: "status not ok",
    });
    expect(await productStatus("1234567890016")).toBe(404);

    const image = await testJpeg(200, 183, 1);
    const noField = await upload({ code: "1234567890015" }, { field: "imgupload_front_en", data: image });
    expect(noField.body).toEqual({
      code: "1234567890015",
      error: "error - imagefield not defined",
      files: [{ filename: "" }],
      status: "status not ok",
    });
    expect(await productStatus("1234567890015")).toBe(404);

    const noCode = await upload({ code: "abc", imagefield: "front_en" }, { field: "imgupload_front_en", data: image });
    expect(noCode.body).toEqual({
      error: "No barcode specified or found in the image or filename.",
      files: [{ error: "No barcode specified or found in the image or filename.", filename: "" }],
      status: "status not ok",
    });
  });

  it("not an image, a truncated one, a decompression bomb: 'could not be read', nothing created (scenario 6)", async () => {
    const image = await testJpeg(800, 600, 2);
    const cases: Array<[string, Buffer]> = [
      ["1234567890021", Buffer.from("this is a text file, not a picture\n".repeat(20))],
      ["1234567890022", image.subarray(0, Math.floor(image.length / 3))],
      ["1234567890023", bombPng()],
    ];
    for (const [code, data] of cases) {
      const { status, body } = await upload({ code, imagefield: "front_en" }, { field: "imgupload_front_en", data });
      expect(status, code).toBe(200);
      expect(body, code).toMatchObject({
        code,
        error: "The image could not be read.",
        imgid: null,
        status: "status not ok",
      });
      expect(body.files[0].thumbnailUrl).toBeUndefined();
      expect(await productStatus(code), code).toBe(404);
    }
    const v3 = await getJson(`${t.url}/api/v3/product/1234567890024/images`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ image_data_base64: Buffer.from("plain text").toString("base64") }),
    });
    expect(v3.status).toBe(400);
    expect(v3.body).toMatchObject({
      errors: [
        { field: { id: "image_data_base64" }, message: { id: "unrecognized_value" }, impact: { id: "failure" } },
      ],
      result: { id: "image_not_uploaded" },
      status: "failure",
    });
    const notBase64 = await getJson(`${t.url}/api/v3/product/1234567890024/images`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ image_data_base64: "%%% not base64 %%%" }),
    });
    expect(notBase64.status).toBe(400);
    expect(notBase64.body.errors[0].message.id).toBe("unrecognized_value");
    const missing = await getJson(`${t.url}/api/v3/product/1234567890024/images`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      errors: [
        {
          field: { id: "image_data_base64" },
          impact: { id: "failure", lc_name: "Failure", name: "Failure" },
          message: { id: "missing_field", lc_name: "Missing field", name: "Missing field" },
        },
      ],
      status: "failure",
      warnings: [],
    });
    expect(await productStatus("1234567890024")).toBe(404);
  });

  it("too small is OFF's AND rule: 4×4 and 639×159 refused, 639×170 and 700×100 accepted (scenario 3)", async () => {
    const tiny = await upload(
      { code: "1234567890013", imagefield: "front_en" },
      { field: "imgupload_front_en", data: await testJpeg(4, 4, 3) },
    );
    expect(tiny.body).toMatchObject({
      error:
        "The picture is too small. Please do not upload pictures found on the Internet and only send photos you have taken yourself.",
      imgid: null,
      status: "status not ok",
    });
    expect(tiny.body.debug).toMatch(/ - image too small - width: 4 - height: 4$/);
    expect(await productStatus("1234567890013")).toBe(404);
    for (const [w, h, ok] of [
      [639, 159, false],
      [639, 170, true],
      [700, 100, true],
    ] as const) {
      const code = `12345678901${w}`.slice(0, 13);
      const { body } = await upload(
        { code, imagefield: "front_en" },
        { field: "imgupload_front_en", data: await testJpeg(w, h, 4) },
      );
      expect(body.status, `${w}×${h}`).toBe(ok ? "status ok" : "status not ok");
    }
    const v3 = await getJson(`${t.url}/api/v3/product/1234567890025/images`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ image_data_base64: (await testJpeg(4, 4, 5)).toString("base64") }),
    });
    expect(v3.status).toBe(400);
    expect(v3.body.errors[0].message.id).toBe("image_too_small");
  });

  it("a file over the image size limit and a huge JSON body get 413, nothing written", async () => {
    const big = Buffer.alloc(MAX_IMAGE_BYTES + 1024, 7);
    const { status, body } = await upload(
      { code: "1234567890026", imagefield: "front_en" },
      { field: "imgupload_front_en", data: big },
    );
    expect(status).toBe(413);
    expect(body.status).toBe(0);
    expect(await productStatus("1234567890026")).toBe(404);
    const huge = await getJson(`${t.url}/api/v3/product/1234567890026/images`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ image_data_base64: "A".repeat(MAX_IMAGE_BYTES * 2) }),
    });
    expect(huge.status).toBe(413);
    expect(await productStatus("1234567890026")).toBe(404);
  });

  it("crop: bad id, bad or unknown imgid, bad coordinates, a crop outside the picture (scenario 12)", async () => {
    const code = "1234567890027";
    const ok = await upload(
      { code, imagefield: "front_en" },
      { field: "imgupload_front_en", data: await testJpeg(200, 183, 6) },
    );
    expect(ok.body.status).toBe("status ok");
    const rev = (await readV2(code)).rev;
    const invalidType = {
      status:
        "status not ok - invalid image type (id field), must be of the form (front|ingredients|nutrition|packaging)_([a-z]{2})",
    };
    expect((await post("/cgi/product_image_crop.pl", { code, imgid: "1" })).body).toEqual(invalidType);
    expect((await post("/cgi/product_image_crop.pl", { code, id: "other_fr", imgid: "1" })).body).toEqual(invalidType);
    for (const imgid of ["25", "abc", "0", "-1"]) {
      expect((await post("/cgi/product_image_crop.pl", { code, id: "nutrition_fr", imgid })).body, imgid).toEqual({
        imagefield: "nutrition_fr",
        status: "status not ok - image not selected - imgid not in uploaded images",
      });
    }
    const badCoordinates = await post("/cgi/product_image_crop.pl", {
      code,
      id: "nutrition_fr",
      imgid: "1",
      x1: "abc",
      x2: "10",
    });
    expect(badCoordinates.body.status).toMatch(/^status not ok - image not selected/);
    const outside = await post("/cgi/product_image_crop.pl", {
      code,
      id: "nutrition_fr",
      imgid: "1",
      x1: "500",
      y1: "500",
      x2: "600",
      y2: "600",
      coordinates_image_size: "full",
    });
    expect(outside.body.status).toMatch(/^status not ok - image not selected/);
    const after = await readV2(code);
    expect(after.rev).toBe(rev);
    expect(after.images.nutrition_fr).toBeUndefined();
    // A crop partly outside is clipped, as OFF does.
    const partly = await post("/cgi/product_image_crop.pl", {
      code,
      id: "nutrition_fr",
      imgid: "1",
      x1: "100",
      y1: "100",
      x2: "400",
      y2: "400",
      coordinates_image_size: "full",
    });
    expect(partly.body).toEqual({
      image: { display_url: `nutrition_fr.${rev + 1}.400.jpg` },
      imagefield: "nutrition_fr",
      status: "status ok",
    });
    expect((await readV2(code)).images.nutrition_fr.sizes.full).toEqual({ w: 100, h: 83 });
  });

  it("wrong credentials get the JSON 403; a wrong token too", async () => {
    const image = await testJpeg(200, 183, 7);
    const wrong = await upload(
      { code: "1234567890028", imagefield: "front_en", user_id: ALICE.userId, password: "wrong" },
      { field: "imgupload_front_en", data: image },
    );
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ status: 0, status_verbose: "Incorrect user name or password." });
    const token = await getJson(`${t.url}/cgi/product_image_unselect.pl`, {
      method: "POST",
      headers: { Authorization: "Bearer alice__Uwrong", "Content-Type": "application/x-www-form-urlencoded" },
      body: "code=1234567890028&id=front_en",
    });
    expect(token.status).toBe(403);
    expect(token.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await productStatus("1234567890028")).toBe(404);
  });

  it("after all of it the server still answers, and its memory stayed bounded", async () => {
    const before = process.memoryUsage().rss;
    const image = await testJpeg(800, 600, 8);
    for (let i = 0; i < 10; i++) {
      await upload({ code: "1234567890029", imagefield: "front_en" }, { field: "imgupload_front_en", data: bombPng() });
      await upload(
        { code: "1234567890029", imagefield: "front_en" },
        { field: "imgupload_front_en", data: Buffer.alloc(MAX_IMAGE_BYTES + 1) },
      );
      await upload(
        { code: "1234567890029", imagefield: "front_en" },
        { field: "imgupload_front_en", data: image.subarray(0, 500) },
      );
    }
    expect(process.memoryUsage().rss - before).toBeLessThan(256 * 1024 * 1024);
    const { status, body } = await getJson(`${t.url}/api/v2/product/1234567890027?fields=code,max_imgid`);
    expect(status).toBe(200);
    expect(body.product).toEqual({ code: "1234567890027", max_imgid: 1 });
  });
});

describe("OFF's selection rules (IMAGES.md §3.3)", () => {
  it("a bare imagefield takes the language; a region is dropped (scenario 7)", async () => {
    const bare = await upload(
      { code: "1234567890030", imagefield: "front", lc: "fr" },
      { field: "imgupload_front", data: await testJpeg(200, 183, 9) },
    );
    expect(bare.body).toMatchObject({ imagefield: "front_fr", status: "status ok" });
    expect(Object.keys((await readV2("1234567890030")).images).sort()).toEqual(["1", "front_fr"]);
    const region = await upload(
      { code: "1234567890030", imagefield: "ingredients_pt-BR" },
      { field: "imgupload_ingredients_pt-BR", data: await testJpeg(200, 183, 10) },
    );
    expect(region.body).toMatchObject({ imagefield: "ingredients_pt", status: "status ok" });
    expect((await readV2("1234567890030")).images.ingredients_pt.imgid).toBe(2);
  });

  it("`other` becomes the front image only while there is none (scenario 8)", async () => {
    const code = "1234567890031";
    await upload({ code, imagefield: "other" }, { field: "imgupload_other", data: await testJpeg(200, 183, 11) });
    expect((await readV2(code)).images.front_en).toMatchObject({ imgid: 1, rev: 3 });
    await upload({ code, imagefield: "other" }, { field: "imgupload_other", data: await testJpeg(200, 183, 12) });
    expect((await readV2(code)).images.front_en).toMatchObject({ imgid: 1, rev: 3 });
  });

  it("a typed upload replaces the selection, except from the web form (scenario 9)", async () => {
    const code = "1234567890020";
    await upload({ code, imagefield: "front_en" }, { field: "imgupload_front_en", data: await testJpeg(200, 183, 13) });
    await upload({ code, imagefield: "front_en" }, { field: "imgupload_front_en", data: await testJpeg(200, 183, 14) });
    const product = await readV2(code);
    expect(product.images.front_en).toMatchObject({ imgid: 2, rev: 5 });
    expect(product.rev).toBe(5);
    await upload(
      { code, imagefield: "front_en", source: "product_edit_form" },
      { field: "imgupload_front_en", data: await testJpeg(200, 183, 15) },
    );
    const after = await readV2(code);
    expect(after.images.front_en).toMatchObject({ imgid: 2, rev: 5 });
    expect(after.rev).toBe(6);
  });

  it("barcode folders: 8 digits, leading zeros, short codes padded (scenario 20)", async () => {
    for (const [code, folder] of [
      ["12345678", "000/001/234/5678"],
      ["0180411000803", "018/041/100/0803"],
      ["123", "000/000/000/0123"],
    ]) {
      const { body } = await upload(
        { code, imagefield: "front_en" },
        { field: "imgupload_front_en", data: await testJpeg(200, 183, 16) },
      );
      expect(body.files[0].thumbnailUrl, code).toBe(`/images/products/${folder}/1.100.jpg`);
      expect((await fetch(`${t.url}/images/products/${folder}/1.100.jpg`)).status).toBe(200);
    }
  });
});

describe("parallel uploads to one product", () => {
  it("get distinct imgids, none lost", async () => {
    const code = "1234567890040";
    const images = await Promise.all(Array.from({ length: 8 }, (_, i) => testJpeg(200, 183, 100 + i)));
    const answers = await Promise.all(
      images.map((data) => upload({ code, imagefield: "other" }, { field: "imgupload_other", data })),
    );
    const imgids = answers.map((a) => a.body.imgid).sort((a, b) => a - b);
    expect(imgids).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const product = await readV2(code);
    expect(product.max_imgid).toBe(8);
    expect(Object.keys(product.images).filter((k) => /^\d+$/.test(k)).length).toBe(8);
    for (const imgid of imgids) {
      expect((await fetch(`${t.url}/images/products/123/456/789/0040/${imgid}.400.jpg`)).status).toBe(200);
    }
  });
});

describe("imported OFF products keep their photos (decision 6)", () => {
  const code = "0000651003214";
  it("their URLs point at OFF's image host until foodbase has a photo of its own", async () => {
    await importFile(t.server.store, join(import.meta.dirname, "../fixtures/off-products-2026.jsonl"));
    const off = "https://images.openfoodfacts.org/images/products/000/065/100/3214";
    const before = await getJson(`${t.url}/api/v2/product/${code}?fields=image_front_url,image_url,selected_images`);
    expect(before.body.product).toEqual({
      image_front_url: `${off}/front_en.5.400.jpg`,
      image_url: `${off}/front_en.5.400.jpg`,
      selected_images: {
        front: {
          display: { en: `${off}/front_en.5.400.jpg` },
          small: { en: `${off}/front_en.5.200.jpg` },
          thumb: { en: `${off}/front_en.5.100.jpg` },
        },
      },
    });
    // Search answers carry them too, computed before `fields` filtering.
    const search = await getJson(`${t.url}/api/v2/search?code=${code}&fields=code,image_front_small_url`);
    expect(search.body.products).toEqual([{ code, image_front_small_url: `${off}/front_en.5.200.jpg` }]);
    // OFF's photo 1 has no file here: it cannot be selected again (cropped) by foodbase.
    const crop = await post("/cgi/product_image_crop.pl", { code, id: "ingredients_en", imgid: "1", angle: "90" });
    expect(crop.body).toEqual({
      imagefield: "ingredients_en",
      status: "status not ok - image not selected - image cannot be read",
    });

    const rev = (await readV2(code)).rev as number;
    const { body } = await upload(
      { code, imagefield: "ingredients_en" },
      { field: "imgupload_ingredients_en", data: await testJpeg(200, 183, 20) },
    );
    expect(body).toMatchObject({ imgid: 2, status: "status ok" });
    const after = await getJson(
      `${t.url}/api/v2/product/${code}?fields=image_front_url,image_ingredients_url,max_imgid`,
    );
    expect(after.body.product).toEqual({
      image_front_url: `${off}/front_en.5.400.jpg`,
      image_ingredients_url: `${t.url}/images/products/000/065/100/3214/ingredients_en.${rev + 2}.400.jpg`,
      max_imgid: 2,
    });
  });
});

describe("API v3 selections", () => {
  const code = "1234567890070";
  it("an upload with `selected` selects only that; PATCH null unselects (scenarios 16, 17)", async () => {
    const { status, body } = await getJson(`${t.url}/api/v3/product/${code}/images`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        image_data_base64: (await testJpeg(200, 183, 30)).toString("base64"),
        selected: { ingredients: { it: {} } },
      }),
    });
    expect(status).toBe(200);
    expect(body.result.id).toBe("image_uploaded");
    expect(body.product.images.uploaded["1"].imgid).toBe(1);
    expect(body.product.images.selected).toEqual({
      ingredients: { it: expect.objectContaining({ imgid: 1, rev: 2, generation: {} }) },
    });
    const product = await readV2(code);
    expect(Object.keys(product.images).sort()).toEqual(["1", "ingredients_it"]);
    expect(product.image_front_url).toBeUndefined();

    const unselect = await getJson(`${t.url}/api/v3.3/product/${code}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ fields: "updated", product: { images: { selected: { ingredients: { it: null } } } } }),
    });
    expect(unselect.status).toBe(200);
    expect(unselect.body).toMatchObject({ code, errors: [], product: {}, status: "success" });
    expect(Object.keys((await readV2(code)).images)).toEqual(["1"]);

    const mixed = await getJson(`${t.url}/api/v3/product/${code}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ product: { product_name: "x", images: { selected: { front: { en: { imgid: 1 } } } } } }),
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.errors[0].field.id).toBe("product.product_name");
    expect((await readV2(code)).images.front_en).toBeUndefined();
  });
});

describe("who may do what", () => {
  it("a folksonomy token identifies the uploader; moderators move and delete (trash) photos", async () => {
    await t.server.store.addUser({
      userId: "moderator",
      email: "moderator@example.org",
      name: "",
      passwordHash: await hashPassword("secret-mod-2", { N: 2 ** 10, r: 8, p: 1 }),
      moderator: true,
    });
    const tokenOf = async (username: string, password: string) =>
      (
        await getJson(`${t.url}/folksonomy/auth`, {
          method: "POST",
          body: new URLSearchParams({ username, password }),
        })
      ).body.access_token as string;
    const aliceToken = await tokenOf(ALICE.userId, ALICE.password);
    const code = "1234567890080";
    const form = new FormData();
    form.append("code", code);
    form.append("imagefield", "front_en");
    form.append("imgupload_front_en", new Blob([new Uint8Array(await testJpeg(200, 183, 40))]), "a.jpg");
    const uploaded = await getJson(`${t.url}/cgi/product_image_upload.pl`, {
      method: "POST",
      headers: { Authorization: `Bearer ${aliceToken}` },
      body: form,
    });
    expect(uploaded.body.status).toBe("status ok");
    await upload({ code, imagefield: "other" }, { field: "imgupload_other", data: await testJpeg(200, 183, 41) });
    const product = await readV2(code);
    expect(product.images["1"].uploader).toBe("alice");
    expect(product.images["2"].uploader).toBe("openfoodfacts-contributors");
    expect(product.creator).toBe("alice");

    const byAlice = await getJson(`${t.url}/cgi/product_image_move.pl`, {
      method: "POST",
      headers: { Authorization: `Bearer ${aliceToken}` },
      body: new URLSearchParams({ code, imgids: "2", move_to_override: "trash" }),
    });
    expect(byAlice.status).toBe(403);
    const modToken = await tokenOf("moderator", "secret-mod-2");
    const moved = await getJson(`${t.url}/cgi/product_image_move.pl`, {
      method: "POST",
      headers: { Authorization: `Bearer ${modToken}` },
      body: new URLSearchParams({ code, imgids: "2", move_to_override: "1234567890081" }),
    });
    expect(moved.body).toMatchObject({ status: "ok", url: "/product/1234567890081", images: [{ imgid: 1 }] });
    // Moved as OFF moves: the uploader and upload time come along.
    expect((await readV2("1234567890081")).images["1"]).toMatchObject({
      uploader: "openfoodfacts-contributors",
      uploaded_t: product.images["2"].uploaded_t,
    });
    const trashed = await getJson(`${t.url}/cgi/product_image_move.pl`, {
      method: "POST",
      headers: { Authorization: `Bearer ${modToken}` },
      body: new URLSearchParams({ code, imgids: "1", move_to_override: "trash" }),
    });
    expect(trashed.body).toEqual({ images: [], status: "ok" });
    const after = await readV2(code);
    expect(after.images).toEqual({});
    expect(after.max_imgid).toBe(2);
    expect(after.image_front_url).toBeUndefined();
    expect((await fetch(`${t.url}/images/products/123/456/789/0080/1.jpg`)).status).toBe(404);
  });

  it("FOODBASE_ANONYMOUS_IMAGE_UPLOADS=false: an account is needed", async () => {
    const closed = await startTestServer({ config: { anonymousImageUploads: false } });
    try {
      const form = new FormData();
      form.append("code", "1234567890090");
      form.append("imagefield", "front_en");
      form.append("imgupload_front_en", new Blob([new Uint8Array(await testJpeg(200, 183, 50))]), "a.jpg");
      const anonymous = await getJson(`${closed.url}/cgi/product_image_upload.pl`, { method: "POST", body: form });
      expect(anonymous.status).toBe(403);
      expect(anonymous.headers.get("content-type")).toMatch(/^application\/json/);
      expect((await getJson(`${closed.url}/api/v2/product/1234567890090`)).status).toBe(404);
      form.append("user_id", ALICE.userId);
      form.append("password", ALICE.password);
      const signed = await getJson(`${closed.url}/cgi/product_image_upload.pl`, { method: "POST", body: form });
      expect(signed.body.status).toBe("status ok");
    } finally {
      await closed.close();
    }
  });
});

describe("files that cannot be written", () => {
  it("a photo whose files cannot be written is not kept by the product (JSON 500, server serving on)", async () => {
    // A file where the product's folder should be: every write under it fails.
    const parent = join(t.dir, "images", "products", "123", "456", "789");
    mkdirSync(parent, { recursive: true });
    writeFileSync(join(parent, "0123"), "not a folder");
    const { status, headers } = await upload(
      { code: "1234567890123", imagefield: "front_en" },
      { field: "imgupload_front_en", data: await testJpeg(200, 183, 60) },
    );
    expect(status).toBe(500);
    expect(headers.get("content-type")).toMatch(/^application\/json/);
    const product = await readV2("1234567890123");
    expect(product.images).toEqual({});
    expect(product.image_front_url).toBeUndefined();
    expect((await getJson(`${t.url}/health`)).status).toBe(200);
  });
});
