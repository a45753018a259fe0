// A connection's health: what its last check found (verification, a
// provider's throttling answer, a sending domain whose records vanished).
// Every change goes through here, so `connection.health_changed` is emitted
// once per change and never for a check that found the same thing again.
// Pausing is a status change, not a health change: it emits nothing here.
import { and, eq } from "drizzle-orm";
import type { Ctx } from "../../context";
import type { Tx } from "../../db/client";
import { connections, type HealthStatus } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { connectionView } from "../../representations/connection";
import type { Outbox } from "../events/outbox";
import { connectionIdentities } from "./identities";

export interface HealthChange {
  workspaceId: string;
  connectionId: string;
  status: HealthStatus;
  detail: string | null;
}

/**
 * Records a check's finding (health_checked_at moves every time) and emits
 * `connection.health_changed` with the connection only when the status or
 * the detail differ from what was recorded.
 */
export function setConnectionHealth(ctx: Ctx, tx: Tx, outbox: Outbox, a: HealthChange): void {
  const where = and(eq(connections.workspaceId, a.workspaceId), eq(connections.id, a.connectionId));
  const current = tx.select({ status: connections.healthStatus, detail: connections.healthDetail }).from(connections).where(where).get();
  if (!current) throw notFound("connection");
  const now = ctx.clock.now();
  const changed = current.status !== a.status || current.detail !== a.detail;
  const row = tx
    .update(connections)
    .set(changed ? { healthStatus: a.status, healthDetail: a.detail, healthCheckedAt: now, updatedAt: now } : { healthCheckedAt: now })
    .where(where)
    .returning()
    .get()!;
  if (changed) outbox.emit({ workspaceId: a.workspaceId, type: "connection.health_changed", data: connectionView(row, connectionIdentities(tx, a.workspaceId, a.connectionId)) });
}
