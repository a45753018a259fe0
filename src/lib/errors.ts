// The one closed registry of problem codes (API B `code`), and API A's envelope
// codes mapped from it. Programs branch on `code`; every code of both has a page
// at {docs_url}/errors/<code> served by the binary and is listed in OpenAPI.
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

/** An API A envelope code: the statuses it comes with, its page, and the envelope's `hint`. */
export interface ApiACodeInfo {
  statuses: readonly number[];
  title: string;
  explanation: string;
  hint?: string;
}

const NOT_ANSWERED = " No operation of this server's API A answers it yet; SPEC's contract lists it.";
const registry = (code: ErrorCode, hint?: string): ApiACodeInfo => {
  const { status, title, explanation } = ERROR_CODES[code];
  return { statuses: [status], title, explanation, hint };
};

// SPEC's closed list of API A codes.
const SPEC_A_CODES = {
  invalid_param: { statuses: [400, 422], title: "Invalid parameter", explanation: "A parameter, header or body is malformed (HTTP 400) or fails validation (HTTP 422). `params` lists each invalid one: `param` (`header:Idempotency-Key`, `?name` or an RFC 6901 pointer), `code`, `message`.", hint: "Correct the listed parameters and retry." },
  missing_param: { statuses: [422], title: "Missing parameter", explanation: "A required parameter is missing; `params` lists it with code `required`.", hint: "Send the listed parameters and retry." },
  invalid_expand: registry("invalid_expand", "Use one of the values the message lists, or none."),
  duplicate_email: { statuses: [409], title: "Duplicate email", explanation: "Another person of the workspace already has this email address." + NOT_ANSWERED },
  already_exists: { statuses: [409], title: "Already exists", explanation: "The resource to create already exists." + NOT_ANSWERED },
  unauthorized: registry("unauthorized", "Send Authorization: Bearer ak_live_… with an API key from the workspace's settings."),
  forbidden: registry("forbidden"),
  mailbox_already_connected: { statuses: [409], title: "Mailbox already connected", explanation: "This mailbox is already connected to the workspace." + NOT_ANSWERED },
  suppression_protected: { statuses: [409], title: "Suppression protected", explanation: "The suppression was created by evidence (a bounce, complaint or unsubscribe) and cannot be removed." + NOT_ANSWERED },
  program_not_launchable: { statuses: [409], title: "Program not launchable", explanation: "The program cannot be launched in its current state." + NOT_ANSWERED },
  database_unavailable: { statuses: [503], title: "Database unavailable", explanation: "The database stayed busy past its timeout. Retry after the seconds in `Retry-After`.", hint: "Wait for the number of seconds in Retry-After, then retry." },
  rate_limited: registry("rate_limited", "Wait for the number of seconds in Retry-After, then retry."),
  idempotency_key_reuse: registry("idempotency_key_reuse", "Use a new Idempotency-Key for a request with different parameters."),
  idempotency_in_progress: registry("idempotency_in_progress", "Retry once the first request with this key has finished."),
} satisfies Record<string, ApiACodeInfo>;

// Registry codes API A answers under their own name where none of SPEC's fits (docs/architecture.md).
const ADDED_A_CODES = {
  not_found: registry("not_found"),
  conflict: registry("conflict"),
  invalid_state: registry("invalid_state"),
  internal_error: registry("internal_error"),
  method_not_allowed: registry("method_not_allowed"),
  payload_too_large: registry("payload_too_large"),
  unsupported_media_type: registry("unsupported_media_type"),
  gone: registry("gone"),
} satisfies Record<string, ApiACodeInfo>;

/** Every code API A's envelope carries: the one table its pages, hints and OpenAPI enum come from. */
export const API_A_CODES: Record<ApiACode, ApiACodeInfo> = { ...SPEC_A_CODES, ...ADDED_A_CODES };
export type ApiACode = keyof typeof SPEC_A_CODES | keyof typeof ADDED_A_CODES;
/** The codes beyond SPEC's list. */
export const API_A_ADDED_CODES = Object.keys(ADDED_A_CODES) as ApiACode[];

/** The envelope code of each registry code (a validation_failed naming a missing field is missing_param). */
export const API_A_CODE_OF: Record<ErrorCode, ApiACode> = {
  invalid_request: "invalid_param",
  invalid_expand: "invalid_expand",
  unauthorized: "unauthorized",
  forbidden: "forbidden",
  not_found: "not_found",
  method_not_allowed: "method_not_allowed",
  conflict: "conflict",
  invalid_state: "invalid_state",
  idempotency_in_progress: "idempotency_in_progress",
  gone: "gone",
  precondition_failed: "conflict", // not reached: API A takes no If-Match
  payload_too_large: "payload_too_large",
  unsupported_media_type: "unsupported_media_type",
  validation_failed: "invalid_param",
  idempotency_key_reuse: "idempotency_key_reuse",
  rate_limited: "rate_limited",
  internal_error: "internal_error",
  service_unavailable: "database_unavailable",
};

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
