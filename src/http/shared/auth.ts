// Bearer authentication and the per-route scope. API B takes nb_live_/nb_test_,
// nbs_ and nbc_ tokens; API A takes ak_ keys only.
import { Elysia } from "elysia";
import type { Ctx } from "../../context";
import { DomainError } from "../../lib/errors";
import { authenticate, type Principal } from "../../modules/workspaces/authenticate";
import type { Scope } from "../../modules/workspaces/scopes";
import { chargeRateLimit, type RateLimiter } from "./rate-limit";
import { stateOf } from "./request-state";

export function bearer(req: Request): string | null {
  const h = req.headers.get("authorization");
  if (!h) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m ? m[1]! : null;
}

/** `scope` may list several: any one of them admits (a route that checks the precise one itself, e.g. exports by resource). */
export function requirePrincipal(ctx: Ctx, limiter: RateLimiter, req: Request, api: "a" | "b", scope: Scope | readonly Scope[]): Principal {
  const state = stateOf(req);
  const token = bearer(req);
  const principal = token ? authenticate(ctx, token, api) : null;
  if (!principal) {
    chargeRateLimit(limiter, state, state.ip);
    throw new DomainError("unauthorized", token ? "The bearer token is unknown, revoked, or not a credential of this API." : "Send Authorization: Bearer <token>.");
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
      // the path or body is also invalid
      transform({ request }: { request: Request }) {
        requirePrincipal(ctx, limiter, request, api, scope);
      },
      resolve({ request }: { request: Request }) {
        return { principal: stateOf(request).principal! };
      },
    }),
  });
}
