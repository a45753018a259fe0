import { chargeQuota } from "../../modules/sending/quota-ledger";
import { CONTINUE, type Verdict } from "../verdict";
import type { Work } from "../work";

/** Charged once per message to its connection's quota scope; over a limit it waits (hold `quota`) until room returns. */
export function chargeQuotaStep(w: Work): Verdict {
  const scopeId = w.connection.quotaScopeId;
  if (!scopeId) return CONTINUE;
  const r = w.ctx.db.transaction((tx) =>
    chargeQuota(w.ctx, tx, { workspaceId: w.message.workspaceId, quotaScopeId: scopeId, messageId: w.message.id, recipients: w.message.recipients.length, now: w.now }),
  );
  if (r.ok) return CONTINUE;
  if (r.until === null) return { kind: "fail", detail: r.detail };
  // never released by hand: a quota is never sent over
  return { kind: "hold", hold: "quota", detail: r.detail, until: r.until };
}
