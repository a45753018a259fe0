/** Exponential backoff with ±10% jitter: 2s, 4s, 8s … capped at one hour. */
export function backoffMs(attempt: number, random = Math.random): number {
  const base = Math.min(2000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
  return Math.round(base * (0.9 + 0.2 * random()));
}
