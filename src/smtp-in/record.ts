// The ingest's last step: mail a person wrote is filed in its inbox thread,
// the inbound message becomes `processed` with what the steps found (the
// verdict, its proposal), its evidence is recorded (delivery events, and
// through them suppressions and person statuses) and its verdict acts (the
// stop rules, an out-of-office's pause: modules/inbox/effects.ts) — all in one
// transaction, so "within seconds of the 250" is one ingest away; written
// only where this worker still holds the message's lease, so a message is
// processed exactly once even when its lease lapsed and it was claimed again.
import { and, eq } from "drizzle-orm";
import type { Ctx } from "../context";
import type { Tx } from "../db/client";
import { preparedOnce, rowColumns } from "../db/prepared";
import { inboundMessages, type InboundReport } from "../db/schema";
import { transact, type Outbox } from "../modules/events/outbox";
import { settleArrived } from "../modules/messages/arrival";
import { recordInboundEvidence } from "../modules/messages/inbound-evidence";
import { enqueue } from "../jobs/queue";
import { applyVerdict } from "../modules/inbox/effects";
import { INBOX_REFINE_JOB, refinesReplies } from "../modules/inbox/refine.job";
import { proposalOf, type AnsweredPerson } from "../modules/inbox/proposals";
import { inboxSettingsOf } from "../modules/inbox/settings";
import { assignThread } from "../modules/inbox/thread-assign";
import type { Classification, InboundProposal } from "../db/schema";
import { inboundMessageView } from "../representations/inbound-message";
import { feedbackEffect, type Report } from "./bounces";
import { referencesOf } from "./steps/match";
import type { InboundRow, IngestWork } from "./work";

export type IngestResult = { row: InboundRow; work: IngestWork } | { row: InboundRow; error: string; giveUp: boolean };

/** After this many failed runs a message is recorded as it is (kind other, the error kept): shown, never dropped. */
export const MAX_INGEST_ATTEMPTS = 5;

export function recordIngests(ctx: Ctx, owner: string, results: IngestResult[]): void {
  if (!results.length) return;
  transact(ctx, (tx, outbox) => {
    for (const r of results) {
      if ("work" in r) recordWork(ctx, tx, outbox, owner, r.work);
      else recordError(ctx, tx, outbox, owner, r);
    }
  });
}

const mine = (id: string, owner: string) => and(eq(inboundMessages.id, id), eq(inboundMessages.leaseOwner, owner), eq(inboundMessages.state, "received"));

/** Mail a person wrote (or their autoresponder): it goes into a thread of the inbox. */
const THREADED = new Set<Classification>(["reply", "auto_reply", "unsubscribe_request"]);
/** How a settled message's detail names the mail that proved it arrived. */
const ARRIVAL_WORDS: Record<string, string> = { other: "a reply", auto_reply: "an auto-reply", bounce: "a delivery report", complaint: "a feedback report", unsubscribe: "an unsubscribe request" };
/** What is kept of the visible text (the raw message keeps everything). */
const TEXT_MAX = 20_000;

function recordWork(ctx: Ctx, tx: Tx, outbox: Outbox, owner: string, w: IngestWork): void {
  const s = statements(ctx);
  if (!s.mine.get(w.row.id, owner)) return; // no longer ours: whoever holds it records it
  const now = ctx.clock.now();
  const m = w.match;
  const r = w.row;
  const v = w.verdict;
  const classification: Classification = v?.classification ?? (w.kind === "bounce" || w.kind === "complaint" ? w.kind : "reply");
  let proposal: InboundProposal | null = v && w.kind !== "unsubscribe" ? proposalOf(v, r.fromKey, (v.onBehalfOf || v.proposal?.action === "move") && m?.personId ? (s.answered.get(r.workspaceId, m.personId) ?? null) : null) : null;
  // a reply that asks to be unsubscribed is applied at once when the workspace says so (a mailed request always is)
  const applyNow = classification === "unsubscribe_request" && w.kind === "other" && proposal !== null && inboxSettingsOf(ctx, r.workspaceId).unsubscribeRequests === "apply";
  if (proposal && applyNow) proposal = { ...proposal, state: "confirmed", reviewedAt: now };
  const place = THREADED.has(classification)
    ? assignThread(ctx, { workspaceId: r.workspaceId, inboundId: r.id, messageId: m?.messageId ?? null, personId: m?.personId ?? null, connectionId: r.connectionId, subject: r.subject, references: [...referencesOf(w), ...(r.inReplyTo ? [r.inReplyTo] : [])], at: r.receivedAt })
    : null;
  const row = processedStatement(ctx)(r.id, owner, {
    kind: w.kind,
    authentication: w.authentication,
    report: w.report && (w.report.kind === "bounce" || w.report.kind === "complaint") ? reportOf(w.report) : null,
    matchedBy: m?.by ?? null,
    messageId: m?.messageId ?? null,
    personId: m?.personId ?? null,
    threadId: place?.threadId ?? null,
    campaignId: place ? place.campaignId : m ? (s.campaignOf.get(m.messageId)?.campaignId ?? null) : null,
    classification,
    sentiment: v?.sentiment ?? null,
    intent: v?.intent ?? null,
    returnAt: v?.returnAt ?? null,
    proposal,
    text: v?.visibleText.slice(0, TEXT_MAX) ?? null,
    at: now,
  })!;
  // a feedback report that is no complaint (not-spam, auth-failure, virus) is kept and matched, and changes nothing
  const kind = row.kind;
  const evidence = kind === "bounce" || kind === "unsubscribe" || (kind === "complaint" && feedbackEffect(w.report?.feedbackType ?? null) === "complaint");
  const events =
    m && evidence
      ? recordInboundEvidence(ctx, tx, outbox, {
          workspaceId: row.workspaceId,
          inboundMessageId: row.id,
          kind,
          recipients: w.report?.recipients.map((x) => ({ ...x, reason: x.reason })) ?? [],
          messageId: m.messageId,
          personId: m.personId,
          occurredAt: row.receivedAt,
        })
      : [];
  // mail tied to an uncertain message for certain proves it left us (after the evidence: a bounce fails what it names)
  if (m?.uncertain) settleArrived(ctx, outbox, { workspaceId: row.workspaceId, messageId: m.messageId, evidence: `${ARRIVAL_WORDS[row.kind ?? "other"] ?? "mail about it"} came back (inbound message ${row.id})` });
  // a List-Unsubscribe request by mail (or an opt-out report) acts as the one-click link does, through the
  // evidence above: an unsubscribe, not a reply the campaign counts; a read receipt pauses nothing
  if (THREADED.has(classification) && w.kind !== "unsubscribe" && !v?.machineReport) {
    applyVerdict(ctx, tx, outbox, {
      workspaceId: row.workspaceId,
      inboundMessageId: row.id,
      classification,
      intent: row.intent,
      returnAt: row.returnAt,
      fromKey: row.fromKey,
      personId: row.personId,
      messageId: row.messageId,
      receivedAt: row.receivedAt,
      unsubscribeNow: applyNow ? proposal : null,
    });
  }
  if (classification === "reply" && refinesReplies(ctx)) {
    enqueue(ctx, tx, { workspaceId: row.workspaceId, kind: INBOX_REFINE_JOB, args: { workspaceId: row.workspaceId, inboundMessageId: row.id }, maxAttempts: 3 });
  }
  outbox.emit({ workspaceId: row.workspaceId, type: "inbound_message.received", data: inboundMessageView(row, events.map((e) => e.id)) });
}

function statements(ctx: Ctx) {
  const db = ctx.db.$client;
  return preparedOnce(ctx.db, "smtp-in.record", () => ({
    mine: db.prepare<{ one: number }, [string, string]>("SELECT 1 AS one FROM inbound_messages WHERE id = ?1 AND lease_owner = ?2 AND state = 'received'"),
    campaignOf: db.prepare<{ campaignId: string | null }, [string]>("SELECT campaign_id AS campaignId FROM messages WHERE id = ?1"),
    answered: db.prepare<AnsweredPerson, [string, string]>(
      "SELECT email, email_key AS emailKey, given_name AS givenName, family_name AS familyName FROM people WHERE workspace_id = ?1 AND id = ?2 AND email_key IS NOT NULL",
    ),
  }));
}

/** The ingest's result written once, only while `owner` holds the lease (prepared: it runs for every message). */
function processedStatement(ctx: Ctx) {
  return preparedOnce(ctx.db, "smtp-in.processed", () => {
    const { list, decode } = rowColumns<InboundRow>(inboundMessages);
    const stmt = ctx.db.$client.prepare<InboundRow, (string | number | null)[]>(
      `UPDATE inbound_messages SET state = 'processed', kind = ?3, authentication = ?4, report = ?5, matched_by = ?6, message_id = ?7, person_id = ?8,
              thread_id = ?10, campaign_id = ?11, classification = ?12, sentiment = ?13, intent = ?14, verdict_by = 'rules', return_at = ?15, proposal = ?16, text = ?17,
              lease_owner = NULL, lease_until = NULL, last_error = NULL, processed_at = ?9, updated_at = ?9
        WHERE id = ?1 AND lease_owner = ?2 AND state = 'received'
        RETURNING ${list}`,
    );
    type Found = {
      kind: string | null;
      authentication: unknown;
      report: unknown;
      matchedBy: string | null;
      messageId: string | null;
      personId: string | null;
      threadId: string | null;
      campaignId: string | null;
      classification: string;
      sentiment: string | null;
      intent: string | null;
      returnAt: number | null;
      proposal: unknown;
      text: string | null;
      at: number;
    };
    return (id: string, owner: string, f: Found): InboundRow | null => {
      const json = (v: unknown) => (v == null ? null : JSON.stringify(v));
      const row = stmt.get(
        id, owner, f.kind, json(f.authentication), json(f.report), f.matchedBy, f.messageId, f.personId, f.at,
        f.threadId, f.campaignId, f.classification, f.sentiment, f.intent, f.returnAt, json(f.proposal), f.text,
      );
      if (row && decode) decode(row);
      return row;
    };
  });
}

function recordError(ctx: Ctx, tx: Tx, outbox: Outbox, owner: string, r: { row: InboundRow; error: string; giveUp: boolean }): void {
  const now = ctx.clock.now();
  const release = { leaseOwner: null, leaseUntil: null, lastError: r.error, updatedAt: now };
  if (!r.giveUp) {
    tx.update(inboundMessages).set(release).where(mine(r.row.id, owner)).run();
    return;
  }
  const row = tx.update(inboundMessages).set({ ...release, state: "processed", kind: "other", classification: "reply", verdictBy: "rules", processedAt: now }).where(mine(r.row.id, owner)).returning().get();
  if (row) outbox.emit({ workspaceId: row.workspaceId, type: "inbound_message.received", data: inboundMessageView(row, []) });
}

function reportOf(r: Report): InboundReport {
  return {
    format: r.format,
    feedbackType: r.feedbackType,
    originalMessageId: r.originalMessageId,
    recipients: r.recipients.map((x) => ({ address: x.address, kind: x.kind, hard: x.hard, reason: x.reason, status: x.status, diagnostic: x.diagnostic, remoteMta: x.remoteMta })),
  };
}
