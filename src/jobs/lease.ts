// The one claim/lease/record skeleton of background work (DESIGN.md §4):
// jobs, webhook deliveries and (next) outgoing messages each provide a store
// over their table, and a LeaseWorker runs it the same way:
//   claim  — one UPDATE … RETURNING leases due items to this worker and counts
//            the attempt on each, durably, before any work starts;
//   work   — each claimed item, up to `concurrency` at once;
//   record — outcomes, batched per turn of the event loop (or a short delay),
//            each written only where this worker still holds the lease;
//   rescue — items whose lease lapsed (their process died) become due again,
//            or are set aside where an external effect may have happened.
import type { Ctx } from "../context";
import { isBusyError } from "../db/client";
import type { Topic } from "../lib/event-bus";
import { uuidv7Hex } from "../lib/ids";
import { errorFields } from "../lib/log";
import type { Service } from "../lib/service";

export interface LeaseStore<Item, Result> {
  /** Leases up to `limit` due items to `owner` for `leaseMs`, counting an attempt on each. */
  claim(owner: string, limit: number, leaseMs: number): Item[];
  /** Extends the leases `owner` still holds on these items. */
  renew?(owner: string, items: Item[], leaseMs: number): void;
  /** Writes outcomes, each only where `owner` still holds the item's lease. */
  record(owner: string, results: Result[]): void;
  /** Makes items whose lease lapsed due again (or sets them aside); returns how many. */
  rescue(): number;
}

export interface LeaseWorkerOptions {
  concurrency: number;
  /** Items claimed per statement: each claim is a durable commit, so claim many at once. */
  batchSize: number;
  leaseMs: number;
  pollMs: number;
  /** News that work may be due now (a job enqueued, an event committed). */
  wake?: Topic<any>;
  /**
   * Outcomes gathered this long (or until `batchSize` of them) before one commit
   * records them; without it, those of one turn of the event loop. For work whose
   * outcomes come back one by one from a thread and whose commit is the cost.
   */
  recordDelayMs?: number;
}

export class LeaseWorker<Item, Result> implements Service {
  readonly owner: string;
  private readonly inFlight = new Map<Promise<void>, Item>();
  private results: Result[] = [];
  private started = false;
  private stopping = false;
  private stopped = false;
  private wakePending = false;
  private flushPending = false;
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private renewTimer: ReturnType<typeof setInterval> | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(
    readonly name: string,
    protected readonly ctx: Ctx,
    protected readonly store: LeaseStore<Item, Result>,
    /** Works one item to its outcome; never throws (a failure is an outcome). */
    private readonly work: (item: Item) => Promise<Result>,
    protected readonly opts: LeaseWorkerOptions,
  ) {
    this.owner = `${name}_${uuidv7Hex()}`;
  }

  /** True once stop() began: long work stops at its next boundary. */
  get isStopping(): boolean {
    return this.stopping;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.unsubscribe = this.opts.wake?.subscribe(() => this.wake()) ?? null;
    if (this.store.renew) {
      // long work keeps its lease while it runs; a lapsed lease means the process died
      this.renewTimer = setInterval(() => this.renewAll(), Math.max(50, this.opts.leaseMs / 3));
    }
    this.fill();
  }

  /** Stops claiming, waits (bounded) for work in flight and records it; what is unfinished is rescued after its lease. */
  async stop(timeoutMs = 8000): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.renewTimer) clearInterval(this.renewTimer);
    this.unsubscribe?.();
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([Promise.all(this.inFlight.keys()), new Promise((r) => (timer = setTimeout(r, timeoutMs)))]);
    clearTimeout(timer);
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    this.flush();
    this.stopped = true;
  }

  /** Coalesces wake-ups: many pieces of news in one tick cause one claim pass. */
  wake(): void {
    if (this.wakePending || !this.started || this.stopping) return;
    this.wakePending = true;
    queueMicrotask(() => {
      this.wakePending = false;
      this.fill();
    });
  }

  /** Claims and works due items, `limit` at most, recording each outcome; for tests and one-off runs. */
  async drain(limit = Infinity): Promise<number> {
    let n = 0;
    while (n < limit) {
      const claimed = this.store.claim(this.owner, Math.min(this.opts.batchSize, limit - n), this.opts.leaseMs);
      if (!claimed.length) break;
      this.store.record(this.owner, await Promise.all(claimed.map((item) => this.work(item))));
      n += claimed.length;
    }
    return n;
  }

  rescue(): number {
    return this.store.rescue();
  }

  private fill(): void {
    if (!this.started || this.stopping) return;
    if (this.timer) clearTimeout(this.timer);
    try {
      // batched claims refill below half only, so each durable claim takes many items
      const low = this.opts.batchSize === 1 ? this.opts.concurrency - 1 : this.opts.concurrency / 2;
      while (this.inFlight.size <= low) {
        const room = this.opts.concurrency - this.inFlight.size;
        const claimed = this.store.claim(this.owner, Math.min(this.opts.batchSize, room), this.opts.leaseMs);
        if (!claimed.length) break;
        for (const item of claimed) {
          const p: Promise<void> = this.work(item)
            .then((r) => this.collect(r))
            .finally(() => {
              this.inFlight.delete(p);
              this.wake();
            });
          this.inFlight.set(p, item);
        }
      }
    } catch (err) {
      // a busy database (another process holds the write lock): the timer tries again
      if (isBusyError(err)) this.ctx.log.warn(`${this.name}: database busy; claiming again shortly`);
      else this.ctx.log.error(`${this.name}: claim failed`, errorFields(err));
    }
    this.timer = setTimeout(() => this.fill(), this.opts.pollMs);
  }

  private renewAll(): void {
    if (!this.inFlight.size) return;
    try {
      this.store.renew!(this.owner, [...this.inFlight.values()], this.opts.leaseMs);
    } catch (err) {
      this.ctx.log.warn(`${this.name}: lease renewal failed`, errorFields(err));
    }
  }

  private collect(r: Result): void {
    // after stop() the database may be closed: the lease lapses and the item is rescued
    if (this.stopped) return;
    this.results.push(r);
    const delay = this.opts.recordDelayMs;
    if (delay && this.results.length >= this.opts.batchSize) {
      if (this.flushTimer) clearTimeout(this.flushTimer);
      this.flushTimer = null;
      this.flushPending = false;
      return this.flush();
    }
    if (this.flushPending) return;
    this.flushPending = true;
    const go = () => {
      this.flushTimer = null;
      this.flushPending = false;
      this.flush();
    };
    // one commit for every outcome that arrived in this turn of the event loop (or within the delay)
    if (delay) this.flushTimer = setTimeout(go, delay);
    else setImmediate(go);
  }

  private flush(): void {
    const batch = this.results;
    if (!batch.length) return;
    this.results = [];
    try {
      this.store.record(this.owner, batch);
    } catch (err) {
      if (isBusyError(err) && !this.stopped) {
        // another process holds the write lock: keep the outcomes and record them shortly
        this.results = batch.concat(this.results);
        if (!this.flushPending) {
          this.flushPending = true;
          setTimeout(() => {
            this.flushPending = false;
            this.flush();
          }, 100);
        }
        return;
      }
      // not recorded: the leases lapse and the items are rescued
      this.ctx.log.error(`${this.name}: outcomes not recorded`, { count: batch.length, ...errorFields(err) });
    }
  }
}
