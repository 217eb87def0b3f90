/** Shared pieces of the folksonomy routes: errors, replies, query parameters, bodies, times. */
import type { FastifyReply, FastifyRequest } from "fastify";
import { JSON_TYPE } from "../json.js";
import { parsePythonJson } from "./python-json.js";
import { type BodyInput, type FieldError, missing } from "./validation.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** `false`: @fastify/cors of the main app leaves the route alone (the folksonomy has its own CORS). */
    cors?: false;
  }
}

/** An answer `{"detail": …}` with a status (and headers), thrown by handlers (API.md §7). */
export class FolksonomyError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof detail === "string" ? detail : "folksonomy error");
  }
}

export const BEARER_CHALLENGE = { "WWW-Authenticate": "Bearer" };

export function unauthorized(detail: string): FolksonomyError {
  return new FolksonomyError(401, detail, BEARER_CHALLENGE);
}

export function validationFailed(errors: FieldError[]): FolksonomyError {
  return new FolksonomyError(422, errors);
}

export function sendJson(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply.code(status).type(JSON_TYPE).send(JSON.stringify(body));
}

/** Successful writes answer the JSON string "ok". */
export const OK_BODY = '"ok"';

/** The first value of a query parameter (a repeated parameter: the first occurrence wins). */
export function queryValue(request: FastifyRequest, name: string): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  const value = query?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" ? first : undefined;
}

export function requiredQuery(request: FastifyRequest, name: string, errors: FieldError[]): string {
  const value = queryValue(request, name);
  if (value === undefined) errors.push(missing(["query", name]));
  return value ?? "";
}

/** `a, b,,c` → ["a", "b", "c"]: trimmed, blanks dropped. */
export function commaList(value: string | undefined): string[] {
  if (value === undefined || value === "") return [];
  return value
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

export function pathParam(request: FastifyRequest, name: string): string {
  const params = request.params as Record<string, string | undefined>;
  return params[name] ?? "";
}

// --- Bodies -------------------------------------------------------------------------------------

/** A JSON body as received by the `*` parser of the folksonomy plugin. */
export class JsonBody {
  constructor(readonly value: unknown) {}
}

export class InvalidJsonBody {
  constructor(
    readonly pos: number,
    readonly msg: string,
  ) {}
}

/** A body of another content type (pydantic would see its text). */
export class TextBody {
  constructor(readonly text: string) {}
}

/** An urlencoded form: first occurrence of each field. */
export class FormBody {
  constructor(readonly fields: ReadonlyMap<string, string>) {}
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** FastAPI reads a body as JSON without a Content-Type or with `application/json` / `application/*+json`. */
export function isJsonContentType(contentType: string | undefined): boolean {
  if (contentType === undefined || contentType.trim() === "") return true;
  const mediaType = (contentType.split(";")[0] ?? "").trim().toLowerCase();
  if (!mediaType.startsWith("application/")) return false;
  const subtype = mediaType.slice("application/".length);
  return subtype === "json" || subtype.endsWith("+json");
}

export function parseBody(
  contentType: string | undefined,
  raw: Buffer,
): JsonBody | InvalidJsonBody | TextBody | undefined {
  if (raw.length === 0) return undefined;
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    throw new FolksonomyError(400, "There was an error parsing the body");
  }
  if (!isJsonContentType(contentType)) return new TextBody(text);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const parsed = parsePythonJson(text);
  return parsed.ok ? new JsonBody(parsed.value) : new InvalidJsonBody(parsed.pos, parsed.msg);
}

export function parseForm(text: string): FormBody {
  const fields = new Map<string, string>();
  for (const [key, value] of new URLSearchParams(text)) if (!fields.has(key)) fields.set(key, value);
  return new FormBody(fields);
}

/** The body of a JSON route; an invalid JSON document is answered with `json_invalid` (API.md §7.4). */
export function jsonBodyInput(request: FastifyRequest): BodyInput {
  const body = request.body;
  if (body instanceof InvalidJsonBody) {
    throw validationFailed([
      { type: "json_invalid", loc: ["body", body.pos], msg: "JSON decode error", input: {}, ctx: { error: body.msg } },
    ]);
  }
  if (body instanceof JsonBody) return { kind: "json", value: body.value };
  if (body instanceof TextBody) return { kind: "text", value: body.text };
  if (body instanceof FormBody) return { kind: "text", value: new URLSearchParams([...body.fields]).toString() };
  return { kind: "none" };
}

// --- Times --------------------------------------------------------------------------------------

/** `last_edit`: UTC `YYYY-MM-DDTHH:MM:SS.ffffff` without zone, trailing fractional zeros removed (§7.1). */
export function formatLastEdit(ms: number): string {
  const iso = new Date(ms).toISOString(); // 2025-03-01T10:20:30.123Z
  const fraction = iso.slice(20, 23).replace(/0+$/, "");
  return fraction === "" ? iso.slice(0, 19) : `${iso.slice(0, 19)}.${fraction}`;
}

/** Python's `str(datetime)`: `YYYY-MM-DD HH:MM:SS.ffffff` (no fraction when it is zero). */
export function formatPythonDateTime(ms: number): string {
  const iso = new Date(ms).toISOString();
  const micros = `${iso.slice(20, 23)}000`;
  const base = `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
  return micros === "000000" ? base : `${base}.${micros}`;
}
