/**
 * Input validation with FastAPI/pydantic's exact 422 entries (API.md §7.4): `{"detail":[…]}`, one
 * entry per faulty field in field order, keys ordered `type, loc, msg, input[, ctx]`.
 */

export type Loc = ReadonlyArray<string | number>;

export interface FieldError {
  type: string;
  loc: Loc;
  msg: string;
  input: unknown;
  ctx?: Record<string, unknown>;
}

export function missing(loc: Loc, input: unknown = null): FieldError {
  return { type: "missing", loc, msg: "Field required", input };
}

export function stringType(loc: Loc, input: unknown): FieldError {
  return { type: "string_type", loc, msg: "Input should be a valid string", input };
}

/** A `field_validator` that raised `ValueError(message)`. */
export function valueError(loc: Loc, message: string, input: unknown): FieldError {
  return { type: "value_error", loc, msg: `Value error, ${message}`, input, ctx: { error: {} } };
}

export function patternMismatch(loc: Loc, pattern: string, input: unknown): FieldError {
  return {
    type: "string_pattern_mismatch",
    loc,
    msg: `String should match pattern '${pattern}'`,
    input,
    ctx: { pattern },
  };
}

export function greaterThanEqual(loc: Loc, ge: number, input: unknown): FieldError {
  return {
    type: "greater_than_equal",
    loc,
    msg: `Input should be greater than or equal to ${ge}`,
    input,
    ctx: { ge },
  };
}

/** Python's lax str → int: surrounding whitespace, a sign, `_` between digits, a `.0…` fraction. */
const INT_STRING = /^[+-]?\d+(?:_\d+)*(?:\.0+)?$/;
/** What Python's `str.strip()` removes (`str.isspace()` characters; unlike JS's `trim()`, not U+FEFF). */
const PY_SPACE = "\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const PY_STRIP = new RegExp(`^[${PY_SPACE}]+|[${PY_SPACE}]+$`, "g");

export type IntResult = { ok: true; value: number } | { ok: false; error: FieldError };

/** pydantic's lax `int` for a value from JSON or a query string. */
export function parseLaxInt(loc: Loc, input: unknown): IntResult {
  if (typeof input === "boolean") return { ok: true, value: input ? 1 : 0 };
  if (typeof input === "number") {
    if (!Number.isFinite(input)) {
      return { ok: false, error: { type: "finite_number", loc, msg: "Input should be a finite number", input } };
    }
    if (!Number.isInteger(input)) {
      return {
        ok: false,
        error: {
          type: "int_from_float",
          loc,
          msg: "Input should be a valid integer, got a number with a fractional part",
          input,
        },
      };
    }
    return { ok: true, value: input };
  }
  if (typeof input === "string") {
    const text = input.replace(PY_STRIP, "");
    if (/^[\x20-\x7e]*$/.test(text) && INT_STRING.test(text)) {
      return { ok: true, value: Number(text.replace(/_/g, "").replace(/\.0+$/, "")) };
    }
    return {
      ok: false,
      error: {
        type: "int_parsing",
        loc,
        msg: "Input should be a valid integer, unable to parse string as an integer",
        input,
      },
    };
  }
  return { ok: false, error: { type: "int_type", loc, msg: "Input should be a valid integer", input } };
}

/** `str.strip()` of Python. */
export function pyStrip(text: string): string {
  return text.replace(PY_STRIP, "");
}

/** Length in characters as Python counts them (code points). */
export function pyLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

const BARCODE = /^[0-9]{1,24}$/;
const KEY = /^[a-z0-9_-]+(?::[a-z0-9_-]+)*$/;
export const MAX_COMMENT_LENGTH = 200;
/**
 * Longest key and value (characters). The Engine sets none, but PostgreSQL indexes (owner, k, v) and an
 * index entry holds at most 2704 bytes: a 3 KB value answered 500 there. 100 + 4 × 500 bytes fit.
 */
export const MAX_KEY_LENGTH = 100;
export const MAX_VALUE_LENGTH = 500;

/** A tag body once validated (`editor` and `last_edit` are ignored: the editor is the token's user). */
export interface TagInput {
  product: string;
  k: string;
  v: string;
  owner: string;
  version: number;
  comment: string;
}

/** What a JSON route received as its body. */
export type BodyInput =
  /** No body, or an empty one. */
  | { kind: "none" }
  | { kind: "json"; value: unknown }
  /** A body that is not JSON (another content type): pydantic sees the text. */
  | { kind: "text"; value: string };

export type TagValidation = { ok: true; tag: TagInput } | { ok: false; errors: FieldError[] };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function has(body: Record<string, unknown>, key: string): boolean {
  return Object.hasOwn(body, key);
}

/** The body as a JSON object, or the Engine's error for a missing body or one of another type. */
function objectBody(
  input: BodyInput,
): { ok: true; body: Record<string, unknown> } | { ok: false; errors: FieldError[] } {
  if (input.kind === "none" || (input.kind === "json" && input.value === null)) {
    return { ok: false, errors: [missing(["body"])] };
  }
  if (input.kind === "text" || !isPlainObject(input.value)) {
    return {
      ok: false,
      errors: [
        {
          type: "model_attributes_type",
          loc: ["body"],
          msg: "Input should be a valid dictionary or object to extract fields from",
          input: input.value,
        },
      ],
    };
  }
  return { ok: true, body: input.value };
}

/** The `ProductTag` model of the Engine with foodbase's rules (API.md §7.4 "Tag body"). */
export function validateTagBody(input: BodyInput): TagValidation {
  const parsed = objectBody(input);
  if (!parsed.ok) return parsed;
  const { body } = parsed;
  const errors: FieldError[] = [];
  const out: TagInput = { product: "", k: "", v: "", owner: "", version: 1, comment: "" };

  // product
  if (!has(body, "product")) errors.push(missing(["body", "product"], body));
  else if (typeof body.product !== "string") errors.push(stringType(["body", "product"], body.product));
  else if (body.product === "") errors.push(valueError(["body", "product"], "barcode cannot be empty", body.product));
  else if (!BARCODE.test(body.product)) {
    errors.push(valueError(["body", "product"], "barcode should contain only digits from 0-9", body.product));
  } else out.product = body.product;

  // k
  if (!has(body, "k")) errors.push(missing(["body", "k"], body));
  else if (typeof body.k !== "string") errors.push(stringType(["body", "k"], body.k));
  else if (body.k === "") errors.push(valueError(["body", "k"], "k cannot be empty", body.k));
  else {
    const k = pyStrip(body.k);
    if (k === "") errors.push(valueError(["body", "k"], "value cannot be empty", body.k));
    else if (!KEY.test(k)) errors.push(valueError(["body", "k"], "k must be alpha-numeric [a-z0-9_-:]", body.k));
    else if (k.length > MAX_KEY_LENGTH) {
      errors.push(valueError(["body", "k"], `k must be at most ${MAX_KEY_LENGTH} characters`, body.k));
    } else out.k = k;
  }

  // v
  if (!has(body, "v")) errors.push(missing(["body", "v"], body));
  else if (typeof body.v !== "string") errors.push(stringType(["body", "v"], body.v));
  else if (body.v === "") errors.push(valueError(["body", "v"], "v cannot be empty", body.v));
  else {
    const v = pyStrip(body.v);
    if (v === "") errors.push(valueError(["body", "v"], "value cannot be empty", body.v));
    else if (pyLength(v) > MAX_VALUE_LENGTH) {
      errors.push(valueError(["body", "v"], `v must be at most ${MAX_VALUE_LENGTH} characters`, body.v));
    } else out.v = v;
  }

  // owner
  if (has(body, "owner")) {
    if (typeof body.owner !== "string") errors.push(stringType(["body", "owner"], body.owner));
    else out.owner = body.owner;
  }

  // version
  if (has(body, "version")) {
    const parsed = parseLaxInt(["body", "version"], body.version);
    if (!parsed.ok) errors.push(parsed.error);
    else if (parsed.value < 1) {
      errors.push(valueError(["body", "version"], "version must be greater or equal to 1", body.version));
    } else out.version = parsed.value;
  }

  // comment (string or null)
  if (has(body, "comment") && body.comment !== null) {
    if (typeof body.comment !== "string") errors.push(stringType(["body", "comment"], body.comment));
    else if (pyLength(body.comment) > MAX_COMMENT_LENGTH) {
      errors.push(
        valueError(["body", "comment"], `comment must be at most ${MAX_COMMENT_LENGTH} characters`, body.comment),
      );
    } else out.comment = body.comment;
  }

  return errors.length > 0 ? { ok: false, errors } : { ok: true, tag: out };
}

/** Fields of `POST /auth` (FastAPI's `OAuth2PasswordRequestForm`), in its field order. */
export interface AuthForm {
  username: string;
  password: string;
  scope: string;
}

export type AuthFormValidation = { ok: true; form: AuthForm } | { ok: false; errors: FieldError[] };

const NUL = "\u0000";
const NUL_MESSAGE = "text cannot contain a NUL character (U+0000)";
/** A UTF-16 surrogate without its pair (JSON allows `"\ud800"`): no UTF-8 text can hold it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATE_MESSAGE = "text cannot contain a lone surrogate (\\ud800-\\udfff without its pair)";

function textProblem(text: string): string | undefined {
  if (text.includes(NUL)) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return LONE_SURROGATE_MESSAGE;
  return undefined;
}

/**
 * An entry for each text holding U+0000 or a lone surrogate in a request's path, query or JSON body
 * (keys too), in that order. No tag, key, value or user name can hold one (PostgreSQL's text cannot hold
 * U+0000: it answered 500; each store turned a lone surrogate into other U+FFFD), so the request is
 * refused alike on both stores, reads as well as writes.
 */
export function invalidTextErrors(path: unknown, query: unknown, body: unknown): FieldError[] {
  const errors: FieldError[] = [];
  const walk = (value: unknown, loc: Array<string | number>, depth: number): void => {
    if (typeof value === "string") {
      const problem = textProblem(value);
      if (problem !== undefined) errors.push(valueError(loc, problem, value));
    } else if (Array.isArray(value)) {
      // A repeated query parameter is an array. Deeper than 64 levels nothing is read by a handler.
      if (depth < 64) value.forEach((item, i) => walk(item, [...loc, i], depth + 1));
    } else if (value !== null && typeof value === "object" && depth < 64) {
      for (const [key, item] of Object.entries(value)) {
        const problem = textProblem(key);
        if (problem !== undefined) errors.push(valueError([...loc, key], problem, key));
        else walk(item, [...loc, key], depth + 1);
      }
    }
  };
  walk(path, ["path"], 0);
  walk(query, ["query"], 0);
  walk(body, ["body"], 0);
  return errors;
}

/** An empty form value counts as missing (FastAPI forms). */
export function validateAuthForm(fields: ReadonlyMap<string, string>): AuthFormValidation {
  const value = (name: string): string | undefined => {
    const v = fields.get(name);
    return v === undefined || v === "" ? undefined : v;
  };
  const errors: FieldError[] = [];
  const grantType = value("grant_type");
  if (grantType !== undefined && grantType !== "password") {
    errors.push(patternMismatch(["body", "grant_type"], "^password$", grantType));
  }
  const username = value("username");
  if (username === undefined) errors.push(missing(["body", "username"]));
  else {
    const problem = textProblem(username);
    if (problem !== undefined) errors.push(valueError(["body", "username"], problem, username));
  }
  const password = value("password");
  if (password === undefined) errors.push(missing(["body", "password"]));
  if (errors.length > 0 || username === undefined || password === undefined) return { ok: false, errors };
  return { ok: true, form: { username, password, scope: value("scope") ?? "" } };
}

// --- Admin request bodies (API.md §7.7) ----------------------------------------------------------

export type AdminFieldKind = "property" | "value";

export type AdminValidation = { ok: true; fields: Record<string, string> } | { ok: false; errors: FieldError[] };

/**
 * A body of required string fields: a `property` must be a valid key (stripped), a `value` must not
 * be empty (stripped). `distinct`: the two named fields must differ (the Engine's model validator).
 */
export function validateAdminBody(
  input: BodyInput,
  fields: ReadonlyArray<readonly [string, AdminFieldKind]>,
  distinct?: readonly [string, string],
): AdminValidation {
  const parsed = objectBody(input);
  if (!parsed.ok) return parsed;
  const { body } = parsed;
  const errors: FieldError[] = [];
  const out: Record<string, string> = {};
  for (const [name, kind] of fields) {
    const loc = ["body", name];
    const raw = body[name];
    if (!has(body, name)) errors.push(missing(loc, body));
    else if (typeof raw !== "string") errors.push(stringType(loc, raw));
    else if (raw === "") errors.push(valueError(loc, `${kind} cannot be empty`, raw));
    else {
      const stripped = pyStrip(raw);
      if (stripped === "") errors.push(valueError(loc, `${kind} cannot be empty`, raw));
      else if (kind === "property" && !KEY.test(stripped)) {
        errors.push(valueError(loc, "property must be alpha-numeric [a-z0-9_-:]", raw));
      } else if (pyLength(stripped) > (kind === "property" ? MAX_KEY_LENGTH : MAX_VALUE_LENGTH)) {
        const most = kind === "property" ? MAX_KEY_LENGTH : MAX_VALUE_LENGTH;
        errors.push(valueError(loc, `${kind} must be at most ${most} characters`, raw));
      } else out[name] = stripped;
    }
  }
  if (errors.length === 0 && distinct !== undefined && out[distinct[0]] === out[distinct[1]]) {
    errors.push(valueError(["body"], `${distinct[0]} and ${distinct[1]} should not be the same.`, body));
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, fields: out };
}
