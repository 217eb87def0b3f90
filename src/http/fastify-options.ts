/** Fastify options shared by the main listener and the optional folksonomy listener. */
import type { FastifyServerOptions } from "fastify";
import type { Config } from "../config.js";
import { type FolksonomyPathTest, frameworkErrorOptions } from "./framework-errors.js";
import { MULTIPART_COUNTS } from "./multipart.js";
import { redactUrl } from "./redact.js";

/** Levels at which Fastify logs every request ("incoming request", "request completed"). */
const REQUEST_LOG_LEVELS = new Set(["info", "debug", "trace"]);

/** `isFolksonomyPath`: which paths of this listener are the folksonomy API's (their errors differ). */
export function fastifyOptions(
  config: Config,
  logStream: NodeJS.WritableStream | undefined,
  isFolksonomyPath: FolksonomyPathTest,
): FastifyServerOptions {
  // Fastify gives each request a child logger carrying its id. When requests are not logged that child
  // is a measurable part of a cached product read, so requests share the root logger (errors are still
  // logged, without the request id); `silent` has no logger at all.
  const perRequestLogger = REQUEST_LOG_LEVELS.has(config.logLevel);
  return {
    ...(perRequestLogger ? {} : { childLoggerFactory: (logger) => logger }),
    logger:
      config.logLevel === "silent"
        ? false
        : {
            level: config.logLevel,
            serializers: {
              req: (req: { method: string; url: string; ip?: string }) => ({
                method: req.method,
                url: redactUrl(req.url),
                ip: req.ip,
              }),
            },
            ...(logStream ? { stream: logStream } : {}),
          },
    bodyLimit: config.bodyLimit,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 2000 },
    return503OnClosing: true,
    ...frameworkErrorOptions(isFolksonomyPath),
  };
}

/** Multipart limits: the body limit applies to fields and files alike. */
export function multipartLimits(config: Config) {
  return { fieldSize: config.bodyLimit, fileSize: config.bodyLimit, ...MULTIPART_COUNTS };
}
