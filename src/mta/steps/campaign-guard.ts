// A campaign's message, checked once more just before it is handed on:
//   - its enrollment ended (a reply, a stop, an unsubscribe) or moved on
//     while the message waited → cancelled, never sent;
//   - its campaign is paused → held until the campaign starts again
//     (archived → cancelled);
//   - its enrollment is paused by an out-of-office → held until the person is
//     back (the inbox's pause; the scheduler resumes the enrollment then);
//   - the reply-race guard: mail from the person (or, with company_on_reply,
//     from their company's domain) arrived after the previous step and is not
//     read yet → held a moment, so the stop rules decide before we send
//     across a fresh reply. Mail already read went through the stop rules.
import { pointSelect, preparedOnce } from "../../db/prepared";
import { campaigns, enrollments } from "../../db/schema";
import { isFreeMail } from "../../modules/campaigns/free-mail";
import type { CampaignRow, EnrollmentRow } from "../../modules/campaigns/rows";
import { CONTINUE, type Verdict } from "../verdict";
import type { Work } from "../work";
import { hold } from "./holds";

/** How soon a message held for unread mail looks again (the ingest reads a message within seconds). */
export const REPLY_PENDING_MS = 30_000;
/** How often a paused campaign's message looks again (starting the campaign makes it due at once). */
export const PAUSED_RECHECK_MS = 60 * 60_000;

export function campaignGuard(w: Work): Verdict {
  const m = w.message;
  if (!m.enrollmentId || !m.campaignId) return CONTINUE;
  const e = pointSelect<EnrollmentRow>(w.ctx.db, enrollments)(m.workspaceId, m.enrollmentId);
  if (!e || (e.status !== "active" && e.status !== "paused") || e.messageId !== m.id) {
    return { kind: "cancel", detail: `its enrollment ${m.enrollmentId} ended or moved on${e?.statusDetail ? `: ${e.statusDetail}` : ""}` };
  }
  const campaign = pointSelect<CampaignRow>(w.ctx.db, campaigns)(m.workspaceId, m.campaignId)!;
  if (campaign.status === "archived") return { kind: "cancel", detail: `its campaign ${campaign.id} is archived` };
  if (campaign.status === "paused") return hold(w, "campaign_paused", `its campaign ${campaign.id} is paused`, w.now + PAUSED_RECHECK_MS);
  if (e.status === "paused" && e.pausedUntil !== null && e.pausedUntil > w.now) {
    return hold(w, "out_of_office", e.statusDetail ?? "the person is out of office", e.pausedUntil);
  }
  const since = e.lastSentAt ?? e.createdAt;
  const key = w.person?.emailKey;
  if (key && unread(w).byAddress.get(m.workspaceId, key, since)) {
    return hold(w, "reply_pending", `mail from ${key} arrived since the previous step and is not read yet`, w.now + REPLY_PENDING_MS);
  }
  const domain = key?.slice(key.lastIndexOf("@") + 1);
  if (campaign.stopRules.companyOnReply && domain && !isFreeMail(domain) && unread(w).byDomain.get(m.workspaceId, domain, since)) {
    return hold(w, "reply_pending", `mail from ${domain} arrived since the previous step and is not read yet`, w.now + REPLY_PENDING_MS);
  }
  return CONTINUE;
}

/** Mail from an address, and from a domain, received since a time and not read yet (off the partial indexes of received mail). */
export const UNREAD_FROM_SQL = {
  address: "SELECT 1 AS one FROM inbound_messages WHERE workspace_id = ?1 AND from_key = ?2 AND received_at > ?3 AND state = 'received' LIMIT 1",
  domain: "SELECT 1 AS one FROM inbound_messages WHERE workspace_id = ?1 AND from_domain = ?2 AND received_at > ?3 AND state = 'received' LIMIT 1",
};

const unread = (w: Work) =>
  preparedOnce(w.ctx.db, "mta.campaign-guard", () => ({
    byAddress: w.ctx.db.$client.prepare<{ one: number }, [string, string, number]>(UNREAD_FROM_SQL.address),
    byDomain: w.ctx.db.$client.prepare<{ one: number }, [string, string, number]>(UNREAD_FROM_SQL.domain),
  }));
