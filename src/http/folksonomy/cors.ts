/** `{F}` CORS (API.md §1): an http(s) Origin is echoed with credentials. */
import type { FastifyReply, FastifyRequest } from "fastify";

/** `*` for requests without credentials; browsers need the names when credentials are included. */
const EXPOSED_HEADERS = "*, Allow, Content-Length, Content-Type, Retry-After, WWW-Authenticate";

/** The CORS headers of a folksonomy answer (any answer: routes, errors, refused URLs). */
export function corsHeaders(request: FastifyRequest, reply: FastifyReply): void {
  // The main app's CORS plugin may already have answered `*` (e.g. for an unknown path): not here.
  reply.removeHeader("access-control-allow-origin");
  const origin = request.headers.origin;
  if (origin !== undefined && /^https?:\/\//.test(origin)) {
    reply.header("Access-Control-Allow-Origin", origin);
    reply.header("Access-Control-Allow-Credentials", "true");
    reply.header("Access-Control-Expose-Headers", EXPOSED_HEADERS);
    reply.header("Vary", "Origin");
  }
}
