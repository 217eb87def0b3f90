/**
 * Product photos through the official SDK `@openfoodfacts/openfoodfacts-nodejs@2.0.0-alpha.35` (issue 22
 * item 6, IMAGES.md §13 scenarios 1, 2, 10, 13–19): uploadImage (multipart without Content-Type),
 * getProductImages, cropImage, rotateImage, unselectImage, uploadProductImage, selectAndCropImagesV3 and
 * deleteProductImage. Results are checked by reading the product back and fetching the files, whose
 * pixel sizes are measured. Expected values are OFF's (the fixtures quoted in IMAGES.md).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { OpenFoodFacts } from "@openfoodfacts/openfoodfacts-nodejs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../src/accounts/passwords.js";
import { getJson, startTestServer, type TestServer } from "../helpers/server.js";

let t: TestServer;
let off: OpenFoodFacts;
let imageA: Buffer;
let imageB: Buffer;

/** A 200×183 JPEG (the size of OFF's test image `1.jpg`) with detail up to its borders, so nothing is trimmed. */
async function testJpeg(width: number, height: number, seed: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 7 + seed * 31) % 256;
      pixels[i + 1] = (y * 5 + seed * 17) % 256;
      pixels[i + 2] = ((x ^ y) * 3 + seed) % 256;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

function path13(code: string): string {
  const padded = code.replace(/^0+/, "").padStart(13, "0");
  return `${padded.slice(0, 3)}/${padded.slice(3, 6)}/${padded.slice(6, 9)}/${padded.slice(9)}`;
}

async function readV2(code: string): Promise<Record<string, any>> {
  const { status, body } = await getJson(`${t.url}/api/v2/product/${code}`);
  expect(status).toBe(200);
  return body.product;
}

async function readV33(code: string): Promise<Record<string, any>> {
  const { status, body } = await getJson(`${t.url}/api/v3.3/product/${code}`);
  expect(status).toBe(200);
  return body.product;
}

/** Fetches a served file: status, type and measured pixel size. */
async function fetchImage(url: string): Promise<{ status: number; type: string | null; w?: number; h?: number }> {
  const res = await fetch(url);
  const bytes = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) return { status: res.status, type: res.headers.get("content-type") };
  const meta = await sharp(bytes).metadata();
  return { status: res.status, type: res.headers.get("content-type"), w: meta.width, h: meta.height };
}

/** The SDK types the file as a File; a Blob is what it sends (the part's filename is then "blob"). */
function jpegBlob(bytes: Buffer): File {
  return new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }) as File;
}

/** A fetch that sends a folksonomy token, as an app holding one does (the SDK's token option wants a JWT). */
function withBearer(token: string): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set("Authorization", `Bearer ${token}`);
    return fetch(input, { ...init, headers });
  };
}

async function tokenOf(userId: string, password: string): Promise<string> {
  const res = await fetch(`${t.url}/folksonomy/auth`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username: userId, password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

beforeAll(async () => {
  const imagesDir = mkdtempSync(join(tmpdir(), "foodbase-sdk-images-"));
  t = await startTestServer({ config: { imagesDir } });
  await t.server.store.addUser({
    userId: "mod",
    email: "mod@example.org",
    name: "Moderator",
    passwordHash: await hashPassword("secret-mod-1", { N: 2 ** 10, r: 8, p: 1 }),
    moderator: true,
  });
  off = new OpenFoodFacts(globalThis.fetch, { host: t.url });
  imageA = await testJpeg(200, 183, 1);
  imageB = await testJpeg(200, 183, 2);
});
afterAll(async () => t.close());

describe("classic photo routes through the SDK", () => {
  const code = "1234567890012";
  const folder = () => `${t.url}/images/products/${path13(code)}`;

  it("uploadImage (multipart without Content-Type) creates the product and selects the photo (scenario 1)", async () => {
    const { data, error } = await off.uploadImage(code, jpegBlob(imageA), "front_en");
    expect(error).toBeUndefined();
    expect(data).toEqual({
      code,
      files: [
        {
          code,
          filename: "",
          name: code,
          thumbnailUrl: "/images/products/123/456/789/0012/1.100.jpg",
          url: `/product/${code}`,
        },
      ],
      image: { crop_url: "1.400.jpg", imgid: 1, thumb_url: "1.100.jpg" },
      imagefield: "front_en",
      imgid: 1,
      status: "status ok",
    });

    const product = await readV2(code);
    expect(product.rev).toBe(3);
    expect(product.max_imgid).toBe(1);
    expect(product.images["1"].sizes).toEqual({
      100: { w: 100, h: 92 },
      400: { w: 200, h: 183 },
      full: { w: 200, h: 183 },
    });
    expect(product.images["1"].uploader).toBe("openfoodfacts-contributors");
    expect(product.images.front_en).toEqual({
      imgid: 1,
      rev: 3,
      sizes: { 100: { w: 100, h: 92 }, 200: { w: 200, h: 183 }, 400: { w: 200, h: 183 }, full: { w: 200, h: 183 } },
    });
    expect(product.image_front_url).toBe(`${folder()}/front_en.3.400.jpg`);
    expect(product.image_url).toBe(`${folder()}/front_en.3.400.jpg`);
    expect(product.selected_images.front.display.en).toBe(`${folder()}/front_en.3.400.jpg`);
    expect(product.states_tags).toEqual(expect.arrayContaining(["en:front-photo-selected", "en:photos-uploaded"]));
    expect(product.local_images).toBeUndefined();

    for (const [name, w, h] of [
      ["1.jpg", 200, 183],
      ["1.100.jpg", 100, 92],
      ["1.400.jpg", 200, 183],
      ["front_en.3.full.jpg", 200, 183],
      ["front_en.3.100.jpg", 100, 92],
      ["front_en.3.200.jpg", 200, 183],
      ["front_en.3.400.jpg", 200, 183],
    ] as const) {
      expect(await fetchImage(`${folder()}/${name}`), name).toEqual({ status: 200, type: "image/jpeg", w, h });
    }
    expect((await fetchImage(`${folder()}/1.200.jpg`)).status).toBe(404);
  });

  it("getProductImages lists the flat keys of API v2 (scenario 15); v3.3 reads the split shape", async () => {
    expect((await off.getProductImages(code))?.sort()).toEqual(["1", "front_en"]);
    const product = await readV33(code);
    expect(product.schema_version).toBe(1002);
    expect(Object.keys(product.images.uploaded)).toEqual(["1"]);
    expect(product.images.selected.front.en).toMatchObject({ imgid: 1, rev: 3, generation: {} });
  });

  it("the same picture again is OFF's duplicate answer with the existing imgid, and writes nothing (scenario 2)", async () => {
    const { data } = await off.uploadImage(code, jpegBlob(imageA), "front_en");
    expect(data).toMatchObject({
      code,
      error: "This picture has already been sent.",
      imagefield: "front_en",
      imgid: "1",
      status: "status not ok",
      files: [{ thumbnailUrl: "/images/products/123/456/789/0012/1.100.jpg" }],
    });
    const product = await readV2(code);
    expect(product.rev).toBe(3);
    expect(product.max_imgid).toBe(1);
  });

  it("cropImage selects a crop: OFF's answer, the coordinates in the v2 read, the cropped size (scenario 10)", async () => {
    const { data } = await off.cropImage(code, 1, "ingredients_fr", {
      x1: 10,
      y1: 20,
      x2: 100,
      y2: 200,
      angle: 0,
      normalize: false,
      white_magic: false,
    } as never);
    expect(data).toEqual({
      image: { display_url: "ingredients_fr.4.400.jpg" },
      imagefield: "ingredients_fr",
      status: "status ok",
    });
    const product = await readV2(code);
    // The SDK sends no coordinates_image_size: OFF's default, the 400 version (here the picture itself).
    expect(product.images.ingredients_fr).toMatchObject({
      coordinates_image_size: "400",
      imgid: 1,
      rev: 4,
      x1: 10,
      y1: 20,
      x2: 100,
      y2: 200,
    });
    expect(product.images.ingredients_fr.angle).toBeUndefined();
    // Clipped to the picture: 90 × (183 − 20).
    expect(await fetchImage(`${folder()}/ingredients_fr.4.full.jpg`)).toEqual({
      status: 200,
      type: "image/jpeg",
      w: 90,
      h: 163,
    });
    expect(await fetchImage(`${folder()}/ingredients_fr.4.100.jpg`)).toEqual({
      status: 200,
      type: "image/jpeg",
      w: 55,
      h: 100,
    });
  });

  it("rotateImage (GET) makes a new revision with width and height swapped (scenario 13)", async () => {
    const { data } = await off.rotateImage(code, "front_en", "1", "90");
    expect(data).toEqual({ image: { display_url: "front_en.5.400.jpg" }, imagefield: "front_en", status: "status ok" });
    expect(await fetchImage(`${folder()}/front_en.5.full.jpg`)).toEqual({
      status: 200,
      type: "image/jpeg",
      w: 183,
      h: 200,
    });
    const product = await readV33(code);
    expect(product.images.selected.front.en).toMatchObject({ imgid: 1, rev: 5, generation: { angle: 90 } });
    expect(product.image_front_url).toBe(`${folder()}/front_en.5.400.jpg`);
    // The same selection again changes nothing.
    const again = await off.rotateImage(code, "front_en", "1", "90");
    expect(again.data).toEqual(data);
    expect((await readV2(code)).rev).toBe(5);
  });

  it("unselectImage: OFF's exact answer; the URL fields go, the old files stay (scenario 14)", async () => {
    const { data } = await off.unselectImage(code, "front_en");
    expect(data).toEqual({ status_code: 0, status: "status ok", imagefield: "front_en" });
    const product = await readV2(code);
    expect(product.rev).toBe(6);
    expect(product.image_front_url).toBeUndefined();
    expect(product.image_url).toBeUndefined();
    expect(product.selected_images.front).toBeUndefined();
    expect(product.image_ingredients_url).toBe(`${folder()}/ingredients_fr.4.400.jpg`);
    expect((await fetchImage(`${folder()}/front_en.3.400.jpg`)).status).toBe(200);
    expect((await off.unselectImage(code, "front_en")).data).toEqual(data);
  });
});

describe("large photos", () => {
  it("a 2 MP photo larger than the body limit (1 MB) but within the image limit (20 MB) is accepted, by both APIs", async () => {
    const width = 1600;
    const height = 1200;
    const noise = Buffer.alloc(width * height * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const { data } = await off.uploadImage("1234567890111", jpegBlob(big), "front_en");
    expect(data).toMatchObject({ imgid: 1, status: "status ok" });
    expect((await readV2("1234567890111")).images["1"].sizes).toEqual({
      100: { w: 100, h: 75 },
      400: { w: 400, h: 300 },
      full: { w: 1600, h: 1200 },
    });
    const v3 = (await off.uploadProductImage("1234567890112", {
      image_data_base64: big.toString("base64"),
    } as never)) as {
      data?: any;
    };
    expect(v3.data?.status).toBe("success");
  });
});

describe("API v3 photo routes through the SDK", () => {
  const code = "1234567890099";
  const folder = () => `${t.url}/images/products/${path13(code)}`;

  it("uploadProductImage uploads base64 JSON sent without Content-Type; again → success_with_warnings (scenario 16)", async () => {
    const { data, error } = (await off.uploadProductImage(code, {
      image_data_base64: imageB.toString("base64"),
    } as never)) as {
      data?: any;
      error?: any;
    };
    expect(error).toBeUndefined();
    expect(data).toMatchObject({
      code,
      errors: [],
      result: { id: "image_uploaded" },
      status: "success",
      warnings: [],
      product: { images: { uploaded: { 1: { imgid: 1, uploader: "openfoodfacts-contributors" } } } },
    });
    const product = await readV2(code);
    // One revision for a new product (IMAGES.md §2.6), and no automatic selection.
    expect(product.rev).toBe(1);
    expect(Object.keys(product.images)).toEqual(["1"]);
    expect(await fetchImage(`${folder()}/1.100.jpg`)).toEqual({ status: 200, type: "image/jpeg", w: 100, h: 92 });

    const again = (await off.uploadProductImage(code, { image_data_base64: imageB.toString("base64") } as never)) as {
      data?: any;
    };
    expect(again.data).toMatchObject({
      status: "success_with_warnings",
      result: { id: "image_not_uploaded" },
      warnings: [{ field: { id: "image_data_base64" }, message: { id: "image_already_uploaded" } }],
    });
    expect((await readV2(code)).rev).toBe(1);
  });

  it("selectAndCropImagesV3 selects with a rotation; errors are per field (scenario 17)", async () => {
    const { data, error } = (await off.apiv3.selectAndCropImagesV3(code, {
      selected: { front: { en: { imgid: 1, generation: { angle: 90 } } } },
    } as never)) as { data?: any; error?: any };
    expect(error).toBeUndefined();
    expect(data).toMatchObject({
      code,
      errors: [],
      status: "success",
      product: { images: { selected: { front: { en: { imgid: 1, rev: 2, generation: { angle: 90 } } } } } },
    });
    expect(await fetchImage(`${folder()}/front_en.2.full.jpg`)).toEqual({
      status: 200,
      type: "image/jpeg",
      w: 183,
      h: 200,
    });
    expect((await readV2(code)).image_front_url).toBe(`${folder()}/front_en.2.400.jpg`);

    const wrong = (await off.apiv3.selectAndCropImagesV3(code, {
      selected: { invalid_type: { en: { imgid: "1" } }, front: { invalid_lc: { imgid: 1 }, de: { imgid: "10" } } },
    } as never)) as { data?: any };
    expect(wrong.data.status).toBe("success_with_errors");
    expect(wrong.data.errors.map((e: any) => [e.field.id, e.message.id, e.impact.id])).toEqual([
      ["images.selected.invalid_type", "invalid_image_type", "field_ignored"],
      ["images.selected.front.invalid_lc", "invalid_language_code", "field_ignored"],
      ["images.selected.front.de.imgid", "image_not_found", "field_ignored"],
    ]);
  });

  it("deleteProductImage: anonymous and normal users get 403 no_permission; a moderator's token deletes (scenario 18)", async () => {
    const anonymous = (await off.deleteProductImage(code, 1)) as { error?: any; response: Response };
    expect(anonymous.response.status).toBe(403);
    expect(anonymous.error).toEqual({
      errors: [
        {
          field: { id: "permission", value: "image_delete" },
          impact: { id: "failure", lc_name: "Failure", name: "Failure" },
          message: { id: "no_permission", lc_name: "", name: "" },
        },
      ],
      status: "failure",
      warnings: [],
    });
    const alice = new OpenFoodFacts(withBearer(await tokenOf("alice", "secret-alice")), { host: t.url });
    expect(((await alice.deleteProductImage(code, 1)) as { response: Response }).response.status).toBe(403);
    const wrongToken = new OpenFoodFacts(withBearer("alice__Unot-a-token"), { host: t.url });
    expect(((await wrongToken.deleteProductImage(code, 1)) as { response: Response }).response.status).toBe(403);

    const moderator = new OpenFoodFacts(withBearer(await tokenOf("mod", "secret-mod-1")), { host: t.url });
    const unknown = (await moderator.deleteProductImage(code, 25)) as { error?: any; response: Response };
    expect(unknown.response.status).toBe(404);
    expect(unknown.error.errors[0]).toMatchObject({
      field: { id: "imgid", value: "25" },
      message: { id: "image_not_found" },
    });
    const { data, response } = (await moderator.deleteProductImage(code, 1)) as { data?: any; response: Response };
    expect(response.status).toBe(200);
    expect(data.status).toBe("success");

    const product = await readV33(code);
    expect(product.images).toEqual({ selected: {}, uploaded: {} });
    expect(product.max_imgid).toBe(1);
    expect(product.image_front_url).toBeUndefined();
    expect((await fetchImage(`${folder()}/1.jpg`)).status).toBe(404);
    expect((await fetchImage(`${folder()}/front_en.2.400.jpg`)).status).toBe(404);
  });
});
