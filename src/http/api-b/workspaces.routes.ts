import { Elysia, t } from "elysia";
import { MAX_OUT_OF_OFFICE_DAYS, updateInboxSettings } from "../../modules/inbox/settings";
import type { Ctx } from "../../context";
import { getOwnWorkspace } from "../../modules/workspaces/workspaces";
import { WorkspaceSchema, workspaceView } from "../../representations/workspace";
import type { RateLimiter } from "../shared/rate-limit";
import { routeOptions } from "../shared/route-options";
import { IdParams, JsonInteger, literals } from "../shared/schemas";

const Patch = t.Object(
  {
    inbox: t.Object(
      {
        unsubscribe_requests: t.Optional(literals(["propose", "apply"] as const, "propose: an unsubscribe request written in a reply waits for review; apply: suppressed at once")),
        out_of_office_days: t.Optional(JsonInteger({ minimum: 1, maximum: MAX_OUT_OF_OFFICE_DAYS, description: "How long an out-of-office without a stated return date holds the next step" })),
      },
      { additionalProperties: false, minProperties: 1 },
    ),
  },
  { additionalProperties: false },
);

export function workspaceRoutes(ctx: Ctx, limiter: RateLimiter) {
  return new Elysia({ prefix: "/workspaces", tags: ["Workspace"] })
    .use(routeOptions(ctx, limiter, "b"))
    .get("/:id", ({ principal, params }) => workspaceView(getOwnWorkspace(ctx, { workspaceId: principal.workspaceId, id: params.id })), {
      scope: "workspace:read",
      params: IdParams("wsp"),
      doc: { summary: "Retrieve the workspace", ok: WorkspaceSchema, errors: [404] },
    })
    .patch(
      "/:id",
      ({ principal, params, body }) =>
        workspaceView(updateInboxSettings(ctx, { workspaceId: principal.workspaceId, id: params.id, patch: { unsubscribeRequests: body.inbox.unsubscribe_requests, outOfOfficeDays: body.inbox.out_of_office_days } })),
      {
        scope: "inbox:write",
        idempotency: "optional",
        params: IdParams("wsp"),
        body: Patch,
        doc: { summary: "Change what the inbox does on its own", description: "Only the inbox settings are writable (scope inbox:write).", ok: WorkspaceSchema, errors: [400, 404, 415, 422] },
      },
    );
}
