// The worker: claims due jobs with a lease (one UPDATE … RETURNING), renews the
// lease while a handler runs, records the outcome, and rescues jobs whose lease
// lapsed because their process died (River's model).
import { and, eq, lte, sql } from "drizzle-orm";
import type { Ctx } from "../context";
import { jobs } from "../db/schema";
import { errorFields } from "../lib/log";
import { uuidv7Hex } from "../lib/ids";
import { backoffMs } from "./backoff";
import { JobError, JobInterrupted, MAX_RESULT_BYTES, type JobContext, type JobHandler, type JobRow, type Outcome } from "./types";

export interface RunnerOptions {
  concurrency?: number;
  leaseMs?: number;
  pollMs?: number;
}

export class JobRunner {
  readonly owner = `runner_${uuidv7Hex()}`;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private running = new Set<Promise<void>>();
  private stopping = false;
  private started = false;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly ctx: Ctx,
    handlers: JobHandler[],
    opts: RunnerOptions = {},
  ) {
    for (const h of handlers) this.handlers.set(h.kind, h);
    this.concurrency = opts.concurrency ?? 4;
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.pollMs = opts.pollMs ?? 1000;
  }

  /** Starts the background loop; enqueue() in this process wakes it at once. */
  start(): void {
    this.started = true;
    this.ctx.wakeJobs = () => this.fill();
    this.fill();
  }

  /** Stops claiming, interrupts handlers at their next checkpoint, waits for them. */
  async stop(timeoutMs = 8000): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    const all = Promise.all(this.running);
    // The timer must not outlive the wait: a pending one keeps the process alive.
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([all, new Promise((r) => (timer = setTimeout(r, timeoutMs)))]);
    clearTimeout(timer);
  }

  private fill(): void {
    if (!this.started || this.stopping) return;
    if (this.timer) clearTimeout(this.timer);
    while (this.running.size < this.concurrency) {
      const job = this.claim();
      if (!job) break;
      const p: Promise<void> = this.execute(job).finally(() => {
        this.running.delete(p);
        this.fill();
      });
      this.running.add(p);
    }
    this.timer = setTimeout(() => this.fill(), this.pollMs);
  }

  /** Claims the next due job, or null. */
  claim(): JobRow | null {
    const now = this.ctx.clock.now();
    const next = sql`(SELECT id FROM jobs WHERE state = 'available' AND run_at <= ${now} ORDER BY run_at, id LIMIT 1)`;
    return (
      this.ctx.db
        .update(jobs)
        .set({ state: "running", leaseOwner: this.owner, leaseExpiresAt: now + this.leaseMs, updatedAt: now })
        .where(and(eq(jobs.id, next), eq(jobs.state, "available")))
        .returning()
        .get() ?? null
    );
  }

  /** Claims and runs one due job to its outcome (tests drive the runner with this). */
  async runOnce(): Promise<JobRow | null> {
    const job = this.claim();
    if (!job) return null;
    await this.execute(job);
    return this.ctx.db.select().from(jobs).where(eq(jobs.id, job.id)).get() ?? null;
  }

  /** Runs due jobs until none is left. */
  async drain(max = 10_000): Promise<number> {
    let n = 0;
    while (n < max && (await this.runOnce())) n++;
    return n;
  }

  /** Makes jobs whose lease lapsed available again (or failed / needs_review). */
  rescue(): number {
    const now = this.ctx.clock.now();
    const lapsed = this.ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.state, "running"), lte(jobs.leaseExpiresAt, now)))
      .all();
    for (const job of lapsed) {
      const handler = this.handlers.get(job.kind);
      const detail = `The lease of ${job.leaseOwner ?? "its runner"} lapsed; its process probably stopped.`;
      if (handler?.onLeaseExpired === "needs_review") {
        this.finish(job, { state: "needs_review", lastError: { at: now, code: "lease_expired", detail } }, job.leaseOwner);
      } else {
        this.fail(job, "lease_expired", detail, true, job.leaseOwner);
      }
    }
    return lapsed.length;
  }

  private async execute(job: JobRow): Promise<void> {
    const handler = this.handlers.get(job.kind);
    if (!handler) {
      this.fail(job, "unknown_kind", `No handler is registered for kind ${job.kind}.`, false);
      return;
    }
    const renew = setInterval(() => this.renew(job.id), Math.max(50, this.leaseMs / 3));
    try {
      const outcome = await handler.run(this.jobContext(job));
      this.record(job, outcome);
    } catch (err) {
      if (err instanceof JobInterrupted) {
        if (err.reason === "cancel") this.record(job, { type: "cancelled" });
        else this.release(job);
      } else if (err instanceof JobError) {
        this.fail(job, err.code, err.message, err.retryable);
      } else {
        this.ctx.log.error("job failed", { job_id: job.id, kind: job.kind, ...errorFields(err) });
        this.fail(job, "error", err instanceof Error ? err.message : String(err), true);
      }
    } finally {
      clearInterval(renew);
    }
  }

  private jobContext(job: JobRow): JobContext {
    const self = this;
    const cancelRequested = () =>
      this.ctx.db.select({ c: jobs.cancelRequestedAt }).from(jobs).where(eq(jobs.id, job.id)).get()?.c != null;
    return {
      app: this.ctx,
      job,
      args: job.args,
      progress: job.progress ?? null,
      checkpoint(progress) {
        const now = self.ctx.clock.now();
        const row = self.ctx.db
          .update(jobs)
          .set({ progress, updatedAt: now, leaseExpiresAt: now + self.leaseMs })
          .where(and(eq(jobs.id, job.id), eq(jobs.leaseOwner, self.owner), eq(jobs.state, "running")))
          .returning({ cancel: jobs.cancelRequestedAt })
          .get();
        if (!row) throw new JobInterrupted("shutdown"); // lease lost: another runner owns it now
        if (row.cancel != null) throw new JobInterrupted("cancel");
        if (self.stopping) throw new JobInterrupted("shutdown");
      },
      cancelRequested,
      done: (result) => ({ type: "done", result: result ?? null }),
      snooze: (seconds) => ({ type: "snooze", seconds }),
      cancelled: () => ({ type: "cancelled" }),
      needsReview: (detail) => ({ type: "needs_review", detail }),
    };
  }

  private renew(id: string): void {
    const now = this.ctx.clock.now();
    try {
      this.ctx.db
        .update(jobs)
        .set({ leaseExpiresAt: now + this.leaseMs })
        .where(and(eq(jobs.id, id), eq(jobs.leaseOwner, this.owner), eq(jobs.state, "running")))
        .run();
    } catch (err) {
      this.ctx.log.warn("lease renewal failed", { job_id: id, ...errorFields(err) });
    }
  }

  private record(job: JobRow, outcome: Outcome): void {
    const now = this.ctx.clock.now();
    switch (outcome.type) {
      case "done": {
        const size = Buffer.byteLength(JSON.stringify(outcome.result ?? null));
        if (size > MAX_RESULT_BYTES) {
          this.fail(job, "result_too_large", `The result is ${size} bytes; at most ${MAX_RESULT_BYTES} are kept.`, false);
          return;
        }
        this.finish(job, { state: "completed", result: outcome.result ?? null });
        return;
      }
      case "snooze":
        this.finish(job, { state: "available", runAt: now + Math.max(0, outcome.seconds) * 1000, finishedAt: null });
        return;
      case "cancelled":
        this.finish(job, { state: "cancelled", lastError: { at: now, code: "cancelled", detail: "Cancelled at a chunk boundary." } });
        return;
      case "needs_review":
        this.finish(job, { state: "needs_review", lastError: { at: now, code: "needs_review", detail: outcome.detail } });
        return;
    }
  }

  /** Back to available without counting an attempt (shutdown mid-job). */
  private release(job: JobRow): void {
    this.finish(job, { state: "available", runAt: this.ctx.clock.now(), finishedAt: null });
  }

  private fail(job: JobRow, code: string, detail: string, retryable: boolean, owner: string | null = this.owner): void {
    const now = this.ctx.clock.now();
    const attempts = job.attempts + 1;
    const lastError = { at: now, code, detail: detail.slice(0, 2000) };
    // A handler's maxAttempts caps its kind; enqueue() may set a lower one per job.
    const max = Math.min(job.maxAttempts, this.handlers.get(job.kind)?.maxAttempts ?? Infinity);
    if (retryable && attempts < max) {
      this.finish(job, { state: "available", attempts, lastError, runAt: now + backoffMs(attempts), finishedAt: null }, owner);
    } else {
      this.finish(job, { state: "failed", attempts, lastError }, owner);
    }
  }

  /** Writes the job's next state, guarded by the lease so a rescued job is not overwritten. */
  private finish(job: JobRow, patch: Partial<JobRow>, owner: string | null = this.owner): void {
    const now = this.ctx.clock.now();
    const terminal = patch.state !== "available";
    this.ctx.db
      .update(jobs)
      .set({ finishedAt: terminal ? now : null, ...patch, leaseOwner: null, leaseExpiresAt: null, updatedAt: now })
      .where(and(eq(jobs.id, job.id), eq(jobs.state, "running"), owner === null ? sql`lease_owner IS NULL` : eq(jobs.leaseOwner, owner)))
      .run();
  }
}
