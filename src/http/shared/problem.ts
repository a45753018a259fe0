// Rendering errors: RFC 9457 problem documents for API B (and the service's
// own paths), the {error:{…}} envelope for API A.
import { API_A_CODE_OF, API_A_CODES, type ApiACode, DomainError, ERROR_CODES, type FieldError } from "../../lib/errors";
import { stateOf } from "./request-state";

/** Where links point: `ctx.config` is one. */
export interface ProblemOptions {
  docsUrl: string;
  baseUrl: string;
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

/** The envelope code: the registry code's API A name (lib/errors.ts). */
function envelopeCode(err: DomainError): ApiACode {
  if (err.code === "validation_failed" && err.errors?.some((e) => e.code === "required")) return "missing_param";
  return API_A_CODE_OF[err.code];
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

export function envelopeBody(err: DomainError, docsUrl: string) {
  const code = envelopeCode(err);
  const error: Record<string, unknown> = {
    type: envelopeType(err.status),
    code,
    message: err.message,
    doc_url: `${docsUrl}/errors/${code}`,
  };
  const hint = API_A_CODES[code].hint;
  if (hint) error.hint = hint;
  if (err.errors?.length) error.params = err.errors.map((e: FieldError) => ({ param: e.pointer, code: e.code, message: e.detail }));
  return { error };
}

/**
 * RFC 9728 §5.1: a 401 names the protected resource metadata, so an agent can
 * discover how to authenticate; RFC 6750 §3.1: `invalid_token` only when a
 * bearer token was sent.
 */
function wwwAuthenticate(req: Request, baseUrl: string): string {
  const challenge = `Bearer resource_metadata="${baseUrl}/.well-known/oauth-protected-resource"`;
  return /^Bearer\s+\S/i.test(req.headers.get("authorization") ?? "") ? `${challenge}, error="invalid_token"` : challenge;
}

/**
 * The Response for a domain error on the API the request belongs to. `urls`
 * is `ctx.config`; a docs URL alone (what callers passed before) is taken to
 * be the default `{base_url}/docs`.
 */
export function errorResponse(req: Request, err: DomainError, { docsUrl, baseUrl }: ProblemOptions): Response {
  const api = stateOf(req).api;
  const headers: Record<string, string> = { ...err.headers };
  if (err.status === 401) headers["www-authenticate"] = wwwAuthenticate(req, baseUrl);
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
