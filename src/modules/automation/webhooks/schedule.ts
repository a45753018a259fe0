// The delivery policy of DESIGN.md §3: when attempts happen, how long one may
// take, and when an endpoint is given up on.

/** Delay before attempt n+1 after attempt n failed (attempt 1 runs at once). 8 attempts in all. */
export const RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
export const JITTER = 0.1;
export const ATTEMPT_TIMEOUT_MS = 30_000;
/** An endpoint with no successful attempt for this long is disabled. */
export const FAILING_DISABLE_AFTER_MS = 5 * 86_400_000;
/** How long the secret replaced by rotate_secret keeps signing. */
export const SECRET_OVERLAP_MS = 24 * 3_600_000;

/**
 * When the next attempt is due after `runAttempts` failed attempts, or null
 * when the schedule is exhausted. `random` is injectable for tests.
 */
export function nextAttemptAt(now: number, runAttempts: number, random: () => number = Math.random): number | null {
  if (runAttempts >= MAX_ATTEMPTS) return null;
  const base = RETRY_DELAYS_MS[runAttempts - 1];
  if (base === undefined) return now;
  const jitter = 1 + JITTER * (2 * random() - 1);
  return now + Math.round(base * jitter);
}

/** 2xx is success; anything else (3xx included, or no answer) is a failure. */
export function isSuccess(status: number | null): boolean {
  return status !== null && status >= 200 && status < 300;
}
