// The webhook delivery worker: the lease skeleton (jobs/lease.ts) over the
// webhook_deliveries table, apart from the job runner because webhooks need far
// more throughput. It claims due deliveries in batches (each claim counts the
// attempt and records its start, fsync'd, before any byte leaves), keeps up to
// `concurrency` requests in flight and records outcomes in batched durable
// commits. Woken in-process when an event commits; a timer picks up retries.
// A lapsed lease needs no rescue: the lease's end is the delivery's
// next_attempt_at, so it is due again by construction.
import type { Ctx } from "../../../context";
import { LeaseWorker, type LeaseStore } from "../../../jobs/lease";
import { claimDue, LEASE_MS, prepareAttempts, recordResults, runAttempt, type AttemptResult, type PreparedAttempt } from "./attempts";

export interface WebhookWorkerOptions {
  concurrency?: number;
  /** Deliveries claimed per statement. */
  batchSize?: number;
  pollMs?: number;
  leaseMs?: number;
}

function deliveryStore(ctx: Ctx): LeaseStore<PreparedAttempt, AttemptResult> {
  return {
    claim: (owner, limit, leaseMs) => prepareAttempts(ctx, claimDue(ctx, owner, limit, leaseMs)),
    record: (owner, results) => recordResults(ctx, owner, results),
    rescue: () => 0,
  };
}

export class WebhookWorker extends LeaseWorker<PreparedAttempt, AttemptResult> {
  constructor(ctx: Ctx, opts: WebhookWorkerOptions = {}) {
    super("webhooks", ctx, deliveryStore(ctx), runAttempt, {
      concurrency: opts.concurrency ?? 64,
      batchSize: opts.batchSize ?? 64,
      pollMs: opts.pollMs ?? 1000,
      leaseMs: opts.leaseMs ?? LEASE_MS,
      wake: ctx.events,
    });
  }
}

/**
 * Attempts every delivery due now and records the outcomes, until none is
 * due. For tests (with the fake clock) and one-off runs; the server runs a
 * WebhookWorker service instead.
 */
export function deliverDue(ctx: Ctx, opts: { batchSize?: number } = {}): Promise<number> {
  return new WebhookWorker(ctx, { batchSize: opts.batchSize ?? 256, concurrency: opts.batchSize ?? 256 }).drain();
}
