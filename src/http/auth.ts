/** `/cgi/auth.pl` and `/cgi/session.pl` (API.md §6). */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createSession, deleteSession } from "../accounts/sessions.js";
import type { User } from "../store/types.js";
import { authenticateCgiRequest } from "./auth-request.js";
import { cgiParams } from "./body.js";
import { checkPassword, sendTooManyFailures } from "./credentials.js";
import { JSON_TYPE } from "./json.js";

function send(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply.code(status).type(JSON_TYPE).send(JSON.stringify(body));
}

function signedIn(user: User) {
  return {
    status: 1,
    status_verbose: "user signed-in",
    user: { admin: user.admin ? 1 : 0, email: user.email, moderator: user.moderator ? 1 : 0, name: user.name },
    user_id: user.userId,
  };
}

const INCORRECT = { status: 0, status_verbose: "Incorrect user name or password." };

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { config, store } = app.foodbase;

  const authHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = await cgiParams(request, config.bodyLimit);
    const auth = await authenticateCgiRequest(app, request, params);
    if (auth.kind === "user") return send(reply, 200, signedIn(auth.user));
    if (auth.kind === "locked") return sendTooManyFailures(reply, auth.retryAfterSeconds);
    if (auth.kind === "anonymous" && auth.clearCookie) reply.clearCookie("session", { path: "/" });
    return send(reply, 403, { status: 0, status_verbose: "user not signed-in" });
  };
  const authSchema = { tags: ["auth"], summary: "Who am I: checks user_id + password or the session cookie" };
  app.get("/cgi/auth.pl", { schema: authSchema }, authHandler);
  app.post("/cgi/auth.pl", { schema: authSchema }, authHandler);

  const sessionHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = await cgiParams(request, config.bodyLimit);
    if (params.length === "logout") {
      await deleteSession(store, request.cookies.session);
      reply.clearCookie("session", { path: "/" });
      return send(reply, 200, { status: 1, status_verbose: "user signed-out" });
    }
    const userId = (params.user_id ?? "").trim();
    const password = params.password ?? "";
    if (userId === "" || password === "") return send(reply, 403, INCORRECT);
    const check = await checkPassword(app, request, userId, password);
    if (!check.ok) {
      if ("retryAfterSeconds" in check) return sendTooManyFailures(reply, check.retryAfterSeconds);
      return send(reply, 403, INCORRECT);
    }
    const value = await createSession(store, check.user.userId, config.sessionLifetime);
    reply.setCookie("session", value, {
      path: "/",
      maxAge: config.sessionLifetime,
      httpOnly: true,
      sameSite: "lax",
      secure: request.protocol === "https",
      // The value is already cookie-safe; keep `&` readable as OFF sends it.
      encode: (v) => v,
    });
    return send(reply, 200, signedIn(check.user));
  };
  const sessionSchema = { tags: ["auth"], summary: "Sign in (sets the session cookie) or out (length=logout)" };
  app.post("/cgi/session.pl", { schema: sessionSchema }, sessionHandler);
  app.get("/cgi/session.pl", { schema: { ...sessionSchema, hide: true } }, async (request, reply) => {
    const params = await cgiParams(request, config.bodyLimit);
    if (params.length !== "logout") return reply.callNotFound();
    return sessionHandler(request, reply);
  });
}
