// "A DATA we send is preceded by a durable attempt record": each try writes
// its attempt row, state `data`, with synchronous=FULL before DATA goes out.
// Tries that reach that point in the same turn of the event loop share one
// fsync'd transaction (group commit), so durability does not cost one fsync
// per message.
import type { Ctx } from "../context";
import { durably } from "../db/client";
import { messageAttempts } from "../db/schema";

export type AttemptRow = typeof messageAttempts.$inferInsert;

export class AttemptJournal {
  private pending: { row: AttemptRow; resolve: () => void; reject: (e: unknown) => void }[] = [];
  private scheduled = false;

  constructor(private readonly ctx: Ctx) {}

  /** Resolves once `row` is durably committed. */
  begin(row: AttemptRow): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ row, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = [];
    try {
      durably(this.ctx.db, (tx) => {
        for (const p of batch) tx.insert(messageAttempts).values(p.row).run();
      });
      for (const p of batch) p.resolve();
    } catch (err) {
      // not recorded: none of these tries may send DATA
      for (const p of batch) p.reject(err);
    }
  }
}
