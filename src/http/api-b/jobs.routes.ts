import { Elysia } from "elysia";
import type { Ctx } from "../../context";
import { cancelJob, getJob } from "../../jobs/queue";
import { JobSchema, jobView } from "../../representations/job";
import type { RateLimiter } from "../shared/rate-limit";
import { routeOptions } from "../shared/route-options";
import { IdParams } from "../shared/schemas";

const Params = IdParams("job");

export function jobRoutes(ctx: Ctx, limiter: RateLimiter) {
  return new Elysia({ prefix: "/jobs", tags: ["Automation"] })
    .use(routeOptions(ctx, limiter, "b"))
    .get("/:id", ({ principal, params }) => jobView(getJob(ctx, { workspaceId: principal.workspaceId, id: params.id })), {
      scope: "automation:read",
      params: Params,
      doc: { summary: "Retrieve a job", ok: JobSchema, errors: [404] },
    })
    .post("/:id/cancel", ({ principal, params }) => jobView(cancelJob(ctx, { workspaceId: principal.workspaceId, id: params.id })), {
      scope: "automation:manage",
      idempotency: "optional",
      params: Params,
      doc: {
        summary: "Cancel a job",
        ok: JobSchema,
        okDescription: "An available job is cancelled at once; a running one at its next chunk boundary (cancel_requested_at set).",
        errors: [404, 409],
      },
    });
}
