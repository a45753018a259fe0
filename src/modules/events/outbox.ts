// Events are written in the same transaction as the change they describe, so a
// rolled-back change leaves no event; listeners hear of them after commit.
import type { Ctx } from "../../context";
import type { Tx } from "../../db/client";
import { events } from "../../db/schema";
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
export function transact<T>(ctx: Ctx, fn: (tx: Tx, outbox: Outbox) => T): T {
  const emitted: EventRecord[] = [];
  const result = ctx.db.transaction((tx) =>
    fn(tx, {
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
        tx.insert(events).values(row).run();
        ctx.events.runInTx(tx, row);
        emitted.push(row);
        return row;
      },
    }),
  );
  for (const e of emitted) ctx.events.publish(e);
  return result;
}
