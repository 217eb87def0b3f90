/**
 * The text fields of a multipart form, read under a byte limit. Both the product API (`/cgi/*.pl`)
 * and the folksonomy API take forms this way; each answers the failures in its own format.
 */
import type { FastifyRequest } from "fastify";

/** Why a multipart body was not read: over the byte limit, too many parts, or not readable. */
export type MultipartFailure = "too_large" | "too_many_parts" | "malformed";

export class MultipartError extends Error {
  constructor(
    readonly failure: MultipartFailure,
    message: string,
  ) {
    super(message);
  }
}

/** Most fields, files and parts of a form (no OFF or Folksonomy Engine form comes near them). */
export const MULTIPART_COUNTS = { fields: 1000, files: 20, parts: 1100 } as const;

/** @fastify/multipart's errors for a form over one of those counts. */
const COUNT_LIMIT_CODES = new Map<string | undefined, keyof typeof MULTIPART_COUNTS>([
  ["FST_PARTS_LIMIT", "parts"],
  ["FST_FIELDS_LIMIT", "fields"],
  ["FST_FILES_LIMIT", "files"],
]);

/**
 * Field name → value, the first of a repeated name winning. File parts are drained and discarded but
 * count toward `limit` (API.md §1.1), as do the names and values of fields.
 */
export async function readMultipartFields(request: FastifyRequest, limit: number): Promise<Map<string, string>> {
  const overLimit = () => new MultipartError("too_large", `request body is larger than ${limit} bytes`);
  const fields = new Map<string, string>();
  let size = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        for await (const chunk of part.file) {
          size += (chunk as Buffer).length;
          if (size > limit) throw overLimit();
        }
        if (part.file.truncated) throw overLimit();
        continue;
      }
      if (typeof part.fieldname !== "string") throw new MultipartError("malformed", "a form field has no name");
      const value = typeof part.value === "string" ? part.value : String(part.value ?? "");
      size += Buffer.byteLength(value) + part.fieldname.length;
      if (size > limit || part.valueTruncated) throw overLimit();
      if (!fields.has(part.fieldname)) fields.set(part.fieldname, value);
    }
  } catch (e) {
    if (e instanceof MultipartError) throw e;
    const err = e as { code?: string; statusCode?: number; message?: string };
    const counted = COUNT_LIMIT_CODES.get(err.code);
    if (counted !== undefined) {
      throw new MultipartError("too_many_parts", `the form has more than ${MULTIPART_COUNTS[counted]} ${counted}`);
    }
    if (err.code === "FST_REQ_FILE_TOO_LARGE" || err.statusCode === 413) throw overLimit();
    throw new MultipartError("malformed", err.message ?? "unreadable multipart body");
  }
  return fields;
}
