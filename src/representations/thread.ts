// A thread (thr_): one conversation of the inbox, as API B answers it. A
// retrieve carries its latest 50 messages, outbound and inbound, oldest first.
import { Type as t } from "@sinclair/typebox";
import { THREAD_STATUSES, type inboundMessages, type messages, type threads } from "../db/schema";
import { iso } from "../lib/clock";
import { Id, Nullable, openEnum, Timestamp } from "./common";
import { exampleId } from "./examples";
import { INBOUND_MESSAGE_EXAMPLE, inboundMessageView, InboundMessageSchema } from "./inbound-message";
import { MESSAGE_EXAMPLE, MessageSchema, messageView } from "./message";
import { PERSON_EXAMPLE } from "./person";

export type ThreadRow = typeof threads.$inferSelect;
export type ThreadItem = { direction: "outbound"; at: number; message: typeof messages.$inferSelect; text: string | null } | { direction: "inbound"; at: number; message: typeof inboundMessages.$inferSelect };

/** A thread with its latest messages (GET one). */
export interface ThreadDetail {
  thread: ThreadRow;
  /** The latest 50, oldest first. */
  items: ThreadItem[];
}

/** The statuses a thread takes (query and body values). */
export const THREAD_STATUS_VALUES = THREAD_STATUSES;

const AT = { created: "2026-03-18T10:31:07.402Z" } as const;

export const THREAD_EXAMPLE = {
  id: exampleId("thr", AT.created, "6d0a3b1f2a4c5e7d8f9"),
  object: "thread",
  subject: "Your Q2 pilot pricing",
  status: "open",
  snoozed_until: null,
  unread: true,
  unread_count: 1,
  inbound_count: 1,
  person_id: PERSON_EXAMPLE.id,
  campaign_id: INBOUND_MESSAGE_EXAMPLE.campaign_id,
  enrollment_id: exampleId("enr", "2026-03-10T08:00:00.114Z", "2a6b0c1b7d93f5e8a14"),
  connection_id: MESSAGE_EXAMPLE.connection_id,
  last_message_at: AT.created,
  last_inbound_at: AT.created,
  created_at: AT.created,
  updated_at: AT.created,
};

const THREAD_FIELDS = {
  id: Id("thr"),
  object: t.Literal("thread"),
  subject: Nullable(t.String({ description: "The subject of our first message in it (or of the inbound message that started it)" })),
  status: openEnum(`${THREAD_STATUSES.join(", ")} (a new message opens a snoozed or archived thread again)`),
  snoozed_until: Nullable(Timestamp),
  unread: t.Boolean({ description: "Some message in it is unread" }),
  unread_count: t.Integer({ minimum: 0 }),
  inbound_count: t.Integer({ minimum: 0, description: "Messages received in it" }),
  person_id: Nullable(Id("per", "Who the conversation is with")),
  campaign_id: Nullable(Id("cmp", "The campaign of the conversation")),
  enrollment_id: Nullable(Id("enr", "The enrollment whose messages it holds")),
  connection_id: Nullable(Id("cnx", "The connection our messages left through (or whose IMAP folder the mail was read from)")),
  last_message_at: Timestamp,
  last_inbound_at: Nullable(Timestamp),
  created_at: Timestamp,
  updated_at: Timestamp,
};

export const ThreadSchema = t.Object(THREAD_FIELDS, { title: "Thread", examples: [THREAD_EXAMPLE] });

const ThreadMessageSchema = t.Union([
  t.Composite([t.Object({ direction: t.Literal("outbound"), text: Nullable(t.String({ description: "The plain-text body we sent" })) }), MessageSchema]),
  t.Composite([t.Object({ direction: t.Literal("inbound") }), InboundMessageSchema]),
]);

export const ThreadDetailSchema = t.Composite([t.Object(THREAD_FIELDS), t.Object({ messages: t.Array(ThreadMessageSchema, { description: "The latest 50, outbound and inbound, oldest first" }) })], {
  title: "ThreadWithMessages",
  examples: [{ ...THREAD_EXAMPLE, messages: [{ direction: "outbound", text: "Hi Amara, …", ...MESSAGE_EXAMPLE }, { direction: "inbound", ...INBOUND_MESSAGE_EXAMPLE }] }],
});

export function threadView(r: ThreadRow) {
  return {
    id: r.id,
    object: "thread" as const,
    subject: r.subject,
    status: r.status,
    snoozed_until: iso(r.snoozedUntil),
    unread: r.unread,
    unread_count: r.unreadCount,
    inbound_count: r.inboundCount,
    person_id: r.personId,
    campaign_id: r.campaignId,
    enrollment_id: r.enrollmentId,
    connection_id: r.connectionId,
    last_message_at: iso(r.lastMessageAt),
    last_inbound_at: iso(r.lastInboundAt),
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  };
}

const itemView = (i: ThreadItem) =>
  i.direction === "outbound" ? { direction: "outbound" as const, text: i.text, ...messageView(i.message) } : { direction: "inbound" as const, ...inboundMessageView(i.message) };

export const threadDetailView = (d: ThreadDetail) => ({ ...threadView(d.thread), messages: d.items.map(itemView) });
