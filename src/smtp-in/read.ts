// What the classify step reads from a message's bytes: the report parser's
// answer and the inbox classifier's verdict, from one parse of them (on the
// analysis thread, or in-process). No database: the analysis thread imports it.
import { classifyMessage, type Verdict } from "../modules/inbox/classifier";
import { parseReport, type Report } from "./bounces";
import { parseMessage, type Entity } from "./bounces/mime";

export function readMessage(raw: Uint8Array, now: number): { report: Report; verdict: Verdict } {
  let message: Entity | undefined;
  try {
    message = parseMessage(raw);
  } catch {
    message = undefined; // each reader then says what garbage is
  }
  const report = parseReport(raw, message);
  return { report, verdict: classifyMessage(raw, { report, message, now }) };
}
