// The sending domain's events: messages, their delivery evidence, connection
// health. The message and connection resources arrive with the sending issue;
// their event shapes are declared here already (SPEC's closed list).
import { Type as T } from "@sinclair/typebox";
import { iso } from "../../lib/clock";
import { newId } from "../../lib/ids";
import type { EventDef } from "../events/define";
import { Id, Nullable, Timestamp, openEnum } from "../../representations/common";

const at = (ms: number) => iso(ms);

const MessageSchema = T.Object(
  {
    id: Id("msg"),
    object: T.Literal("message"),
    campaign_id: Nullable(Id("cmp")),
    enrollment_id: Nullable(Id("enr")),
    step_id: Nullable(Id("stp")),
    variant_id: Nullable(Id("var")),
    person_id: Nullable(Id("per")),
    sender_identity_id: Id("sid"),
    connection_id: Nullable(Id("cnx")),
    thread_id: Nullable(Id("thr")),
    from: T.String(),
    to: T.Array(T.String()),
    cc: T.Array(T.String()),
    bcc: T.Array(T.String()),
    subject: T.String(),
    status: openEnum("queued, sending, sent, failed, uncertain, cancelled"),
    status_detail: Nullable(T.String({ description: "Why it failed, is uncertain, was cancelled, or why snippets fell back to the templates" })),
    holds: T.Array(openEnum("suppressed, person_blocked, domain_unverified, connection_paused, quota, test_mode")),
    send_at: Nullable(Timestamp),
    sent_at: Nullable(Timestamp),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { title: "EventMessage" },
);

const DeliveryEventSchema = T.Object(
  {
    id: Id("dev"),
    object: T.Literal("delivery_event"),
    message_id: Id("msg"),
    person_id: Nullable(Id("per")),
    type: openEnum("delivered, deferred, bounced, complained, opened, clicked, unsubscribed"),
    bounce: Nullable(T.Object({ kind: openEnum("hard, soft"), reason: T.String(), diagnostic_code: Nullable(T.String()) })),
    url: Nullable(T.String({ description: "The clicked link (clicked only)" })),
    detail: Nullable(T.String()),
    occurred_at: Timestamp,
    created_at: Timestamp,
  },
  { title: "EventDeliveryEvent" },
);

const ConnectionSchema = T.Object(
  {
    id: Id("cnx"),
    object: T.Literal("connection"),
    kind: openEnum("managed, smtp, google, microsoft, ses, sendgrid, …"),
    name: T.String(),
    status: openEnum("verifying, active, paused, failing, archived"),
    health: T.Object({ status: openEnum("healthy, degraded, failing"), detail: Nullable(T.String()), checked_at: Timestamp }),
    quota_scope_id: Nullable(Id("qsc")),
    identities: T.Array(
      T.Object({ id: Id("sid"), email: T.String(), name: Nullable(T.String()), reply_to: Nullable(T.String()), tags: T.Array(T.String()), enabled: T.Boolean() }),
    ),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { title: "EventConnection" },
);

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

export const sendingEvents = {
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
} satisfies Record<string, EventDef>;
