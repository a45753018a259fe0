import { sql } from "drizzle-orm";
import { blob, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

// unsubscribe: a message to a List-Unsubscribe mailto address (RFC 2369), or an ARF opt-out report
export const INBOUND_KINDS = ["bounce", "complaint", "auto_reply", "unsubscribe", "other"] as const;
export type InboundKind = (typeof INBOUND_KINDS)[number];
/** received: durably ours (the 250 was given), not yet through the ingest; processed: evidence recorded. */
export const INBOUND_STATES = ["received", "processed"] as const;
export type InboundState = (typeof INBOUND_STATES)[number];
export const MATCHED_BY = ["verp", "message_id", "recipient", "references", "subject"] as const;
export type MatchedBy = (typeof MATCHED_BY)[number];

// The inbox's verdict on a message (src/modules/inbox/classifier): what it is,
// and for a reply its sentiment and intent; `verdict_by` says who made it.
export const CLASSIFICATIONS = ["bounce", "complaint", "auto_reply", "unsubscribe_request", "reply"] as const;
export type Classification = (typeof CLASSIFICATIONS)[number];
export const SENTIMENTS = ["positive", "neutral", "negative"] as const;
export type Sentiment = (typeof SENTIMENTS)[number];
export const INTENTS = ["interested", "meeting_request", "not_interested", "wrong_person", "referral", "moved", "question", "later"] as const;
export type Intent = (typeof INTENTS)[number];
export const VERDICT_BY = ["rules", "ai", "manual"] as const;
export const INBOUND_SOURCES = ["smtp", "imap"] as const;
export const PROPOSAL_STATES = ["pending", "confirmed", "dismissed"] as const;

/** What a message proposes (shown on it; POST /{id}/review confirms or dismisses). */
export interface InboundProposal {
  action: "suppress" | "suppress_domain" | "move" | "refer";
  /** suppress: the address to suppress; suppress_domain: the writer's, who asked it; move: the new address; refer: the referred person's. */
  email: string;
  /** suppress_domain: the domain to suppress (the writer's company's). */
  domain?: string;
  name: string | null;
  state: (typeof PROPOSAL_STATES)[number];
  reviewedAt: number | null;
  /** What confirming did: the suppression, the person moved or created. */
  resultId: string | null;
}

/** What mailauth said about the message (RFC 8601 result words). */
export interface InboundAuthentication {
  spf: { result: string; domain: string | null };
  dkim: { result: string; domain: string | null; selector: string | null }[];
  dmarc: { result: string; domain: string | null; policy: string | null };
  arc: { result: string };
  /** The Authentication-Results header value mailauth composed. */
  header: string;
}

/** The ingest's reading of a report, per recipient (see src/smtp-in/bounces). */
export interface InboundReport {
  format: string;
  feedbackType: string | null;
  originalMessageId: string | null;
  recipients: { address: string; kind: string; hard: boolean; reason: string; status: string | null; diagnostic: string | null; remoteMta: string | null }[];
}

// One message the inbound listener accepted (inm_), per workspace its
// recipients belong to. The raw bytes live in inbound_message_raws so lists
// never read them. On disk (the WAL fsync'd) before the final 250; the
// ingest claims `received` rows under a lease, like the MTA claims messages.
export const inboundMessages = sqliteTable(
  "inbound_messages",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    state: text("state", { enum: INBOUND_STATES }).notNull(),
    kind: text("kind", { enum: INBOUND_KINDS }),
    // the SMTP envelope: MAIL FROM ("" for the null sender of a bounce) and the recipients of this workspace
    mailFrom: text("mail_from").notNull(),
    rcptTo: text("rcpt_to", { mode: "json" }).$type<string[]>().notNull(),
    remoteAddress: text("remote_address").notNull(),
    helo: text("helo"),
    tls: integer("tls", { mode: "boolean" }).notNull(),
    fromHeader: text("from_header"),
    // the From address lower-cased, and its domain: mail from a person (or their company) since a step (the reply-race guard)
    fromKey: text("from_key"),
    fromDomain: text("from_domain"),
    toHeader: text("to_header"),
    subject: text("subject"),
    messageIdHeader: text("message_id_header"),
    inReplyTo: text("in_reply_to"),
    // Message-ID + body hash (or the whole message's hash without a Message-ID): the same message twice is stored once
    dedupeKey: text("dedupe_key").notNull(),
    size: integer("size").notNull(),
    authentication: text("authentication", { mode: "json" }).$type<InboundAuthentication>(),
    report: text("report", { mode: "json" }).$type<InboundReport>(),
    // what it was matched to: our message (msg_), its person, and how
    matchedBy: text("matched_by", { enum: MATCHED_BY }),
    messageId: text("message_id"),
    personId: text("person_id"),
    // where it came from: the listener (smtp) or a connection's IMAP folder
    source: text("source", { enum: INBOUND_SOURCES }).notNull().default("smtp"),
    connectionId: text("connection_id"),
    folder: text("folder"),
    threadId: text("thread_id"),
    campaignId: text("campaign_id"),
    classification: text("classification", { enum: CLASSIFICATIONS }),
    sentiment: text("sentiment", { enum: SENTIMENTS }),
    intent: text("intent", { enum: INTENTS }),
    verdictBy: text("verdict_by", { enum: VERDICT_BY }),
    // what the person wrote: quotes, forwarded history and signature cut (the classifier's input; the raw keeps all)
    text: text("text"),
    // an auto-reply's stated return (ms, UTC), when it states one
    returnAt: integer("return_at"),
    proposal: text("proposal", { mode: "json" }).$type<InboundProposal>(),
    read: integer("read", { mode: "boolean" }).notNull().default(false),
    leaseOwner: text("lease_owner"),
    leaseUntil: integer("lease_until"),
    attempts: integer("attempts").notNull(),
    lastError: text("last_error"),
    receivedAt: integer("received_at").notNull(),
    processedAt: integer("processed_at"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("inbound_messages_workspace_idx").on(t.workspaceId, t.id),
    uniqueIndex("inbound_messages_dedupe_uq").on(t.workspaceId, t.dedupeKey),
    // the list's filters and the look-ups by message, person, thread and campaign: only what the ingest
    // found is indexed (every one is empty when a message is received: the listener's commit writes none)
    index("inbound_messages_kind_idx")
      .on(t.workspaceId, t.kind, t.id)
      .where(sql`kind IS NOT NULL`),
    index("inbound_messages_message_idx")
      .on(t.workspaceId, t.messageId, t.id)
      .where(sql`message_id IS NOT NULL`),
    index("inbound_messages_person_idx")
      .on(t.workspaceId, t.personId, t.id)
      .where(sql`person_id IS NOT NULL`),
    // the MTA's campaign guard: mail from the person (or their company) not read yet. Only received
    // ones are indexed: the index stays a few pages every ingest commit shares (the full one, keyed by
    // sender, cost a random page per message, twice)
    index("inbound_messages_from_idx")
      .on(t.workspaceId, t.fromKey, t.receivedAt)
      .where(sql`state = 'received'`),
    index("inbound_messages_from_domain_idx")
      .on(t.workspaceId, t.fromDomain, t.receivedAt)
      .where(sql`state = 'received'`),
    index("inbound_messages_thread_idx")
      .on(t.workspaceId, t.threadId, t.id)
      .where(sql`thread_id IS NOT NULL`),
    index("inbound_messages_campaign_idx")
      .on(t.workspaceId, t.campaignId, t.id)
      .where(sql`campaign_id IS NOT NULL`),
    index("inbound_messages_classification_idx")
      .on(t.workspaceId, t.classification, t.id)
      .where(sql`classification IS NOT NULL`),
    // threading by References against mail that came in before (only threaded mail is looked up)
    index("inbound_messages_mid_idx")
      .on(t.workspaceId, t.messageIdHeader)
      .where(sql`thread_id IS NOT NULL`),
    // the ingest's claim: received ones, oldest first (processed ones leave the index)
    index("inbound_messages_state_idx")
      .on(t.state, t.receivedAt)
      .where(sql`state = 'received'`),
  ],
);

export const inboundMessageRaws = sqliteTable("inbound_message_raws", {
  id: text("id").primaryKey(), // the inbound message's id
  workspaceId: text("workspace_id").notNull(),
  raw: blob("raw", { mode: "buffer" }).notNull(),
});
