/** Fastify options shared by the main listener and the optional folksonomy listener. */
import type { FastifyServerOptions } from "fastify";
import type { Config } from "../config.js";
import { redactUrl } from "./redact.js";

export function fastifyOptions(config: Config, logStream: NodeJS.WritableStream | undefined): FastifyServerOptions {
  return {
    logger: {
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
  };
}

/** Multipart limits: the body limit applies to fields and files alike. */
export function multipartLimits(config: Config) {
  return { fieldSize: config.bodyLimit, fileSize: config.bodyLimit, fields: 1000, files: 20, parts: 1100 };
}
