/**
 * Image operations on a product document (IMAGES.md §2, §3.2, §5.2, §6, §8.1), applied to the split
 * shape. Pure; the HTTP layer writes the files first, then the store saves what these return, each
 * operation as one revision like any other write.
 */

import type { Product } from "../product.js";
import { getStringArray } from "../product.js";
import { normalizeGeneration } from "../schema/images.js";
import {
  type ImageGeneration,
  type ImageSizes,
  LOCAL_IMAGES_KEY,
  localImages,
  productImages,
  SELECTABLE_IMAGE_TYPES,
  type SelectedImage,
  selectedFileStem,
} from "./model.js";

function dateTags(t: number): string[] {
  const iso = new Date(t * 1000).toISOString();
  return [iso.slice(0, 10), iso.slice(0, 7), iso.slice(0, 4)];
}

function setImages(product: Product, images: ReturnType<typeof productImages>): void {
  product.images = { selected: images.selected, uploaded: images.uploaded };
}

/** The highest imgid the product ever had (`max_imgid` is never lowered, IMAGES.md §2.1). */
export function maxImgid(product: Product): number {
  const declared = Number(product.max_imgid ?? 0);
  let max = Number.isSafeInteger(declared) && declared > 0 ? declared : 0;
  for (const key of Object.keys(productImages(product).uploaded)) max = Math.max(max, Number(key) || 0);
  return max;
}

/** The imgid of an earlier upload of the same bytes, if any (decision 4). */
export function duplicateOf(product: Product, sha256: string): number | undefined {
  const uploaded = productImages(product).uploaded;
  for (const [imgid, hash] of Object.entries(localImages(product).uploaded)) {
    if (hash === sha256 && uploaded[imgid] !== undefined) return Number(imgid);
  }
  return undefined;
}

export interface NewUpload {
  imgid: number;
  uploader: string;
  now: number;
  sizes: ImageSizes;
  sha256: string;
}

export function addUploadedImage(product: Product, upload: NewUpload): void {
  const images = productImages(product);
  images.uploaded = {
    ...images.uploaded,
    [String(upload.imgid)]: { sizes: upload.sizes, uploaded_t: upload.now, uploader: upload.uploader },
  };
  setImages(product, images);
  product.max_imgid = Math.max(maxImgid(product), upload.imgid);
  const local = localImages(product);
  product[LOCAL_IMAGES_KEY] = { ...local, uploaded: { ...local.uploaded, [String(upload.imgid)]: upload.sha256 } };
  product.last_image_t = upload.now;
  product.last_image_dates_tags = dateTags(upload.now);
  product.photographers_tags = [...new Set([...getStringArray(product, "photographers_tags"), upload.uploader])];
}

/** A generation as OFF stores it, from the parameters a crop request sends. */
export function generationFromParams(params: Record<string, unknown>): ImageGeneration {
  return normalizeGeneration(params) as ImageGeneration;
}

/** True when `imgid` is already selected as type/lc with the same generation: selecting again changes nothing. */
export function isSameSelection(
  product: Product,
  type: string,
  lc: string,
  imgid: number,
  generation: ImageGeneration,
): boolean {
  const current = productImages(product).selected[type]?.[lc];
  if (current === undefined) return false;
  return Number(current.imgid) === imgid && canonical(current.generation ?? {}) === canonical(generation);
}

function canonical(value: object): string {
  return JSON.stringify(Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b))));
}

export function selectImage(
  product: Product,
  type: string,
  lc: string,
  selection: { imgid: number; rev: number; sizes: ImageSizes; generation: ImageGeneration },
): void {
  const images = productImages(product);
  const entry: SelectedImage = {
    generation: selection.generation,
    imgid: selection.imgid,
    rev: selection.rev,
    sizes: selection.sizes,
  };
  images.selected = { ...images.selected, [type]: { ...(images.selected[type] ?? {}), [lc]: entry } };
  setImages(product, images);
  const local = localImages(product);
  const stem = selectedFileStem(type, lc, selection.rev);
  product[LOCAL_IMAGES_KEY] = { ...local, selected: [...new Set([...local.selected, stem])] };
}

/** Puts back a selection as it was (`undefined`: none), e.g. when the files of a new one could not be written. */
export function restoreSelection(
  product: Product,
  type: string,
  lc: string,
  previous: SelectedImage | undefined,
): void {
  if (previous === undefined) {
    unselectImage(product, type, lc);
    return;
  }
  const images = productImages(product);
  images.selected = { ...images.selected, [type]: { ...(images.selected[type] ?? {}), [lc]: previous } };
  setImages(product, images);
}

/** Removes a selection; the type's key goes with its last language (the `selected` object stays). */
export function unselectImage(product: Product, type: string, lc: string): void {
  const images = productImages(product);
  const byLanguage = images.selected[type];
  if (byLanguage === undefined || byLanguage[lc] === undefined) return;
  const { [lc]: _removed, ...rest } = byLanguage;
  const selected = { ...images.selected };
  if (Object.keys(rest).length === 0) delete selected[type];
  else selected[type] = rest;
  images.selected = selected;
  setImages(product, images);
}

/**
 * Deletes an uploaded image and every selection made from it (OFF's
 * `delete_uploaded_image_and_associated_selected_images`). Returns the file stems of those selections.
 */
export function deleteUploadedImage(product: Product, imgid: number): string[] {
  const images = productImages(product);
  const { [String(imgid)]: _removed, ...uploaded } = images.uploaded;
  images.uploaded = uploaded;
  setImages(product, images);
  const stems: string[] = [];
  for (const [type, byLanguage] of Object.entries(images.selected)) {
    for (const [lc, entry] of Object.entries(byLanguage)) {
      if (Number(entry.imgid) !== imgid) continue;
      stems.push(selectedFileStem(type, lc, entry.rev));
      unselectImage(product, type, lc);
    }
  }
  const local = localImages(product);
  const { [String(imgid)]: _hash, ...hashes } = local.uploaded;
  product[LOCAL_IMAGES_KEY] = { selected: local.selected.filter((s) => !stems.includes(s)), uploaded: hashes };
  return stems;
}

const PHOTO_STATES = new Set([
  "en:photos-uploaded",
  "en:photos-to-be-uploaded",
  "en:photos-to-be-validated",
  ...SELECTABLE_IMAGE_TYPES.flatMap((t) => [`en:${t}-photo-selected`, `en:${t}-photo-to-be-selected`]),
]);

/**
 * The photo states OFF sets (IMAGES.md §2.6): photos uploaded or to be uploaded, and for each type
 * whether a photo is selected in the product's main language. Other states are kept as they are.
 */
export function applyPhotoStates(product: Product): void {
  const images = productImages(product);
  const lc = typeof product.lc === "string" ? product.lc : typeof product.lang === "string" ? product.lang : "en";
  const states: string[] = [];
  if (Object.keys(images.uploaded).length === 0) states.push("en:photos-to-be-uploaded");
  else {
    for (const type of SELECTABLE_IMAGE_TYPES) {
      states.push(
        images.selected[type]?.[lc] !== undefined ? `en:${type}-photo-selected` : `en:${type}-photo-to-be-selected`,
      );
    }
    states.push("en:photos-to-be-validated", "en:photos-uploaded");
  }
  const kept = getStringArray(product, "states_tags").filter((s) => !PHOTO_STATES.has(s));
  product.states_tags = [...kept, ...states];
  if (Array.isArray(product.states_hierarchy)) {
    const keptHierarchy = getStringArray(product, "states_hierarchy").filter((s) => !PHOTO_STATES.has(s));
    product.states_hierarchy = [...keptHierarchy, ...states];
  }
}
