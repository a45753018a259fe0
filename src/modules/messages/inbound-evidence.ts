// What an inbound bounce, complaint or unsubscribe request means for the
// message it was matched to: one delivery event per recipient of ours it reports,
// linked to the inbound message, with the effects recordDeliveryEvent applies
// (a hard bounce, a complaint or an unsubscribe makes the person unreachable).
// A report about an address we never mailed (a forward of ours, a redacted
// complaint) is about the message's recipient it stands for (asOurRecipient).
// A bounce after the server had taken the message (the remote MTA gave up later)
// also fails that recipient, and the message once none is left delivered; a soft
// one stops there (it suppresses nothing). Delay notices are evidence only.
import type { Ctx } from "../../context";
import type { Tx } from "../../db/client";
import { pointSelect, preparedOnce, rowColumns } from "../../db/prepared";
import { messages, type InboundKind, type MessageRecipient } from "../../db/schema";
import { emailKey } from "../audience/email";
import { recordUnsubscribe } from "../audience/unsubscribe";
import type { Outbox } from "../events/outbox";
import { recordDeliveryEvent, type DeliveryEventRow } from "./delivery-events";
import { emitMessage } from "./messages";

export interface ReportedRecipient {
  address: string;
  /** The address first given (DSN Original-Recipient), when an alias or forward turned it into `address`. */
  originalRecipient?: string;
  kind: "bounced" | "deferred" | "complained" | "unsubscribed";
  hard: boolean;
  reason: string;
  status: string | null;
  diagnostic: string | null;
}

export interface InboundEvidence {
  workspaceId: string;
  inboundMessageId: string;
  kind: InboundKind;
  /** What the report says, per recipient (empty when it named none). */
  recipients: ReportedRecipient[];
  /** The message it was matched to and that message's person. */
  messageId: string;
  personId: string | null;
  occurredAt: number;
}

type MessageRow = typeof messages.$inferSelect;

export function recordInboundEvidence(ctx: Ctx, tx: Tx, outbox: Outbox, e: InboundEvidence): DeliveryEventRow[] {
  const message = pointSelect<MessageRow>(ctx.db, messages)(e.workspaceId, e.messageId);
  if (!message) return [];
  if (e.kind === "unsubscribe") {
    // once per address, as the one-click endpoint does (a second request by mail records nothing)
    const event = recordUnsubscribe(ctx, tx, outbox, { message, address: unsubscribedAddress(message), detail: "unsubscribe request by mail (RFC 2369)", inboundMessageId: e.inboundMessageId });
    return event ? [event] : [];
  }
  const reported = onePerRecipient(asListMembers(reportedOrAssumed(e, message).map((r) => asOurRecipient(message, r))));
  const events = reported.map((r) =>
    recordDeliveryEvent(ctx, tx, outbox, {
      workspaceId: e.workspaceId,
      messageId: e.messageId,
      personId: personOf(ctx, e, message, r.address),
      attemptId: null,
      inboundMessageId: e.inboundMessageId,
      origin: message,
      type: r.kind,
      recipient: r.address,
      bounce: r.kind === "bounced" ? { kind: r.hard ? "hard" : "soft", reason: r.reason, diagnosticCode: r.diagnostic } : null,
      detail: [r.status, r.diagnostic, r.reportedAs && `(reported for ${r.reportedAs})`].filter(Boolean).join(" ") || null,
      occurredAt: e.occurredAt,
    }),
  );
  const bounced = reported.filter((r) => r.kind === "bounced");
  if (bounced.length) failRecipients(ctx, outbox, message, bounced);
  return events;
}

/** The address an unsubscribe request about a message is for: its first `to`. */
const unsubscribedAddress = (m: MessageRow) => m.recipients.find((r) => r.kind === "to")?.address ?? m.recipients[0]!.address;

/**
 * The report's recipients; when it named none, the message's own: a bounce
 * (soft, reason other: nothing says more) or complaint about each.
 */
function reportedOrAssumed(e: InboundEvidence, m: MessageRow): ReportedRecipient[] {
  if (e.recipients.length) return e.recipients;
  const kind = e.kind === "complaint" ? ("complained" as const) : ("bounced" as const);
  return m.recipients.filter((r) => r.state !== "failed").map((r) => ({ address: r.address, kind, hard: false, reason: "other", status: null, diagnostic: null }));
}

/**
 * Which of the message's recipients a reported one is: the same address; else its
 * Original-Recipient (ours, forwarded to the address that failed); else the message's
 * only recipient (the provider redacted the address, or expanded an alias of ours).
 * The effects then land on our address, not on one we never mailed; the reported
 * address stays in the event's detail.
 */
function asOurRecipient(m: MessageRow, r: ReportedRecipient): ReportedRecipient & { reportedAs?: string } {
  const find = (address: string | undefined) => (address ? m.recipients.find((x) => emailKey(x.address) === emailKey(address)) : undefined);
  if (find(r.address)) return r;
  const ours = find(r.originalRecipient) ?? (m.recipients.length === 1 ? m.recipients[0] : undefined);
  return ours ? { ...r, address: ours.address, reportedAs: r.address } : r;
}

/**
 * Several addresses reported for one of ours (Sendmail's X-Actual-Recipient, Postfix's "expanded from"): ours is a
 * list or an alias of many, and one member's dead mailbox is not ours — a soft failure of ours, the member named in
 * its detail. One address reported for ours is a forward: its failure is ours.
 */
function asListMembers<R extends ReportedRecipient & { reportedAs?: string }>(reported: R[]): R[] {
  const members = new Map<string, Set<string>>();
  for (const r of reported) {
    if (!r.reportedAs) continue;
    const key = emailKey(r.address);
    members.set(key, (members.get(key) ?? new Set()).add(emailKey(r.reportedAs)));
  }
  return reported.map((r) => (r.reportedAs && r.hard && members.get(emailKey(r.address))!.size > 1 ? { ...r, hard: false } : r));
}

const severity = (r: ReportedRecipient) => (r.kind === "deferred" ? 0 : r.kind === "bounced" && !r.hard ? 1 : 2);

/**
 * One entry per address of ours: a report may name it twice (a delay, then the
 * failure) or name many addresses that all stand for it (an alias expanded);
 * the most serious is its evidence, so a report of 2,000 lines is one event.
 */
function onePerRecipient<R extends ReportedRecipient>(reported: R[]): R[] {
  const byKey = new Map<string, R>();
  for (const r of reported) {
    const key = emailKey(r.address);
    const seen = byKey.get(key);
    if (!seen || severity(r) > severity(seen)) byKey.set(key, r);
  }
  return [...byKey.values()];
}

function personOf(ctx: Ctx, e: InboundEvidence, m: MessageRow, address: string): string | null {
  const byEmail = preparedOnce(ctx.db, "inbound-evidence.person", () =>
    ctx.db.$client.prepare<{ id: string }, [string, string]>("SELECT id FROM people WHERE workspace_id = ?1 AND email_key = ?2"),
  );
  return byEmail.get(e.workspaceId, emailKey(address))?.id ?? (m.recipients.length === 1 ? e.personId : null);
}

function failStatement(ctx: Ctx) {
  return preparedOnce(ctx.db, "inbound-evidence.fail", () => {
    const { list, decode } = rowColumns<MessageRow>(messages);
    const stmt = ctx.db.$client.prepare<MessageRow, [string, string, string, string, string | null, number]>(
      `UPDATE messages SET recipients = ?3, status = ?4, status_detail = ?5, updated_at = ?6 WHERE workspace_id = ?1 AND id = ?2 RETURNING ${list}`,
    );
    return (m: MessageRow, recipients: MessageRecipient[], status: string, detail: string | null, now: number): MessageRow | null => {
      const row = stmt.get(m.workspaceId, m.id, JSON.stringify(recipients), status, detail, now);
      if (row && decode) decode(row);
      return row;
    };
  });
}

function failRecipients(ctx: Ctx, outbox: Outbox, m: MessageRow, bounced: ReportedRecipient[]): void {
  const byKey = new Map(bounced.map((r) => [emailKey(r.address), r]));
  const recipients: MessageRecipient[] = m.recipients.map((r) => {
    const b = byKey.get(emailKey(r.address));
    return b ? { ...r, state: "failed", response: [b.status, b.diagnostic].filter(Boolean).join(" ") || "bounced" } : r;
  });
  const allFailed = recipients.every((r) => r.state === "failed");
  const fails = allFailed && (m.status === "sent" || m.status === "uncertain");
  const first = bounced[0]!;
  const detail = `bounced after the server took it: ${[first.status, first.diagnostic].filter(Boolean).join(" ") || first.reason}`;
  const row = failStatement(ctx)(m, recipients, fails ? "failed" : m.status, fails ? detail : m.statusDetail, ctx.clock.now());
  if (fails && row) emitMessage(outbox, "message.failed", row);
}
