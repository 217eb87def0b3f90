/**
 * The `images` object between schema 1001 (flat: `"1"`, `"front_fr"`) and 1002 (split: `uploaded`,
 * `selected.<type>.<lc>` with a `generation`), IMAGES.md §2.2–2.4 and OFF's
 * `convert_schema_1001_to_1002_refactor_images_object` and back.
 */
import type { Product } from "../product.js";
import { isObject } from "./nutrition-model.js";

/** Flat shapes write booleans as "true"/"false"; OFF's upgrade keeps only those that are true. */
function isTruthy(value: unknown): boolean {
  return value === true || value === "true";
}

function isDefined(value: unknown): boolean {
  return value !== undefined && value !== null && value !== "";
}

/** OFF's `normalize_generation_ref`: only what changes the picture is kept. */
export function normalizeGeneration(image: Record<string, unknown>): Record<string, unknown> {
  const generation: Record<string, unknown> = {};
  const angle = Math.trunc(Number(image.angle ?? 0)) % 360;
  if (Number.isFinite(angle) && angle !== 0) generation.angle = angle;
  if (isTruthy(image.normalize)) generation.normalize = true;
  if (isTruthy(image.white_magic)) generation.white_magic = true;
  const { x1, y1, x2, y2 } = image;
  if ([x1, y1, x2, y2].every(isDefined) && Number(x1) !== Number(x2) && Number(y1) !== Number(y2)) {
    const coordinates = [x1, y1, x2, y2].map((v) => Math.trunc(Number(v)));
    if (coordinates.every(Number.isFinite) && !coordinates.every((c) => c <= 0)) {
      [generation.x1, generation.y1, generation.x2, generation.y2] = coordinates;
      generation.coordinates_image_size = isDefined(image.coordinates_image_size)
        ? String(image.coordinates_image_size)
        : "400";
    }
  }
  return generation;
}

const UPLOADED_ID = /^\d+$/;
const SELECTED_ID = /^(\w+)_(\w\w)$/;

/** 1001 → 1002, in place. Keys that are neither an upload id nor `<type>_<lc>` are dropped, as OFF does. */
export function splitImages(product: Product): void {
  if (!isObject(product.images)) return;
  const uploaded: Record<string, unknown> = {};
  const selected: Record<string, Record<string, unknown>> = {};
  for (const [key, entry] of Object.entries(product.images)) {
    if (UPLOADED_ID.test(key)) uploaded[key] = entry;
    else {
      const m = SELECTED_ID.exec(key);
      if (m === null || !isObject(entry)) continue;
      const [, type, lc] = m as unknown as [string, string, string];
      const image: Record<string, unknown> = { imgid: entry.imgid, rev: entry.rev, sizes: entry.sizes };
      const generation = normalizeGeneration(entry);
      // OFF's upgrade leaves `generation` out when nothing changes the picture.
      if (Object.keys(generation).length > 0) image.generation = generation;
      selected[type] ??= {};
      (selected[type] as Record<string, unknown>)[lc] = image;
    }
  }
  product.images = { uploaded, selected };
}

/** 1002 → 1001, in place: `generation` keys back on the entry, normalize/white_magic as "true"/"false". */
export function flattenImages(product: Product): void {
  const images = product.images;
  if (!isObject(images)) return;
  const flat: Record<string, unknown> = {};
  if (isObject(images.uploaded)) Object.assign(flat, images.uploaded);
  if (isObject(images.selected)) {
    for (const [type, byLanguage] of Object.entries(images.selected)) {
      if (!isObject(byLanguage)) continue;
      for (const [lc, image] of Object.entries(byLanguage)) {
        if (!isObject(image)) continue;
        const entry: Record<string, unknown> = { imgid: image.imgid, rev: image.rev, sizes: image.sizes };
        if (isObject(image.generation)) {
          for (const [key, value] of Object.entries(image.generation)) {
            entry[key] = key === "normalize" || key === "white_magic" ? (isTruthy(value) ? "true" : "false") : value;
          }
        }
        flat[`${type}_${lc}`] = entry;
      }
    }
  }
  product.images = flat;
}
