/**
 * Error bodies of the product API (API.md §1.1): every error is JSON, one entry per problem,
 * `status_verbose` = the messages joined by "; ". Never a stack trace.
 */

export interface ApiErrorEntry {
  id: string;
  message: string;
  parameter?: string;
  value?: string;
}

export interface ApiErrorBody {
  errors: ApiErrorEntry[];
  status: 0;
  status_verbose: string;
}

export function apiErrorBody(entries: ApiErrorEntry[]): ApiErrorBody {
  return { errors: entries, status: 0, status_verbose: entries.map((e) => e.message).join("; ") };
}

/** An error a handler throws to answer with a given status and product-API error body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(
      typeof body === "object" && body !== null && "status_verbose" in body ? String(body.status_verbose) : "error",
    );
  }

  static invalidParameter(parameter: string, value: string, message: string): HttpError {
    return new HttpError(400, apiErrorBody([{ id: "invalid_parameter", message, parameter, value }]));
  }
}
