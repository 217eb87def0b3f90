/**
 * `{F}/openapi.json` and `{F}/docs` (API.md §1.4): the folksonomy API's own OpenAPI document, paths
 * relative to its base as the Engine's, and its Swagger UI page (openapi-docs.ts: both made on first
 * request).
 */
import type { FastifyInstance } from "fastify";
import { buildOpenApiDocument, registerOpenApiDocs } from "../openapi-docs.js";
import { FOLKSONOMY_ROUTES } from "./routes.js";

const DESCRIPTION =
  "Free key/value tags on products, compatible with the Open Food Facts Folksonomy Engine. " +
  "Get a token with `POST /auth` (foodbase user id and password), then send `Authorization: Bearer <token>`. " +
  'Tags with `owner` "" are public; a tag whose `owner` is your user id is private to you.';

export function buildFolksonomyOpenApi(base: string): Promise<string> {
  return buildOpenApiDocument(
    {
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
    FOLKSONOMY_ROUTES,
  );
}

/** Registers `/openapi.json`, `/docs` and `/docs/static/*` in the folksonomy plugin; `base` = its URL prefix. */
export function registerDocs(app: FastifyInstance, base: string): void {
  registerOpenApiDocs(app, {
    specRoute: "/openapi.json",
    pageRoute: "/docs",
    base,
    title: "foodbase folksonomy API",
    document: () => buildFolksonomyOpenApi(base),
  });
}
