// An uncertain message (DATA may have left, no answer came) that something
// proves arrived — a reply or an auto-reply tied to it by In-Reply-To or
// References, a report or unsubscribe naming its VERP address, token or
// Message-ID, a hit on its open pixel or links — is settled as sent, as POST
// /v1/messages/{id}/resolve {outcome: "sent"} would (actions.ts: the same
// recipients rewrite, uncertainRecipientsAs; the statement is prepared here
// because ingest and tracking run it per message), naming the evidence. Its recipients still `uncertain` become
// `sent` (a bounce has already failed the ones it names).
import type { Ctx } from "../../context";
import { preparedOnce, rowColumns } from "../../db/prepared";
import { messages } from "../../db/schema";
import type { Outbox } from "../events/outbox";
import { emitMessage, uncertainRecipientsAs, type MessageRow } from "./messages";

function settleStatement(ctx: Ctx) {
  return preparedOnce(ctx.db, "messages.settle-arrived", () => {
    const { list, decode } = rowColumns<MessageRow>(messages);
    const stmt = ctx.db.$client.prepare<MessageRow, [string, string, string, number]>(
      `UPDATE messages SET status = 'sent', status_detail = ?3, sent_at = ?4, updated_at = ?4,
              recipients = ${uncertainRecipientsAs("sent")}
        WHERE workspace_id = ?1 AND id = ?2 AND status = 'uncertain'
        RETURNING ${list}`,
    );
    return (workspaceId: string, id: string, detail: string, at: number): MessageRow | null => {
      const row = stmt.get(workspaceId, id, detail, at);
      if (row && decode) decode(row);
      return row;
    };
  });
}

/** Settles the message as sent when it is still uncertain (inside the caller's transaction); `evidence` says what proved it. */
export function settleArrived(ctx: Ctx, outbox: Outbox, a: { workspaceId: string; messageId: string; evidence: string }): void {
  const row = settleStatement(ctx)(a.workspaceId, a.messageId, `resolved as sent: ${a.evidence}`, ctx.clock.now());
  if (row) emitMessage(outbox, "message.sent", row);
}
