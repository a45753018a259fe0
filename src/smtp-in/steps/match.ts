// Which of our messages an inbound message is about, most certain first:
//   verp        the envelope recipient is a message's VERP address (or its unsubscribe mailto)
//   message_id  the returned original's Message-ID (bounces, complaints) or In-Reply-To (replies) is one of ours
//   recipient   a bounce or complaint names an address: the most recent message to its person
// A message that matches nothing is kept all the same (shown, never dropped).
import type { Ctx } from "../../context";
import { preparedOnce } from "../../db/prepared";
import { parseVerp } from "../../mta/addresses";
import { emailKey } from "../../modules/audience/email";
import { unsubscribeToken } from "../recipients";
import type { IngestWork, Match } from "../work";

function statements(ctx: Ctx) {
  const db = ctx.db.$client;
  return preparedOnce(ctx.db, "smtp-in.match", () => ({
    message: db.prepare<{ id: string; personId: string | null; messageIdHeader: string }, [string, string]>(
      "SELECT id, person_id AS personId, message_id_header AS messageIdHeader FROM messages WHERE workspace_id = ?1 AND id = ?2",
    ),
    byToken: db.prepare<{ id: string; personId: string | null }, [string, string]>(
      "SELECT id, person_id AS personId FROM messages WHERE workspace_id = ?1 AND unsubscribe_token = ?2",
    ),
    person: db.prepare<{ id: string }, [string, string]>("SELECT id FROM people WHERE workspace_id = ?1 AND email_key = ?2"),
    latestTo: db.prepare<{ id: string }, [string, string]>(
      "SELECT id FROM messages WHERE workspace_id = ?1 AND person_id = ?2 AND status IN ('sent', 'failed', 'uncertain') ORDER BY id DESC LIMIT 1",
    ),
  }));
}

export function match(w: IngestWork): void {
  w.match = byEnvelope(w) ?? byMessageId(w) ?? byRecipient(w);
}

function byEnvelope(w: IngestWork): Match | null {
  const s = statements(w.ctx);
  for (const address of w.row.rcptTo) {
    const id = parseVerp(address, w.ctx.secrets);
    const m = id ? s.message.get(w.row.workspaceId, id) : null;
    if (m) return { by: "verp", messageId: m.id, personId: m.personId };
    const token = unsubscribeToken(address);
    const u = token ? s.byToken.get(w.row.workspaceId, token) : null;
    if (u) return { by: "verp", messageId: u.id, personId: u.personId };
  }
  return null;
}

/** Our Message-IDs are `msg_<32 hex>@<domain>`: the id is read from it, then checked against the stored header. */
function byMessageId(w: IngestWork): Match | null {
  const candidate = w.kind === "bounce" || w.kind === "complaint" ? w.report?.originalMessageId : w.row.inReplyTo;
  const id = candidate && /^(msg_[0-9a-f]{32})@/.exec(candidate)?.[1];
  if (!id) return null;
  const m = statements(w.ctx).message.get(w.row.workspaceId, id);
  return m && m.messageIdHeader.toLowerCase() === candidate.toLowerCase() ? { by: "message_id", messageId: m.id, personId: m.personId } : null;
}

function byRecipient(w: IngestWork): Match | null {
  if (w.kind !== "bounce" && w.kind !== "complaint") return null;
  const s = statements(w.ctx);
  for (const r of w.report?.recipients ?? []) {
    const person = s.person.get(w.row.workspaceId, emailKey(r.address));
    const m = person && s.latestTo.get(w.row.workspaceId, person.id);
    if (m) return { by: "recipient", messageId: m.id, personId: person.id };
  }
  return null;
}
