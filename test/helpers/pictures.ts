/** Test photos made in memory with sharp. */
import sharp from "sharp";

/**
 * width × height pixels, every one different from its neighbours along the edges, so that a selection's
 * trim of uniform borders keeps the whole picture.
 */
export async function picture(width: number, height: number, format: "jpeg" | "png" = "jpeg"): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = (x * 3) % 256;
      pixels[at + 1] = (y * 5) % 256;
      pixels[at + 2] = (x + y) % 256;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}
