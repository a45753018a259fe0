// Which of our messages an inbound message is about, most certain first:
//   verp        the envelope recipient is a message's VERP address (or its unsubscribe mailto)
//   message_id  the returned original's Message-ID (bounces, complaints) or In-Reply-To (replies) is one of ours
//   references  a reply's References name one of ours (the newest that does)
//   recipient   a bounce or complaint names an address: the most recent message to its person
//               whose subject is the returned original's, when that shows one (a bounce of mail
//               someone else sent in our name, backscatter, must not suppress our prospect)
//   subject     a reply from a person whose subject, without Re:/Fwd:/AW:/SV: prefixes, is
//               that of a message we sent them (of a campaign not archived, or of the last 30 days)
// A message that matches nothing is kept all the same (shown, never dropped).
// The first three tie it to our message for certain: an `uncertain` message so
// matched arrived (record.ts settles it as sent); recipient and subject do not.
import type { Ctx } from "../../context";
import { preparedOnce } from "../../db/prepared";
import { parseVerp } from "../../mta/addresses";
import { emailKey } from "../../modules/audience/email";
import { baseSubject } from "../../modules/inbox/subject";
import { readHeaders } from "../headers";
import { unsubscribeToken } from "../recipients";
import type { IngestWork, Match } from "../work";

function statements(ctx: Ctx) {
  const db = ctx.db.$client;
  return preparedOnce(ctx.db, "smtp-in.match", () => ({
    message: db.prepare<{ id: string; personId: string | null; messageIdHeader: string; status: string }, [string, string]>(
      "SELECT id, person_id AS personId, message_id_header AS messageIdHeader, status FROM messages WHERE workspace_id = ?1 AND id = ?2",
    ),
    byToken: db.prepare<{ id: string; personId: string | null; status: string }, [string, string]>(
      "SELECT id, person_id AS personId, status FROM messages WHERE workspace_id = ?1 AND unsubscribe_token = ?2",
    ),
    person: db.prepare<{ id: string }, [string, string]>("SELECT id FROM people WHERE workspace_id = ?1 AND email_key = ?2"),
    reportedTo: db.prepare<{ id: string; subject: string }, [string, string]>(
      "SELECT id, subject FROM messages WHERE workspace_id = ?1 AND person_id = ?2 AND status IN ('sent', 'failed', 'uncertain') ORDER BY id DESC LIMIT 20",
    ),
    recentTo: db.prepare<{ id: string; subject: string; sentAt: number | null; campaignStatus: string | null; campaignId: string | null }, [string, string]>(
      `SELECT m.id, m.subject, m.sent_at AS sentAt, m.campaign_id AS campaignId, c.status AS campaignStatus
         FROM messages m LEFT JOIN campaigns c ON c.id = m.campaign_id
        WHERE m.workspace_id = ?1 AND m.person_id = ?2 AND m.status IN ('sent', 'uncertain') ORDER BY m.id DESC LIMIT 20`,
    ),
  }));
}

export function match(w: IngestWork): void {
  w.match = byEnvelope(w) ?? byMessageId(w) ?? byReferences(w) ?? byRecipient(w) ?? bySubject(w);
}

/** A report about a message we sent (its original returned), whatever the ingest made of it (an opt-out report is an unsubscribe). */
const isReport = (w: IngestWork) => w.report?.kind === "bounce" || w.report?.kind === "complaint";
const OURS = /^(msg_[0-9a-f]{32})@/;

/** A message of ours by its Message-ID header value (without <>), checked against the stored header. */
function ourMessage(w: IngestWork, header: string | null | undefined) {
  const id = header && OURS.exec(header)?.[1];
  if (!id) return null;
  const m = statements(w.ctx).message.get(w.row.workspaceId, id);
  return m && m.messageIdHeader.toLowerCase() === header.toLowerCase() ? m : null;
}

function byEnvelope(w: IngestWork): Match | null {
  const s = statements(w.ctx);
  for (const address of w.row.rcptTo) {
    const id = parseVerp(address, w.ctx.secrets);
    const m = id ? s.message.get(w.row.workspaceId, id) : null;
    if (m) return { by: "verp", messageId: m.id, personId: m.personId, uncertain: m.status === "uncertain" };
    const token = unsubscribeToken(address);
    const u = token ? s.byToken.get(w.row.workspaceId, token) : null;
    if (u) return { by: "verp", messageId: u.id, personId: u.personId, uncertain: u.status === "uncertain" };
  }
  return null;
}

/** Our Message-IDs are `msg_<32 hex>@<domain>`: the id is read from it, then checked against the stored header. */
function byMessageId(w: IngestWork): Match | null {
  const m = ourMessage(w, isReport(w) ? w.report?.originalMessageId : w.row.inReplyTo);
  return m ? { by: "message_id", messageId: m.id, personId: m.personId, uncertain: m.status === "uncertain" } : null;
}

/** References lists the conversation oldest first: the newest of ours wins. */
function byReferences(w: IngestWork): Match | null {
  if (isReport(w)) return null;
  const ids = referencesOf(w);
  for (let i = ids.length - 1; i >= 0; i--) {
    const m = ourMessage(w, ids[i]);
    if (m) return { by: "references", messageId: m.id, personId: m.personId, uncertain: m.status === "uncertain" };
  }
  return null;
}

/** The Message-IDs of the References field (without <>), at most the last 50; read once per message (match and record both ask). */
export function referencesOf(w: Pick<IngestWork, "raw" | "references">): string[] {
  if (w.references) return w.references;
  const value = readHeaders(w.raw).get("references")?.[0];
  w.references = value ? [...value.matchAll(/<([^<>\s]{1,500})>/g)].map((m) => m[1]!).slice(-50) : [];
  return w.references;
}

/** How long a message outside campaigns is answered by subject alone. */
const SUBJECT_WINDOW_MS = 30 * 24 * 3600_000;

function bySubject(w: IngestWork): Match | null {
  if (isReport(w) || !w.row.fromKey || !w.row.subject) return null;
  const s = statements(w.ctx);
  const person = s.person.get(w.row.workspaceId, w.row.fromKey);
  if (!person) return null;
  const subject = baseSubject(w.row.subject);
  if (!subject) return null;
  const found = s.recentTo.all(w.row.workspaceId, person.id).find((m) => {
    if (baseSubject(m.subject) !== subject) return false;
    // within the campaign's lifetime (until archived); one-off messages for a while after they left
    return m.campaignId ? m.campaignStatus !== null && m.campaignStatus !== "archived" : m.sentAt !== null && w.row.receivedAt - m.sentAt <= SUBJECT_WINDOW_MS;
  });
  return found ? { by: "subject", messageId: found.id, personId: person.id } : null;
}

function byRecipient(w: IngestWork): Match | null {
  if (!isReport(w)) return null;
  const s = statements(w.ctx);
  const returned = w.report?.originalSubject ? baseSubject(w.report.originalSubject.normalize("NFC")) : "";
  for (const r of w.report?.recipients ?? []) {
    const person = s.person.get(w.row.workspaceId, emailKey(r.address));
    const m = person && s.reportedTo.all(w.row.workspaceId, person.id).find((m) => sameSubject(returned, m.subject));
    if (m) return { by: "recipient", messageId: m.id, personId: person.id };
  }
  return null;
}

/**
 * Whether a returned original's subject (baseSubject'd; "" when not shown) can be
 * that of our message: either holds the other, as gateways tag subjects ("[SPAM] …")
 * and some reports cut them short. Undecodable text cannot tell.
 */
function sameSubject(returned: string, ours: string): boolean {
  const subject = baseSubject(ours.normalize("NFC"));
  if (!returned || !subject || /\ufffd|=\?/.test(returned)) return true;
  return returned.includes(subject) || subject.includes(returned);
}
