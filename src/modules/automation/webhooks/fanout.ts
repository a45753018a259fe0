// One delivery per (event, endpoint), written inside the event's own
// transaction (EventBus in-tx hook): an event that commits always has its
// deliveries, so none is lost between the change and the worker.
import type { Ctx } from "../../../context";
import { preparedOnce } from "../../../db/prepared";
import { newId } from "../../../lib/ids";
import type { EventRecord } from "../../events/outbox";

const installed = new WeakSet<Ctx>();

/** Registers the fan-out on ctx.bus once; every process that emits events calls it at start. */
export function installWebhookFanout(ctx: Ctx): void {
  if (installed.has(ctx)) return;
  installed.add(ctx);
  // the hook runs on the transaction's own connection, so these statements are part of it
  ctx.bus.onEventInTx((_tx, event) => createDeliveries(ctx, event));
}

interface Target {
  id: string;
  enabled: number;
  event_types: string;
}

// Raw statements: this runs once per event, inside the writer's transaction.
function statements(ctx: Ctx) {
  return preparedOnce(ctx.db, "webhooks.fanout", () => ({
    subscribers: ctx.db.$client.prepare<Target, [string]>("SELECT id, enabled, event_types FROM webhook_endpoints WHERE workspace_id = ?1 AND enabled = 1"),
    addressed: ctx.db.$client.prepare<Target, [string, string]>("SELECT id, enabled, event_types FROM webhook_endpoints WHERE workspace_id = ?1 AND id = ?2"),
    insert: ctx.db.$client.prepare(
      `INSERT INTO webhook_deliveries (id, workspace_id, event_id, event_type, event_created_at, webhook_endpoint_id, state, attempts, run_attempts, next_attempt_at, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 0, 0, ?8, ?5, ?5)`,
    ),
  }));
}

function createDeliveries(ctx: Ctx, e: EventRecord): void {
  const s = statements(ctx);
  const targets = e.webhookEndpointId
    ? // addressed (synthetic): that endpoint whatever its subscriptions; a disabled one records why nothing arrives
      s.addressed.all(e.workspaceId, e.webhookEndpointId)
    : s.subscribers.all(e.workspaceId).filter((w) => {
        const types = JSON.parse(w.event_types) as string[];
        return types.length === 0 || types.includes(e.type);
      });
  for (const w of targets) {
    const enabled = w.enabled === 1;
    s.insert.run(newId("whd"), e.workspaceId, e.id, e.type, e.createdAt, w.id, enabled ? "pending" : "disabled", enabled ? e.createdAt : null);
  }
}
