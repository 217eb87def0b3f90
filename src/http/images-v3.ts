/**
 * API v3 photo routes (IMAGES.md §4, §7, §8.1): `POST /api/v3[.N]/product/{code}/images` (base64 JSON
 * upload with optional selections), `DELETE /api/v3[.N]/product/{code}/images/uploaded/{imgid}`
 * (moderators), and the image selections of `PATCH /api/v3[.N]/product/{code}` (`applyImageSelections`,
 * called by product-write-v3.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { normalizeBarcode } from "../domain/barcode.js";
import { type ImageGeneration, imagesInEitherShape, isSelectableImageType } from "../domain/images/index.js";
import { normalizeLanguageCode } from "../domain/language.js";
import { sendV3TooManyFailures } from "./credentials.js";
import { ImageOperations, type WriteInfo } from "./image-operations.js";
import { imageWriter, isOffTrue, requestedGeneration, writeInfo } from "./images.js";
import { JSON_TYPE, sortKeysDeep } from "./json.js";
import { type Params, queryParams } from "./params.js";

function send(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply
    .code(status)
    .type(JSON_TYPE)
    .send(JSON.stringify(sortKeysDeep(body)));
}

const named = (id: string, name: string) => ({ id, lc_name: name, name });
const FAILURE = named("failure", "Failure");
const WARNING = named("warning", "Warning");
const FIELD_IGNORED = named("field_ignored", "Field ignored");
const NOT_UPLOADED = named("image_not_uploaded", "Image not uploaded");

interface V3Problem {
  field?: Record<string, string>;
  impact: ReturnType<typeof named>;
  message: ReturnType<typeof named>;
}

function problem(message: string, name: string, impact = FAILURE, field?: Record<string, string>): V3Problem {
  return { ...(field === undefined ? {} : { field }), impact, message: named(message, name) };
}

function failure(status: number, reply: FastifyReply, errors: V3Problem[], extra: Record<string, unknown> = {}) {
  return send(reply, status, { ...extra, errors, status: "failure", warnings: [] });
}

/** The answers of wrong credentials, a locked account and a required sign-in, in the v3 shape. */
export function v3WriterAnswers(reply: FastifyReply) {
  return {
    refused: () => failure(403, reply, [problem("invalid_user_id_and_password", "Invalid user id and password")]),
    locked: (retryAfter: number) => sendV3TooManyFailures(reply, retryAfter),
    signInNeeded: () =>
      failure(403, reply, [
        problem(
          "authentication_required",
          "Sending photos needs an account: send user_id and password, a token or the session cookie",
        ),
      ]),
  };
}

/** Credentials of a v3 JSON body (`user_id`, `password`) over those of the query string. */
export function v3Credentials(request: FastifyRequest, body: Record<string, unknown>): Params {
  const params: Params = { ...queryParams(request) };
  for (const key of ["user_id", "password", "app_name", "app_version", "app_uuid"]) {
    if (typeof body[key] === "string") params[key] = body[key] as string;
  }
  return params;
}

/** `selected.<type>.<lc>` as sent, checked one by one (IMAGES.md §7): problems are warnings-like errors. */
function selectionRequests(selected: unknown): {
  wanted: Array<{ type: string; lc: string; value: Record<string, unknown> | null }>;
  errors: V3Problem[];
} {
  const wanted: Array<{ type: string; lc: string; value: Record<string, unknown> | null }> = [];
  const errors: V3Problem[] = [];
  if (selected === null || typeof selected !== "object" || Array.isArray(selected)) {
    if (selected !== undefined) {
      errors.push(
        problem("invalid_type_must_be_object", "Invalid type: must be an object", FIELD_IGNORED, {
          id: "images.selected",
        }),
      );
    }
    return { wanted, errors };
  }
  for (const [type, byLanguage] of Object.entries(selected)) {
    if (!isSelectableImageType(type)) {
      errors.push(
        problem("invalid_image_type", "Invalid image type", FIELD_IGNORED, { id: `images.selected.${type}` }),
      );
      continue;
    }
    if (byLanguage === null || typeof byLanguage !== "object" || Array.isArray(byLanguage)) {
      errors.push(
        problem("invalid_type_must_be_object", "Invalid type: must be an object", FIELD_IGNORED, {
          id: `images.selected.${type}`,
        }),
      );
      continue;
    }
    for (const [lc, value] of Object.entries(byLanguage)) {
      if (!/^[a-z]{2}$/.test(lc) || normalizeLanguageCode(lc) !== lc) {
        errors.push(
          problem("invalid_language_code", "Invalid language code", FIELD_IGNORED, {
            id: `images.selected.${type}.${lc}`,
          }),
        );
        continue;
      }
      if (value !== null && (typeof value !== "object" || Array.isArray(value))) {
        errors.push(
          problem("invalid_type_must_be_object", "Invalid type: must be an object", FIELD_IGNORED, {
            id: `images.selected.${type}.${lc}`,
          }),
        );
        continue;
      }
      wanted.push({ type, lc, value: value as Record<string, unknown> | null });
    }
  }
  return { wanted, errors };
}

function generationOf(value: Record<string, unknown>): ImageGeneration | string {
  const generation = value.generation;
  if (generation === undefined || generation === null) return {};
  if (typeof generation !== "object" || Array.isArray(generation)) return "generation";
  const g = generation as Record<string, unknown>;
  return requestedGeneration({ ...g, normalize: isOffTrue(g.normalize), white_magic: isOffTrue(g.white_magic) });
}

/**
 * Applies `images.selected` (selections, `null` = unselect) to a product, each selection one revision
 * (IMAGES.md §7). `imgid` overrides the request's imgids (the upload route selects what it uploaded).
 * Returns the non-fatal errors.
 */
export async function applyImageSelections(
  app: FastifyInstance,
  code: string,
  selected: unknown,
  info: WriteInfo,
  imgid?: number,
  source?: Buffer,
): Promise<V3Problem[]> {
  const operations = new ImageOperations(app);
  const { wanted, errors } = selectionRequests(selected);
  for (const { type, lc, value } of wanted) {
    const field = `images.selected.${type}.${lc}`;
    if (value === null) {
      await operations.unselect(code, type, lc, info);
      continue;
    }
    const raw = imgid ?? value.imgid;
    const id = typeof raw === "number" || typeof raw === "string" ? String(raw).trim() : "";
    if (!/^\d{1,9}$/.test(id) || Number(id) < 1) {
      errors.push(problem("image_not_found", "Image not found", FIELD_IGNORED, { id: `${field}.imgid` }));
      continue;
    }
    const generation = generationOf(value);
    if (typeof generation === "string") {
      errors.push(problem("invalid_value", "Invalid value", FIELD_IGNORED, { id: `${field}.generation` }));
      continue;
    }
    const outcome = await operations.select(
      code,
      type,
      lc,
      Number(id),
      generation,
      info,
      imgid === undefined ? undefined : source,
    );
    if (outcome.kind === "image_not_found" || outcome.kind === "no_product") {
      errors.push(problem("image_not_found", "Image not found", FIELD_IGNORED, { id: `${field}.imgid` }));
    } else if (outcome.kind === "unreadable") {
      errors.push(
        problem("image_not_selected", `Image not selected: ${outcome.message}`, FIELD_IGNORED, { id: field }),
      );
    }
  }
  return errors;
}

function isBase64(text: string): boolean {
  return /^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(text) && text.trim() !== "";
}

export async function imageV3Routes(app: FastifyInstance): Promise<void> {
  const { config, store } = app.foodbase;
  const operations = new ImageOperations(app);
  type Route = { Params: { code: string; minor?: string; imgid?: string } };

  const upload = async (request: FastifyRequest<Route>, reply: FastifyReply) => {
    const { minor } = request.params;
    if (minor !== undefined && !/^\d+$/.test(minor)) return reply.callNotFound();
    const body = request.body;
    const json =
      body !== null && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    const params = v3Credentials(request, json);
    const writer = await imageWriter(app, request, reply, params, v3WriterAnswers(reply));
    if (writer === undefined) return reply;
    const data = json.image_data_base64;
    if (typeof data !== "string" || data === "") {
      return failure(400, reply, [problem("missing_field", "Missing field", FAILURE, { id: "image_data_base64" })]);
    }
    const received = request.params.code;
    const code = normalizeBarcode(received);
    if (code === "") {
      return failure(400, reply, [problem("invalid_code", "Invalid code", FAILURE, { id: "code", value: received })], {
        code: received,
      });
    }
    const unrecognized = () =>
      failure(400, reply, [problem("unrecognized_value", "Unrecognized value", FAILURE, { id: "image_data_base64" })], {
        code,
        result: NOT_UPLOADED,
      });
    if (!isBase64(data)) return unrecognized();
    const info = writeInfo(request, writer.userId, params);
    const lc = typeof json.lc === "string" ? normalizeLanguageCode(json.lc) : undefined;
    const outcome = await operations.upload(code, Buffer.from(data, "base64"), info, "image upload API v3", lc, false);
    if (outcome.kind === "unreadable") return unrecognized();
    if (outcome.kind === "too_small") {
      return failure(
        400,
        reply,
        [problem("image_too_small", "Image too small", FAILURE, { id: "image_data_base64" })],
        {
          code,
          result: NOT_UPLOADED,
        },
      );
    }
    const imgid = outcome.imgid;
    const errors =
      json.selected === undefined
        ? []
        : await applyImageSelections(
            app,
            code,
            json.selected,
            info,
            imgid,
            outcome.kind === "uploaded" ? outcome.full : undefined,
          );
    const product = (await store.getProduct(code)) ?? {};
    const images = imagesInEitherShape(product);
    const answerImages: Record<string, unknown> = {
      uploaded: { [String(imgid)]: { ...images.uploaded[String(imgid)], imgid } },
    };
    if (json.selected !== undefined) answerImages.selected = images.selected;
    const duplicate = outcome.kind === "duplicate";
    const warnings = duplicate
      ? [
          {
            field: { id: "image_data_base64" },
            impact: WARNING,
            message: named("image_already_uploaded", "Image already uploaded"),
          },
        ]
      : [];
    const status = errors.length > 0 ? "success_with_errors" : duplicate ? "success_with_warnings" : "success";
    return send(reply, 200, {
      code,
      errors,
      product: { images: answerImages },
      result: duplicate ? NOT_UPLOADED : named("image_uploaded", "Image uploaded"),
      status,
      warnings,
    });
  };

  const remove = async (request: FastifyRequest<Route>, reply: FastifyReply) => {
    const { minor } = request.params;
    if (minor !== undefined && !/^\d+$/.test(minor)) return reply.callNotFound();
    const params = queryParams(request);
    const received = request.params.code;
    const code = normalizeBarcode(received);
    const auth = await imageWriter(app, request, reply, params, {
      ...v3WriterAnswers(reply),
      // Anonymous requests are refused below, whatever the upload setting.
      signInNeeded: () => reply,
    });
    if (auth === undefined && reply.sent) return reply;
    const product = code === "" ? undefined : await store.getProduct(code);
    if (product === undefined) {
      return failure(404, reply, [problem("product_not_found", "", FAILURE, { id: "code", value: code || received })]);
    }
    const imgidText = request.params.imgid ?? "";
    const imgid = /^\d{1,9}$/.test(imgidText) ? Number(imgidText) : 0;
    if (imgid < 1 || imagesInEitherShape(product).uploaded[String(imgid)] === undefined) {
      return failure(404, reply, [problem("image_not_found", "", FAILURE, { id: "imgid", value: imgidText })]);
    }
    const user = auth?.user;
    if (user === undefined || !(user.moderator || user.admin)) {
      return failure(403, reply, [problem("no_permission", "", FAILURE, { id: "permission", value: "image_delete" })]);
    }
    const outcome = await operations.delete(code, imgid, writeInfo(request, user.userId, params));
    if (outcome === "no_product") {
      return failure(404, reply, [problem("product_not_found", "", FAILURE, { id: "code", value: code })]);
    }
    if (outcome === "image_not_found") {
      return failure(404, reply, [problem("image_not_found", "", FAILURE, { id: "imgid", value: imgidText })]);
    }
    return send(reply, 200, { errors: [], status: "success", warnings: [] });
  };

  const maxBase64 = Math.ceil((config.imageMaxBytes * 4) / 3) + 64 * 1024;
  for (const prefix of ["/api/v3", "/api/v3.:minor"]) {
    const hide = prefix.includes(":minor");
    app.post(
      `${prefix}/product/:code/images`,
      {
        bodyLimit: maxBase64,
        schema: {
          tags: ["images"],
          summary: "Upload a product photo as base64 JSON, optionally selecting it (images.selected shape)",
          ...(hide ? { hide } : {}),
        },
      },
      upload,
    );
    app.delete(
      `${prefix}/product/:code/images/uploaded/:imgid`,
      {
        schema: {
          tags: ["images"],
          summary: "Moderators: delete an uploaded photo and its selections",
          ...(hide ? { hide } : {}),
        },
      },
      remove,
    );
  }
}

/**
 * `PATCH /api/v3[.N]/product/{code}` with `product.images` (IMAGES.md §7): `images.selected` only; any
 * other product field in the same request is refused by name and nothing is written.
 */
export async function patchImages(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: { code: string; minor?: string } }>,
  reply: FastifyReply,
  json: Record<string, unknown>,
): Promise<FastifyReply> {
  const received = request.params.code;
  const code = normalizeBarcode(received);
  const product = json.product as Record<string, unknown>;
  const params = v3Credentials(request, json);
  const writer = await imageWriter(app, request, reply, params, v3WriterAnswers(reply));
  if (writer === undefined) return reply;
  if (code === "") {
    return failure(400, reply, [problem("invalid_code", "Invalid code", FAILURE, { id: "code", value: received })], {
      code: received,
    });
  }
  const other = Object.keys(product).find((key) => key !== "images");
  const images = product.images;
  const otherImageKey =
    images !== null && typeof images === "object" && !Array.isArray(images)
      ? Object.keys(images).find((key) => key !== "selected")
      : "images";
  const refused = other === undefined ? (otherImageKey === undefined ? undefined : `images.${otherImageKey}`) : other;
  if (refused !== undefined) {
    const message = `product.${refused} cannot be written with image selections: send images.selected alone (other fields: POST /cgi/product_jqm2.pl)`;
    return failure(400, reply, [problem("invalid_value", message, FAILURE, { id: `product.${refused}` })], {
      code,
      result: named("product_not_updated", "Product not updated"),
    });
  }
  if ((await app.foodbase.store.getProduct(code)) === undefined) {
    return failure(404, reply, [problem("product_not_found", "", FAILURE, { id: "code", value: code })], { code });
  }
  const selected = (images as Record<string, unknown>).selected;
  const errors = await applyImageSelections(app, code, selected, writeInfo(request, writer.userId, params));
  const answer: Record<string, unknown> = {
    code,
    errors,
    status: errors.length > 0 ? "success_with_errors" : "success",
    warnings: [],
  };
  const fields = typeof json.fields === "string" ? json.fields : queryParams(request).fields;
  if (fields !== undefined && fields !== "" && fields !== "none") {
    const now = (await app.foodbase.store.getProduct(code)) ?? {};
    const current = imagesInEitherShape(now).selected;
    answer.product = Object.keys(current).length === 0 ? {} : { images: { selected: current } };
  }
  return send(reply, 200, answer);
}
