// What the message is: a bounce, a delay notice, a complaint, an auto-reply or
// other mail (bounces/). A message to a List-Unsubscribe mailto is an
// unsubscribe request, whatever it says (RFC 2369: its arrival is the request).
import { parseReport } from "../bounces";
import { unsubscribeToken } from "../recipients";
import type { IngestWork } from "../work";

export async function classify(w: IngestWork): Promise<void> {
  w.report = w.analysis ? (await w.analysis).report : parseReport(w.raw);
  const toUnsubscribe = w.row.rcptTo.some((a) => unsubscribeToken(a) !== null);
  w.kind = toUnsubscribe && w.report.kind === "other" ? "unsubscribe" : w.report.kind;
}
