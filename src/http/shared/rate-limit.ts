// Token bucket per credential (or per client address before authentication).
// Advertised with the IETF RateLimit-Policy / RateLimit headers on every answer.
import { DomainError } from "../../lib/errors";
import type { Clock } from "../../lib/clock";
import { stateOf } from "./request-state";

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

  /** Takes one token; returns the tokens left, or the seconds to wait. */
  take(key: string): { ok: boolean; remaining: number; retryAfter: number; resetSeconds: number } {
    const now = this.clock.now();
    let b = this.buckets.get(key);
    if (!b) {
      if (this.buckets.size > 100_000) this.buckets.clear(); // bounded memory under address churn
      b = { tokens: this.burst, at: now };
      this.buckets.set(key, b);
    }
    b.tokens = Math.min(this.burst, b.tokens + ((now - b.at) / 1000) * this.perSecond);
    b.at = now;
    const resetSeconds = Math.ceil((this.burst - b.tokens) / this.perSecond);
    if (b.tokens < 1) {
      return { ok: false, remaining: 0, retryAfter: Math.max(1, Math.ceil((1 - b.tokens) / this.perSecond)), resetSeconds };
    }
    b.tokens -= 1;
    return { ok: true, remaining: Math.floor(b.tokens), retryAfter: 0, resetSeconds };
  }
}

export function chargeRateLimit(limiter: RateLimiter, req: Request, key: string): void {
  const r = limiter.take(key);
  const state = stateOf(req);
  state.rate = { policy: limiter.policy, remaining: `"default";r=${r.remaining};t=${r.resetSeconds}` };
  if (!r.ok) {
    throw new DomainError("rate_limited", `Too many requests for this credential; retry in ${r.retryAfter} s.`, { retryAfter: r.retryAfter });
  }
}
