/** `POST|GET /cgi/product_jqm2.pl`: add or edit a product (API.md §4). */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { normalizeBarcode } from "../domain/barcode.js";
import type { Product } from "../domain/product.js";
import { applyProductEdit, type EditOutcome } from "../domain/product-edit.js";
import { authenticateCgiRequest } from "./auth-request.js";
import { cgiParams } from "./body.js";
import { sendTooManyFailures } from "./credentials.js";
import { JSON_TYPE, sortKeysDeepShared } from "./json.js";
import type { Params } from "./params.js";

function send(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply.code(status).type(JSON_TYPE).send(JSON.stringify(body));
}

const STATUS = (status: 0 | 1, verbose: string) => ({ status, status_verbose: verbose });

/**
 * One product_jqm2.pl write by `userId` (already authenticated) of `code` (normalised): the edit applied
 * and stored as a new revision, or the reason it was refused (nothing written). Also the web edit form's.
 */
export async function writeProductEdit(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: string,
  code: string,
  params: Params,
): Promise<EditOutcome> {
  const { config, store, taxonomies } = app.foodbase;
  const now = Math.floor(Date.now() / 1000);
  const outcome = await store.writeProduct<EditOutcome>(
    code,
    {
      userId,
      t: now,
      comment: params.comment ?? "",
      appName: params.app_name ?? "",
      appVersion: params.app_version ?? "",
      appUuid: params.app_uuid ?? "",
      userAgent: request.headers["user-agent"] ?? "",
    },
    (current: Product | undefined) => {
      const edit = applyProductEdit(
        current,
        { code, params, userId, now },
        {
          taxonomies,
          nutriscoreHeadlineVersion: config.nutriscoreHeadlineVersion,
        },
      );
      if (!edit.ok) return { reject: edit };
      return { product: sortKeysDeepShared(edit.product) as Product, changedFields: edit.changedFields, result: edit };
    },
  );
  return outcome.result;
}

export async function productWriteRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app.foodbase;

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const params: Params = await cgiParams(request, config.bodyLimit);
    const auth = await authenticateCgiRequest(app, request, params);
    if (auth.kind === "locked") return sendTooManyFailures(reply, auth.retryAfterSeconds);
    if (auth.kind === "refused") return send(reply, 403, STATUS(0, "Incorrect user name or password."));
    if (auth.kind === "anonymous") {
      if (auth.clearCookie) reply.clearCookie("session", { path: "/" });
      return send(reply, 200, STATUS(0, "no user credentials"));
    }
    const code = normalizeBarcode(params.code ?? "");
    if (code === "") return send(reply, 200, STATUS(0, "no code or invalid code"));
    if ((params.new_code ?? "").trim() !== "")
      return send(reply, 200, STATUS(0, "changing the barcode is not supported"));

    const outcome = await writeProductEdit(app, request, auth.user.userId, code, params);
    if (!outcome.ok) return send(reply, 400, STATUS(0, outcome.message));
    return send(reply, 200, STATUS(1, "fields saved"));
  };

  const schema = {
    tags: ["product"],
    summary: "Add or edit a product (multipart, urlencoded or query string)",
    description:
      "Fields: code, user_id, password, product_name[_xx], generic_name[_xx], ingredients_text[_xx], quantity, serving_size, categories, labels, countries, brands, stores, origins, allergens, traces, packaging, add_<field>, nutriment_<nid>[_unit|_modifier|_prepared], nutrition_data_per, no_nutrition_data, lang, lc, cc, comment, app_name. An empty value leaves a field unchanged.",
  };
  app.post("/cgi/product_jqm2.pl", { schema }, handler);
  app.get("/cgi/product_jqm2.pl", { schema: { ...schema, hide: true } }, handler);
}
