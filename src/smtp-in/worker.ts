// The ingest worker: the lease skeleton (jobs/lease.ts) over received inbound
// messages, one of the runtime's services. The listener wakes it after each
// stored message; on start it finds what a crash left `received`.
import type { Ctx } from "../context";
import { LeaseWorker } from "../jobs/lease";
import { Topic } from "../lib/event-bus";
import { errorFields } from "../lib/log";
import { AnalysisThread, StuckAnalysisError } from "./analysis";
import { runIngest } from "./ingest";
import { envelopeOf } from "./steps/authenticate";
import { claimInbound, rawOf, releaseInbound, renewInbound, rescueInbound } from "./queue";
import { MAX_INGEST_ATTEMPTS, recordIngests, type IngestResult } from "./record";
import type { InboundRow } from "./work";

export interface IngestWorkerOptions {
  /** Authenticate and classify on a thread of their own (serve); without it, in-process (tests that inject a resolver). */
  analysis?: AnalysisThread | null;
  concurrency?: number;
  batchSize?: number;
  leaseMs?: number;
}

export class IngestWorker extends LeaseWorker<InboundRow, IngestResult> {
  private readonly analysis: AnalysisThread | null;

  constructor(ctx: Ctx, received?: Topic, opts: IngestWorkerOptions = {}) {
    super(
      "smtp-in.ingest",
      ctx,
      {
        claim: (owner, limit, leaseMs) => claimInbound(ctx, owner, limit, leaseMs),
        renew: (owner, items, leaseMs) => renewInbound(ctx, owner, items.map((r) => r.id), leaseMs),
        record: (owner, results) => recordIngests(ctx, owner, results),
        rescue: () => rescueInbound(ctx),
      },
      (row) => ingest(ctx, row, opts.analysis ?? null),
      {
        concurrency: opts.concurrency ?? 32,
        batchSize: opts.batchSize ?? 32,
        leaseMs: opts.leaseMs ?? 60_000,
        pollMs: 1000,
        wake: received && gathered(received),
        // analyses come back one by one: a commit of three messages' records cost 1.3 ms on the benchmark VM, most of it writing pages every record shares
        recordDelayMs: RECORD_DELAY_MS,
      },
    );
    this.analysis = opts.analysis ?? null;
  }

  override start(): void {
    releaseInbound(this.ctx); // what a crash left half ingested is taken up now, not after its lease
    super.start();
  }

  override async stop(timeoutMs?: number): Promise<void> {
    await super.stop(timeoutMs);
    this.analysis?.close();
  }
}

/** How long news of stored messages is gathered before the ingest claims them. */
const GATHER_MS = 100;
/** How long finished messages are gathered before one commit records them (the 250 was given; the stop rules wait this much more). */
const RECORD_DELAY_MS = 25;

/**
 * Wakes the ingest at most every GATHER_MS: it then claims, and records, several
 * messages per commit. Nobody waits on the ingest (the 250 was given), while
 * every page a commit writes is one more the next acceptance's WAL sync flushes.
 */
function gathered(received: Topic): Topic {
  const out = new Topic();
  let timer: ReturnType<typeof setTimeout> | null = null;
  received.subscribe(() => {
    timer ??= setTimeout(() => {
      timer = null;
      out.publish();
    }, GATHER_MS);
    timer.unref?.();
  });
  return out;
}

/** One message through the ingest; never throws (an error is recorded, and retried up to MAX_INGEST_ATTEMPTS runs). */
async function ingest(ctx: Ctx, row: InboundRow, thread: AnalysisThread | null): Promise<IngestResult> {
  try {
    const raw = rawOf(ctx, row.id);
    if (!raw) throw new Error("the raw message is missing");
    const analysis = thread ? thread.analyse(raw, envelopeOf(row), row.receivedAt) : null;
    return { row, work: await runIngest({ ctx, row, raw, analysis, authentication: null, report: null, kind: null, verdict: null, match: null }) };
  } catch (err) {
    ctx.log.error("smtp-in: ingest failed", { inbound_message_id: row.id, ...errorFields(err) });
    return { row, ...failureOf(row, err) };
  }
}

/**
 * What a failed run records: the error, and whether the message is given up (recorded as it is, shown, never
 * dropped) — after MAX_INGEST_ATTEMPTS runs, or at once when it held the analysis thread (it would hold it again).
 */
export function failureOf(row: Pick<InboundRow, "attempts">, err: unknown): { error: string; giveUp: boolean } {
  return { error: err instanceof Error ? err.message : String(err), giveUp: row.attempts >= MAX_INGEST_ATTEMPTS || err instanceof StuckAnalysisError };
}

/** Ingests every received message now; for tests and one-off runs. */
export function ingestReceived(ctx: Ctx): Promise<number> {
  return new IngestWorker(ctx, undefined, { batchSize: 256, concurrency: 256 }).drain();
}
