import { Elysia } from "elysia";
import type { Ctx } from "../../context";
import { getOwnWorkspace } from "../../modules/workspaces/workspaces";
import { WorkspaceSchema, workspaceView } from "../../representations/workspace";
import type { RateLimiter } from "../shared/rate-limit";
import { routeOptions } from "../shared/route-options";
import { IdParams } from "../shared/schemas";

export function workspaceRoutes(ctx: Ctx, limiter: RateLimiter) {
  return new Elysia({ prefix: "/workspaces", tags: ["Workspace"] })
    .use(routeOptions(ctx, limiter, "b"))
    .get("/:id", ({ principal, params }) => workspaceView(getOwnWorkspace(ctx, { workspaceId: principal.workspaceId, id: params.id })), {
      scope: "workspace:read",
      params: IdParams("wsp"),
      doc: { summary: "Retrieve the workspace", ok: WorkspaceSchema, errors: [404] },
    });
}
