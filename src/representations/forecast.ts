// A campaign's forecast (POST /v1/campaigns/{id}/forecast): when each step
// of each live enrollment would go out, per day and sender, and who cannot
// be served and why.
import { Type as t } from "@sinclair/typebox";
import { iso } from "../lib/clock";
import type { Forecast } from "../modules/campaigns/forecast";
import { Id, Nullable, openEnum, Timestamp } from "./common";

const Send = t.Object({ step_id: Id("stp"), position: t.Integer(), at: Timestamp, identity_id: Id("sid") });

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
  { title: "CampaignForecast" },
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
