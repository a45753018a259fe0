// The webhook delivery loop, separate from the job runner: webhooks need far
// more throughput than the jobs table. It claims due deliveries in batches,
// keeps up to `concurrency` requests in flight, and records outcomes in
// batched durable commits. Woken in-process when an event commits; a timer
// picks up retries as they fall due.
import type { Ctx } from "../../../context";
import { uuidv7Hex } from "../../../lib/ids";
import { errorFields } from "../../../lib/log";
import { claimDue, LEASE_MS, prepareAttempts, recordResults, runAttempt, type AttemptResult } from "./attempts";

export interface WebhookWorkerOptions {
  concurrency?: number;
  /** Deliveries claimed per statement. */
  batchSize?: number;
  pollMs?: number;
  leaseMs?: number;
}

export class WebhookWorker {
  readonly owner = `webhooks_${uuidv7Hex()}`;
  private readonly concurrency: number;
  private readonly batchSize: number;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly inFlight = new Set<Promise<void>>();
  private results: AttemptResult[] = [];
  private started = false;
  private stopping = false;
  private stopped = false;
  private wakePending = false;
  private flushPending = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly ctx: Ctx,
    opts: WebhookWorkerOptions = {},
  ) {
    this.concurrency = opts.concurrency ?? 64;
    this.batchSize = opts.batchSize ?? 64;
    this.pollMs = opts.pollMs ?? 1000;
    this.leaseMs = opts.leaseMs ?? LEASE_MS;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.unsubscribe = this.ctx.bus.subscribe(() => this.wake());
    this.fill();
  }

  /** Stops claiming, waits (bounded) for attempts in flight and records them. Unfinished ones are retried after their lease. */
  async stop(timeoutMs = 8000): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.unsubscribe?.();
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([Promise.all(this.inFlight), new Promise((r) => (timer = setTimeout(r, timeoutMs)))]);
    clearTimeout(timer);
    this.flush();
    this.stopped = true;
  }

  /** Coalesces wake-ups: many events committed in one tick cause one claim pass. */
  wake(): void {
    if (this.wakePending || !this.started || this.stopping) return;
    this.wakePending = true;
    queueMicrotask(() => {
      this.wakePending = false;
      this.fill();
    });
  }

  private fill(): void {
    if (!this.started || this.stopping) return;
    if (this.timer) clearTimeout(this.timer);
    try {
      // refill only below half: each claim is an fsync'd commit, so claim many at once
      while (this.inFlight.size <= this.concurrency / 2) {
        const claimed = claimDue(this.ctx, this.owner, Math.min(this.batchSize, this.concurrency - this.inFlight.size), this.leaseMs);
        if (claimed.length === 0) break;
        for (const prepared of prepareAttempts(this.ctx, claimed)) {
          const p: Promise<void> = runAttempt(prepared)
            .then((r) => this.collect(r))
            .finally(() => {
              this.inFlight.delete(p);
              this.wake();
            });
          this.inFlight.add(p);
        }
      }
    } catch (err) {
      // e.g. the database stayed busy: the timer tries again
      this.ctx.log.error("webhook claim failed", errorFields(err));
    }
    this.timer = setTimeout(() => this.fill(), this.pollMs);
  }

  private collect(r: AttemptResult): void {
    // after stop() the database may be closed: the lease lapses and it is retried
    if (this.stopped) return;
    this.results.push(r);
    if (this.flushPending) return;
    this.flushPending = true;
    // one commit for every outcome that arrived in this turn of the event loop
    setImmediate(() => {
      this.flushPending = false;
      this.flush();
    });
  }

  private flush(): void {
    const batch = this.results;
    if (batch.length === 0) return;
    this.results = [];
    try {
      recordResults(this.ctx, this.owner, batch);
    } catch (err) {
      // not recorded: the lease lapses and the deliveries are attempted again
      this.ctx.log.error("webhook outcome not recorded", { deliveries: batch.length, ...errorFields(err) });
    }
  }
}

/**
 * Attempts every delivery due now and records the outcomes, until none is
 * due. For tests (with the fake clock) and one-off runs; the server runs a
 * WebhookWorker instead.
 */
export async function deliverDue(ctx: Ctx, opts: { batchSize?: number } = {}): Promise<number> {
  const owner = `deliver_due_${uuidv7Hex()}`;
  let attempts = 0;
  for (;;) {
    const claimed = claimDue(ctx, owner, opts.batchSize ?? 256);
    if (claimed.length === 0) return attempts;
    const results = await Promise.all(prepareAttempts(ctx, claimed).map(runAttempt));
    recordResults(ctx, owner, results);
    attempts += results.length;
  }
}
