// Long-poll support: a request with an empty page parks here until an event of
// its workspace commits in this process (an after-commit listener of the event
// bus), its time is up, the client leaves, or the server shuts down. No
// database polling.
import type { EventBus } from "./event-bus";

export type WaitOutcome = "event" | "timeout" | "aborted";
type Wake = () => void;

export class EventWaiters {
  private byWorkspace = new Map<string, Set<Wake>>();

  constructor(
    bus: EventBus,
    private readonly shutdown: AbortSignal,
  ) {
    bus.subscribe((event) => {
      const waiting = this.byWorkspace.get(event.workspaceId);
      if (!waiting) return;
      this.byWorkspace.delete(event.workspaceId);
      for (const wake of waiting) wake();
    });
  }

  /**
   * Resolves when an event of the workspace is published, after `ms`, or when
   * `signal` or the shutdown signal aborts. Register before yielding to the
   * event loop after the empty read, so no event slips between read and wait.
   */
  wait(workspaceId: string, ms: number, signal?: AbortSignal): Promise<WaitOutcome> {
    if (this.shutdown.aborted || signal?.aborted) return Promise.resolve("aborted");
    return new Promise<WaitOutcome>((resolve) => {
      let set = this.byWorkspace.get(workspaceId);
      if (!set) this.byWorkspace.set(workspaceId, (set = new Set()));
      const finish = (outcome: WaitOutcome) => {
        clearTimeout(timer);
        this.shutdown.removeEventListener("abort", onAbort);
        signal?.removeEventListener("abort", onAbort);
        const current = this.byWorkspace.get(workspaceId);
        if (current) {
          current.delete(wake);
          if (current.size === 0) this.byWorkspace.delete(workspaceId);
        }
        resolve(outcome);
      };
      const wake = () => finish("event");
      const onAbort = () => finish("aborted");
      const timer = setTimeout(() => finish("timeout"), ms);
      set.add(wake);
      this.shutdown.addEventListener("abort", onAbort, { once: true });
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  /** Requests parked on the workspace right now (observability, tests). */
  count(workspaceId: string): number {
    return this.byWorkspace.get(workspaceId)?.size ?? 0;
  }
}
