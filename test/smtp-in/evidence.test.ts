// Delivery evidence end to end: a message sent by the MTA, then a DSN, a
// complaint, a delay notice, an auto-reply or a mailed unsubscribe delivered
// to the inbound listener over SMTP on loopback; the ingest records what each
// means (delivery events, suppressions with their evidence, person statuses,
// the message's fate), in the right workspace only.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { messages } from "../../src/db/schema";
import { sendDue } from "../../src/mta/worker";
import { ingestReceived } from "../../src/smtp-in/worker";
import { startTestApp, type TestApp, type TestWorkspace } from "../helpers/app";
import { startDnsServer, type TestDnsServer } from "../helpers/dns";
import { created, uniqueEmail } from "../helpers/factory";
import { expectOk } from "../helpers/http";
import { verifiedSender, type Sender } from "../helpers/mta";
import { appleUnsubscribe, arf, autoReply, dsn, reply } from "../helpers/reports";
import { smtpSend } from "../helpers/smtp-client";
import { startSmtpPeer, type SmtpPeer } from "../helpers/smtp";

let dns: TestDnsServer;
let peer: SmtpPeer;
let app: TestApp;

beforeAll(async () => {
  dns = await startDnsServer();
  peer = await startSmtpPeer();
  app = await startTestApp({
    smtp: true,
    env: { NEARBOUND_DNS_SERVERS: dns.servers, NEARBOUND_SMTP_RELAY: `127.0.0.1:${peer.port}`, NEARBOUND_HOSTNAME: "mx.nearbound.test", NEARBOUND_ALLOW_PRIVATE_TARGETS: "1" },
  });
});
afterAll(async () => {
  await app.close();
  await peer.close();
  await dns.close();
});

interface Sent {
  w: TestWorkspace;
  sender: Sender;
  message: { id: string; person_id: string; to: string[] };
  /** The message's VERP envelope sender: where its bounces come back. */
  verp: string;
  messageIdHeader: string;
  unsubscribeToken: string | null;
}

async function sentMessage(over: Record<string, unknown> = {}): Promise<Sent> {
  const w = app.newWorkspace();
  const sender = await verifiedSender(app, w, dns);
  const message = await created(w.api, "/v1/messages", { sender_identity_id: sender.identityId, to: [uniqueEmail("recipient.test")], subject: "Quick question", text: "Hello there", ...over });
  await sendDue(app.ctx);
  const row = app.ctx.db.select().from(messages).where(eq(messages.id, message.id)).get()!;
  expect(row.status).toBe("sent");
  return { w, sender, message: message as Sent["message"], verp: row.envelopeFrom, messageIdHeader: row.messageIdHeader, unsubscribeToken: row.unsubscribeToken };
}

async function deliver(from: string, to: string, raw: string) {
  const r = await smtpSend(app.running.smtpPort, from, [to], raw);
  expect(r.rcpt[0]!.code).toBe(250);
  expect(r.data!.code).toBe(250);
  await ingestReceived(app.ctx);
  return r;
}

async function inboundOf(w: TestWorkspace) {
  const page = (await w.api.get("/v1/inbound_messages")).body;
  return page.data as any[];
}

describe("a hard bounce (RFC 3464) to the message's VERP address", () => {
  test("records a bounced event linked to the DSN, suppresses the address with that evidence, marks the person bounced and fails the message", async () => {
    const s = await sentMessage();
    const to = s.message.to[0]!;
    await deliver("", s.verp, dsn({ to: s.verp, recipient: to, originalMessageId: s.messageIdHeader }));

    const [inbound] = await inboundOf(s.w);
    expect(inbound).toMatchObject({ kind: "bounce", state: "processed", matched_by: "verp", message_id: s.message.id, person_id: s.message.person_id });
    expect(inbound.envelope).toMatchObject({ mail_from: "", rcpt_to: [s.verp] });
    expect(inbound.report.recipients).toEqual([expect.objectContaining({ address: to, kind: "bounced", hard: true, reason: "user_unknown", status: "5.1.1" })]);

    const events = (await s.w.api.get(`/v1/delivery_events?message_id=${s.message.id}&type=bounced`)).body.data;
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ inbound_message_id: inbound.id, recipient: to, person_id: s.message.person_id, bounce: { kind: "hard", reason: "user_unknown" } });
    expect(events[0].bounce.diagnostic_code).toContain("User unknown");

    const sup = (await s.w.api.get(`/v1/suppressions?email=${encodeURIComponent(to)}`)).body.data[0];
    const one = (await s.w.api.get(`/v1/suppressions/${sup.id}`)).body;
    expect(one.reason).toBe("hard_bounce");
    expect(one.evidence).toMatchObject({ delivery_event_id: events[0].id, inbound_message_id: inbound.id, message_id: s.message.id });
    expect(one.evidence.diagnostic_code).toContain("User unknown");
    expect((await s.w.api.delete(`/v1/suppressions/${sup.id}`)).status).toBe(409);

    expect((await s.w.api.get(`/v1/people/${s.message.person_id}`)).body.status).toBe("bounced");
    const m = (await s.w.api.get(`/v1/messages/${s.message.id}`)).body;
    expect(m.status).toBe("failed");
    expect(m.status_detail).toContain("5.1.1");
  });
});

describe("other evidence", () => {
  test("a soft bounce (mailbox full) fails the message only: no suppression, the person stays active", async () => {
    const s = await sentMessage();
    const to = s.message.to[0]!;
    await deliver("", s.verp, dsn({ to: s.verp, recipient: to, status: "5.2.2", diagnostic: "552 5.2.2 Mailbox full" }));
    const events = (await s.w.api.get(`/v1/delivery_events?message_id=${s.message.id}&type=bounced`)).body.data;
    expect(events[0].bounce).toMatchObject({ kind: "soft", reason: "mailbox_full" });
    expect((await s.w.api.get(`/v1/suppressions?email=${encodeURIComponent(to)}`)).body.data).toEqual([]);
    expect((await s.w.api.get(`/v1/people/${s.message.person_id}`)).body.status).toBe("active");
    expect((await s.w.api.get(`/v1/messages/${s.message.id}`)).body.status).toBe("failed");
  });

  test("a delay notice is a deferred event; the message stays sent", async () => {
    const s = await sentMessage();
    await deliver("", s.verp, dsn({ to: s.verp, recipient: s.message.to[0]!, action: "delayed", status: "4.4.1", diagnostic: "451 4.4.1 No answer from host" }));
    const [inbound] = await inboundOf(s.w);
    expect(inbound.kind).toBe("bounce");
    const events = (await s.w.api.get(`/v1/delivery_events?message_id=${s.message.id}&type=deferred`)).body.data;
    expect(events).toHaveLength(1);
    expect(events[0].inbound_message_id).toBe(inbound.id);
    expect((await s.w.api.get(`/v1/messages/${s.message.id}`)).body.status).toBe("sent");
  });

  test("a spam complaint (ARF) suppresses the address (complaint) and marks the person spam", async () => {
    const s = await sentMessage();
    const to = s.message.to[0]!;
    await deliver("fbl@isp.test", s.verp, arf({ to: s.verp, recipient: to, originalMessageId: s.messageIdHeader }));
    const [inbound] = await inboundOf(s.w);
    expect(inbound).toMatchObject({ kind: "complaint", matched_by: "verp" });
    expect(inbound.report.feedback_type).toBe("abuse");
    const events = (await s.w.api.get(`/v1/delivery_events?message_id=${s.message.id}&type=complained`)).body.data;
    expect(events).toHaveLength(1);
    const sup = (await s.w.api.get(`/v1/suppressions?email=${encodeURIComponent(to)}`)).body.data[0];
    expect(sup.reason).toBe("complaint");
    expect((await s.w.api.get(`/v1/suppressions/${sup.id}`)).body.evidence).toMatchObject({ delivery_event_id: events[0].id, inbound_message_id: inbound.id });
    expect((await s.w.api.get(`/v1/people/${s.message.person_id}`)).body.status).toBe("spam");
  });

  // RFC 5965 §7.3 and RFC 6591: the reporter says it is not spam, found a virus, or reports a DMARC failure — not the recipient's complaint
  for (const feedbackType of ["not-spam", "auth-failure", "virus"]) {
    test(`a feedback report of type ${feedbackType} is kept and matched, and neither suppresses nor marks the person`, async () => {
      const s = await sentMessage();
      const to = s.message.to[0]!;
      await deliver("fbl@isp.test", s.sender.email, arf({ to: s.sender.email, recipient: to, originalMessageId: s.messageIdHeader, feedbackType }));
      const [inbound] = await inboundOf(s.w);
      expect(inbound).toMatchObject({ kind: "complaint", matched_by: "message_id", message_id: s.message.id });
      expect(inbound.report.feedback_type).toBe(feedbackType);
      expect((await s.w.api.get(`/v1/delivery_events?message_id=${s.message.id}&type=complained`)).body.data).toEqual([]);
      expect((await s.w.api.get(`/v1/suppressions?email=${encodeURIComponent(to)}`)).body.data).toEqual([]);
      expect((await s.w.api.get(`/v1/people/${s.message.person_id}`)).body.status).toBe("active");
    });
  }

  test("an opt-out feedback report unsubscribes the person (reason unsubscribed), it is no spam complaint", async () => {
    const s = await sentMessage();
    const to = s.message.to[0]!;
    await deliver("fbl@isp.test", s.verp, arf({ to: s.verp, recipient: to, originalMessageId: s.messageIdHeader, feedbackType: "opt-out" }));
    const [inbound] = await inboundOf(s.w);
    expect(inbound).toMatchObject({ kind: "unsubscribe", matched_by: "verp", message_id: s.message.id });
    expect(inbound.report.feedback_type).toBe("opt-out");
    expect((await s.w.api.get(`/v1/delivery_events?message_id=${s.message.id}&type=complained`)).body.data).toEqual([]);
    expect((await s.w.api.get(`/v1/delivery_events?message_id=${s.message.id}&type=unsubscribed`)).body.data).toHaveLength(1);
    expect((await s.w.api.get(`/v1/suppressions?email=${encodeURIComponent(to)}`)).body.data[0].reason).toBe("unsubscribed");
    expect((await s.w.api.get(`/v1/people/${s.message.person_id}`)).body.status).toBe("unsubscribed");
  });

  test("a hard bounce of the address ours forwards to (Original-Recipient ours) suppresses ours and marks the person bounced", async () => {
    const s = await sentMessage();
    const to = s.message.to[0]!;
    const forwardedTo = uniqueEmail("forwarded.test");
    await deliver("", s.verp, dsn({ to: s.verp, recipient: forwardedTo, originalRecipient: to, originalMessageId: s.messageIdHeader }));
    const events = (await s.w.api.get(`/v1/delivery_events?message_id=${s.message.id}&type=bounced`)).body.data;
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ recipient: to, person_id: s.message.person_id });
    expect(events[0].detail).toContain(forwardedTo);
    expect((await s.w.api.get(`/v1/suppressions?email=${encodeURIComponent(to)}`)).body.data[0].reason).toBe("hard_bounce");
    expect((await s.w.api.get(`/v1/suppressions?email=${encodeURIComponent(forwardedTo)}`)).body.data).toEqual([]);
    expect((await s.w.api.get(`/v1/people/${s.message.person_id}`)).body.status).toBe("bounced");
  });

  test("one member of an alias of many failing (Sendmail's X-Actual-Recipient, two members) is no hard bounce of ours: a soft one, nobody suppressed", async () => {
    const s = await sentMessage();
    const to = s.message.to[0]!;
    const member = (address: string, status: string) =>
      `Original-Recipient: rfc822;${to}\r\nFinal-Recipient: RFC822; ${to}\r\nX-Actual-Recipient: RFC822; ${address}\r\nAction: failed\r\nStatus: ${status}\r\nDiagnostic-Code: SMTP; 550 ${status} <${address}>... ${status === "5.1.1" ? "User unknown" : "Mailbox full"}\r\n`;
    const [dead, full] = [uniqueEmail("store.test"), uniqueEmail("store.test")];
    const raw = [`From: MAILER-DAEMON@mx.recipient.test`, `To: ${s.verp}`, `Subject: Returned mail: see transcript for details`, `MIME-Version: 1.0`, `Content-Type: multipart/report; report-type=delivery-status; boundary="B"`, ``, `--B`, `Content-Type: text/plain`, ``, `Delivery failed.`, `--B`, `Content-Type: message/delivery-status`, ``, `Reporting-MTA: dns; mx.recipient.test`, ``, member(dead, "5.1.1"), member(full, "5.2.2"), `--B--`, ``].join("\r\n");
    await deliver("", s.verp, raw);
    const events = (await s.w.api.get(`/v1/delivery_events?message_id=${s.message.id}&type=bounced`)).body.data;
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ recipient: to, bounce: { kind: "soft", reason: "user_unknown" } });
    expect(events[0].detail).toContain(dead);
    expect((await s.w.api.get(`/v1/suppressions?email=${encodeURIComponent(to)}`)).body.data).toEqual([]);
    expect((await s.w.api.get(`/v1/people/${s.message.person_id}`)).body.status).toBe("active");
  });

  test("a report that names our recipient many times, or many addresses that stand for it, records one delivery event for it (the most serious), not one per line", async () => {
    const s = await sentMessage();
    const to = s.message.to[0]!;
    const block = (recipient: string, action: string, status: string) => `Final-Recipient: rfc822; ${recipient}\r\nAction: ${action}\r\nStatus: ${status}\r\nDiagnostic-Code: smtp; ${status.startsWith("5") ? 550 : 450} ${status} no\r\n`;
    const blocks = [block(to, "delayed", "4.2.2"), block(to, "failed", "5.1.1"), ...Array.from({ length: 300 }, (_, i) => block(`member${i}@expanded.test`, "failed", "5.2.2"))];
    const raw = [`From: MAILER-DAEMON@mx.recipient.test`, `To: ${s.verp}`, `Subject: Undelivered Mail Returned to Sender`, `MIME-Version: 1.0`, `Content-Type: multipart/report; report-type=delivery-status; boundary="B"`, ``, `--B`, `Content-Type: text/plain`, ``, `Delivery failed.`, `--B`, `Content-Type: message/delivery-status`, ``, `Reporting-MTA: dns; mx.recipient.test`, ``, blocks.join("\r\n"), `--B--`, ``].join("\r\n");
    await deliver("", s.verp, raw);
    const events = (await s.w.api.get(`/v1/delivery_events?message_id=${s.message.id}`)).body.data.filter((e: { type: string }) => e.type !== "delivered");
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "bounced", recipient: to, bounce: { kind: "hard", reason: "user_unknown" } });
    expect((await s.w.api.get(`/v1/suppressions?email=${encodeURIComponent(to)}`)).body.data[0].reason).toBe("hard_bounce");
  });

  test("a complaint whose recipient the provider redacted is the message's recipient's: ours is suppressed, the person marked spam", async () => {
    const s = await sentMessage();
    const to = s.message.to[0]!;
    await deliver("fbl@isp.test", s.verp, arf({ to: s.verp, recipient: "redacted@isp.test", originalMessageId: s.messageIdHeader }));
    const events = (await s.w.api.get(`/v1/delivery_events?message_id=${s.message.id}&type=complained`)).body.data;
    expect(events).toHaveLength(1);
    expect(events[0].recipient).toBe(to);
    expect((await s.w.api.get(`/v1/suppressions?email=${encodeURIComponent(to)}`)).body.data[0].reason).toBe("complaint");
    expect((await s.w.api.get(`/v1/suppressions?email=redacted%40isp.test`)).body.data).toEqual([]);
    expect((await s.w.api.get(`/v1/people/${s.message.person_id}`)).body.status).toBe("spam");
  });

  test("an out-of-office reply is never a bounce: kept as auto_reply, no evidence recorded", async () => {
    const s = await sentMessage();
    await deliver(s.message.to[0]!, s.sender.email, autoReply({ from: s.message.to[0]!, to: s.sender.email, inReplyTo: s.messageIdHeader }));
    const [inbound] = await inboundOf(s.w);
    expect(inbound).toMatchObject({ kind: "auto_reply", matched_by: "message_id", message_id: s.message.id });
    expect((await s.w.api.get(`/v1/delivery_events?message_id=${s.message.id}&type=bounced`)).body.data).toEqual([]);
    expect((await s.w.api.get(`/v1/people/${s.message.person_id}`)).body.status).toBe("active");
  });

  test("a reply to the identity is kept as other, matched by In-Reply-To, for the inbox", async () => {
    const s = await sentMessage();
    await deliver(s.message.to[0]!, s.sender.email, reply({ from: s.message.to[0]!, to: s.sender.email, inReplyTo: s.messageIdHeader }));
    const [inbound] = await inboundOf(s.w);
    expect(inbound).toMatchObject({ kind: "other", matched_by: "message_id", message_id: s.message.id, subject: "Re: Quick question" });
  });

  test("an invitation accepted through the calendar, from a calendar that marks it automatic, is the person's answer: kind other, a meeting request", async () => {
    const s = await sentMessage();
    const to = s.message.to[0]!;
    const ics = ["BEGIN:VCALENDAR", "METHOD:REPLY", "BEGIN:VEVENT", "UID:intro-1", `ATTENDEE;PARTSTAT=ACCEPTED:mailto:${to}`, "END:VEVENT", "END:VCALENDAR"].join("\r\n");
    const raw = reply({ from: to, to: s.sender.email, inReplyTo: s.messageIdHeader, subject: "Accepted: Intro call", body: `--C\r\nContent-Type: text/plain\r\n\r\nAccepted.\r\n--C\r\nContent-Type: text/calendar; method=REPLY\r\n\r\n${ics}\r\n--C--` })
      .replace("Content-Type: text/plain; charset=utf-8", 'Auto-Submitted: auto-generated\r\nMIME-Version: 1.0\r\nContent-Type: multipart/alternative; boundary="C"');
    await deliver(to, s.sender.email, raw);
    const [inbound] = await inboundOf(s.w);
    expect(inbound).toMatchObject({ kind: "other", classification: "reply", intent: "meeting_request", matched_by: "message_id" });
  });

  test("a bounce to the identity address is matched by the returned Message-ID", async () => {
    const s = await sentMessage();
    await deliver("", s.sender.email, dsn({ to: s.sender.email, recipient: s.message.to[0]!, originalMessageId: s.messageIdHeader }));
    const [inbound] = await inboundOf(s.w);
    expect(inbound).toMatchObject({ kind: "bounce", matched_by: "message_id", message_id: s.message.id });
    expect((await s.w.api.get(`/v1/people/${s.message.person_id}`)).body.status).toBe("bounced");
  });

  test("a bounce without our Message-ID is matched by its recipient: the most recent message to that person", async () => {
    const s = await sentMessage();
    await deliver("", s.sender.email, dsn({ to: s.sender.email, recipient: s.message.to[0]!, originalMessageId: null }));
    const [inbound] = await inboundOf(s.w);
    expect(inbound).toMatchObject({ kind: "bounce", matched_by: "recipient", message_id: s.message.id });
  });

  test("a bounce of mail someone else sent in our name (foreign Message-ID, another subject) is not pinned on our message to that person (backscatter)", async () => {
    const s = await sentMessage();
    const to = s.message.to[0]!;
    await deliver("", s.sender.email, dsn({ to: s.sender.email, recipient: to, originalMessageId: `${crypto.randomUUID()}@spoofer.test`, originalSubject: "Cheap watches, 90% off" }));
    const [inbound] = await inboundOf(s.w);
    expect(inbound).toMatchObject({ kind: "bounce", matched_by: null, message_id: null, state: "processed" });
    expect((await s.w.api.get(`/v1/people/${s.message.person_id}`)).body.status).not.toBe("bounced");
    expect((await s.w.api.get(`/v1/suppressions?email=${encodeURIComponent(to)}`)).body.data).toEqual([]);
  });

  test("a complaint about mail someone else sent in our name is not pinned on our message either", async () => {
    const s = await sentMessage();
    const to = s.message.to[0]!;
    await deliver("", s.sender.email, arf({ to: s.sender.email, recipient: to, originalMessageId: `${crypto.randomUUID()}@spoofer.test`, originalSubject: "You have won" }));
    const [inbound] = await inboundOf(s.w);
    expect(inbound).toMatchObject({ kind: "complaint", matched_by: null, message_id: null });
    expect((await s.w.api.get(`/v1/suppressions?email=${encodeURIComponent(to)}`)).body.data).toEqual([]);
  });

  test("a bounce whose Message-ID a relay rewrote, with our subject tagged by a gateway, is still matched by its recipient", async () => {
    const s = await sentMessage();
    await deliver("", s.sender.email, dsn({ to: s.sender.email, recipient: s.message.to[0]!, originalMessageId: `${crypto.randomUUID()}@relay.test`, originalSubject: "[EXTERNAL] Quick question" }));
    const [inbound] = await inboundOf(s.w);
    expect(inbound).toMatchObject({ kind: "bounce", matched_by: "recipient", message_id: s.message.id });
    expect((await s.w.api.get(`/v1/people/${s.message.person_id}`)).body.status).toBe("bounced");
  });

  test("a bounce matched by recipient is pinned on the message whose subject it returns, not on a later one", async () => {
    const s = await sentMessage();
    const to = s.message.to[0]!;
    const later = await created(s.w.api, "/v1/messages", { sender_identity_id: s.sender.identityId, to: [to], subject: "Following up on pricing", text: "Hello again" });
    await sendDue(app.ctx);
    await deliver("", s.sender.email, dsn({ to: s.sender.email, recipient: to, originalMessageId: null, originalSubject: "Quick question" }));
    const [inbound] = await inboundOf(s.w);
    expect(later.id).not.toBe(s.message.id);
    expect(inbound).toMatchObject({ kind: "bounce", matched_by: "recipient", message_id: s.message.id });
  });

  test("an unmatched bounce is kept and shown, and changes nothing", async () => {
    const s = await sentMessage();
    const stranger = uniqueEmail("elsewhere.test");
    await deliver("", s.sender.email, dsn({ to: s.sender.email, recipient: stranger }));
    const [inbound] = await inboundOf(s.w);
    expect(inbound).toMatchObject({ kind: "bounce", matched_by: null, message_id: null, state: "processed" });
    expect((await s.w.api.get(`/v1/suppressions?email=${encodeURIComponent(stranger)}`)).body.data).toEqual([]);
  });

  test("a mailed unsubscribe (List-Unsubscribe mailto) unsubscribes the person with evidence", async () => {
    const w0 = app.newWorkspace();
    const sender = await verifiedSender(app, w0, dns);
    const message = await created(w0.api, "/v1/messages", { sender_identity_id: sender.identityId, to: [uniqueEmail("recipient.test")], subject: "Hi", text: "Hello" });
    const row = app.ctx.db.select().from(messages).where(eq(messages.id, message.id)).get()!;
    const address = `unsubscribe+${row.unsubscribeToken}@${row.envelopeFrom.split("@")[1]}`;
    await deliver(message.to[0], address, reply({ from: message.to[0], to: address, subject: "unsubscribe", body: "" }));
    const [inbound] = await inboundOf(w0);
    expect(inbound).toMatchObject({ kind: "unsubscribe", matched_by: "verp", message_id: message.id });
    const events = (await w0.api.get(`/v1/delivery_events?message_id=${message.id}&type=unsubscribed`)).body.data;
    expect(events).toHaveLength(1);
    const sup = (await w0.api.get(`/v1/suppressions?email=${encodeURIComponent(message.to[0])}`)).body.data[0];
    expect(sup.reason).toBe("unsubscribed");
    expect((await w0.api.get(`/v1/people/${message.person_id}`)).body.status).toBe("unsubscribed");
  });

  test("a mail client's unsubscribe message that calls itself automatic (Auto-Submitted) to the mailto still unsubscribes", async () => {
    const s = await sentMessage();
    const row = app.ctx.db.select().from(messages).where(eq(messages.id, s.message.id)).get()!;
    const address = `unsubscribe+${row.unsubscribeToken}@${row.envelopeFrom.split("@")[1]}`;
    const raw = reply({ from: s.message.to[0]!, to: address, subject: "Unsubscribe", body: "This message was automatically generated by the mail client." }).replace("Content-Type:", "Auto-Submitted: auto-generated\r\nContent-Type:");
    await deliver(s.message.to[0]!, address, raw);
    const [inbound] = await inboundOf(s.w);
    expect(inbound).toMatchObject({ kind: "unsubscribe", matched_by: "verp", message_id: s.message.id });
    expect((await s.w.api.get(`/v1/people/${s.message.person_id}`)).body.status).toBe("unsubscribed");
  });

  test("Apple Mail's unsubscribe notice to the List-Unsubscribe mailto unsubscribes the person, it is no spam complaint", async () => {
    const s = await sentMessage();
    const row = app.ctx.db.select().from(messages).where(eq(messages.id, s.message.id)).get()!;
    const address = `unsubscribe+${row.unsubscribeToken}@${row.envelopeFrom.split("@")[1]}`;
    await deliver(s.message.to[0]!, address, appleUnsubscribe({ from: s.message.to[0]!, to: address }));
    const [inbound] = await inboundOf(s.w);
    expect(inbound).toMatchObject({ kind: "unsubscribe", matched_by: "verp", message_id: s.message.id });
    expect((await s.w.api.get(`/v1/delivery_events?message_id=${s.message.id}&type=complained`)).body.data).toEqual([]);
    expect((await s.w.api.get(`/v1/suppressions?email=${encodeURIComponent(s.message.to[0]!)}`)).body.data[0].reason).toBe("unsubscribed");
    expect((await s.w.api.get(`/v1/people/${s.message.person_id}`)).body.status).toBe("unsubscribed");
  });
});

describe("an uncertain message (DATA may have left, no answer came)", () => {
  const makeUncertain = (id: string) =>
    app.ctx.db.$client.run("UPDATE messages SET status = 'uncertain', status_detail = 'the connection dropped after DATA', recipients = json_set(recipients, '$[0].state', 'uncertain') WHERE id = ?1", [id]);

  test("a reply tied to it by In-Reply-To proves it arrived: settled as sent, message.sent emitted", async () => {
    const s = await sentMessage();
    makeUncertain(s.message.id);
    await deliver(s.message.to[0]!, s.sender.email, reply({ from: s.message.to[0]!, to: s.sender.email, inReplyTo: s.messageIdHeader }));
    const m = (await s.w.api.get(`/v1/messages/${s.message.id}`)).body;
    expect(m.status).toBe("sent");
    expect(m.status_detail).toContain("reply");
    expect(m.recipients.map((r: any) => r.state)).toEqual(["sent"]);
    const sent = (await s.w.api.get(`/v1/events?type=message.sent&limit=100`)).body.data.filter((e: any) => e.data.id === s.message.id);
    expect(sent.length).toBeGreaterThanOrEqual(2); // the MTA's, then the settlement's
  });

  test("a delay notice from the remote queue settles it as sent too; a hard bounce fails it", async () => {
    const s = await sentMessage();
    makeUncertain(s.message.id);
    await deliver("", s.verp, dsn({ to: s.verp, recipient: s.message.to[0]!, action: "delayed", status: "4.4.1", diagnostic: "451 4.4.1 try later", originalMessageId: s.messageIdHeader }));
    expect((await s.w.api.get(`/v1/messages/${s.message.id}`)).body.status).toBe("sent");
    const t = await sentMessage();
    makeUncertain(t.message.id);
    await deliver("", t.verp, dsn({ to: t.verp, recipient: t.message.to[0]!, originalMessageId: t.messageIdHeader }));
    expect((await t.w.api.get(`/v1/messages/${t.message.id}`)).body.status).toBe("failed");
  });

  test("a reply matched only by its subject proves nothing: the message stays uncertain", async () => {
    const s = await sentMessage();
    makeUncertain(s.message.id);
    await deliver(s.message.to[0]!, s.sender.email, reply({ from: s.message.to[0]!, to: s.sender.email, subject: "Re: Quick question" }));
    const [inbound] = await inboundOf(s.w);
    expect(inbound.matched_by).toBe("subject");
    expect((await s.w.api.get(`/v1/messages/${s.message.id}`)).body.status).toBe("uncertain");
  });
});

describe("isolation", () => {
  test("a bounce lands in the workspace of the message it names only", async () => {
    const s = await sentMessage();
    const other = app.newWorkspace();
    await deliver("", s.verp, dsn({ to: s.verp, recipient: s.message.to[0]! }));
    expect(await inboundOf(s.w)).toHaveLength(1);
    expect(await inboundOf(other)).toEqual([]);
    expect((await other.api.get(`/v1/delivery_events?type=bounced`)).body.data).toEqual([]);
    expect((await other.api.get("/v1/suppressions")).body.data).toEqual([]);
    expectOk(await s.w.api.get(`/v1/inbound_messages/${(await inboundOf(s.w))[0].id}`));
    expect((await other.api.get(`/v1/inbound_messages/${(await inboundOf(s.w))[0].id}`)).status).toBe(404);
  });
});
