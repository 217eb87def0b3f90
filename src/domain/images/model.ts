/**
 * Product photos in the product document (IMAGES.md §2): the split `images` shape foodbase stores
 * (schema 1002+), `max_imgid`, and the names of image fields and files. Pure: no I/O.
 */
import type { Product } from "../product.js";
import { splitImages } from "../schema/images.js";

export interface ImageSize {
  w: number;
  h: number;
}

/** `{"100": {w,h}, "400": {w,h}, "full": {w,h}}` for uploads; selections also have "200". */
export type ImageSizes = Record<string, ImageSize>;

export interface UploadedImage {
  uploader: string;
  uploaded_t: number;
  sizes: ImageSizes;
}

/** OFF's normalised `generation` (IMAGES.md §2.2): only what changes the picture. */
export interface ImageGeneration {
  angle?: number;
  normalize?: boolean;
  white_magic?: boolean;
  x1?: number;
  y1?: number;
  x2?: number;
  y2?: number;
  coordinates_image_size?: string;
}

export interface SelectedImage {
  imgid: number | string;
  rev: number | string;
  sizes: ImageSizes;
  generation?: ImageGeneration;
}

export interface ProductImages {
  uploaded: Record<string, UploadedImage>;
  selected: Record<string, Record<string, SelectedImage>>;
}

/** The types a photo can be selected as (OFF's `%valid_image_types` for food). */
export const SELECTABLE_IMAGE_TYPES = ["front", "ingredients", "nutrition", "packaging"] as const;
export type SelectableImageType = (typeof SELECTABLE_IMAGE_TYPES)[number];

export function isSelectableImageType(type: string): type is SelectableImageType {
  return (SELECTABLE_IMAGE_TYPES as readonly string[]).includes(type);
}

/**
 * What foodbase itself holds files for, kept in the stored document beside `images` and never served by
 * the API (reads drop it): the SHA-256 of each uploaded original (duplicates are the same bytes,
 * decision 4) and the file stems of the selections it made. Images without an entry came with an
 * import: their URLs point at OFF's image host (decision 6).
 */
export const LOCAL_IMAGES_KEY = "local_images";

export interface LocalImages {
  /** imgid → SHA-256 (hex) of the original upload. */
  uploaded: Record<string, string>;
  /** `<type>_<lc>.<rev>` of each selection whose files foodbase wrote. */
  selected: string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The product's images in the split shape (an empty one when it has none). */
export function productImages(product: Product): ProductImages {
  const images = isRecord(product.images) ? product.images : {};
  return {
    uploaded: isRecord(images.uploaded) ? (images.uploaded as Record<string, UploadedImage>) : {},
    selected: isRecord(images.selected) ? (images.selected as Record<string, Record<string, SelectedImage>>) : {},
  };
}

/** The images of a stored document of any schema: flat ones (imports, old revisions) are read split. */
export function imagesInEitherShape(product: Product): ProductImages {
  const images = product.images;
  if (!isRecord(images) || "uploaded" in images || "selected" in images) return productImages(product);
  const copy: Product = { images: structuredClone(images) };
  splitImages(copy);
  return productImages(copy);
}

export function localImages(product: Product): LocalImages {
  const local = isRecord(product[LOCAL_IMAGES_KEY]) ? (product[LOCAL_IMAGES_KEY] as Record<string, unknown>) : {};
  return {
    uploaded: isRecord(local.uploaded) ? (local.uploaded as Record<string, string>) : {},
    selected: Array.isArray(local.selected) ? local.selected.filter((s): s is string => typeof s === "string") : [],
  };
}

/**
 * OFF's `split_code` (2025 rule, IMAGES.md §9.2): leading zeros dropped, padded to 13 digits, then
 * `3/3/3/rest`. Undefined for a code that is not 4 to 40 digits.
 */
export function barcodePath(code: string): string | undefined {
  if (!/^\d{4,40}$/.test(code)) return undefined;
  const padded = code.replace(/^0+/, "").padStart(13, "0");
  const m = /^(.{3})(.{3})(.{3})(.*)$/.exec(padded) as RegExpExecArray;
  return `${m[1]}/${m[2]}/${m[3]}/${m[4]}`;
}

/** `front_en` → {type, lc}; also the id of an image field the crop and unselect routes take. */
export function parseSelectedId(id: string): { type: SelectableImageType; lc: string } | undefined {
  const m = /^(front|ingredients|nutrition|packaging)_([a-z]{2})$/.exec(id);
  return m ? { type: m[1] as SelectableImageType, lc: m[2] as string } : undefined;
}

/**
 * The `imagefield` of an upload (IMAGES.md §3.1): `front_pt-BR` → `front_pt`; a bare type gets the
 * product's language. Other values (`foo_en`) are kept: the photo is stored but never selected.
 */
export function normalizeImageField(imagefield: string, productLc: string): string {
  const withRegion = /^(front|ingredients|nutrition|packaging|other)_([a-z]{2})-.*$/.exec(imagefield);
  if (withRegion) return `${withRegion[1]}_${withRegion[2]}`;
  if (/^(front|ingredients|nutrition|packaging|other)$/.test(imagefield)) return `${imagefield}_${productLc}`;
  return imagefield;
}

/** OFF's resize rule (IMAGES.md §9.3): the longest side at most `max`, never upscaled, halves rounded up. */
export function resizedSize(size: ImageSize, max: number): ImageSize {
  const { w, h } = size;
  if (w > h) return w > max ? { w: max, h: Math.max(1, Math.round((h * max) / w)) } : { w, h };
  return h > max ? { w: Math.max(1, Math.round((w * max) / h)), h: max } : { w, h };
}

/** File names of an uploaded photo and of a selection (IMAGES.md §9.1). */
export function uploadedFileNames(imgid: number): string[] {
  return [`${imgid}.jpg`, `${imgid}.100.jpg`, `${imgid}.400.jpg`];
}

export function selectedFileStem(type: string, lc: string, rev: number | string): string {
  return `${type}_${lc}.${rev}`;
}
