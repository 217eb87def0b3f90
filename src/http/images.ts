/**
 * The classic photo routes (IMAGES.md §3, §5, §6, §8.2): `POST /cgi/product_image_upload.pl`,
 * `GET|POST /cgi/product_image_crop.pl`, `POST /cgi/product_image_unselect.pl` and
 * `POST /cgi/product_image_move.pl`, answering OFF's JSON shapes and status strings.
 */
import type { IncomingMessage } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { normalizeBarcode } from "../domain/barcode.js";
import {
  generationFromParams,
  type ImageGeneration,
  imagesInEitherShape,
  normalizeImageField,
  parseSelectedId,
} from "../domain/images/index.js";
import { normalizeLanguageCode } from "../domain/language.js";
import type { Product } from "../domain/product.js";
import type { User } from "../store/types.js";
import { authenticateCgiRequest } from "./auth-request.js";
import { cgiParams } from "./body.js";
import { sendTooManyFailures } from "./credentials.js";
import { apiErrorBody, HttpError } from "./errors.js";
import {
  ANONYMOUS_UPLOADER,
  automaticSelection,
  ImageOperations,
  INVALID_IMAGE_TYPE,
  imageFiles,
  NOT_SELECTED,
  notSelectedReason,
  UPLOAD_REFUSED,
  type WriteInfo,
} from "./image-operations.js";
import { JSON_TYPE, sortKeysDeep } from "./json.js";
import { MULTIPART_COUNTS } from "./multipart.js";
import { type Params, queryParams, refuseNulCharacters } from "./params.js";

function send(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply.code(status).type(JSON_TYPE).send(JSON.stringify(body));
}

/** OFF's upload and crop answers have their keys sorted (its JSON encoder's canonical mode). */
function sendSorted(reply: FastifyReply, body: unknown): FastifyReply {
  return send(reply, 200, sortKeysDeep(body));
}

const INCORRECT = { status: 0, status_verbose: "Incorrect user name or password." };
const SIGN_IN_NEEDED = { status: 0, status_verbose: "no user credentials" };

/**
 * OFF's `normalize_boolean` (IMAGES.md §2.2): true, checked, on, 1 (any case) or JSON true. */
export function isOffTrue(value: unknown): boolean {
  return value === true || (typeof value === "string" && /^(true|checked|on|1)$/i.test(value.trim()));
}

/** Who writes: a user, or anonymous when the setting allows it (decision 2); otherwise the answer was sent. */
export async function imageWriter(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  params: Params,
  answers: {
    refused: () => FastifyReply;
    locked: (retryAfter: number) => FastifyReply;
    signInNeeded: () => FastifyReply;
  },
): Promise<{ user?: User; userId: string } | undefined> {
  const auth = await authenticateCgiRequest(app, request, params);
  if (auth.kind === "locked") {
    answers.locked(auth.retryAfterSeconds);
    return undefined;
  }
  if (auth.kind === "refused") {
    answers.refused();
    return undefined;
  }
  if (auth.kind === "user") return { user: auth.user, userId: auth.user.userId };
  if (auth.clearCookie) reply.clearCookie("session", { path: "/" });
  if (!app.foodbase.config.anonymousImageUploads) {
    answers.signInNeeded();
    return undefined;
  }
  return { userId: ANONYMOUS_UPLOADER };
}

export function writeInfo(request: FastifyRequest, userId: string, params: Params): WriteInfo {
  return {
    userId,
    t: Math.floor(Date.now() / 1000),
    appName: params.app_name ?? "",
    appVersion: params.app_version ?? "",
    appUuid: params.app_uuid ?? "",
    userAgent: request.headers["user-agent"] ?? "",
  };
}

/**
 * The generation a crop request asks for, or the name of the parameter that is not a number
 * (coordinates and angle; OFF would read them as 0).
 */
export function requestedGeneration(params: Record<string, unknown>): ImageGeneration | string {
  const values: Record<string, unknown> = {};
  for (const key of ["angle", "x1", "y1", "x2", "y2"]) {
    const raw = params[key];
    if (raw === undefined || raw === null || raw === "") continue;
    const n = Number(raw);
    if (!Number.isFinite(n) || Math.abs(n) > 1e9) return key;
    values[key] = n;
  }
  // Negative coordinates are clipped to the picture (IMAGES.md §2.2 [R]).
  for (const key of ["x1", "y1", "x2", "y2"])
    if (typeof values[key] === "number") values[key] = Math.max(0, values[key] as number);
  const size = params.coordinates_image_size;
  if (size !== undefined && size !== null && size !== "")
    values.coordinates_image_size = String(size) === "full" ? "full" : "400";
  values.normalize = isOffTrue(params.normalize);
  values.white_magic = isOffTrue(params.white_magic);
  return generationFromParams(values);
}

export interface UploadForm {
  params: Params;
  files: Map<string, { data: Buffer; filename: string }>;
}

function tooLarge(limit: number): HttpError {
  return new HttpError(
    413,
    apiErrorBody([{ id: "payload_too_large", message: `request body is larger than ${limit} bytes` }]),
  );
}

/**
 * The upload form: query string and text fields (the body winning), and the file parts, each under
 * the image size limit, the whole body under that limit plus the body limit.
 */
export async function readUploadForm(
  request: FastifyRequest,
  maxImageBytes: number,
  bodyLimit: number,
): Promise<UploadForm> {
  if (!request.isMultipart()) return { params: await cgiParams(request, bodyLimit), files: new Map() };
  const limit = maxImageBytes + bodyLimit;
  if (Number(request.headers["content-length"] ?? "0") > limit) throw tooLarge(limit);
  const fields: Params = {};
  const files = new Map<string, { data: Buffer; filename: string }>();
  let size = 0;
  try {
    const parts = request.parts({ limits: { fileSize: maxImageBytes, fieldSize: bodyLimit, ...MULTIPART_COUNTS } });
    for await (const part of parts) {
      if (part.type === "file") {
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) {
          size += (chunk as Buffer).length;
          if (size > limit) throw tooLarge(limit);
          chunks.push(chunk as Buffer);
        }
        if (part.file.truncated) throw tooLarge(maxImageBytes);
        if (!files.has(part.fieldname))
          files.set(part.fieldname, { data: Buffer.concat(chunks), filename: part.filename ?? "" });
        continue;
      }
      const value = typeof part.value === "string" ? part.value : String(part.value ?? "");
      size += value.length + part.fieldname.length;
      if (size > limit || part.valueTruncated) throw tooLarge(limit);
      if (fields[part.fieldname] === undefined) fields[part.fieldname] = value;
    }
  } catch (e) {
    if (e instanceof HttpError) throw e;
    const err = e as { code?: string; statusCode?: number; message?: string };
    if (err.code === "FST_REQ_FILE_TOO_LARGE" || err.statusCode === 413) throw tooLarge(maxImageBytes);
    throw new HttpError(
      400,
      apiErrorBody([
        { id: "malformed_body", message: `malformed request body: ${err.message ?? "unreadable multipart body"}` },
      ]),
    );
  }
  return { params: { ...queryParams(request), ...refuseNulCharacters(fields) }, files };
}

/**
 * The JS SDK's `uploadImage` sends its multipart body without a `Content-Type` header (IMAGES.md §11.1):
 * a body starting with `--<boundary>` is read as the multipart form it is.
 */
async function sniffMultipart(request: FastifyRequest): Promise<void> {
  if (request.headers["content-type"] !== undefined || request.method !== "POST") return;
  const raw: IncomingMessage = request.raw;
  const head = await new Promise<Buffer | undefined>((resolve, reject) => {
    const done = (value: Buffer | undefined) => {
      raw.off("readable", onReadable);
      raw.off("end", onEnd);
      raw.off("error", onError);
      resolve(value);
    };
    const onReadable = () => done((raw.read() as Buffer | null) ?? undefined);
    const onEnd = () => done(undefined);
    const onError = (e: Error) => {
      raw.off("readable", onReadable);
      raw.off("end", onEnd);
      reject(e);
    };
    raw.on("readable", onReadable);
    raw.once("end", onEnd);
    raw.once("error", onError);
  });
  if (head === undefined) return;
  raw.unshift(head);
  const boundary = /^--([\x21-\x7e]{1,70})\r\n/.exec(head.subarray(0, 100).toString("latin1"))?.[1];
  if (boundary !== undefined) request.headers["content-type"] = `multipart/form-data; boundary=${boundary}`;
}

/** `files[0]` of the upload answers: the product's name (or code) and page (IMAGES.md §3.4). */
function fileEntry(code: string, product: Product | undefined, thumbnail: string | undefined) {
  const name = typeof product?.product_name === "string" && product.product_name !== "" ? product.product_name : code;
  return {
    code,
    filename: "",
    name,
    ...(thumbnail === undefined ? {} : { thumbnailUrl: thumbnail }),
    url: `/product/${code}`,
  };
}

export async function imageRoutes(app: FastifyInstance): Promise<void> {
  const { config, store } = app.foodbase;
  const operations = new ImageOperations(app);
  const answersFor = (reply: FastifyReply) => ({
    refused: () => send(reply, 403, INCORRECT),
    locked: (retryAfter: number) => sendTooManyFailures(reply, retryAfter),
    signInNeeded: () => send(reply, 403, SIGN_IN_NEEDED),
  });

  app.post(
    "/cgi/product_image_upload.pl",
    {
      schema: {
        tags: ["images"],
        summary: "Upload a product photo (multipart: code, imagefield, imgupload_<imagefield>)",
      },
      preParsing: async (request, _reply, payload) => {
        await sniffMultipart(request);
        return payload;
      },
    },
    async (request, reply) => {
      const { params, files } = await readUploadForm(request, config.imageMaxBytes, config.bodyLimit);
      const writer = await imageWriter(app, request, reply, params, answersFor(reply));
      if (writer === undefined) return reply;
      const received = (params.code ?? "").trim();
      const code = normalizeBarcode(received);
      if (!/\d/.test(received)) {
        const error = "No barcode specified or found in the image or filename.";
        return sendSorted(reply, { error, files: [{ error, filename: "" }], status: "status not ok" });
      }
      if (code === "") {
        const error = `error - invalid product code: ${received}`;
        return sendSorted(reply, { code: received, error, files: [{ error, filename: "" }], status: "status not ok" });
      }
      const rawField = (params.imagefield ?? "").trim();
      if (rawField === "") {
        return sendSorted(reply, {
          code,
          error: "error - imagefield not defined",
          files: [{ filename: "" }],
          status: "status not ok",
        });
      }
      const existing = await store.getProduct(code);
      const requestLc = normalizeLanguageCode(params.lc ?? "");
      const productLc = typeof existing?.lc === "string" ? existing.lc : (requestLc ?? "en");
      const imagefield = normalizeImageField(rawField, productLc);
      const debugHead = `product_id: ${code} - user_id: ${writer.user?.userId ?? ""} - imagefield: ${imagefield}`;
      const file =
        files.get(`imgupload_${rawField}`) ??
        files.get(`imgupload_${imagefield}`) ??
        files.get(`imgupload_${imagefield.replace(/_\w\w$/, "")}`) ??
        files.get("files[]");
      const notOk = (fields: Record<string, unknown>, thumbnail?: string) =>
        sendSorted(reply, {
          code,
          ...fields,
          files: [fileEntry(code, existing, thumbnail)],
          imagefield,
          status: "status not ok",
          ...("imgid" in fields ? {} : { imgid: null }),
        });
      if (file === undefined) {
        return notOk({
          debug: `${debugHead} - no image file for field name imgupload_${imagefield}`,
          error: `field imgupload_${imagefield} not set`,
          imgid: -2,
        });
      }
      const info = writeInfo(request, writer.userId, params);
      const outcome = await operations.upload(code, file.data, info, params.comment ?? "", requestLc);
      const folder = `/images/products/${imageFiles(app)
        .productFolder(code)
        .slice(imageFiles(app).productsRoot.length + 1)}`;
      if (outcome.kind === "duplicate") {
        return notOk(
          {
            debug: `${debugHead} - we have already received an image with this file size: ${outcome.size} - imgid: ${outcome.imgid}`,
            error: UPLOAD_REFUSED.duplicate,
            imgid: String(outcome.imgid),
          },
          `${folder}/${outcome.imgid}.100.jpg`,
        );
      }
      if (outcome.kind === "too_small") {
        return notOk({
          debug: `${debugHead} - size of image file received: ${outcome.size} - image too small - width: ${outcome.width} - height: ${outcome.height}`,
          error: UPLOAD_REFUSED.too_small,
        });
      }
      if (outcome.kind === "unreadable") {
        return notOk({
          debug: `${debugHead} - could not read image: ${outcome.message}`,
          error: UPLOAD_REFUSED.unreadable,
        });
      }
      const { imgid } = outcome;
      // A typed field is selected (the web form keeps an existing selection); `other` becomes the front image.
      const selectAs = automaticSelection(outcome.product, imagefield, productLc, {
        keepSelection: params.source === "product_edit_form",
        ...(params.previous_imgid === undefined ? {} : { previousImgid: params.previous_imgid }),
      });
      if (selectAs !== undefined) {
        await operations.select(code, selectAs.type, selectAs.lc, imgid, {}, info, outcome.full);
      }
      const image: Record<string, unknown> = { crop_url: `${imgid}.400.jpg`, imgid, thumb_url: `${imgid}.100.jpg` };
      if (writer.user?.moderator === true || writer.user?.admin === true) {
        image.uploaded = info.t;
        image.uploader = writer.userId;
      }
      return sendSorted(reply, {
        code,
        files: [fileEntry(code, outcome.product, `${folder}/${imgid}.100.jpg`)],
        image,
        imagefield,
        imgid,
        status: "status ok",
      });
    },
  );

  const crop = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = await cgiParams(request, config.bodyLimit);
    const writer = await imageWriter(app, request, reply, params, answersFor(reply));
    if (writer === undefined) return reply;
    const code = normalizeBarcode(params.code ?? "");
    if (code === "") return sendSorted(reply, { status: "status not ok - invalid product code" });
    const id = params.id ?? "";
    const selection = parseSelectedId(id);
    if (selection === undefined) {
      return sendSorted(reply, {
        status: `status not ok - ${INVALID_IMAGE_TYPE}`,
      });
    }
    const notSelected = (why: string) =>
      sendSorted(reply, { imagefield: id, status: `status not ok - ${NOT_SELECTED} - ${why}` });
    const imgid = /^\d{1,9}$/.test((params.imgid ?? "").trim()) ? Number(params.imgid) : 0;
    if (imgid < 1) return notSelected("imgid not in uploaded images");
    const generation = requestedGeneration(params);
    if (typeof generation === "string") return notSelected(`invalid ${generation}`);
    const info = writeInfo(request, writer.userId, params);
    const outcome = await operations.select(code, selection.type, selection.lc, imgid, generation, info);
    if (outcome.kind !== "selected" && outcome.kind !== "unchanged") return notSelected(notSelectedReason(outcome));
    return sendSorted(reply, {
      image: { display_url: `${id}.${outcome.rev}.400.jpg` },
      imagefield: id,
      status: "status ok",
    });
  };
  const cropSchema = {
    tags: ["images"],
    summary: "Select a photo as front/ingredients/nutrition/packaging, with rotation and crop",
    description:
      "Parameters: code, id (<type>_<lc>), imgid, angle, x1, y1, x2, y2, coordinates_image_size (full|400), normalize, white_magic",
  };
  app.post("/cgi/product_image_crop.pl", { schema: cropSchema }, crop);
  app.get("/cgi/product_image_crop.pl", { schema: { ...cropSchema, hide: true } }, crop);

  app.post(
    "/cgi/product_image_unselect.pl",
    { schema: { tags: ["images"], summary: "Unselect a photo (code, id = <type>_<lc>)" } },
    async (request, reply) => {
      const params = await cgiParams(request, config.bodyLimit);
      const writer = await imageWriter(app, request, reply, params, answersFor(reply));
      if (writer === undefined) return reply;
      const code = normalizeBarcode(params.code ?? "");
      const id = params.id ?? "";
      const selection = parseSelectedId(id);
      if (code === "")
        return send(reply, 200, { status_code: 1, status: "status not ok - invalid product code", imagefield: id });
      if (selection === undefined) {
        return send(reply, 200, {
          status_code: 1,
          status: `status not ok - ${INVALID_IMAGE_TYPE}`,
          imagefield: id,
        });
      }
      const found = await operations.unselect(
        code,
        selection.type,
        selection.lc,
        writeInfo(request, writer.userId, params),
      );
      if (!found)
        return send(reply, 200, { status_code: 1, status: "status not ok - product not found", imagefield: id });
      return send(reply, 200, { status_code: 0, status: "status ok", imagefield: id });
    },
  );

  app.post(
    "/cgi/product_image_move.pl",
    {
      schema: {
        tags: ["images"],
        summary: "Moderators: move photos to another product, or delete them (move_to_override=trash)",
      },
    },
    async (request, reply) => {
      const params = await cgiParams(request, config.bodyLimit);
      const auth = await authenticateCgiRequest(app, request, params);
      if (auth.kind === "locked") return sendTooManyFailures(reply, auth.retryAfterSeconds);
      if (auth.kind === "refused") return send(reply, 403, INCORRECT);
      if (auth.kind !== "user" || !(auth.user.moderator || auth.user.admin)) {
        return send(reply, 403, { status: "status not ok", error: "error - moving images is reserved to moderators" });
      }
      const notOk = (error: string) => send(reply, 200, { status: "status not ok", error });
      const received = (params.code ?? "").trim();
      if (received === "") return notOk("error - missing product code");
      const code = normalizeBarcode(received);
      if (code === "") return notOk(`error - invalid product code: ${received}`);
      const moveTo = (params.move_to_override ?? params.move_to ?? "").trim();
      if (moveTo === "") return notOk("error - missing move_to product code");
      const imgidsText = (params.imgids ?? "").trim();
      if (imgidsText === "") return notOk("error - missing imgids");
      const product = await store.getProduct(code);
      if (product === undefined) return notOk(`error - product does not exist: ${code}`);
      const target = moveTo === "trash" ? "trash" : normalizeBarcode(moveTo);
      if (target === "") return notOk(`error - invalid product move_to code: ${moveTo}`);
      if (target === code) return notOk("error - cannot move images to same product");
      const uploaded = imagesInEitherShape(product).uploaded;
      const imgids: number[] = [];
      for (const item of imgidsText.split(",")) {
        const imgid = /^\d{1,9}$/.test(item.trim()) ? Number(item.trim()) : 0;
        if (imgid < 1 || uploaded[String(imgid)] === undefined)
          return notOk(`imgid ${item.trim()} not found in product ${code}`);
        imgids.push(imgid);
      }
      const info = writeInfo(request, auth.user.userId, params);
      for (const imgid of imgids) {
        if (target !== "trash") {
          const picture = await imageFiles(app).readUpload(code, imgid);
          if (picture === undefined) return notOk(`imgid ${imgid} has no file to move`);
          const entry = uploaded[String(imgid)];
          const origin =
            typeof entry?.uploader === "string" && typeof entry.uploaded_t === "number"
              ? { uploader: entry.uploader, uploadedT: entry.uploaded_t }
              : undefined;
          await operations.upload(target, picture, info, `moved from product ${code}`, undefined, true, origin);
        }
        await operations.delete(code, imgid, info);
      }
      const after = (await store.getProduct(code)) ?? {};
      const images = Object.keys(imagesInEitherShape(after).uploaded).map((imgid) => ({
        crop_url: `${imgid}.400.jpg`,
        display_url: `${imgid}.400.jpg`,
        imgid: Number(imgid),
        thumb_url: `${imgid}.100.jpg`,
      }));
      if (target === "trash") return send(reply, 200, { images, status: "ok" });
      return send(reply, 200, {
        images,
        link: `<a href="/product/${target}">${target}</a>`,
        status: "ok",
        url: `/product/${target}`,
      });
    },
  );
}
