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
import { GroupCommit } from "../db/group-commit";
import { walSyncOf } from "../db/wal-sync";

export type AttemptRow = typeof messageAttempts.$inferInsert & { state: "data"; recipients: string[] };

export class LeaseLostError extends Error {
  override readonly name = "LeaseLostError";
  constructor(messageId: string) {
    super(`the lease on ${messageId} lapsed before DATA: not sent`);
  }
}

export class AttemptJournal {
  private readonly commits: GroupCommit<{ row: AttemptRow; leaseOwner: string }, boolean>;

  constructor(ctx: Ctx) {
    // each row answers whether it was written (the lease still held)
    const write = (_tx: unknown, items: { row: AttemptRow; leaseOwner: string }[]) =>
      items.map(({ row: r, leaseOwner }) => insertStatement(ctx).run(r.id, r.workspaceId, r.messageId, r.number, r.state, r.transport, r.destination, JSON.stringify(r.recipients), r.startedAt, leaseOwner).changes > 0);
    this.commits = new GroupCommit(ctx.db, write, walSyncOf(ctx.db));
  }

  /**
   * Resolves once `row` is committed and on disk; rejects (LeaseLostError)
   * when `leaseOwner` no longer holds its message, or with the error of a
   * commit or sync that failed (then none of these tries may send DATA).
   */
  async begin(row: AttemptRow, leaseOwner: string): Promise<void> {
    if (!(await this.commits.submit({ row, leaseOwner }))) throw new LeaseLostError(row.messageId);
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
