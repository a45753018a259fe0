// The charge_quota step of every message being worked, grouped: the charges
// that reach the step in the same turn of the event loop (a claimed batch
// runs its synchronous steps together) are made in one transaction, in the
// order they arrived, each seeing the ones before it — exactly what one
// transaction per message would answer, for one commit instead of one each.
// A commit is a few pages of WAL (the ledger, its indexes, the tallies' reads)
// that every later fsync'd attempt record then has to flush.
import type { Ctx } from "../context";
import { chargeQuota, type Charge, type ChargeResult } from "../modules/sending/quota-ledger";

export class QuotaCharges {
  private pending: { charge: Charge; resolve: (r: ChargeResult) => void; reject: (e: unknown) => void }[] = [];
  private scheduled = false;

  constructor(private readonly ctx: Ctx) {}

  /** Charges the message (quota-ledger.ts chargeQuota) with the others of this turn; rejects when their transaction fails. */
  charge(charge: Charge): Promise<ChargeResult> {
    return new Promise((resolve, reject) => {
      this.pending.push({ charge, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = [];
    let results: ChargeResult[];
    try {
      results = this.ctx.db.transaction((tx) => batch.map((p) => chargeQuota(this.ctx, tx, p.charge)));
    } catch (err) {
      // nothing was charged: each message's run ends as any failed step does
      for (const p of batch) p.reject(err);
      return;
    }
    batch.forEach((p, i) => p.resolve(results[i]!));
  }
}
