import { Elysia, t } from "elysia";
import type { Ctx } from "../../context";
import { iso } from "../../lib/clock";
import { notFound } from "../../lib/errors";
import { getWorkspace, type Workspace } from "../../modules/workspaces/workspaces";
import { authPlugin } from "../shared/auth";
import type { RateLimiter } from "../shared/rate-limit";
import { docB, Id, IdParams, Timestamp } from "../shared/schemas";

export const WorkspaceB = t.Object(
  {
    id: Id("wsp"),
    object: t.Literal("workspace"),
    name: t.String(),
    mode: t.Union([t.Literal("live"), t.Literal("test")], { description: "test: mail goes to a fake transport, checks are syntax-only" }),
    twin_id: Id("wsp", "The test-mode twin of a live workspace, or the live workspace of a twin"),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { title: "Workspace" },
);

export const toWorkspaceB = (w: Workspace) => ({
  id: w.id,
  object: "workspace" as const,
  name: w.name,
  mode: w.mode,
  twin_id: w.twinId,
  created_at: iso(w.createdAt),
  updated_at: iso(w.updatedAt),
});

export function workspaceRoutes(ctx: Ctx, limiter: RateLimiter) {
  return new Elysia({ prefix: "/workspaces" }).use(authPlugin(ctx, limiter, "b")).get(
    "/:id",
    ({ principal, params }) => {
      // only the credential's own workspace is visible
      const w = params.id === principal.workspaceId ? getWorkspace(ctx, params.id) : undefined;
      if (!w) throw notFound("workspace");
      return toWorkspaceB(w);
    },
    { scope: "workspace:read", params: IdParams("wsp"), detail: { tags: ["Workspace"], ...docB("Retrieve the workspace", "workspace:read", { status: 200, schema: WorkspaceB }, [403, 404]) } },
  );
}
