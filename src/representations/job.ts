import { Type as t } from "@sinclair/typebox";
import { iso } from "../lib/clock";
import type { jobs } from "../db/schema";
import { Id, LastErrorSchema, lastErrorView, Nullable, Timestamp } from "./common";

type JobRow = typeof jobs.$inferSelect;
export const JobSchema = t.Object(
  {
    id: Id("job"),
    object: t.Literal("job"),
    kind: t.String({ description: "Kind of work, e.g. webhook.deliver, enrollment.add, import.run" }),
    state: t.String({ description: "available, running, completed, failed, cancelled, needs_review; new values may be added" }),
    attempts: t.Integer({ description: "Failed runs so far; a yield is not a failure" }),
    cancel_requested_at: Nullable(Timestamp),
    finished_at: Nullable(Timestamp),
    last_error: Nullable(LastErrorSchema),
    progress: t.Any({ description: "What the job has done so far, per its last checkpoint" }),
    result: t.Any({ description: "Bounded result once completed (at most 64 KiB)" }),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { title: "Job" },
);

export function jobView(j: JobRow) {
  return {
    id: j.id,
    object: "job" as const,
    kind: j.kind,
    state: j.state,
    attempts: j.attempts,
    cancel_requested_at: iso(j.cancelRequestedAt),
    finished_at: iso(j.finishedAt),
    last_error: lastErrorView(j.lastError),
    progress: j.progress ?? null,
    result: j.result ?? null,
    created_at: iso(j.createdAt),
    updated_at: iso(j.updatedAt),
  };
}
