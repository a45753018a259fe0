// What the message is: a bounce, a delay notice, a complaint, an auto-reply,
// an unsubscribe request or a reply (bounces/ reads reports; the inbox's
// classifier reads what a person wrote). A message to a List-Unsubscribe
// mailto is an unsubscribe request, whatever it says and even when it calls
// itself automatic (RFC 2369: its arrival is the request), and so is a feedback report of type opt-out (Apple Mail's
// unsubscribe button writes one to that mailto).
import type { Verdict } from "../../modules/inbox/classifier";
import type { InboundKind } from "../../db/schema";
import { feedbackEffect, type Report, type ReportKind } from "../bounces";
import { readMessage } from "../read";
import { unsubscribeToken } from "../recipients";
import type { IngestWork } from "../work";

export async function classify(w: IngestWork): Promise<void> {
  const analysis = w.analysis ? await w.analysis : null;
  const read = analysis ?? readMessage(w.raw, w.row.receivedAt, w.row.rcptTo);
  w.report = read.report;
  const verdict = read.verdict;
  const toUnsubscribe = w.row.rcptTo.some((a) => unsubscribeToken(a) !== null);
  // mail clients' unsubscribe messages often say they are automatic (Auto-Submitted: auto-generated): still the request
  const request = w.report.kind === "other" || w.report.kind === "auto_reply";
  if ((toUnsubscribe && request) || optOut(w.report)) {
    w.kind = "unsubscribe";
    w.verdict = { ...verdict, classification: "unsubscribe_request", sentiment: null, intent: null, proposal: null };
    return;
  }
  w.kind = kindOf(w.report.kind, verdict);
  w.verdict = verdict;
}

/**
 * The structural kind: the report's, else an auto-reply the classifier recognised by its wording; a
 * message the headers call automatic that the classifier reads as the person's answer (a calendar's
 * acceptance) is theirs.
 */
function kindOf(reportKind: ReportKind, v: Verdict): InboundKind {
  if (reportKind === "auto_reply" && v.classification === "reply") return "other";
  if (reportKind !== "other") return reportKind;
  return v.classification === "auto_reply" ? "auto_reply" : "other";
}

const optOut = (r: Report) => r.kind === "complaint" && feedbackEffect(r.feedbackType) === "unsubscribe";
