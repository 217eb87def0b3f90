/**
 * Optional HTTP Basic gate for staging servers (API.md §1.2). `GET /health` and `OPTIONS` always pass;
 * folksonomy routes pass unless configured otherwise (their Authorization header carries a Bearer token).
 */
import { timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config.js";
import { JSON_TYPE } from "./json.js";

function safeEqual(a: string, b: string): boolean {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  // Compare equal-length buffers so the time does not tell how much of the secret matched.
  return ba.length === bb.length ? timingSafeEqual(ba, bb) : timingSafeEqual(ba, ba) && false;
}

export function stagingGateEnabled(config: Config): boolean {
  return config.stagingUser !== "" || config.stagingPassword !== "";
}

/** The onRequest hook of the gate; register it only when {@link stagingGateEnabled}. */
export function stagingGate(config: Config) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (request.method === "OPTIONS") return;
    const path = request.url.split("?")[0] ?? "";
    if (path === "/health" || path === "/health/") return;
    if (
      !config.stagingGateFolksonomy &&
      (path === config.folksonomyPrefix || path.startsWith(`${config.folksonomyPrefix}/`))
    )
      return;
    const header = request.headers.authorization ?? "";
    const match = /^basic\s+(.+)$/i.exec(header);
    if (match) {
      const decoded = Buffer.from(match[1] ?? "", "base64").toString("utf8");
      const colon = decoded.indexOf(":");
      if (colon >= 0) {
        const userOk = safeEqual(decoded.slice(0, colon), config.stagingUser);
        const passOk = safeEqual(decoded.slice(colon + 1), config.stagingPassword);
        if (userOk && passOk) return;
      }
    }
    const message = "HTTP Basic authentication required";
    await reply
      .code(401)
      .header("WWW-Authenticate", `Basic realm="${config.stagingRealm}"`)
      .type(JSON_TYPE)
      .send(JSON.stringify({ errors: [{ id: "staging_gate", message }], status: 0, status_verbose: message }));
  };
}
