// The options every API route states once, each also writing its part of the
// OpenAPI document (listmonk's route table, as Elysia macros):
//   scope: "people:read"            bearer authentication and the scope; the security requirement
//   idempotency: "optional"         Idempotency-Key reserved before the handler, the answer stored after; the header parameter
//   ifMatch: true                   If-Match parsed (before the key is reserved: a malformed one is 400, never stored); the header parameter
//   doc: { summary, ok, errors… }   summary, description and the success and problem responses
// API B takes nb_live_/nb_test_, nbs_ and nbc_ tokens; API A takes ak_ keys only.
import { type Context, Elysia } from "elysia";
import type { TSchema } from "@sinclair/typebox";
import type { Ctx } from "../../context";
import { DomainError } from "../../lib/errors";
import { authenticate, type Principal } from "../../modules/workspaces/authenticate";
import type { Scope } from "../../modules/workspaces/scopes";
import { bearerToken } from "../../modules/workspaces/tokens";
import { parseIfMatch } from "./etag";
import { complete, maxKeyLength, reserve, type IdempotencyMode } from "./idempotency";
import { chargeRateLimit, type RateLimiter } from "./rate-limit";
import { COMMON_HEADERS, type RequestState, stampHeaders, stateOf } from "./request-state";

/** `scope` may list several: any one of them admits (a route that checks the precise one itself, e.g. exports by resource). */
function requirePrincipal(ctx: Ctx, limiter: RateLimiter, req: Request, state: RequestState, api: "a" | "b", scope: Scope | readonly Scope[]): Principal {
  const credentials = req.headers.get("authorization");
  const principal = credentials ? authenticate(ctx, credentials, api) : null;
  if (!principal) {
    chargeRateLimit(limiter, state, state.ip);
    const presented = credentials && bearerToken(credentials);
    throw new DomainError("unauthorized", presented ? "The bearer token is unknown, revoked, or not a credential of this API." : "Send Authorization: Bearer <token>.");
  }
  state.principal = principal;
  // charged once per request: an attempt repeated after a busy database is the same request
  if (state.rateRemaining < 0) chargeRateLimit(limiter, state, principal.keyId);
  if (typeof scope === "string" ? !principal.scopes.has(scope) : !scope.some((s) => principal.scopes.has(s))) {
    throw new DomainError("forbidden", `This credential lacks the scope ${typeof scope === "string" ? scope : scope.join(" or ")}.`);
  }
  return principal;
}

export interface RouteDoc {
  summary: string;
  description?: string;
  /** The success answer's body; none for an answer without content. */
  ok?: TSchema;
  /** Its media type, application/json by default. */
  okMedia?: string;
  /** The success status, 200 by default. */
  status?: number;
  okDescription?: string;
  /** Problem statuses besides 401, 403, 429, 500 and 503, which every scoped route may answer. */
  errors?: number[];
  /** Further OpenAPI operation fields (requestBody, parameters…). */
  extra?: Record<string, unknown>;
}

export type IdempotencyOption = IdempotencyMode | { mode: IdempotencyMode; sensitive?: boolean; inHandler?: boolean };

export const STATUS_TEXT: Record<number, string> = {
  400: "Malformed request (invalid_request)",
  401: "No valid credential (unauthorized)",
  403: "The credential lacks the scope (forbidden)",
  404: "No such resource in the workspace (not_found)",
  409: "Conflict with the current state",
  410: "No longer available (gone)",
  412: "If-Match names a stale version (precondition_failed)",
  413: "Body too large (payload_too_large)",
  415: "Unsupported Content-Type (unsupported_media_type)",
  422: "Invalid body or parameter (validation_failed)",
  429: "Rate limited (rate_limited): retry after the seconds in `Retry-After` (also `retry_after`)",
  500: "Unexpected error (internal_error)",
  503: "The database stayed busy (service_unavailable): retry after the seconds in `Retry-After` (also `retry_after`)",
};

const errorContent = (api: "a" | "b") =>
  api === "b" ? { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } } : { "application/json": { schema: { $ref: "#/components/schemas/ErrorEnvelope" } } };

/** The problem response of `status` (API B's problem document, API A's envelope). */
export const problemResponse = (api: "a" | "b", status: number) => ({ description: STATUS_TEXT[status] ?? "Error", content: errorContent(api) });

/** What every scoped route may answer: no credential, a missing scope, the rate limit, our error, a busy database. */
const ALWAYS = [401, 403, 429, 500, 503];

/** The OpenAPI operation of a RouteDoc: its success answer and every problem it may answer. */
export function operationDoc(api: "a" | "b", d: RouteDoc): Record<string, unknown> {
  const status = d.status ?? 200;
  const responses: Record<string, unknown> = {
    [status]: d.ok ? { description: d.okDescription ?? "OK", content: { [d.okMedia ?? "application/json"]: { schema: d.ok } } } : { description: d.okDescription ?? "No content" },
  };
  for (const s of [...new Set([...ALWAYS, ...(d.errors ?? [])])].sort()) responses[s] = problemResponse(api, s);
  return { summary: d.summary, ...(d.description ? { description: d.description } : {}), responses, ...d.extra };
}

export function idempotencyKeyParameter(api: "a" | "b", mode: IdempotencyMode) {
  return {
    name: "Idempotency-Key",
    in: "header",
    required: mode === "required",
    description: `${mode === "required" ? "Required" : "Optional"}: a retry with the same key replays the first answer for 24 hours and does the work once.`,
    schema: { type: "string", minLength: 1, maxLength: maxKeyLength(api), pattern: "^[!-~]+$" },
  };
}

/** The route options of one API (`api`): install with `.use(routeOptions(ctx, limiter, "b"))`. */
export function routeOptions(ctx: Ctx, limiter: RateLimiter, api: "a" | "b") {
  return new Elysia({ name: `route-options-${api}` }).macro({
    scope: (scope: Scope | readonly Scope[]) => ({
      // transform runs before validation, so a bad credential is 401 even when
      // the path or body is also invalid. The common headers go into Elysia's
      // headers here, so the answer is built with them: setting them on the
      // finished Response (server.ts does for routes without a scope) costs more.
      transform({ request, set }: Pick<Context, "request" | "set">) {
        const state = stateOf(request);
        try {
          requirePrincipal(ctx, limiter, request, state, api, scope);
        } finally {
          stampHeaders(state, limiter.policy, set.headers);
          state.stamped = true;
        }
      },
      resolve({ request }: { request: Request }) {
        return { principal: stateOf(request).principal! };
      },
      detail: { security: [api === "b" ? { bearer: typeof scope === "string" ? [scope] : [...scope] } : { apiKeyA: [] }] } as never,
    }),

    idempotency: (option: IdempotencyOption) => {
      const o = typeof option === "string" ? { mode: option } : option;
      const detail = { parameters: [idempotencyKeyParameter(api, o.mode)] } as never;
      // a route that fingerprints what only its handler reads (an upload's hash) calls idempotent() itself
      if ("inHandler" in o && o.inHandler) return { detail };
      return {
        beforeHandle({ request, body }: { request: Request; body: unknown }) {
          const replay = reserve(ctx, request, stateOf(request).principal!, { api, mode: o.mode, body, sensitive: "sensitive" in o ? o.sensitive : false });
          if (replay instanceof Response) return replay;
        },
        afterHandle({ request, response, set }: { request: Request; response: unknown; set: Context["set"] }) {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(set.headers)) if (!COMMON_HEADERS.has(name)) headers[name] = String(value);
          complete(ctx, request, { status: typeof set.status === "number" ? set.status : 200, headers, body: response === undefined ? undefined : JSON.stringify(response) });
        },
        detail,
      };
    },

    ifMatch: {
      resolve({ request }: { request: Request }) {
        return { ifMatch: parseIfMatch(request.headers.get("if-match")) };
      },
      detail: {
        parameters: [{ name: "If-Match", in: "header", required: false, schema: { type: "string" }, description: 'The version as its ETag ("1732230000000000"), several separated by commas, or *; a stale one is 412 and changes nothing' }],
      } as never,
    },

    doc: (d: RouteDoc) => ({ detail: operationDoc(api, d) as never }),
  });
}
