// Events are written in the same transaction as the change they describe, so a
// rolled-back change leaves no event; listeners hear of them after commit.
import type { Ctx } from "../../context";
import type { Tx } from "../../db/client";
import { preparedOnce } from "../../db/prepared";
import type { EventRecord } from "../../lib/event-bus";
import { newId } from "../../lib/ids";

export type { EventRecord } from "../../lib/event-bus";

export interface NewEvent {
  workspaceId: string;
  type: string;
  data: unknown;
  synthetic?: boolean;
  webhookEndpointId?: string | null;
}

export interface Outbox {
  emit(event: NewEvent): EventRecord;
}

/**
 * Runs fn in one transaction with an outbox bound to it. Events emitted inside
 * are inserted by that transaction; after it commits they are published.
 */
const insertEvent = (ctx: Ctx) =>
  preparedOnce(ctx.db, "events.insert", () =>
    ctx.db.$client.prepare<unknown, [string, string, string, string, number, string | null, number]>(
      "INSERT INTO events (id, workspace_id, type, data, synthetic, webhook_endpoint_id, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    ),
  );

export function transact<T>(ctx: Ctx, fn: (tx: Tx, outbox: Outbox) => T): T {
  const emitted: EventRecord[] = [];
  const result = ctx.db.transaction((tx) => {
    const outbox: Outbox = {
      emit(e) {
        const row: EventRecord = {
          id: newId("evt"),
          workspaceId: e.workspaceId,
          type: e.type,
          data: e.data,
          synthetic: e.synthetic ?? false,
          webhookEndpointId: e.webhookEndpointId ?? null,
          createdAt: ctx.clock.now(),
        };
        // prepared once: every change of every domain writes its events here (same connection as tx)
        insertEvent(ctx).run(row.id, row.workspaceId, row.type, JSON.stringify(row.data), row.synthetic ? 1 : 0, row.webhookEndpointId, row.createdAt);
        ctx.events.runInTx(tx, row, outbox.emit);
        emitted.push(row);
        return row;
      },
    };
    return fn(tx, outbox);
  });
  for (const e of emitted) ctx.events.publish(e);
  return result;
}
