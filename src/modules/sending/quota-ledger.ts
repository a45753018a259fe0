// The quota ledger: every send charged to its connection's quota scope, so
// the scope's limits hold — never sent over, never dropped.
//
// A charge is one row per message: messages 1, recipients its envelope
// recipients, units what the caller says (1 by default). The limits:
//   messages_per_day, recipients_per_day   over the rolling 24 h before `now`
//   window_limit per window_seconds        charged in window_unit: requests
//                                          (1 per message, the default when
//                                          the unit is unset), recipients, units
// A row charged at t counts while now < t + the limit's length.
//
// chargeQuota answers:
//   ok                         charged (or charged already: a retried message
//                              is never charged twice, so its retries need no room)
//   not ok, until = a time     no room now: hold the message (hold `quota`)
//                              until then. The time is exact: when enough of
//                              the ledger's rows leave every limit's window
//                              for this charge to fit (the latest over the
//                              limits it exceeds), or the end of a pause.
//   not ok, until = null       the message alone is larger than a limit (12
//                              recipients against recipients_per_day 10): it
//                              can never fit; fail it with `detail` rather
//                              than hold it forever.
// A pause (paused_until in the future) refuses every send, retries included;
// one that has passed is cleared by the charge (scope-pause.ts).
//
// Refunds: a try that ends `not_sent` (no connection, TLS or AUTH failure,
// nothing offered to the provider) gives its charge back (refundQuota). A try
// the server `refused` (MAIL or every RCPT), answered or left `uncertain`
// keeps it: providers count refused recipients and attempted messages against
// their own limits, and keeping a charge can only leave room unused, never
// send over.
//
// A scope the workspace does not have (deleted meanwhile, or not its own) is
// no limit: the send goes ahead uncharged, as for a connection without a scope.
import { eq } from "drizzle-orm";
import type { Ctx } from "../../context";
import type { Tx } from "../../db/client";
import { pointSelect } from "../../db/prepared";
import { quotaLedger, quotaScopes } from "../../db/schema";
import { iso } from "../../lib/clock";
import { yieldToEventLoop } from "../../lib/slices";
import type { QuotaScope } from "./quota-scopes";
import { forgetAll, forgetScope, windowSums, type Sums } from "./quota-tally";
import { clearPassedPause } from "./scope-pause";

export const DAY_MS = 86_400_000;

export type QuotaLimit = "messages_per_day" | "recipients_per_day" | "window" | "paused";
export type ChargeResult = { ok: true } | { ok: false; limit: QuotaLimit; until: number | null; detail: string };

export interface Charge {
  workspaceId: string;
  quotaScopeId: string;
  messageId: string;
  /** The message's envelope recipients (this route's). */
  recipients: number;
  /** Units for a scope counting `units`; 1 when not given. */
  units?: number;
  now: number;
}

type Column = "messages" | "recipients" | "units";

interface Check {
  limit: Exclude<QuotaLimit, "paused">;
  cap: number;
  lengthMs: number;
  column: Column;
  charge: number;
  /** what is counted, for the detail */
  noun: string;
  span: string;
}

const UNIT_COLUMN: Record<string, Column> = { requests: "messages", recipients: "recipients", units: "units" };

function checksOf(scope: QuotaScope, c: Charge): Check[] {
  const checks: Check[] = [];
  const charge: Record<Column, number> = { messages: 1, recipients: c.recipients, units: c.units ?? 1 };
  if (scope.messagesPerDay !== null) {
    checks.push({ limit: "messages_per_day", cap: scope.messagesPerDay, lengthMs: DAY_MS, column: "messages", charge: 1, noun: "messages", span: "24 h" });
  }
  if (scope.recipientsPerDay !== null) {
    checks.push({ limit: "recipients_per_day", cap: scope.recipientsPerDay, lengthMs: DAY_MS, column: "recipients", charge: c.recipients, noun: "recipients", span: "24 h" });
  }
  if (scope.windowLimit !== null && scope.windowSeconds !== null) {
    const unit = scope.windowUnit ?? "requests";
    const column = UNIT_COLUMN[unit] ?? "messages";
    checks.push({ limit: "window", cap: scope.windowLimit, lengthMs: scope.windowSeconds * 1000, column, charge: charge[column], noun: unit, span: `${scope.windowSeconds} s` });
  }
  return checks;
}

// Raw statements on the transaction's own connection (the one `tx` holds):
// this runs for every message the MTA sends. The window's sums come from
// running tallies (quota-tally.ts); its rows, oldest first, give the exact time
// room returns.
const CHARGED = `SELECT 1 AS one FROM quota_ledger WHERE message_id = ?1 AND workspace_id = ?2`;
const INSERT = `INSERT INTO quota_ledger (workspace_id, quota_scope_id, message_id, messages, recipients, units, charged_at)
  VALUES (?1, ?2, ?3, 1, ?4, ?5, ?6) ON CONFLICT (message_id) DO NOTHING`;
const ROWS = `SELECT charged_at AS chargedAt, messages, recipients, units
  FROM quota_ledger WHERE quota_scope_id = ?1 AND workspace_id = ?2 AND charged_at > ?3 ORDER BY charged_at, id`;
type LedgerRow = Sums & { chargedAt: number };

/**
 * Charges a message to its quota scope when it fits every limit (see the top
 * of this file). Call inside the transaction that moves the message on.
 */
export function chargeQuota(ctx: Ctx, tx: Tx, c: Charge): ChargeResult {
  const db = ctx.db.$client;
  let scope = pointSelect<QuotaScope>(ctx.db, quotaScopes)(c.workspaceId, c.quotaScopeId);
  if (!scope) return { ok: true };
  if (scope.pausedUntil !== null && scope.pausedUntil > c.now) {
    const said = scope.pausedDetail ? `: ${scope.pausedDetail}` : "";
    return { ok: false, limit: "paused", until: scope.pausedUntil, detail: `The provider paused this quota scope until ${iso(scope.pausedUntil)}${said}` };
  }
  scope = clearPassedPause(tx, scope, c.now);

  if (db.prepare(CHARGED).get(c.messageId, c.workspaceId)) return { ok: true };

  const checks = checksOf(scope, c);
  for (const k of checks) {
    if (k.charge > k.cap) {
      return { ok: false, limit: k.limit, until: null, detail: `The message alone needs ${k.charge} ${k.noun}, more than the ${k.cap} the quota scope allows per ${k.span}; it can never be sent under this scope.` };
    }
  }
  let refusal: Extract<ChargeResult, { ok: false }> | null = null;
  if (checks.length) {
    const sinceOf = (k: Check) => c.now - k.lengthMs;
    const sums = new Map<number, Sums>(); // by length: the two daily limits read once
    for (const k of checks) {
      let s = sums.get(k.lengthMs);
      if (!s) sums.set(k.lengthMs, (s = windowSums(ctx, { workspaceId: c.workspaceId, quotaScopeId: c.quotaScopeId, lengthMs: k.lengthMs, now: c.now })));
      const used = s[k.column];
      const excess = used + k.charge - k.cap;
      if (excess <= 0) continue;
      // the earliest time the rows leaving the window free `excess`
      let freed = 0;
      let until = c.now;
      for (const row of db.prepare(ROWS).iterate(c.quotaScopeId, c.workspaceId, sinceOf(k)) as IterableIterator<LedgerRow>) {
        freed += row[k.column];
        if (freed >= excess) {
          until = row.chargedAt + k.lengthMs;
          break;
        }
      }
      if (!refusal || refusal.until! < until) {
        refusal = { ok: false, limit: k.limit, until, detail: `${k.limit}: ${used} of ${k.cap} ${k.noun} used in the last ${k.span}; this message needs ${k.charge}; room from ${iso(until)}.` };
      }
    }
  }
  if (refusal) return refusal;
  db.prepare(INSERT).run(c.workspaceId, c.quotaScopeId, c.messageId, c.recipients, c.units ?? 1, c.now);
  return { ok: true };
}

/** Gives back a message's charge (a try that ended `not_sent`). Answers whether there was one. */
export function refundQuota(ctx: Ctx, tx: Tx, messageId: string): boolean {
  const gone = tx.delete(quotaLedger).where(eq(quotaLedger.messageId, messageId)).returning({ quotaScopeId: quotaLedger.quotaScopeId }).all();
  for (const row of gone) forgetScope(ctx, row.quotaScopeId);
  return gone.length > 0;
}

const PURGE_SLICE = 2_000;
const NEXT_SCOPE = `SELECT quota_scope_id AS id FROM quota_ledger WHERE quota_scope_id > ?1 ORDER BY quota_scope_id LIMIT 1`;
const SCOPE_WINDOW = `SELECT window_seconds AS windowSeconds FROM quota_scopes WHERE id = ?1`;
const PURGE = `DELETE FROM quota_ledger WHERE id IN
  (SELECT id FROM quota_ledger WHERE quota_scope_id = ?1 AND charged_at <= ?2 LIMIT ?3)`;

/**
 * Deletes the rows no limit counts any more: older than the scope's longest
 * limit (24 h, or its window when longer), and every row of a scope that was
 * deleted. In slices, giving way to the event loop between them. Answers the
 * number of rows removed.
 */
export async function purgeQuotaLedger(ctx: Ctx): Promise<number> {
  const db = ctx.db.$client;
  let removed = 0;
  let after = "";
  for (;;) {
    const next = db.prepare(NEXT_SCOPE).get(after) as { id: string } | null;
    if (!next) return removed;
    after = next.id;
    const scope = db.prepare(SCOPE_WINDOW).get(next.id) as { windowSeconds: number | null } | null;
    const keepMs = scope ? Math.max(DAY_MS, (scope.windowSeconds ?? 0) * 1000) : 0;
    const cutoff = scope ? ctx.clock.now() - keepMs : Number.MAX_SAFE_INTEGER;
    for (;;) {
      const n = db.prepare(PURGE).run(next.id, cutoff, PURGE_SLICE).changes;
      removed += n;
      if (n) forgetAll(ctx); // a tally may still have meant to subtract them
      await yieldToEventLoop();
      if (n < PURGE_SLICE) break;
    }
  }
}
