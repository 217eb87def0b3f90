/**
 * The Fastify application: content types, CORS, the staging gate, error bodies, and one plugin per
 * API family. Handlers stay thin: they parse and validate, call the domain, and ask the store.
 */
import cookie from "@fastify/cookie";
import cors from "@fastify/cors";
import formbody from "@fastify/formbody";
import multipart from "@fastify/multipart";
import { parse as parseQueryString } from "fast-querystring";
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { CredentialVerifier } from "../accounts/credentials.js";
import { PasswordGuard } from "../accounts/guard.js";
import type { Config } from "../config.js";
import type { Taxonomies } from "../domain/taxonomy/types.js";
import type { Metrics } from "../metrics/metrics.js";
import type { AuthLimits } from "../store/auth-failure-types.js";
import type { Store } from "../store/types.js";
import { RenderedProductCache } from "./answer-cache.js";
import { authRoutes } from "./auth.js";
import { apiErrorBody, HttpError } from "./errors.js";
import { facetRoutes } from "./facets.js";
import { fastifyOptions, multipartLimits } from "./fastify-options.js";
import { folksonomyRoutes } from "./folksonomy/index.js";
import { imageFilesPlugin } from "./image-files.js";
import { imageRoutes } from "./images.js";
import { imageV3Routes } from "./images-v3.js";
import { JSON_TYPE } from "./json.js";
import { buildOpenApiDocument, collectDocumentedRoutes, registerOpenApiDocs } from "./openapi-docs.js";
import { isValidPercentEncoding } from "./params.js";
import { productReadRoutes } from "./product-read.js";
import { productWriteRoutes } from "./product-write.js";
import { productWriteV3Routes } from "./product-write-v3.js";
import { searchRoutes } from "./search.js";
import { stagingGate, stagingGateEnabled } from "./staging-gate.js";
import { taxonomyRoutes } from "./taxonomy.js";
import { webRoutes } from "./web/index.js";

export interface AppDeps {
  config: Config;
  store: Store;
  taxonomies: Taxonomies;
  /** Where JSON logs go (stdout when absent). */
  logStream?: NodeJS.WritableStream;
  /** Present when metrics are on (config `metrics`). */
  metrics?: Metrics;
  /** Milliseconds since the epoch for the sign-in limits' windows (tests move it instead of waiting). */
  clock?: () => number;
}

export interface AppContext extends AppDeps {
  credentials: CredentialVerifier;
  /** Every password check goes through it (README "Sign-in limits"). */
  passwordGuard: PasswordGuard;
  readCache: RenderedProductCache;
}

declare module "fastify" {
  interface FastifyInstance {
    foodbase: AppContext;
  }
}

const METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH"] as const;

function sendApiError(reply: FastifyReply, status: number, id: string, message: string): FastifyReply {
  return reply
    .code(status)
    .type(JSON_TYPE)
    .send(JSON.stringify(apiErrorBody([{ id, message }])));
}

/** Fastify and plugin errors → the product API's JSON error bodies (API.md §1.1). */
function errorHandler(this: FastifyInstance, error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    reply.headers(error.headers);
    return reply.code(error.statusCode).type(JSON_TYPE).send(JSON.stringify(error.body));
  }
  const code = error.code ?? "";
  if (error.statusCode === 413 || code === "FST_ERR_CTP_BODY_TOO_LARGE" || code === "FST_REQ_FILE_TOO_LARGE") {
    return sendApiError(
      reply,
      413,
      "payload_too_large",
      `request body is larger than ${this.foodbase.config.bodyLimit} bytes`,
    );
  }
  if (code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
    return sendApiError(
      reply,
      415,
      "unsupported_media_type",
      `unsupported content type: ${request.headers["content-type"] ?? ""}`,
    );
  }
  if (error.validation) {
    return sendApiError(reply, 400, "invalid_parameter", error.message);
  }
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return sendApiError(reply, 400, "malformed_body", `malformed request body: ${error.message}`);
  }
  request.log.error({ err: error }, "unexpected failure");
  return sendApiError(reply, 500, "internal_error", "internal server error");
}

function badBody(message: string): FastifyError {
  const err = new Error(message) as FastifyError;
  err.statusCode = 400;
  return err;
}

/**
 * A urlencoded form, refused (400) when its %-escapes are not UTF-8 text (see isValidPercentEncoding),
 * or when it holds U+FFFD as such: the body was decoded with replacement, so that is where its bytes
 * were not UTF-8 (a client encodes every non-ASCII character, U+FFFD as %EF%BF%BD).
 */
function parseUrlencodedForm(text: string): Record<string, unknown> {
  if (!isValidPercentEncoding(text)) throw badBody("the form is not valid percent-encoded UTF-8");
  if (text.includes("\uFFFD")) throw badBody("the form holds bytes that are not UTF-8 text");
  return parseQueryString(text);
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** A JSON body's text; its bytes must be UTF-8 (else they were stored as U+FFFD). */
function jsonBodyText(body: Buffer): string {
  try {
    return strictUtf8.decode(body);
  } catch {
    throw badBody("the JSON body is not UTF-8 text");
  }
}

/** A JSON body, or undefined when it is blank (API.md §1: "no body"). */
function parseJsonBody(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch (e) {
    throw badBody(`invalid JSON: ${(e as Error).message}`);
  }
}

/** The sign-in limits of the configuration, in milliseconds. */
export function authLimits(config: Config): AuthLimits {
  return {
    pair: { limit: config.authFailureLimit, windowMs: config.authFailureWindow * 1000 },
    address: { limit: config.authAddressFailureLimit, windowMs: config.authFailureWindow * 1000 },
    account: { limit: config.authAccountFailureLimit, windowMs: config.authAccountFailureWindow * 1000 },
  };
}

const MAIN_OPENAPI = {
  openapi: "3.0.3",
  info: {
    title: "foodbase",
    version: "0.1.0",
    description: "Open Food Facts compatible product API. Data: Open Food Facts contributors (ODbL).",
  },
};

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const prefix = config.folksonomyPrefix;
  const isFolksonomyPath = (path: string) => path === prefix || path.startsWith(`${prefix}/`);
  const app = Fastify(fastifyOptions(config, deps.logStream, isFolksonomyPath));
  const credentials = new CredentialVerifier(deps.store, config.credentialCacheTtl);
  app.decorate("foodbase", {
    ...deps,
    credentials,
    passwordGuard: new PasswordGuard(deps.store, credentials, authLimits(config), deps.clock),
    readCache: new RenderedProductCache(config.readCacheMb, deps.metrics?.readCache),
  });

  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    const allowed = METHODS.filter((m) => m !== request.method && app.findRoute({ method: m, url: path }) !== null);
    if (allowed.length > 0) {
      if (allowed.includes("GET")) allowed.push("HEAD" as never);
      reply.header("Allow", allowed.join(", "));
      return sendApiError(reply, 405, "method_not_allowed", `method ${request.method} is not allowed on ${path}`);
    }
    return sendApiError(reply, 404, "route_not_found", `no route for ${request.method} ${path}`);
  });

  // An empty body is "no body", even with Content-Type: application/json (API.md §1).
  app.removeContentTypeParser("application/json");
  // No route takes plain text: it falls to the catch-all parser below (415).
  app.removeContentTypeParser("text/plain");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_req, body, done) => {
    try {
      done(null, parseJsonBody(jsonBodyText(body as Buffer)));
    } catch (e) {
      done(e as FastifyError, undefined);
    }
  });
  // A body without Content-Type that starts with `{` is JSON (API.md §1); anything else is refused.
  app.addContentTypeParser("*", { parseAs: "buffer" }, (req, body, done) => {
    // No route here: the 404/405 answer does not depend on the body.
    if (req.is404) return done(null, undefined);
    if (req.headers["content-type"] === undefined) {
      const bytes = body as Buffer;
      // Whether it is JSON is read leniently (415 otherwise); as JSON, its bytes must be UTF-8.
      const looksLikeJson = bytes.toString("utf8").trimStart();
      if (looksLikeJson === "" || looksLikeJson.startsWith("{")) {
        try {
          return done(null, parseJsonBody(jsonBodyText(bytes).trim()));
        } catch (e) {
          return done(e as FastifyError, undefined);
        }
      }
    }
    const err = new Error("unsupported content type") as FastifyError;
    err.code = "FST_ERR_CTP_INVALID_MEDIA_TYPE";
    err.statusCode = 415;
    done(err, undefined);
  });
  await app.register(formbody, { bodyLimit: config.bodyLimit, parser: parseUrlencodedForm });
  await app.register(cors, {
    origin: "*",
    maxAge: 86400,
    strictPreflight: false,
    methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
  });

  // No hook at all when the gate is off: every request would pay for it.
  if (stagingGateEnabled(config)) app.addHook("onRequest", stagingGate(config));

  // The API reference, made on first request from the routes registered from here on.
  const documented = collectDocumentedRoutes(app);
  registerOpenApiDocs(app, {
    specRoute: "/api/openapi.json",
    pageRoute: "/api/docs",
    base: "",
    title: "foodbase API",
    document: () => buildOpenApiDocument(MAIN_OPENAPI, documented),
  });

  app.get("/health", { schema: { hide: true } }, async (_req, reply) => reply.type(JSON_TYPE).send('{"status":"ok"}'));

  await app.register(productReadRoutes);
  await app.register(taxonomyRoutes);
  await app.register(imageFilesPlugin);
  // Root alias routes match tag type names only (facets.ts): /api/…, /cgi/…, /health and the folksonomy prefix keep theirs.
  await app.register(facetRoutes);
  // Web pages for people (issue 23); tag pages are reached through facetRoutes' tag paths.
  await app.register(webRoutes);
  // Cookies and multipart bodies only in the scope of the routes that take them: both plugins add
  // request hooks, which product reads (the hottest route) would otherwise pay on every request.
  await app.register(async (scope) => {
    await scope.register(cookie);
    await scope.register(multipart, { limits: multipartLimits(config) });
    await scope.register(productWriteRoutes);
    await scope.register(productWriteV3Routes);
    await scope.register(imageRoutes);
    await scope.register(imageV3Routes);
    await scope.register(searchRoutes);
    await scope.register(authRoutes);
    await scope.register(folksonomyRoutes, { prefix: config.folksonomyPrefix });
  });
  return app;
}
