// The stop rules: what a reply, and what a person becoming unreachable, do to
// enrollments. Both run inside the transaction of the evidence that caused
// them (the inbound message, the bounce, the complaint, the unsubscribe).
//
// replyReceived is the one function the inbox calls for a reply:
//   - the reply is counted for the campaign it answers (campaign_replies: the
//     message it answers, else the campaign that mailed the person last);
//   - that campaign's on_reply: `campaign` ends its enrollment as `replied`;
//     `all` also stops every other live enrollment of the person in the
//     workspace; `none` lets the sequence go on;
//   - company_on_reply also stops the campaign's live enrollments of people
//     at the same email domain (never a free-mail domain);
//   - an active person becomes `replied`.
// A bounce, complaint or unsubscribe always stops every live enrollment of
// the person (stopForUnreachable, wired into personBecameUnreachable).
import type { Ctx } from "../../context";
import type { Tx } from "../../db/client";
import { pointSelect, preparedOnce } from "../../db/prepared";
import { campaigns } from "../../db/schema";
import { newId } from "../../lib/ids";
import type { Outbox } from "../events/outbox";
import { endEnrollments, ENROLLMENT_COLUMNS } from "./enrollment-end";
import { isFreeMail } from "./free-mail";
import type { CampaignRow, EnrollmentRow } from "./rows";

function statements(ctx: Ctx) {
  const db = ctx.db.$client;
  return preparedOnce(ctx.db, "campaigns.stop-rules", () => ({
    personByKey: db.prepare<{ id: string; email_domain: string | null }, [string, string]>("SELECT id, email_domain FROM people WHERE workspace_id = ?1 AND email_key = ?2"),
    personById: db.prepare<{ id: string; email_domain: string | null }, [string, string]>("SELECT id, email_domain FROM people WHERE workspace_id = ?1 AND id = ?2"),
    enrollmentsOf: db.prepare<EnrollmentRow, [string, string]>(`SELECT ${ENROLLMENT_COLUMNS} FROM enrollments WHERE workspace_id = ?1 AND person_id = ?2`),
    messageOf: db.prepare<{ enrollment_id: string | null; step_id: string | null; variant_id: string | null }, [string, string]>(
      "SELECT enrollment_id, step_id, variant_id FROM messages WHERE workspace_id = ?1 AND id = ?2",
    ),
    lastMessage: db.prepare<{ step_id: string | null; variant_id: string | null }, [string]>("SELECT step_id, variant_id FROM messages WHERE id = ?1"),
    reply: db.prepare<unknown, [string, string, string, string, string, string | null, string | null, string | null, string | null, number]>(
      `INSERT INTO campaign_replies (id, workspace_id, campaign_id, enrollment_id, person_id, message_id, step_id, variant_id, inbound_message_id, occurred_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10) ON CONFLICT DO NOTHING`,
    ),
    colleagues: db.prepare<{ id: string }, [string, string, string, string]>(
      `SELECT e.id FROM people p JOIN enrollments e ON e.campaign_id = ?3 AND e.person_id = p.id
        WHERE p.workspace_id = ?1 AND p.email_domain = ?2 AND p.id <> ?4 AND e.status IN ('active', 'paused')`,
    ),
    replied: db.prepare<unknown, [string, string, number]>("UPDATE people SET status = 'replied', updated_at = ?3 WHERE workspace_id = ?1 AND id = ?2 AND status = 'active'"),
    // a person's live enrollments (stopForUnreachable reads the person first: a join with bound
    // parameters is prepared again on every run, docs/architecture.md)
    liveOf: db.prepare<{ id: string }, [string, string]>("SELECT id FROM enrollments WHERE workspace_id = ?1 AND person_id = ?2 AND status IN ('active', 'paused')"),
  }));
}

export interface Reply {
  workspaceId: string;
  /** The inbound message (inm_) that is the reply. */
  inboundMessageId: string | null;
  /** The person the answered message was for (the ingest's match); the writer only when `fromKey` is no person. */
  personId: string | null;
  /** The From address, lower-cased. */
  fromKey: string | null;
  /** Our message it answers (In-Reply-To / References / VERP), when known. */
  messageId: string | null;
  occurredAt: number;
}

const isLive = (e: EnrollmentRow) => e.status === "active" || e.status === "paused";

/** Applies the stop rules for a reply; answers the enrollments it ended. */
export function replyReceived(ctx: Ctx, tx: Tx, outbox: Outbox, r: Reply): EnrollmentRow[] {
  const s = statements(ctx);
  // who wrote it: the person with the From address; the ingest's match names the person our answered
  // message was for, who is the writer only when the From is no person (an alias, a forwarding address)
  const person = (r.fromKey ? s.personByKey.get(r.workspaceId, r.fromKey) : null) ?? (r.personId ? s.personById.get(r.workspaceId, r.personId) : null);
  if (!person) return [];
  const all = s.enrollmentsOf.all(r.workspaceId, person.id);
  const answered = r.messageId ? s.messageOf.get(r.workspaceId, r.messageId) : null;
  // the enrollment answered: the message's, else the one that mailed the person last
  const target =
    all.find((e) => answered?.enrollment_id === e.id) ??
    all.filter((e) => e.lastSentAt !== null).sort((a, b) => b.lastSentAt! - a.lastSentAt!)[0] ??
    null;
  s.replied.run(r.workspaceId, person.id, r.occurredAt);
  if (!target) return [];
  // the message the reply is counted for: the one it answers when that is the target's, else the target's last
  const originId = answered?.enrollment_id === target.id ? r.messageId : target.lastSentMessageId;
  const origin = originId === r.messageId ? answered : originId ? s.lastMessage.get(originId) : null;
  s.reply.run(newId("rpl"), r.workspaceId, target.campaignId, target.id, person.id, originId, origin?.step_id ?? null, origin?.variant_id ?? null, r.inboundMessageId, r.occurredAt);

  const campaign = pointSelect<CampaignRow>(ctx.db, campaigns)(r.workspaceId, target.campaignId);
  if (!campaign) return [];
  const rules = campaign.stopRules;
  const ended: EnrollmentRow[] = [];
  const end = (ids: string[], status: "replied" | "stopped", detail: string) => ended.push(...endEnrollments(ctx, tx, outbox, { workspaceId: r.workspaceId, ids, status, detail }));
  if (rules.onReply !== "none" && isLive(target)) end([target.id], "replied", "the person replied");
  if (rules.onReply === "all") {
    const others = all.filter((e) => e.id !== target.id && isLive(e)).map((e) => e.id);
    end(others, "stopped", `the person replied to campaign ${campaign.id} (on_reply: all)`);
  }
  if (rules.companyOnReply && person.email_domain && !isFreeMail(person.email_domain)) {
    const colleagues = s.colleagues.all(r.workspaceId, person.email_domain, campaign.id, person.id).map((x) => x.id);
    end(colleagues, "stopped", `someone at ${person.email_domain} replied (company_on_reply)`);
  }
  return ended;
}

/** A bounce, complaint or unsubscribe: every live enrollment of the people with this address stops. */
export function stopForUnreachable(ctx: Ctx, tx: Tx, outbox: Outbox, a: { workspaceId: string; emailKey: string; detail: string }): EnrollmentRow[] {
  const person = statements(ctx).personByKey.get(a.workspaceId, a.emailKey); // one person per address in a workspace (people_email_uq)
  return person ? stopPerson(ctx, tx, outbox, { workspaceId: a.workspaceId, personId: person.id, detail: a.detail }) : [];
}

/** Every live enrollment of the person stops (an address that cannot be reached, "I no longer work here"). */
export function stopPerson(ctx: Ctx, tx: Tx, outbox: Outbox, a: { workspaceId: string; personId: string; detail: string }): EnrollmentRow[] {
  const ids = statements(ctx).liveOf.all(a.workspaceId, a.personId).map((x) => x.id);
  return endEnrollments(ctx, tx, outbox, { workspaceId: a.workspaceId, ids, status: "stopped", detail: a.detail });
}
