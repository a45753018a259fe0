import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const MESSAGE_STATUSES = ["queued", "sending", "sent", "failed", "uncertain", "cancelled"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
// campaign_paused: its campaign is paused; reply_pending: mail from the person (or their company) arrived since the previous step and is not read yet;
// out_of_office: the person's out-of-office paused the enrollment until their return
export const HOLDS = ["suppressed", "person_blocked", "domain_unverified", "connection_paused", "quota", "test_mode", "campaign_paused", "reply_pending", "out_of_office"] as const;
export type Hold = (typeof HOLDS)[number];

/** One envelope recipient and where its delivery stands. */
export interface MessageRecipient {
  address: string;
  kind: "to" | "cc" | "bcc";
  /** pending (not yet accepted), sent (a 250 for it), failed (5xx), uncertain */
  state: "pending" | "sent" | "failed" | "uncertain";
  /** The last SMTP answer about this recipient, verbatim. */
  response: string | null;
}

// An outgoing message (msg_). The MTA claims due ones under a lease
// (lease_owner/lease_until), like jobs and webhook deliveries.
export const messages = sqliteTable(
  "messages",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    connectionId: text("connection_id").notNull(),
    senderIdentityId: text("sender_identity_id").notNull(),
    personId: text("person_id"),
    campaignId: text("campaign_id"),
    enrollmentId: text("enrollment_id"),
    stepId: text("step_id"),
    variantId: text("variant_id"),
    threadId: text("thread_id"),
    fromHeader: text("from_header").notNull(),
    replyTo: text("reply_to"),
    recipients: text("recipients", { mode: "json" }).$type<MessageRecipient[]>().notNull(),
    subject: text("subject").notNull(),
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>().notNull(),
    tracking: integer("tracking", { mode: "boolean" }).notNull(),
    // the Message-ID header (without <>), on the sending domain; stable across attempts
    messageIdHeader: text("message_id_header").notNull(),
    // the VERP envelope sender on the return-path host
    envelopeFrom: text("envelope_from").notNull(),
    unsubscribeToken: text("unsubscribe_token"),
    status: text("status").notNull(),
    statusDetail: text("status_detail"),
    holds: text("holds", { mode: "json" }).$type<Hold[]>().notNull(),
    // holds the caller released (release_holds): checked again only when they recur for a new reason
    releasedHolds: text("released_holds", { mode: "json" }).$type<Hold[]>().notNull(),
    sendAt: integer("send_at"),
    // when the MTA next looks at it (send_at, a retry, a quota wait)
    dueAt: integer("due_at").notNull(),
    leaseOwner: text("lease_owner"),
    leaseUntil: integer("lease_until"),
    attempts: integer("attempts").notNull(),
    firstAttemptAt: integer("first_attempt_at"),
    sentAt: integer("sent_at"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("messages_workspace_idx").on(t.workspaceId, t.id),
    index("messages_status_idx").on(t.workspaceId, t.status, t.id),
    index("messages_person_idx").on(t.workspaceId, t.personId, t.id),
    // the campaign's, enrollment's and step's messages, and the token's: only messages that have one
    // are indexed (a message sent through the API has none, and its insert writes none of these)
    index("messages_campaign_idx")
      .on(t.workspaceId, t.campaignId, t.id)
      .where(sql`campaign_id IS NOT NULL`),
    index("messages_connection_idx").on(t.workspaceId, t.connectionId, t.id),
    index("messages_created_idx").on(t.workspaceId, t.createdAt, t.id),
    // the MTA's claim: due queued messages, oldest due first (a message leaves it when claimed)
    index("messages_due_idx")
      .on(t.status, t.dueAt)
      .where(sql`status = 'queued'`),
    index("messages_lease_idx").on(t.status, t.leaseUntil),
    // a mailed unsubscribe request (RFC 2369 mailto) names its message by token
    index("messages_unsubscribe_idx")
      .on(t.unsubscribeToken)
      .where(sql`unsubscribe_token IS NOT NULL`),
    index("messages_enrollment_idx")
      .on(t.enrollmentId)
      .where(sql`enrollment_id IS NOT NULL`),
    // the A/B winner: a step's messages since its revision was published
    index("messages_step_idx")
      .on(t.stepId, t.createdAt)
      .where(sql`step_id IS NOT NULL`),
  ],
);

// A message's content, apart from its row: the MTA claims and records a
// message's row twice per send, and SQLite rewrites a row whole, overflow pages
// and all (a 5 KB HTML body is three pages). Written once, with the message.
export const messageBodies = sqliteTable("message_bodies", {
  messageId: text("message_id").primaryKey(),
  workspaceId: text("workspace_id").notNull(),
  html: text("html"),
  text: text("text"),
});

export const ATTEMPT_STATES = ["started", "data", "sent", "deferred", "failed", "uncertain"] as const;
export type AttemptState = (typeof ATTEMPT_STATES)[number];

// One try to hand a message (or the recipients of one destination) to a
// server (att_). Written durably before DATA; `data` means the content may
// have left, so a crash in that state makes the message uncertain.
export const messageAttempts = sqliteTable(
  "message_attempts",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    messageId: text("message_id").notNull(),
    number: integer("number").notNull(),
    state: text("state").notNull(),
    transport: text("transport").notNull(), // mx, relay, submission, test
    destination: text("destination").notNull(), // recipient domain or relay host
    host: text("host"), // the server spoken to (MX host)
    recipients: text("recipients", { mode: "json" }).$type<string[]>().notNull(),
    // each RCPT answer and the final answer, verbatim
    rcptResponses: text("rcpt_responses", { mode: "json" }).$type<{ address: string; response: string }[]>(),
    response: text("response"),
    tls: integer("tls", { mode: "boolean" }),
    startedAt: integer("started_at").notNull(),
    endedAt: integer("ended_at"),
  },
  (t) => [index("message_attempts_message_idx").on(t.messageId, t.number), index("message_attempts_workspace_idx").on(t.workspaceId, t.id)],
);

export const DELIVERY_EVENT_TYPES = ["delivered", "deferred", "bounced", "complained", "opened", "clicked", "unsubscribed"] as const;
export type DeliveryEventType = (typeof DELIVERY_EVENT_TYPES)[number];

// Evidence about a message (dev_): synchronous SMTP answers, DSNs and
// complaints (inbound_message_id), tracking later.
export const deliveryEvents = sqliteTable(
  "delivery_events",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    messageId: text("message_id").notNull(),
    personId: text("person_id"),
    attemptId: text("attempt_id"),
    // the inbound message (DSN, complaint) that brought this evidence
    inboundMessageId: text("inbound_message_id"),
    // the campaign message's campaign, step and variant (analytics count from these)
    campaignId: text("campaign_id"),
    stepId: text("step_id"),
    variantId: text("variant_id"),
    type: text("type").notNull(),
    recipient: text("recipient"),
    bounceKind: text("bounce_kind"), // hard, soft
    bounceReason: text("bounce_reason"),
    diagnosticCode: text("diagnostic_code"),
    url: text("url"),
    // opens and clicks by scanners, proxies and prefetchers: recorded, flagged, left out of stats
    machine: integer("machine", { mode: "boolean" }),
    machineReason: text("machine_reason"),
    detail: text("detail"),
    occurredAt: integer("occurred_at").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("delivery_events_workspace_idx").on(t.workspaceId, t.id),
    index("delivery_events_message_idx").on(t.workspaceId, t.messageId, t.id),
    index("delivery_events_person_idx").on(t.workspaceId, t.personId, t.id),
    index("delivery_events_type_idx").on(t.workspaceId, t.type, t.id),
    index("delivery_events_created_idx").on(t.workspaceId, t.createdAt, t.id),
    index("delivery_events_inbound_idx").on(t.workspaceId, t.inboundMessageId),
    index("delivery_events_campaign_idx").on(t.campaignId, t.type),
  ],
);
