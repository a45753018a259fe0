// Rendering errors: RFC 9457 problem documents for API B (and the service's
// own paths), the {error:{…}} envelope for API A.
import { DomainError, ERROR_CODES, type ErrorCode, type FieldError } from "../../lib/errors";
import { stateOf } from "./request-state";

export interface ProblemOptions {
  docsUrl: string;
}

export function problemBody(req: Request, err: DomainError, docsUrl: string) {
  const info = ERROR_CODES[err.code];
  const body: Record<string, unknown> = {
    type: `${docsUrl}/errors/${err.code}`,
    title: info.title,
    status: info.status,
    code: err.code,
    detail: err.message,
    instance: new URL(req.url).pathname,
    request_id: stateOf(req).id,
  };
  if (err.code === "validation_failed") body.errors = err.errors ?? [];
  if (info.status === 429 || info.status === 503) body.retry_after = err.retryAfter ?? 1;
  return body;
}

// API A's closed code list (SPEC), mapped from the registry. `not_found`,
// `conflict`, `invalid_state`, `internal_error`, `method_not_allowed`,
// `payload_too_large`, `unsupported_media_type` are our documented additions.
function envelopeCode(err: DomainError): string {
  switch (err.code) {
    case "validation_failed":
      return err.errors?.some((e) => e.code === "required") ? "missing_param" : "invalid_param";
    case "invalid_request":
      return "invalid_param";
    case "rate_limited":
      return "rate_limited";
    case "service_unavailable":
      return "database_unavailable";
    default:
      return err.code;
  }
}

function envelopeType(status: number): string {
  if (status === 401) return "authentication_error";
  if (status === 403) return "permission_error";
  if (status === 404) return "not_found";
  if (status === 409) return "conflict";
  if (status === 429) return "rate_limit";
  if (status >= 500) return "api_error";
  return "invalid_request";
}

const HINTS: Partial<Record<ErrorCode, string>> = {
  unauthorized: "Send Authorization: Bearer ak_live_… with an API key from the workspace's settings.",
  rate_limited: "Wait for the number of seconds in Retry-After, then retry.",
  idempotency_key_reuse: "Use a new Idempotency-Key for a request with different parameters.",
  idempotency_in_progress: "Retry once the first request with this key has finished.",
  validation_failed: "Correct the listed parameters and retry.",
};

export function envelopeBody(err: DomainError, docsUrl: string) {
  const error: Record<string, unknown> = {
    type: envelopeType(err.status),
    code: envelopeCode(err),
    message: err.message,
    doc_url: `${docsUrl}/errors/${err.code}`,
  };
  const hint = HINTS[err.code];
  if (hint) error.hint = hint;
  if (err.errors?.length) error.params = err.errors.map((e: FieldError) => ({ param: e.pointer, code: e.code, message: e.detail }));
  return { error };
}

/** The Response for a domain error on the API the request belongs to. */
export function errorResponse(req: Request, err: DomainError, docsUrl: string): Response {
  const api = stateOf(req).api;
  const headers: Record<string, string> = { ...err.headers };
  let body: unknown;
  if (api === "a") {
    headers["content-type"] = "application/json";
    body = envelopeBody(err, docsUrl);
  } else {
    headers["content-type"] = "application/problem+json";
    body = problemBody(req, err, docsUrl);
  }
  if (err.status === 429 || err.status === 503) headers["retry-after"] = String(err.retryAfter ?? 1);
  return new Response(JSON.stringify(body), { status: err.status, headers });
}
