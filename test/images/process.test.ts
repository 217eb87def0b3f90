/**
 * Image processing with real JPEG/PNG/WebP files made by sharp here. Expected sizes follow OFF's
 * resize rule (IMAGES.md §9.3: longest side to 100/400, half up, never upscaled; 200×183 → 100×92).
 */

import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  cropRectangle,
  fitWithin,
  ImageInputError,
  type ImageLimits,
  processSelection,
  processUpload,
  sizesOf,
  WHOLE_PICTURE,
} from "../../src/images/process.js";

const LIMITS: ImageLimits = { maxBytes: 20 * 1024 * 1024, maxPixels: 100_000_000 };

/** A picture with a noisy texture (so it compresses like a photo) and known colours in its halves. */
async function picture(
  width: number,
  height: number,
  format: "jpeg" | "png" | "webp" = "jpeg",
  options: { orientation?: number; alpha?: boolean } = {},
): Promise<Buffer> {
  const channels = options.alpha ? 4 : 3;
  const pixels = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      const noise = (x * 7 + y * 13) % 16;
      // Left half red, right half blue.
      pixels[i] = x < width / 2 ? 220 + noise : 10 + noise;
      pixels[i + 1] = 20 + noise;
      pixels[i + 2] = x < width / 2 ? 10 + noise : 220 + noise;
      if (channels === 4) pixels[i + 3] = 0; // fully transparent
    }
  }
  let image = sharp(pixels, { raw: { width, height, channels } });
  if (options.orientation !== undefined) image = image.withMetadata({ orientation: options.orientation });
  return image.toFormat(format).toBuffer();
}

async function pixelAt(jpeg: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i] ?? -1, data[i + 1] ?? -1, data[i + 2] ?? -1];
}

async function expectInputError(promise: Promise<unknown>, problem: string, message: RegExp): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImageInputError);
  expect((error as ImageInputError).problem).toBe(problem);
  expect((error as ImageInputError).message).toMatch(message);
}

describe("fitWithin (OFF's generate_resized_images rule)", () => {
  it("matches OFF's fixtures and never upscales", () => {
    expect(fitWithin(200, 183, 100)).toEqual({ width: 100, height: 92 });
    expect(fitWithin(200, 183, 400)).toEqual({ width: 200, height: 183 });
    expect(fitWithin(90, 163, 100)).toEqual({ width: 55, height: 100 });
    expect(fitWithin(90, 180, 100)).toEqual({ width: 50, height: 100 });
    expect(fitWithin(1632, 1224, 400)).toEqual({ width: 400, height: 300 });
  });
});

describe("processUpload", () => {
  it("writes OFF's three upload sizes as JPEG, the 200×183 test picture as in OFF's fixture", async () => {
    const result = await processUpload(await picture(200, 183), LIMITS);
    expect(result.width).toBe(200);
    expect(result.height).toBe(183);
    expect(result.files.map((f) => f.size)).toEqual(["100", "400", "full"]);
    // OFF's fixture get-product-image.json: sizes 100 {100,92}, 400 {200,183}, full {200,183}.
    expect(sizesOf(result)).toEqual({
      "100": { w: 100, h: 92 },
      "400": { w: 200, h: 183 },
      full: { w: 200, h: 183 },
    });
    for (const file of result.files) {
      const meta = await sharp(file.data).metadata();
      expect(meta.format).toBe("jpeg");
      expect([meta.width, meta.height]).toEqual([file.width, file.height]);
    }
    expect(result.sourceExtension).toBe("jpg");
  });

  it("resizes a large picture to 100 and 400 on its longest side", async () => {
    const result = await processUpload(await picture(1200, 1600, "png"), LIMITS);
    expect(sizesOf(result)).toEqual({
      "100": { w: 75, h: 100 },
      "400": { w: 300, h: 400 },
      full: { w: 1200, h: 1600 },
    });
    expect(result.sourceExtension).toBe("png");
  });

  it("uses quality 95 for the full picture and 82 for resized ones (larger file at the same size)", async () => {
    const result = await processUpload(await picture(300, 300, "png"), LIMITS);
    const full = result.files.find((f) => f.size === "full");
    const at400 = result.files.find((f) => f.size === "400");
    // Same pixels (300×300 is not resized at 400): only the quality differs.
    expect(at400?.width).toBe(300);
    expect(full && at400 && full.data.length > at400.data.length).toBe(true);
  });

  it("reads PNG and WebP, and puts transparency over white", async () => {
    const png = await processUpload(await picture(640, 200, "png", { alpha: true }), LIMITS);
    expect(await pixelAt(png.files[2]?.data as Buffer, 10, 10)).toEqual(expect.arrayContaining([expect.any(Number)]));
    const [r, g, b] = await pixelAt(png.files[2]?.data as Buffer, 10, 10);
    expect(Math.min(r ?? 0, g ?? 0, b ?? 0)).toBeGreaterThan(240);
    const webp = await processUpload(await picture(500, 250, "webp"), LIMITS);
    expect(sizesOf(webp).full).toEqual({ w: 500, h: 250 });
    expect(webp.sourceExtension).toBe("webp");
  });

  it("applies EXIF orientation 6 (rotate 90° clockwise), then strips every metadata", async () => {
    const source = await picture(300, 200, "jpeg", { orientation: 6 });
    expect((await sharp(source).metadata()).orientation).toBe(6);
    const result = await processUpload(source, LIMITS);
    // Shown upright, the 300×200 stored picture is 200 wide and 300 high.
    expect([result.width, result.height]).toEqual([200, 300]);
    expect(sizesOf(result)["100"]).toEqual({ w: 67, h: 100 });
    const full = result.files.find((f) => f.size === "full")?.data as Buffer;
    // The stored left half (red) is at the top once turned clockwise; the right half (blue) at the bottom.
    const top = await pixelAt(full, 100, 20);
    const bottom = await pixelAt(full, 100, 280);
    expect(top[0]).toBeGreaterThan(180);
    expect(top[2]).toBeLessThan(80);
    expect(bottom[2]).toBeGreaterThan(180);
    expect(bottom[0]).toBeLessThan(80);
    for (const file of result.files) {
      const meta = await sharp(file.data).metadata();
      expect(meta.orientation).toBeUndefined();
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
    }
  });

  it("never upscales a small picture", async () => {
    const result = await processUpload(await picture(4, 4), LIMITS);
    expect(sizesOf(result)).toEqual({ "100": { w: 4, h: 4 }, "400": { w: 4, h: 4 }, full: { w: 4, h: 4 } });
  });

  it("refuses what is not an image, with a message that says so", async () => {
    await expectInputError(processUpload(Buffer.from("hello, this is text\n"), LIMITS), "not_an_image", /not an image/);
    await expectInputError(processUpload(Buffer.alloc(0), LIMITS), "not_an_image", /empty/);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"></svg>');
    await expectInputError(processUpload(svg, LIMITS), "unsupported_format", /svg format/);
  });

  it("refuses a truncated JPEG", async () => {
    const whole = await picture(1000, 800);
    await expectInputError(
      processUpload(whole.subarray(0, whole.length / 2), LIMITS),
      "corrupt",
      /could not be decoded/,
    );
  });

  it("refuses corrupt bytes after a valid header", async () => {
    const whole = Buffer.from(await picture(400, 300, "png"));
    // Keep the PNG signature, header chunk and the start of the pixels; scramble the rest of them.
    for (let i = Math.floor(whole.length / 2); i < whole.length - 20; i++) whole[i] = (whole[i] ?? 0) ^ 0x5a;
    await expectInputError(processUpload(whole, LIMITS), "corrupt", /could not be decoded/);
  });

  it("refuses a file over the byte limit before reading it", async () => {
    const file = await picture(300, 300);
    await expectInputError(
      processUpload(file, { ...LIMITS, maxBytes: file.length - 1 }),
      "too_large",
      new RegExp(`${file.length} bytes, more than the limit of ${file.length - 1}`),
    );
  });

  it("refuses a small file declaring 50,000 × 50,000 pixels without decoding it", async () => {
    const bomb = Buffer.from(await picture(16, 16));
    // Patch the frame header (SOF0, FF C0): height and width are 16-bit at offsets +5 and +7.
    const sof = bomb.indexOf(Buffer.from([0xff, 0xc0]));
    expect(sof).toBeGreaterThan(0);
    bomb.writeUInt16BE(50_000, sof + 5);
    bomb.writeUInt16BE(50_000, sof + 7);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(50_000);
    const before = process.memoryUsage().rss;
    await expectInputError(processUpload(bomb, LIMITS), "too_many_pixels", /50000 × 50000 pixels/);
    // Decoding it would take 7.5 GB.
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });
});

describe("processSelection", () => {
  it("without crop or angle: OFF's four selection sizes of the upload", async () => {
    const upload = await processUpload(await picture(200, 183), LIMITS);
    const full = upload.files.find((f) => f.size === "full")?.data as Buffer;
    const result = await processSelection(full, WHOLE_PICTURE);
    expect(result.files.map((f) => f.size)).toEqual(["100", "200", "400", "full"]);
    // OFF's fixture: front_en sizes 100 {100,92}, 200/400/full {200,183}.
    expect(sizesOf(result)).toEqual({
      "100": { w: 100, h: 92 },
      "200": { w: 200, h: 183 },
      "400": { w: 200, h: 183 },
      full: { w: 200, h: 183 },
    });
  });

  it("rotates clockwise: width and height swap at 90°", async () => {
    const upload = await processUpload(await picture(300, 200), LIMITS);
    const full = upload.files.find((f) => f.size === "full")?.data as Buffer;
    const result = await processSelection(full, { ...WHOLE_PICTURE, angle: 90 });
    expect([result.width, result.height]).toEqual([200, 300]);
    const out = result.files.find((f) => f.size === "full")?.data as Buffer;
    // Left half (red) goes to the top when turned clockwise.
    expect((await pixelAt(out, 100, 20))[0]).toBeGreaterThan(180);
    expect((await pixelAt(out, 100, 280))[2]).toBeGreaterThan(180);
  });

  it("crops with full-size coordinates (OFF scenario 10: 10,20 → 100,200 of 200×183 is 90 wide)", async () => {
    const upload = await processUpload(await picture(200, 183), LIMITS);
    const full = upload.files.find((f) => f.size === "full")?.data as Buffer;
    const result = await processSelection(full, { ...WHOLE_PICTURE, x1: 10, y1: 20, x2: 100, y2: 200 });
    // Clipped at the bottom (183): 90 × 163, as OFF's fixture ingredients_fr.
    expect(sizesOf(result).full).toEqual({ w: 90, h: 163 });
    expect(sizesOf(result)["100"]).toEqual({ w: 55, h: 100 });
  });

  it("scales coordinates given on the 400 version to the full picture", async () => {
    const upload = await processUpload(await picture(1600, 1200), LIMITS);
    const full = upload.files.find((f) => f.size === "full")?.data as Buffer;
    // The 400 version is 400×300; (0,0)-(200,300) is its left half = 800×1200 of the full picture.
    const result = await processSelection(full, {
      ...WHOLE_PICTURE,
      x1: 0,
      y1: 0,
      x2: 200,
      y2: 300,
      coordinatesImageSize: "400",
    });
    expect(sizesOf(result).full).toEqual({ w: 800, h: 1200 });
    const out = result.files.find((f) => f.size === "full")?.data as Buffer;
    expect((await pixelAt(out, 400, 600))[0]).toBeGreaterThan(180);
  });

  it("crop coordinates are on the rotated picture, with the reference size swapped", () => {
    const rect = cropRectangle(
      { ...WHOLE_PICTURE, angle: 90, x1: 0, y1: 0, x2: 150, y2: 200, coordinatesImageSize: "400" },
      { width: 1600, height: 1200 },
      { width: 1200, height: 1600 },
    );
    // The 400 version rotated is 300×400; x 0–150 → 0–600, y 0–200 → 0–800.
    expect(rect).toEqual({ left: 0, top: 0, width: 600, height: 800 });
  });

  it("trims borders of exactly the corner colour, as ImageMagick's Trim() without fuzz", async () => {
    const framed = await sharp({ create: { width: 260, height: 160, channels: 3, background: "#d02020" } })
      .extend({ top: 20, bottom: 20, left: 20, right: 20, background: "#ffffff" })
      .png()
      .toBuffer();
    const upload = await processUpload(framed, LIMITS);
    expect(sizesOf(upload).full).toEqual({ w: 300, h: 200 });
    const full = upload.files.find((f) => f.size === "full")?.data as Buffer;
    // The q95 JPEG keeps the white frame exactly white only where it is far from the red.
    const result = await processSelection(await sharp(full).png().toBuffer(), WHOLE_PICTURE);
    expect(result.width).toBeLessThan(300);
    expect(result.width).toBeGreaterThanOrEqual(260);
    expect(result.height).toBeLessThan(200);
    expect(result.height).toBeGreaterThanOrEqual(160);
    // A picture with no uniform edge is left whole.
    const noisy = await processUpload(await picture(300, 200), LIMITS);
    const kept = await processSelection(noisy.files.find((f) => f.size === "full")?.data as Buffer, WHOLE_PICTURE);
    expect([kept.width, kept.height]).toEqual([300, 200]);
  });

  it("refuses a crop entirely outside the picture", async () => {
    const upload = await processUpload(await picture(200, 183), LIMITS);
    const full = upload.files.find((f) => f.size === "full")?.data as Buffer;
    await expectInputError(
      processSelection(full, { ...WHOLE_PICTURE, x1: 300, y1: 300, x2: 400, y2: 400 }),
      "crop_outside",
      /outside the image/,
    );
  });
});
