// Bearer authentication and the per-route scope. API B takes nb_live_/nb_test_,
// nbs_ and nbc_ tokens; API A takes ak_ keys only.
import { type Context, Elysia } from "elysia";
import type { Ctx } from "../../context";
import { DomainError } from "../../lib/errors";
import { authenticate, type Principal } from "../../modules/workspaces/authenticate";
import { bearerToken } from "../../modules/workspaces/tokens";
import type { Scope } from "../../modules/workspaces/scopes";
import { chargeRateLimit, type RateLimiter } from "./rate-limit";
import { type RequestState, stampHeaders, stateOf } from "./request-state";

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
  chargeRateLimit(limiter, state, principal.keyId);
  if (typeof scope === "string" ? !principal.scopes.has(scope) : !scope.some((s) => principal.scopes.has(s))) {
    throw new DomainError("forbidden", `This credential lacks the scope ${typeof scope === "string" ? scope : scope.join(" or ")}.`);
  }
  return principal;
}

/** `{ scope: "people:read" }` on a route authenticates it and checks the scope. */
export function authPlugin(ctx: Ctx, limiter: RateLimiter, api: "a" | "b") {
  return new Elysia({ name: `auth-${api}` }).macro({
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
    }),
  });
}
