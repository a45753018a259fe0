// An inbound message (inm_): one message the inbound listener accepted, as
// API B answers it, `inbound_message.received` carries it and exports write it.
// `state` received means accepted but not yet through the ingest, so what the
// ingest reads (kind, authentication, report, match) is still null.
import { Type as t } from "@sinclair/typebox";
import { CLASSIFICATIONS, INBOUND_KINDS, INTENTS, SENTIMENTS, type inboundMessages } from "../db/schema";
import { iso } from "../lib/clock";
import { Id, Nullable, Timestamp, openEnum } from "./common";
import { exampleId } from "./examples";
import { PERSON_EXAMPLE } from "./person";

type InboundMessageRow = typeof inboundMessages.$inferSelect;

/** An inbound message with the delivery events it brought (GET one, lists, exports). */
export interface InboundMessageDetail {
  message: InboundMessageRow;
  /** Oldest first. */
  deliveryEventIds: string[];
}

/** The kinds the ingest gives (an open list: clients tolerate others); `unsubscribe` is a mailed RFC 2369 request (or an ARF opt-out report). */
export const INBOUND_MESSAGE_KINDS: readonly string[] = INBOUND_KINDS;

/** The inbox's verdict values (query and body values of the routes). */
export const CLASSIFICATION_VALUES = CLASSIFICATIONS;
export const SENTIMENT_VALUES = SENTIMENTS;
export const INTENT_VALUES = INTENTS;

/** Where the raw message of `id` is downloaded. */
export const inboundRawPath = (id: string) => `/v1/inbound_messages/${id}/raw`;

/** Moments of the example: our message left, the recipient's server bounced it a little later. */
const AT = { sent: "2026-03-18T10:04:51.318Z", received: "2026-03-18T10:04:53.902Z", processed: "2026-03-18T10:04:54.117Z" } as const;
const BOUNCED_MESSAGE = exampleId("msg", AT.sent, "3a19c0e5f2b8a4c96e7");
const RECIPIENT = "d.mensah@veltrixsystems.com";
const VERP = `b+${BOUNCED_MESSAGE.slice(4)}.q7k2mxa4@bounce.northwind-trading.com`;
const DIAGNOSTIC = "smtp; 550 5.1.1 <d.mensah@veltrixsystems.com>: Recipient address rejected: User unknown in virtual mailbox table";
const EXAMPLE_ID = exampleId("inm", AT.received, "0b6a2f9a4c7d1e3580f");

export const INBOUND_MESSAGE_EXAMPLE = {
  id: EXAMPLE_ID,
  object: "inbound_message",
  state: "processed",
  kind: "bounce",
  from: "Mail Delivery System <MAILER-DAEMON@mx1.veltrixsystems.com>",
  to: VERP,
  subject: "Undelivered Mail Returned to Sender",
  message_id_header: "<20260318100453.7F2C41A0B3@mx1.veltrixsystems.com>",
  in_reply_to: null,
  received_at: AT.received,
  size: 7412,
  envelope: { mail_from: "", rcpt_to: [VERP], remote_address: "203.0.113.25", helo: "mx1.veltrixsystems.com", tls: true },
  authentication: {
    spf: { result: "pass", domain: "mx1.veltrixsystems.com" },
    dkim: [{ result: "pass", domain: "veltrixsystems.com", selector: "mx2026" }],
    dmarc: { result: "pass", domain: "veltrixsystems.com", policy: "reject" },
    arc: { result: "none" },
    header:
      "outreach.northwind-trading.com; spf=pass (sender is mx1.veltrixsystems.com) smtp.helo=mx1.veltrixsystems.com; dkim=pass header.i=@veltrixsystems.com header.s=mx2026 header.a=rsa-sha256; dmarc=pass header.from=veltrixsystems.com; arc=none",
  },
  report: {
    format: "dsn",
    feedback_type: null,
    original_message_id: `<${BOUNCED_MESSAGE}@mail.northwind-trading.com>`,
    recipients: [{ address: RECIPIENT, kind: "bounced", hard: true, reason: "user_unknown", status: "5.1.1", diagnostic: DIAGNOSTIC, remote_mta: "dns; mx1.veltrixsystems.com" }],
  },
  matched_by: "verp",
  message_id: BOUNCED_MESSAGE,
  person_id: exampleId("per", PERSON_EXAMPLE.created_at, "1c5b9a3b7d0f2468ace"),
  delivery_event_ids: [exampleId("dev", AT.processed, "2e4a6c8e0b1d3f5a7c9")],
  source: "smtp",
  connection_id: null,
  folder: null,
  thread_id: null,
  campaign_id: exampleId("cmp", "2026-03-02T08:00:00.000Z", "4f18c3b4a5968778695"),
  classification: "bounce",
  sentiment: null,
  intent: null,
  verdict_by: "rules",
  return_at: null,
  proposal: null,
  text: "I'm sorry to have to inform you that your message could not be delivered to one or more recipients.",
  read: false,
  raw_url: inboundRawPath(EXAMPLE_ID),
  processed_at: AT.processed,
  created_at: AT.received,
};

/** The start of the example's raw message (GET /v1/inbound_messages/{id}/raw). */
export const INBOUND_RAW_EXAMPLE = [
  `Return-Path: <>`,
  `Received: from mx1.veltrixsystems.com (mx1.veltrixsystems.com [203.0.113.25]) by outreach.northwind-trading.com with ESMTPS id ${EXAMPLE_ID.slice(4, 16)} for <${VERP}>; Wed, 18 Mar 2026 10:04:53 +0000`,
  `DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=veltrixsystems.com; s=mx2026; h=from:to:subject:date:message-id; bh=...; b=...`,
  `From: Mail Delivery System <MAILER-DAEMON@mx1.veltrixsystems.com>`,
  `To: ${VERP}`,
  `Subject: Undelivered Mail Returned to Sender`,
  `Date: Wed, 18 Mar 2026 10:04:53 +0000 (UTC)`,
  `Message-ID: ${INBOUND_MESSAGE_EXAMPLE.message_id_header}`,
  `Auto-Submitted: auto-replied`,
  `MIME-Version: 1.0`,
  `Content-Type: multipart/report; report-type=delivery-status; boundary="7F2C41A0B3.1773828293/mx1.veltrixsystems.com"`,
  ``,
  `--7F2C41A0B3.1773828293/mx1.veltrixsystems.com`,
  `Content-Type: text/plain; charset=us-ascii`,
  ``,
  `I'm sorry to have to inform you that your message could not be delivered to one or more recipients.`,
  ``,
  `<${RECIPIENT}>: host mx1.veltrixsystems.com[203.0.113.25] said: 550 5.1.1 <${RECIPIENT}>: Recipient address rejected: User unknown in virtual mailbox table (in reply to RCPT TO command)`,
  ``,
  `--7F2C41A0B3.1773828293/mx1.veltrixsystems.com`,
  `Content-Type: message/delivery-status`,
  ``,
  `Reporting-MTA: dns; mx1.veltrixsystems.com`,
  ``,
  `Final-Recipient: rfc822; ${RECIPIENT}`,
  `Action: failed`,
  `Status: 5.1.1`,
  `Remote-MTA: dns; mx1.veltrixsystems.com`,
  `Diagnostic-Code: ${DIAGNOSTIC}`,
  ``,
  `--7F2C41A0B3.1773828293/mx1.veltrixsystems.com`,
  `Content-Type: text/rfc822-headers`,
  ``,
  `Message-ID: ${INBOUND_MESSAGE_EXAMPLE.report.original_message_id}`,
  `From: Amara from Northwind <amara@mail.northwind-trading.com>`,
  `To: ${RECIPIENT}`,
  `Subject: Your Q2 pilot pricing`,
  ``,
  `--7F2C41A0B3.1773828293/mx1.veltrixsystems.com--`,
  ``,
].join("\r\n");

const Text = (description: string) => Nullable(t.String({ description }));

const AuthenticationSchema = t.Object(
  {
    spf: t.Object({ result: openEnum("pass, fail, softfail, neutral, none, temperror, permerror"), domain: Text("The domain checked (MAIL FROM's, or HELO's for the null sender)") }),
    dkim: t.Array(t.Object({ result: openEnum("pass, fail, neutral, none, policy, temperror, permerror"), domain: Text("d="), selector: Text("s=") }), { description: "One per signature" }),
    dmarc: t.Object({ result: openEnum("pass, fail, none, temperror, permerror"), domain: Text("The From header's domain"), policy: Text("p= of its DMARC record") }),
    arc: t.Object({ result: openEnum("pass, fail, none") }),
    header: t.String({ description: "The Authentication-Results value composed from these results" }),
  },
  { description: "What the ingest found (RFC 8601 result words); null until processed" },
);

const ReportSchema = t.Object(
  {
    format: openEnum("dsn (RFC 3464), arf (RFC 5965 and providers' complaint formats), or an MTA's own bounce format"),
    feedback_type: Text("A feedback report's Feedback-Type: abuse, fraud, other (a complaint); opt-out (an unsubscribe); not-spam, virus, auth-failure (no effect)"),
    original_message_id: Text("The Message-ID of the returned original, as written"),
    recipients: t.Array(
      t.Object({
        address: t.String({ description: "The recipient the report is about" }),
        kind: openEnum("bounced, deferred (a delay notice), complained"),
        hard: t.Boolean({ description: "Failed for good: the address is suppressed" }),
        reason: t.String({ description: "user_unknown, bad_domain, mailbox_full, spam, policy, expired, complaint, other… (docs/sending.md)" }),
        status: Text("The enhanced status code (5.1.1)"),
        diagnostic: Text("The remote server's answer, verbatim"),
        remote_mta: Text("The server that answered"),
      }),
    ),
  },
  { description: "The ingest's reading of a bounce or feedback report (also on an unsubscribe that came as an ARF opt-out); null for other kinds" },
);

export const InboundMessageSchema = t.Object(
  {
    id: Id("inm"),
    object: t.Literal("inbound_message"),
    state: openEnum("received (accepted, not yet through the ingest: kind, authentication, report and the match are null), processed"),
    kind: Nullable(openEnum(`${INBOUND_MESSAGE_KINDS.join(", ")}: what the ingest read structurally (other: written by a person); classification is the inbox's verdict`)),
    from: Text("The From header"),
    to: Text("The To header"),
    subject: Text("The Subject header"),
    message_id_header: Text("The Message-ID header, as written"),
    in_reply_to: Text("The In-Reply-To header, as written"),
    received_at: Timestamp,
    size: t.Integer({ minimum: 0, description: "Bytes of the raw message" }),
    envelope: t.Object(
      {
        mail_from: t.String({ description: "MAIL FROM; empty for the null sender (<>) of a bounce" }),
        rcpt_to: t.Array(t.String(), { description: "The RCPT TO addresses of this workspace" }),
        remote_address: t.String({ description: "The connecting client's IP address" }),
        helo: Text("The client's HELO/EHLO name"),
        tls: t.Boolean({ description: "The message came over STARTTLS" }),
      },
      { description: "The SMTP envelope" },
    ),
    authentication: Nullable(AuthenticationSchema),
    report: Nullable(ReportSchema),
    matched_by: Nullable(openEnum("verp (the bounce address names our message), message_id (the report quotes our Message-ID), recipient (the address is one of ours)")),
    message_id: Nullable(Id("msg", "Our message it is about or replies to")),
    person_id: Nullable(Id("per", "The person it is about or from")),
    delivery_event_ids: t.Optional(t.Array(Id("dev"), { description: "The delivery events (bounced, complained…) it brought, oldest first" })),
    source: openEnum("smtp (the inbound listener), imap (read from a connection's folder)"),
    connection_id: Nullable(Id("cnx", "The connection whose IMAP folder it was read from")),
    folder: Text("The IMAP folder it was read from"),
    thread_id: Nullable(Id("thr", "The inbox thread it belongs to (mail a person wrote: replies, auto-replies, unsubscribe requests)")),
    campaign_id: Nullable(Id("cmp", "The campaign whose message it answers or is about")),
    classification: Nullable(openEnum(`${CLASSIFICATIONS.join(", ")} (null until processed)`)),
    sentiment: Nullable(openEnum(`${SENTIMENTS.join(", ")}: replies only`)),
    intent: Nullable(openEnum(`${INTENTS.join(", ")}: replies (and moved for a "left the company" auto-reply)`)),
    verdict_by: Nullable(openEnum("rules (the built-in classifier), ai (refined by the AI provider), manual (PATCH; never overridden afterwards)")),
    return_at: Nullable(Timestamp),
    proposal: Nullable(
      t.Object(
        {
          action: openEnum("suppress (an unsubscribe request), suppress_domain (one for everyone at the writer's company), move (the person's new address), refer (create the referred person)"),
          email: t.String({ description: "The address to suppress (for suppress_domain the writer's, who asked), the new address, or the referred person's" }),
          domain: Nullable(t.String({ description: "suppress_domain: the domain to suppress (the writer's company's; never a free-mail provider's)" })),
          name: Text("The referred person's name, when stated"),
          state: openEnum("pending, confirmed, dismissed"),
          reviewed_at: Nullable(Timestamp),
          result_id: Nullable(t.String({ description: "What confirming touched: the person suppressed, moved or created (per_…), or the domain's suppression (sup_…)" })),
        },
        { description: "What the message proposes; POST /v1/inbound_messages/{id}/review confirms or dismisses it" },
      ),
    ),
    text: Text("What the person wrote: quoted history, forwarded headers and signature cut (the raw message keeps everything)"),
    read: t.Boolean({ description: "Read in the inbox (PATCH /v1/threads/{id} {read})" }),
    raw_url: t.String({ description: "Where the raw message (message/rfc822) is downloaded, with inbox:read" }),
    processed_at: Nullable(Timestamp),
    created_at: Timestamp,
  },
  { title: "InboundMessage", examples: [INBOUND_MESSAGE_EXAMPLE] },
);

/** The row as the API shows it; `deliveryEventIds` (oldest first) when the caller read them. */
export function inboundMessageView(m: InboundMessageRow, deliveryEventIds?: readonly string[]) {
  const a = m.authentication;
  const r = m.report;
  return {
    id: m.id,
    object: "inbound_message" as const,
    state: m.state,
    kind: m.kind,
    from: m.fromHeader,
    to: m.toHeader,
    subject: m.subject,
    message_id_header: m.messageIdHeader,
    in_reply_to: m.inReplyTo,
    received_at: iso(m.receivedAt),
    size: m.size,
    envelope: { mail_from: m.mailFrom, rcpt_to: m.rcptTo, remote_address: m.remoteAddress, helo: m.helo, tls: m.tls },
    authentication: a
      ? {
          spf: { result: a.spf.result, domain: a.spf.domain },
          dkim: a.dkim.map((d) => ({ result: d.result, domain: d.domain, selector: d.selector })),
          dmarc: { result: a.dmarc.result, domain: a.dmarc.domain, policy: a.dmarc.policy },
          arc: { result: a.arc.result },
          header: a.header,
        }
      : null,
    report: r
      ? {
          format: r.format,
          feedback_type: r.feedbackType,
          original_message_id: r.originalMessageId,
          recipients: r.recipients.map((x) => ({ address: x.address, kind: x.kind, hard: x.hard, reason: x.reason, status: x.status, diagnostic: x.diagnostic, remote_mta: x.remoteMta })),
        }
      : null,
    matched_by: m.matchedBy,
    message_id: m.messageId,
    person_id: m.personId,
    ...(deliveryEventIds ? { delivery_event_ids: [...deliveryEventIds] } : {}),
    source: m.source,
    connection_id: m.connectionId,
    folder: m.folder,
    thread_id: m.threadId,
    campaign_id: m.campaignId,
    classification: m.classification,
    sentiment: m.sentiment,
    intent: m.intent,
    verdict_by: m.verdictBy,
    return_at: iso(m.returnAt),
    proposal: m.proposal
      ? { action: m.proposal.action, email: m.proposal.email, domain: m.proposal.domain ?? null, name: m.proposal.name, state: m.proposal.state, reviewed_at: iso(m.proposal.reviewedAt), result_id: m.proposal.resultId }
      : null,
    text: m.text,
    read: m.read,
    raw_url: inboundRawPath(m.id),
    processed_at: iso(m.processedAt),
    created_at: iso(m.createdAt),
  };
}

export const inboundMessageDetailView = (d: InboundMessageDetail) => inboundMessageView(d.message, d.deliveryEventIds);
