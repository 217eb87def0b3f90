/**
 * OpenAPI documents and their Swagger UI pages, built on first request rather than at start.
 *
 * @fastify/swagger, its YAML and OpenAPI modules and @fastify/swagger-ui cost each worker about 80 ms
 * of every start, for pages few requests ask for. So a document is made when it is first asked for,
 * by @fastify/swagger in a throwaway Fastify instance holding the same route definitions (URL,
 * method, schema), and the Swagger UI page is served here with @fastify/swagger-ui's local assets
 * (no CDN).
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, HTTPMethods } from "fastify";
import { JSON_TYPE } from "./json.js";

/** What a document says of a route. */
export interface DocumentedRoute {
  method: HTTPMethods | HTTPMethods[];
  url: string;
  schema?: FastifySchema;
}

/** The `openapi` options of @fastify/swagger: version, info, servers, components, security. */
export type OpenApiOptions = Record<string, unknown>;

/** The OpenAPI document (JSON text) of these routes. */
export async function buildOpenApiDocument(
  openapi: OpenApiOptions,
  routes: readonly DocumentedRoute[],
): Promise<string> {
  const [{ default: Fastify }, { default: swagger }] = await Promise.all([
    import("fastify"),
    import("@fastify/swagger"),
  ]);
  const doc = Fastify({ logger: false });
  doc.setValidatorCompiler(() => () => true);
  doc.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await doc.register(swagger, { openapi });
  const noop = async () => null;
  for (const route of routes) {
    doc.route({ method: route.method, url: route.url, schema: route.schema, handler: noop, exposeHeadRoute: false });
  }
  await doc.ready();
  const text = JSON.stringify(doc.swagger());
  await doc.close();
  return text;
}

/**
 * The routes registered on `app` from now on that a document shows (not hidden, not the HEAD twin
 * Fastify adds to each GET), in the order of registration. Call before the routes are registered.
 */
export function collectDocumentedRoutes(app: FastifyInstance): DocumentedRoute[] {
  const routes: DocumentedRoute[] = [];
  app.addHook("onRoute", (route) => {
    if (route.schema?.hide === true || route.method === "HEAD") return;
    routes.push({ method: route.method as HTTPMethods | HTTPMethods[], url: route.url, schema: route.schema });
  });
  return routes;
}

const require = createRequire(import.meta.url);
const SWAGGER_UI_STATIC = join(dirname(require.resolve("@fastify/swagger-ui/package.json")), "static");

const ASSETS: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "index.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "application/javascript; charset=utf-8",
  "swagger-ui-standalone-preset.js": "application/javascript; charset=utf-8",
  "favicon-32x32.png": "image/png",
  "favicon-16x16.png": "image/png",
  "oauth2-redirect.html": "text/html; charset=utf-8",
  "oauth2-redirect.js": "application/javascript; charset=utf-8",
};

/** The initializer script's name among the page's assets. */
const INIT_SCRIPT = "docs-init.js";

function docsPage(title: string, assets: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<title>${title}</title>
<link rel="stylesheet" type="text/css" href="${assets}/swagger-ui.css">
<link rel="stylesheet" type="text/css" href="${assets}/index.css">
<link rel="icon" type="image/png" href="${assets}/favicon-32x32.png" sizes="32x32">
<link rel="icon" type="image/png" href="${assets}/favicon-16x16.png" sizes="16x16">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${assets}/swagger-ui-bundle.js" charset="UTF-8"></script>
<script src="${assets}/swagger-ui-standalone-preset.js" charset="UTF-8"></script>
<script src="${assets}/${INIT_SCRIPT}" charset="UTF-8"></script>
</body>
</html>
`;
}

function initializer(specUrl: string, assets: string): string {
  return `window.onload = function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(specUrl)},
    oauth2RedirectUrl: new URL(${JSON.stringify(`${assets}/oauth2-redirect.html`)}, window.location.href).href,
    dom_id: "#swagger-ui",
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    plugins: [SwaggerUIBundle.plugins.DownloadUrl],
    layout: "StandaloneLayout",
    validatorUrl: null
  });
};
`;
}

export interface DocsRoutes {
  /** Route of the document, relative to `app`'s prefix (e.g. `/api/openapi.json`). */
  specRoute: string;
  /** Route of the page, relative to `app`'s prefix (e.g. `/api/docs`); its assets are under `{page}/static/`. */
  pageRoute: string;
  /** The prefix the client sees before both routes ("" at the root). */
  base: string;
  title: string;
  /** Makes the document's JSON text (called once, on first request; again after a failure). */
  document: () => Promise<string>;
}

/** Registers the document, its Swagger UI page and the page's assets. */
export function registerOpenApiDocs(app: FastifyInstance, docs: DocsRoutes): void {
  let openApi: Promise<string> | undefined;
  const assetCache = new Map<string, Promise<Buffer>>();
  const hidden = { schema: { hide: true }, config: { cors: false as const } };

  app.get(docs.specRoute, hidden, async (_request: FastifyRequest, reply: FastifyReply) => {
    openApi ??= docs.document().catch((e: unknown) => {
      openApi = undefined;
      throw e;
    });
    return reply.type(JSON_TYPE).send(await openApi);
  });

  const assets = `${docs.base}${docs.pageRoute}/static`;
  const page = docsPage(docs.title, assets);
  // With a trailing slash too: the router ignores it.
  app.get(docs.pageRoute, hidden, async (_request, reply) => reply.type("text/html; charset=utf-8").send(page));

  const init = initializer(`${docs.base}${docs.specRoute}`, assets);
  app.get(`${docs.pageRoute}/static/:file`, hidden, async (request, reply) => {
    const file = (request.params as { file: string }).file;
    if (file === INIT_SCRIPT) return reply.type("application/javascript; charset=utf-8").send(init);
    const type = Object.hasOwn(ASSETS, file) ? ASSETS[file] : undefined;
    if (type === undefined) return reply.callNotFound();
    let content = assetCache.get(file);
    if (content === undefined) {
      content = readFile(join(SWAGGER_UI_STATIC, file));
      assetCache.set(file, content);
    }
    return reply
      .type(type)
      .header("Cache-Control", "public, max-age=3600")
      .send(await content);
  });
}
