// What the classify step reads from a message's bytes: the report parser's
// answer and the inbox classifier's verdict, from one parse of them (on the
// analysis thread, or in-process). No database: the analysis thread imports it.
import { classifyMessage, type Verdict } from "../modules/inbox/classifier";
import { parseReport, type Report } from "./bounces";
import { parseMessage, type Entity } from "./bounces/mime";

/** `recipients`: the envelope's RCPT TO, our addresses: their domains are ours however To: and Cc: read (a reply to a colleague with us in Cc). */
export function readMessage(raw: Uint8Array, now: number, recipients: readonly string[] = []): { report: Report; verdict: Verdict } {
  let message: Entity | undefined;
  try {
    message = parseMessage(raw);
  } catch {
    message = undefined; // each reader then says what garbage is
  }
  const report = parseReport(raw, message);
  const ownDomains = [...new Set(recipients.map((a) => a.slice(a.lastIndexOf("@") + 1).toLowerCase()).filter(Boolean))];
  return { report, verdict: classifyMessage(raw, { report, message, now, ownDomains }) };
}
