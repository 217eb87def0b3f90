/**
 * Parameters of `/cgi/*.pl` requests: query string, then the body (multipart, urlencoded, or a flat
 * JSON object) winning over it. Multipart file parts are drained and discarded but count toward the
 * body limit.
 */
import type { FastifyRequest } from "fastify";
import { apiErrorBody, HttpError } from "./errors.js";
import { MultipartError, readMultipartFields } from "./multipart.js";
import { flattenParams, type Params, queryParams, refuseNulCharacters } from "./params.js";

function tooLarge(limit: number): HttpError {
  return new HttpError(
    413,
    apiErrorBody([{ id: "payload_too_large", message: `request body is larger than ${limit} bytes` }]),
  );
}

function malformed(message: string): HttpError {
  return new HttpError(400, apiErrorBody([{ id: "malformed_body", message: `malformed request body: ${message}` }]));
}

async function multipartParams(request: FastifyRequest, limit: number): Promise<Params> {
  const declared = Number(request.headers["content-length"] ?? "0");
  if (declared > limit) throw tooLarge(limit);
  try {
    return Object.fromEntries(await readMultipartFields(request, limit));
  } catch (e) {
    if (!(e instanceof MultipartError)) throw e;
    if (e.failure === "too_large") throw tooLarge(limit);
    if (e.failure === "too_many_parts") {
      throw new HttpError(413, apiErrorBody([{ id: "too_many_parts", message: e.message }]));
    }
    throw malformed(e.message);
  }
}

/** Query string + body parameters, body winning (API.md §4). */
export async function cgiParams(request: FastifyRequest, bodyLimit: number): Promise<Params> {
  const query = queryParams(request);
  let body: Params = {};
  if (request.isMultipart()) {
    body = await multipartParams(request, bodyLimit);
  } else if (request.body !== undefined && request.body !== null) {
    if (typeof request.body !== "object" || Array.isArray(request.body)) {
      throw malformed("expected a form or a flat JSON object");
    }
    body = flattenParams(request.body);
  }
  return { ...query, ...refuseNulCharacters(body) };
}
