// "A DATA we send is preceded by a durable attempt record": each try writes
// its attempt row, state `data`, and waits until it is on disk before DATA goes
// out. Tries that reach that point in the same turn of the event loop share one
// transaction; the fsync of the WAL that makes it durable runs on a thread of
// its own (db/wal-sync.ts: what synchronous=FULL does, without holding the
// event loop for the sync; commits that land meanwhile share the next). The
// row is written only while the message's lease is still the worker's: a lease
// that lapsed (a stalled process whose message was rescued and claimed again)
// must not let a second DATA go out.
import type { Ctx } from "../context";
import { preparedOnce } from "../db/prepared";
import type { messageAttempts } from "../db/schema";
import { walSyncOf, type WalSync } from "../db/wal-sync";

export type AttemptRow = typeof messageAttempts.$inferInsert & { state: "data"; recipients: string[] };

export class LeaseLostError extends Error {
  override readonly name = "LeaseLostError";
  constructor(messageId: string) {
    super(`the lease on ${messageId} lapsed before DATA: not sent`);
  }
}

export class AttemptJournal {
  private pending: { row: AttemptRow; leaseOwner: string; resolve: () => void; reject: (e: unknown) => void }[] = [];
  private scheduled = false;
  private readonly wal: WalSync;

  constructor(private readonly ctx: Ctx) {
    this.wal = walSyncOf(ctx.db);
  }

  /**
   * Resolves once `row` is committed and on disk; rejects (LeaseLostError)
   * when `leaseOwner` no longer holds its message, or with the error of a
   * commit or sync that failed (then none of these tries may send DATA).
   */
  begin(row: AttemptRow, leaseOwner: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ row, leaseOwner, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = [];
    const insert = insertStatement(this.ctx);
    let written: boolean[];
    try {
      written = this.ctx.db.transaction(() =>
        batch.map(({ row: r, leaseOwner }) => insert.run(r.id, r.workspaceId, r.messageId, r.number, r.state, r.transport, r.destination, JSON.stringify(r.recipients), r.startedAt, leaseOwner).changes > 0),
      );
    } catch (err) {
      // not recorded: none of these tries may send DATA
      for (const p of batch) p.reject(err);
      return;
    }
    this.wal.sync().then(
      () => batch.forEach((p, i) => (written[i] ? p.resolve() : p.reject(new LeaseLostError(p.row.messageId)))),
      (err) => batch.forEach((p) => p.reject(err)),
    );
  }
}

function insertStatement(ctx: Ctx) {
  return preparedOnce(ctx.db, "mta.attempt.begin", () =>
    ctx.db.$client.prepare<unknown, [string, string, string, number, string, string, string, string, number, string]>(
      `INSERT INTO message_attempts (id, workspace_id, message_id, number, state, transport, destination, recipients, started_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9
        WHERE EXISTS (SELECT 1 FROM messages WHERE id = ?3 AND lease_owner = ?10 AND status = 'sending')`,
    ),
  );
}
