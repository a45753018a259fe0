import { Elysia } from "elysia";
import type { Ctx } from "../../context";
import { cancelJob, getJob } from "../../jobs/queue";
import { authPlugin } from "../shared/auth";
import { idempotent } from "../shared/idempotency";
import type { RateLimiter } from "../shared/rate-limit";
import { docB, IdParams } from "../shared/schemas";
import { JobB, toJobB } from "./serializers/job";

const tags = ["Automation"];

export function jobRoutes(ctx: Ctx, limiter: RateLimiter) {
  return new Elysia({ prefix: "/jobs" })
    .use(authPlugin(ctx, limiter, "b"))
    .get("/:id", ({ principal, params }) => toJobB(getJob(ctx, { workspaceId: principal.workspaceId, id: params.id })), {
      scope: "automation:read",
      params: IdParams("job"),
      detail: { tags, ...docB("Retrieve a job", "automation:read", { status: 200, schema: JobB }, [403, 404]) },
    })
    .post(
      "/:id/cancel",
      ({ principal, params, request }) =>
        idempotent(ctx, request, principal, { api: "b", mode: "optional", body: undefined }, () => ({
          status: 200,
          body: toJobB(cancelJob(ctx, { workspaceId: principal.workspaceId, id: params.id })),
        })),
      {
        scope: "automation:manage",
        params: IdParams("job"),
        detail: {
          tags,
          ...docB(
            "Cancel a job",
            "automation:manage",
            { status: 200, schema: JobB, description: "An available job is cancelled at once; a running one at its next chunk boundary (cancel_requested_at set)." },
            [403, 404, 409],
          ),
        },
      },
    );
}
