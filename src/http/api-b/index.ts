// API B: every /v1 resource. One route file per resource; add yours here.
import { Elysia } from "elysia";
import type { Ctx } from "../../context";
import type { RateLimiter } from "../shared/rate-limit";
import { jobRoutes } from "./jobs.routes";
import { quotaScopeRoutes } from "./quota-scopes.routes";
import { workspaceRoutes } from "./workspaces.routes";

export function apiBRoutes(ctx: Ctx, limiter: RateLimiter) {
  return new Elysia({ prefix: "/v1" })
    .use(workspaceRoutes(ctx, limiter))
    .use(jobRoutes(ctx, limiter))
    .use(quotaScopeRoutes(ctx, limiter));
}
