// Reading events and creating synthetic ones. Real events are emitted by the
// services whose changes they describe, through the outbox (transact).
import { and, eq, gt, gte, lt, type SQL } from "drizzle-orm";
import type { Ctx } from "../../context";
import { events, webhookEndpoints } from "../../db/schema";
import { iso } from "../../lib/clock";
import { notFound } from "../../lib/errors";
import { transact, type EventRecord } from "../events/outbox";
import { sampleData, type EventType } from "./event-types";

export type EventRow = typeof events.$inferSelect;

/** The event as API B lists it and as webhooks carry it (the delivery body). */
export function toEventView(e: EventRow | EventRecord) {
  return {
    id: e.id,
    object: "event" as const,
    type: e.type,
    data: e.data,
    synthetic: e.synthetic,
    webhook_endpoint_id: e.webhookEndpointId,
    created_at: iso(e.createdAt),
  };
}

export interface EventFilter {
  workspaceId: string;
  type?: string;
  /** Only events after this one (keyset, by id). */
  after?: string;
  createdGte?: number;
  createdLt?: number;
}

export function eventFilter(f: EventFilter): SQL | undefined {
  return and(
    eq(events.workspaceId, f.workspaceId),
    f.type !== undefined ? eq(events.type, f.type) : undefined,
    f.after !== undefined ? gt(events.id, f.after) : undefined,
    f.createdGte !== undefined ? gte(events.createdAt, f.createdGte) : undefined,
    f.createdLt !== undefined ? lt(events.createdAt, f.createdLt) : undefined,
  );
}

export function getEvent(ctx: Ctx, a: { workspaceId: string; id: string }): EventRow {
  const row = ctx.db.select().from(events).where(and(eq(events.workspaceId, a.workspaceId), eq(events.id, a.id))).get();
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
