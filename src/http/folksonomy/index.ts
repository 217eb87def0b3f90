/**
 * The folksonomy API under its own base URL (API.md §7): by default the prefix `/folksonomy` of the
 * main app (`app.ts` registers `folksonomyRoutes`), optionally also at the root of a listener of its
 * own (`buildFolksonomyApp`, config `folksonomyPort`).
 *
 * The plugin is encapsulated: its own body parsers (FastAPI's: JSON read as Python reads it, forms),
 * error and not-found handlers (`{"detail": …}`), CORS (origin echoed with credentials, §1), and a
 * validator that accepts everything, since handlers validate with FastAPI's exact error entries.
 */
import { STATUS_CODES } from "node:http";
import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type HookHandlerDoneFunction,
} from "fastify";
import type { AppContext } from "../app.js";
import { fastifyOptions, multipartLimits } from "../fastify-options.js";
import { stagingGate, stagingGateEnabled } from "../staging-gate.js";
import { adminHandlers } from "./admin.js";
import { authHandlers } from "./auth.js";
import { FolksonomyError, FormBody, JsonBody, parseBody, parseForm, sendJson, validationFailed } from "./common.js";
import { corsHeaders } from "./cors.js";
import { registerDocs } from "./docs.js";
import { FOLKSONOMY_ROUTES, type FolksonomyHandlers } from "./routes.js";
import { tagHandlers } from "./tags.js";
import { invalidTextErrors } from "./validation.js";

const ALLOWED_METHODS = "GET, POST, PUT, DELETE, OPTIONS";
const ROUTE_METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH"] as const;
function preflight(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const requested = request.headers["access-control-request-headers"];
  reply.header("Access-Control-Allow-Methods", ALLOWED_METHODS);
  reply.header(
    "Access-Control-Allow-Headers",
    typeof requested === "string" && requested.trim() !== "" ? requested : "*",
  );
  reply.header("Access-Control-Max-Age", "86400");
  return reply.code(204).send();
}

function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof FolksonomyError) {
    reply.headers(error.headers);
    return sendJson(reply, error.statusCode, { detail: error.detail });
  }
  const code = error.code ?? "";
  if (error.statusCode === 413 || code === "FST_ERR_CTP_BODY_TOO_LARGE" || code === "FST_REQ_FILE_TOO_LARGE") {
    return sendJson(reply, 413, { detail: "Request body too large" });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return sendJson(reply, status === 415 ? 400 : status, {
      detail:
        status === 400 || status === 415 ? "There was an error parsing the body" : (STATUS_CODES[status] ?? "Error"),
    });
  }
  request.log.error({ err: error }, "unexpected failure");
  return sendJson(reply, 500, { detail: "Internal Server Error" });
}

export async function folksonomyRoutes(app: FastifyInstance): Promise<void> {
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.setErrorHandler(errorHandler);

  // FastAPI's reading of bodies: JSON (also without Content-Type) as Python's json module does,
  // urlencoded forms (first occurrence wins), multipart through @fastify/multipart, the rest as text.
  for (const type of ["application/json", "application/x-www-form-urlencoded", "text/plain"]) {
    if (app.hasContentTypeParser(type)) app.removeContentTypeParser(type);
  }
  app.addContentTypeParser("*", { parseAs: "buffer" }, (request, body, done) => {
    try {
      done(null, parseBody(request.headers["content-type"], body as Buffer));
    } catch (e) {
      done(e as FastifyError, undefined);
    }
  });
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
    done(null, parseForm(String(body)));
  });

  app.addHook("onRequest", (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    corsHeaders(request, reply);
    done();
  });

  app.addHook("preHandler", (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const body = request.body;
    const fields =
      body instanceof JsonBody ? body.value : body instanceof FormBody ? Object.fromEntries(body.fields) : undefined;
    const errors = invalidTextErrors(request.params, request.query, fields);
    done(errors.length > 0 ? validationFailed(errors) : undefined);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    const allowed: string[] = ROUTE_METHODS.filter(
      (m) => m !== request.method && app.findRoute({ method: m, url: path }) !== null,
    );
    if (allowed.length > 0) {
      if (allowed.includes("GET")) allowed.push("HEAD");
      reply.header("Allow", allowed.join(", "));
      return sendJson(reply, 405, { detail: "Method Not Allowed" });
    }
    return sendJson(reply, 404, { detail: "Not Found" });
  });

  const handlers: FolksonomyHandlers = { ...tagHandlers(app), ...authHandlers(app), ...adminHandlers(app) };
  for (const route of FOLKSONOMY_ROUTES) {
    app.route({
      method: route.method,
      url: route.url,
      schema: route.schema,
      // The main app's CORS plugin must leave these alone (`{F}` has its own rules).
      config: { cors: false },
      handler: handlers[route.handler],
    });
  }
  const hidden = { schema: { hide: true }, config: { cors: false as const } };
  app.options("/", hidden, preflight);
  app.options("/*", hidden, preflight);
  registerDocs(app, app.prefix);
}

/**
 * The folksonomy API alone, at the root of its own listener (config `folksonomyPort` > 0). It shares
 * the main app's store, configuration and credential cache.
 */
export async function buildFolksonomyApp(context: AppContext): Promise<FastifyInstance> {
  const { config } = context;
  // This listener serves only the folksonomy.
  const app = Fastify(fastifyOptions(config, context.logStream, () => true));
  app.decorate("foodbase", context);
  await app.register(cookie);
  await app.register(multipart, {
    limits: multipartLimits(config),
  });
  // Here every path is a folksonomy path: gated only when the folksonomy is gated too (API.md §1.2).
  if (config.stagingGateFolksonomy && stagingGateEnabled(config)) app.addHook("onRequest", stagingGate(config));
  await app.register(folksonomyRoutes);
  return app;
}
