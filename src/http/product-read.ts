/**
 * Product reads: `GET /api/v0|v1|v2/product/{code}[/{slug}][.json]` (classic envelope) and
 * `GET /api/v3[.N]/product/{code}` (v3 envelope), API.md §3.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { normalizeBarcode } from "../domain/barcode.js";
import { type FieldSelectionContext, selectFieldsJson } from "../domain/fields.js";
import { parseLanguageList } from "../domain/language.js";
import { MAX_REVISION } from "../domain/product.js";
import { type JsonText, joinJson, type ProductView, StoredProductBytesView } from "../domain/product-document.js";
import { ConvertedProductView, type ImageUrlContext } from "../domain/schema/index.js";
import { displayTags, taxonomyOfField } from "../domain/tags.js";
import type { Taxonomies } from "../domain/taxonomy/types.js";
import { RenderedProductCache } from "./answer-cache.js";
import { checkReadCredentials, sendTooManyFailures, sendV3TooManyFailures } from "./credentials.js";
import { JSON_TYPE } from "./json.js";
import { type Params, queryParams } from "./params.js";

const CLASSIC_VERSIONS = new Set(["v0", "v1", "v2"]);
const V3_VERSION = /^v3(\.\d+)?$/;

interface ProductRouteParams {
  version: string;
  code: string;
  slug?: string;
}

export function fieldSelectionContext(taxonomies: Taxonomies, params: Params): FieldSelectionContext {
  const requestLanguages = params.lc === undefined ? undefined : parseLanguageList(params.lc);
  return {
    requestLanguages,
    displayTags: (tagtype, tags, lc) => displayTags(tags, lc, taxonomyOfField(tagtype, taxonomies)),
  };
}

/**
 * Where the photos of answers are (IMAGES.md decisions 5 and 6): `FOODBASE_IMAGES_URL`, else the public
 * URL, else the request's own origin, for foodbase's files; OFF's host for imported ones.
 */
export function imageUrlContext(app: FastifyInstance, request: FastifyRequest, lc?: string): ImageUrlContext {
  const { imagesUrl, publicUrl, importedImagesUrl } = app.foodbase.config;
  const origin = publicUrl.replace(/\/+$/, "") || `${request.protocol}://${request.host}`;
  const local = imagesUrl.replace(/\/+$/, "") || `${origin}/images/products`;
  const languages = parseLanguageList(lc);
  return { bases: { local, imported: importedImagesUrl.replace(/\/+$/, "") }, lc: languages[0] };
}

/**
 * The stored document in the shape of the API version of the path (SCHEMA.md §6); `fields=raw` gives the
 * stored document itself.
 */
export function productViewForApi(
  stored: ProductView,
  apiVersion: string,
  fields: string | undefined,
  taxonomies: Taxonomies,
  images?: ImageUrlContext,
): ProductView {
  return fields?.trim() === "raw" ? stored : new ConvertedProductView(stored, apiVersion, taxonomies, images);
}

/** `rev=N`: a positive integer, else the product is "not found" (API.md §3.2). */
function parseRev(raw: string | undefined): number | "invalid" | undefined {
  if (raw === undefined || raw === "") return undefined;
  if (!/^[1-9]\d{0,9}$/.test(raw)) return "invalid";
  const rev = Number(raw);
  return rev <= MAX_REVISION ? rev : "invalid";
}

function stripJsonSuffix(segment: string): string {
  return segment.endsWith(".json") ? segment.slice(0, -5) : segment;
}

function toBuffer(json: JsonText): Buffer {
  return typeof json === "string" ? Buffer.from(json) : json;
}

/**
 * The whole answer for a product found: `wrap` puts the `product` object (selected for `fields`/`lc`)
 * in its envelope. Undefined when the product (or the revision) does not exist. Answers about the
 * current revision are cached whole under its id: a revision never changes once written, and the
 * envelope depends only on the product's code and on `envelope`.
 */
async function productAnswer(
  app: FastifyInstance,
  request: FastifyRequest,
  code: string,
  params: Params,
  apiVersion: string,
  envelope: string,
  wrap: (product: JsonText) => JsonText,
): Promise<Buffer | undefined> {
  const rev = parseRev(params.rev);
  if (code === "" || rev === "invalid") return undefined;
  const { store, taxonomies, readCache } = app.foodbase;
  const images = imageUrlContext(app, request, params.lc);
  const render = (bytes: Buffer) =>
    toBuffer(
      wrap(
        selectFieldsJson(
          productViewForApi(new StoredProductBytesView(bytes), apiVersion, params.fields, taxonomies, images),
          params.fields,
          fieldSelectionContext(taxonomies, params),
        ),
      ),
    );
  if (rev !== undefined) {
    const bytes = await store.getProductDocumentBytes(code, rev);
    return bytes === undefined ? undefined : render(bytes);
  }
  const revisionId = await store.getCurrentRevisionId(code);
  if (revisionId === undefined) return undefined;
  const key = RenderedProductCache.key(
    revisionId,
    `${envelope} ${apiVersion} ${images.bases.local}`,
    params.fields,
    params.lc,
  );
  const cached = readCache.get(key);
  if (cached !== undefined) return cached;
  const bytes = await store.getRevisionDocumentBytes(revisionId);
  if (bytes === undefined) return undefined;
  const answer = render(bytes);
  readCache.set(key, answer);
  return answer;
}

/** Reads need no account, but wrong credentials sent are refused (API.md §3.2); most reads send none. */
function mayBeDenied(params: Params): boolean {
  return params.user_id !== undefined || params.password !== undefined;
}

function send(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply.code(status).type(JSON_TYPE).send(JSON.stringify(body));
}

const V3_FAILURE = { id: "failure", lc_name: "Failure", name: "Failure" };

export async function productReadRoutes(app: FastifyInstance): Promise<void> {
  // The querystring schema documents the parameters (OpenAPI); the handlers validate them with the
  // API's own messages, so no validator is compiled for it (faster start, nothing checked twice).
  app.setValidatorCompiler(() => () => true);
  const querystring = {
    type: "object",
    properties: {
      fields: { type: "string", description: "Comma list of fields, `all`, `none` or `raw`" },
      lc: { type: "string", description: "Request language(s), e.g. `fr` or `fr,nl`" },
      cc: { type: "string", description: "Request country" },
      rev: { type: "string", description: "Revision number" },
    },
  } as const;

  const classic = async (request: FastifyRequest<{ Params: ProductRouteParams }>, reply: FastifyReply) => {
    const { version } = request.params;
    if (V3_VERSION.test(version)) return v3(request, reply);
    if (!CLASSIC_VERSIONS.has(version)) return reply.callNotFound();
    const params = queryParams(request);
    const refusal = mayBeDenied(params) ? await checkReadCredentials(app, request, params) : undefined;
    if (refusal?.kind === "locked") return sendTooManyFailures(reply, refusal.retryAfterSeconds);
    if (refusal !== undefined)
      return send(reply, 403, { status: 0, status_verbose: "Incorrect user name or password." });
    const received = request.params.slug === undefined ? stripJsonSuffix(request.params.code) : request.params.code;
    const code = normalizeBarcode(received);
    const v0 = version === "v0";
    if (code === "")
      return send(reply, v0 ? 200 : 400, { code: "", status: 0, status_verbose: "no code or invalid code" });
    const answer = await productAnswer(app, request, code, params, version, "classic", (product) =>
      joinJson([
        `{"code":${JSON.stringify(code)},"product":`,
        product,
        ',"status":1,"status_verbose":"product found"}',
      ]),
    );
    if (answer === undefined)
      return send(reply, v0 ? 200 : 404, { code, status: 0, status_verbose: "product not found" });
    return reply.code(200).type(JSON_TYPE).send(answer);
  };

  const v3 = async (request: FastifyRequest<{ Params: ProductRouteParams }>, reply: FastifyReply) => {
    if (request.params.slug !== undefined) return reply.callNotFound();
    const params = queryParams(request);
    const refusal = mayBeDenied(params) ? await checkReadCredentials(app, request, params) : undefined;
    if (refusal?.kind === "locked") return sendV3TooManyFailures(reply, refusal.retryAfterSeconds);
    if (refusal !== undefined) {
      return send(reply, 403, {
        errors: [
          {
            impact: V3_FAILURE,
            // OFF's message ids have no translation: empty names (api_v3_product_read/get-auth-bad-user-password.json).
            message: { id: "invalid_user_id_and_password", lc_name: "", name: "" },
          },
        ],
        status: "failure",
        warnings: [],
      });
    }
    const received = request.params.code;
    const code = normalizeBarcode(received);
    const notFoundResult = { id: "product_not_found", lc_name: "Product not found", name: "Product not found" };
    if (code === "") {
      return send(reply, 400, {
        code: received,
        errors: [
          {
            field: { id: "code", value: received },
            impact: V3_FAILURE,
            message: { id: "invalid_code", lc_name: "", name: "" },
          },
        ],
        result: notFoundResult,
        status: "failure",
        warnings: [],
      });
    }
    const warnings =
      code === received
        ? []
        : [
            {
              field: { id: "code", value: code },
              impact: { id: "none", lc_name: "None", name: "None" },
              message: { id: "different_normalized_product_code", lc_name: "", name: "" },
            },
          ];
    const status = warnings.length > 0 ? "success_with_warnings" : "success";
    const answer = await productAnswer(app, request, code, params, request.params.version, `v3 ${status}`, (product) =>
      joinJson([
        `{"code":${JSON.stringify(code)},"errors":[],"product":`,
        product,
        `,"result":{"id":"product_found","lc_name":"Product found","name":"Product found"},"status":"${status}","warnings":${JSON.stringify(warnings)}}`,
      ]),
    );
    if (answer === undefined) {
      return send(reply, 404, {
        code,
        errors: [
          {
            field: { id: "code", value: code },
            impact: V3_FAILURE,
            message: { id: "product_not_found", lc_name: "", name: "" },
          },
        ],
        result: notFoundResult,
        status: "failure",
        warnings,
      });
    }
    return reply.code(200).type(JSON_TYPE).send(answer);
  };

  const schema = { tags: ["product"], querystring, summary: "Read a product" };
  for (const noun of ["product", "products"]) {
    app.get(`/api/:version/${noun}/:code`, { schema }, classic);
    app.get(`/api/:version/${noun}/:code/:slug`, { schema: { ...schema, hide: true } }, classic);
  }
}
