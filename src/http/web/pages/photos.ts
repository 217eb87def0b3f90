/**
 * The photos page of a product (signed in): its selected photos with a button to unselect each, a form
 * to upload one as the front, ingredients or nutrition photo, and for every uploaded photo a form that
 * selects it with a rotation and a crop. Plain forms: the script only lets one draw the crop.
 */
import {
  imagesInEitherShape,
  imageUrlFields,
  type UploadedImage,
  uploadedImageUrl,
} from "../../../domain/images/index.js";
import type { Product } from "../../../domain/product.js";
import { fieldError } from "../forms.js";
import { type Html, html } from "../html.js";
import type { MessageKey } from "../i18n/index.js";
import { link, type PageContext } from "../layout.js";
import { PHOTO_KINDS } from "./product.js";

/** What a photo can be uploaded as: a selected kind, or `other` (stored, selected as front if there is none). */
export const UPLOAD_KINDS = [...PHOTO_KINDS, "other"] as const;
/** Quarter turns, clockwise (OFF's `angle`). */
export const ANGLES = ["0", "90", "180", "270"] as const;
/** The crop corners, in pixels of the rotated picture (OFF's x1, y1, x2, y2 with coordinates_image_size=full). */
export const CROP_FIELDS = ["x1", "y1", "x2", "y2"] as const;

/** A refused form shown again: what was typed and the messages, by field name. */
export interface RefusedForm {
  values: Readonly<Record<string, string>>;
  errors: Readonly<Record<string, string>>;
}

export interface PhotosPageInput {
  code: string;
  name: string;
  /** The stored product. */
  product: Product;
  /** The language photos are selected for (the page's data language). */
  photoLc: string;
  /** A message above everything (form expired, unknown photo…). */
  formError?: string;
  upload?: RefusedForm;
  /** The selection form of one photo, refused. */
  select?: RefusedForm & { imgid: string };
}

export function photosTitle(ctx: PageContext, name: string): string {
  return ctx.t("photosTitle", { name });
}

function photosPath(code: string, action?: string): string {
  return `/product/${encodeURIComponent(code)}/photos${action === undefined ? "" : `/${action}`}`;
}

function csrfField(ctx: PageContext): Html {
  return html`<input type="hidden" name="csrf_token" value="${ctx.user?.formToken ?? ""}">`;
}

/** `aria-describedby` and `aria-invalid` of a field with an optional hint and error. */
function described(id: string, hint: boolean, error: string | undefined): Html {
  const ids = [hint ? `${id}-hint` : "", error === undefined ? "" : `${id}-error`].filter((x) => x !== "").join(" ");
  return html`${ids === "" ? "" : html` aria-describedby="${ids}"`}${error === undefined ? "" : html` aria-invalid="true"`}`;
}

function kindName(ctx: PageContext, kind: string): string {
  return ctx.t(`photo_${kind}` as MessageKey);
}

function selectedSection(ctx: PageContext, input: PhotosPageInput): Html {
  const { product, code, name } = input;
  const selected = imagesInEitherShape(product).selected;
  const urls = (imageUrlFields(product, ctx.dataLc, ctx.images.bases)?.selected_images ?? {}) as Record<
    string,
    { small?: Record<string, string> }
  >;
  const items = PHOTO_KINDS.flatMap((kind) =>
    Object.keys(selected[kind] ?? {})
      .sort((a, b) => (a === input.photoLc ? -1 : b === input.photoLc ? 1 : a.localeCompare(b)))
      .map((lc) => {
        const entry = selected[kind]?.[lc];
        const what = kindName(ctx, kind);
        const id = `selected-${kind}-${lc}`;
        const src = urls[kind]?.small?.[lc];
        return html`<li><figure>${
          src === undefined ? "" : html`<img src="${src}" alt="${ctx.t("photoOf", { what, name })}">`
        }<figcaption id="${id}">${ctx.t("selectedAs", { what, lc, imgid: String(entry?.imgid ?? "") })}</figcaption></figure>
<form method="post" action="${link(ctx, photosPath(code, "unselect"))}">${csrfField(ctx)}<input type="hidden" name="id" value="${`${kind}_${lc}`}"><button type="submit" class="secondary" aria-describedby="${id}">${ctx.t(
          "unselectPhoto",
        )}</button></form></li>`;
      }),
  );
  return html`<section aria-labelledby="selected-photos"><h2 id="selected-photos">${ctx.t("selectedPhotos")}</h2>
${items.length === 0 ? html`<p>${ctx.t("noSelectedPhoto")}</p>` : html`<ul class="photos">${items}</ul>`}
</section>`;
}

function uploadSection(ctx: PageContext, input: PhotosPageInput): Html {
  const errors = input.upload?.errors ?? {};
  const chosen = input.upload?.values.imagefield ?? "front";
  return html`<section aria-labelledby="add-photo"><h2 id="add-photo">${ctx.t("addPhoto")}</h2>
<form class="stacked" method="post" enctype="multipart/form-data" action="${link(ctx, photosPath(input.code, "upload"))}" novalidate>
${csrfField(ctx)}
<p><label for="photo-file">${ctx.t("photoFile")}</label>
<input type="file" id="photo-file" name="imgupload" accept="image/*" required${described("photo-file", true, errors.imgupload)}>
<span class="hint" id="photo-file-hint">${ctx.t("photoFileHint")}</span>
${fieldError("photo-file", errors.imgupload)}</p>
<p><label for="photo-kind">${ctx.t("photoShows")}</label>
<select id="photo-kind" name="imagefield"${described("photo-kind", false, errors.imagefield)}>${UPLOAD_KINDS.map(
    (kind) => html`<option value="${kind}"${kind === chosen ? html` selected` : ""}>${kindName(ctx, kind)}</option>`,
  )}</select>
${fieldError("photo-kind", errors.imagefield)}</p>
<p><button type="submit">${ctx.t("uploadPhoto")}</button></p>
</form>
</section>`;
}

function selectForm(ctx: PageContext, input: PhotosPageInput, imgid: string, image: UploadedImage): Html {
  const refused = input.select?.imgid === imgid ? input.select : undefined;
  const values = refused?.values ?? {};
  const errors = refused?.errors ?? {};
  const prefix = `photo-${imgid}`;
  const full = image.sizes?.full;
  const cropError = errors.crop;
  const cropField = (name: (typeof CROP_FIELDS)[number]) => {
    const id = `${prefix}-${name}`;
    return html`<p><label for="${id}">${ctx.t(`crop_${name}` as MessageKey)}</label>
<input type="number" min="0" step="1" inputmode="numeric" id="${id}" name="${name}" value="${values[name] ?? ""}" data-crop="${name}"${described(
      id,
      false,
      errors[name],
    )}>${fieldError(id, errors[name])}</p>`;
  };
  return html`<form class="stacked select-photo" id="${prefix}-form" method="post" action="${link(
    ctx,
    photosPath(input.code, "select"),
  )}" novalidate>
${csrfField(ctx)}<input type="hidden" name="imgid" value="${imgid}">
${errors.form === undefined ? "" : html`<p class="error" role="alert" id="${prefix}-error">${errors.form}</p>`}
<p><label for="${prefix}-type">${ctx.t("useAs")}</label>
<select id="${prefix}-type" name="type"${described(`${prefix}-type`, false, errors.type)}>${PHOTO_KINDS.map(
    (kind) =>
      html`<option value="${kind}"${kind === (values.type ?? "front") ? html` selected` : ""}>${kindName(ctx, kind)}</option>`,
  )}</select>${fieldError(`${prefix}-type`, errors.type)}</p>
<p><label for="${prefix}-angle">${ctx.t("rotation")}</label>
<select id="${prefix}-angle" name="angle" data-crop="angle"${described(`${prefix}-angle`, false, errors.angle)}>${ANGLES.map(
    (angle) =>
      html`<option value="${angle}"${angle === (values.angle ?? "0") ? html` selected` : ""}>${angle}°</option>`,
  )}</select>${fieldError(`${prefix}-angle`, errors.angle)}</p>
<fieldset${cropError === undefined ? "" : html` aria-describedby="${prefix}-crop-error"`}><legend>${ctx.t("cropLegend")}</legend>
<p class="hint" id="${prefix}-crop-hint">${ctx.t("cropHint", {
    width: full?.w ?? "?",
    height: full?.h ?? "?",
  })}</p>
${fieldError(`${prefix}-crop`, cropError)}
<div class="crop-inputs">${CROP_FIELDS.map(cropField)}</div>
</fieldset>
<p><button type="submit">${ctx.t("selectPhoto", { imgid })}</button></p>
</form>`;
}

function uploadedSection(ctx: PageContext, input: PhotosPageInput): Html {
  const { product, name } = input;
  const uploaded = imagesInEitherShape(product).uploaded;
  const imgids = Object.keys(uploaded)
    .filter((k) => /^\d+$/.test(k))
    .sort((a, b) => Number(a) - Number(b));
  const items = imgids.map((imgid) => {
    const image = uploaded[imgid] as UploadedImage;
    const display = uploadedImageUrl(product, Number(imgid), "400", ctx.images.bases);
    const large = uploadedImageUrl(product, Number(imgid), "full", ctx.images.bases);
    const shown = image.sizes?.["400"];
    const full = image.sizes?.full;
    const picture =
      display === undefined
        ? ""
        : html`<a href="${large}" title="${ctx.t("enlarge")}"><img src="${display}" alt="${ctx.t("photoAlt", {
            imgid,
            name,
          })}"${shown === undefined ? "" : html` width="${shown.w}" height="${shown.h}"`}${
            full === undefined
              ? ""
              : html` data-crop-form="photo-${imgid}-form" data-full-width="${full.w}" data-full-height="${full.h}"`
          }></a>`;
    return html`<li id="photo-${imgid}"><h3>${ctx.t("photoNumber", { imgid })}</h3>
<figure class="crop-area">${picture}<figcaption>${ctx.t("photoDetails", {
      width: full?.w ?? "?",
      height: full?.h ?? "?",
      user: typeof image.uploader === "string" ? image.uploader : "?",
    })}</figcaption></figure>
${selectForm(ctx, input, imgid, image)}</li>`;
  });
  return html`<section aria-labelledby="uploaded-photos"><h2 id="uploaded-photos">${ctx.t("uploadedPhotos")}</h2>
${items.length === 0 ? html`<p>${ctx.t("noUploadedPhoto")}</p>` : html`<ul class="uploaded-photos">${items}</ul>`}
</section>`;
}

export function photosBody(ctx: PageContext, input: PhotosPageInput): Html {
  const productPath = `/product/${encodeURIComponent(input.code)}`;
  return html`<h1>${photosTitle(ctx, input.name)}</h1>
<p><a href="${link(ctx, productPath)}">${ctx.t("backToProduct")}</a> · <a href="${link(ctx, `${productPath}/edit`)}">${ctx.t(
    "editProduct",
  )}</a></p>
${input.formError === undefined ? "" : html`<p class="error" role="alert">${input.formError}</p>`}
<p>${ctx.t("photoLanguage", { lc: input.photoLc })}</p>
${selectedSection(ctx, input)}
${uploadSection(ctx, input)}
${uploadedSection(ctx, input)}`;
}
