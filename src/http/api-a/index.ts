// API A: people verification (camelCase, {error:{…}} envelope).
import { Elysia } from "elysia";
import type { Ctx } from "../../context";
import type { RateLimiter } from "../shared/rate-limit";
import { verifyRoutes } from "./verify.routes";

export function apiARoutes(ctx: Ctx, limiter: RateLimiter) {
  return new Elysia({ prefix: "/v1" }).use(verifyRoutes(ctx, limiter));
}
