// What an inbound message's verdict does, inside the transaction that records
// it (src/smtp-in/record.ts), so the effect is as durable as the message:
//   reply                the campaigns' stop rules (replyReceived: enrollment
//                        replied, person `replied`), the person's activity and score
//   auto_reply           "left the company": the person's live enrollments stop
//                        (the move is proposed); any other: they pause until the
//                        stated return date plus a day, or the workspace's default
//   unsubscribe_request  written in a reply: proposed for review, or applied at
//                        once when the workspace says so (a mailed List-Unsubscribe
//                        request is applied by the evidence step, always, and is
//                        not a reply: record.ts does not call this for it)
// Bounces and complaints are evidence (modules/messages/inbound-evidence.ts).
import type { Ctx } from "../../context";
import type { Tx } from "../../db/client";
import { preparedOnce } from "../../db/prepared";
import type { Classification, InboundProposal, Intent } from "../../db/schema";
import { replyReceived, stopPerson } from "../campaigns/stop-rules";
import type { Outbox } from "../events/outbox";
import { outOfOfficeUntil, pauseForOutOfOffice } from "./out-of-office";
import { applySuppression } from "./proposals";
import { scoreAfter } from "./score";
import { inboxSettingsOf } from "./settings";

export interface VerdictFacts {
  workspaceId: string;
  inboundMessageId: string;
  classification: Classification;
  intent: Intent | null;
  returnAt: number | null;
  /** The From address, lower-cased. */
  fromKey: string | null;
  /** The person of our answered message (the ingest's match). */
  personId: string | null;
  /** Our message it answers. */
  messageId: string | null;
  receivedAt: number;
  /** The suppression an unsubscribe request makes at once (the workspace says so), else null. */
  unsubscribeNow: Pick<InboundProposal, "action" | "email" | "domain"> | null;
}

function statements(ctx: Ctx) {
  const db = ctx.db.$client;
  return preparedOnce(ctx.db, "inbox.effects", () => ({
    personByKey: db.prepare<{ id: string; score: number | null }, [string, string]>("SELECT id, score FROM people WHERE workspace_id = ?1 AND email_key = ?2"),
    personById: db.prepare<{ id: string; score: number | null }, [string, string]>("SELECT id, score FROM people WHERE workspace_id = ?1 AND id = ?2"),
    activity: db.prepare<unknown, [string, string, number, number]>(
      "UPDATE people SET last_activity_at = max(coalesce(last_activity_at, 0), ?3), score = ?4, updated_at = ?3 WHERE workspace_id = ?1 AND id = ?2",
    ),
  }));
}

/** Who wrote it: the person with the From address, else the person our answered message was for. */
function writerOf(ctx: Ctx, f: Pick<VerdictFacts, "workspaceId" | "fromKey" | "personId">) {
  const s = statements(ctx);
  return (f.fromKey ? s.personByKey.get(f.workspaceId, f.fromKey) : null) ?? (f.personId ? s.personById.get(f.workspaceId, f.personId) : null) ?? null;
}

export function applyVerdict(ctx: Ctx, tx: Tx, outbox: Outbox, f: VerdictFacts): void {
  const s = statements(ctx);
  const writer = writerOf(ctx, f);
  const reply = () =>
    replyReceived(ctx, tx, outbox, { workspaceId: f.workspaceId, inboundMessageId: f.inboundMessageId, personId: f.personId, fromKey: f.fromKey, messageId: f.messageId, occurredAt: f.receivedAt });
  switch (f.classification) {
    case "reply":
      reply();
      if (writer) s.activity.run(f.workspaceId, writer.id, f.receivedAt, scoreAfter(writer.score, f.intent));
      return;
    case "unsubscribe_request":
      // the person answered: the stop rules run whether or not the suppression waits for review
      reply();
      if (writer) s.activity.run(f.workspaceId, writer.id, f.receivedAt, scoreAfter(writer.score, "not_interested"));
      if (f.unsubscribeNow) applySuppression(ctx, tx, outbox, { workspaceId: f.workspaceId, fromKey: f.fromKey, inboundMessageId: f.inboundMessageId, messageId: f.messageId }, f.unsubscribeNow);
      return;
    case "auto_reply": {
      if (!writer) return;
      if (f.intent === "moved") {
        stopPerson(ctx, tx, outbox, { workspaceId: f.workspaceId, personId: writer.id, detail: `the person no longer works there (auto-reply ${f.inboundMessageId})` });
        return;
      }
      const until = outOfOfficeUntil(f.receivedAt, f.returnAt, inboxSettingsOf(ctx, f.workspaceId).outOfOfficeDays);
      pauseForOutOfOffice(ctx, { workspaceId: f.workspaceId, personId: writer.id, until });
      return;
    }
  }
}
