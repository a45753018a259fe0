// Reading webhook deliveries and retrying one by hand. The worker (worker.ts)
// makes the attempts.
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Ctx } from "../../../context";
import { webhookDeliveries, webhookEndpoints, type WebhookDeliveryState } from "../../../db/schema";
import { DomainError, notFound } from "../../../lib/errors";

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const scoped = (workspaceId: string, id: string) => and(eq(webhookDeliveries.workspaceId, workspaceId), eq(webhookDeliveries.id, id));

export function deliveryFilter(f: { workspaceId: string; webhookEndpointId?: string; eventId?: string; state?: WebhookDeliveryState }): SQL | undefined {
  return and(
    eq(webhookDeliveries.workspaceId, f.workspaceId),
    f.webhookEndpointId !== undefined ? eq(webhookDeliveries.webhookEndpointId, f.webhookEndpointId) : undefined,
    f.eventId !== undefined ? eq(webhookDeliveries.eventId, f.eventId) : undefined,
    f.state !== undefined ? eq(webhookDeliveries.state, f.state) : undefined,
  );
}

export function getDelivery(ctx: Ctx, a: { workspaceId: string; id: string }): DeliveryRow {
  const row = ctx.db.select().from(webhookDeliveries).where(scoped(a.workspaceId, a.id)).get();
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
