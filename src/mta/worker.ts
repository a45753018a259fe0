// The MTA worker: the lease skeleton (jobs/lease.ts) over outgoing messages,
// one of the runtime's services. It claims due messages in batches, runs each
// through the pipeline (up to NEARBOUND_MTA_CONCURRENCY at once) and records
// the outcomes in batched commits; lapsed leases are rescued (queued again,
// or uncertain when DATA may have gone out).
import type { Ctx } from "../context";
import { pointSelect } from "../db/prepared";
import { connections, people, senderIdentities } from "../db/schema";
import { signingKeysFor } from "../modules/sending/domains/dkim-keys";
import { LeaseWorker, type LeaseStore } from "../jobs/lease";
import { errorFields } from "../lib/log";
import { AttemptJournal } from "./attempt-journal";
import { runPipeline } from "./pipeline";
import { QuotaCharges } from "./quota-charges";
import { claimMessages, renewLeases, rescueMessages } from "./queue";
import { recordRuns, type RunResult } from "./record";
import { mtaStatements } from "./statements";
import type { ConnectionRow, IdentityRow, MessageRow, MtaEdges, Work } from "./work";

type PersonRow = typeof people.$inferSelect;

export interface MtaWorkerOptions {
  concurrency?: number;
  batchSize?: number;
  pollMs?: number;
  leaseMs?: number;
}

function messageStore(ctx: Ctx): LeaseStore<MessageRow, RunResult> {
  return {
    claim: (owner, limit, leaseMs) => claimMessages(ctx, owner, limit, leaseMs),
    renew: (owner, items, leaseMs) => renewLeases(ctx, owner, items.map((m) => m.id), leaseMs),
    record: (owner, results) => recordRuns(ctx, owner, results),
    rescue: () => rescueMessages(ctx),
  };
}

export class MtaWorker extends LeaseWorker<MessageRow, RunResult> {
  constructor(ctx: Ctx, opts: MtaWorkerOptions = {}, edges: MtaEdges = { transport: ctx.transport, shaper: ctx.shaper, journal: new AttemptJournal(ctx), charges: new QuotaCharges(ctx) }) {
    super("mta", ctx, messageStore(ctx), (m) => work(ctx, edges, m), {
      concurrency: opts.concurrency ?? ctx.config.mta.concurrency,
      batchSize: opts.batchSize ?? 64,
      pollMs: opts.pollMs ?? 1000,
      leaseMs: opts.leaseMs ?? ctx.config.mta.leaseMs,
      wake: ctx.messagesQueued,
      // outcomes come back one SMTP transaction at a time: their records share a commit (a crash before it leaves
      // each message `sending` with its attempt journalled, which the rescue makes uncertain, never sent twice)
      recordDelayMs: 20,
    });
  }

  override async stop(timeoutMs?: number): Promise<void> {
    await super.stop(timeoutMs);
    await this.ctx.transport.close();
  }
}

/** One message through the pipeline; never throws (an unexpected error is a retry in 5 minutes, logged). */
async function work(ctx: Ctx, mta: MtaEdges, message: MessageRow): Promise<RunResult> {
  try {
    const w = load(ctx, mta, message);
    if (!w) return { message, work: null, verdict: { kind: "fail", detail: "the sender identity or its connection no longer exists" } };
    const { verdict } = await runPipeline(w);
    return { message, work: w, verdict };
  } catch (err) {
    ctx.log.error("mta: message run failed", { message_id: message.id, ...errorFields(err) });
    return { message, work: null, verdict: { kind: "retry", at: ctx.clock.now() + 5 * 60_000, detail: "internal error; retrying" } };
  }
}

function load(ctx: Ctx, mta: MtaEdges, message: MessageRow): Work | null {
  const ws = message.workspaceId;
  const read = sameTurn(ctx);
  const identity = read(`i ${ws} ${message.senderIdentityId}`, () => pointSelect<IdentityRow>(ctx.db, senderIdentities)(ws, message.senderIdentityId));
  const connection = read(`c ${ws} ${message.connectionId}`, () => pointSelect<ConnectionRow>(ctx.db, connections)(ws, message.connectionId));
  if (!identity || !connection) return null;
  const person = message.personId ? (pointSelect<PersonRow>(ctx.db, people)(ws, message.personId) ?? null) : null;
  const mode = read(`w ${ws}`, () => mtaStatements(ctx).workspaceMode.get(ws)?.mode);
  // the domain_verified step holds the message when these are null (the domain may not send)
  const signingKeys = connection.kind === "managed" ? read(`k ${ws} ${identity.domain}`, () => signingKeysFor(ctx, { workspaceId: ws, domain: identity.domain })) : null;
  return { ctx, mta, message, identity, connection, person, testMode: mode === "test", now: ctx.clock.now(), signingKeys, raw: null, outcomes: [], retryAt: null, shapingNotes: [], complaints: [] };
}

/**
 * The rows every message of a claimed batch reads (its sender identity,
 * connection, workspace and signing keys, mostly the same ones; the keys' two
 * sealed private keys opened once), read once while the batch
 * is loaded: all of it runs in one synchronous stretch, where nothing else
 * can write them, and the memo is gone by the next turn. The steps only read
 * these rows.
 */
function sameTurn(ctx: Ctx): <T>(key: string, readRow: () => T) => T {
  let memo = turnMemos.get(ctx);
  if (!memo) {
    turnMemos.set(ctx, (memo = new Map()));
    queueMicrotask(() => turnMemos.delete(ctx));
  }
  const m = memo;
  return <T>(key: string, readRow: () => T): T => {
    if (m.has(key)) return m.get(key) as T;
    const row = readRow();
    m.set(key, row);
    return row;
  };
}
const turnMemos = new WeakMap<Ctx, Map<string, unknown>>();

/** Works every message due now until none is; for tests (with the fake clock) and one-off runs. */
export function sendDue(ctx: Ctx, edges?: MtaEdges): Promise<number> {
  return new MtaWorker(ctx, { batchSize: 256, concurrency: 256 }, edges).drain();
}
