/**
 * The text fields of a multipart form, read under a byte limit. Both the product API (`/cgi/*.pl`)
 * and the folksonomy API take forms this way; each answers the failures in its own format.
 */
import type { FastifyRequest } from "fastify";

/** Why a multipart body was not read: over the limit, or not a readable multipart body. */
export class MultipartError extends Error {
  constructor(
    readonly tooLarge: boolean,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Field name → value, the first of a repeated name winning. File parts are drained and discarded but
 * count toward `limit` (API.md §1.1), as do the names and values of fields.
 */
export async function readMultipartFields(request: FastifyRequest, limit: number): Promise<Map<string, string>> {
  const overLimit = () => new MultipartError(true, `request body is larger than ${limit} bytes`);
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
      const value = typeof part.value === "string" ? part.value : String(part.value ?? "");
      size += Buffer.byteLength(value) + part.fieldname.length;
      if (size > limit || part.valueTruncated) throw overLimit();
      if (!fields.has(part.fieldname)) fields.set(part.fieldname, value);
    }
  } catch (e) {
    if (e instanceof MultipartError) throw e;
    const err = e as { code?: string; statusCode?: number; message?: string };
    if (err.code === "FST_REQ_FILE_TOO_LARGE" || err.statusCode === 413) throw overLimit();
    throw new MultipartError(false, err.message ?? "unreadable multipart body");
  }
  return fields;
}
