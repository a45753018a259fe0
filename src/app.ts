// The HTTP application: hooks shared by every route, the service endpoints,
// and both APIs. server.ts wraps it with request ids, limits and logging.
import { Elysia } from "elysia";
import { sql } from "drizzle-orm";
import type { Ctx } from "./context";
import { migrationsCurrent } from "./db/migrate";
import { apiARoutes } from "./http/api-a";
import { apiBRoutes } from "./http/api-b";
import { exportDownloadRoutes } from "./http/api-b/exports.routes";
import { docsRoutes } from "./http/docs";
import { finishOpenApi, openapiPlugin, RAW_SPEC_PATH } from "./http/openapi";
import { parseBody } from "./http/shared/body";
import { RouteTable, toDomainError } from "./http/shared/errors-hook";
import { errorResponse } from "./http/shared/problem";
import { RateLimiter } from "./http/shared/rate-limit";
import { SCOPES } from "./modules/workspaces/scopes";
import { VERSION } from "./version";

export interface HttpApp {
  app: Elysia<any, any, any, any, any, any, any>;
  limiter: RateLimiter;
}

export function createApp(ctx: Ctx): HttpApp {
  const limiter = new RateLimiter(ctx.clock, ctx.config.rateLimit.perSecond, ctx.config.rateLimit.burst);
  let table: RouteTable | null = null;
  let finishedDoc: unknown = null;
  const app = new Elysia({ normalize: false })
    .use(openapiPlugin(VERSION))
    .onParse(({ request }) => parseBody(request))
    // destructured: Elysia infers from the parameters what each request must parse
    .onError(({ code, error, request, route, body }) => {
      table ??= new RouteTable(app.routes as never);
      const err = toDomainError(ctx, table, { code, error, request, route, body });
      return errorResponse(request, err, ctx.config.docsUrl);
    })
    .get("/healthz", () => ({ status: "ok" }), { detail: { tags: ["Service"], summary: "Liveness: the server accepts requests" } })
    .get(
      "/readyz",
      ({ set }) => {
        try {
          ctx.db.get(sql`SELECT 1`);
          if (!migrationsCurrent(ctx.db)) {
            set.status = 503;
            return { status: "unavailable", database: "ok", migrations: "pending" };
          }
          return { status: "ok", database: "ok", migrations: "current" };
        } catch {
          set.status = 503;
          return { status: "unavailable", database: "unreachable" };
        }
      },
      { detail: { tags: ["Service"], summary: "Readiness: database reachable and migrations current" } },
    )
    .get(
      "/.well-known/oauth-protected-resource",
      () => ({
        resource: `${ctx.config.baseUrl}/v1`,
        authorization_servers: [],
        bearer_methods_supported: ["header"],
        scopes_supported: [...SCOPES],
        resource_name: "Nearbound",
        resource_documentation: `${ctx.config.baseUrl}/auth.md`,
      }),
      { detail: { hide: true } },
    )
    .get(
      "/openapi.json",
      async () => {
        if (!finishedDoc) {
          const raw = await (await app.handle(new Request(`http://localhost${RAW_SPEC_PATH}`))).json();
          finishedDoc = finishOpenApi(raw, app.routes as never);
        }
        return finishedDoc;
      },
      { detail: { hide: true } },
    )
    .use(docsRoutes())
    .use(apiARoutes(ctx, limiter))
    .use(apiBRoutes(ctx, limiter))
    .use(exportDownloadRoutes(ctx, limiter));
  return { app, limiter };
}
