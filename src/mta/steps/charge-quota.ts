import { CONTINUE, type Verdict } from "../verdict";
import type { Work } from "../work";

/**
 * Charged once per message to its connection's quota scope (with the other
 * charges of this turn, quota-charges.ts); over a limit it waits (hold
 * `quota`) until room returns.
 */
export async function chargeQuotaStep(w: Work): Promise<Verdict> {
  const scopeId = w.connection.quotaScopeId;
  if (!scopeId) return CONTINUE;
  const r = await w.mta.charges.charge({ workspaceId: w.message.workspaceId, quotaScopeId: scopeId, messageId: w.message.id, recipients: w.message.recipients.length, now: w.now });
  if (r.ok) return CONTINUE;
  if (r.until === null) return { kind: "fail", detail: r.detail };
  // never released by hand: a quota is never sent over
  return { kind: "hold", hold: "quota", detail: r.detail, until: r.until };
}
