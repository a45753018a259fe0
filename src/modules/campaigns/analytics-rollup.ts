// The analytics roll-up: per campaign, step, variant and UTC day, the counters
// GET /v1/analytics and a campaign's `stats` read (campaign_stats_days).
// A campaign's figures are aggregated on a reader thread (a campaign of
// 100,000 messages never holds the main thread), then its roll-up rows and
// campaigns.stats are replaced in one short transaction.
//   sent          messages with status sent, by sent_at's day
//   opened        distinct messages with a human `opened` event (machine opens left out), by the first one's day
//   clicked       the same for `clicked`
//   bounced       distinct messages with a `bounced` event, by the first one's day
//   unsubscribed  distinct messages with an `unsubscribed` event, by the first one's day
//   replied       rows of campaign_replies, by occurred_at's day
import type { Ctx } from "../../context";
import { preparedOnce } from "../../db/prepared";
import type { CampaignStats } from "../../db/schema";

type Counter = keyof CampaignStats;
export const COUNTERS: readonly Counter[] = ["sent", "opened", "clicked", "replied", "bounced", "unsubscribed"];

/** A reply (or, in principle, a message) that names no step or variant is rolled up under this key (the primary key has no NULLs). */
export const NO_STEP = "";

const DAY = (ms: string) => `strftime('%Y-%m-%d', ${ms} / 1000, 'unixepoch')`;

// The campaign's messages are read in chunks of CHUNK by id (messages_campaign_idx),
// each with its own delivery events (delivery_events_message_idx): a chunk is
// ~80 ms of a reader thread, so other reads queued there wait no longer than
// that, and distinct-per-message counts stay exact (a message is in one chunk).
// ?1 workspace, ?2 campaign, ?3 after this message id, ?4 chunk size.
const CHUNK = 10_000;
const CHUNK_FIGURES = `
WITH chunk AS MATERIALIZED (
  SELECT id, step_id, variant_id, status, sent_at FROM messages WHERE workspace_id = ?1 AND campaign_id = ?2 AND id > ?3 ORDER BY id LIMIT ?4)
SELECT 'last' AS kind, max(id) AS step, '' AS variant, '' AS day, count(*) AS n FROM chunk
UNION ALL
SELECT 'sent', coalesce(step_id, ''), coalesce(variant_id, ''), ${DAY("sent_at")}, count(*) FROM chunk WHERE status = 'sent' AND sent_at IS NOT NULL GROUP BY 2, 3, 4
UNION ALL
SELECT type, step, variant, ${DAY("first")}, count(*)
  FROM (SELECT e.type AS type, e.message_id, coalesce(c.step_id, '') AS step, coalesce(c.variant_id, '') AS variant, min(e.occurred_at) AS first
          -- the chunk outside (CROSS JOIN), each message's events by its index: left to itself the planner
          -- may walk the workspace's events by type for every message (quadratic)
          FROM chunk c CROSS JOIN delivery_events e INDEXED BY delivery_events_message_idx ON e.workspace_id = ?1 AND e.message_id = c.id
         WHERE e.type IN ('opened', 'clicked', 'bounced', 'unsubscribed') AND coalesce(e.machine, 0) = 0
         GROUP BY e.type, e.message_id)
 GROUP BY 1, 2, 3, 4`;

// ?1 workspace, ?2 campaign (campaign_replies_campaign_idx)
const REPLY_FIGURES = `
SELECT 'replied' AS kind, coalesce(step_id, '') AS step, coalesce(variant_id, '') AS variant, ${DAY("occurred_at")} AS day, count(*) AS n
  FROM campaign_replies WHERE campaign_id = ?2 AND workspace_id = ?1
 GROUP BY 2, 3, 4`;

interface FigureRow {
  kind: Counter | "last";
  step: string;
  variant: string;
  day: string;
  n: number;
}

interface DayRow extends CampaignStats {
  step: string;
  variant: string;
  day: string;
}

const zero = (): CampaignStats => ({ sent: 0, opened: 0, clicked: 0, replied: 0, bounced: 0, unsubscribed: 0 });

/** Folds the per-kind figures into one row per (step, variant, day), and the campaign's totals. */
function fold(figures: FigureRow[]): { days: DayRow[]; stats: CampaignStats } {
  const byKey = new Map<string, DayRow>();
  const stats = zero();
  for (const f of figures) {
    if (f.kind === "last") continue;
    const key = `${f.step}\u0000${f.variant}\u0000${f.day}`;
    let row = byKey.get(key);
    if (!row) byKey.set(key, (row = { step: f.step, variant: f.variant, day: f.day, ...zero() }));
    row[f.kind] += f.n;
    stats[f.kind] += f.n;
  }
  return { days: [...byKey.values()], stats };
}

/**
 * Recomputes one campaign: reads on a reader thread, then writes its roll-up
 * and stats. `readAt` (taken before the read) becomes stats_computed_at, so
 * anything committed during the read counts as newer and is picked up later.
 * Answers false when the campaign is gone or a draft (nothing written).
 */
async function recompute(ctx: Ctx, workspaceId: string, campaignId: string): Promise<boolean> {
  const readAt = ctx.clock.now();
  const figures = await ctx.readers.all<FigureRow>(REPLY_FIGURES, [workspaceId, campaignId]);
  for (let after = ""; ; ) {
    const rows = await ctx.readers.all<FigureRow>(CHUNK_FIGURES, [workspaceId, campaignId, after, CHUNK]);
    figures.push(...rows);
    const last = rows.find((r) => r.kind === "last");
    if (!last || last.n < CHUNK) break;
    after = last.step;
  }
  const { days, stats } = fold(figures);
  const s = statements(ctx);
  return ctx.db.$client.transaction(() => {
    const changed = s.setStats.run(JSON.stringify(stats), readAt, campaignId, workspaceId).changes;
    if (changed === 0) return false;
    s.clear.run(campaignId);
    for (const d of days) s.insert.run(workspaceId, campaignId, d.step, d.variant, d.day, d.sent, d.opened, d.clicked, d.replied, d.bounced, d.unsubscribed);
    return true;
  })();
}

const statements = (ctx: Ctx) =>
  preparedOnce(ctx.db, "campaigns.rollup.write", () => ({
    // neither version nor updated_at moves: figures are not a change of the campaign
    setStats: ctx.db.$client.prepare<unknown, [string, number, string, string]>("UPDATE campaigns SET stats = ?1, stats_computed_at = ?2 WHERE id = ?3 AND workspace_id = ?4 AND status <> 'draft'"),
    clear: ctx.db.$client.prepare<unknown, [string]>("DELETE FROM campaign_stats_days WHERE campaign_id = ?1"),
    insert: ctx.db.$client.prepare<unknown, [string, string, string, string, string, number, number, number, number, number, number]>(
      "INSERT INTO campaign_stats_days (workspace_id, campaign_id, step_id, variant_id, day, sent, opened, clicked, replied, bounced, unsubscribed) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
    ),
  }));

// ---- which campaigns changed ------------------------------------------------

/**
 * What the roll-up has seen, per process and per context (the task's memory):
 * the newest delivery event and reply ids at the start of the last run. Ids are
 * UUIDv7, so `id >` is a range on each table's primary key, whatever the clock.
 */
interface Watermark {
  event: string | null;
  reply: string | null;
}
const watermarks = new WeakMap<Ctx, Watermark>();

// An id is made before its transaction commits (group commits gather for
// 100 ms): look back this far behind the newest id seen so a late commit is not missed.
const LOOKBACK_MS = 60_000;

/** The smallest id of the same prefix made LOOKBACK_MS before `id`. */
function lookback(id: string): string {
  const cut = id.indexOf("_");
  const ms = Number.parseInt(id.slice(cut + 1, cut + 13), 16) - LOOKBACK_MS;
  return `${id.slice(0, cut + 1)}${Math.max(0, ms).toString(16).padStart(12, "0")}`;
}

interface Candidate {
  workspace_id: string;
  id: string;
}

/** Non-draft campaigns the caller names (one, a workspace's, or all). */
function named(ctx: Ctx, a: { workspaceId?: string; campaignId?: string }): Promise<Candidate[]> {
  const where = ["status <> 'draft'"];
  const params: string[] = [];
  if (a.workspaceId) (params.push(a.workspaceId), where.push(`workspace_id = ?${params.length}`));
  if (a.campaignId) (params.push(a.campaignId), where.push(`id = ?${params.length}`));
  return ctx.readers.all<Candidate>(`SELECT workspace_id, id FROM campaigns WHERE ${where.join(" AND ")}`, params);
}

/**
 * The campaigns that may have changed since the last run: every live one
 * (materialising, active, paused), ended ones changed since their figures
 * (updated_at), and any with a delivery event or reply newer than the watermark.
 */
async function changed(ctx: Ctx, w: Watermark): Promise<Candidate[]> {
  const params: string[] = [];
  const newer = (table: string, since: string | null) => {
    // an empty table then: every row is new
    params.push(since ? lookback(since) : "");
    return ` UNION SELECT workspace_id, campaign_id FROM ${table} WHERE id > ?${params.length} AND campaign_id IS NOT NULL`;
  };
  const sql = `SELECT workspace_id, id FROM campaigns WHERE status IN ('materialising', 'active', 'paused')
    UNION SELECT workspace_id, id FROM campaigns WHERE status IN ('completed', 'archived') AND (stats_computed_at IS NULL OR updated_at >= stats_computed_at)
    ${newer("delivery_events", w.event)}${newer("campaign_replies", w.reply)}`;
  return ctx.readers.all<Candidate>(sql, params);
}

async function newestIds(ctx: Ctx): Promise<Watermark> {
  const [row] = await ctx.readers.all<Watermark>("SELECT (SELECT max(id) FROM delivery_events) AS event, (SELECT max(id) FROM campaign_replies) AS reply", []);
  return row!;
}

/**
 * Recomputes campaigns' figures; answers how many were written.
 *   { campaignId } / { workspaceId }   that campaign / the workspace's non-draft campaigns
 *   {}                                 the periodic task: those changed since its last run in this process
 *                                      (every non-draft campaign on its first run)
 */
export async function refreshCampaignStats(ctx: Ctx, a: { workspaceId?: string; campaignId?: string } = {}): Promise<number> {
  if (a.workspaceId || a.campaignId) return recomputeAll(ctx, await named(ctx, a));
  const seen = watermarks.get(ctx);
  // ids first: anything committed after this read is newer than the next watermark
  const next = await newestIds(ctx);
  const written = await recomputeAll(ctx, seen ? await changed(ctx, seen) : await named(ctx, {}));
  // moved only after a whole run: a failed run is retried from the same point
  watermarks.set(ctx, next);
  return written;
}

async function recomputeAll(ctx: Ctx, campaigns: Candidate[]): Promise<number> {
  let n = 0;
  // one at a time: each is one read on a reader thread and one short write
  for (const c of campaigns) if (await recompute(ctx, c.workspace_id, c.id)) n++;
  return n;
}
