/**
 * Folksonomy authentication (API.md §7.2, §7.3): bearer tokens issued for a user name + password
 * (`POST /auth`) or a foodbase session cookie (`POST /auth_by_cookie`), the owner rule, `/user/me`.
 *
 * Tokens are `<user_id>__U<uuid v4>`; only their SHA-256 is stored, and a token is found by that
 * hash (an index lookup: no secret is ever compared byte by byte). Passwords are checked through the
 * brute-force guard that every API shares (README "Sign-in limits").
 */
import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sha256Hex, userFromSessionCookie } from "../../accounts/sessions.js";
import type { NewToken } from "../../store/folksonomy-types.js";
import { checkPassword } from "../credentials.js";
import { MultipartError, readMultipartFields } from "../multipart.js";
import { FolksonomyError, FormBody, sendJson, unauthorized, validationFailed } from "./common.js";
import { validateAuthForm } from "./validation.js";

/** Live tokens kept per user (the Engine keeps one; older ones are dropped). */
export const MAX_TOKENS_PER_USER = 20;
/** Longer Authorization values are not looked up (a token is < 100 characters). */
const MAX_TOKEN_LENGTH = 512;

const INVALID_CREDENTIALS = "Invalid authentication credentials";
const TOO_MANY_FAILURES = "Too many failed authentication attempts, retry later";

/** The token of `Authorization: <scheme> <token>` when the scheme is `bearer` (any case). */
export function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const space = header.indexOf(" ");
  const scheme = space < 0 ? header : header.slice(0, space);
  if (scheme.toLowerCase() !== "bearer") return undefined;
  const token = space < 0 ? "" : header.slice(space + 1).trim();
  if (token.length > MAX_TOKEN_LENGTH || !token.includes("__U")) return undefined;
  return token;
}

const requestUsers = new WeakMap<FastifyRequest, Promise<string | undefined>>();

/** The user of the request's bearer token; anything else (no token, unknown, expired) = anonymous. */
export function requestUser(app: FastifyInstance, request: FastifyRequest): Promise<string | undefined> {
  let user = requestUsers.get(request);
  if (user === undefined) {
    user = resolveUser(app, request.headers.authorization);
    requestUsers.set(request, user);
  }
  return user;
}

async function resolveUser(app: FastifyInstance, header: string | undefined): Promise<string | undefined> {
  const token = bearerToken(header);
  if (token === undefined) return undefined;
  const userId = await app.foodbase.store.folksonomy.getTokenUser(sha256Hex(token), Math.floor(Date.now() / 1000));
  // The user id written in the token must be the one it was issued to.
  return userId !== undefined && token.slice(0, token.indexOf("__U")) === userId ? userId : undefined;
}

/**
 * The owner rule (API.md §7.2): writes need a user; a non-empty `owner` must be that user.
 * Returns the user (undefined = anonymous, only when `allowAnonymous`).
 */
export async function checkOwner(
  app: FastifyInstance,
  request: FastifyRequest,
  owner: string,
  allowAnonymous: boolean,
): Promise<string | undefined> {
  if (allowAnonymous && owner === "") return undefined;
  const user = await requestUser(app, request);
  if (user === undefined && !allowAnonymous) throw unauthorized("Authentication required");
  if (owner !== "") {
    if (user === undefined) throw unauthorized(`Authentication required for '${owner}'`);
    if (owner !== user) {
      throw new FolksonomyError(422, `owner should be '${owner}' or '' for public, but '${user}' is authenticated`);
    }
  }
  return user;
}

/** Fields of an urlencoded or multipart form; any other body is not read (FastAPI forms). */
async function formFields(request: FastifyRequest): Promise<ReadonlyMap<string, string>> {
  if (request.body instanceof FormBody) return request.body.fields;
  if (!request.isMultipart()) return new Map();
  try {
    return await readMultipartFields(request, request.server.foodbase.config.bodyLimit);
  } catch (e) {
    if (!(e instanceof MultipartError)) throw e;
    if (e.failure === "too_large") throw new FolksonomyError(413, "Request body too large");
    if (e.failure === "too_many_parts") throw new FolksonomyError(413, e.message);
    throw new FolksonomyError(400, "There was an error parsing the body");
  }
}

/** A new token for the user: what to answer, and what to store. */
function newToken(
  app: FastifyInstance,
  userId: string,
): { body: { access_token: string; token_type: "bearer" }; record: NewToken } {
  const token = `${userId}__U${randomUUID()}`;
  const nowT = Math.floor(Date.now() / 1000);
  return {
    body: { access_token: token, token_type: "bearer" },
    record: {
      userId,
      tokenHash: sha256Hex(token),
      nowT,
      expiresT: nowT + app.foodbase.config.tokenLifetime,
      maxPerUser: MAX_TOKENS_PER_USER,
    },
  };
}

export function authHandlers(app: FastifyInstance) {
  const { store } = app.foodbase;

  async function login(request: FastifyRequest, reply: FastifyReply) {
    const check = validateAuthForm(await formFields(request));
    if (!check.ok) throw validationFailed(check.errors);
    const { username, password } = check.form;
    const result = await checkPassword(app, request, username, password);
    if (!result.ok) {
      if ("retryAfterSeconds" in result) {
        throw new FolksonomyError(429, TOO_MANY_FAILURES, { "Retry-After": String(result.retryAfterSeconds) });
      }
      throw unauthorized(INVALID_CREDENTIALS);
    }
    const token = newToken(app, result.user.userId);
    await store.folksonomy.addToken(token.record);
    return sendJson(reply, 200, token.body);
  }

  async function loginByCookie(request: FastifyRequest, reply: FastifyReply) {
    const session = request.cookies.session;
    if (session === undefined || session === "") throw new FolksonomyError(422, "Missing 'session' cookie");
    const items = session.split("&");
    const at = items.indexOf("user_id");
    if (at < 0 || at + 1 >= items.length) throw new FolksonomyError(422, "Malformed 'session' cookie");
    const claimed = items[at + 1];
    const sessionUser = await userFromSessionCookie(store, session);
    if (sessionUser === undefined || sessionUser !== claimed) throw unauthorized(INVALID_CREDENTIALS);
    const token = newToken(app, sessionUser);
    await store.folksonomy.addToken(token.record);
    return sendJson(reply, 200, token.body);
  }

  async function me(request: FastifyRequest, reply: FastifyReply) {
    const userId = await requestUser(app, request);
    const user = userId === undefined ? undefined : await store.getUser(userId);
    if (user === undefined) throw unauthorized("Authentication required");
    return sendJson(reply, 200, {
      user_id: user.userId,
      admin: user.admin,
      moderator: user.moderator,
      user: !user.admin && !user.moderator,
    });
  }

  return { login, loginByCookie, me };
}
