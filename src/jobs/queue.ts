// Enqueueing, reading and cancelling jobs: the part of the job system that
// services and routes use. The runner (runner.ts) executes them.
import { and, eq, sql } from "drizzle-orm";
import type { Ctx } from "../context";
import type { DbOrTx } from "../db/client";
import { jobs } from "../db/schema";
import { DomainError, notFound } from "../lib/errors";
import { newId } from "../lib/ids";
import type { JobRow } from "./types";

export const DEFAULT_MAX_ATTEMPTS = 10;

export interface EnqueueArgs {
  workspaceId: string | null;
  kind: string;
  args?: unknown;
  runAt?: number;
  maxAttempts?: number;
}

/** Inserts a job; pass the transaction that creates the job's subject so both commit together. */
export function enqueue(ctx: Ctx, db: DbOrTx, a: EnqueueArgs): JobRow {
  const now = ctx.clock.now();
  const row = db
    .insert(jobs)
    .values({
      id: newId("job"),
      workspaceId: a.workspaceId,
      kind: a.kind,
      args: a.args ?? {},
      state: "available",
      attempts: 0,
      maxAttempts: a.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      runAt: a.runAt ?? now,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
    .get();
  // after this turn: the enqueueing transaction has committed by then
  queueMicrotask(() => ctx.jobsEnqueued.publish());
  return row;
}

export function getJob(ctx: Ctx, { workspaceId, id }: { workspaceId: string; id: string }): JobRow {
  const row = ctx.db.select().from(jobs).where(and(eq(jobs.id, id), eq(jobs.workspaceId, workspaceId))).get();
  if (!row) throw notFound("job");
  return row;
}

/**
 * An available job is cancelled at once; a running one is asked to stop at its
 * next chunk boundary (cancel_requested_at). Cancelling a cancelled job is a
 * no-op; a job that already completed or failed cannot be cancelled.
 */
export function cancelJob(ctx: Ctx, { workspaceId, id }: { workspaceId: string; id: string }): JobRow {
  const now = ctx.clock.now();
  const scoped = and(eq(jobs.id, id), eq(jobs.workspaceId, workspaceId));
  const cancelled = ctx.db
    .update(jobs)
    .set({ state: "cancelled", cancelRequestedAt: now, finishedAt: now, updatedAt: now, lastError: { at: now, code: "cancelled", detail: "Cancelled before it ran." } })
    .where(and(scoped, eq(jobs.state, "available")))
    .returning()
    .get();
  if (cancelled) return cancelled;
  const requested = ctx.db
    .update(jobs)
    .set({ cancelRequestedAt: sql`coalesce(${jobs.cancelRequestedAt}, ${now})`, updatedAt: now })
    .where(and(scoped, eq(jobs.state, "running")))
    .returning()
    .get();
  if (requested) return requested;
  const row = getJob(ctx, { workspaceId, id });
  if (row.state === "cancelled") return row;
  throw new DomainError("invalid_state", `The job is ${row.state} and can no longer be cancelled.`);
}
