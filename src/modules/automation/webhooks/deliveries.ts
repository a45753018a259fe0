// Reading webhook deliveries and retrying one by hand. The worker (worker.ts)
// makes the attempts.
import { and, eq, sql } from "drizzle-orm";
import type { Ctx } from "../../../context";
import { tableReads, type Page, type PageRequest } from "../../../db/queries";
import { webhookDeliveries, webhookEndpoints, type WebhookDeliveryState } from "../../../db/schema";
import { DomainError, notFound } from "../../../lib/errors";

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const scoped = (workspaceId: string, id: string) => and(eq(webhookDeliveries.workspaceId, workspaceId), eq(webhookDeliveries.id, id));

// listed by event, then by delivery: an event's deliveries stay together
const reads = tableReads(webhookDeliveries, { key: [webhookDeliveries.eventId, webhookDeliveries.id] });

export interface DeliveryFilters {
  webhookEndpointId?: string;
  eventId?: string;
  state?: WebhookDeliveryState;
}

export function listDeliveries(ctx: Ctx, a: { workspaceId: string; filters: DeliveryFilters; page: PageRequest }): Page<DeliveryRow> {
  return reads.page(ctx.db, { workspaceId: a.workspaceId, equal: { ...a.filters } }, a.page);
}

export function getDelivery(ctx: Ctx, a: { workspaceId: string; id: string }): DeliveryRow {
  const row = reads.get(ctx.db, a.workspaceId, a.id);
  if (!row) throw notFound("webhook delivery");
  return row;
}

/**
 * A pending delivery's next attempt is brought forward to now, unless an
 * attempt is in flight (its lease is live): that attempt is the retry, and a
 * second concurrent one never starts. A finished delivery becomes pending,
 * attempted now with a fresh retry schedule. Refused while its endpoint is
 * disabled.
 */
export function retryDelivery(ctx: Ctx, a: { workspaceId: string; id: string }): DeliveryRow {
  const now = ctx.clock.now();
  const d = webhookDeliveries;
  const leased = sql`${d.leaseOwner} IS NOT NULL AND ${d.nextAttemptAt} > ${now}`;
  return ctx.db.transaction((tx) => {
    const current = tx.select({ endpointId: d.webhookEndpointId }).from(d).where(scoped(a.workspaceId, a.id)).get();
    if (!current) throw notFound("webhook delivery");
    const endpoint = tx.select({ enabled: webhookEndpoints.enabled }).from(webhookEndpoints).where(eq(webhookEndpoints.id, current.endpointId)).get();
    if (!endpoint?.enabled) throw new DomainError("invalid_state", "The delivery's webhook endpoint is disabled; enable it (PATCH enabled: true) before retrying.");
    return tx
      .update(d)
      .set({
        state: "pending",
        runAttempts: sql`CASE WHEN ${d.state} = 'pending' THEN ${d.runAttempts} ELSE 0 END`,
        nextAttemptAt: sql`CASE WHEN ${leased} THEN ${d.nextAttemptAt} ELSE ${now} END`,
        updatedAt: now,
      })
      .where(scoped(a.workspaceId, a.id))
      .returning()
      .get()!;
  });
}
