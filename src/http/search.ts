/**
 * Search: `GET /api/v2/search` and `GET|POST /cgi/search.pl` (API.md §5.1–§5.7). Parameters are
 * parsed by domain/search/params.ts, the store answers with the exact count and the page's documents,
 * and each product is sliced from its stored bytes by `fields` (§3.1) like a product read.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { selectFieldsJson } from "../domain/fields.js";
import { type JsonText, joinJson, StoredProductBytesView } from "../domain/product-document.js";
import { type ParsedSearch, parseSearchParams, SearchParamError } from "../domain/search/params.js";
import type { SearchQuery } from "../domain/search/query.js";
import { cgiParams } from "./body.js";
import { checkReadCredentials, sendTooManyFailures } from "./credentials.js";
import { apiErrorBody, HttpError } from "./errors.js";
import { JSON_TYPE } from "./json.js";
import { type Params, queryParams } from "./params.js";
import { fieldSelectionContext, imageUrlContext, productViewForApi } from "./product-read.js";

/** A 400 answer listing every problem of the parameters (API.md §1.1). */
export function invalidParameters(error: SearchParamError): HttpError {
  return new HttpError(
    400,
    apiErrorBody(
      error.problems.map((p) => ({
        id: "invalid_parameter",
        message: p.message,
        parameter: p.parameter,
        value: p.value,
      })),
    ),
  );
}

/** Parses search parameters, turning problems into a 400. */
export function parseOrThrow(params: Params, app: FastifyInstance, v1: boolean): ParsedSearch {
  try {
    return parseSearchParams(params, { taxonomies: app.foodbase.taxonomies, v1 });
  } catch (e) {
    if (e instanceof SearchParamError) throw invalidParameters(e);
    throw e;
  }
}

const FORBIDDEN = JSON.stringify({ status: 0, status_verbose: "Incorrect user name or password." });

/**
 * Runs a parsed search and sends the §5.6 answer (also the answer of `/{tagtype}/{tag}.json`). Refuses
 * wrong credentials (§3.2).
 */
export async function sendSearch(
  app: FastifyInstance,
  reply: FastifyReply,
  params: Params,
  parsed: ParsedSearch,
  query: SearchQuery = parsed.query,
): Promise<FastifyReply> {
  const refusal = await checkReadCredentials(app, reply.request, params);
  if (refusal?.kind === "locked") return sendTooManyFailures(reply, refusal.retryAfterSeconds);
  if (refusal !== undefined) return reply.code(403).type(JSON_TYPE).send(FORBIDDEN);
  const { count, documents } = await app.foodbase.store.searchProducts(query);
  const ctx = fieldSelectionContext(app.foodbase.taxonomies, params);
  const images = imageUrlContext(app, reply.request, params.lc);
  const pieces: JsonText[] = [
    `{"count":${count},"page":${parsed.page},"page_count":${documents.length},"page_size":${parsed.pageSize},"products":[`,
  ];
  documents.forEach((doc, i) => {
    if (i > 0) pieces.push(",");
    // Search answers, v1 and v2 alike, carry products in the classic (API v2) shape.
    const view = productViewForApi(
      new StoredProductBytesView(doc),
      "v2",
      parsed.fields,
      app.foodbase.taxonomies,
      images,
    );
    pieces.push(selectFieldsJson(view, parsed.fields, ctx));
  });
  pieces.push(`],"skip":${query.skip}}`);
  const json = joinJson(pieces);
  return reply
    .code(200)
    .type(JSON_TYPE)
    .send(typeof json === "string" ? Buffer.from(json) : json);
}

export async function searchRoutes(app: FastifyInstance): Promise<void> {
  const description =
    "Filters: `<tagtype>_tags[_<lc>]` (`,` and, `|` or, `-` not, `unknown`), `<nid>_100g` conditions " +
    "(`sugars_100g=<5`, `salt_100g<1`), `code` lists, `search_terms` (full text, last word as a prefix), `cc`. " +
    "Paging: `page`, `page_size` (24, at most 1000); `sort_by` (popularity, nutriscore_score, nova_score, " +
    "ecoscore_score, created_t, last_modified_t, scans_n, unique_scans_n, product_name, completeness, nothing); `fields`.";

  // The querystring schema documents the parameters (OpenAPI); parseSearchParams validates them with
  // the API's own messages, so no validator is compiled.
  app.setValidatorCompiler(() => () => true);
  const text = { type: "string" } as const;
  const querystring = {
    type: "object",
    properties: {
      search_terms: { type: "string", description: "Full text; the last word may be a prefix" },
      categories_tags: { type: "string", description: "Any `<tagtype>_tags[_<lc>]`: `a,b` and, `a|b` or, `-a` not" },
      code: { type: "string", description: "Barcodes separated by `,` `|` `+` or spaces" },
      page: text,
      page_size: text,
      sort_by: text,
      fields: text,
      lc: text,
      cc: text,
    },
  } as const;
  app.get(
    "/api/v2/search",
    { schema: { tags: ["search"], summary: "Search products", description, querystring } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const params = queryParams(request);
      return sendSearch(app, reply, params, parseOrThrow(params, app, false));
    },
  );

  const v1 = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = await cgiParams(request, app.foodbase.config.bodyLimit);
    return sendSearch(app, reply, params, parseOrThrow(params, app, true));
  };
  const v1Schema = {
    tags: ["search"],
    summary: "Search products (v1 parameters: search_terms, tagtype_N/tag_contains_N/tag_N, nutriment_N…)",
    description,
  };
  app.get("/cgi/search.pl", { schema: v1Schema }, v1);
  app.post("/cgi/search.pl", { schema: { ...v1Schema, hide: true } }, v1);
}
