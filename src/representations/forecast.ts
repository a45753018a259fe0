// A campaign's forecast (POST /v1/campaigns/{id}/forecast): when each step
// of each live enrollment would go out, per day and sender, and who cannot
// be served and why.
import { Type as t } from "@sinclair/typebox";
import { iso } from "../lib/clock";
import { CAMPAIGN_EXAMPLE } from "./campaign";
import { Id, Nullable, openEnum, Timestamp } from "./common";
import { EXAMPLE_IDS, exampleId } from "./examples";

const Send = t.Object({ step_id: Id("stp"), position: t.Integer(), at: Timestamp, identity_id: Id("sid") });

export interface ForecastSend {
  stepId: string;
  position: number;
  at: number;
  identityId: string;
}

/** What the forecast found (src/modules/campaigns/forecast.ts), before serialization. */
export interface Forecast {
  campaignId: string;
  computedAt: number;
  enrollments: number;
  sends: number;
  firstSendAt: number | null;
  lastSendAt: number | null;
  days: { day: string; total: number; identities: { identityId: string; count: number }[] }[];
  steps: { stepId: string; position: number; sends: number; firstAt: number | null; lastAt: number | null }[];
  unserved: { enrollmentId: string; personId: string; reason: string; detail: string }[];
  unservedCount: number;
  /** The first `limit` enrollments (in enrollment order) with every send. */
  schedule: { enrollmentId: string; personId: string; sends: ForecastSend[] }[];
  scheduleTruncated: boolean;
}

const [STEP_1, STEP_2] = CAMPAIGN_EXAMPLE.steps.map((s) => s.id) as [string, string];
const SID = CAMPAIGN_EXAMPLE.senders.identity_ids[0]!;
const ENR = exampleId("enr", "2026-03-12T08:00:00.000Z", "71c9d3e4a5f60718293");
export const FORECAST_EXAMPLE = {
  object: "campaign_forecast" as const,
  campaign_id: CAMPAIGN_EXAMPLE.id,
  computed_at: "2026-03-12T08:30:00.000Z",
  enrollments: 240,
  sends: 480,
  first_send_at: "2026-03-12T09:00:00.000Z",
  last_send_at: "2026-03-19T16:12:40.000Z",
  days: [{ day: "2026-03-12", total: 60, identities: [{ identity_id: SID, count: 60 }] }],
  steps: [
    { step_id: STEP_1, position: 1, sends: 240, first_at: "2026-03-12T09:00:00.000Z", last_at: "2026-03-16T15:58:02.000Z" },
    { step_id: STEP_2, position: 2, sends: 240, first_at: "2026-03-16T09:00:00.000Z", last_at: "2026-03-19T16:12:40.000Z" },
  ],
  unserved: [],
  unserved_count: 0,
  schedule: [
    {
      enrollment_id: ENR,
      person_id: EXAMPLE_IDS.per,
      sends: [
        { step_id: STEP_1, position: 1, at: "2026-03-12T09:00:00.000Z", identity_id: SID },
        { step_id: STEP_2, position: 2, at: "2026-03-16T09:00:00.000Z", identity_id: SID },
      ],
    },
  ],
  schedule_truncated: true,
};

export const ForecastSchema = t.Object(
  {
    object: t.Literal("campaign_forecast"),
    campaign_id: Id("cmp"),
    computed_at: Timestamp,
    enrollments: t.Integer({ description: "Live enrollments forecast" }),
    sends: t.Integer({ description: "Messages they would send" }),
    first_send_at: Nullable(Timestamp),
    last_send_at: Nullable(Timestamp),
    days: t.Array(
      t.Object({ day: t.String({ description: "UTC date, YYYY-MM-DD" }), total: t.Integer(), identities: t.Array(t.Object({ identity_id: Id("sid"), count: t.Integer() })) }),
      { description: "Sends per UTC day and sender identity" },
    ),
    steps: t.Array(t.Object({ step_id: Id("stp"), position: t.Integer(), sends: t.Integer(), first_at: Nullable(Timestamp), last_at: Nullable(Timestamp) })),
    unserved: t.Array(
      t.Object({ enrollment_id: Id("enr"), person_id: Id("per"), reason: openEnum("no_sender, sender_unavailable, pool_cap, sender_cap, no_room, stopped, paused, message_uncertain"), detail: t.String() }),
      { description: "Enrollments that cannot be served as things stand (the first 100)" },
    ),
    unserved_count: t.Integer(),
    schedule: t.Array(t.Object({ enrollment_id: Id("enr"), person_id: Id("per"), sends: t.Array(Send) }), { description: "The first `limit` enrollments (in enrollment order) with every send" }),
    schedule_truncated: t.Boolean(),
  },
  { title: "CampaignForecast", examples: [FORECAST_EXAMPLE] },
);

export function forecastView(f: Forecast) {
  return {
    object: "campaign_forecast" as const,
    campaign_id: f.campaignId,
    computed_at: iso(f.computedAt),
    enrollments: f.enrollments,
    sends: f.sends,
    first_send_at: iso(f.firstSendAt),
    last_send_at: iso(f.lastSendAt),
    days: f.days.map((d) => ({ day: d.day, total: d.total, identities: d.identities.map((i) => ({ identity_id: i.identityId, count: i.count })) })),
    steps: f.steps.map((s) => ({ step_id: s.stepId, position: s.position, sends: s.sends, first_at: iso(s.firstAt), last_at: iso(s.lastAt) })),
    unserved: f.unserved.map((u) => ({ enrollment_id: u.enrollmentId, person_id: u.personId, reason: u.reason, detail: u.detail })),
    unserved_count: f.unservedCount,
    schedule: f.schedule.map((e) => ({ enrollment_id: e.enrollmentId, person_id: e.personId, sends: e.sends.map((s) => ({ step_id: s.stepId, position: s.position, at: iso(s.at), identity_id: s.identityId })) })),
    schedule_truncated: f.scheduleTruncated,
  };
}
