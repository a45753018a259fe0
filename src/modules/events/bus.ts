// In-process fan-out of committed events. Two kinds of subscribers:
// - inTx hooks run inside the writing transaction (webhook deliveries are
//   created atomically with their event, so none is lost on a crash);
// - listeners run after commit (long-poll wake-ups, worker nudges).
import type { Tx } from "../../db/client";
import type { EventRecord } from "./outbox";

export type InTxHook = (tx: Tx, event: EventRecord) => void;
export type Listener = (event: EventRecord) => void;

export class EventBus {
  private inTx: InTxHook[] = [];
  private listeners = new Set<Listener>();

  onEventInTx(hook: InTxHook): void {
    this.inTx.push(hook);
  }
  runInTx(tx: Tx, event: EventRecord): void {
    for (const h of this.inTx) h(tx, event);
  }
  subscribe(fn: Listener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
  publish(event: EventRecord): void {
    for (const fn of this.listeners) {
      try {
        fn(event);
      } catch {
        // a listener must never break the writer
      }
    }
  }
}
