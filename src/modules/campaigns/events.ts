// The campaigns domain's events: enrollments and campaign status.
import { Type as T } from "@sinclair/typebox";
import { iso } from "../../lib/clock";
import { newId } from "../../lib/ids";
import type { EventDef } from "../events/define";
import { Id, Nullable, Timestamp, openEnum } from "../../representations/common";

const at = (ms: number) => iso(ms);

const EnrollmentSchema = T.Object(
  {
    id: Id("enr"),
    object: T.Literal("enrollment"),
    campaign_id: Id("cmp"),
    person: T.Object({ email: T.String(), id: Id("per"), name: Nullable(T.String()) }),
    position: T.Integer(),
    status: openEnum("active, paused, completed, replied, stopped, failed"),
    status_detail: Nullable(T.String()),
    message_id: Nullable(Id("msg")),
    next_run_at: Nullable(Timestamp),
    sender_identity_id: Nullable(Id("sid")),
    waiting_for: Nullable(Id("sid")),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { title: "EventEnrollment" },
);

const VariantSummary = T.Object({
  id: Id("var"),
  name: T.String(),
  subject: T.String(),
  preheader: Nullable(T.String()),
  cc: T.Array(T.String()),
  bcc: T.Array(T.String()),
  version: T.Integer(),
  weight: T.Integer({ minimum: 1, maximum: 100 }),
});

const CampaignSchema = T.Object(
  {
    id: Id("cmp"),
    object: T.Literal("campaign"),
    name: T.String(),
    status: openEnum("draft, materialising, active, paused, completed, archived"),
    schedule: T.Object({
      send_window: Nullable(T.Object({ days: T.Array(T.Integer()), start: T.String(), end: T.String() })),
      start_at: Nullable(Timestamp),
      timezone: T.String(),
      timezone_source: T.String({ description: "campaign or recipient" }),
    }),
    senders: T.Object({ identity_ids: T.Array(Id("sid")), tags: T.Array(T.String()), on_sender_removed: T.String() }),
    steps: T.Array(
      T.Object({
        id: Id("stp"),
        name: T.String(),
        position: T.Integer(),
        revision: T.Integer(),
        delay_seconds: T.Integer(),
        same_thread: T.Boolean(),
        personalisation_prompt: Nullable(T.String()),
        allocation: T.String(),
        winner_rule: T.Object({ minimum_sample: T.Integer(), objective: T.String(), observation_window_seconds: T.Integer() }),
        winner: Nullable(T.Object({ selected_at: Timestamp, selected_by: T.String(), variant_id: Id("var") })),
        variants: T.Array(VariantSummary, { description: "Bodies (html, text) are left out, as in lists" }),
      }),
    ),
    stop_rules: T.Object({ company_on_reply: T.Boolean(), cooldown_hours: T.Integer(), on_reply: T.String() }),
    tracking: T.Object({ opens: T.Boolean(), clicks: T.Boolean(), text_clicks: T.Boolean(), domain_id: Nullable(Id("dom")) }),
    stats: T.Object({ bounced: T.Integer(), clicked: T.Integer(), opened: T.Integer(), replied: T.Integer(), sent: T.Integer(), unsubscribed: T.Integer(), computed_at: Nullable(Timestamp) }),
    last_error: Nullable(T.Object({ at: Timestamp, code: T.String(), detail: T.String() })),
    version: T.Integer(),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { title: "EventCampaign", description: "The campaign as a list returns it (variant bodies left out)" },
);

function enrollment(now: number, status: string, detail: string | null) {
  return {
    id: newId("enr"),
    object: "enrollment" as const,
    campaign_id: newId("cmp"),
    person: { email: "grace.hopper@example.org", id: newId("per"), name: "Grace Hopper" },
    position: status === "completed" ? 3 : 2,
    status,
    status_detail: detail,
    message_id: newId("msg"),
    next_run_at: null,
    sender_identity_id: newId("sid"),
    waiting_for: null,
    created_at: at(now - 7 * 86_400_000),
    updated_at: at(now),
  };
}

export const campaignEvents = {
  "enrollment.stopped": { description: "An enrollment ended early (reply, stop request, bounce…)", schema: EnrollmentSchema, sample: (now: number) => enrollment(now, "stopped", "stopped by POST /v1/enrollments/{id}/stop") },
  "enrollment.completed": { description: "An enrollment walked every step", schema: EnrollmentSchema, sample: (now: number) => enrollment(now, "completed", null) },
  "campaign.status_changed": {
    description: "A campaign changed status",
    schema: CampaignSchema,
    sample: (now: number) => ({
      id: newId("cmp"),
      object: "campaign" as const,
      name: "Q4 founders outreach",
      status: "active",
      schedule: { send_window: { days: [1, 2, 3, 4, 5], start: "09:00", end: "17:00" }, start_at: null, timezone: "Europe/Berlin", timezone_source: "recipient" },
      senders: { identity_ids: [newId("sid")], tags: ["sdr"], on_sender_removed: "reassign" },
      steps: [
        {
          id: newId("stp"),
          name: "Intro",
          position: 1,
          revision: 1,
          delay_seconds: 0,
          same_thread: false,
          personalisation_prompt: null,
          allocation: "balanced",
          winner_rule: { minimum_sample: 100, objective: "replies", observation_window_seconds: 259_200 },
          winner: null,
          variants: [{ id: newId("var"), name: "A", subject: "Quick question about {{company}}", preheader: null, cc: [], bcc: [], version: 1, weight: 100 }],
        },
      ],
      stop_rules: { company_on_reply: true, cooldown_hours: 72, on_reply: "all" },
      tracking: { opens: false, clicks: true, text_clicks: false, domain_id: null },
      stats: { bounced: 0, clicked: 0, opened: 0, replied: 0, sent: 0, unsubscribed: 0, computed_at: null },
      last_error: null,
      version: now * 1000,
      created_at: at(now - 86_400_000),
      updated_at: at(now),
    }),
  },
} satisfies Record<string, EventDef>;
