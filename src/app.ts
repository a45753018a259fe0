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
import { publicImageRoutes } from "./http/public/images.routes";
import { finishOpenApi, openapiPlugin, RAW_SPEC_PATH } from "./http/openapi";
import { trackingRoutes } from "./http/public/tracking.routes";
import { unsubscribeRoutes } from "./http/public/unsubscribe.routes";
import { parseBody } from "./http/shared/body";
import { RouteTable, toDomainError } from "./http/shared/errors-hook";
import { settleError } from "./http/shared/idempotency";
import { errorResponse } from "./http/shared/problem";
import { RateLimiter } from "./http/shared/rate-limit";
import { stateOf } from "./http/shared/request-state";
import { compileSyncRoutes } from "./http/shared/sync-routes";
import { SCOPES } from "./modules/workspaces/scopes";
import { VERSION } from "./version";

export interface HttpApp {
  app: Elysia<any, any, any, any, any, any, any>;
  limiter: RateLimiter;
  /** The problem (or API A envelope) for anything thrown or rejected while answering `request`. */
  answerError(request: Request, error: unknown): Response | Promise<Response>;
}

/** /readyz answers this shape with 200 and 503 alike. */
const READYZ_SCHEMA = {
  type: "object" as const,
  required: ["status", "database"],
  properties: {
    status: { type: "string" as const, enum: ["ok", "unavailable"] },
    database: { type: "string" as const, enum: ["ok", "unreachable"] },
    migrations: { type: "string" as const, enum: ["current", "pending"], description: "Absent when the database is unreachable" },
  },
};

export function createApp(ctx: Ctx): HttpApp {
  const limiter = new RateLimiter(ctx.clock, ctx.config.rateLimit.perSecond, ctx.config.rateLimit.burst);
  let table: RouteTable | null = null;
  let finishedDoc: unknown = null;
  const answer = (c: { code: unknown; error: unknown; request: Request; route?: string; body?: unknown }) => {
    table ??= new RouteTable(app.routes as never);
    const res = errorResponse(c.request, toDomainError(ctx, table, c), ctx.config);
    // an idempotent request's error answer is stored (4xx) or its key released (5xx)
    return stateOf(c.request).idempotency ? settleError(ctx, c.request, res).then(() => res) : res;
  };
  const app = new Elysia({ normalize: false })
    .use(openapiPlugin(VERSION))
    .onParse(({ request }) => parseBody(request))
    // destructured: Elysia infers from the parameters what each request must parse
    .onError(({ code, error, request, route, body }) => answer({ code, error, request, route, body }))
    .get("/healthz", () => ({ status: "ok" }), {
      detail: {
        tags: ["Service"],
        summary: "Liveness: the server accepts requests",
        description: "No credential, no database read: answers while the database is busy or migrating. A supervisor restarts the process when it stops answering.",
        security: [],
        responses: {
          200: {
            description: "The process is alive",
            content: { "application/json": { schema: { type: "object", required: ["status"], properties: { status: { type: "string", enum: ["ok"] } } }, example: { status: "ok" } } },
          },
        },
      },
    })
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
      {
        detail: {
          tags: ["Service"],
          summary: "Readiness: database reachable and migrations current",
          description: "No credential. A load balancer sends traffic only while this answers 200.",
          security: [],
          responses: {
            200: {
              description: "Ready: the database answers and every migration is applied",
              content: {
                "application/json": {
                  schema: READYZ_SCHEMA,
                  example: { status: "ok", database: "ok", migrations: "current" },
                },
              },
            },
            503: {
              description: "Not ready: the database is unreachable, or migrations are pending",
              content: {
                "application/json": {
                  schema: READYZ_SCHEMA,
                  examples: {
                    migrations_pending: { summary: "Migrations not yet applied", value: { status: "unavailable", database: "ok", migrations: "pending" } },
                    database_unreachable: { summary: "The database cannot be read", value: { status: "unavailable", database: "unreachable" } },
                  },
                },
              },
            },
          },
        },
      },
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
    .use(exportDownloadRoutes(ctx, limiter))
    .use(trackingRoutes(ctx))
    .use(unsubscribeRoutes(ctx, limiter))
    .use(publicImageRoutes(ctx));
  compileSyncRoutes(app.routes as never);
  return { app, limiter, answerError: (request, error) => answer({ code: "UNKNOWN", error, request }) };
}
