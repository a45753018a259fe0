// A message (msg_) as API B answers it, message.* events carry it and exports
// write it. `messageView` is the shape the events declare
// (src/modules/sending/events.ts); `messageDetailView` (GET one, and the
// answers of create, cancel, release_holds and resolve) adds the content, the
// recipients' states, the latest attempts and the first delivery events.
import { Type as t } from "@sinclair/typebox";
import { MESSAGE_STATUSES, type messageAttempts, type messageBodies, type messages } from "../db/schema";
import { iso } from "../lib/clock";
import { Id, Nullable, Timestamp, openEnum } from "./common";
import { CONNECTION_EXAMPLE, IDENTITY_EXAMPLE } from "./connection";
import { ATTEMPT_EXAMPLE_ID, DELIVERY_EVENT_EXAMPLE, DeliveryEventSchema, deliveryEventView, MESSAGE_AT } from "./delivery-event";
import { EXAMPLE_IDS } from "./examples";
import { PERSON_EXAMPLE } from "./person";

export { MESSAGE_STATUSES };

type MessageRow = typeof messages.$inferSelect;
type AttemptRow = typeof messageAttempts.$inferSelect;
type DeliveryEventRow = Parameters<typeof deliveryEventView>[0];

/** A message with what GET /v1/messages/{id} shows beside it. */
export interface MessageDetail {
  message: MessageRow;
  /** Its content (message_bodies). */
  body: Pick<typeof messageBodies.$inferSelect, "html" | "text">;
  /** Latest first. */
  attempts: AttemptRow[];
  /** Oldest first. */
  deliveryEvents: DeliveryEventRow[];
}

const TO = PERSON_EXAMPLE.email;
const RCPT_ANSWER = `250 2.1.5 OK d2e1a72fcca58-7d4c1b2a9e0f3si4128516b.312 - gsmtp`;
const DATA_ANSWER = "250 2.0.0 OK 1773760812 d2e1a72fcca58-7d4c1b2a9e0f3si4128516b.312 - gsmtp";

export const MESSAGE_EXAMPLE = {
  id: EXAMPLE_IDS.msg,
  object: "message",
  campaign_id: null,
  enrollment_id: null,
  step_id: null,
  variant_id: null,
  person_id: EXAMPLE_IDS.per,
  sender_identity_id: IDENTITY_EXAMPLE.id,
  connection_id: CONNECTION_EXAMPLE.id,
  thread_id: null,
  from: `${IDENTITY_EXAMPLE.name} <${IDENTITY_EXAMPLE.email}>`,
  to: [TO],
  cc: [],
  bcc: [],
  subject: "Your Q2 pilot pricing",
  status: "sent",
  status_detail: null,
  holds: [],
  send_at: null,
  sent_at: MESSAGE_AT.sent,
  created_at: MESSAGE_AT.created,
  updated_at: MESSAGE_AT.sent,
};

export const ATTEMPT_EXAMPLE = {
  id: ATTEMPT_EXAMPLE_ID,
  object: "attempt",
  message_id: EXAMPLE_IDS.msg,
  number: 1,
  state: "sent",
  transport: "submission",
  destination: "smtp.mailprovider.example",
  host: "smtp.mailprovider.example",
  recipients: [TO],
  rcpt_responses: [{ address: TO, response: RCPT_ANSWER }],
  response: DATA_ANSWER,
  tls: true,
  started_at: MESSAGE_AT.attempt,
  ended_at: MESSAGE_AT.sent,
};

const MESSAGE_TEXT = "Hi Amara,\n\nAs promised at Money20/20, the Q2 pilot pricing is attached to our proposal page.\n\nAmara from Northwind";

export const MESSAGE_DETAIL_EXAMPLE = {
  ...MESSAGE_EXAMPLE,
  reply_to: IDENTITY_EXAMPLE.reply_to,
  message_id: `<${EXAMPLE_IDS.msg.slice(4)}@mail.northwind-trading.com>`,
  headers: { "X-Campaign-Ref": "money2020-followup" },
  tracking: false,
  html: `<p>Hi Amara,</p><p>As promised at Money20/20, the Q2 pilot pricing is attached to our proposal page.</p><p>Amara from Northwind</p>`,
  text: MESSAGE_TEXT,
  recipients: [{ address: TO, kind: "to", state: "sent", response: DATA_ANSWER }],
  released_holds: [],
  due_at: null,
  attempt_count: 1,
  first_attempt_at: MESSAGE_AT.attempt,
  attempts: [ATTEMPT_EXAMPLE],
  delivery_events: [DELIVERY_EVENT_EXAMPLE],
};

/** The request that queued the example message (POST /v1/messages). */
export const MESSAGE_REQUEST_EXAMPLE = {
  sender_identity_id: IDENTITY_EXAMPLE.id,
  to: [TO],
  cc: [],
  bcc: [],
  subject: MESSAGE_EXAMPLE.subject,
  html: MESSAGE_DETAIL_EXAMPLE.html,
  text: MESSAGE_TEXT,
  headers: MESSAGE_DETAIL_EXAMPLE.headers,
  send_at: null,
  tracking: false,
};

// the holds a message can carry (HOLDS in src/db/schema/messages.ts)
const HOLD_VALUES =
  "suppressed, person_blocked, domain_unverified, connection_paused, quota, test_mode, campaign_paused (its campaign is paused; starting it makes the message due at once), reply_pending (mail from the person, or their company with company_on_reply, arrived since the previous step and is not read yet: looked at again in 30 s), out_of_office (the person's out-of-office paused the enrollment: sent after their return)";
const Holds = t.Array(openEnum(HOLD_VALUES));

const MESSAGE_FIELDS = {
  id: Id("msg"),
  object: t.Literal("message"),
  campaign_id: Nullable(Id("cmp", "The campaign that made it; null for a message sent through POST /v1/messages")),
  enrollment_id: Nullable(Id("enr")),
  step_id: Nullable(Id("stp")),
  variant_id: Nullable(Id("var")),
  person_id: Nullable(Id("per", "The person of the first `to` address (linked, or created with source api)")),
  sender_identity_id: Id("sid"),
  connection_id: Nullable(Id("cnx", "The connection of the sender identity: what sends it")),
  thread_id: Nullable(Id("thr")),
  from: t.String({ description: "The From header: the identity's name and address" }),
  to: t.Array(t.String()),
  cc: t.Array(t.String()),
  bcc: t.Array(t.String()),
  subject: t.String(),
  status: openEnum("queued, sending (the MTA holds it right now), sent, failed, uncertain (resolve it), cancelled"),
  status_detail: Nullable(t.String({ description: "Why it failed, is uncertain, is held or waits, was cancelled or resolved; the last server answer verbatim where there was one" })),
  holds: t.Array(openEnum(HOLD_VALUES), {
    description: "What keeps a queued message from leaving now; it stays queued and visible, never dropped (POST /v1/messages/{id}/release_holds)",
  }),
  send_at: Nullable(Timestamp),
  sent_at: Nullable(Timestamp),
  created_at: Timestamp,
  updated_at: Timestamp,
};

export const MessageSchema = t.Object(MESSAGE_FIELDS, { title: "Message", examples: [MESSAGE_EXAMPLE] });

export const AttemptSchema = t.Object(
  {
    id: Id("att"),
    object: t.Literal("attempt"),
    message_id: Id("msg"),
    number: t.Integer({ description: "1 for the message's first try" }),
    state: openEnum("started, data (DATA began: the content may have left), sent, deferred, failed, uncertain"),
    transport: openEnum("mx (the recipient domain's MX), relay (the smart host), submission (the smtp connection's server), test (test mode's fake transport)"),
    destination: t.String({ description: "The recipient domain, relay or submission host" }),
    host: Nullable(t.String({ description: "The server spoken to" })),
    recipients: t.Array(t.String()),
    rcpt_responses: Nullable(t.Array(t.Object({ address: t.String(), response: t.String({ description: "The RCPT answer, verbatim" }) }))),
    response: Nullable(t.String({ description: "The final answer (after DATA, or the one that ended the try), verbatim" })),
    tls: Nullable(t.Boolean({ description: "Whether the session was encrypted" })),
    started_at: Timestamp,
    ended_at: Nullable(Timestamp),
  },
  { title: "Attempt", examples: [ATTEMPT_EXAMPLE] },
);

export const MessageDetailSchema = t.Object(
  {
    ...MESSAGE_FIELDS,
    reply_to: Nullable(t.String({ description: "The Reply-To header (the identity's)" })),
    message_id: t.String({ description: "The Message-ID header, on the sending domain; the same on every attempt" }),
    headers: t.Record(t.String(), t.String(), { description: "The extra headers given at creation" }),
    tracking: t.Boolean(),
    html: Nullable(t.String()),
    text: Nullable(t.String()),
    recipients: t.Array(
      t.Object({
        address: t.String(),
        kind: openEnum("to, cc, bcc"),
        state: openEnum("pending, sent, failed, uncertain"),
        response: Nullable(t.String({ description: "The last server answer about this recipient, verbatim" })),
      }),
    ),
    released_holds: Holds,
    due_at: Nullable(t.String({ format: "date-time", description: "A queued message: when the MTA looks at it next (send_at, a retry, a hold's re-check); null otherwise" })),
    attempt_count: t.Integer({ description: "Tries so far" }),
    first_attempt_at: Nullable(Timestamp),
    attempts: t.Array(AttemptSchema, { description: "The latest 10 attempts, latest first" }),
    delivery_events: t.Array(DeliveryEventSchema, { description: "The first 10 delivery events, oldest first (GET /v1/delivery_events?message_id= lists them all)" }),
  },
  { title: "MessageDetail", examples: [MESSAGE_DETAIL_EXAMPLE] },
);

const addressesOf = (m: MessageRow, kind: "to" | "cc" | "bcc") => m.recipients.filter((r) => r.kind === kind).map((r) => r.address);

export function messageView(m: MessageRow) {
  return {
    id: m.id,
    object: "message" as const,
    campaign_id: m.campaignId,
    enrollment_id: m.enrollmentId,
    step_id: m.stepId,
    variant_id: m.variantId,
    person_id: m.personId,
    sender_identity_id: m.senderIdentityId,
    connection_id: m.connectionId,
    thread_id: m.threadId,
    from: m.fromHeader,
    to: addressesOf(m, "to"),
    cc: addressesOf(m, "cc"),
    bcc: addressesOf(m, "bcc"),
    subject: m.subject,
    status: m.status,
    status_detail: m.statusDetail,
    holds: m.holds,
    send_at: iso(m.sendAt),
    sent_at: iso(m.sentAt),
    created_at: iso(m.createdAt),
    updated_at: iso(m.updatedAt),
  };
}

export function attemptView(a: AttemptRow) {
  return {
    id: a.id,
    object: "attempt" as const,
    message_id: a.messageId,
    number: a.number,
    state: a.state,
    transport: a.transport,
    destination: a.destination,
    host: a.host,
    recipients: a.recipients,
    rcpt_responses: a.rcptResponses,
    response: a.response,
    tls: a.tls,
    started_at: iso(a.startedAt),
    ended_at: iso(a.endedAt),
  };
}

export function messageDetailView(d: MessageDetail) {
  const m = d.message;
  return {
    ...messageView(m),
    reply_to: m.replyTo,
    message_id: `<${m.messageIdHeader}>`,
    headers: m.headers,
    tracking: m.tracking,
    html: d.body.html,
    text: d.body.text,
    recipients: m.recipients.map((r) => ({ address: r.address, kind: r.kind, state: r.state, response: r.response })),
    released_holds: m.releasedHolds,
    due_at: m.status === "queued" ? iso(m.dueAt) : null,
    attempt_count: m.attempts,
    first_attempt_at: iso(m.firstAttemptAt),
    attempts: d.attempts.map(attemptView),
    delivery_events: d.deliveryEvents.map(deliveryEventView),
  };
}
