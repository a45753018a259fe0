import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const JOB_STATES = ["available", "running", "completed", "failed", "cancelled", "needs_review"] as const;
export type JobState = (typeof JOB_STATES)[number];
export interface LastError {
  at: number;
  code: string;
  detail: string;
}

export const jobs = sqliteTable(
  "jobs",
  {
    id: text("id").primaryKey(),
    // null for system jobs (purges, roll-ups) that belong to no workspace
    workspaceId: text("workspace_id"),
    kind: text("kind").notNull(),
    args: text("args", { mode: "json" }).$type<unknown>().notNull(),
    state: text("state", { enum: JOB_STATES }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull(),
    runAt: integer("run_at").notNull(),
    leaseOwner: text("lease_owner"),
    leaseExpiresAt: integer("lease_expires_at"),
    cancelRequestedAt: integer("cancel_requested_at"),
    finishedAt: integer("finished_at"),
    lastError: text("last_error", { mode: "json" }).$type<LastError>(),
    progress: text("progress", { mode: "json" }).$type<unknown>(),
    result: text("result", { mode: "json" }).$type<unknown>(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("jobs_due_idx").on(t.state, t.runAt, t.id),
    index("jobs_lease_idx").on(t.state, t.leaseExpiresAt),
    index("jobs_workspace_idx").on(t.workspaceId, t.id),
  ],
);
