import { Type as t } from "@sinclair/typebox";
import { iso } from "../lib/clock";
import type { jobs } from "../db/schema";
import { Id, LastErrorSchema, lastErrorView, Nullable, Timestamp } from "./common";
import { AT, EXAMPLE_IDS } from "./examples";

type JobRow = typeof jobs.$inferSelect;

/** The import.run job of the import example: 425 rows after the header. */
export const JOB_EXAMPLE = {
  id: EXAMPLE_IDS.job,
  object: "job",
  kind: "import.run",
  state: "completed",
  attempts: 0,
  cancel_requested_at: null,
  finished_at: AT.importFinished,
  last_error: null,
  progress: { line: 426, created: 412, updated: 9, skipped: 3, failed: 1, suppressed: 2 },
  result: { import_id: EXAMPLE_IDS.imp, status: "completed", created: 412, updated: 9, skipped: 3, failed: 1, suppressed: 2, problems: 1 },
  created_at: AT.importCreated,
  updated_at: AT.importFinished,
};
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
  { title: "Job", examples: [JOB_EXAMPLE] },
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
