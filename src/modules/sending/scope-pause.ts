// A provider's "slow down" pauses the quota scope the connection sends under:
// paused_until and paused_detail (the provider's words) are set, the version
// moves (SPEC: a provider-imposed pause moves it too), and every connection of
// the scope that still sends is marked `degraded` with the provider's text
// (connection.health_changed). While paused, chargeQuota refuses with limit
// `paused` and the message waits with hold `quota`. A pause that has passed is
// cleared by the next charge (clearPassedPause), the version moving once.
// Connection health comes back through the sender's next clean delivery, not
// through the clock: a pause that ran out proves nothing about the provider.
import { and, eq, ne } from "drizzle-orm";
import type { Ctx } from "../../context";
import type { Tx } from "../../db/client";
import { connections, quotaScopes } from "../../db/schema";
import { parseAnswer, statedRetryMs, type Answer } from "../../mta/answers";
import type { Outbox } from "../events/outbox";
import { setConnectionHealth } from "./connection-health";
import type { QuotaScope } from "./quota-scopes";

/** The first cool-off when the answer states no retry time. */
export const DEFAULT_COOL_OFF_MS = 15 * 60_000;
/** A throttle within this long after the previous pause ended doubles the cool-off. */
export const REPEAT_WINDOW_MS = 60 * 60_000;
/** The longest cool-off doubling reaches. */
export const MAX_COOL_OFF_MS = 4 * 60 * 60_000;
const DETAIL_MAX = 500;

/** The version after a change at `now` (quota-scopes.ts: updated_at in µs, past the previous one). */
export function movedVersion(now: number, previous: number): number {
  return Math.max(now * 1000, previous + 1);
}

/**
 * Pauses the scope until `until` (a later pause already in force is kept) and
 * marks its connections degraded. Answers the scope as it is now, or null
 * when the workspace has no such scope. Nothing moves when the scope is
 * already paused until that time with that detail.
 */
export function pauseScope(
  ctx: Ctx,
  tx: Tx,
  outbox: Outbox,
  a: { workspaceId: string; quotaScopeId: string; until: number; detail: string; now?: number },
): QuotaScope | null {
  const where = and(eq(quotaScopes.workspaceId, a.workspaceId), eq(quotaScopes.id, a.quotaScopeId));
  const scope = tx.select().from(quotaScopes).where(where).get();
  if (!scope) return null;
  const now = a.now ?? ctx.clock.now();
  const detail = providerText(a.detail);
  const until = scope.pausedUntil !== null && scope.pausedUntil > a.until ? scope.pausedUntil : a.until;
  if (scope.pausedUntil === until && scope.pausedDetail === detail) return scope;
  const updated = tx
    .update(quotaScopes)
    .set({ pausedUntil: until, pausedDetail: detail, version: movedVersion(now, scope.version), updatedAt: now })
    .where(where)
    .returning()
    .get()!;
  const sending = tx
    .select({ id: connections.id })
    .from(connections)
    .where(and(eq(connections.workspaceId, a.workspaceId), eq(connections.quotaScopeId, a.quotaScopeId), ne(connections.status, "archived")))
    .all();
  for (const c of sending) setConnectionHealth(ctx, tx, outbox, { workspaceId: a.workspaceId, connectionId: c.id, status: "degraded", detail });
  return updated;
}

// The last cool-off of each scope, per appliance: how long it was and when the
// pause ended. Kept in memory: after a restart the next throttle starts again
// at DEFAULT_COOL_OFF_MS, which only shortens one pause.
const coolOffs = new WeakMap<Ctx, Map<string, { ms: number; until: number }>>();

/**
 * Pauses the scope for a throttle answer: until the retry time the answer
 * states, else for a cool-off of 15 minutes that doubles (up to 4 hours) while
 * the provider throttles again within an hour of the previous pause's end. An
 * answer that arrives while the scope is still paused (another message was in
 * flight) belongs to that pause: nothing changes unless it states a later time.
 * Answers null when the workspace has no such scope.
 */
export function pauseForAnswer(
  ctx: Ctx,
  tx: Tx,
  outbox: Outbox,
  a: { workspaceId: string; quotaScopeId: string; answer: Answer; now?: number },
): { scope: QuotaScope; until: number } | null {
  const scope = tx.select().from(quotaScopes).where(and(eq(quotaScopes.workspaceId, a.workspaceId), eq(quotaScopes.id, a.quotaScopeId))).get();
  if (!scope) return null;
  const now = a.now ?? ctx.clock.now();
  // the text may be the whole reply, codes included: show them once
  const reply = parseAnswer(a.answer.text);
  const words = reply.code !== null ? reply.text : a.answer.text;
  const stated = statedRetryMs(words);
  if (scope.pausedUntil !== null && scope.pausedUntil > now && (stated === null || now + stated <= scope.pausedUntil)) {
    return { scope, until: scope.pausedUntil };
  }
  let memory = coolOffs.get(ctx);
  if (!memory) coolOffs.set(ctx, (memory = new Map()));
  const key = `${a.workspaceId}/${a.quotaScopeId}`;
  const last = memory.get(key);
  const repeated = last !== undefined && now - last.until < REPEAT_WINDOW_MS;
  const coolOff = repeated ? Math.min(Math.max(last.ms * 2, DEFAULT_COOL_OFF_MS), MAX_COOL_OFF_MS) : DEFAULT_COOL_OFF_MS;
  const detail = [a.answer.code ?? reply.code, a.answer.enhanced ?? reply.enhanced, words].filter((p) => p !== null && p !== "").join(" ");
  const paused = pauseScope(ctx, tx, outbox, { workspaceId: a.workspaceId, quotaScopeId: a.quotaScopeId, until: now + (stated ?? coolOff), detail, now })!;
  // a stated time is the provider's; the doubling goes on from our own cool-offs
  memory.set(key, { ms: stated === null ? coolOff : repeated ? last.ms : 0, until: paused.pausedUntil! });
  return { scope: paused, until: paused.pausedUntil! };
}

/**
 * Clears a pause that has passed (chargeQuota calls it on the scope it read):
 * paused_until and paused_detail become null and the version moves, once,
 * guarded by the version read. Answers the scope as it is now.
 */
export function clearPassedPause(tx: Tx, scope: QuotaScope, now: number): QuotaScope {
  if (scope.pausedUntil === null || scope.pausedUntil > now) return scope;
  const cleared = tx
    .update(quotaScopes)
    .set({ pausedUntil: null, pausedDetail: null, version: movedVersion(now, scope.version), updatedAt: now })
    .where(and(eq(quotaScopes.workspaceId, scope.workspaceId), eq(quotaScopes.id, scope.id), eq(quotaScopes.version, scope.version)))
    .returning()
    .get();
  return cleared ?? scope;
}

/** A provider's text as one line of readable length: controls become spaces. */
function providerText(text: string): string {
  const line = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").replace(/ {2,}/g, " ").trim();
  return line.length > DETAIL_MAX ? `${line.slice(0, DETAIL_MAX - 1)}…` : line;
}
