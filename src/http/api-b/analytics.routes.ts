import { Elysia, t } from "elysia";
import type { Ctx } from "../../context";
import { invalidField } from "../../lib/errors";
import { workspaceAnalytics } from "../../modules/campaigns/analytics";
import { AnalyticsSchema, analyticsView } from "../../representations/analytics";
import type { RateLimiter } from "../shared/rate-limit";
import { routeOptions } from "../shared/route-options";
import { Id } from "../shared/schemas";

const MAX_DAYS = 366;
const DAY_MS = 86_400_000;

const Query = t.Object(
  {
    from: t.Optional(t.String({ format: "date", description: "First day counted, YYYY-MM-DD (UTC), inclusive; unbounded when absent" })),
    to: t.Optional(t.String({ format: "date", description: `Last day counted, YYYY-MM-DD (UTC), inclusive; unbounded when absent; at most ${MAX_DAYS} days after from` })),
    campaign_id: t.Optional(Id("cmp", "Only this campaign's figures")),
  },
  { additionalProperties: false },
);

/** A calendar day's midnight (UTC) in ms, or a 422 naming the parameter (2026-02-30 is no day). */
function dayQuery(name: string, value: string | undefined): number | null {
  if (value === undefined) return null;
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : NaN;
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value) throw invalidField(`?${name}`, "format", `${name} must be a calendar day written YYYY-MM-DD, such as 2026-03-01.`);
  return ms;
}

function range(q: typeof Query.static): { from: string | null; to: string | null } {
  const from = dayQuery("from", q.from);
  const to = dayQuery("to", q.to);
  if (from !== null && to !== null) {
    if (from > to) throw invalidField("?from", "range", "from must not be after to.");
    if ((to - from) / DAY_MS + 1 > MAX_DAYS) throw invalidField("?to", "range", `A range spans at most ${MAX_DAYS} days (from and to included).`);
  }
  return { from: q.from ?? null, to: q.to ?? null };
}

export function analyticsRoutes(ctx: Ctx, limiter: RateLimiter) {
  return new Elysia({ prefix: "/analytics", tags: ["Campaigns"] })
    .use(routeOptions(ctx, limiter, "b"))
    .get(
      "",
      async ({ principal, query }) => analyticsView(await workspaceAnalytics(ctx, { workspaceId: principal.workspaceId, ...range(query), campaignId: query.campaign_id })),
      {
        scope: "analytics:read",
        query: Query,
        doc: {
          summary: "Campaign analytics",
          description:
            "The workspace's campaign counters — totals, per campaign, and per step and variant — over UTC days. Opens and clicks are people's only (machine opens and clicks by scanners, proxies and prefetchers are left out). Read from the roll-up, which a periodic task refreshes every 30 seconds: `computed_at` says how fresh the figures are.",
          ok: AnalyticsSchema,
          errors: [400, 422],
        },
      },
    );
}
