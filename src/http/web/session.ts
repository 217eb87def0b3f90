/**
 * Who is signed in on a page, and protection of the pages' forms against cross-site request forgery.
 * The session is the `session` cookie of `/cgi/session.pl` (HttpOnly, SameSite=Lax). A form of a
 * signed-in user carries a token derived from that cookie's secret, which another site can neither read
 * nor compute; the sign-in form, before any session, uses a random `csrf` cookie sent back in the form
 * (double submit). A POST whose Origin header names another site is refused in every case.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { userFromSessionCookie } from "../../accounts/sessions.js";
import type { Store } from "../../store/types.js";

export const SESSION_COOKIE = "session";
export const SIGN_IN_CSRF_COOKIE = "csrf";

/** A cookie of the request (read from the header where the cookie plugin is not registered). */
export function requestCookie(request: FastifyRequest, name: string): string | undefined {
  const parsed = (request as { cookies?: Record<string, string | undefined> }).cookies;
  if (parsed !== undefined) return parsed[name];
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/** The form token of a session: a one-way hash of its cookie, so only pages sent to its holder show it. */
export function sessionFormToken(sessionCookie: string): string {
  return createHash("sha256").update(`foodbase web form\u0000${sessionCookie}`).digest("base64url");
}

export interface SignedIn {
  userId: string;
  /** The token the page's forms carry. */
  formToken: string;
}

/** The signed-in user of a page request, or undefined. */
export async function signedInUser(store: Store, request: FastifyRequest): Promise<SignedIn | undefined> {
  const cookie = requestCookie(request, SESSION_COOKIE);
  if (cookie === undefined || cookie === "") return undefined;
  const userId = await userFromSessionCookie(store, cookie);
  return userId === undefined ? undefined : { userId, formToken: sessionFormToken(cookie) };
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** False when the request says it comes from a page of another site. */
export function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

/** A signed-in form: sent from this site with the session's token. */
export function validSessionForm(request: FastifyRequest, user: SignedIn, token: string | undefined): boolean {
  return sameOrigin(request) && token !== undefined && sameText(token, user.formToken);
}

/** The sign-in form's token, set as a cookie when the form is shown. */
export function newSignInToken(reply: FastifyReply, secure: boolean): string {
  const token = randomBytes(24).toString("base64url");
  reply.header(
    "Set-Cookie",
    `${SIGN_IN_CSRF_COOKIE}=${token}; Path=/signin; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`,
  );
  return token;
}

export function validSignInForm(request: FastifyRequest, token: string | undefined): boolean {
  const cookie = requestCookie(request, SIGN_IN_CSRF_COOKIE);
  return sameOrigin(request) && token !== undefined && cookie !== undefined && cookie !== "" && sameText(token, cookie);
}

/** A local path to go back to after signing in (never another site: `//x` or `/\\x` are refused). */
export function localReturnPath(raw: string | undefined): string {
  if (raw === undefined || !raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return "/";
  return raw;
}
