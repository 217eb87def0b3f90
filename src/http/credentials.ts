/** Credential checks shared by the product API's routes, all through the brute-force guard. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { GuardedCheck } from "../accounts/guard.js";
import { JSON_TYPE } from "./json.js";
import type { Params } from "./params.js";

/** Why a request's credentials are not accepted. */
export type CredentialRefusal = { kind: "refused" } | { kind: "locked"; retryAfterSeconds: number };

export const TOO_MANY_FAILURES = "Too many failed sign-in attempts, retry later";

/** Checks a user id + password pair through the guard, from the request's client address. */
export function checkPassword(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: string,
  password: string,
): Promise<GuardedCheck> {
  return app.foodbase.passwordGuard.check(userId, password, request.ip);
}

/**
 * Reads and searches need no account, but both `user_id` and `password` sent and wrong (or an e-mail
 * as user id) is refused (API.md §3.2). Returns why the request must be refused, or undefined.
 */
export async function checkReadCredentials(
  app: FastifyInstance,
  request: FastifyRequest,
  params: Params,
): Promise<CredentialRefusal | undefined> {
  const userId = (params.user_id ?? "").trim();
  const password = params.password ?? "";
  if (userId === "" || password === "") return undefined;
  const check = await checkPassword(app, request, userId, password);
  if (check.ok) return undefined;
  return "retryAfterSeconds" in check
    ? { kind: "locked", retryAfterSeconds: check.retryAfterSeconds }
    : { kind: "refused" };
}

/** 429 with `Retry-After` in the classic API's shape (`status` 0 + `status_verbose`). */
export function sendTooManyFailures(reply: FastifyReply, retryAfterSeconds: number): FastifyReply {
  return reply
    .code(429)
    .header("Retry-After", String(retryAfterSeconds))
    .type(JSON_TYPE)
    .send(JSON.stringify({ status: 0, status_verbose: TOO_MANY_FAILURES }));
}

/** 429 with `Retry-After` in API v3's shape (`errors` with an impact and a message id). */
export function sendV3TooManyFailures(reply: FastifyReply, retryAfterSeconds: number): FastifyReply {
  const body = {
    errors: [
      {
        impact: { id: "failure", lc_name: "Failure", name: "Failure" },
        message: { id: "too_many_failed_sign_in_attempts", lc_name: TOO_MANY_FAILURES, name: TOO_MANY_FAILURES },
      },
    ],
    status: "failure",
    warnings: [],
  };
  return reply.code(429).header("Retry-After", String(retryAfterSeconds)).type(JSON_TYPE).send(JSON.stringify(body));
}
