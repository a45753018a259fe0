// One delivery per (event, endpoint), written inside the event's own
// transaction (an in-transaction hook of the context's event bus, installed by
// createContext): an event that commits always has its deliveries, so none is
// lost between the change and the worker.
import type { Db, Tx } from "../../../db/client";
import { preparedOnce } from "../../../db/prepared";
import type { EventRecord } from "../../../lib/event-bus";
import { newId } from "../../../lib/ids";

interface Target {
  id: string;
  enabled: number;
  event_types: string;
}

// Raw statements: this runs once per event, inside the writer's transaction
// (on the same connection, so they are part of it).
function statements(db: Db) {
  return preparedOnce(db, "webhooks.fanout", () => ({
    subscribers: db.$client.prepare<Target, [string]>("SELECT id, enabled, event_types FROM webhook_endpoints WHERE workspace_id = ?1 AND enabled = 1"),
    addressed: db.$client.prepare<Target, [string, string]>("SELECT id, enabled, event_types FROM webhook_endpoints WHERE workspace_id = ?1 AND id = ?2"),
    insert: db.$client.prepare(
      `INSERT INTO webhook_deliveries (id, workspace_id, event_id, event_type, event_created_at, webhook_endpoint_id, state, attempts, run_attempts, next_attempt_at, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 0, 0, ?8, ?5, ?5)`,
    ),
  }));
}

/** The in-transaction hook that creates an event's deliveries. */
export function webhookFanout(db: Db): (tx: Tx, e: EventRecord) => void {
  return (_tx, e) => {
    const s = statements(db);
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
  };
}
