// Complaints: RFC 5965 feedback reports (a message/feedback-report part),
// and the few providers' own shapes that mean the same (Microsoft's JMRP
// "complaint about message from" with the original attached, Apple Mail's
// unsubscribe notice, Amazon SES's JSON notifications are in amazon-ses.ts).
//
// The complained recipient: Original-Rcpt-To (one per recipient), else
// Removal-Recipient, else the returned original's To:.

import { addressValue, firstAddress, readFields } from "./fields";
import { header, headerText, ORIGINAL_TYPES, walk, type Entity } from "./mime";

/**
 * Feedback types that are not the recipient's complaint: RFC 5965's not-spam
 * (the reporter judged it not spam) and virus (a scanner's finding), RFC 6591's
 * auth-failure (a DMARC, SPF or DKIM failure report, sent to the domain's ruf).
 */
const NOT_COMPLAINTS = new Set(["not-spam", "auth-failure", "virus"]);

/**
 * What a feedback report asks of us: the recipient complained (abuse, fraud,
 * other and types we do not know), asked to be removed (opt-out: Apple Mail's
 * unsubscribe notice, an ISP's opt-out report), or nothing (see NOT_COMPLAINTS).
 */
export function feedbackEffect(feedbackType: string | null): "complaint" | "unsubscribe" | "none" {
  if (feedbackType === "opt-out") return "unsubscribe";
  return feedbackType !== null && NOT_COMPLAINTS.has(feedbackType) ? "none" : "complaint";
}

export interface Complaint {
  format: string;
  feedbackType: string;
  recipients: string[];
  arrivalDate: string | null;
}

const REPORT_PARTS = new Set(["multipart/report", "message/delivery-status", "message/global-delivery-status", "message/feedback-report"]);

/** A report forwarded as an attachment is no original: the one it returns, inside it, is. */
const isReport = (e: Entity) => walk(e).some((x) => REPORT_PARTS.has(x.type));

/** The returned original's headers (message/rfc822 or text/rfc822-headers), if any. */
export function returnedOriginal(msg: Entity): Entity | null {
  for (const e of walk(msg)) {
    if (e !== msg && ORIGINAL_TYPES.has(e.type) && e.parts[0] && !isReport(e.parts[0])) return e.parts[0];
  }
  return null;
}

const SPAM_REPORT = /^\[ SpamCop V[\d.]+ \][\s\S]*^\[ Offending message \]/m;

export function parseComplaint(msg: Entity, all: Entity[]): Complaint | null {
  const report = all.find((e) => e.type === "message/feedback-report");
  const reportType = (msg.params["report-type"] ?? "").toLowerCase();
  if (report || (msg.type === "multipart/report" && reportType === "feedback-report")) {
    const fields = readFields(report?.text ?? "");
    const get = (name: string) => fields.find((f) => f.name === name)?.value ?? null;
    let recipients = fields.filter((f) => f.name === "original-rcpt-to").map((f) => addressValue(f.value));
    if (recipients.length === 0) recipients = fields.filter((f) => f.name === "removal-recipient").map((f) => addressValue(f.value));
    recipients = recipients.filter((a) => a.includes("@"));
    if (recipients.length === 0) {
      const original = returnedOriginal(msg);
      const to = original ? firstAddress(header(original, "to") ?? "") : null;
      if (to) recipients = [to];
    }
    return {
      format: "arf",
      feedbackType: (get("feedback-type") ?? "abuse").toLowerCase().trim(),
      recipients,
      arrivalDate: get("arrival-date") ?? get("received-date"),
    };
  }
  // Microsoft's JMRP: the complained message attached, the recipient in X-HmXmrOriginalRecipient
  const subject = (headerText(msg, "subject") ?? "").toLowerCase();
  if (/^\s*complaint about message from /.test(subject)) {
    const original = returnedOriginal(msg);
    const to = original ? (header(original, "x-hmxmroriginalrecipient") ?? header(original, "to")) : null;
    const address = to ? firstAddress(to) : null;
    return { format: "arf", feedbackType: "abuse", recipients: address ? [address] : [], arrivalDate: null };
  }
  // a spam-reporting service's plain-text report (SpamCop's "[ SpamCop V5.4.0 ]" with the message under
  // "[ Offending message ]"), or X-ARF's (its X-ARF header): the reporter's address is hidden, the
  // quoted Message-ID names the message and so its recipient
  if (/^\s*yes\s*$/i.test(header(msg, "x-arf") ?? "") || SPAM_REPORT.test(all.find((e) => e.type === "text/plain")?.text.slice(0, 4000) ?? "")) {
    return { format: "arf", feedbackType: "abuse", recipients: [], arrivalDate: null };
  }
  // Apple Mail's unsubscribe button sends the list's unsubscribe address a message saying so
  if ((header(msg, "x-apple-unsubscribe") ?? "").trim().toLowerCase() === "true") {
    const from = firstAddress(header(msg, "from") ?? "");
    return { format: "arf", feedbackType: "opt-out", recipients: from ? [from] : [], arrivalDate: null };
  }
  return null;
}
