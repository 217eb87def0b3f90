/**
 * `POST|PUT|PATCH /api/v3[.N]/product/{code}`: API v3 writes are not implemented (API.md §8.1); they get
 * a clear v3-shaped JSON 501 pointing to `/cgi/product_jqm2.pl` instead of a generic 404. Answered
 * before the body is read, so any body (even one without `Content-Type`) gets the same answer.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { normalizeBarcode } from "../domain/barcode.js";
import { JSON_TYPE } from "./json.js";

const MESSAGE = "Writing products through API v3 is not supported by foodbase: use POST /cgi/product_jqm2.pl";

export function v3WriteNotImplementedBody(receivedCode: string) {
  const failure = { id: "failure", lc_name: "Failure", name: "Failure" };
  return {
    code: normalizeBarcode(receivedCode) || receivedCode,
    errors: [
      {
        impact: failure,
        message: { id: "api_v3_write_not_implemented", lc_name: MESSAGE, name: MESSAGE },
      },
    ],
    result: { id: "product_not_updated", lc_name: "Product not updated", name: "Product not updated" },
    status: "failure",
    warnings: [],
  };
}

export async function productWriteV3Routes(app: FastifyInstance): Promise<void> {
  const answer = async (request: FastifyRequest<{ Params: { code: string; minor?: string } }>, reply: FastifyReply) => {
    const { minor, code } = request.params;
    if (minor !== undefined && !/^\d+$/.test(minor)) return reply.callNotFound();
    return reply
      .code(501)
      .type(JSON_TYPE)
      .send(JSON.stringify(v3WriteNotImplementedBody(code)));
  };
  for (const url of ["/api/v3/product/:code", "/api/v3.:minor/product/:code"]) {
    app.route<{ Params: { code: string; minor?: string } }>({
      method: ["POST", "PUT", "PATCH"],
      url,
      schema: {
        tags: ["product"],
        summary: "API v3 product writes: not implemented (501); write with POST /cgi/product_jqm2.pl",
        ...(url.includes(":minor") ? { hide: true } : {}),
      },
      // onRequest runs before the body is parsed: the answer never depends on it.
      onRequest: answer,
      handler: answer,
    });
  }
}
