// A calendar answer (iMIP, RFC 6047; iTIP, RFC 5546): the writer's mail client
// answering an invitation sends a text/calendar part with METHOD:REPLY (or
// COUNTER, a new time proposed) and the attendee's PARTSTAT; a REQUEST the
// writer organises is an invitation of their own. Read from the
// structure, not the wording: "Accepted: Intro call" and "Angenommen: …" are
// the same REPLY with PARTSTAT=ACCEPTED.
import { walk, type Entity } from "../../../smtp-in/bounces/mime";
import { fold } from "./fold";

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

/** A calendar's notice of an attendee's answer, its first line ("Priya Raman has declined this invitation."), folded. */
const NOTICE = new RegExp(
  [
    "has (?:(?<tentative>tentatively accepted)|(?<accepted>accepted)|(?<declined>declined)) this invitation",
    "hat diese einladung (?:(?<tentative_de>mit vorbehalt angenommen)|(?<accepted_de>angenommen)|(?<declined_de>abgelehnt))",
    "a (?:(?<tentative_fr>accepte provisoirement)|(?<accepted_fr>accepte)|(?<declined_fr>refuse|decline)) cette invitation",
    "ha (?:(?<tentative_es>aceptado provisionalmente)|(?<accepted_es>aceptado)|(?<declined_es>rechazado|declinado)) esta invitacion",
    "ha (?:(?<tentative_it>accettato provvisoriamente)|(?<accepted_it>accettato)|(?<declined_it>rifiutato|declinato)) (?:questo|l') ?invito",
    "heeft deze uitnodiging (?:(?<tentative_nl>voorlopig geaccepteerd)|(?<accepted_nl>geaccepteerd|aangenomen)|(?<declined_nl>afgewezen|geweigerd))",
    "(?:(?<tentative_pt>aceitou provisoriamente)|(?<accepted_pt>aceitou)|(?<declined_pt>recusou)) (?:este|o) convite",
  ]
    // the whole first line, as the calendar writes it: a person writing about an invitation goes on
    .map((p) => `^[^\\n]{1,120}? ${p}(?: with (?:a |this )?note)?[.:!]? *(?:\\n|$)`)
    .join("|"),
);
/** Where the event's details begin: a time span ("10am – 10:20am", "10:00 - 10:30") or a heading of the event's card. */
const EVENT_TIME = /(?<![0-9])[0-9]{1,2}(?:[:.][0-9]{2})? ?(?:am|pm|uhr|h)? ?[-–—] ?[0-9]{1,2}(?:[:.][0-9]{2})? ?(?:am|pm|uhr|h)?(?![0-9a-z])/;
const EVENT_HEADING = /^(?:organi[sz]er|organisator|organisateur|organisatrice|organizador|organizzatore|guests|gaste|invites|invitados|invitati|gasten|convidados|when|wann|quand|cuando|quando|wanneer|joining info|join (?:with|by) |participer (?:avec|via) |invitation from |einladung von |invitacion de |invito da |uitnodiging van |convite do |you are receiving this )/;

export interface CalendarNotice {
  answer: "accepted" | "tentative" | "declined";
  /** What the attendee wrote with their answer ("" when nothing): the text between the notice's first line and the event's details. */
  note: string;
}

/**
 * A calendar's own mail telling the organiser how an attendee answered (Google Calendar's "Priya Raman has declined
 * this invitation." and its translations, with or without the iMIP part): the event's card and the calendar's footer
 * that follow are the calendar's words, not the attendee's.
 */
export function calendarNotice(visible: string, folded: string): CalendarNotice | null {
  const m = NOTICE.exec(folded.trimStart());
  if (!m?.groups) return null;
  const said = Object.entries(m.groups).find(([, v]) => v !== undefined)?.[0] ?? "";
  const answer = said.startsWith("declined") ? "declined" : said.startsWith("tentative") ? "tentative" : "accepted";
  const lines = visible.trimStart().split("\n").slice(1);
  let end = lines.findIndex((l) => {
    const f = fold(l).trim();
    return EVENT_TIME.test(f) || EVENT_HEADING.test(f);
  });
  if (end < 0) end = lines.length;
  // the event's title stands on the line above its time
  else if (EVENT_TIME.test(fold(lines[end]!)) && end > 0 && lines[end - 1]!.trim() !== "") end--;
  return { answer, note: lines.slice(0, end).join("\n").trim() };
}
