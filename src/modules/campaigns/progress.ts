// How an enrollment follows its message (an in-transaction hook on the
// message events, installed by createContext: the MTA and the message actions
// know nothing of campaigns, and the enrollment moves in the same transaction
// as the message that moved it).
//   message.sent       the next step is due `delay_seconds` after it was sent
//                      (moved into the send window), or the enrollment is
//                      completed after its last step
//   message.failed     the enrollment fails (its detail: the message's)
//   message.cancelled  cancelled from outside (POST /v1/messages/{id}/cancel):
//                      the enrollment stops
import type { Ctx } from "../../context";
import type { Tx } from "../../db/client";
import { pointSelect, preparedOnce } from "../../db/prepared";
import { campaigns, enrollments, messages } from "../../db/schema";
import type { EmitInTx, InTxHook } from "../../lib/event-bus";
import type { Outbox } from "../events/outbox";
import type { MessageRow } from "../messages/messages";
import { endEnrollments } from "./enrollment-end";
import { zoneFor, type CampaignRow, type EnrollmentRow } from "./rows";
import { dueAfter } from "./schedule";
import { markFirstSent } from "./scheduler";

const LIVE = new Set(["active", "paused"]);

function statements(ctx: Ctx) {
  const db = ctx.db.$client;
  return preparedOnce(ctx.db, "campaigns.progress", () => ({
    stepDelays: db.prepare<{ delay_seconds: number }, [string]>("SELECT delay_seconds FROM campaign_steps WHERE campaign_id = ?1 AND removed_at IS NULL ORDER BY position"),
    timezone: db.prepare<{ timezone: string | null }, [string]>("SELECT timezone FROM people WHERE id = ?1"),
    sent: db.prepare<unknown, [string, string, number]>("UPDATE enrollments SET last_sent_message_id = ?2, last_sent_at = ?3, updated_at = ?3 WHERE id = ?1"),
    advance: db.prepare<unknown, [string, number, number, number]>(
      "UPDATE enrollments SET position = ?2, next_run_at = ?3, hold = NULL, status_detail = NULL, updated_at = ?4 WHERE id = ?1 AND status = 'active'",
    ),
  }));
}

export function campaignProgress(ctx: Ctx): InTxHook {
  return (tx, event, emit) => {
    if (event.type !== "message.sent" && event.type !== "message.failed" && event.type !== "message.cancelled") return;
    const data = event.data as { id: string; enrollment_id: string | null };
    if (!data.enrollment_id) return;
    const e = pointSelect<EnrollmentRow>(ctx.db, enrollments)(event.workspaceId, data.enrollment_id);
    if (!e || e.messageId !== data.id) return;
    const outbox: Outbox = { emit: emit as EmitInTx };
    const message = pointSelect<MessageRow>(ctx.db, messages)(event.workspaceId, data.id)!;
    if (event.type === "message.sent") return sent(ctx, tx, outbox, e, message);
    if (!LIVE.has(e.status)) return;
    const [status, detail] = event.type === "message.failed" ? (["failed", `its message ${message.id} failed: ${message.statusDetail ?? "no detail"}`] as const) : (["stopped", `its message ${message.id} was cancelled`] as const);
    endEnrollments(ctx, tx, outbox, { workspaceId: e.workspaceId, ids: [e.id], status, detail: detail.slice(0, 1000) });
  };
}

function sent(ctx: Ctx, tx: Tx, outbox: Outbox, e: EnrollmentRow, m: MessageRow): void {
  const s = statements(ctx);
  const at = m.sentAt ?? ctx.clock.now();
  markFirstSent(ctx, e.campaignId, at);
  s.sent.run(e.id, m.id, at);
  if (e.status !== "active") return;
  const delays = s.stepDelays.all(e.campaignId);
  const next = delays[e.position]; // positions count from 1: the step after this one
  if (!next) {
    endEnrollments(ctx, tx, outbox, { workspaceId: e.workspaceId, ids: [e.id], status: "completed", detail: null });
    return;
  }
  const campaign = pointSelect<CampaignRow>(ctx.db, campaigns)(e.workspaceId, e.campaignId)!;
  const tz = zoneFor(campaign.schedule, s.timezone.get(e.personId)?.timezone ?? null);
  s.advance.run(e.id, e.position + 1, dueAfter(at, next.delay_seconds, campaign.schedule.sendWindow, tz), ctx.clock.now());
}
