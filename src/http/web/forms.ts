/** What the pages' forms share: reading a urlencoded body, the answer after a POST, a field's error. */
import type { FastifyReply, FastifyRequest } from "fastify";
import { type Html, html } from "./html.js";

/** A urlencoded form body as text values (a repeated field keeps its first value). */
export function formFields(request: FastifyRequest): Record<string, string> {
  const body = request.body;
  const out: Record<string, string> = {};
  if (body === null || typeof body !== "object") return out;
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    const value = Array.isArray(v) ? v[0] : v;
    if (typeof value === "string") out[k] = value;
  }
  return out;
}

export function isSecure(request: FastifyRequest): boolean {
  return request.protocol === "https";
}

/** 303 See Other: after a POST, the browser GETs the page that shows its result. */
export function redirect(reply: FastifyReply, location: string): FastifyReply {
  return reply.code(303).header("Location", location).header("Cache-Control", "no-store").send();
}

/** The message under a field (`<id>-error`, which the field names in its aria-describedby). */
export function fieldError(id: string, message: string | undefined): Html {
  return message === undefined ? html`` : html`<p class="field-error" id="${id}-error">${message}</p>`;
}
