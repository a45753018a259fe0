// Inbound messages (inm_): what the inbound listener accepted, read back. The
// listener and its ingest write the rows (src/smtp-in); here they are read:
// one with the delivery events it brought, a page of them, the raw bytes.
import { and, asc, eq, gt, inArray, lt } from "drizzle-orm";
import type { Ctx } from "../../context";
import { tableReads, type Page, type PageRequest } from "../../db/queries";
import { deliveryEvents, inboundMessageRaws, inboundMessages, type Classification, type Intent, type Sentiment } from "../../db/schema";
import { DomainError, invalidField, notFound } from "../../lib/errors";
import { replyReceived } from "../campaigns/stop-rules";
import { transact } from "../events/outbox";
import type { InboundMessageDetail } from "../../representations/inbound-message";

export type InboundMessageRow = typeof inboundMessages.$inferSelect;
export type { InboundMessageDetail };

const reads = tableReads(inboundMessages);

/** The delivery events each of `ids` brought, oldest first: one index-backed query for a whole page. */
function deliveryEventIdsOf(ctx: Ctx, workspaceId: string, ids: string[]): Map<string, string[]> {
  const out = new Map<string, string[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  const rows = ctx.db
    .select({ id: deliveryEvents.id, inboundMessageId: deliveryEvents.inboundMessageId })
    .from(deliveryEvents)
    .where(and(eq(deliveryEvents.workspaceId, workspaceId), inArray(deliveryEvents.inboundMessageId, ids)))
    .orderBy(asc(deliveryEvents.id))
    .all();
  for (const r of rows) out.get(r.inboundMessageId!)?.push(r.id);
  return out;
}

/** The row with the ids of the delivery events it brought (oldest first). */
export function inboundDetail(ctx: Ctx, row: InboundMessageRow): InboundMessageDetail {
  return { message: row, deliveryEventIds: deliveryEventIdsOf(ctx, row.workspaceId, [row.id]).get(row.id)! };
}

export function getInboundMessage(ctx: Ctx, a: { workspaceId: string; id: string }): InboundMessageDetail {
  const row = reads.get(ctx.db, a.workspaceId, a.id);
  if (!row) throw notFound("inbound message");
  return inboundDetail(ctx, row);
}

export interface InboundMessageFilters {
  /** bounce, complaint, auto_reply, unsubscribe, other (an open list). */
  kind?: string;
  classification?: string;
  sentiment?: string;
  intent?: string;
  threadId?: string;
  campaignId?: string;
  messageId?: string;
  personId?: string;
  /** Milliseconds: received strictly after. */
  receivedAfter?: number;
  /** Milliseconds: received before. */
  receivedBefore?: number;
}

function withDeliveryEvents(ctx: Ctx, workspaceId: string, page: Page<InboundMessageRow>): Page<InboundMessageDetail> {
  const ids = deliveryEventIdsOf(ctx, workspaceId, page.rows.map((r) => r.id));
  return { ...page, rows: page.rows.map((message) => ({ message, deliveryEventIds: ids.get(message.id)! })) };
}

/** By equalities (index-backed); a received range, sentiment or intent reads on a reader thread. Each row with its delivery events' ids. */
export function listInboundMessages(
  ctx: Ctx,
  a: { workspaceId: string; filters: InboundMessageFilters; page: PageRequest },
): Page<InboundMessageDetail> | Promise<Page<InboundMessageDetail>> {
  const f = a.filters;
  const equal = { kind: f.kind, classification: f.classification, threadId: f.threadId, campaignId: f.campaignId, messageId: f.messageId, personId: f.personId };
  const filter = { workspaceId: a.workspaceId, equal };
  // sentiment and intent have no index of their own (every reply would pay two more index writes): read on a reader thread
  const where = and(
    f.sentiment !== undefined ? eq(inboundMessages.sentiment, f.sentiment as Sentiment) : undefined,
    f.intent !== undefined ? eq(inboundMessages.intent, f.intent as Intent) : undefined,
    f.receivedAfter !== undefined ? gt(inboundMessages.receivedAt, f.receivedAfter) : undefined,
    f.receivedBefore !== undefined ? lt(inboundMessages.receivedAt, f.receivedBefore) : undefined,
  );
  if (!where) return withDeliveryEvents(ctx, a.workspaceId, reads.page(ctx.db, filter, a.page));
  return reads.scan(ctx.db, ctx.readers, { ...filter, where }, a.page).then((page) => withDeliveryEvents(ctx, a.workspaceId, page));
}

/** The message exactly as it arrived (404 when the message, or its bytes, are not the workspace's). */
export function inboundMessageRaw(ctx: Ctx, a: { workspaceId: string; id: string }): Buffer {
  const row = ctx.db
    .select({ raw: inboundMessageRaws.raw })
    .from(inboundMessageRaws)
    .where(and(eq(inboundMessageRaws.workspaceId, a.workspaceId), eq(inboundMessageRaws.id, a.id)))
    .get();
  if (!row) throw notFound("inbound message");
  return row.raw;
}

export interface Correction {
  classification?: Classification;
  sentiment?: Sentiment | null;
  intent?: Intent | null;
}

/**
 * A person's correction of the verdict (PATCH): recorded as `manual`, which the
 * AI never overrides. Correcting a message into a reply or an unsubscribe
 * request runs the campaigns' stop rules, as the ingest would have (what
 * already stopped stays stopped); into an unsubscribe request it also proposes
 * the suppression.
 */
export function correctInboundMessage(ctx: Ctx, a: { workspaceId: string; id: string; correction: Correction }): InboundMessageDetail {
  const c = a.correction;
  const row = transact(ctx, (tx, outbox) => {
    const m = reads.get(ctx.db, a.workspaceId, a.id);
    if (!m) throw notFound("inbound message");
    if (m.state !== "processed") throw new DomainError("conflict", "The message is not through the ingest yet: correct it once it is processed.");
    const classification = c.classification ?? m.classification;
    const evidence = (x: string | null) => x === "bounce" || x === "complaint";
    if (c.classification !== undefined && c.classification !== m.classification && (evidence(c.classification) || evidence(m.classification))) {
      throw invalidField("/classification", "invalid", "Bounces and complaints are evidence read from their reports: they cannot be reclassified, nor can other mail become one.");
    }
    const isReply = classification === "reply";
    if (!isReply && ((c.sentiment ?? null) !== null || (c.intent ?? null) !== null) && !(classification === "auto_reply" && c.intent === "moved")) {
      throw invalidField(c.sentiment ? "/sentiment" : "/intent", "invalid", "sentiment and intent are given to replies (and intent moved to an auto-reply).");
    }
    const now = ctx.clock.now();
    const answered = (x: string | null) => x === "reply" || x === "unsubscribe_request";
    if (answered(classification) && !answered(m.classification)) {
      replyReceived(ctx, tx, outbox, { workspaceId: m.workspaceId, inboundMessageId: m.id, personId: m.personId, fromKey: m.fromKey, messageId: m.messageId, occurredAt: m.receivedAt });
    }
    const proposal =
      classification === "unsubscribe_request" && !m.proposal && m.fromKey
        ? { action: "suppress" as const, email: m.fromKey, name: null, state: "pending" as const, reviewedAt: null, resultId: null }
        : m.proposal;
    return tx
      .update(inboundMessages)
      .set({
        classification,
        sentiment: isReply ? (c.sentiment !== undefined ? c.sentiment : m.sentiment) : null,
        intent: isReply || classification === "auto_reply" ? (c.intent !== undefined ? c.intent : isReply ? m.intent : null) : null,
        verdictBy: "manual",
        proposal,
        updatedAt: now,
      })
      .where(and(eq(inboundMessages.workspaceId, a.workspaceId), eq(inboundMessages.id, a.id)))
      .returning()
      .get()!;
  });
  return inboundDetail(ctx, row);
}
