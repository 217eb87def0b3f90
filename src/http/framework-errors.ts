/**
 * Requests Fastify refuses before any route, hook or error handler sees them: a path that is not valid
 * percent-encoding (or a parameter over `maxParamLength`), and HTTP requests Node's parser rejects
 * (headers over its size limit, a request that arrives too slowly, bytes that are not HTTP). They get
 * the same JSON error bodies and CORS headers as every other error (API.md §1, §1.1) instead of
 * Fastify's own `{"error":…,"statusCode":…}`.
 */
import { maxHeaderSize, STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from "fastify";
import { apiErrorBody } from "./errors.js";
import { corsHeaders } from "./folksonomy/cors.js";
import { JSON_TYPE } from "./json.js";

/** Which API a path belongs to: the folksonomy answers `{"detail": …}` and has its own CORS rules. */
export type FolksonomyPathTest = (path: string) => boolean;

function refusedRequest(error: FastifyError): { id: string; message: string } {
  if (error.code === "FST_ERR_BAD_URL") {
    return { id: "invalid_url", message: "the URL's path is not valid percent-encoded UTF-8" };
  }
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH") {
    return { id: "invalid_url", message: "a part of the URL's path is too long" };
  }
  return { id: "invalid_url", message: error.message };
}

function clientError(code: string | undefined): { status: number; id: string; message: string } {
  if (code === "HPE_HEADER_OVERFLOW") {
    return {
      status: 431,
      id: "headers_too_large",
      message: `the request's URL and headers are larger than ${maxHeaderSize} bytes`,
    };
  }
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") {
    return { status: 408, id: "request_timeout", message: "the request did not arrive in time" };
  }
  return { status: 400, id: "malformed_request", message: "the request is not valid HTTP" };
}

/** `frameworkErrors` and `clientErrorHandler` options for a listener. */
export function frameworkErrorOptions(
  isFolksonomyPath: FolksonomyPathTest,
): Pick<FastifyServerOptions, "frameworkErrors" | "clientErrorHandler"> {
  return {
    frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
      const { id, message } = refusedRequest(error);
      const path = (request.raw.url ?? "/").split("?")[0] ?? "/";
      if (isFolksonomyPath(path)) {
        corsHeaders(request, reply);
        return reply
          .code(400)
          .type(JSON_TYPE)
          .send(JSON.stringify({ detail: message }));
      }
      reply.header("Access-Control-Allow-Origin", "*");
      return reply
        .code(400)
        .type(JSON_TYPE)
        .send(JSON.stringify(apiErrorBody([{ id, message }])));
    },
    // Node could not parse the request, so its path is unknown: the body is the product API's unless
    // this listener serves only the folksonomy.
    clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
      if (error.code === "ECONNRESET" || socket.destroyed || !socket.writable) return;
      const { status, id, message } = clientError(error.code);
      const folksonomy = isFolksonomyPath("/");
      const body = JSON.stringify(folksonomy ? { detail: message } : apiErrorBody([{ id, message }]));
      const cors = folksonomy ? "" : "Access-Control-Allow-Origin: *\r\n";
      socket.end(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: ${JSON_TYPE}\r\n` +
          `${cors}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    },
  };
}
