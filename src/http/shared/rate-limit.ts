// Token bucket per credential (or per client address before authentication).
// Advertised with the IETF RateLimit-Policy / RateLimit headers on every answer.
import { DomainError } from "../../lib/errors";
import type { Clock } from "../../lib/clock";
import type { RequestState } from "./request-state";

interface Bucket {
  tokens: number;
  at: number;
}

export class RateLimiter {
  private buckets = new Map<string, Bucket>();
  readonly policy: string;

  constructor(
    private readonly clock: Clock,
    readonly perSecond: number,
    readonly burst: number,
  ) {
    this.policy = `"default";q=${burst};w=${Math.max(1, Math.ceil(burst / perSecond))}`;
  }

  /**
   * Takes one token for `key` (a key id, or a client address: they cannot
   * collide) and records what is left on the request; returns the seconds to
   * wait when the bucket is empty, else 0.
   */
  take(key: string, state: RequestState): number {
    const now = this.clock.now();
    let b = this.buckets.get(key);
    if (!b) {
      if (this.buckets.size > 100_000) this.buckets.clear(); // bounded memory under address churn
      b = { tokens: this.burst, at: now };
      this.buckets.set(key, b);
    }
    b.tokens = Math.min(this.burst, b.tokens + ((now - b.at) / 1000) * this.perSecond);
    b.at = now;
    state.rateReset = Math.ceil((this.burst - b.tokens) / this.perSecond);
    if (b.tokens < 1) {
      state.rateRemaining = 0;
      return Math.max(1, Math.ceil((1 - b.tokens) / this.perSecond));
    }
    b.tokens -= 1;
    state.rateRemaining = Math.floor(b.tokens);
    return 0;
  }
}

/** Charges the request's bucket; 429 when it is empty. */
export function chargeRateLimit(limiter: RateLimiter, state: RequestState, key: string): void {
  const wait = limiter.take(key, state);
  if (wait) throw new DomainError("rate_limited", `Too many requests for this credential; retry in ${wait} s.`, { retryAfter: wait });
}
