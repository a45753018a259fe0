// Reading events and creating synthetic ones. Real events are emitted by the
// services whose changes they describe, through the outbox (transact).
import { and, eq, gt, gte, lt } from "drizzle-orm";
import type { Ctx } from "../../context";
import { tableReads, type Page, type PageRequest } from "../../db/queries";
import { events, webhookEndpoints } from "../../db/schema";
import type { EventRecord } from "../../lib/event-bus";
import { notFound } from "../../lib/errors";
import { transact } from "./outbox";
import { sampleData, type EventType } from "./registry";

export type EventRow = typeof events.$inferSelect;

const reads = tableReads(events);

export interface EventFilters {
  type?: string;
  /** Only events after this one (by id). */
  after?: string;
  createdGte?: number;
  createdLt?: number;
}

/** Events by type (index-backed), or over ranges of ids and times (a scan, on a reader thread). */
export function listEvents(ctx: Ctx, a: { workspaceId: string; filters: EventFilters; page: PageRequest }): Page<EventRow> | Promise<Page<EventRow>> {
  const f = a.filters;
  const filter = { workspaceId: a.workspaceId, equal: { type: f.type } };
  const where = and(
    f.after !== undefined ? gt(events.id, f.after) : undefined,
    f.createdGte !== undefined ? gte(events.createdAt, f.createdGte) : undefined,
    f.createdLt !== undefined ? lt(events.createdAt, f.createdLt) : undefined,
  );
  return where ? reads.scan(ctx.db, ctx.readers, { ...filter, where }, a.page) : reads.page(ctx.db, filter, a.page);
}

export function getEvent(ctx: Ctx, a: { workspaceId: string; id: string }): EventRow {
  const row = reads.get(ctx.db, a.workspaceId, a.id);
  if (!row) throw notFound("event");
  return row;
}

/**
 * An event with sample data of its type, flagged synthetic. Addressed to one
 * endpoint (whatever its subscriptions) or, without one, to every subscriber.
 */
export function createSyntheticEvent(ctx: Ctx, a: { workspaceId: string; type: EventType; webhookEndpointId: string | null }): EventRecord {
  return transact(ctx, (tx, outbox) => {
    if (a.webhookEndpointId !== null) {
      const endpoint = tx
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.workspaceId, a.workspaceId), eq(webhookEndpoints.id, a.webhookEndpointId)))
        .get();
      if (!endpoint) throw notFound("webhook endpoint");
    }
    return outbox.emit({ workspaceId: a.workspaceId, type: a.type, data: sampleData(a.type, ctx.clock.now()), synthetic: true, webhookEndpointId: a.webhookEndpointId });
  });
}
