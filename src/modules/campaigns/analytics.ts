// Campaign analytics as read: the workspace's counters from the roll-up
// (analytics-rollup.ts writes it), and a step's live results per variant for
// the scheduler's A/B winner.
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Ctx } from "../../context";
import { campaignSteps, campaignVariants, campaigns, type CampaignStats } from "../../db/schema";
import { COUNTERS, NO_STEP } from "./analytics-rollup";

export { refreshCampaignStats } from "./analytics-rollup";

export interface VariantFigures {
  stats: CampaignStats;
  variantId: string;
  name: string;
  position: number;
}
export interface StepFigures {
  stats: CampaignStats;
  stepId: string;
  name: string;
  position: number;
  variants: VariantFigures[];
}
export interface CampaignFigures {
  stats: CampaignStats;
  campaignId: string;
  name: string;
  computedAt: number | null;
  steps: StepFigures[];
}
export interface Analytics {
  /** YYYY-MM-DD (UTC), inclusive; null = unbounded. */
  from: string | null;
  to: string | null;
  /** The oldest computed_at of the campaigns shown: every figure is at least this fresh. */
  computedAt: number | null;
  totals: CampaignStats;
  campaigns: CampaignFigures[];
}

const zero = (): CampaignStats => ({ sent: 0, opened: 0, clicked: 0, replied: 0, bounced: 0, unsubscribed: 0 });
const add = (into: CampaignStats, s: CampaignStats) => {
  for (const k of COUNTERS) into[k] += s[k];
};

type SumRow = CampaignStats & { campaign_id: string; step_id: string; variant_id: string };

/**
 * The workspace's counters from the roll-up, by campaign, step and variant,
 * over the days `from`…`to` (inclusive, either may be open). Summed on a
 * reader thread: a year of days of many campaigns is many rows.
 */
export async function workspaceAnalytics(ctx: Ctx, a: { workspaceId: string; from: string | null; to: string | null; campaignId?: string }): Promise<Analytics> {
  const where = ["workspace_id = ?1"];
  const params: string[] = [a.workspaceId];
  const bind = (cond: string, v: string) => (params.push(v), where.push(`${cond} ?${params.length}`));
  if (a.from) bind("day >=", a.from);
  if (a.to) bind("day <=", a.to);
  if (a.campaignId) bind("campaign_id =", a.campaignId);
  const sums = await ctx.readers.all<SumRow>(
    `SELECT campaign_id, step_id, variant_id, ${COUNTERS.map((k) => `sum(${k}) AS ${k}`).join(", ")}
       FROM campaign_stats_days WHERE ${where.join(" AND ")} GROUP BY campaign_id, step_id, variant_id`,
    params,
  );
  const ids = [...new Set(sums.map((s) => s.campaign_id))];
  const rows = ids.length ? ctx.db.select({ id: campaigns.id, name: campaigns.name, computedAt: campaigns.statsComputedAt }).from(campaigns).where(and(eq(campaigns.workspaceId, a.workspaceId), inArray(campaigns.id, ids))).all() : [];
  const steps = ids.length ? ctx.db.select({ id: campaignSteps.id, campaignId: campaignSteps.campaignId, name: campaignSteps.name, position: campaignSteps.position }).from(campaignSteps).where(inArray(campaignSteps.campaignId, ids)).orderBy(asc(campaignSteps.position)).all() : [];
  const variants = ids.length
    ? ctx.db.select({ id: campaignVariants.id, stepId: campaignVariants.stepId, name: campaignVariants.name, position: campaignVariants.position }).from(campaignVariants).where(inArray(campaignVariants.campaignId, ids)).all()
    : [];

  const byCampaign = new Map<string, CampaignFigures>();
  for (const c of rows) byCampaign.set(c.id, { campaignId: c.id, name: c.name, computedAt: c.computedAt, stats: zero(), steps: [] });
  const byStep = new Map<string, StepFigures>();
  for (const s of steps) {
    const c = byCampaign.get(s.campaignId);
    if (!c) continue;
    const step: StepFigures = { stepId: s.id, name: s.name, position: s.position, stats: zero(), variants: [] };
    byStep.set(s.id, step);
    c.steps.push(step);
  }
  const variantOf = new Map(variants.map((v) => [v.id, v]));
  const totals = zero();
  for (const s of sums) {
    const c = byCampaign.get(s.campaign_id);
    if (!c) continue; // a campaign deleted since its roll-up
    add(c.stats, s);
    add(totals, s);
    // a reply naming no step counts for its campaign only
    const step = s.step_id === NO_STEP ? undefined : byStep.get(s.step_id);
    if (!step) continue;
    add(step.stats, s);
    const v = variantOf.get(s.variant_id);
    if (v) step.variants.push({ variantId: v.id, name: v.name, position: v.position, stats: pick(s) });
  }
  for (const c of byCampaign.values()) {
    c.steps = c.steps.filter((s) => s.variants.length > 0 || COUNTERS.some((k) => s.stats[k] > 0));
    for (const s of c.steps) s.variants.sort((x, y) => x.position - y.position);
  }
  // newest campaign first (ids are time-ordered), like the lists
  const list = [...byCampaign.values()].sort((x, y) => (x.campaignId < y.campaignId ? 1 : -1));
  const computed = list.map((c) => c.computedAt).filter((t): t is number => t !== null);
  return { from: a.from, to: a.to, computedAt: computed.length ? Math.min(...computed) : null, totals, campaigns: list };
}

const pick = (s: CampaignStats): CampaignStats => ({ sent: s.sent, opened: s.opened, clicked: s.clicked, replied: s.replied, bounced: s.bounced, unsubscribed: s.unsubscribed });

// ---- the A/B winner's inputs ------------------------------------------------

export interface VariantResult {
  sent: number;
  opened: number;
  clicked: number;
  replied: number;
}

/**
 * A step's results per variant for messages made since `since` (its revision's
 * publication): sent messages, distinct messages opened and clicked by a human
 * (machine events left out), replies. Read live, not from the roll-up.
 * Messages have no step index: the read walks the campaign's messages
 * (messages_campaign_idx) and its opens and clicks (delivery_events_campaign_idx),
 * filtered by step — 1.2–1.5 s for a step of 33,000 messages in a campaign of
 * 100,000. This one runs it on a reader thread; prefer it.
 */
export async function variantResultsOnReader(ctx: Ctx, a: { stepId: string; since: number }): Promise<Map<string, VariantResult>> {
  const step = stepOf(ctx, a.stepId);
  return step ? collect(await ctx.readers.all<ResultRow>(VARIANT_RESULTS, [step.workspaceId, step.campaignId, a.stepId, a.since])) : new Map();
}

/** The same on the main connection: it holds the event loop for as long as the read takes (see above). */
export function variantResults(ctx: Ctx, a: { stepId: string; since: number }): Map<string, VariantResult> {
  const step = stepOf(ctx, a.stepId);
  return step ? collect(ctx.db.$client.prepare<ResultRow, [string, string, string, number]>(VARIANT_RESULTS).all(step.workspaceId, step.campaignId, a.stepId, a.since)) : new Map();
}

type ResultRow = { kind: keyof VariantResult; variant: string; n: number };
const stepOf = (ctx: Ctx, id: string) => ctx.db.select({ workspaceId: campaignSteps.workspaceId, campaignId: campaignSteps.campaignId }).from(campaignSteps).where(eq(campaignSteps.id, id)).get();

function collect(rows: ResultRow[]): Map<string, VariantResult> {
  const out = new Map<string, VariantResult>();
  for (const r of rows) {
    let v = out.get(r.variant);
    if (!v) out.set(r.variant, (v = { sent: 0, opened: 0, clicked: 0, replied: 0 }));
    v[r.kind] = r.n;
  }
  return out;
}

// ?1 workspace, ?2 campaign, ?3 step, ?4 since. An event's or reply's message is
// read by primary key for its creation time (the revision it was made from).
// INDEXED BY: the step's messages since then (messages_step_idx), the campaign's
// events, never the workspace's by status or type.
const VARIANT_RESULTS = `
SELECT 'sent' AS kind, variant_id AS variant, count(*) AS n FROM messages INDEXED BY messages_step_idx
 WHERE workspace_id = ?1 AND campaign_id = ?2 AND step_id = ?3 AND created_at >= ?4 AND status = 'sent' AND variant_id IS NOT NULL
 GROUP BY variant_id
UNION ALL
SELECT e.type, e.variant_id, count(DISTINCT e.message_id)
  FROM delivery_events e INDEXED BY delivery_events_campaign_idx JOIN messages m ON m.id = e.message_id
 WHERE e.campaign_id = ?2 AND e.type IN ('opened', 'clicked') AND e.workspace_id = ?1 AND e.step_id = ?3
   AND coalesce(e.machine, 0) = 0 AND e.variant_id IS NOT NULL AND m.created_at >= ?4
 GROUP BY e.variant_id, e.type
UNION ALL
SELECT 'replied', r.variant_id, count(*)
  FROM campaign_replies r JOIN messages m ON m.id = r.message_id
 WHERE r.campaign_id = ?2 AND r.occurred_at >= ?4 AND r.workspace_id = ?1 AND r.step_id = ?3 AND r.variant_id IS NOT NULL AND m.created_at >= ?4
 GROUP BY r.variant_id`;
