// A calendar answer (iMIP, RFC 6047; iTIP, RFC 5546): the writer's mail client
// answering an invitation sends a text/calendar part with METHOD:REPLY (or
// COUNTER, a new time proposed) and the attendee's PARTSTAT; a REQUEST the
// writer organises is an invitation of their own. Read from the
// structure, not the wording: "Accepted: Intro call" and "Angenommen: …" are
// the same REPLY with PARTSTAT=ACCEPTED.
import { walk, type Entity } from "../../../smtp-in/bounces/mime";

export type CalendarAnswer = "accepted" | "tentative" | "declined" | "counter" | "invited";

/** How the writer answered an invitation, when the message carries a calendar answer. */
export function calendarAnswer(msg: Entity, writerAddresses: readonly string[]): CalendarAnswer | null {
  for (const e of walk(msg)) {
    if (e.type !== "text/calendar" || !e.text) continue;
    const lines = unfold(e.text.slice(0, 64 * 1024));
    const method = (e.params.method ?? property(lines, "METHOD") ?? "").trim().toUpperCase();
    if (method === "COUNTER") return "counter";
    // the writer sends us an invitation of their own: they organise the meeting
    const organizer = property(lines, "ORGANIZER", true)?.toLowerCase() ?? "";
    if (method === "REQUEST" && writerAddresses.some((a) => organizer.includes(`mailto:${a}`))) return "invited";
    if (method !== "REPLY") continue;
    const attendees = lines.filter((l) => /^ATTENDEE[;:]/i.test(l));
    // a REPLY names the one attendee answering; should it name more, the writer's line
    const own = attendees.find((l) => writerAddresses.some((a) => l.toLowerCase().includes(`mailto:${a}`))) ?? attendees[0];
    const status = own && /;PARTSTAT=([A-Z-]+)/i.exec(own)?.[1]?.toUpperCase();
    if (status === "ACCEPTED") return "accepted";
    if (status === "TENTATIVE") return "tentative";
    if (status === "DECLINED") return "declined";
  }
  return null;
}

/** RFC 5545 §3.1: a line beginning with a space or tab continues the one before. */
function unfold(text: string): string[] {
  return text.replace(/\r?\n[ \t]/g, "").split(/\r?\n/);
}

/** A property's value; with `params`, the whole line after the name (ORGANIZER;CN=…:mailto:…). */
function property(lines: string[], name: string, params = false): string | null {
  const line = lines.find((l) => {
    const u = l.toUpperCase();
    return u.startsWith(`${name}:`) || (params && u.startsWith(`${name};`));
  });
  return line ? line.slice(name.length + 1) : null;
}
