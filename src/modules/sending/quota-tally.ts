// Running sums of a scope's ledger over a sliding window, so a charge costs
// the rows charged or expired since the previous one, not the whole window
// (summing 100,000 rows of a busy day is ~35 ms; the MTA charges every message).
//
// A tally remembers, per scope and window length, the sums of the rows with
// charged_at > since among those with id <= lastId. The next read adds the
// rows inserted since (id > lastId, a rowid range) and subtracts those that
// left the window (since_old < charged_at <= since_new, an index range).
// Rows only ever arrive and leave by time, except: a refund (forget the
// scope), the purge (forget everything; it removes rows a tally may still be
// about to subtract), and a transaction that charged twice and rolled back:
// its first row was seen by its second read and never existed, and its id
// will be given again (the rollback rewinds AUTOINCREMENT) to a row the next
// read would then skip. Such a row is always the newest at the read, so a
// tally keeps the message of its lastId and starts again from the ledger when
// that row is gone or holds another message. As insurance every tally is
// recomputed from the ledger at least every REBUILD_MS.
import type { Ctx } from "../../context";

export interface Sums {
  messages: number;
  recipients: number;
  units: number;
}

interface Tally extends Sums {
  since: number;
  lastId: number;
  /** The message of row lastId: the row must still be there, the same. */
  lastMessage: string | null;
  builtAt: number;
}

const REBUILD_MS = 60_000;

const FULL = `SELECT count(*) AS messages, coalesce(sum(recipients), 0) AS recipients, coalesce(sum(units), 0) AS units
  FROM quota_ledger WHERE quota_scope_id = ?1 AND workspace_id = ?2 AND charged_at > ?3`;
const NEWEST = `SELECT id, message_id AS message FROM quota_ledger ORDER BY id DESC LIMIT 1`;
const MESSAGE_AT = `SELECT message_id AS message FROM quota_ledger WHERE id = ?1`;
// NOT INDEXED: walk the rowid range of the new rows, not the scope's whole window
const ADDED = `SELECT count(*) AS messages, coalesce(sum(recipients), 0) AS recipients, coalesce(sum(units), 0) AS units
  FROM quota_ledger NOT INDEXED WHERE id > ?4 AND quota_scope_id = ?1 AND workspace_id = ?2 AND charged_at > ?3`;
const LEFT = `SELECT count(*) AS messages, coalesce(sum(recipients), 0) AS recipients, coalesce(sum(units), 0) AS units
  FROM quota_ledger WHERE quota_scope_id = ?1 AND workspace_id = ?2 AND charged_at > ?3 AND charged_at <= ?4 AND id <= ?5`;

const tallies = new WeakMap<Ctx, Map<string, Tally>>();

function of(ctx: Ctx): Map<string, Tally> {
  let m = tallies.get(ctx);
  if (!m) tallies.set(ctx, (m = new Map()));
  return m;
}

/** The sums of the scope's rows charged after `now - lengthMs`. Call inside the charging transaction. */
export function windowSums(ctx: Ctx, a: { workspaceId: string; quotaScopeId: string; lengthMs: number; now: number }): Sums {
  const db = ctx.db.$client;
  const key = `${a.quotaScopeId} ${a.lengthMs}`;
  const since = a.now - a.lengthMs;
  const newest = db.prepare(NEWEST).get() as { id: number; message: string } | null;
  const last = { lastId: newest?.id ?? 0, lastMessage: newest?.message ?? null };
  const t = of(ctx).get(key);
  let sums: Sums;
  if (!t || since < t.since || a.now - t.builtAt >= REBUILD_MS || a.now < t.builtAt || !unchanged(ctx, t)) {
    sums = db.prepare(FULL).get(a.quotaScopeId, a.workspaceId, since) as Sums;
    of(ctx).set(key, { ...sums, since, ...last, builtAt: a.now });
    return { ...sums };
  }
  const added = db.prepare(ADDED).get(a.quotaScopeId, a.workspaceId, since, t.lastId) as Sums;
  const left = since > t.since ? (db.prepare(LEFT).get(a.quotaScopeId, a.workspaceId, t.since, since, t.lastId) as Sums) : ZERO;
  sums = {
    messages: t.messages + added.messages - left.messages,
    recipients: t.recipients + added.recipients - left.recipients,
    units: t.units + added.units - left.units,
  };
  of(ctx).set(key, { ...sums, since, ...last, builtAt: t.builtAt });
  return sums;
}

/** Whether the newest row the tally saw is still there, the same one. */
function unchanged(ctx: Ctx, t: Tally): boolean {
  if (t.lastMessage === null) return true;
  const row = ctx.db.$client.prepare(MESSAGE_AT).get(t.lastId) as { message: string } | null;
  return row?.message === t.lastMessage;
}

const ZERO: Sums = { messages: 0, recipients: 0, units: 0 };

/** Forgets a scope's tallies (a refund took a row away). */
export function forgetScope(ctx: Ctx, quotaScopeId: string): void {
  const m = of(ctx);
  for (const key of m.keys()) if (key.startsWith(`${quotaScopeId} `)) m.delete(key);
}

/** Forgets every tally (the purge removed rows). */
export function forgetAll(ctx: Ctx): void {
  of(ctx).clear();
}
