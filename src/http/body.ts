/**
 * Parameters of `/cgi/*.pl` requests: query string, then the body (multipart, urlencoded, or a flat
 * JSON object) winning over it. Multipart file parts are drained and discarded but count toward the
 * body limit.
 */
import type { FastifyRequest } from "fastify";
import { apiErrorBody, HttpError } from "./errors.js";
import { flattenParams, type Params, queryParams } from "./params.js";

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
  const out: Params = {};
  let size = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        for await (const chunk of part.file) {
          size += (chunk as Buffer).length;
          if (size > limit) throw tooLarge(limit);
        }
        if (part.file.truncated) throw tooLarge(limit);
      } else {
        const value = typeof part.value === "string" ? part.value : String(part.value ?? "");
        size += Buffer.byteLength(value) + part.fieldname.length;
        if (size > limit || part.valueTruncated) throw tooLarge(limit);
        if (!(part.fieldname in out)) out[part.fieldname] = value;
      }
    }
  } catch (e) {
    if (e instanceof HttpError) throw e;
    const err = e as { code?: string; statusCode?: number; message?: string };
    if (err.code === "FST_REQ_FILE_TOO_LARGE" || err.statusCode === 413) throw tooLarge(limit);
    throw malformed(err.message ?? "unreadable multipart body");
  }
  return out;
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
  return { ...query, ...body };
}
