// The campaign as API B answers it and campaign.status_changed carries it:
// steps and variants in position order, live ones only. A list (and the
// event) leaves out the variants' bodies; a retrieve includes them.
import { Type as t } from "@sinclair/typebox";
import { iso } from "../lib/clock";
import type { campaignSteps, campaignVariants, campaigns } from "../db/schema";
import { Id, Nullable, Timestamp, openEnum } from "./common";
import { AT, exampleId } from "./examples";

const CREATED = "2026-03-10T09:00:00.000Z";
const UPDATED = "2026-03-11T16:42:10.318Z";
const CMP = exampleId("cmp", CREATED, "0c1a2e3f4a5b6c7d8e9");
const STEP_1 = exampleId("stp", CREATED, "1a2b3c4d8e5f6071829");
const STEP_2 = exampleId("stp", CREATED, "2b384d5e9f60718293a");
const VAR_A = exampleId("var", CREATED, "3c49d5e6fa0718293a4");
const VAR_B = exampleId("var", CREATED, "4d5ae6f70b18293a4b5");
const VAR_C = exampleId("var", CREATED, "5e6bf7081c293a4b5c6");
const SID = exampleId("sid", AT.workspaceUpdated, "6f7808192d3a4b5c6d7");

/** A two-step campaign from two named mailboxes plus the `sdr` pool, in business hours of each prospect. */
export const CAMPAIGN_EXAMPLE = {
  id: CMP,
  object: "campaign",
  name: "Q2 fintech heads of payments",
  status: "active",
  schedule: { send_window: { days: [1, 2, 3, 4, 5], start: "09:00", end: "17:30" }, start_at: null, timezone: "Europe/London", timezone_source: "recipient" },
  senders: { identity_ids: [SID], tags: ["sdr"], on_sender_removed: "reassign" },
  steps: [
    {
      id: STEP_1,
      name: "Intro",
      position: 1,
      revision: 2,
      revision_published_at: UPDATED,
      delay_seconds: 0,
      same_thread: false,
      personalisation_prompt: "One sentence on what {{company}} launched recently, from their site.",
      allocation: "automatic",
      winner_rule: { minimum_sample: 100, objective: "replies", observation_window_seconds: 259_200 },
      winner: null,
      variants: [
        { id: VAR_A, name: "A", subject: "{{company}} and instant payouts", preheader: null, cc: [], bcc: [], version: 1, weight: 100, html: "<p>Hi {{first_name | default: \"there\"}},</p><p>{{variables.opener}}</p>", text: "Hi {{first_name | default: \"there\"}},\n\n{{variables.opener}}" },
        { id: VAR_B, name: "B", subject: "{Quick|Short} question, {{first_name | default: \"there\"}}", preheader: "About payouts at {{company}}", cc: [], bcc: [], version: 2, weight: 100, html: "<p>Hi {{first_name}},</p>", text: "Hi {{first_name}}," },
      ],
    },
    {
      id: STEP_2,
      name: "Follow-up",
      position: 2,
      revision: 1,
      revision_published_at: CREATED,
      delay_seconds: 259_200,
      same_thread: true,
      personalisation_prompt: null,
      allocation: "balanced",
      winner_rule: { minimum_sample: 100, objective: "replies", observation_window_seconds: 259_200 },
      winner: null,
      variants: [{ id: VAR_C, name: "A", subject: "Re: {{company}} and instant payouts", preheader: null, cc: [], bcc: [], version: 1, weight: 100, html: "<p>Any thoughts, {{first_name}}?</p>", text: "Any thoughts, {{first_name}}?" }],
    },
  ],
  stop_rules: { company_on_reply: true, cooldown_hours: 72, on_reply: "all" },
  tracking: { opens: false, clicks: true, text_clicks: false, domain_id: null },
  stats: { bounced: 3, clicked: 41, opened: 0, replied: 17, sent: 412, unsubscribed: 2, computed_at: "2026-03-11T16:40:00.000Z" },
  last_error: null,
  version: Date.parse(UPDATED) * 1000,
  created_at: CREATED,
  updated_at: UPDATED,
};

/** A POST /v1/campaigns body (src/http/examples.ts shows it). */
export const CAMPAIGN_CREATE_REQUEST_EXAMPLE = {
  name: "Q2 fintech heads of payments",
  schedule: { send_window: { days: [1, 2, 3, 4, 5], start: "09:00", end: "17:30" }, timezone: "Europe/London", timezone_source: "recipient" },
  senders: { identity_ids: [CAMPAIGN_EXAMPLE.senders.identity_ids[0]], tags: ["sdr"] },
  steps: [
    {
      name: "Intro",
      allocation: "automatic",
      personalisation_prompt: "One sentence on what {{company}} launched recently, from their site.",
      variants: [
        { subject: "{{company}} and instant payouts", html: '<p>Hi {{first_name | default: "there"}},</p><p>{{variables.opener}}</p>', text: 'Hi {{first_name | default: "there"}},\n\n{{variables.opener}}' },
        { subject: '{Quick|Short} question, {{first_name | default: "there"}}', preheader: "About payouts at {{company}}", html: "<p>Hi {{first_name}},</p>", text: "Hi {{first_name}}," },
      ],
    },
    { name: "Follow-up", delay_seconds: 259_200, same_thread: true, variants: [{ subject: "Re: {{company}} and instant payouts", text: "Any thoughts, {{first_name}}?" }] },
  ],
  stop_rules: { company_on_reply: true, cooldown_hours: 72, on_reply: "all" },
  tracking: { clicks: true },
};
const [EX_STEP_1, EX_STEP_2] = CAMPAIGN_EXAMPLE.steps;
/** Keeps both steps, changes variant B's subject (step 1 gets a new revision) and makes variant A the winner. */
export const CAMPAIGN_PATCH_REQUEST_EXAMPLE = {
  steps: [
    { id: EX_STEP_1!.id, winner: { variant_id: EX_STEP_1!.variants[0]!.id }, variants: [{ id: EX_STEP_1!.variants[0]!.id }, { id: EX_STEP_1!.variants[1]!.id, subject: "Payouts at {{company}}" }] },
    { id: EX_STEP_2!.id },
  ],
};

type CampaignRow = typeof campaigns.$inferSelect;
type StepRow = typeof campaignSteps.$inferSelect;
type VariantRow = typeof campaignVariants.$inferSelect;

const withoutBodies = (c: typeof CAMPAIGN_EXAMPLE) => ({ ...c, steps: c.steps.map((s) => ({ ...s, variants: s.variants.map(({ html: _h, text: _t, ...v }) => v) })) });
export const CAMPAIGN_LIST_EXAMPLE = withoutBodies(CAMPAIGN_EXAMPLE);

const VariantFields = {
  id: Id("var"),
  name: t.String(),
  subject: t.String({ description: "Template (liquid merge tags, spintax {a|b})" }),
  preheader: Nullable(t.String({ description: "Hidden preview text template" })),
  cc: t.Array(t.String()),
  bcc: t.Array(t.String()),
  version: t.Integer({ description: "Version of its content; grows with each change" }),
  weight: t.Integer({ minimum: 1, maximum: 100, description: "Share under weighted allocation" }),
};
const VariantSchema = t.Object({ ...VariantFields, html: t.String(), text: t.String() });
const VariantSummarySchema = t.Object(VariantFields);

const stepSchema = (variant: typeof VariantSchema | typeof VariantSummarySchema) =>
  t.Object({
    id: Id("stp"),
    name: t.String(),
    position: t.Integer({ description: "1 for the first" }),
    revision: t.Integer({ description: "Current revision: messages created from now on are made from it; those already made keep theirs" }),
    revision_published_at: Timestamp,
    delay_seconds: t.Integer({ description: "How long after the previous step's message was sent this step is due (unused on step 1)" }),
    same_thread: t.Boolean(),
    personalisation_prompt: Nullable(t.String()),
    allocation: openEnum("balanced, weighted, automatic"),
    winner_rule: t.Object({ minimum_sample: t.Integer(), objective: openEnum("opens, clicks, replies"), observation_window_seconds: t.Integer() }),
    winner: Nullable(
      t.Object({
        selected_at: Timestamp,
        selected_by: t.String({ description: "`automatic`, or the id of the credential (key_…) that set it by PATCH: API keys stand in for users" }),
        variant_id: Id("var"),
      }),
    ),
    variants: t.Array(variant),
  });

const campaignSchema = (variant: typeof VariantSchema | typeof VariantSummarySchema, title: string, example: unknown) =>
  t.Object(
    {
      id: Id("cmp"),
      object: t.Literal("campaign"),
      name: t.String(),
      status: openEnum("draft, materialising, active, paused, completed, archived"),
      schedule: t.Object({
        send_window: Nullable(t.Object({ days: t.Array(t.Integer()), start: t.String(), end: t.String() })),
        start_at: Nullable(Timestamp),
        timezone: t.String(),
        timezone_source: openEnum("campaign, recipient"),
      }),
      senders: t.Object({ identity_ids: t.Array(Id("sid")), tags: t.Array(t.String()), on_sender_removed: openEnum("reassign, stop") }),
      steps: t.Array(stepSchema(variant)),
      stop_rules: t.Object({ company_on_reply: t.Boolean(), cooldown_hours: t.Integer(), on_reply: openEnum("all, campaign, none") }),
      tracking: t.Object({ opens: t.Boolean(), clicks: t.Boolean(), text_clicks: t.Boolean(), domain_id: Nullable(Id("dom")) }),
      stats: t.Object({
        bounced: t.Integer(),
        clicked: t.Integer(),
        opened: t.Integer(),
        replied: t.Integer(),
        sent: t.Integer(),
        unsubscribed: t.Integer(),
        computed_at: Nullable(Timestamp),
      }),
      last_error: Nullable(t.Object({ at: Timestamp, code: openEnum("no_sender, invalid"), detail: t.String() })),
      version: t.Integer({ description: "updated_at in microseconds; also the ETag that If-Match names" }),
      created_at: Timestamp,
      updated_at: Timestamp,
    },
    { title, examples: [example] },
  );

export const CampaignSchema = campaignSchema(VariantSchema, "Campaign", CAMPAIGN_EXAMPLE);
export const CampaignListItemSchema = campaignSchema(VariantSummarySchema, "CampaignListItem", CAMPAIGN_LIST_EXAMPLE);

function variantView(v: VariantRow, bodies: boolean) {
  const base = { id: v.id, name: v.name, subject: v.subject, preheader: v.preheader, cc: v.cc, bcc: v.bcc, version: v.version, weight: v.weight };
  return bodies ? { ...base, html: v.html, text: v.text } : base;
}

/** Steps and variants are taken as given: live ones, in position order (loadCampaign reads them so). */
function view(c: CampaignRow, steps: StepRow[], variants: VariantRow[], bodies: boolean) {
  const byStep = new Map<string, VariantRow[]>();
  for (const v of variants) {
    const list = byStep.get(v.stepId);
    if (list) list.push(v);
    else byStep.set(v.stepId, [v]);
  }
  return {
    id: c.id,
    object: "campaign" as const,
    name: c.name,
    status: c.status,
    schedule: { send_window: c.schedule.sendWindow, start_at: iso(c.schedule.startAt), timezone: c.schedule.timezone, timezone_source: c.schedule.timezoneSource },
    senders: { identity_ids: c.senders.identityIds, tags: c.senders.tags, on_sender_removed: c.senders.onSenderRemoved },
    steps: steps.map((s) => ({
      id: s.id,
      name: s.name,
      position: s.position,
      revision: s.revision,
      revision_published_at: iso(s.revisionPublishedAt),
      delay_seconds: s.delaySeconds,
      same_thread: s.sameThread,
      personalisation_prompt: s.personalisationPrompt,
      allocation: s.allocation,
      winner_rule: { minimum_sample: s.winnerRule.minimumSample, objective: s.winnerRule.objective, observation_window_seconds: s.winnerRule.observationWindowSeconds },
      winner: s.winner ? { selected_at: iso(s.winner.selectedAt), selected_by: s.winner.selectedBy, variant_id: s.winner.variantId } : null,
      variants: (byStep.get(s.id) ?? []).map((v) => variantView(v, bodies)),
    })),
    stop_rules: { company_on_reply: c.stopRules.companyOnReply, cooldown_hours: c.stopRules.cooldownHours, on_reply: c.stopRules.onReply },
    tracking: { opens: c.tracking.opens, clicks: c.tracking.clicks, text_clicks: c.tracking.textClicks ?? false, domain_id: c.tracking.domainId },
    stats: { ...c.stats, computed_at: iso(c.statsComputedAt) },
    last_error: c.lastError ? { at: iso(c.lastError.at), code: c.lastError.code, detail: c.lastError.detail } : null,
    version: c.version,
    created_at: iso(c.createdAt),
    updated_at: iso(c.updatedAt),
  };
}

/** The campaign as a retrieve answers it: everything, variant bodies included. */
export const campaignView = (c: CampaignRow, steps: StepRow[], variants: VariantRow[]) => view(c, steps, variants, true);
/** The campaign as a list answers it and campaign.status_changed carries it: variant bodies left out. */
export const campaignListView = (c: CampaignRow, steps: StepRow[], variants: VariantRow[]) => view(c, steps, variants, false);
