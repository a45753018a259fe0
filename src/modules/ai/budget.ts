// The monthly AI budget per workspace (snippets and reply classification share
// it): tokens billed by the provider are added up per UTC calendar month in
// ai_usage, and the workspace hears once per month when it has used 80 % and
// when it has used it all (ai.budget_warning, ai.budget_exceeded). The limit is
// the operator's NEARBOUND_AI_MONTHLY_TOKENS; callers check budgetLeft before
// asking, so calls already in flight when it runs out may overshoot it by
// their own size (bounded by their max_tokens and the in-flight limit).
import type { Ctx } from "../../context";
import { preparedOnce } from "../../db/prepared";
import { iso } from "../../lib/clock";
import { transact } from "../events/outbox";

export const WARNING_PERCENT = 80;

export interface BudgetPeriod {
  /** 'YYYY-MM' in UTC: the ai_usage row's key. */
  period: string;
  start: number;
  end: number;
}

/** The UTC calendar month holding `now`. */
export function periodOf(now: number): BudgetPeriod {
  const d = new Date(now);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  return { period: `${String(y).padStart(4, "0")}-${String(m + 1).padStart(2, "0")}`, start: Date.UTC(y, m, 1), end: Date.UTC(y, m + 1, 1) };
}

const usedStmt = (ctx: Ctx) =>
  preparedOnce(ctx.db, "ai.usage.used", () =>
    ctx.db.$client.prepare<{ used: number }, [string, string]>("SELECT used_tokens AS used FROM ai_usage WHERE workspace_id = ?1 AND period = ?2"),
  );

// One statement adds and answers the row as it now is, so the threshold checks
// below read the total this transaction wrote, not one read before it.
const addStmt = (ctx: Ctx) =>
  preparedOnce(ctx.db, "ai.usage.add", () =>
    ctx.db.$client.prepare<{ used: number; warnedAt: number | null; exceededAt: number | null }, [string, string, number]>(
      `INSERT INTO ai_usage (workspace_id, period, used_tokens) VALUES (?1, ?2, ?3)
       ON CONFLICT (workspace_id, period) DO UPDATE SET used_tokens = used_tokens + excluded.used_tokens
       RETURNING used_tokens AS used, warned_at AS warnedAt, exceeded_at AS exceededAt`,
    ),
  );

const markStmt = (ctx: Ctx) =>
  preparedOnce(ctx.db, "ai.usage.mark", () =>
    ctx.db.$client.prepare<unknown, [number | null, number | null, string, string]>(
      "UPDATE ai_usage SET warned_at = coalesce(warned_at, ?1), exceeded_at = coalesce(exceeded_at, ?2) WHERE workspace_id = ?3 AND period = ?4",
    ),
  );

/** Tokens used by the workspace in the month of `now`. */
export function tokensUsed(ctx: Ctx, workspaceId: string, now: number): number {
  return usedStmt(ctx).get(workspaceId, periodOf(now).period)?.used ?? 0;
}

/** Tokens the workspace may still spend this month (0 once used up). */
export function budgetLeft(ctx: Ctx, workspaceId: string, now: number): number {
  return Math.max(0, ctx.config.ai.monthlyTokens - tokensUsed(ctx, workspaceId, now));
}

export interface Spent {
  usedTokens: number;
  limitTokens: number;
  /** The events this spend crossed into (each at most once per workspace and month). */
  crossed: ("ai.budget_warning" | "ai.budget_exceeded")[];
}

/**
 * Charges `tokens` to the workspace's month of `now`. In the same transaction,
 * the first spend of the month that reaches 80 % emits ai.budget_warning and
 * the first that reaches 100 % emits ai.budget_exceeded; one spend crossing
 * both emits both, the warning first (subscribers of either hear of it).
 */
export function spendTokens(ctx: Ctx, o: { workspaceId: string; tokens: number; now: number }): Spent {
  const limit = ctx.config.ai.monthlyTokens;
  const tokens = Math.max(0, Math.round(o.tokens));
  const p = periodOf(o.now);
  if (tokens === 0) return { usedTokens: tokensUsed(ctx, o.workspaceId, o.now), limitTokens: limit, crossed: [] };
  return transact(ctx, (_tx, outbox) => {
    const row = addStmt(ctx).get(o.workspaceId, p.period, tokens)!;
    const warn = row.warnedAt === null && row.used * 100 >= limit * WARNING_PERCENT;
    const exceed = row.exceededAt === null && row.used >= limit;
    const crossed: Spent["crossed"] = [];
    if (!warn && !exceed) return { usedTokens: row.used, limitTokens: limit, crossed };
    markStmt(ctx).run(warn ? o.now : null, exceed ? o.now : null, o.workspaceId, p.period);
    const data = (threshold: number) => ({
      object: "ai_budget" as const,
      period_start: iso(p.start),
      period_end: iso(p.end),
      limit_tokens: limit,
      used_tokens: row.used,
      used_percent: Math.round((row.used / limit) * 1000) / 10,
      threshold_percent: threshold,
    });
    if (warn) crossed.push("ai.budget_warning");
    if (exceed) crossed.push("ai.budget_exceeded");
    for (const type of crossed) outbox.emit({ workspaceId: o.workspaceId, type, data: data(type === "ai.budget_warning" ? WARNING_PERCENT : 100) });
    return { usedTokens: row.used, limitTokens: limit, crossed };
  });
}
