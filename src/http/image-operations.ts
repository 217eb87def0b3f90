/**
 * The image operations both API families run (IMAGES.md §3.2, §5.2, §6, §8.1): the picture is processed
 * first (sharp, no store), then the product is written — one revision per operation, in the store's
 * transaction, so parallel uploads to one product get distinct imgids and none is lost — then the files
 * are written under the names that revision gave them (the imgid, the revision number).
 */
import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import {
  addUploadedImage,
  applyImageEdit,
  deleteUploadedImage,
  duplicateOf,
  type ImageGeneration,
  imagesInEitherShape,
  isSameSelection,
  maxImgid,
  parseSelectedId,
  restoreSelection,
  type SelectedImage,
  selectImage,
  unselectImage,
} from "../domain/images/index.js";
import type { Product } from "../domain/product.js";
import {
  ImageInputError,
  type ProcessedImage,
  processSelection,
  processUpload,
  type SelectionParams,
  sizesOf,
} from "../images/process.js";
import { ImageFiles } from "../storage/image-files.js";
import type { RevisionInfo } from "../store/types.js";
import { sortKeysDeep } from "./json.js";

/** The uploader OFF records for anonymous uploads. */
export const ANONYMOUS_UPLOADER = "openfoodfacts-contributors";

/** OFF's minimum: refused when narrower than 640 AND lower than 160 pixels (IMAGES.md §3.2 step 9). */
export function isTooSmall(width: number, height: number): boolean {
  return width < 640 && height < 160;
}

export type UploadOutcome =
  | { kind: "uploaded"; imgid: number; rev: number; full: Buffer; product: Product }
  | { kind: "duplicate"; imgid: number; size: number }
  | { kind: "too_small"; width: number; height: number; size: number }
  | { kind: "unreadable"; message: string };

export type SelectOutcome =
  | { kind: "selected"; rev: number; product: Product }
  | { kind: "unchanged"; rev: number }
  | { kind: "no_product" }
  | { kind: "image_not_found" }
  | { kind: "unreadable"; message: string };

/** OFF's `error` of a refused upload (IMAGES.md §3.4), said the same by every page and API that uploads. */
export const UPLOAD_REFUSED = {
  duplicate: "This picture has already been sent.",
  too_small:
    "The picture is too small. Please do not upload pictures found on the Internet and only send photos you have taken yourself.",
  unreadable: "The image could not be read.",
} as const;

/** OFF's answer to a crop or unselect whose `id` is not `<type>_<lc>` (IMAGES.md §5.3), after `status not ok - `. */
export const INVALID_IMAGE_TYPE =
  "invalid image type (id field), must be of the form (front|ingredients|nutrition|packaging)_([a-z]{2})";

/** The start of OFF's answer to a crop that changed nothing (`status not ok - image not selected - <why>`). */
export const NOT_SELECTED = "image not selected";

/** Why a selection was not made (IMAGES.md §5.3), the `<why>` of NOT_SELECTED. */
export function notSelectedReason(outcome: Exclude<SelectOutcome, { kind: "selected" | "unchanged" }>): string {
  if (outcome.kind === "no_product") return "product not found";
  if (outcome.kind === "image_not_found") return "imgid not in uploaded images";
  return outcome.message === "image cannot be read" ? outcome.message : `image cannot be cropped: ${outcome.message}`;
}

/**
 * OFF's automatic selection after an upload (IMAGES.md §3.3): a typed field (`front_en`) is selected,
 * unless `keepSelection` (OFF's web edit form) and it already is; `other` becomes the front image in the
 * product's language while the product has none (or it is the `previousImgid` of a scan party).
 */
export function automaticSelection(
  product: Product,
  imagefield: string,
  productLc: string,
  options: { keepSelection?: boolean; previousImgid?: string } = {},
): { type: string; lc: string } | undefined {
  const selected = imagesInEitherShape(product).selected;
  const typed = parseSelectedId(imagefield);
  if (typed !== undefined) {
    return options.keepSelection === true && selected[typed.type]?.[typed.lc] !== undefined ? undefined : typed;
  }
  if (!imagefield.startsWith("other")) return undefined;
  const front = selected.front?.[productLc];
  if (front === undefined || String(front.imgid) === (options.previousImgid ?? ""))
    return { type: "front", lc: productLc };
  return undefined;
}

/** What every image write records besides the comment. */
export type WriteInfo = Omit<RevisionInfo, "comment">;

function selectionParams(generation: ImageGeneration): SelectionParams {
  return {
    angle: generation.angle ?? 0,
    x1: generation.x1 ?? 0,
    y1: generation.y1 ?? 0,
    x2: generation.x2 ?? 0,
    y2: generation.y2 ?? 0,
    coordinatesImageSize: generation.coordinates_image_size === "full" ? "full" : "400",
    normalize: generation.normalize === true,
    whiteMagic: generation.white_magic === true,
  };
}

const IMAGE_FILES = new WeakMap<FastifyInstance, ImageFiles>();

/** The app's image files (FOODBASE_IMAGES_DIR). */
export function imageFiles(app: FastifyInstance): ImageFiles {
  let files = IMAGE_FILES.get(app);
  if (files === undefined) {
    files = ImageFiles.fromConfig(app.foodbase.config);
    IMAGE_FILES.set(app, files);
  }
  return files;
}

export class ImageOperations {
  constructor(private readonly app: FastifyInstance) {}

  private get ctx() {
    const { taxonomies, config } = this.app.foodbase;
    return { taxonomies, nutriscoreHeadlineVersion: config.nutriscoreHeadlineVersion };
  }

  /**
   * Stores an uploaded picture as a new imgid. A refused picture writes nothing (decision 3); a new
   * product is created by its own revision first, as OFF does (so a first upload and its selection
   * make revisions 1 to 3).
   */
  async upload(
    code: string,
    data: Buffer,
    info: WriteInfo,
    comment: string,
    lc?: string,
    createSeparately = true,
    /** A photo moved from another product keeps its uploader and upload time (OFF's move). */
    origin?: { uploader: string; uploadedT: number },
  ): Promise<UploadOutcome> {
    const { store, config } = this.app.foodbase;
    const sha256 = createHash("sha256").update(data).digest("hex");
    const existing = await store.getProduct(code);
    const known = existing === undefined ? undefined : duplicateOf(existing, sha256);
    if (known !== undefined) return { kind: "duplicate", imgid: known, size: data.length };
    let processed: Awaited<ReturnType<typeof processUpload>>;
    try {
      processed = await processUpload(data, { maxBytes: config.imageMaxBytes, maxPixels: config.imageMaxPixels });
    } catch (e) {
      if (e instanceof ImageInputError) return { kind: "unreadable", message: e.message };
      throw e;
    }
    if (isTooSmall(processed.width, processed.height)) {
      return { kind: "too_small", width: processed.width, height: processed.height, size: data.length };
    }
    const ctx = this.ctx;
    const input = { code, userId: info.userId, now: info.t, lc };
    // The CGI route creates a new product by a revision of its own, as OFF does; API v3 in the same one.
    if (existing === undefined && createSeparately) {
      await store.writeProduct(code, { ...info, comment: "Creating product (image upload)" }, (current) => {
        if (current !== undefined) return { reject: undefined };
        const edit = applyImageEdit(current, input, ctx, () => undefined);
        if (!edit.ok) return { reject: undefined };
        return { product: sortKeysDeep(edit.product) as Product, changedFields: edit.changedFields, result: undefined };
      });
    }
    type Result = { ok: true; imgid: number; product: Product } | { ok: false; duplicate: number };
    let imgid = 0;
    // The comment names the imgid, known inside the transaction only; the store records `revision`
    // after the mutation has run.
    const revision: RevisionInfo = { ...info, comment: "" };
    const outcome = await store.writeProduct<Result>(code, revision, (current) => {
      const duplicate = current === undefined ? undefined : duplicateOf(current, sha256);
      if (duplicate !== undefined) return { reject: { ok: false, duplicate } };
      const edit = applyImageEdit<never>(current, input, ctx, (product) => {
        imgid = maxImgid(product) + 1;
        addUploadedImage(product, {
          imgid,
          uploader: origin?.uploader ?? info.userId,
          now: origin?.uploadedT ?? info.t,
          sizes: sizesOf(processed),
          sha256,
        });
        return undefined;
      });
      revision.comment = `new image ${imgid}${comment === "" ? "" : ` - ${comment}`}`;
      if (!edit.ok) throw new Error("an upload cannot be refused here");
      const product = sortKeysDeep(edit.product) as Product;
      return { product, changedFields: edit.changedFields, result: { ok: true, imgid, product } };
    });
    const result = outcome.result;
    if (!result.ok) return { kind: "duplicate", imgid: result.duplicate, size: data.length };
    const extension = processed.sourceExtension;
    try {
      await imageFiles(this.app).writeUpload(code, result.imgid, processed, { data, extension: `${extension}` });
    } catch (e) {
      // The files could not be written (disk full…): the product must not keep a photo it has no file for.
      await this.delete(code, result.imgid, info);
      throw e;
    }
    const full = processed.files.find((f) => f.size === "full")?.data as Buffer;
    return { kind: "uploaded", imgid: result.imgid, rev: outcome.rev ?? 0, full, product: result.product };
  }

  /**
   * Selects `imgid` as type/lc with `generation` (rotation, crop…): a new revision whose number names the
   * files. Selecting the same image with the same generation again changes nothing (IMAGES.md §5.2).
   * `source` is the upload's full picture when the caller has it (just uploaded).
   */
  async select(
    code: string,
    type: string,
    lc: string,
    imgid: number,
    generation: ImageGeneration,
    info: WriteInfo,
    source?: Buffer,
  ): Promise<SelectOutcome> {
    const { store } = this.app.foodbase;
    const current = await store.getProduct(code);
    if (current === undefined) return { kind: "no_product" };
    if (imagesInEitherShape(current).uploaded[String(imgid)] === undefined) return { kind: "image_not_found" };
    if (isSameSelection(upgradedImages(current), type, lc, imgid, generation)) {
      const rev = imagesInEitherShape(current).selected[type]?.[lc]?.rev;
      return { kind: "unchanged", rev: Number(rev) };
    }
    const picture = source ?? (await imageFiles(this.app).readUpload(code, imgid));
    if (picture === undefined) return { kind: "unreadable", message: "image cannot be read" };
    let processed: ProcessedImage;
    try {
      processed = await processSelection(picture, selectionParams(generation));
    } catch (e) {
      if (e instanceof ImageInputError) return { kind: "unreadable", message: e.message };
      throw e;
    }
    const ctx = this.ctx;
    type Result = { ok: true; rev: number; product: Product; previous?: SelectedImage } | { ok: false };
    const id = `${type}_${lc}`;
    const revision: RevisionInfo = { ...info, comment: "" };
    const outcome = await store.writeProduct<Result>(code, revision, (now) => {
      if (now === undefined || imagesInEitherShape(now).uploaded[String(imgid)] === undefined) {
        return { reject: { ok: false } };
      }
      const rev = (typeof now.rev === "number" ? now.rev : 0) + 1;
      revision.comment = `new image ${id} : ${imgid}.${rev}`;
      const edit = applyImageEdit<never>(now, { code, userId: info.userId, now: info.t }, ctx, (product) => {
        selectImage(product, type, lc, { imgid, rev, sizes: sizesOf(processed), generation });
        return undefined;
      });
      if (!edit.ok) return { reject: { ok: false } };
      const product = sortKeysDeep(edit.product) as Product;
      return { product, changedFields: edit.changedFields, result: { ok: true, rev, product } };
    });
    const result = outcome.result;
    if (!result.ok) return { kind: "image_not_found" };
    await imageFiles(this.app).writeSelection(code, id, result.rev, processed);
    return { kind: "selected", rev: result.rev, product: result.product };
  }

  /** Removes a selection (files stay: old revisions refer to them). False when there is no product. */
  async unselect(code: string, type: string, lc: string, info: WriteInfo): Promise<boolean> {
    const { store } = this.app.foodbase;
    const ctx = this.ctx;
    const outcome = await store.writeProduct<boolean>(
      code,
      { ...info, comment: `unselected image ${type}_${lc}` },
      (current) => {
        if (current === undefined) return { reject: false };
        // Nothing selected: nothing to write, and the answer is the same (IMAGES.md §6).
        if (imagesInEitherShape(current).selected[type]?.[lc] === undefined) return { reject: true };
        const edit = applyImageEdit<never>(current, { code, userId: info.userId, now: info.t }, ctx, (product) => {
          unselectImage(product, type, lc);
          return undefined;
        });
        if (!edit.ok) return { reject: true };
        return { product: sortKeysDeep(edit.product) as Product, changedFields: edit.changedFields, result: true };
      },
    );
    return outcome.result;
  }

  /**
   * Deletes an uploaded image and the selections made from it; their files move to the images folder's
   * `.deleted/` (IMAGES.md §8.1).
   */
  async delete(code: string, imgid: number, info: WriteInfo): Promise<"deleted" | "no_product" | "image_not_found"> {
    const { store } = this.app.foodbase;
    const ctx = this.ctx;
    type Result = { ok: true; stems: string[] } | { ok: false; why: "no_product" | "image_not_found" };
    const outcome = await store.writeProduct<Result>(
      code,
      { ...info, comment: `Deleted image ${imgid}` },
      (current) => {
        if (current === undefined) return { reject: { ok: false, why: "no_product" } };
        if (imagesInEitherShape(current).uploaded[String(imgid)] === undefined) {
          return { reject: { ok: false, why: "image_not_found" } };
        }
        let stems: string[] = [];
        const edit = applyImageEdit<never>(current, { code, userId: info.userId, now: info.t }, ctx, (product) => {
          stems = deleteUploadedImage(product, imgid);
          return undefined;
        });
        if (!edit.ok) return { reject: { ok: false, why: "image_not_found" } };
        return {
          product: sortKeysDeep(edit.product) as Product,
          changedFields: edit.changedFields,
          result: { ok: true, stems },
        };
      },
    );
    const result = outcome.result;
    if (!result.ok) return result.why;
    const selections = result.stems.flatMap((stem) => {
      const m = /^([a-z]+_[a-z]{2})\.(\d+)$/.exec(stem);
      return m ? [{ id: m[1] as string, rev: Number(m[2]) }] : [];
    });
    await imageFiles(this.app).deleteUpload(code, imgid, selections);
    return "deleted";
  }
}

/** The product with its images in the split shape (a flat import is compared as OFF's upgrade reads it). */
function upgradedImages(product: Product): Product {
  const images = imagesInEitherShape(product);
  return { ...product, images: { selected: images.selected, uploaded: images.uploaded } };
}
