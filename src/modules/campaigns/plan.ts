// What the scheduler does with one due enrollment — pure, so the forecast
// runs the very same decision over its simulated ledger.
//   make   its step's message, from this sender, sent at `at` (reserved)
//   defer  not now: run again at `nextRunAt` (waiting for its sender, for
//          room in the pool, or for its slot further ahead than the horizon)
//   end    nothing left to do (steps walked) or its sender left the pool and
//          the campaign says stop
//   full   its send window is open but the pool has no slot within the
//          horizon: no other new conversation can be made now either (any
//          other slot is at least as late), so the campaign rests until the
//          earliest slot comes within the horizon (the scheduler's tick and
//          the forecast stop there) instead of deferring each enrollment
import { pickSender, reserve, slotFor, type PaceBook, type PoolMember } from "./pacing";
import { nextOpening } from "./schedule";
import type { StepRow } from "./rows";
import type { SendWindow } from "./schedule";

/** Messages are made at most this long before they are to leave. */
export const HORIZON_MS = 10 * 60_000;
/** A campaign whose pool is full looks again after at most this long. */
export const FULL_RECHECK_MS = 60_000;
/** A conversation whose sender cannot send (paused, failing) looks again after this. */
export const RECHECK_MS = 15 * 60_000;

export interface Due {
  id: string;
  position: number;
  nextRunAt: number;
  senderIdentityId: string | null;
}

export interface PlanContext {
  steps: readonly StepRow[];
  pool: readonly PoolMember[];
  onSenderRemoved: "reassign" | "stop";
  window: SendWindow | null;
  now: number;
  book: PaceBook;
}

export type Plan =
  | { kind: "make"; step: StepRow; member: PoolMember; at: number }
  | { kind: "defer"; nextRunAt: number; waitingFor: string | null; hold: string | null; detail: string | null }
  | { kind: "end"; status: "completed" | "stopped"; detail: string | null }
  | { kind: "full"; until: number };

export function planEnrollment(e: Due, tz: string, c: PlanContext): Plan {
  const step = c.steps[e.position - 1];
  if (!step) return { kind: "end", status: "completed", detail: null };
  const from = Math.max(e.nextRunAt, c.now);
  let member: PoolMember | undefined;
  let at: number;
  const sticky = e.senderIdentityId ? c.pool.find((m) => m.identityId === e.senderIdentityId) : undefined;
  if (e.senderIdentityId && !sticky && c.onSenderRemoved === "stop") {
    return { kind: "end", status: "stopped", detail: `its sender ${e.senderIdentityId} left the campaign's pool (on_sender_removed: stop)` };
  }
  if (sticky) {
    // a conversation keeps its sender: it waits for it rather than switching
    if (!sticky.usable) return { kind: "defer", nextRunAt: c.now + RECHECK_MS, waitingFor: sticky.identityId, hold: "sender_unavailable", detail: `waiting for ${sticky.email}: ${sticky.why}` };
    const s = slotFor(sticky, from, c.book, c.window, tz);
    // at its cap today (or for the whole lookahead): the conversation shows it waits for this sender
    if ("full" in s || (s.capped && s.at > c.now + HORIZON_MS)) {
      return { kind: "defer", nextRunAt: "full" in s ? s.retryAt : s.at, waitingFor: sticky.identityId, hold: "sender_cap", detail: `waiting for ${sticky.email}: its daily cap is reached` };
    }
    member = sticky;
    at = s.at;
  } else {
    const p = pickSender(c.pool, from, c.book, c.window, tz);
    if (!p) return { kind: "defer", nextRunAt: c.now + RECHECK_MS, waitingFor: null, hold: "no_sender", detail: "no sender in the pool can send now" };
    if ("full" in p) return { kind: "defer", nextRunAt: p.retryAt, waitingFor: null, hold: "pool_cap", detail: "every sender of the pool reached its daily cap" };
    member = p.member;
    at = p.at;
  }
  if (at > c.now + HORIZON_MS) {
    // its sender is busy, or its window shut until later: it alone waits for its slot
    if (sticky || nextOpening(from, c.window, tz) > c.now + HORIZON_MS) return { kind: "defer", nextRunAt: at, waitingFor: null, hold: null, detail: null };
    // the pool's earliest slot is beyond the horizon: the campaign rests (at most a minute: a sender may join meanwhile)
    return { kind: "full", until: Math.min(at - HORIZON_MS, c.now + FULL_RECHECK_MS) };
  }
  reserve(member, at, c.book);
  return { kind: "make", step, member, at };
}
