/**
 * Who is making a `/cgi/*.pl` or API v3 write: a user id + password pair, an `Authorization: Bearer`
 * folksonomy token, or the `session` cookie (API.md §4.1, §6).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { userFromSessionCookie } from "../accounts/sessions.js";
import type { User } from "../store/types.js";
import { checkPassword } from "./credentials.js";
import { requestUser } from "./folksonomy/auth.js";
import type { Params } from "./params.js";

export type RequestAuth =
  | { kind: "user"; user: User }
  /** A pair was sent and is wrong, or the user id is an e-mail address. */
  | { kind: "refused" }
  /** Too many failed password checks (README "Sign-in limits"). */
  | { kind: "locked"; retryAfterSeconds: number }
  | { kind: "anonymous"; clearCookie: boolean };

export async function authenticateCgiRequest(
  app: FastifyInstance,
  request: FastifyRequest,
  params: Params,
): Promise<RequestAuth> {
  const userId = (params.user_id ?? "").trim();
  const password = params.password ?? "";
  if (userId !== "" && password !== "") {
    const check = await checkPassword(app, request, userId, password);
    if (check.ok) return { kind: "user", user: check.user };
    return "retryAfterSeconds" in check
      ? { kind: "locked", retryAfterSeconds: check.retryAfterSeconds }
      : { kind: "refused" };
  }
  if (userId.includes("@")) return { kind: "refused" };
  // A folksonomy token (`POST /folksonomy/auth`) identifies a user here too (IMAGES.md decision 2); a
  // bearer token that is unknown or expired is wrong credentials, not "anonymous".
  if (/^bearer(\s|$)/i.test(request.headers.authorization ?? "")) {
    const tokenUser = await requestUser(app, request);
    const user = tokenUser === undefined ? undefined : await app.foodbase.store.getUser(tokenUser);
    return user === undefined ? { kind: "refused" } : { kind: "user", user };
  }
  const cookie = request.cookies.session;
  if (cookie === undefined || cookie === "") return { kind: "anonymous", clearCookie: false };
  const sessionUser = await userFromSessionCookie(app.foodbase.store, cookie);
  const user = sessionUser === undefined ? undefined : await app.foodbase.store.getUser(sessionUser);
  return user === undefined ? { kind: "anonymous", clearCookie: true } : { kind: "user", user };
}
