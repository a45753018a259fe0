// Every open and click, human or machine, becomes a delivery event (`opened`
// or `clicked`, with its machine verdict) and, for a person's own hit, moves
// their last_activity_at. Hits are written in batches: everything that
// arrived in one turn of the event loop shares one transaction and one WAL
// sync (db/group-commit.ts), so a pixel answers without waiting for a commit.
// Answering first is safe because nothing acknowledged is left behind on a
// clean stop: the runtime's `tracking` service (below) waits for every
// pending hit to be committed and synced, after HTTP stopped taking new ones
// and before the database closes.
import type { Ctx } from "../../context";
import type { Db, Tx } from "../../db/client";
import { GroupCommit } from "../../db/group-commit";
import { preparedOnce } from "../../db/prepared";
import { walSyncOf } from "../../db/wal-sync";
import type { Service } from "../../lib/service";
import { settleArrived } from "../messages/arrival";
import { recordDeliveryEvent } from "../messages/delivery-events";
import { transact, type Outbox } from "../events/outbox";
import { HitState, type TrackedMessage } from "./hits";

export interface RecordedHit {
  message: TrackedMessage;
  kind: "open" | "click";
  /** The clicked link (clicks). */
  url: string | null;
  verdict: { machine: boolean; reason: string | null };
  userAgent: string | null;
  at: number;
}

/** A batch that failed (a busy database) is submitted again, hit by hit, this many times before it is given up and logged. */
const TRIES = 3;
const DETAIL_MAX = 512;

export class HitRecorder {
  readonly state: HitState;
  private readonly commits: GroupCommit<RecordedHit, void>;
  /** The outbox of the batch being written (set by the transaction below). */
  private outbox: Outbox | null = null;
  private inFlight = 0;
  private idle: (() => void)[] = [];

  constructor(private readonly ctx: Ctx) {
    this.state = new HitState(ctx);
    // GroupCommit opens the batch's transaction through `transaction`: here
    // transact's, so the events are written by it and published after it commits
    const withOutbox = {
      transaction: <T>(fn: (tx: Tx) => T): T =>
        transact(ctx, (tx, outbox) => {
          this.outbox = outbox;
          try {
            return fn(tx);
          } finally {
            this.outbox = null;
          }
        }),
    } as unknown as Db;
    this.commits = new GroupCommit(withOutbox, (tx, hits) => hits.map((h) => this.write(tx, h)), walSyncOf(ctx.db));
  }

  /** Queues the hit; it is committed with the others of this turn (never waited for by the answer). */
  record(hit: RecordedHit, tries = 1): void {
    this.inFlight++;
    this.commits.submit(hit).then(
      () => this.settled(),
      (err: unknown) => {
        if (tries < TRIES) this.record(hit, tries + 1);
        else this.ctx.log.error("tracking hit not recorded", { message_id: hit.message.id, kind: hit.kind, error: String(err) });
        this.settled();
      },
    );
  }

  /** Resolves once every hit recorded so far is committed (or given up). */
  flush(): Promise<void> {
    return this.inFlight === 0 ? Promise.resolve() : new Promise((resolve) => this.idle.push(resolve));
  }

  private settled(): void {
    if (--this.inFlight > 0) return;
    const waiting = this.idle;
    this.idle = [];
    for (const w of waiting) w();
  }

  private write(tx: Tx, h: RecordedHit): void {
    const m = h.message;
    recordDeliveryEvent(this.ctx, tx, this.outbox!, {
      workspaceId: m.workspaceId,
      messageId: m.id,
      personId: m.personId,
      attemptId: null,
      type: h.kind === "open" ? "opened" : "clicked",
      recipient: m.recipient,
      url: h.url,
      origin: m,
      machine: h.verdict.machine ? { reason: h.verdict.reason ?? "machine" } : null,
      detail: h.userAgent ? `User-Agent: ${h.userAgent.slice(0, DETAIL_MAX)}` : null,
      occurredAt: h.at,
    });
    // a machine's hit says nothing of the person
    if (!h.verdict.machine && m.personId) touchPerson(this.ctx).run(m.workspaceId, m.personId, h.at);
    // any hit, a scanner's too, fetched it from a delivered copy
    if (m.uncertain) settleArrived(this.ctx, this.outbox!, { workspaceId: m.workspaceId, messageId: m.id, evidence: `${h.kind === "open" ? "its open pixel" : "one of its links"} was fetched` });
  }
}

const touchPerson = (ctx: Ctx) =>
  preparedOnce(ctx.db, "tracking.touchPerson", () =>
    ctx.db.$client.prepare<unknown, [string, string, number]>(
      "UPDATE people SET last_activity_at = ?3 WHERE workspace_id = ?1 AND id = ?2 AND (last_activity_at IS NULL OR last_activity_at < ?3)",
    ),
  );

/** The recorder of this database (one per context: its state and its pending hits). */
export const hitRecorder = (ctx: Ctx): HitRecorder => preparedOnce(ctx.db, "tracking.recorder", () => new HitRecorder(ctx));

/** The runtime's service: nothing to start; on stop, every pending hit is committed before the database closes. */
export class TrackingService implements Service {
  readonly name = "tracking";
  constructor(private readonly ctx: Ctx) {}
  start(): void {}
  async stop(timeoutMs: number): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([hitRecorder(this.ctx).flush(), new Promise<void>((r) => (timer = setTimeout(r, timeoutMs)))]);
    clearTimeout(timer);
  }
}
