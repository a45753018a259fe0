// Inbound messages for listener tests: an RFC 3464 DSN, an RFC 5965 ARF
// complaint, an RFC 3834 auto-reply and a plain reply, as a remote MTA or a
// mailbox provider would write them.
export interface DsnOptions {
  /** Header To (the envelope recipient is the caller's). */
  to: string;
  recipient: string;
  /** Original-Recipient when it differs from Final-Recipient (an alias or forward the reporting MTA expanded). */
  originalRecipient?: string;
  action?: "failed" | "delayed";
  status?: string;
  diagnostic?: string;
  originalMessageId?: string | null;
  /** The returned original's Subject (default the sentMessage helpers' "Quick question"). */
  originalSubject?: string;
  messageId?: string;
}

const date = "Sat, 21 Nov 2026 12:00:05 +0000";

export function dsn(o: DsnOptions): string {
  const status = o.status ?? "5.1.1";
  const action = o.action ?? "failed";
  const diagnostic = o.diagnostic ?? `550 ${status} <${o.recipient}>: Recipient address rejected: User unknown in virtual mailbox table`;
  return [
    `Return-Path: <>`,
    `From: MAILER-DAEMON@mx.recipient.test (Mail Delivery System)`,
    `To: ${o.to}`,
    `Subject: ${action === "failed" ? "Undelivered Mail Returned to Sender" : "Delayed Mail (still being retried)"}`,
    `Date: ${date}`,
    `Message-ID: <${o.messageId ?? `${crypto.randomUUID()}@mx.recipient.test`}>`,
    `Auto-Submitted: auto-replied`,
    `MIME-Version: 1.0`,
    `Content-Type: multipart/report; report-type=delivery-status; boundary="BOUNDARY"`,
    ``,
    `--BOUNDARY`,
    `Content-Type: text/plain; charset=us-ascii`,
    ``,
    action === "failed" ? `I'm sorry to have to inform you that your message could not be delivered.` : `Your message could not be delivered yet; the mail system will keep trying.`,
    ``,
    `--BOUNDARY`,
    `Content-Type: message/delivery-status`,
    ``,
    `Reporting-MTA: dns; mx.recipient.test`,
    `Arrival-Date: ${date}`,
    ``,
    `Final-Recipient: rfc822; ${o.recipient}`,
    `Original-Recipient: rfc822; ${o.originalRecipient ?? o.recipient}`,
    `Action: ${action}`,
    `Status: ${status}`,
    `Remote-MTA: dns; inbound.recipient.test`,
    `Diagnostic-Code: smtp; ${diagnostic}`,
    ``,
    `--BOUNDARY`,
    `Content-Type: text/rfc822-headers`,
    ``,
    `From: Ada <ada@sender.test>`,
    `To: ${o.recipient}`,
    `Subject: ${o.originalSubject ?? "Quick question"}`,
    ...(o.originalMessageId ? [`Message-ID: <${o.originalMessageId}>`] : []),
    ``,
    `--BOUNDARY--`,
    ``,
  ].join("\r\n");
}

export function arf(o: { to: string; recipient: string; originalMessageId?: string | null; originalSubject?: string; feedbackType?: string }): string {
  return [
    `From: Feedback Loop <fbl@isp.test>`,
    `To: ${o.to}`,
    `Subject: Abuse report`,
    `Date: ${date}`,
    `Message-ID: <${crypto.randomUUID()}@isp.test>`,
    `MIME-Version: 1.0`,
    `Content-Type: multipart/report; report-type=feedback-report; boundary="ARF"`,
    ``,
    `--ARF`,
    `Content-Type: text/plain; charset=us-ascii`,
    ``,
    `This is an email abuse report for an email message received from IP 127.0.0.1.`,
    ``,
    `--ARF`,
    `Content-Type: message/feedback-report`,
    ``,
    `Feedback-Type: ${o.feedbackType ?? "abuse"}`,
    `User-Agent: FBL/1.0`,
    `Version: 1`,
    `Original-Rcpt-To: <${o.recipient}>`,
    `Arrival-Date: ${date}`,
    `Source-IP: 127.0.0.1`,
    ``,
    `--ARF`,
    `Content-Type: message/rfc822`,
    ``,
    `From: Ada <ada@sender.test>`,
    `To: ${o.recipient}`,
    `Subject: ${o.originalSubject ?? "Quick question"}`,
    ...(o.originalMessageId ? [`Message-ID: <${o.originalMessageId}>`] : []),
    ``,
    `Hello there`,
    ``,
    `--ARF--`,
    ``,
  ].join("\r\n");
}

export function autoReply(o: { from: string; to: string; inReplyTo?: string }): string {
  return [
    `From: ${o.from}`,
    `To: ${o.to}`,
    `Subject: Out of office: Quick question`,
    `Date: ${date}`,
    `Message-ID: <${crypto.randomUUID()}@recipient.test>`,
    ...(o.inReplyTo ? [`In-Reply-To: <${o.inReplyTo}>`] : []),
    `Auto-Submitted: auto-replied`,
    `Content-Type: text/plain; charset=utf-8`,
    ``,
    `I am out of the office until 30 November with limited access to email.`,
    ``,
  ].join("\r\n");
}

export function reply(o: { from: string; to: string; inReplyTo?: string; subject?: string; messageId?: string; body?: string }): string {
  return [
    `From: ${o.from}`,
    `To: ${o.to}`,
    `Subject: ${o.subject ?? "Re: Quick question"}`,
    `Date: ${date}`,
    `Message-ID: <${o.messageId ?? `${crypto.randomUUID()}@recipient.test`}>`,
    ...(o.inReplyTo ? [`In-Reply-To: <${o.inReplyTo}>`, `References: <${o.inReplyTo}>`] : []),
    `Content-Type: text/plain; charset=utf-8`,
    ``,
    o.body ?? `Sounds interesting. Can we talk on Thursday?`,
    ``,
  ].join("\r\n");
}

/** Apple Mail's unsubscribe button: a message to the List-Unsubscribe mailto saying so (X-Apple-Unsubscribe). */
export function appleUnsubscribe(o: { from: string; to: string }): string {
  return [
    `From: ${o.from}`,
    `To: ${o.to}`,
    `Subject: unsubscribe`,
    `Date: ${date}`,
    `Message-ID: <${crypto.randomUUID()}@icloud.test>`,
    `MIME-Version: 1.0`,
    `Content-Type: text/plain; charset=UTF-8`,
    `Auto-Submitted: auto-replied`,
    `X-Apple-Unsubscribe: true`,
    ``,
    `Apple Mail sent this email to unsubscribe from the message "Quick question".`,
    ``,
  ].join("\r\n");
}
