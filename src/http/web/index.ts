/**
 * The web pages for people (issue 23): home, search, product and tag pages, with their assets. Pages
 * read with the same domain code and store queries as the JSON API; every page is sent by `sendPage`
 * (CSP and other headers). Tag pages answer at the tag paths of facets.ts, which hands the paths
 * without `.json` over to `tagProductsPage` / `tagListPage`.
 */
import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import { normalizeBarcode } from "../../domain/barcode.js";
import { parseLanguageList } from "../../domain/language.js";
import { MAX_REVISION } from "../../domain/product.js";
import { type ParsedSearch, parseSearchParams, SearchParamError } from "../../domain/search/params.js";
import type { SearchQuery } from "../../domain/search/query.js";
import { tagTypeUrlName } from "../../domain/search/tag-types.js";
import { multipartLimits } from "../fastify-options.js";
import { type Params, queryParams } from "../params.js";
import { ASSETS } from "./assets.js";
import { pageContext } from "./context.js";
import { contributeRoutes } from "./contribute.js";
import { type Html, html } from "./html.js";
import {
  acceptedLanguages,
  chooseLanguage,
  loadLanguages,
  type MessageKey,
  type Messages,
  translator,
} from "./i18n/index.js";
import { formatNumber, framedPage, layout, link, type PageContext, sendPage } from "./layout.js";
import { homeBody } from "./pages/home.js";
import { folksonomySection, notFoundBody, productBody } from "./pages/product.js";
import { resultsBody } from "./pages/results.js";
import { photoRoutes } from "./photos.js";
import { ProductData, tagNames, tagPath } from "./product-data.js";
import { signedInUser } from "./session.js";

/** Parameters without empty values: an empty search box searches everything. */
function nonEmpty(params: Params): Record<string, string> {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v.trim() !== ""));
}

function badRequestPage(reply: FastifyReply, ctx: PageContext, error: SearchParamError): FastifyReply {
  const body = html`<h1>${ctx.t("badRequest")}</h1><ul class="error">${error.problems.map(
    (p) => html`<li>${p.parameter}: ${p.message}</li>`,
  )}</ul><p><a href="${link(ctx, "/")}">${ctx.t("backHome")}</a></p>`;
  return sendPage(reply, layout(ctx, ctx.t("badRequest"), body), 400);
}

function parseForPage(app: FastifyInstance, params: Params): ParsedSearch | SearchParamError {
  try {
    return parseSearchParams(params, { taxonomies: app.foodbase.taxonomies });
  } catch (e) {
    if (e instanceof SearchParamError) return e;
    throw e;
  }
}

/** `rev=N` of a product page: a revision number, or "invalid". */
function parseRev(raw: string | undefined): number | "invalid" | undefined {
  if (raw === undefined || raw === "") return undefined;
  if (!/^[1-9]\d{0,9}$/.test(raw)) return "invalid";
  const rev = Number(raw);
  return rev <= MAX_REVISION ? rev : "invalid";
}

/**
 * Product page bodies of current revisions, by revision id and languages: a revision never changes once
 * written (ids are the store's, the same in every process), so only the folksonomy tags and the frame
 * are made for each request, as the JSON read caches its answers. Kept as UTF-8 bytes: a body built by
 * templates is a string of thousands of pieces, which every send would join again.
 */
interface RenderedProductBody {
  title: string;
  main: Buffer;
  history: Buffer;
}
const productBodies = new LRUCache<string, RenderedProductBody>({ max: 1000 });

async function productPage(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: { code: string } }>,
  reply: FastifyReply,
) {
  const params = queryParams(request);
  const ctx = await pageContext(app, request, params);
  const { store, taxonomies } = app.foodbase;
  const code = normalizeBarcode(request.params.code);
  const rev = parseRev(params.rev);
  const notFound = () => {
    const shown = code === "" ? request.params.code : code;
    return sendPage(reply, layout(ctx, ctx.t("notFoundTitle"), notFoundBody(ctx, shown)), 404);
  };
  if (code === "" || rev === "invalid") return notFound();
  const revisionId = rev === undefined ? await store.getCurrentRevisionId(code) : undefined;
  // The photos' URLs name the request's host when no public URL is configured.
  const key =
    revisionId === undefined
      ? undefined
      : `${revisionId}|${ctx.lc}|${ctx.dataLc}|${params.lc ?? ""}|${ctx.images.bases.local}`;
  let body = key === undefined ? undefined : productBodies.get(key);
  if (body === undefined) {
    const bytes =
      revisionId !== undefined
        ? await store.getRevisionDocumentBytes(revisionId)
        : await store.getProductDocumentBytes(code, rev);
    if (bytes === undefined) return notFound();
    const revisions = await store.listRevisions(code);
    const product = new ProductData(bytes, taxonomies, true, ctx.images);
    const made = productBody({ ctx, app, product, revisions, ...(typeof rev === "number" ? { rev } : {}) });
    body = { title: made.title, main: Buffer.from(made.main.text), history: Buffer.from(made.history.text) };
    if (key !== undefined) productBodies.set(key, body);
  }
  const folksonomy = folksonomySection(ctx, await store.folksonomy.getProductTags(code, ""));
  return sendPage(reply, framedPage(ctx, body.title, [body.main, folksonomy, body.history]));
}

/**
 * The page of a tag path (`/category/en:apples`, `/category/apples/label/organic`): its products as a
 * search page. `query` is the path's filters (built by facets.ts) with the page's parameters.
 */
export async function tagProductsPage(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  clauses: ReadonlyArray<{ tagtype: string; text: string }>,
  buildQuery: (parsed: ParsedSearch) => SearchQuery,
): Promise<FastifyReply> {
  const params = nonEmpty(queryParams(request));
  const ctx = await pageContext(app, request, params);
  const parsed = parseForPage(app, params);
  if (parsed instanceof SearchParamError) return badRequestPage(reply, ctx, parsed);
  const { taxonomies } = app.foodbase;
  const filters: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) if (k !== "page" && k !== "lc") filters[k] = v;
  for (const { tagtype, text } of clauses) {
    const key = `${tagtype}_tags`;
    filters[key] = filters[key] === undefined ? text : `${filters[key]},${text}`;
  }
  const names = clauses.map(({ tagtype, text }) => {
    const negated = text.startsWith("-");
    const tag = negated ? text.slice(1) : text;
    const typeKey = `tagType_${tagTypeUrlName(tagtype)}` as MessageKey;
    const typeName = ctx.t(typeKey) === typeKey ? ctx.t("tagType_other") : ctx.t(typeKey);
    return ctx.t("tagProducts", {
      type: typeName,
      name: `${negated ? "−" : ""}${tagNames(tagtype, [tag], ctx, taxonomies)[0] ?? tag}`,
    });
  });
  const heading = names.join(" · ");
  const body = await resultsBody(
    { ctx, app, parsed, query: buildQuery(parsed), path: ctx.path, params, filters },
    heading,
  );
  return sendPage(reply, layout(ctx, heading, body));
}

/** The page of a tag type (`/facets/categories`): its tags with their product counts. */
export async function tagListPage(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  tagtype: string,
): Promise<FastifyReply> {
  const params = nonEmpty(queryParams(request));
  const ctx = await pageContext(app, request, params);
  const { store, taxonomies } = app.foodbase;
  const { tags } = await store.facetCounts({ tagtype });
  const shown = tags.slice(0, 1000);
  const names = tagNames(
    tagtype,
    shown.map((t) => t.tag),
    ctx,
    taxonomies,
  );
  const headingKey = `facet_${tagtype}` as MessageKey;
  const heading = ctx.t(headingKey) === headingKey ? tagtype : ctx.t(headingKey);
  const body: Html = html`<h1>${heading}</h1><ul class="tiles">${shown.map(
    ({ tag, products }, i) =>
      html`<li><a href="${link(ctx, tagPath(tagtype, tag))}">${names[i]}<span class="count">${
        products === 1 ? ctx.t("productCountOne") : ctx.t("productCount", { n: formatNumber(ctx, products) })
      }</span></a></li>`,
  )}</ul>`;
  return sendPage(reply, layout(ctx, heading, body));
}

export async function webRoutes(app: FastifyInstance): Promise<void> {
  const hidden = { schema: { hide: true } };
  // Cookies in this scope only (sign-in sets them); pages of other scopes read the header (session.ts).
  await app.register(cookie);
  await app.register(contributeRoutes);
  // The photo upload is the only multipart form of the pages: the plugin (and its request hooks) only
  // in the photo routes' scope, with the API's limits (readUploadForm applies the image size limit).
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: multipartLimits(app.foodbase.config) });
    await scope.register(photoRoutes);
  });
  for (const asset of ASSETS) {
    app.get(asset.path, hidden, async (_request, reply) =>
      reply.header("Cache-Control", "public, max-age=31536000, immutable").type(asset.type).send(asset.body),
    );
  }
  app.get("/", hidden, async (request, reply) => {
    const params = nonEmpty(queryParams(request));
    const ctx = await pageContext(app, request, params);
    return sendPage(reply, layout(ctx, ctx.t("homeTitle"), await homeBody(ctx, app)));
  });
  app.get("/search", hidden, async (request, reply) => {
    const params = nonEmpty(queryParams(request));
    const ctx = await pageContext(app, request, params);
    const parsed = parseForPage(app, params);
    if (parsed instanceof SearchParamError) return badRequestPage(reply, ctx, parsed);
    const filters: Record<string, string> = {};
    for (const [k, v] of Object.entries(params)) if (k !== "page" && k !== "lc") filters[k] = v;
    const heading =
      params.search_terms === undefined ? ctx.t("resultsTitle") : `${ctx.t("resultsTitle")}: ${params.search_terms}`;
    const body = await resultsBody(
      { ctx, app, parsed, query: parsed.query, path: "/search", params, filters },
      heading,
    );
    return sendPage(reply, layout(ctx, heading, body));
  });
  app.get<{ Params: { code: string } }>("/product/:code", hidden, (request, reply) => productPage(app, request, reply));
  app.get<{ Params: { code: string; slug: string } }>("/product/:code/:slug", hidden, (request, reply) =>
    productPage(app, request, reply),
  );
}
