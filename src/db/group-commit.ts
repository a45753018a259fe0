// Durable writes that many callers wait on at once (the inbound listener's
// acceptances): everything submitted in one turn of the event loop is written
// in one synchronous=FULL transaction, so each 250 still follows its own
// fsync'd commit while a burst shares one fsync.
import { durably, type Db, type Tx } from "./client";

export class GroupCommit<In, Out> {
  private pending: { item: In; resolve: (out: Out) => void; reject: (e: unknown) => void }[] = [];
  private scheduled = false;

  /** `write` runs inside the transaction and answers one result per item, in order. */
  constructor(
    private readonly db: Db,
    private readonly write: (tx: Tx, items: In[]) => Out[],
  ) {}

  /** Resolves once `item` is durably committed; rejects when the commit failed (nothing of the batch is written). */
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
    try {
      const out = durably(this.db, (tx) => this.write(tx, batch.map((p) => p.item)));
      batch.forEach((p, i) => p.resolve(out[i]!));
    } catch (err) {
      for (const p of batch) p.reject(err);
    }
  }
}
