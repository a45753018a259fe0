// The closed list of event types (SPEC: Events), each with the shape of its
// `data` (the resource as it was after the change) and realistic sample data
// for synthetic events (POST /v1/events). The schemas document OpenAPI.
import { Type as T, type TSchema } from "@sinclair/typebox";
import { iso } from "../../lib/clock";
import { idPattern, newId } from "../../lib/ids";
import { WebhookEndpointSchema } from "./webhooks/endpoint-view";

const id = (prefix: string) => T.String({ pattern: idPattern(prefix) });
const ts = () => T.String({ format: "date-time" });
const nullable = <S extends TSchema>(s: S) => T.Union([s, T.Null()]);
const open = (description: string) => T.String({ description: `${description}; new values may be added` });
const int = () => T.Integer();

const MessageSchema = T.Object(
  {
    id: id("msg"),
    object: T.Literal("message"),
    campaign_id: nullable(id("cmp")),
    enrollment_id: nullable(id("enr")),
    step_id: nullable(id("stp")),
    variant_id: nullable(id("var")),
    person_id: nullable(id("per")),
    sender_identity_id: id("sid"),
    connection_id: nullable(id("cnx")),
    thread_id: nullable(id("thr")),
    from: T.String(),
    to: T.Array(T.String()),
    cc: T.Array(T.String()),
    bcc: T.Array(T.String()),
    subject: T.String(),
    status: open("queued, sending, sent, failed, uncertain, cancelled"),
    status_detail: nullable(T.String({ description: "Why it failed, is uncertain, was cancelled, or why snippets fell back to the templates" })),
    holds: T.Array(open("suppressed, person_blocked, domain_unverified, connection_paused, quota, test_mode")),
    send_at: nullable(ts()),
    sent_at: nullable(ts()),
    created_at: ts(),
    updated_at: ts(),
  },
  { title: "EventMessage" },
);

const DeliveryEventSchema = T.Object(
  {
    id: id("dev"),
    object: T.Literal("delivery_event"),
    message_id: id("msg"),
    person_id: nullable(id("per")),
    type: open("delivered, deferred, bounced, complained, opened, clicked, unsubscribed"),
    bounce: nullable(T.Object({ kind: open("hard, soft"), reason: T.String(), diagnostic_code: nullable(T.String()) })),
    url: nullable(T.String({ description: "The clicked link (clicked only)" })),
    detail: nullable(T.String()),
    occurred_at: ts(),
    created_at: ts(),
  },
  { title: "EventDeliveryEvent" },
);

const InboundMessageSchema = T.Object(
  {
    id: id("inm"),
    object: T.Literal("inbound_message"),
    thread_id: id("thr"),
    connection_id: nullable(id("cnx")),
    person_id: nullable(id("per")),
    in_reply_to_message_id: nullable(id("msg")),
    from: T.String(),
    to: T.Array(T.String()),
    subject: T.String(),
    text_excerpt: T.String({ description: "First 500 characters of the text body" }),
    classification: open("reply, auto_reply, out_of_office, bounce, unsubscribe_request, other"),
    sentiment: nullable(open("positive, neutral, negative")),
    received_at: ts(),
    created_at: ts(),
  },
  { title: "EventInboundMessage" },
);

const EnrollmentSchema = T.Object(
  {
    id: id("enr"),
    object: T.Literal("enrollment"),
    campaign_id: id("cmp"),
    person: T.Object({ email: T.String(), id: id("per"), name: nullable(T.String()) }),
    position: int(),
    status: open("active, paused, completed, replied, stopped, failed"),
    status_detail: nullable(T.String()),
    message_id: nullable(id("msg")),
    next_run_at: nullable(ts()),
    sender_identity_id: nullable(id("sid")),
    waiting_for: nullable(id("sid")),
    created_at: ts(),
    updated_at: ts(),
  },
  { title: "EventEnrollment" },
);

const VariantSummary = T.Object({
  id: id("var"),
  name: T.String(),
  subject: T.String(),
  preheader: nullable(T.String()),
  cc: T.Array(T.String()),
  bcc: T.Array(T.String()),
  version: int(),
  weight: T.Integer({ minimum: 1, maximum: 100 }),
});

const CampaignSchema = T.Object(
  {
    id: id("cmp"),
    object: T.Literal("campaign"),
    name: T.String(),
    status: open("draft, materialising, active, paused, completed, archived"),
    schedule: T.Object({
      send_window: nullable(T.Object({ days: T.Array(int()), start: T.String(), end: T.String() })),
      start_at: nullable(ts()),
      timezone: T.String(),
      timezone_source: T.String({ description: "campaign or recipient" }),
    }),
    senders: T.Object({ identity_ids: T.Array(id("sid")), tags: T.Array(T.String()), on_sender_removed: T.String() }),
    steps: T.Array(
      T.Object({
        id: id("stp"),
        name: T.String(),
        position: int(),
        revision: int(),
        delay_seconds: int(),
        same_thread: T.Boolean(),
        personalisation_prompt: nullable(T.String()),
        allocation: T.String(),
        winner_rule: T.Object({ minimum_sample: int(), objective: T.String(), observation_window_seconds: int() }),
        winner: nullable(T.Object({ selected_at: ts(), selected_by: T.String(), variant_id: id("var") })),
        variants: T.Array(VariantSummary, { description: "Bodies (html, text) are left out, as in lists" }),
      }),
    ),
    stop_rules: T.Object({ company_on_reply: T.Boolean(), cooldown_hours: int(), on_reply: T.String() }),
    tracking: T.Object({ opens: T.Boolean(), clicks: T.Boolean(), domain_id: nullable(id("dom")) }),
    stats: T.Object({ bounced: int(), clicked: int(), opened: int(), replied: int(), sent: int(), unsubscribed: int(), computed_at: nullable(ts()) }),
    last_error: nullable(T.Object({ at: ts(), code: T.String(), detail: T.String() })),
    version: int(),
    created_at: ts(),
    updated_at: ts(),
  },
  { title: "EventCampaign", description: "The campaign as a list returns it (variant bodies left out)" },
);

const ConnectionSchema = T.Object(
  {
    id: id("cnx"),
    object: T.Literal("connection"),
    kind: open("managed, smtp, google, microsoft, ses, sendgrid, …"),
    name: T.String(),
    status: open("verifying, active, paused, failing, archived"),
    health: T.Object({ status: open("healthy, degraded, failing"), detail: nullable(T.String()), checked_at: ts() }),
    quota_scope_id: nullable(id("qsc")),
    identities: T.Array(
      T.Object({ id: id("sid"), email: T.String(), name: nullable(T.String()), reply_to: nullable(T.String()), tags: T.Array(T.String()), enabled: T.Boolean() }),
    ),
    created_at: ts(),
    updated_at: ts(),
  },
  { title: "EventConnection" },
);

// As emitted by the imports service (importEventData): the import without its problem list.
const ImportSchema = T.Object(
  {
    id: id("imp"),
    object: T.Literal("import"),
    status: open("completed, failed, cancelled"),
    source: T.String({ description: "csv or json" }),
    group_id: nullable(id("grp")),
    counts: T.Object({ created: int(), updated: int(), skipped: int(), failed: int(), suppressed: int() }),
    problem_count: T.Integer({ description: "Every problem found; read the import for the first ones and the error report" }),
    job_id: nullable(id("job")),
    finished_at: nullable(ts()),
  },
  { title: "EventImport" },
);

const ExportSchema = T.Object(
  {
    id: id("exp"),
    object: T.Literal("export"),
    resource: open("people, messages, attempts, delivery_events, inbound_messages"),
    format: T.String({ description: "csv or jsonl" }),
    filters: T.Record(T.String(), T.Unknown()),
    status: open("queued, running, ready, failed, expired"),
    rows: nullable(int()),
    url: nullable(T.String({ description: "Always null in events: read the export for a fresh 15-minute link" })),
    expires_at: ts(),
    job_id: nullable(T.String()),
    last_error: nullable(T.Object({ at: ts(), code: T.String(), detail: T.String() })),
    created_at: ts(),
    updated_at: ts(),
  },
  { title: "EventExport" },
);

// As emitted by the suppressions service.
const SuppressionSchema = T.Object(
  {
    id: id("sup"),
    email: nullable(T.String()),
    domain: nullable(T.String()),
    reason: open("manual, unsubscribed, hard_bounce, complaint, invalid"),
    evidence: nullable(T.Record(T.String(), T.Unknown(), { description: "What created it (bounce, complaint, unsubscribe…); null for manual ones" })),
    created_at: ts(),
  },
  { title: "EventSuppression" },
);

const AiBudgetSchema = T.Object(
  {
    object: T.Literal("ai_budget"),
    period_start: ts(),
    period_end: ts(),
    limit_tokens: int(),
    used_tokens: int(),
    used_percent: T.Number(),
    threshold_percent: T.Integer({ description: "The threshold crossed: 80 for the warning, 100 when exceeded" }),
  },
  { title: "EventAiBudget" },
);

const EndpointTestSchema = T.Object(
  { object: T.Literal("endpoint_test"), message: T.String() },
  { title: "EventEndpointTest" },
);

// ---- samples: fresh ids per call so receivers that de-duplicate see new objects

const at = (ms: number) => iso(ms);

function message(now: number, status: string, detail: string | null) {
  return {
    id: newId("msg"),
    object: "message" as const,
    campaign_id: newId("cmp"),
    enrollment_id: newId("enr"),
    step_id: newId("stp"),
    variant_id: newId("var"),
    person_id: newId("per"),
    sender_identity_id: newId("sid"),
    connection_id: newId("cnx"),
    thread_id: newId("thr"),
    from: "Ada Lovelace <ada@outreach.example.com>",
    to: ["grace.hopper@example.org"],
    cc: [],
    bcc: [],
    subject: "Quick question about Example Org's outbound",
    status,
    status_detail: detail,
    holds: [],
    send_at: at(now - 60_000),
    sent_at: status === "sent" ? at(now) : null,
    created_at: at(now - 3_600_000),
    updated_at: at(now),
  };
}

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

function aiBudget(now: number, threshold: number, used: number) {
  const start = new Date(now);
  const periodStart = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 1);
  const periodEnd = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1);
  return { object: "ai_budget" as const, period_start: at(periodStart), period_end: at(periodEnd), limit_tokens: 2_000_000, used_tokens: used, used_percent: Math.round((used / 2_000_000) * 1000) / 10, threshold_percent: threshold };
}

const EVENT_TYPE_DEFS = {
  "message.queued": { description: "A message was queued; it is sent when due", schema: MessageSchema, sample: (now: number) => message(now, "queued", null) },
  "message.sent": { description: "The receiving server accepted a message", schema: MessageSchema, sample: (now: number) => message(now, "sent", null) },
  "message.failed": {
    description: "A message failed for good",
    schema: MessageSchema,
    sample: (now: number) => message(now, "failed", "550 5.1.1 <grace.hopper@example.org>: Recipient address rejected: User unknown"),
  },
  "message.uncertain": {
    description: "The connection dropped after DATA: the message may or may not have been delivered (resolve it)",
    schema: MessageSchema,
    sample: (now: number) => message(now, "uncertain", "connection reset after DATA, before the server's answer"),
  },
  "message.cancelled": { description: "A queued message was cancelled", schema: MessageSchema, sample: (now: number) => message(now, "cancelled", "enrollment stopped") },
  "message.snippets_fallback": {
    description: "AI snippets could not be written; the message was made from the templates alone",
    schema: MessageSchema,
    sample: (now: number) => message(now, "queued", "AI provider timed out; templates used without snippets"),
  },
  "delivery_event.recorded": {
    description: "Delivery evidence for a message: delivered, deferred, bounced, complained, opened, clicked, unsubscribed",
    schema: DeliveryEventSchema,
    sample: (now: number) => ({
      id: newId("dev"),
      object: "delivery_event" as const,
      message_id: newId("msg"),
      person_id: newId("per"),
      type: "bounced",
      bounce: { kind: "hard", reason: "user_unknown", diagnostic_code: "smtp; 550 5.1.1 User unknown" },
      url: null,
      detail: "DSN from mx.example.org",
      occurred_at: at(now - 5_000),
      created_at: at(now),
    }),
  },
  "inbound_message.received": {
    description: "A reply or other inbound message arrived and was classified",
    schema: InboundMessageSchema,
    sample: (now: number) => ({
      id: newId("inm"),
      object: "inbound_message" as const,
      thread_id: newId("thr"),
      connection_id: newId("cnx"),
      person_id: newId("per"),
      in_reply_to_message_id: newId("msg"),
      from: "Grace Hopper <grace.hopper@example.org>",
      to: ["ada@outreach.example.com"],
      subject: "Re: Quick question about Example Org's outbound",
      text_excerpt: "Thanks Ada, this sounds interesting. Could we talk on Thursday afternoon?",
      classification: "reply",
      sentiment: "positive",
      received_at: at(now - 2_000),
      created_at: at(now),
    }),
  },
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
      tracking: { opens: false, clicks: true, domain_id: null },
      stats: { bounced: 0, clicked: 0, opened: 0, replied: 0, sent: 0, unsubscribed: 0, computed_at: null },
      last_error: null,
      version: now * 1000,
      created_at: at(now - 86_400_000),
      updated_at: at(now),
    }),
  },
  "connection.health_changed": {
    description: "A connection's health changed (e.g. its credential stopped working)",
    schema: ConnectionSchema,
    sample: (now: number) => ({
      id: newId("cnx"),
      object: "connection" as const,
      kind: "smtp",
      name: "Ada's mailbox",
      status: "failing",
      health: { status: "failing", detail: "535 5.7.8 Authentication credentials invalid", checked_at: at(now) },
      quota_scope_id: null,
      identities: [{ id: newId("sid"), email: "ada@outreach.example.com", name: "Ada Lovelace", reply_to: null, tags: ["sdr"], enabled: true }],
      created_at: at(now - 30 * 86_400_000),
      updated_at: at(now),
    }),
  },
  "import.completed": {
    description: "An import ended: completed, failed or cancelled",
    schema: ImportSchema,
    sample: (now: number) => ({
      id: newId("imp"),
      object: "import" as const,
      status: "completed",
      source: "csv",
      group_id: newId("grp"),
      counts: { created: 1180, updated: 20, skipped: 3, failed: 1, suppressed: 2 },
      problem_count: 1,
      job_id: newId("job"),
      finished_at: at(now),
    }),
  },
  "export.completed": {
    description: "An export's file is ready",
    schema: ExportSchema,
    sample: (now: number) => ({
      id: newId("exp"),
      object: "export" as const,
      resource: "people",
      format: "csv",
      filters: { status: "active" },
      status: "ready",
      rows: 5210,
      url: null,
      expires_at: at(now + 7 * 86_400_000),
      job_id: newId("job"),
      last_error: null,
      created_at: at(now - 20_000),
      updated_at: at(now),
    }),
  },
  "suppression.created": {
    description: "An address or domain stopped receiving mail",
    schema: SuppressionSchema,
    sample: (now: number) => ({
      id: newId("sup"),
      email: "grace.hopper@example.org",
      domain: null,
      reason: "hard_bounce",
      evidence: { message_id: newId("msg"), diagnostic_code: "smtp; 550 5.1.1 User unknown" },
      created_at: at(now),
    }),
  },
  "ai.budget_warning": { description: "The workspace used 80% of its monthly AI budget", schema: AiBudgetSchema, sample: (now: number) => aiBudget(now, 80, 1_640_000) },
  "ai.budget_exceeded": { description: "The monthly AI budget is used up: snippets fall back to templates", schema: AiBudgetSchema, sample: (now: number) => aiBudget(now, 100, 2_000_000) },
  "endpoint.test": {
    description: "A test event; only ever synthetic",
    schema: EndpointTestSchema,
    sample: () => ({ object: "endpoint_test" as const, message: "This is a test event from Nearbound. Answer 2xx to acknowledge it." }),
  },
  "webhook_endpoint.disabled": {
    description: "A webhook endpoint was disabled: by its owner, after a 410 answer, or after 5 days without a successful delivery",
    schema: WebhookEndpointSchema,
    sample: (now: number) => ({
      id: newId("whe"),
      object: "webhook_endpoint" as const,
      url: "https://hooks.example.com/nearbound",
      description: "CRM sync",
      event_types: [],
      enabled: false,
      disabled_reason: "failing",
      disabled_at: at(now),
      previous_secret_expires_at: null,
      created_at: at(now - 10 * 86_400_000),
      updated_at: at(now),
    }),
  },
} satisfies Record<string, { description: string; schema: TSchema; sample: (now: number) => unknown }>;

export type EventType = keyof typeof EVENT_TYPE_DEFS;
export const EVENT_TYPES = Object.keys(EVENT_TYPE_DEFS) as EventType[];

export function isEventType(s: string): s is EventType {
  return Object.hasOwn(EVENT_TYPE_DEFS, s);
}

export function eventTypeInfo(type: EventType): { description: string; schema: TSchema } {
  return EVENT_TYPE_DEFS[type];
}

/** Realistic sample `data` of a type, timestamped around `now`. */
export function sampleData(type: EventType, now: number): unknown {
  return EVENT_TYPE_DEFS[type].sample(now);
}
