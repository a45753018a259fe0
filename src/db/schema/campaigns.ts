import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const CAMPAIGN_STATUSES = ["draft", "materialising", "active", "paused", "completed", "archived"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const ENROLLMENT_STATUSES = ["active", "paused", "completed", "replied", "stopped", "failed"] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];
/** Enrollments that may still send: stop rules and the scheduler act on these. */
export const LIVE_ENROLLMENT = ["active", "paused"] as const;
export const ALLOCATIONS = ["balanced", "weighted", "automatic"] as const;
export type Allocation = (typeof ALLOCATIONS)[number];

export interface CampaignSchedule {
  sendWindow: { days: number[]; start: string; end: string } | null;
  startAt: number | null;
  timezone: string;
  timezoneSource: "campaign" | "recipient";
}
export interface CampaignSenders {
  identityIds: string[];
  tags: string[];
  onSenderRemoved: "reassign" | "stop";
}
export interface StopRules {
  companyOnReply: boolean;
  cooldownHours: number;
  onReply: "all" | "campaign" | "none";
}
export interface CampaignTracking {
  opens: boolean;
  clicks: boolean;
  /** Also the links of the text part (with clicks); absent in campaigns made before it existed. */
  textClicks?: boolean;
  domainId: string | null;
}
export interface CampaignStats {
  sent: number;
  opened: number;
  clicked: number;
  replied: number;
  bounced: number;
  unsubscribed: number;
}
export interface CampaignError {
  at: number;
  code: string;
  detail: string;
}
export interface WinnerRule {
  minimumSample: number;
  objective: "opens" | "clicks" | "replies";
  observationWindowSeconds: number;
}
export interface Winner {
  selectedAt: number;
  selectedBy: string; // "automatic" or a user id
  variantId: string;
}

// A campaign (cmp_): ordered steps with variants, a sender pool, a schedule
// and stop rules. `version` is what If-Match names; `first_sent_at` decides
// whether DELETE removes it or archives it.
export const campaigns = sqliteTable(
  "campaigns",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    name: text("name").notNull(),
    status: text("status", { enum: CAMPAIGN_STATUSES }).notNull(),
    schedule: text("schedule", { mode: "json" }).$type<CampaignSchedule>().notNull(),
    senders: text("senders", { mode: "json" }).$type<CampaignSenders>().notNull(),
    stopRules: text("stop_rules", { mode: "json" }).$type<StopRules>().notNull(),
    tracking: text("tracking", { mode: "json" }).$type<CampaignTracking>().notNull(),
    // the analytics roll-up's last figures (human events only)
    stats: text("stats", { mode: "json" }).$type<CampaignStats>().notNull(),
    statsComputedAt: integer("stats_computed_at"),
    lastError: text("last_error", { mode: "json" }).$type<CampaignError>(),
    version: integer("version").notNull(),
    firstSentAt: integer("first_sent_at"),
    // the pool has no slot within the scheduler's horizon before this moment: ticks skip the campaign until then
    pacedUntil: integer("paced_until"),
    completedAt: integer("completed_at"),
    archivedAt: integer("archived_at"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("campaigns_workspace_idx").on(t.workspaceId, t.id), index("campaigns_status_idx").on(t.status, t.id), index("campaigns_workspace_status_idx").on(t.workspaceId, t.status, t.id)],
);

// A step (stp_). A PATCH that changes it bumps `revision` (messages created
// from then on use it; those already made keep their content). A step taken
// out of the list keeps its row (removed_at) so its messages and figures stay
// explained.
export const campaignSteps = sqliteTable(
  "campaign_steps",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    campaignId: text("campaign_id").notNull(),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    revision: integer("revision").notNull(),
    revisionPublishedAt: integer("revision_published_at").notNull(),
    delaySeconds: integer("delay_seconds").notNull(),
    sameThread: integer("same_thread", { mode: "boolean" }).notNull(),
    personalisationPrompt: text("personalisation_prompt"),
    allocation: text("allocation", { enum: ALLOCATIONS }).notNull(),
    winnerRule: text("winner_rule", { mode: "json" }).$type<WinnerRule>().notNull(),
    winner: text("winner", { mode: "json" }).$type<Winner>(),
    // balanced allocation: messages made from this revision so far (round robin)
    allocated: integer("allocated").notNull(),
    removedAt: integer("removed_at"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("campaign_steps_campaign_idx").on(t.campaignId, t.position)],
);

// A variant (var_) of a step: templates (liquid), cc/bcc, weight. `version`
// grows with each change of its content.
export const campaignVariants = sqliteTable(
  "campaign_variants",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    campaignId: text("campaign_id").notNull(),
    stepId: text("step_id").notNull(),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    subject: text("subject").notNull(),
    preheader: text("preheader"),
    cc: text("cc", { mode: "json" }).$type<string[]>().notNull(),
    bcc: text("bcc", { mode: "json" }).$type<string[]>().notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    version: integer("version").notNull(),
    weight: integer("weight").notNull(),
    removedAt: integer("removed_at"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("campaign_variants_step_idx").on(t.stepId, t.position), index("campaign_variants_campaign_idx").on(t.campaignId)],
);

// A person walking a campaign (enr_). `position` is the step whose message is
// next made (or was made and waits to be sent); `next_run_at` is when the
// scheduler makes it (null while its message waits to be sent, or once ended).
export const enrollments = sqliteTable(
  "enrollments",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    campaignId: text("campaign_id").notNull(),
    personId: text("person_id").notNull(),
    position: integer("position").notNull(),
    status: text("status", { enum: ENROLLMENT_STATUSES }).notNull(),
    statusDetail: text("status_detail"),
    // why a due enrollment is not served now (no_sender, cap, invalid, reply_pending), shown in status_detail while active
    hold: text("hold"),
    messageId: text("message_id"),
    nextRunAt: integer("next_run_at"),
    senderIdentityId: text("sender_identity_id"),
    waitingFor: text("waiting_for"),
    // the last message of the conversation that was sent (a same_thread step replies to it)
    lastSentMessageId: text("last_sent_message_id"),
    lastSentAt: integer("last_sent_at"),
    // paused by an out-of-office until this moment, then active again (the inbox)
    pausedUntil: integer("paused_until"),
    endedAt: integer("ended_at"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("enrollments_person_uq").on(t.campaignId, t.personId),
    index("enrollments_workspace_idx").on(t.workspaceId, t.id),
    index("enrollments_campaign_idx").on(t.workspaceId, t.campaignId, t.id),
    index("enrollments_status_idx").on(t.workspaceId, t.status, t.id),
    index("enrollments_person_idx").on(t.workspaceId, t.personId, t.status),
    // the scheduler's tick: due active enrollments of one campaign, soonest first (never scans the others)
    index("enrollments_due_idx")
      .on(t.campaignId, t.nextRunAt)
      .where(sql`status = 'active' AND next_run_at IS NOT NULL`),
    index("enrollments_waiting_idx")
      .on(t.campaignId, t.waitingFor)
      .where(sql`waiting_for IS NOT NULL`),
    index("enrollments_paused_idx")
      .on(t.pausedUntil)
      .where(sql`status = 'paused' AND paused_until IS NOT NULL`),
    index("enrollments_sender_idx").on(t.campaignId, t.senderIdentityId),
    // is any enrollment of the campaign still live (the `completed` rule)
    index("enrollments_campaign_status_idx").on(t.campaignId, t.status),
  ],
);

// A reply that reached an enrollment (through the stop-rule function): what
// analytics counts as `replied`, per step and variant of the message answered.
export const campaignReplies = sqliteTable(
  "campaign_replies",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    campaignId: text("campaign_id").notNull(),
    enrollmentId: text("enrollment_id").notNull(),
    personId: text("person_id").notNull(),
    messageId: text("message_id"),
    stepId: text("step_id"),
    variantId: text("variant_id"),
    inboundMessageId: text("inbound_message_id"),
    occurredAt: integer("occurred_at").notNull(),
  },
  (t) => [uniqueIndex("campaign_replies_uq").on(t.enrollmentId, t.inboundMessageId), index("campaign_replies_campaign_idx").on(t.campaignId, t.occurredAt), index("campaign_replies_created_idx").on(t.workspaceId, t.occurredAt)],
);

// Pacing: messages the scheduler planned per sender identity (sid_…),
// connection (cnx_…) or quota scope (qsc_…) per UTC day, so a daily cap is
// read from one row instead of counted over messages.
export const paceDays = sqliteTable(
  "pace_days",
  {
    key: text("key").notNull(),
    day: text("day").notNull(), // YYYY-MM-DD, UTC
    planned: integer("planned").notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.day] })],
);

// The monthly AI budget per workspace (snippets and reply classification).
export const aiUsage = sqliteTable(
  "ai_usage",
  {
    workspaceId: text("workspace_id").notNull(),
    period: text("period").notNull(), // YYYY-MM, UTC
    usedTokens: integer("used_tokens").notNull(),
    warnedAt: integer("warned_at"),
    exceededAt: integer("exceeded_at"),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.period] })],
);

// The analytics roll-up: per campaign, step, variant and UTC day, counters of
// human events (machine opens and clicks left out), refreshed by a periodic
// job; campaign stats and GET /v1/analytics read only this.
export const campaignStatsDays = sqliteTable(
  "campaign_stats_days",
  {
    workspaceId: text("workspace_id").notNull(),
    campaignId: text("campaign_id").notNull(),
    stepId: text("step_id").notNull(),
    variantId: text("variant_id").notNull(),
    day: text("day").notNull(), // YYYY-MM-DD, UTC
    sent: integer("sent").notNull(),
    opened: integer("opened").notNull(),
    clicked: integer("clicked").notNull(),
    replied: integer("replied").notNull(),
    bounced: integer("bounced").notNull(),
    unsubscribed: integer("unsubscribed").notNull(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.stepId, t.variantId, t.day] }), index("campaign_stats_days_workspace_idx").on(t.workspaceId, t.day)],
);
