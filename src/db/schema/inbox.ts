import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const THREAD_STATUSES = ["open", "snoozed", "archived"] as const;
export type ThreadStatus = (typeof THREAD_STATUSES)[number];

// A conversation (thr_): the mail we sent one person in one enrollment (or one
// message outside campaigns) and everything that came back to it. `key` is what
// the conversation is: enr_… (a campaign's conversation), msg_… (a one-off
// message of ours) or inm_… (inbound mail that answered nothing of ours).
// Lists read newest activity first: (last_message_at, id) is the keyset.
export const threads = sqliteTable(
  "threads",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    key: text("key").notNull(),
    subject: text("subject"),
    personId: text("person_id"),
    campaignId: text("campaign_id"),
    enrollmentId: text("enrollment_id"),
    // the one-off message of ours the thread answers (key msg_…)
    rootMessageId: text("root_message_id"),
    connectionId: text("connection_id"),
    status: text("status", { enum: THREAD_STATUSES }).notNull(),
    snoozedUntil: integer("snoozed_until"),
    unread: integer("unread", { mode: "boolean" }).notNull(),
    unreadCount: integer("unread_count").notNull(),
    inboundCount: integer("inbound_count").notNull(),
    lastMessageAt: integer("last_message_at").notNull(),
    lastInboundAt: integer("last_inbound_at"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("threads_key_uq").on(t.workspaceId, t.key),
    index("threads_recent_idx").on(t.workspaceId, t.lastMessageAt, t.id),
    index("threads_status_idx").on(t.workspaceId, t.status, t.lastMessageAt, t.id),
    index("threads_unread_idx").on(t.workspaceId, t.unread, t.lastMessageAt, t.id),
    index("threads_campaign_idx").on(t.workspaceId, t.campaignId, t.lastMessageAt, t.id),
    index("threads_person_idx").on(t.workspaceId, t.personId, t.lastMessageAt, t.id),
    index("threads_connection_idx").on(t.workspaceId, t.connectionId, t.lastMessageAt, t.id),
    // snoozed threads wake when their time comes
    index("threads_snoozed_idx").on(t.snoozedUntil),
  ],
);

// Where the IMAP reader is in each folder of a connection: the folder's
// UIDVALIDITY and the highest UID handed to the ingest. A new UIDVALIDITY
// means the folder's UIDs were renumbered: it is read again from the start
// (what was stored before is recognised by Message-ID + hash, never twice).
export const imapCursors = sqliteTable(
  "imap_cursors",
  {
    connectionId: text("connection_id").notNull(),
    folder: text("folder").notNull(),
    workspaceId: text("workspace_id").notNull(),
    uidValidity: text("uid_validity").notNull(),
    lastUid: integer("last_uid").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.folder] })],
);

// A person's earlier addresses: confirming a "moved" proposal gives the person
// a new address; the old one is kept here with the evidence that moved it.
export const personEmails = sqliteTable(
  "person_emails",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    personId: text("person_id").notNull(),
    email: text("email").notNull(),
    emailKey: text("email_key").notNull(),
    replacedAt: integer("replaced_at").notNull(),
    inboundMessageId: text("inbound_message_id"),
  },
  (t) => [index("person_emails_person_idx").on(t.workspaceId, t.personId, t.replacedAt), index("person_emails_key_idx").on(t.workspaceId, t.emailKey)],
);
