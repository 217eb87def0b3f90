/**
 * The photos page's routes (signed in): `GET /product/{code}/photos`, and the forms it posts — an upload
 * (multipart), a selection with rotation and crop, an unselection. Each runs the image API's own
 * operation (image-operations.ts: what `/cgi/product_image_upload.pl`, `product_image_crop.pl` and
 * `product_image_unselect.pl` run), and a refused one changes nothing and is shown again with the API's
 * message next to its field. Registered in a scope with the multipart plugin (web/index.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { normalizeBarcode } from "../../domain/barcode.js";
import { parseSelectedId } from "../../domain/images/index.js";
import type { Product } from "../../domain/product.js";
import { HttpError } from "../errors.js";
import {
  automaticSelection,
  ImageOperations,
  INVALID_IMAGE_TYPE,
  NOT_SELECTED,
  notSelectedReason,
  UPLOAD_REFUSED,
} from "../image-operations.js";
import { readUploadForm, requestedGeneration, type UploadForm, writeInfo } from "../images.js";
import { queryParams } from "../params.js";
import { pageContext } from "./context.js";
import { formFields, redirect } from "./forms.js";
import { layout, link, type PageContext, sendPage } from "./layout.js";
import { ANGLES, CROP_FIELDS, type PhotosPageInput, photosBody, photosTitle, UPLOAD_KINDS } from "./pages/photos.js";
import { notFoundBody, PHOTO_KINDS } from "./pages/product.js";
import { nameInLanguage } from "./product-data.js";
import { validSessionForm } from "./session.js";

/** The image API's wording, as a sentence. */
function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The API's wording of a refused selection (`image not selected - <why>`). */
function notSelected(why: string): string {
  return sentence(`${NOT_SELECTED} - ${why}`);
}

/** The product's own language: what OFF's upload selects an `other` photo in. */
function productLanguage(product: Product): string {
  return typeof product.lc === "string" && /^[a-z]{2}$/.test(product.lc) ? product.lc : "en";
}

export async function photoRoutes(app: FastifyInstance): Promise<void> {
  const { store, config } = app.foodbase;
  const operations = new ImageOperations(app);
  const hidden = { schema: { hide: true } };
  type CodeRequest = FastifyRequest<{ Params: { code: string } }>;

  const pagePath = (code: string) => `/product/${encodeURIComponent(code)}/photos`;

  /** The page's context, the product and what the page is about; or the answer already sent. */
  async function open(request: CodeRequest, reply: FastifyReply) {
    const ctx = await pageContext(app, request, queryParams(request));
    if (ctx.user === undefined) {
      return { sent: redirect(reply, link(ctx, "/signin", { return: pagePath(request.params.code) })) };
    }
    const code = normalizeBarcode(request.params.code);
    const product = code === "" ? undefined : await store.getProduct(code);
    if (product === undefined) {
      const shown = code === "" ? request.params.code : code;
      return { sent: sendPage(reply, layout(ctx, ctx.t("notFoundTitle"), notFoundBody(ctx, shown)), 404) };
    }
    // Selections are made in the page's data language (a two-letter code, as OFF's image fields).
    const photoLc = /^[a-z]{2}$/.test(ctx.dataLc) ? ctx.dataLc : productLanguage(product);
    const text = (key: string) => (typeof product[key] === "string" ? (product[key] as string) : "");
    const name = nameInLanguage(text, ctx.dataLc) || code;
    return { ctx, user: ctx.user, base: { code, name, product, photoLc } satisfies PhotosPageInput };
  }

  function show(reply: FastifyReply, ctx: PageContext, input: PhotosPageInput, status = 200): FastifyReply {
    const page = layout(ctx, photosTitle(ctx, input.name), photosBody(ctx, input));
    return sendPage(reply, page, status);
  }

  app.get<{ Params: { code: string } }>("/product/:code/photos", hidden, async (request, reply) => {
    const opened = await open(request, reply);
    if ("sent" in opened) return opened.sent;
    return show(reply, opened.ctx, opened.base);
  });

  app.post<{ Params: { code: string } }>("/product/:code/photos/upload", hidden, async (request, reply) => {
    const opened = await open(request, reply);
    if ("sent" in opened) return opened.sent;
    const { ctx, user, base } = opened;
    const { code, photoLc } = base;
    const refused = (status: number, errors: Record<string, string>, values: Record<string, string> = {}) =>
      show(reply, ctx, { ...base, upload: { errors, values }, formError: ctx.t("photoNotSaved") }, status);
    let form: UploadForm;
    try {
      // The image and body limits of the image API (config imageMaxBytes, bodyLimit).
      form = await readUploadForm(request, config.imageMaxBytes, config.bodyLimit);
    } catch (e) {
      if (e instanceof HttpError) return refused(e.statusCode, { imgupload: e.message });
      throw e;
    }
    if (!validSessionForm(request, user, form.params.csrf_token)) {
      return show(reply, ctx, { ...base, formError: ctx.t("formExpired") }, 403);
    }
    const kind = form.params.imagefield ?? "";
    const values = { imagefield: kind };
    if (!(UPLOAD_KINDS as readonly string[]).includes(kind)) {
      return refused(400, { imagefield: ctx.t("fieldRequired") }, values);
    }
    const file = form.files.get("imgupload");
    if (file === undefined || file.data.length === 0)
      return refused(400, { imgupload: ctx.t("fieldRequired") }, values);
    const info = writeInfo(request, user.userId, {});
    const outcome = await operations.upload(code, file.data, info, "");
    if (outcome.kind === "duplicate") {
      return refused(
        409,
        { imgupload: `${UPLOAD_REFUSED.duplicate} (${ctx.t("photoNumber", { imgid: outcome.imgid })})` },
        values,
      );
    }
    if (outcome.kind === "too_small") return refused(400, { imgupload: UPLOAD_REFUSED.too_small }, values);
    if (outcome.kind === "unreadable") {
      return refused(400, { imgupload: `${UPLOAD_REFUSED.unreadable} (${outcome.message})` }, values);
    }
    // As the API's upload with `imagefield`: the photo is selected whole for the chosen kind.
    const selectAs = automaticSelection(outcome.product, `${kind}_${photoLc}`, productLanguage(outcome.product));
    if (selectAs !== undefined) {
      await operations.select(code, selectAs.type, selectAs.lc, outcome.imgid, {}, info, outcome.full);
    }
    return redirect(reply, link(ctx, pagePath(code)));
  });

  app.post<{ Params: { code: string } }>("/product/:code/photos/select", hidden, async (request, reply) => {
    const opened = await open(request, reply);
    if ("sent" in opened) return opened.sent;
    const { ctx, user, base } = opened;
    const { code, photoLc } = base;
    const form = formFields(request);
    if (!validSessionForm(request, user, form.csrf_token)) {
      return show(reply, ctx, { ...base, formError: ctx.t("formExpired") }, 403);
    }
    const imgid = (form.imgid ?? "").trim();
    const values: Record<string, string> = { type: form.type ?? "", angle: form.angle ?? "" };
    for (const name of CROP_FIELDS) values[name] = (form[name] ?? "").trim();
    const refused = (status: number, errors: Record<string, string>, formError = ctx.t("photoNotSaved")) =>
      show(reply, ctx, { ...base, select: { imgid, values, errors }, formError }, status);

    const errors: Record<string, string> = {};
    if (!(PHOTO_KINDS as readonly string[]).includes(values.type as string)) errors.type = sentence(INVALID_IMAGE_TYPE);
    if (!(ANGLES as readonly string[]).includes(values.angle as string)) errors.angle = notSelected("invalid angle");
    const given = CROP_FIELDS.filter((name) => values[name] !== "");
    const generation = requestedGeneration({
      angle: errors.angle === undefined ? values.angle : "0",
      ...Object.fromEntries(given.map((name) => [name, values[name]])),
      coordinates_image_size: "full",
    });
    if (typeof generation === "string") errors[generation] = notSelected(`invalid ${generation}`);
    else if (given.length > 0 && given.length < CROP_FIELDS.length) errors.crop = ctx.t("cropIncomplete");
    if (Object.keys(errors).length > 0 || typeof generation === "string") return refused(400, errors);
    if (!/^[1-9]\d{0,8}$/.test(imgid)) {
      const message = notSelected(notSelectedReason({ kind: "image_not_found" }));
      return refused(400, { form: message }, message);
    }
    const outcome = await operations.select(
      code,
      values.type as string,
      photoLc,
      Number(imgid),
      generation,
      writeInfo(request, user.userId, {}),
    );
    if (outcome.kind === "image_not_found" || outcome.kind === "no_product") {
      const message = notSelected(notSelectedReason(outcome));
      return refused(outcome.kind === "no_product" ? 404 : 400, { form: message }, message);
    }
    if (outcome.kind === "unreadable") {
      const message = notSelected(notSelectedReason(outcome));
      // The upload's file is not here (an imported photo), or the crop lies outside the picture.
      return outcome.message === "image cannot be read"
        ? refused(409, { form: message }, message)
        : refused(400, { crop: message });
    }
    return redirect(reply, link(ctx, pagePath(code)));
  });

  app.post<{ Params: { code: string } }>("/product/:code/photos/unselect", hidden, async (request, reply) => {
    const opened = await open(request, reply);
    if ("sent" in opened) return opened.sent;
    const { ctx, user, base } = opened;
    const form = formFields(request);
    if (!validSessionForm(request, user, form.csrf_token)) {
      return show(reply, ctx, { ...base, formError: ctx.t("formExpired") }, 403);
    }
    const selection = parseSelectedId(form.id ?? "");
    if (selection === undefined || !(PHOTO_KINDS as readonly string[]).includes(selection.type)) {
      return show(reply, ctx, { ...base, formError: sentence(INVALID_IMAGE_TYPE) }, 400);
    }
    await operations.unselect(base.code, selection.type, selection.lc, writeInfo(request, user.userId, {}));
    return redirect(reply, link(ctx, pagePath(base.code)));
  });
}
