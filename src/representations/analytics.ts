import { Type as t } from "@sinclair/typebox";
import type { CampaignStats } from "../db/schema";
import { iso } from "../lib/clock";
import { Id, Nullable, Timestamp } from "./common";
import { exampleId } from "./examples";

const count = (description: string) => t.Integer({ minimum: 0, description });
const rate = (description: string) => t.Number({ minimum: 0, description: `${description}, 0 when nothing was sent (4 decimals)` });

/** The counters (human events only: machine opens and clicks left out) and their rates. */
const Counters = {
  sent: count("Messages sent, by the day they were sent"),
  opened: count("Distinct messages opened by a person, by the day of the first open"),
  clicked: count("Distinct messages with a link clicked by a person, by the day of the first click"),
  replied: count("Replies received, by the day they arrived"),
  bounced: count("Distinct messages with a bounce, by the day of the first"),
  unsubscribed: count("Distinct messages whose recipient unsubscribed, by that day"),
  open_rate: rate("opened / sent"),
  click_rate: rate("clicked / sent"),
  reply_rate: rate("replied / sent"),
  bounce_rate: rate("bounced / sent"),
};

const ratio = (n: number, d: number) => (d === 0 ? 0 : Math.round((n / d) * 10_000) / 10_000);
function countersView(s: CampaignStats) {
  return {
    sent: s.sent,
    opened: s.opened,
    clicked: s.clicked,
    replied: s.replied,
    bounced: s.bounced,
    unsubscribed: s.unsubscribed,
    open_rate: ratio(s.opened, s.sent),
    click_rate: ratio(s.clicked, s.sent),
    reply_rate: ratio(s.replied, s.sent),
    bounce_rate: ratio(s.bounced, s.sent),
  };
}

// The example: the workspace's spring outreach, one step with two subject lines.
const AT = "2026-03-17T15:30:00.000Z";
const CMP = exampleId("cmp", "2026-03-10T09:00:00.000Z", "1c4a7e9b20d35f68a41");
const STP = exampleId("stp", "2026-03-10T09:00:00.000Z", "2f1a8c3d47e96a05b72");
const VAR_A = exampleId("var", "2026-03-10T09:00:00.000Z", "30d9e5f6a1b84c97d03");
const VAR_B = exampleId("var", "2026-03-10T09:00:00.000Z", "4a6b8e0f2b3d5e7f914");
const stats = (sent: number, opened: number, clicked: number, replied: number, bounced: number, unsubscribed: number) => countersView({ sent, opened, clicked, replied, bounced, unsubscribed });
export const ANALYTICS_EXAMPLE = {
  object: "analytics",
  from: "2026-03-01",
  to: "2026-03-17",
  computed_at: AT,
  totals: stats(400, 212, 37, 18, 6, 2),
  campaigns: [
    {
      campaign_id: CMP,
      name: "Spring outreach — fintech leads",
      ...stats(400, 212, 37, 18, 6, 2),
      computed_at: AT,
      steps: [
        {
          step_id: STP,
          position: 0,
          name: "Introduction",
          ...stats(400, 212, 37, 18, 6, 2),
          variants: [
            { variant_id: VAR_A, name: "A: question subject", ...stats(200, 118, 21, 11, 3, 1) },
            { variant_id: VAR_B, name: "B: plain subject", ...stats(200, 94, 16, 7, 3, 1) },
          ],
        },
      ],
    },
  ],
};

export const AnalyticsSchema = t.Object(
  {
    object: t.Literal("analytics"),
    from: Nullable(t.String({ format: "date", description: "First day counted (UTC), inclusive; null when unbounded" })),
    to: Nullable(t.String({ format: "date", description: "Last day counted (UTC), inclusive; null when unbounded" })),
    computed_at: Nullable({ ...Timestamp, description: "When the oldest figures shown were computed (the roll-up runs every 30 seconds); null when none are shown" }),
    totals: t.Object(Counters),
    campaigns: t.Array(
      t.Object({
        campaign_id: Id("cmp"),
        name: t.String(),
        ...Counters,
        computed_at: Nullable(Timestamp),
        steps: t.Array(
          t.Object({
            step_id: Id("stp"),
            position: t.Integer({ minimum: 0 }),
            name: t.String(),
            ...Counters,
            variants: t.Array(t.Object({ variant_id: Id("var"), name: t.String(), ...Counters })),
          }),
          { description: "Steps with figures in the range, by position; a reply naming no step counts for its campaign only" },
        ),
      }),
      { description: "Campaigns with figures in the range, newest first" },
    ),
  },
  { title: "Analytics", examples: [ANALYTICS_EXAMPLE] },
);

/** What the view reads (modules/campaigns/analytics.ts answers it; representations import no domain code). */
interface Figures {
  from: string | null;
  to: string | null;
  computedAt: number | null;
  totals: CampaignStats;
  campaigns: {
    campaignId: string;
    name: string;
    computedAt: number | null;
    stats: CampaignStats;
    steps: { stepId: string; position: number; name: string; stats: CampaignStats; variants: { variantId: string; name: string; stats: CampaignStats }[] }[];
  }[];
}

export function analyticsView(a: Figures) {
  return {
    object: "analytics" as const,
    from: a.from,
    to: a.to,
    computed_at: iso(a.computedAt),
    totals: countersView(a.totals),
    campaigns: a.campaigns.map((c) => ({
      campaign_id: c.campaignId,
      name: c.name,
      ...countersView(c.stats),
      computed_at: iso(c.computedAt),
      steps: c.steps.map((s) => ({
        step_id: s.stepId,
        position: s.position,
        name: s.name,
        ...countersView(s.stats),
        variants: s.variants.map((v) => ({ variant_id: v.variantId, name: v.name, ...countersView(v.stats) })),
      })),
    })),
  };
}
