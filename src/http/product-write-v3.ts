/**
 * `POST|PUT|PATCH /api/v3[.N]/product/{code}`. `PATCH` from API v3.5 on writes a product's `nutrition`
 * input sets (SCHEMA.md §7.2), and on every v3 version its image selections (`images.selected`,
 * IMAGES.md §7, images-v3.ts); every other v3 write gets a clear v3-shaped JSON 501 pointing to
 * `/cgi/product_jqm2.pl` (POST and PUT before the body is read, so any body gets the same answer).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { normalizeBarcode } from "../domain/barcode.js";
import { selectFieldsJson } from "../domain/fields.js";
import type { Product } from "../domain/product.js";
import { ObjectProductView } from "../domain/product-document.js";
import { applyProductPatch, type PatchOutcome } from "../domain/product-edit.js";
import { ConvertedProductView, schemaVersionOfApi, WRITTEN_SCHEMA_VERSION } from "../domain/schema/index.js";
import { authenticateCgiRequest } from "./auth-request.js";
import { sendV3TooManyFailures } from "./credentials.js";
import { patchImages } from "./images-v3.js";
import { JSON_TYPE, sortKeysDeepShared } from "./json.js";
import { type Params, queryParams } from "./params.js";
import { fieldSelectionContext } from "./product-read.js";

const MESSAGE = "Writing products through API v3 is not supported by foodbase: use POST /cgi/product_jqm2.pl";
const FAILURE = { id: "failure", lc_name: "Failure", name: "Failure" };
const NOT_UPDATED = { id: "product_not_updated", lc_name: "Product not updated", name: "Product not updated" };

export function v3WriteNotImplementedBody(receivedCode: string) {
  return {
    code: normalizeBarcode(receivedCode) || receivedCode,
    errors: [{ impact: FAILURE, message: { id: "api_v3_write_not_implemented", lc_name: MESSAGE, name: MESSAGE } }],
    result: NOT_UPDATED,
    status: "failure",
    warnings: [],
  };
}

function failure(code: string, id: string, message: string, field?: string) {
  return {
    code,
    errors: [
      {
        ...(field === undefined ? {} : { field: { id: field } }),
        impact: FAILURE,
        message: { id, lc_name: message, name: message },
      },
    ],
    result: NOT_UPDATED,
    status: "failure",
    warnings: [],
  };
}

type V3Request = FastifyRequest<{ Params: { code: string; minor?: string } }>;

/** A PATCH this server writes: API v3.5 and later (the 1003 nutrition model). */
function isNutritionPatch(request: V3Request): boolean {
  const { minor } = request.params;
  return (
    request.method === "PATCH" && minor !== undefined && schemaVersionOfApi(`3.${minor}`) >= WRITTEN_SCHEMA_VERSION
  );
}

export async function productWriteV3Routes(app: FastifyInstance): Promise<void> {
  const { store, taxonomies, config } = app.foodbase;

  const notImplemented = async (request: V3Request, reply: FastifyReply) => {
    const { minor, code } = request.params;
    if (minor !== undefined && !/^\d+$/.test(minor)) return reply.callNotFound();
    // Every PATCH may select images (IMAGES.md §7): its body decides.
    if (request.method === "PATCH") return;
    return reply
      .code(501)
      .type(JSON_TYPE)
      .send(JSON.stringify(v3WriteNotImplementedBody(code)));
  };

  const patch = async (request: V3Request, reply: FastifyReply) => {
    const send = (status: number, body: unknown) => reply.code(status).type(JSON_TYPE).send(JSON.stringify(body));
    const received = request.params.code;
    const code = normalizeBarcode(received);
    const body = request.body;
    if (body === null || typeof body !== "object" || Array.isArray(body)) {
      return send(
        400,
        failure(code || received, "invalid_body", "the body must be a JSON object with a product object"),
      );
    }
    const json = body as Record<string, unknown>;
    const patchedProduct = json.product;
    if (
      patchedProduct !== null &&
      typeof patchedProduct === "object" &&
      !Array.isArray(patchedProduct) &&
      "images" in patchedProduct
    ) {
      return patchImages(app, request, reply, json);
    }
    if (!isNutritionPatch(request)) return send(501, v3WriteNotImplementedBody(received));
    const credentials: Params = { ...queryParams(request) };
    for (const key of ["user_id", "password"])
      if (typeof json[key] === "string") credentials[key] = json[key] as string;
    const auth = await authenticateCgiRequest(app, request, credentials);
    if (auth.kind === "locked") return sendV3TooManyFailures(reply, auth.retryAfterSeconds);
    if (auth.kind === "refused") {
      return send(403, failure(code || received, "invalid_user_id_and_password", "Invalid user id and password"));
    }
    if (auth.kind === "anonymous") {
      return send(
        403,
        failure(
          code || received,
          "authentication_required",
          "Writing needs an account: send user_id and password, or the session cookie",
        ),
      );
    }
    if (code === "") return send(400, failure(received, "invalid_code", "Invalid code", "code"));
    const product = json.product;
    if (product === null || typeof product !== "object" || Array.isArray(product)) {
      return send(400, failure(code, "missing_field", "product must be an object", "product"));
    }
    const now = Math.floor(Date.now() / 1000);
    const userId = auth.user.userId;
    const outcome = await store.writeProduct<PatchOutcome>(
      code,
      {
        userId,
        t: now,
        comment: typeof json.comment === "string" ? json.comment : "",
        appName: typeof json.app_name === "string" ? json.app_name : "",
        appVersion: typeof json.app_version === "string" ? json.app_version : "",
        appUuid: typeof json.app_uuid === "string" ? json.app_uuid : "",
        userAgent: request.headers["user-agent"] ?? "",
      },
      (current: Product | undefined) => {
        const edit = applyProductPatch(
          current,
          product as Record<string, unknown>,
          { code, userId, now },
          { taxonomies, nutriscoreHeadlineVersion: config.nutriscoreHeadlineVersion },
        );
        if (!edit.ok) return { reject: edit };
        return {
          product: sortKeysDeepShared(edit.product) as Product,
          changedFields: edit.changedFields,
          result: edit,
        };
      },
    );
    const result = outcome.result;
    if (!result.ok) return send(400, failure(code, "invalid_value", result.message, result.field));
    const fields = typeof json.fields === "string" ? json.fields : queryParams(request).fields;
    const answer: Record<string, unknown> = {
      code,
      errors: [],
      result: { id: "product_updated", lc_name: "Product updated", name: "Product updated" },
      status: "success",
      warnings: [],
    };
    if (fields !== undefined && fields !== "" && fields !== "none") {
      const view = new ConvertedProductView(
        new ObjectProductView(result.product),
        `v3.${request.params.minor}`,
        taxonomies,
      );
      // `updated`: the fields this request wrote (OFF's `fields=updated`).
      const selected = fields === "updated" ? Object.keys(product as object).join(",") : fields;
      answer.product = JSON.parse(String(selectFieldsJson(view, selected, fieldSelectionContext(taxonomies, {}))));
    }
    return send(200, answer);
  };

  for (const url of ["/api/v3/product/:code", "/api/v3.:minor/product/:code"]) {
    app.route<{ Params: { code: string; minor?: string } }>({
      method: ["POST", "PUT", "PATCH"],
      url,
      schema: {
        tags: ["product"],
        summary:
          "API v3 product writes: PATCH from v3.5 on writes nutrition input sets; the others answer 501 (write with POST /cgi/product_jqm2.pl)",
        ...(url.includes(":minor") ? { hide: true } : {}),
      },
      // onRequest runs before the body is parsed: a 501 never depends on it.
      onRequest: notImplemented,
      handler: patch,
    });
  }
}
