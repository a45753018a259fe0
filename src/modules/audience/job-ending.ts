// How an import or export job's error ends its record: a cancel, an error a
// retry cannot fix, or the last attempt failing ends it for good; anything
// else (a shutdown, a retryable error with attempts left) leaves it to the
// runner, which resumes or retries the job.
import type { LastError } from "../../db/schema";
import { JobError, JobInterrupted, type JobContext } from "../../jobs/types";

export function terminalError(jc: JobContext<any, any>, err: unknown): { cancelled: boolean; lastError: LastError } | null {
  const at = jc.app.clock.now();
  if (err instanceof JobInterrupted) {
    return err.reason === "cancel" ? { cancelled: true, lastError: { at, code: "cancelled", detail: "Cancelled at a batch boundary; the work done before it stays." } } : null;
  }
  const known = err instanceof JobError;
  const retryable = known ? err.retryable : true;
  if (retryable && jc.job.attempts + 1 < jc.job.maxAttempts) return null;
  return { cancelled: false, lastError: { at, code: known ? err.code : "error", detail: known ? err.message : "It stopped on an internal error, logged with its job id." } };
}
