// A calendar answer (RFC 6047 iMIP carrying an RFC 5546 REPLY or COUNTER) is
// read from its structure: an invitation accepted or a new time proposed is a
// meeting whatever the note or the subject's language, and so is an invitation
// the writer organises; a decline is read as written; an invitation someone
// else organised or a calendar file without an answer changes nothing.
import { describe, expect, test } from "bun:test";
import { classifyMessage } from "../../src/modules/inbox/classifier";

const ics = (method: string, partstat: string | null, attendee = "priya.nair@prospect.example") =>
  [
    "BEGIN:VCALENDAR",
    "PRODID:-//Some Client//EN",
    "VERSION:2.0",
    `METHOD:${method}`,
    "BEGIN:VEVENT",
    "UID:5f1c2b7e-nearbound-intro",
    "DTSTART:20270119T140000Z",
    "DTEND:20270119T143000Z",
    "ORGANIZER;CN=Leo:mailto:leo@outbound.example",
    ...(partstat ? [`ATTENDEE;CN="Priya Nair";PARTSTAT=${partstat};\r\n ROLE=REQ-PARTICIPANT:mailto:${attendee}`] : []),
    "SUMMARY:Intro call",
    "END:VEVENT",
    "END:VCALENDAR",
  ].join("\r\n");

function message(o: { subject: string; note: string; calendar: string | null; method?: string }) {
  const head = ["From: Priya Nair <priya.nair@prospect.example>", "To: Leo <leo@outbound.example>", `Subject: ${o.subject}`, "Date: Mon, 11 Jan 2027 14:00:00 +0000", "MIME-Version: 1.0"];
  if (!o.calendar) return [...head, "Content-Type: text/plain; charset=utf-8", "", o.note, ""].join("\r\n");
  return [
    ...head,
    'Content-Type: multipart/alternative; boundary="CAL"',
    "",
    "--CAL",
    "Content-Type: text/plain; charset=utf-8",
    "",
    o.note,
    "",
    "--CAL",
    `Content-Type: text/calendar; charset=utf-8${o.method ? `; method=${o.method}` : ""}`,
    "",
    o.calendar,
    "",
    "--CAL--",
    "",
  ].join("\r\n");
}

describe("an invitation answered", () => {
  test.each([
    ["Accepted: Intro call @ Tue 19 Jan 2027 3pm (CET)", "Priya Nair has accepted this invitation.", "ACCEPTED"],
    ["Angenommen: Intro call", "", "ACCEPTED"],
    ["Accepté : Intro call", "Sounds good, but I may run a few minutes late.", "ACCEPTED"],
    ["Aceptado: Intro call", "Priya Nair ha aceptado esta invitación.", "ACCEPTED"],
  ])("%p (REPLY, PARTSTAT=%p) is a meeting, positive", (subject, note, partstat) => {
    const v = classifyMessage(message({ subject, note, calendar: ics("REPLY", partstat), method: "REPLY" }));
    expect(v).toMatchObject({ classification: "reply", intent: "meeting_request", sentiment: "positive" });
  });

  test("an acceptance from a calendar that marks its answers automatic (Auto-Submitted) is still a meeting", () => {
    const raw = message({ subject: "Accepted: Intro call", note: "Priya Nair has accepted this invitation.", calendar: ics("REPLY", "ACCEPTED"), method: "REPLY" }).replace("MIME-Version: 1.0", "MIME-Version: 1.0\r\nAuto-Submitted: auto-generated");
    expect(classifyMessage(raw)).toMatchObject({ classification: "reply", intent: "meeting_request", sentiment: "positive" });
  });

  test("a new time proposed (COUNTER) is a meeting", () => {
    const v = classifyMessage(message({ subject: "New Time Proposed: Intro call", note: "", calendar: ics("COUNTER", "ACCEPTED"), method: "COUNTER" }));
    expect(v).toMatchObject({ classification: "reply", intent: "meeting_request" });
  });

  test("a tentative answer is a meeting, neutral", () => {
    const v = classifyMessage(message({ subject: "Tentative: Intro call", note: "", calendar: ics("REPLY", "TENTATIVE"), method: "REPLY" }));
    expect(v).toMatchObject({ classification: "reply", intent: "meeting_request", sentiment: "neutral" });
  });

  test("the method read from the calendar when the Content-Type does not say it; a folded ATTENDEE line", () => {
    const v = classifyMessage(message({ subject: "Re: Intro call", note: "", calendar: ics("REPLY", "ACCEPTED") }));
    expect(v.intent).toBe("meeting_request");
  });

  test("a decline is read as written: a refusal stays a refusal", () => {
    const v = classifyMessage(message({ subject: "Declined: Intro call", note: "We have decided not to move forward, please don't contact me again.", calendar: ics("REPLY", "DECLINED"), method: "REPLY" }));
    expect(v.intent).not.toBe("meeting_request");
  });

  test("a decline with no note proposes no meeting", () => {
    const v = classifyMessage(message({ subject: "Declined: Intro call", note: "Priya Nair has declined this invitation.", calendar: ics("REPLY", "DECLINED"), method: "REPLY" }));
    expect(v.classification).toBe("reply");
    expect(v.intent).not.toBe("meeting_request");
  });
});

test("an invitation the writer organises (REQUEST) is a meeting", () => {
  const calendar = ics("REQUEST", "NEEDS-ACTION", "leo@outbound.example").replace("ORGANIZER;CN=Leo:mailto:leo@outbound.example", "ORGANIZER;CN=Priya Nair:mailto:priya.nair@prospect.example");
  const v = classifyMessage(message({ subject: "Invitation: Intro call @ Tue 19 Jan 2027", note: "Sent you an invite.", calendar, method: "REQUEST" }));
  expect(v).toMatchObject({ classification: "reply", intent: "meeting_request", sentiment: "positive" });
});

describe("controls: no answer to an invitation", () => {
  test("an invitation organised by someone else (forwarded) is read by its words", () => {
    const v = classifyMessage(message({ subject: "Fwd: Invitation: Budget review", note: "Not interested, thanks.", calendar: ics("REQUEST", "NEEDS-ACTION"), method: "REQUEST" }));
    expect(v.intent).toBe("not_interested");
  });

  test("the same words without a calendar part are read as written", () => {
    const v = classifyMessage(message({ subject: "Accepted: Intro call", note: "No thanks, not interested.", calendar: null }));
    expect(v.intent).toBe("not_interested");
  });
});

// A calendar's own mail to the organiser (Google Calendar's, with or without its iMIP part): the first line says how the
// attendee answered, the note they typed follows, then the event's card and the calendar's footer, which are not theirs.
const card = (...heading: string[]) =>
  [...heading, "", "Intro call", "Tuesday 19 Jan 2027 ⋅ 3pm – 3:30pm", "Central European Time - Berlin", "", "Organizer", "Leo", "leo@outbound.example", "", "Guests", "Leo - organizer", "Priya Nair - declined", "", "Invitation from Google Calendar", "", "You are receiving this email because you are subscribed to calendar notifications. To stop receiving these emails, go to Calendar settings.", "", "Forwarding this invitation could allow any recipient to send a response to the organizer, be added to the guest list, invite others regardless of their own invitation status, or modify your RSVP. Learn more"].join("\n");

describe("a calendar's notice of an answer", () => {
  test("declined by a calendar set to out of office: an absence, not a refusal; only the note is read", () => {
    const v = classifyMessage(message({ subject: "Declined: Intro call @ Tue 19 Jan 2027 3pm - 3:30pm (CET)", note: card("Priya Nair has declined this invitation.", "", "Declined because I am out of office"), calendar: null }));
    expect(v).toMatchObject({ classification: "auto_reply", intent: null, proposal: null, visibleText: "Declined because I am out of office" });
  });

  test("the same from an iMIP answer, in German, with the day of return", () => {
    const v = classifyMessage(message({ subject: "Abgelehnt: Intro call", note: "Ich bin bis einschließlich 22. Januar im Urlaub.", calendar: ics("REPLY", "DECLINED"), method: "REPLY" }));
    expect(v.classification).toBe("auto_reply");
    expect(new Date(v.returnAt!).toISOString().slice(0, 10)).toBe("2027-01-23");
  });

  test("a German notice: its note is read, the card is not", () => {
    const v = classifyMessage(message({ subject: "Abgelehnt: Intro call", note: card("Priya Nair hat diese Einladung abgelehnt.", "", "Bitte nehmen Sie mich aus Ihrem Verteiler."), calendar: null }));
    expect(v).toMatchObject({ classification: "unsubscribe_request", proposal: { action: "suppress", email: "priya.nair@prospect.example" } });
  });

  test("declined with no note: a reply of no intent; the organiser's address on the card is never proposed, nor the footer's words read", () => {
    const v = classifyMessage(message({ subject: "Declined: Intro call", note: card("Priya Nair has declined this invitation."), calendar: null }));
    expect(v).toMatchObject({ classification: "reply", intent: null, proposal: null, visibleText: "" });
  });

  test("accepted, told only by the notice: a meeting", () => {
    const v = classifyMessage(message({ subject: "Accepted: Intro call", note: card("Priya Nair has accepted this invitation."), calendar: null }));
    expect(v).toMatchObject({ classification: "reply", intent: "meeting_request" });
  });

  test("control: a decline whose note is a refusal stays a refusal", () => {
    const v = classifyMessage(message({ subject: "Declined: Intro call", note: card("Priya Nair has declined this invitation.", "", "We went with another vendor, not interested anymore."), calendar: null }));
    expect(v).toMatchObject({ classification: "reply", intent: "not_interested" });
  });

  test("control: a person writing about an invitation is read as written", () => {
    const v = classifyMessage(message({ subject: "Re: Intro call", note: "My colleague has declined this invitation by mistake, she is out of office today. Can we move it to Thursday 3pm?", calendar: null }));
    expect(v).toMatchObject({ classification: "reply", intent: "meeting_request" });
  });
});
