/**
 * `{F}/openapi.json` and `{F}/docs` (API.md §1.4): the folksonomy API's own OpenAPI document, paths
 * relative to its base as the Engine's, and a Swagger UI page served with @fastify/swagger-ui's
 * local assets (no CDN).
 *
 * The document is built once, on first request, by @fastify/swagger in a throwaway Fastify instance
 * holding the same route definitions (a second @fastify/swagger cannot be registered inside the
 * main app: its decorators already exist there).
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import swagger from "@fastify/swagger";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { JSON_TYPE } from "../json.js";
import { FOLKSONOMY_ROUTES } from "./routes.js";

const DESCRIPTION =
  "Free key/value tags on products, compatible with the Open Food Facts Folksonomy Engine. " +
  "Get a token with `POST /auth` (foodbase user id and password), then send `Authorization: Bearer <token>`. " +
  'Tags with `owner` "" are public; a tag whose `owner` is your user id is private to you.';

export async function buildFolksonomyOpenApi(base: string): Promise<string> {
  const doc = Fastify({ logger: false });
  doc.setValidatorCompiler(() => () => true);
  doc.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await doc.register(swagger, {
    openapi: {
      openapi: "3.0.3",
      info: { title: "foodbase folksonomy API", version: "0.1.0", description: DESCRIPTION },
      ...(base === "" ? {} : { servers: [{ url: base }] }),
      components: {
        securitySchemes: {
          OAuth2PasswordBearer: { type: "oauth2", flows: { password: { tokenUrl: `${base}/auth`, scopes: {} } } },
        },
      },
      security: [{ OAuth2PasswordBearer: [] }, {}],
    },
  });
  const noop = async () => null;
  for (const route of FOLKSONOMY_ROUTES) {
    doc.route({ method: route.method, url: route.url, schema: route.schema, handler: noop });
  }
  await doc.ready();
  const text = JSON.stringify(doc.swagger());
  await doc.close();
  return text;
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

function docsPage(base: string): string {
  const assets = `${base}/docs/static`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<title>foodbase folksonomy API</title>
<link rel="stylesheet" type="text/css" href="${assets}/swagger-ui.css">
<link rel="stylesheet" type="text/css" href="${assets}/index.css">
<link rel="icon" type="image/png" href="${assets}/favicon-32x32.png" sizes="32x32">
<link rel="icon" type="image/png" href="${assets}/favicon-16x16.png" sizes="16x16">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${assets}/swagger-ui-bundle.js" charset="UTF-8"></script>
<script src="${assets}/swagger-ui-standalone-preset.js" charset="UTF-8"></script>
<script src="${assets}/folksonomy-init.js" charset="UTF-8"></script>
</body>
</html>
`;
}

function initializer(base: string): string {
  return `window.onload = function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(`${base}/openapi.json`)},
    oauth2RedirectUrl: new URL(${JSON.stringify(`${base}/docs/static/oauth2-redirect.html`)}, window.location.href).href,
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

/** Registers `/openapi.json`, `/docs` and `/docs/static/*` in the folksonomy plugin; `base` = its URL prefix. */
export function registerDocs(app: FastifyInstance, base: string): void {
  let openApi: Promise<string> | undefined;
  const assetCache = new Map<string, Promise<Buffer>>();
  const hidden = { schema: { hide: true }, config: { cors: false as const } };

  app.get("/openapi.json", hidden, async (_request: FastifyRequest, reply: FastifyReply) => {
    openApi ??= buildFolksonomyOpenApi(base).catch((e: unknown) => {
      openApi = undefined;
      throw e;
    });
    return reply.type(JSON_TYPE).send(await openApi);
  });

  const page = docsPage(base);
  app.get("/docs", hidden, async (_request, reply) => reply.type("text/html; charset=utf-8").send(page));

  const init = initializer(base);
  app.get("/docs/static/:file", hidden, async (request, reply) => {
    const file = (request.params as { file: string }).file;
    if (file === "folksonomy-init.js") return reply.type("application/javascript; charset=utf-8").send(init);
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
