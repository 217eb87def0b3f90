/**
 * Turns an uploaded picture into OFF's image files, and an uploaded picture into a selected
 * (rotated, cropped) one, with libvips through sharp (IMAGES.md §3.2, §5.2, §9.3). No I/O: bytes in,
 * bytes out; src/storage/image-files.ts writes them.
 *
 * Limits are checked from the header before any pixel is decoded, so a small file declaring
 * 50,000 × 50,000 pixels costs a header read, not gigabytes.
 */
import type { Metadata, Sharp, default as SharpFactory } from "sharp";

/**
 * sharp (libvips), loaded on the first picture processed: loading it costs a server start 85 ms, and most
 * starts never process a picture. Set by loadSharp(), which every exported function using it awaits first.
 */
let sharp: typeof SharpFactory;

async function loadSharp(): Promise<void> {
  sharp ??= (await import("sharp")).default;
}

/** OFF's sizes: longest side in pixels, or the whole picture. */
export type ImageSize = "100" | "200" | "400" | "full";

/** OFF's upload sizes (`$thumb_size`, `$crop_size`, full) and selection sizes (+ `$small_size`). */
export const UPLOAD_SIZES: readonly ImageSize[] = ["100", "400", "full"];
export const SELECTION_SIZES: readonly ImageSize[] = ["100", "200", "400", "full"];

/** OFF's JPEG qualities: 95 for an upload's full picture, 82 for every resized or selected file. */
export const UPLOAD_FULL_QUALITY = 95;
export const RESIZED_QUALITY = 82;

export interface ImageLimits {
  /** Largest accepted file, bytes. */
  maxBytes: number;
  /** Most pixels (width × height) the file may declare. */
  maxPixels: number;
}

/** One encoded JPEG of a given size. */
export interface ImageFile {
  size: ImageSize;
  width: number;
  height: number;
  data: Buffer;
}

export interface ProcessedImage {
  /** Of the full-size file. */
  width: number;
  height: number;
  /** One per size, in the order of UPLOAD_SIZES / SELECTION_SIZES. */
  files: ImageFile[];
}

/** What an upload also tells about its source file (for OFF's `<imgid>.<ext>.orig`). */
export interface ProcessedUpload extends ProcessedImage {
  /** Extension of the source format: jpg, png, webp, gif, tiff, avif… */
  sourceExtension: string;
}

export type ImageInputProblem =
  | "too_large"
  | "not_an_image"
  | "unsupported_format"
  | "too_many_pixels"
  | "corrupt"
  | "crop_outside";

/** Bad input (not a server fault): the caller answers OFF's "could not be read" error. */
export class ImageInputError extends Error {
  constructor(
    readonly problem: ImageInputProblem,
    message: string,
  ) {
    super(message);
    this.name = "ImageInputError";
  }
}

/** Formats the prebuilt libvips decodes and OFF accepts (HEIC is not among sharp's prebuilt decoders). */
const ACCEPTED_FORMATS: Record<string, string> = {
  jpeg: "jpg",
  png: "png",
  webp: "webp",
  gif: "gif",
  tiff: "tiff",
  heif: "avif",
};

/** `{ 100: {w, h}, … }` as OFF stores it in `images.uploaded.N.sizes` / `images.selected.T.L.sizes`. */
export function sizesOf(processed: ProcessedImage): Record<string, { w: number; h: number }> {
  const sizes: Record<string, { w: number; h: number }> = {};
  for (const file of processed.files) sizes[file.size] = { w: file.width, h: file.height };
  return sizes;
}

/**
 * OFF's `generate_resized_images` rule: the longest side down to `max`, the other in proportion,
 * rounded half up (200×183 → 100×92); never upscaled.
 */
export function fitWithin(width: number, height: number, max: number): { width: number; height: number } {
  if (width > height) {
    if (width > max) return { width: max, height: Math.max(1, Math.round((height * max) / width)) };
  } else if (height > max) {
    return { width: Math.max(1, Math.round((width * max) / height)), height: max };
  }
  return { width, height };
}

/** A decoded picture held as raw pixels, so each size is resized from it without decoding again. */
export interface RawPicture {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

function fromRaw(picture: RawPicture): Sharp {
  return sharp(picture.data, {
    raw: { width: picture.width, height: picture.height, channels: picture.channels },
  });
}

async function toRaw(pipeline: Sharp): Promise<RawPicture> {
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** The input's header, checked against the limits before anything is decoded. */
async function checkedMetadata(input: Buffer, limits: ImageLimits): Promise<Metadata & { format: string }> {
  if (input.length === 0) throw new ImageInputError("not_an_image", "the file is empty");
  if (input.length > limits.maxBytes) {
    throw new ImageInputError(
      "too_large",
      `the file is ${input.length} bytes, more than the limit of ${limits.maxBytes} bytes`,
    );
  }
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageInputError("not_an_image", "the file is not an image in a known format");
  }
  const format = metadata.format;
  if (format === undefined || !(format in ACCEPTED_FORMATS)) {
    throw new ImageInputError(
      "unsupported_format",
      `images in ${format ?? "this"} format are not accepted (JPEG, PNG, WebP, GIF, TIFF or AVIF)`,
    );
  }
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width <= 0 || height <= 0) throw new ImageInputError("corrupt", "the image declares no dimensions");
  if (width * height > limits.maxPixels) {
    throw new ImageInputError(
      "too_many_pixels",
      `the image declares ${width} × ${height} pixels, more than the limit of ${limits.maxPixels} pixels`,
    );
  }
  return { ...metadata, format };
}

/** Decodes fully, so a truncated or corrupt file fails here, before any file is written. */
async function decode(pipeline: Sharp): Promise<RawPicture> {
  try {
    return await toRaw(pipeline);
  } catch (e) {
    throw new ImageInputError("corrupt", `the image could not be decoded: ${(e as Error).message}`);
  }
}

async function encode(picture: RawPicture, size: ImageSize, quality: number): Promise<ImageFile> {
  const target = size === "full" ? picture : fitWithin(picture.width, picture.height, Number(size));
  let pipeline = fromRaw(picture);
  if (target.width !== picture.width || target.height !== picture.height) {
    pipeline = pipeline.resize(target.width, target.height, { fit: "fill" });
  }
  const { data, info } = await pipeline.jpeg({ quality }).toBuffer({ resolveWithObject: true });
  return { size, width: info.width, height: info.height, data };
}

function inputPipeline(input: Buffer, limits: ImageLimits): Sharp {
  // failOn "error": a truncated or corrupt file is refused; a harmless warning is not.
  return sharp(input, { limitInputPixels: limits.maxPixels, failOn: "error" });
}

/**
 * An upload (OFF `process_image_upload`): EXIF orientation applied then every metadata dropped,
 * transparency over white, the full picture as JPEG q95, and 100/400 versions (q82), never upscaled.
 * Throws ImageInputError for anything that is not a readable image within the limits.
 */
export async function processUpload(input: Buffer, limits: ImageLimits): Promise<ProcessedUpload> {
  await loadSharp();
  const metadata = await checkedMetadata(input, limits);
  // rotate() with no angle applies the EXIF orientation; sharp writes no metadata unless asked.
  const picture = await decode(inputPipeline(input, limits).rotate().flatten({ background: "#ffffff" }));
  const files = await Promise.all(
    UPLOAD_SIZES.map((size) => encode(picture, size, size === "full" ? UPLOAD_FULL_QUALITY : RESIZED_QUALITY)),
  );
  return {
    width: picture.width,
    height: picture.height,
    files,
    sourceExtension: ACCEPTED_FORMATS[metadata.format] ?? "jpg",
  };
}

/** OFF's crop/rotate parameters (IMAGES.md §5.1), already parsed. */
export interface SelectionParams {
  /** Degrees clockwise (OFF's ImageMagick `Rotate`); any value, taken modulo 360. */
  angle: number;
  /** Crop corners, relative to the rotated picture at `coordinatesImageSize`; all 0 (or x1 = x2) = no crop. */
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  /** The size of the upload the coordinates refer to: its 400 version (OFF's default) or the full one. */
  coordinatesImageSize: "400" | "full";
  normalize: boolean;
  whiteMagic: boolean;
}

/** The whole picture as uploaded: no rotation, no crop, no filter (OFF's selection of a new upload). */
export const WHOLE_PICTURE: Readonly<SelectionParams> = {
  angle: 0,
  x1: 0,
  y1: 0,
  x2: 0,
  y2: 0,
  coordinatesImageSize: "full",
  normalize: false,
  whiteMagic: false,
};

function isCrop(params: SelectionParams): boolean {
  const { x1, y1, x2, y2 } = params;
  return [x1, y1, x2, y2].every(Number.isFinite) && x1 !== x2 && y1 !== y2 && ![x1, y1, x2, y2].every((c) => c <= 0);
}

/**
 * The crop rectangle in pixels of the rotated full picture, clipped to it (OFF `process_image_crop`):
 * the coordinates are scaled from the reference size (the upload's 400 or full size, swapped when the
 * rotation is a quarter turn) to the rotated picture. Undefined when no crop is asked.
 */
export function cropRectangle(
  params: SelectionParams,
  upload: { width: number; height: number },
  rotated: { width: number; height: number },
): { left: number; top: number; width: number; height: number } | undefined {
  if (!isCrop(params)) return undefined;
  let reference = params.coordinatesImageSize === "full" ? upload : fitWithin(upload.width, upload.height, 400);
  const angle = ((Math.trunc(params.angle) % 360) + 360) % 360;
  if (angle % 180 === 90) reference = { width: reference.height, height: reference.width };
  const scaleX = (x: number) => Math.trunc((x * rotated.width) / reference.width);
  const scaleY = (y: number) => Math.trunc((y * rotated.height) / reference.height);
  const [x1, x2] = [scaleX(params.x1), scaleX(params.x2)].sort((a, b) => a - b) as [number, number];
  const [y1, y2] = [scaleY(params.y1), scaleY(params.y2)].sort((a, b) => a - b) as [number, number];
  // A crop partly outside the picture is clipped to it, as ImageMagick's Crop does.
  const left = Math.max(0, x1);
  const top = Math.max(0, y1);
  const right = Math.min(rotated.width, x2);
  const bottom = Math.min(rotated.height, y2);
  if (right <= left || bottom <= top) {
    throw new ImageInputError(
      "crop_outside",
      `the crop (${params.x1},${params.y1})-(${params.x2},${params.y2}) lies outside the image`,
    );
  }
  return { left, top, width: right - left, height: bottom - top };
}

/**
 * Whether a whole edge row or column has exactly the top-left pixel's colour: else there is
 * nothing to trim, which a look at the edges tells far faster than libvips' trim over the picture.
 */
export function hasUniformEdge(picture: RawPicture): boolean {
  const { data, width, height, channels } = picture;
  const samePixel = (x: number, y: number): boolean => {
    const at = (y * width + x) * channels;
    for (let c = 0; c < channels; c++) if (data[at + c] !== data[c]) return false;
    return true;
  };
  const rowIsUniform = (y: number): boolean => {
    for (let x = 0; x < width; x++) if (!samePixel(x, y)) return false;
    return true;
  };
  const columnIsUniform = (x: number): boolean => {
    for (let y = 0; y < height; y++) if (!samePixel(x, y)) return false;
    return true;
  };
  return rowIsUniform(0) || rowIsUniform(height - 1) || columnIsUniform(0) || columnIsUniform(width - 1);
}

/**
 * OFF's `Trim()` (ImageMagick, no fuzz): drops borders of exactly the corner colour. sharp refuses to trim a picture that is all
 * border; then it stays as it is.
 */
async function trimmed(picture: RawPicture): Promise<RawPicture> {
  if (!hasUniformEdge(picture)) return picture;
  try {
    const result = await toRaw(fromRaw(picture).trim({ threshold: 0 }));
    return result.width > 0 && result.height > 0 ? result : picture;
  } catch {
    return picture;
  }
}

/**
 * A selection (OFF `process_image_crop`) from an upload's full picture (`<imgid>.jpg`): rotate, crop
 * (clipped; ImageInputError when entirely outside), trim uniform borders, normalize when asked, then
 * full/100/200/400 JPEGs at q82. `white_magic` (OFF's background subtraction) is not applied.
 */
export async function processSelection(original: Buffer, params: SelectionParams): Promise<ProcessedImage> {
  await loadSharp();
  const limits: ImageLimits = { maxBytes: Number.MAX_SAFE_INTEGER, maxPixels: Number.MAX_SAFE_INTEGER };
  await checkedMetadata(original, limits);
  const source = await decode(inputPipeline(original, limits).flatten({ background: "#ffffff" }));
  const angle = ((Math.trunc(params.angle) % 360) + 360) % 360;
  let picture = source;
  if (angle !== 0) {
    picture = await toRaw(fromRaw(picture).rotate(angle, { background: "#ffffff" }));
  }
  const crop = cropRectangle(params, source, picture);
  if (crop !== undefined) picture = await toRaw(fromRaw(picture).extract(crop));
  picture = await trimmed(picture);
  if (params.normalize) picture = await toRaw(fromRaw(picture).normalise());
  const files = await Promise.all(SELECTION_SIZES.map((size) => encode(picture, size, RESIZED_QUALITY)));
  return { width: picture.width, height: picture.height, files };
}
