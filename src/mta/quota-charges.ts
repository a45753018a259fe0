// The charge_quota step of every message being worked, grouped: the charges
// that reach the step in the same turn of the event loop (a claimed batch
// runs its synchronous steps together) are made in one transaction, in the
// order they arrived, each seeing the ones before it — exactly what one
// transaction per message would answer, for one commit instead of one each.
// A commit is a few pages of WAL (the ledger, its indexes, the tallies' reads)
// that every later fsync'd attempt record then has to flush.
import type { Ctx } from "../context";
import { GroupCommit } from "../db/group-commit";
import { chargeQuota, type Charge, type ChargeResult } from "../modules/sending/quota-ledger";

export class QuotaCharges {
  private readonly commits: GroupCommit<Charge, ChargeResult>;

  constructor(ctx: Ctx) {
    this.commits = new GroupCommit(ctx.db, (tx, charges) => charges.map((c) => chargeQuota(ctx, tx, c)));
  }

  /** Charges the message (quota-ledger.ts chargeQuota) with the others of this turn; rejects when their transaction fails (nothing was charged). */
  charge(charge: Charge): Promise<ChargeResult> {
    return this.commits.submit(charge);
  }
}
