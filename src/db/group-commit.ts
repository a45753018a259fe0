// Durable writes that many callers wait on at once (the inbound listener's
// acceptances): everything submitted in one turn of the event loop is written
// in one transaction, and each caller's promise resolves once the WAL holding
// it is synced (wal-sync.ts: synchronous=FULL's guarantee, off the event loop).
import type { Db, Tx } from "./client";
import type { WalSync } from "./wal-sync";

export class GroupCommit<In, Out> {
  private pending: { item: In; resolve: (out: Out) => void; reject: (e: unknown) => void }[] = [];
  private scheduled = false;

  /** `write` runs inside the transaction and answers one result per item, in order. */
  constructor(
    private readonly db: Db,
    private readonly wal: WalSync,
    private readonly write: (tx: Tx, items: In[]) => Out[],
  ) {}

  /** Resolves once `item` is committed and on disk; rejects when the commit or the sync failed. */
  submit(item: In): Promise<Out> {
    return new Promise((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = [];
    let out: Out[];
    try {
      out = this.db.transaction((tx) => this.write(tx, batch.map((p) => p.item)));
    } catch (err) {
      for (const p of batch) p.reject(err);
      return;
    }
    this.wal.sync().then(
      () => batch.forEach((p, i) => p.resolve(out[i]!)),
      (err) => batch.forEach((p) => p.reject(err)),
    );
  }
}
