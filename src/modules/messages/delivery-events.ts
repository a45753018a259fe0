// Delivery events (dev_): the evidence about a message — a server's answers
// now (delivered, deferred, bounced), DSNs, complaints and tracking later.
// Recorded inside the writer's transaction with `delivery_event.recorded`; a
// hard bounce, a complaint or an unsubscribe makes the person unreachable
// there too (audience/unreachable.ts), so the evidence and what it implies are
// never apart.
import { and, gt, lt } from "drizzle-orm";
import type { Ctx } from "../../context";
import type { Tx } from "../../db/client";
import { insertRow, pointSelect } from "../../db/prepared";
import { tableReads, type Page, type PageRequest } from "../../db/queries";
import { deliveryEvents, people, type DeliveryEventType } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { deliveryEventView } from "../../representations/delivery-event";
import { personBecameUnreachable, type UnreachableCause } from "../audience/unreachable";
import type { Outbox } from "../events/outbox";

export type DeliveryEventRow = typeof deliveryEvents.$inferSelect;

export interface Bounce {
  kind: "hard" | "soft";
  /** e.g. user_unknown, mailbox_full, no_route, policy, other */
  reason: string;
  /** The server's answer, verbatim (`smtp; 550 5.1.1 …`). */
  diagnosticCode: string | null;
}

export interface NewDeliveryEvent {
  workspaceId: string;
  messageId: string;
  personId: string | null;
  attemptId: string | null;
  /** The DSN or complaint that brought the evidence (inm_). */
  inboundMessageId?: string | null;
  type: DeliveryEventType;
  /** The address the evidence is about. */
  recipient: string | null;
  bounce?: Bounce | null;
  /** The clicked link (clicked only). */
  url?: string | null;
  /** The message's campaign, step and variant (a message row fits): analytics count by these. */
  origin?: { campaignId: string | null; stepId: string | null; variantId: string | null };
  /** An open or click by a machine (scanner, proxy, prefetch), and why: recorded, left out of stats. */
  machine?: { reason: string } | null;
  detail: string | null;
  occurredAt: number;
}

export function recordDeliveryEvent(ctx: Ctx, tx: Tx, outbox: Outbox, e: NewDeliveryEvent): DeliveryEventRow {
  const now = ctx.clock.now();
  // prepared once (insertRow): the MTA and the inbound ingest record one or more per message
  const row = insertRow<DeliveryEventRow>(ctx.db, deliveryEvents)({
    id: newId("dev"),
    workspaceId: e.workspaceId,
    messageId: e.messageId,
    personId: e.personId,
    attemptId: e.attemptId,
    inboundMessageId: e.inboundMessageId ?? null,
    campaignId: e.origin?.campaignId ?? null,
    stepId: e.origin?.stepId ?? null,
    variantId: e.origin?.variantId ?? null,
    type: e.type,
    recipient: e.recipient,
    bounceKind: e.bounce?.kind ?? null,
    bounceReason: e.bounce?.reason ?? null,
    diagnosticCode: e.bounce?.diagnosticCode ?? null,
    url: e.url ?? null,
    machine: e.type === "opened" || e.type === "clicked" ? Boolean(e.machine) : null,
    machineReason: e.machine?.reason ?? null,
    detail: e.detail,
    occurredAt: e.occurredAt,
    createdAt: now,
  });
  outbox.emit({ workspaceId: e.workspaceId, type: "delivery_event.recorded", data: deliveryEventView(row) });
  const cause = e.type === "bounced" && e.bounce?.kind === "hard" ? "hard_bounce" : e.type === "complained" ? "complaint" : e.type === "unsubscribed" ? "unsubscribed" : null;
  if (cause) unreachable(ctx, tx, outbox, row, cause);
  return row;
}

/** The address stops receiving mail, the suppression pointing at the event (and the DSN or complaint behind it). */
function unreachable(ctx: Ctx, tx: Tx, outbox: Outbox, ev: DeliveryEventRow, cause: UnreachableCause): void {
  const address = ev.recipient ?? (ev.personId ? pointSelect<{ email: string }>(ctx.db, people)(ev.workspaceId, ev.personId)?.email : null) ?? null;
  if (!address) return;
  const evidence: Record<string, unknown> = { delivery_event_id: ev.id, message_id: ev.messageId, diagnostic_code: ev.diagnosticCode };
  if (ev.inboundMessageId) evidence.inbound_message_id = ev.inboundMessageId;
  personBecameUnreachable(ctx, tx, outbox, { workspaceId: ev.workspaceId, address, cause, evidence });
}

const reads = tableReads(deliveryEvents);

export function getDeliveryEvent(ctx: Ctx, a: { workspaceId: string; id: string }): DeliveryEventRow {
  const row = reads.get(ctx.db, a.workspaceId, a.id);
  if (!row) throw notFound("delivery event");
  return row;
}

export interface DeliveryEventFilters {
  messageId?: string;
  personId?: string;
  type?: DeliveryEventType;
  /** Milliseconds: created strictly after. */
  createdAfter?: number;
  /** Milliseconds: created before. */
  createdBefore?: number;
}

/** By equalities (index-backed); a created range reads on a reader thread. */
export function listDeliveryEvents(ctx: Ctx, a: { workspaceId: string; filters: DeliveryEventFilters; page: PageRequest }): Page<DeliveryEventRow> | Promise<Page<DeliveryEventRow>> {
  const f = a.filters;
  const filter = { workspaceId: a.workspaceId, equal: { messageId: f.messageId, personId: f.personId, type: f.type } };
  const where = and(
    f.createdAfter !== undefined ? gt(deliveryEvents.createdAt, f.createdAfter) : undefined,
    f.createdBefore !== undefined ? lt(deliveryEvents.createdAt, f.createdBefore) : undefined,
  );
  return where ? reads.scan(ctx.db, ctx.readers, { ...filter, where }, a.page) : reads.page(ctx.db, filter, a.page);
}
