// The ingest's last step: the inbound message becomes `processed` with what
// the steps found, and its evidence is recorded (delivery events, and through
// them suppressions and person statuses) — all in one transaction, written
// only where this worker still holds the message's lease, so a message is
// processed exactly once even when its lease lapsed and it was claimed again.
import { and, eq } from "drizzle-orm";
import type { Ctx } from "../context";
import type { Tx } from "../db/client";
import { preparedOnce, rowColumns } from "../db/prepared";
import { inboundMessages, type InboundReport } from "../db/schema";
import { transact, type Outbox } from "../modules/events/outbox";
import { recordInboundEvidence } from "../modules/messages/inbound-evidence";
import { replyReceived } from "../modules/campaigns/stop-rules";
import { inboundMessageView } from "../representations/inbound-message";
import type { Report } from "./bounces";
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

function recordWork(ctx: Ctx, tx: Tx, outbox: Outbox, owner: string, w: IngestWork): void {
  const now = ctx.clock.now();
  const m = w.match;
  const row = processedStatement(ctx)(w.row.id, owner, {
    kind: w.kind,
    authentication: w.authentication,
    report: w.report && (w.kind === "bounce" || w.kind === "complaint") ? reportOf(w.report) : null,
    matchedBy: m?.by ?? null,
    messageId: m?.messageId ?? null,
    personId: m?.personId ?? null,
    at: now,
  });
  if (!row) return; // no longer ours: whoever holds it records it
  const events =
    m && (row.kind === "bounce" || row.kind === "complaint" || row.kind === "unsubscribe")
      ? recordInboundEvidence(ctx, tx, outbox, {
          workspaceId: row.workspaceId,
          inboundMessageId: row.id,
          kind: row.kind,
          recipients: w.report?.recipients.map((r) => ({ ...r, reason: r.reason })) ?? [],
          messageId: m.messageId,
          personId: m.personId,
          occurredAt: row.receivedAt,
        })
      : [];
  // mail from a person that is none of those is their answer: the campaigns' stop rules (the inbox issue refines what a reply is)
  if (row.kind === "other") {
    replyReceived(ctx, tx, outbox, { workspaceId: row.workspaceId, inboundMessageId: row.id, personId: m?.personId ?? null, fromKey: row.fromKey, messageId: m?.messageId ?? null, occurredAt: row.receivedAt });
  }
  outbox.emit({ workspaceId: row.workspaceId, type: "inbound_message.received", data: inboundMessageView(row, events.map((e) => e.id)) });
}

/** The ingest's result written once, only while `owner` holds the lease (prepared: it runs for every message). */
function processedStatement(ctx: Ctx) {
  return preparedOnce(ctx.db, "smtp-in.processed", () => {
    const { list, decode } = rowColumns<InboundRow>(inboundMessages);
    const stmt = ctx.db.$client.prepare<InboundRow, [string, string, string | null, string | null, string | null, string | null, string | null, string | null, number]>(
      `UPDATE inbound_messages SET state = 'processed', kind = ?3, authentication = ?4, report = ?5, matched_by = ?6, message_id = ?7, person_id = ?8,
              lease_owner = NULL, lease_until = NULL, last_error = NULL, processed_at = ?9, updated_at = ?9
        WHERE id = ?1 AND lease_owner = ?2 AND state = 'received'
        RETURNING ${list}`,
    );
    type Found = { kind: string | null; authentication: unknown; report: unknown; matchedBy: string | null; messageId: string | null; personId: string | null; at: number };
    return (id: string, owner: string, f: Found): InboundRow | null => {
      const json = (v: unknown) => (v == null ? null : JSON.stringify(v));
      const row = stmt.get(id, owner, f.kind, json(f.authentication), json(f.report), f.matchedBy, f.messageId, f.personId, f.at);
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
  const row = tx.update(inboundMessages).set({ ...release, state: "processed", kind: "other", processedAt: now }).where(mine(r.row.id, owner)).returning().get();
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
