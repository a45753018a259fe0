// The job runner: the lease skeleton (lease.ts) over the jobs table, running
// each claimed job's handler (River's model). A claim counts the attempt; an
// outcome that is not a failure (done, snooze, cancel, a shutdown release, a
// lapsed lease set aside for review) gives it back, so `attempts` counts failed
// runs, as SPEC's Job says.
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Ctx } from "../context";
import { durably, isBusyError } from "../db/client";
import { jobs } from "../db/schema";
import { errorFields } from "../lib/log";
import { backoffMs } from "./backoff";
import { LeaseWorker, type LeaseStore } from "./lease";
import { JobError, JobInterrupted, MAX_RESULT_BYTES, type JobContext, type JobHandler, type JobRow, type Outcome } from "./types";

export interface RunnerOptions {
  concurrency?: number;
  leaseMs?: number;
  pollMs?: number;
}

/** What one run ended with, as the store records it. */
export type JobResult = { job: JobRow; outcome: Outcome } | { job: JobRow; failure: { code: string; detail: string; retryable: boolean } } | { job: JobRow; released: true };

export class JobRunner extends LeaseWorker<JobRow, JobResult> {
  private readonly handlers: Map<string, JobHandler>;

  constructor(ctx: Ctx, handlers: JobHandler[], opts: RunnerOptions = {}) {
    const byKind = new Map(handlers.map((h) => [h.kind, h]));
    const store = jobStore(ctx, byKind);
    super("jobs", ctx, store, (job) => this.execute(job), {
      concurrency: opts.concurrency ?? 4,
      batchSize: 1,
      leaseMs: opts.leaseMs ?? 60_000,
      pollMs: opts.pollMs ?? 1000,
      wake: ctx.jobsEnqueued,
    });
    this.handlers = byKind;
  }

  /** Claims the next due job, or null (tests simulate a runner that dies with this). */
  claim(): JobRow | null {
    return this.store.claim(this.owner, 1, this.opts.leaseMs)[0] ?? null;
  }

  /** Claims and runs one due job to its outcome; the job's row afterwards, or null when none was due. */
  async runOnce(): Promise<JobRow | null> {
    const job = this.claim();
    if (!job) return null;
    this.store.record(this.owner, [await this.execute(job)]);
    return this.ctx.db.select().from(jobs).where(eq(jobs.id, job.id)).get() ?? null;
  }

  private async execute(job: JobRow): Promise<JobResult> {
    const handler = this.handlers.get(job.kind);
    if (!handler) return { job, failure: { code: "unknown_kind", detail: `No handler is registered for kind ${job.kind}.`, retryable: false } };
    try {
      return { job, outcome: await handler.run(this.jobContext(job)) };
    } catch (err) {
      if (err instanceof JobInterrupted) return err.reason === "cancel" ? { job, outcome: { type: "cancelled" } } : { job, released: true };
      if (err instanceof JobError) return { job, failure: { code: err.code, detail: err.message, retryable: err.retryable } };
      // another process holds the database's write lock: not the job's failure; it resumes from its checkpoint
      if (isBusyError(err)) return { job, outcome: { type: "snooze", seconds: 1 } };
      this.ctx.log.error("job failed", { job_id: job.id, kind: job.kind, ...errorFields(err) });
      return { job, failure: { code: "error", detail: err instanceof Error ? err.message : String(err), retryable: true } };
    }
  }

  private jobContext(job: JobRow): JobContext {
    const { ctx, owner } = this;
    const leaseMs = this.opts.leaseMs;
    const stopping = () => this.isStopping;
    return {
      app: ctx,
      job,
      args: job.args,
      progress: job.progress ?? null,
      checkpoint(progress) {
        const now = ctx.clock.now();
        const row = ctx.db
          .update(jobs)
          .set({ progress, updatedAt: now, leaseExpiresAt: now + leaseMs })
          .where(and(eq(jobs.id, job.id), eq(jobs.leaseOwner, owner), eq(jobs.state, "running")))
          .returning({ cancel: jobs.cancelRequestedAt })
          .get();
        if (!row) throw new JobInterrupted("shutdown"); // lease lost: another runner owns it now
        if (row.cancel != null) throw new JobInterrupted("cancel");
        if (stopping()) throw new JobInterrupted("shutdown");
      },
      cancelRequested: () => ctx.db.select({ c: jobs.cancelRequestedAt }).from(jobs).where(eq(jobs.id, job.id)).get()?.c != null,
      done: (result) => ({ type: "done", result: result ?? null }),
      snooze: (seconds) => ({ type: "snooze", seconds }),
      cancelled: () => ({ type: "cancelled" }),
      needsReview: (detail) => ({ type: "needs_review", detail }),
    };
  }
}

/** The jobs table as a lease store. */
function jobStore(ctx: Ctx, handlers: Map<string, JobHandler>): LeaseStore<JobRow, JobResult> {
  /** Writes the job's next state, guarded by the lease so a rescued job is not overwritten. */
  const finish = (job: JobRow, owner: string | null, patch: Partial<JobRow>) => {
    const now = ctx.clock.now();
    const terminal = patch.state !== "available";
    ctx.db
      .update(jobs)
      .set({ finishedAt: terminal ? now : null, ...patch, leaseOwner: null, leaseExpiresAt: null, updatedAt: now })
      .where(and(eq(jobs.id, job.id), eq(jobs.state, "running"), owner === null ? sql`lease_owner IS NULL` : eq(jobs.leaseOwner, owner)))
      .run();
  };
  // the claim counted this run; an outcome that is no failure gives it back
  const notFailed = (job: JobRow) => Math.max(0, job.attempts - 1);
  const fail = (job: JobRow, owner: string | null, code: string, detail: string, retryable: boolean) => {
    const now = ctx.clock.now();
    const lastError = { at: now, code, detail: detail.slice(0, 2000) };
    // a handler's maxAttempts caps its kind; enqueue() may set a lower one per job
    const max = Math.min(job.maxAttempts, handlers.get(job.kind)?.maxAttempts ?? Infinity);
    if (retryable && job.attempts < max) finish(job, owner, { state: "available", lastError, runAt: now + backoffMs(job.attempts), finishedAt: null });
    else finish(job, owner, { state: "failed", lastError });
  };
  const apply = (owner: string, r: JobResult) => {
    const { job } = r;
    const now = ctx.clock.now();
    if ("released" in r) return finish(job, owner, { state: "available", attempts: notFailed(job), runAt: now, finishedAt: null });
    if ("failure" in r) return fail(job, owner, r.failure.code, r.failure.detail, r.failure.retryable);
    const o = r.outcome;
    switch (o.type) {
      case "done": {
        const size = Buffer.byteLength(JSON.stringify(o.result ?? null));
        if (size > MAX_RESULT_BYTES) return fail(job, owner, "result_too_large", `The result is ${size} bytes; at most ${MAX_RESULT_BYTES} are kept.`, false);
        return finish(job, owner, { state: "completed", attempts: notFailed(job), result: o.result ?? null });
      }
      case "snooze":
        return finish(job, owner, { state: "available", attempts: notFailed(job), runAt: now + Math.max(0, o.seconds) * 1000, finishedAt: null });
      case "cancelled":
        return finish(job, owner, { state: "cancelled", attempts: notFailed(job), lastError: { at: now, code: "cancelled", detail: "Cancelled at a chunk boundary." } });
      case "needs_review":
        return finish(job, owner, { state: "needs_review", attempts: notFailed(job), lastError: { at: now, code: "needs_review", detail: o.detail } });
    }
  };
  return {
    claim(owner, limit, leaseMs) {
      const now = ctx.clock.now();
      const due = sql`(SELECT id FROM jobs WHERE state = 'available' AND run_at <= ${now} ORDER BY run_at, id LIMIT ${limit})`;
      return durably(ctx.db, (tx) =>
        tx
          .update(jobs)
          .set({ state: "running", leaseOwner: owner, leaseExpiresAt: now + leaseMs, attempts: sql`${jobs.attempts} + 1`, updatedAt: now })
          .where(and(inArray(jobs.id, due), eq(jobs.state, "available")))
          .returning()
          .all(),
      );
    },
    renew(owner, items, leaseMs) {
      const now = ctx.clock.now();
      ctx.db
        .update(jobs)
        .set({ leaseExpiresAt: now + leaseMs })
        .where(and(inArray(jobs.id, items.map((j) => j.id)), eq(jobs.leaseOwner, owner), eq(jobs.state, "running")))
        .run();
    },
    record(owner, results) {
      ctx.db.transaction(() => results.forEach((r) => apply(owner, r)));
    },
    rescue() {
      const now = ctx.clock.now();
      const lapsed = ctx.db.select().from(jobs).where(and(eq(jobs.state, "running"), lte(jobs.leaseExpiresAt, now))).all();
      for (const job of lapsed) {
        const detail = `The lease of ${job.leaseOwner ?? "its runner"} lapsed; its process probably stopped.`;
        // the attempt was counted at claim: a lapsed lease is a failed run, unless its effect is for an operator to judge
        if (handlers.get(job.kind)?.onLeaseExpired === "needs_review") {
          finish(job, job.leaseOwner, { state: "needs_review", attempts: notFailed(job), lastError: { at: now, code: "lease_expired", detail } });
        } else fail(job, job.leaseOwner, "lease_expired", detail, true);
      }
      return lapsed.length;
    },
  };
}
