// Inbound messages (inm_): what the inbound listener accepted, read back. The
// listener and its ingest write the rows (src/smtp-in); here they are read:
// one with the delivery events it brought, a page of them, the raw bytes.
import { and, asc, eq, gt, inArray, lt } from "drizzle-orm";
import type { Ctx } from "../../context";
import { tableReads, type Page, type PageRequest } from "../../db/queries";
import { deliveryEvents, inboundMessageRaws, inboundMessages } from "../../db/schema";
import { notFound } from "../../lib/errors";
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

/** By equalities (index-backed); a received range reads on a reader thread. Each row with its delivery events' ids. */
export function listInboundMessages(
  ctx: Ctx,
  a: { workspaceId: string; filters: InboundMessageFilters; page: PageRequest },
): Page<InboundMessageDetail> | Promise<Page<InboundMessageDetail>> {
  const f = a.filters;
  const filter = { workspaceId: a.workspaceId, equal: { kind: f.kind, messageId: f.messageId, personId: f.personId } };
  const where = and(
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
