// In-process fan-out of events. Two kinds of subscribers:
// - in-transaction hooks run inside the writing transaction (webhook
//   deliveries are created atomically with their event, so none is lost);
// - listeners run after commit (long-poll wake-ups, worker nudges).
import type { Tx } from "../db/client";
import type { events } from "../db/schema";

/** An event as the outbox wrote it. */
export type EventRecord = typeof events.$inferSelect;

/** Emits another event in the same transaction (a hook's consequence, e.g. an enrollment moving on). */
export type EmitInTx = (e: { workspaceId: string; type: string; data: unknown }) => EventRecord;
export type InTxHook = (tx: Tx, event: EventRecord, emit: EmitInTx) => void;
export type Listener<T> = (value: T) => void;

/** Listeners of one kind of news; a listener that throws never breaks the publisher or the others. */
export class Topic<T = void> {
  private listeners = new Set<Listener<T>>();

  subscribe(fn: Listener<T>): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  publish(value: T): void {
    for (const fn of this.listeners) {
      try {
        fn(value);
      } catch {
        // a listener must never break the writer
      }
    }
  }
}

export class EventBus extends Topic<EventRecord> {
  private inTx: InTxHook[] = [];

  onEventInTx(hook: InTxHook): void {
    this.inTx.push(hook);
  }

  runInTx(tx: Tx, event: EventRecord, emit: EmitInTx): void {
    for (const h of this.inTx) h(tx, event, emit);
  }
}
