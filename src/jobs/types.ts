import type { Ctx } from "../context";
import type { jobs } from "../db/schema";

export type JobRow = typeof jobs.$inferSelect;

export type Outcome =
  | { type: "done"; result: unknown }
  | { type: "snooze"; seconds: number }
  | { type: "cancelled" }
  | { type: "needs_review"; detail: string };

export interface JobContext<Args = unknown, Progress = unknown> {
  app: Ctx;
  job: JobRow;
  args: Args;
  /** Progress of the last checkpoint (survives retries and rescues). */
  progress: Progress | null;
  /**
   * Saves progress and renews the lease. Throws JobInterrupted when the job
   * was cancelled or the runner is shutting down: handlers checkpoint after
   * each chunk, so they stop at the next chunk boundary.
   */
  checkpoint(progress: Progress): void;
  cancelRequested(): boolean;
  done(result?: unknown): Outcome;
  /** Wait and run again later; not a failure, attempts stay unchanged. */
  snooze(seconds: number): Outcome;
  cancelled(): Outcome;
  /** An external effect may or may not have happened: an operator decides. */
  needsReview(detail: string): Outcome;
}

export interface JobHandler<Args = any, Progress = any> {
  kind: string;
  maxAttempts?: number;
  /**
   * What a lapsed lease means: most jobs are safe to retry; a job whose crash
   * could leave an ambiguous external effect goes to needs_review.
   */
  onLeaseExpired?: "retry" | "needs_review";
  run(jc: JobContext<Args, Progress>): Promise<Outcome> | Outcome;
}

export class JobInterrupted extends Error {
  constructor(readonly reason: "cancel" | "shutdown") {
    super(`job interrupted: ${reason}`);
  }
}

export class JobError extends Error {
  constructor(
    readonly code: string,
    detail: string,
    /** false for failures a retry cannot fix */
    readonly retryable = true,
  ) {
    super(detail);
  }
}

export const MAX_RESULT_BYTES = 64 * 1024;
