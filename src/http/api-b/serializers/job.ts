import { t } from "elysia";
import { iso } from "../../../lib/clock";
import type { JobRow } from "../../../jobs/types";
import type { LastError } from "../../../db/schema";
import { Id, Nullable, Timestamp } from "../../shared/schemas";

export const LastErrorB = t.Object({ at: Timestamp, code: t.String(), detail: t.String() }, { title: "LastError" });

export const JobB = t.Object(
  {
    id: Id("job"),
    object: t.Literal("job"),
    kind: t.String({ description: "Kind of work, e.g. webhook.deliver, enrollment.add, import.run" }),
    state: t.String({ description: "available, running, completed, failed, cancelled, needs_review; new values may be added" }),
    attempts: t.Integer({ description: "Failed runs so far; a yield is not a failure" }),
    cancel_requested_at: Nullable(Timestamp),
    finished_at: Nullable(Timestamp),
    last_error: Nullable(LastErrorB),
    progress: t.Any({ description: "What the job has done so far, per its last checkpoint" }),
    result: t.Any({ description: "Bounded result once completed (at most 64 KiB)" }),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { title: "Job" },
);

export const toLastErrorB = (e: LastError | null) => (e ? { at: iso(e.at), code: e.code, detail: e.detail } : null);

export function toJobB(j: JobRow) {
  return {
    id: j.id,
    object: "job" as const,
    kind: j.kind,
    state: j.state,
    attempts: j.attempts,
    cancel_requested_at: iso(j.cancelRequestedAt),
    finished_at: iso(j.finishedAt),
    last_error: toLastErrorB(j.lastError),
    progress: j.progress ?? null,
    result: j.result ?? null,
    created_at: iso(j.createdAt),
    updated_at: iso(j.updatedAt),
  };
}
