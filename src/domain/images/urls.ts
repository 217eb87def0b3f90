/**
 * The URL fields OFF adds to every product read before `fields` filtering (`add_images_urls_to_product`,
 * IMAGES.md §2.5): `image_<type>_url`, `_small_url`, `_thumb_url`, `image_url`… and `selected_images`.
 * Computed from the stored `images` (either shape): reads convert, they never recompute the images.
 */
import type { Product } from "../product.js";
import {
  barcodePath,
  imagesInEitherShape,
  localImages,
  SELECTABLE_IMAGE_TYPES,
  type SelectedImage,
  uploadedFileNames,
} from "./model.js";

export interface ImageUrlBases {
  /** Where foodbase's own files are served, e.g. `http://localhost:8080/images/products`. */
  local: string;
  /** Where imported photos are (decision 6), e.g. `https://images.openfoodfacts.org/images/products`. */
  imported: string;
}

/** Every key this module computes (a stored copy of them from a dump is replaced). */
export function isImageUrlKey(key: string): boolean {
  return key === "selected_images" || /^image_(?:\w+_)?(?:url|small_url|thumb_url)$/.test(key);
}

/** The URL fields of a product, or undefined when it has no `images` at all (stored ones are kept then). */
export function imageUrlFields(
  product: Product,
  requestLc: string | undefined,
  bases: ImageUrlBases,
): Record<string, unknown> | undefined {
  if (product.images === undefined || product.images === null) return undefined;
  const code = typeof product.code === "string" ? product.code : "";
  const path = barcodePath(code);
  const fields: Record<string, unknown> = {};
  if (path === undefined) return fields;
  const selected = imagesInEitherShape(product).selected;
  const local = new Set(localImages(product).selected);
  const mainLc = typeof product.lang === "string" ? product.lang : typeof product.lc === "string" ? product.lc : "";
  const selectedImages: Record<string, unknown> = {};
  for (const type of SELECTABLE_IMAGE_TYPES) {
    const byLanguage = selected[type];
    if (byLanguage === undefined || byLanguage === null || typeof byLanguage !== "object") continue;
    const languages = Object.keys(byLanguage).filter((lc) => typeof byLanguage[lc] === "object");
    if (languages.length === 0) continue;
    const best =
      [requestLc, mainLc, "en"].find((lc) => lc !== undefined && languages.includes(lc)) ?? [...languages].sort()[0];
    const url = (lc: string, size: string) => {
      const entry = byLanguage[lc] as SelectedImage;
      const stem = entry.rev === undefined || entry.rev === null ? `${type}_${lc}` : `${type}_${lc}.${entry.rev}`;
      const base = local.has(stem) ? bases.local : bases.imported;
      return `${base}/${path}/${stem}.${size}.jpg`;
    };
    const display: Record<string, string> = {};
    const small: Record<string, string> = {};
    const thumb: Record<string, string> = {};
    for (const lc of languages) {
      display[lc] = url(lc, "400");
      small[lc] = url(lc, "200");
      thumb[lc] = url(lc, "100");
    }
    selectedImages[type] = { display, small, thumb };
    const lc = best as string;
    fields[`image_${type}_url`] = url(lc, "400");
    fields[`image_${type}_small_url`] = url(lc, "200");
    fields[`image_${type}_thumb_url`] = url(lc, "100");
    if (type === "front") {
      fields.image_url = url(lc, "400");
      fields.image_small_url = url(lc, "200");
      fields.image_thumb_url = url(lc, "100");
    }
  }
  if (Object.keys(selectedImages).length > 0) fields.selected_images = selectedImages;
  return fields;
}

/**
 * The URL of an uploaded photo's file (IMAGES.md §9.1: `<imgid>.100.jpg`, `<imgid>.400.jpg`, the full
 * `<imgid>.jpg`): on foodbase when it holds the upload, else on OFF's image host (decision 6).
 * Undefined for a code without a folder.
 */
export function uploadedImageUrl(
  product: Product,
  imgid: number,
  size: "100" | "400" | "full",
  bases: ImageUrlBases,
): string | undefined {
  const path = barcodePath(typeof product.code === "string" ? product.code : "");
  if (path === undefined) return undefined;
  const [full, thumb, display] = uploadedFileNames(imgid) as [string, string, string];
  const base = localImages(product).uploaded[String(imgid)] === undefined ? bases.imported : bases.local;
  return `${base}/${path}/${size === "full" ? full : size === "100" ? thumb : display}`;
}
