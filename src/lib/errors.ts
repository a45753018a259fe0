// The one closed registry of problem codes (API B `code`, and the source of
// API A's envelope codes). Programs branch on `code`; every code has a page at
// {docs_url}/errors/<code> served by the binary and is listed in OpenAPI.
export interface ErrorCodeInfo {
  status: number;
  title: string;
  explanation: string;
}

export const ERROR_CODES = {
  invalid_request: { status: 400, title: "Invalid request", explanation: "The request could not be understood: the body is not valid JSON, a header such as If-Match is malformed, or a cursor does not belong to this list, its filters and its order." },
  invalid_expand: { status: 400, title: "Invalid expand", explanation: "An `expand[]` value names nothing this resource can inline; `detail` lists the values it takes." },
  unauthorized: { status: 401, title: "Unauthorized", explanation: "No valid credential was sent. Send `Authorization: Bearer <token>` with a live, unrevoked token of the kind this API accepts." },
  forbidden: { status: 403, title: "Forbidden", explanation: "The credential is valid but lacks the scope this operation needs; `detail` names the missing scope." },
  not_found: { status: 404, title: "Not found", explanation: "No such resource exists in the credential's workspace, or no such route exists." },
  method_not_allowed: { status: 405, title: "Method not allowed", explanation: "The path exists but not with this HTTP method; the `Allow` header lists the methods it takes." },
  conflict: { status: 409, title: "Conflict", explanation: "The request conflicts with an existing resource, for example a duplicate email address or key." },
  invalid_state: { status: 409, title: "Invalid state", explanation: "The resource's current state does not allow this operation; `detail` says why." },
  idempotency_in_progress: { status: 409, title: "Idempotent request in progress", explanation: "A request with this Idempotency-Key is still being processed. Retry after it finishes to receive its result." },
  gone: { status: 410, title: "Gone", explanation: "The resource existed but is no longer available, for example an expired download link." },
  precondition_failed: { status: 412, title: "Precondition failed", explanation: "If-Match names a version that is no longer current. Fetch the resource again and retry with its new ETag; nothing was changed." },
  payload_too_large: { status: 413, title: "Payload too large", explanation: "The request body exceeds the limit of this endpoint." },
  unsupported_media_type: { status: 415, title: "Unsupported media type", explanation: "The Content-Type of the body is not one this endpoint accepts." },
  validation_failed: { status: 422, title: "Validation failed", explanation: "The body or a parameter is invalid. `errors` lists every invalid field with an RFC 6901 pointer into the body, or `?name` for a query parameter." },
  idempotency_key_reuse: { status: 422, title: "Idempotency key reused", explanation: "This Idempotency-Key was already used with a different request (method, path or body). Use a new key for a new request." },
  rate_limited: { status: 429, title: "Too many requests", explanation: "The credential exceeded its request rate. Wait `retry_after` seconds (also in `Retry-After`)." },
  internal_error: { status: 500, title: "Internal error", explanation: "Something went wrong on our side. The cause is logged with the request id; retrying with the same Idempotency-Key is safe." },
  service_unavailable: { status: 503, title: "Service unavailable", explanation: "The service is temporarily unable to answer, for example the database stayed busy past its timeout. Retry after `retry_after` seconds." },
} as const satisfies Record<string, ErrorCodeInfo>;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface FieldError {
  pointer: string;
  code: string;
  detail: string;
}

/** Thrown by domain code; the HTTP layer turns it into a problem (API B) or an envelope (API A). */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors?: FieldError[];
  readonly retryAfter?: number;
  readonly headers?: Record<string, string>;
  constructor(code: ErrorCode, detail?: string, extra: { errors?: FieldError[]; retryAfter?: number; headers?: Record<string, string> } = {}) {
    super(detail ?? ERROR_CODES[code].explanation);
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.errors = extra.errors;
    this.retryAfter = extra.retryAfter;
    this.headers = extra.headers;
  }
}

export const notFound = (what = "resource") => new DomainError("not_found", `No such ${what} in this workspace.`);
export const invalidFields = (errors: FieldError[]) => new DomainError("validation_failed", `${errors.length} field${errors.length > 1 ? "s are" : " is"} invalid.`, { errors });

/** A 422 for one field, as domain code finds it (e.g. an unknown custom field). */
export function invalidField(pointer: string, code: string, detail: string): DomainError {
  return new DomainError("validation_failed", detail, { errors: [{ pointer, code, detail }] });
}
