// Long-poll support: a request with an empty page parks here until an event of
// its workspace commits in this process (EventBus after-commit listener), its
// time is up, the client leaves, or the server shuts down. No database polling.
import type { Ctx } from "../../context";

type Wake = () => void;
const registries = new WeakMap<Ctx, Map<string, Set<Wake>>>();

function registry(ctx: Ctx): Map<string, Set<Wake>> {
  let byWorkspace = registries.get(ctx);
  if (!byWorkspace) {
    const map = new Map<string, Set<Wake>>();
    ctx.bus.subscribe((event) => {
      const waiting = map.get(event.workspaceId);
      if (!waiting) return;
      map.delete(event.workspaceId);
      for (const wake of waiting) wake();
    });
    registries.set(ctx, map);
    byWorkspace = map;
  }
  return byWorkspace;
}

export type WaitOutcome = "event" | "timeout" | "aborted";

/**
 * Resolves when an event of the workspace is published, after `ms`, or when
 * `signal` or ctx.shutdown aborts. Register before yielding to the event loop
 * after the empty read, so no event can slip between the read and the wait.
 */
export function waitForEvent(ctx: Ctx, workspaceId: string, ms: number, signal?: AbortSignal): Promise<WaitOutcome> {
  if (ctx.shutdown.signal.aborted || signal?.aborted) return Promise.resolve("aborted");
  const map = registry(ctx);
  return new Promise<WaitOutcome>((resolve) => {
    let set = map.get(workspaceId);
    if (!set) map.set(workspaceId, (set = new Set()));
    const finish = (outcome: WaitOutcome) => {
      clearTimeout(timer);
      ctx.shutdown.signal.removeEventListener("abort", onAbort);
      signal?.removeEventListener("abort", onAbort);
      const current = map.get(workspaceId);
      if (current) {
        current.delete(wake);
        if (current.size === 0) map.delete(workspaceId);
      }
      resolve(outcome);
    };
    const wake = () => finish("event");
    const onAbort = () => finish("aborted");
    const timer = setTimeout(() => finish("timeout"), ms);
    set.add(wake);
    ctx.shutdown.signal.addEventListener("abort", onAbort, { once: true });
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Requests parked on the workspace right now (observability, tests). */
export function waitingCount(ctx: Ctx, workspaceId: string): number {
  return registries.get(ctx)?.get(workspaceId)?.size ?? 0;
}
