// The inbox end to end: mail written to a campaign's mailbox arrives over SMTP
// at the inbound listener (DKIM-signed or not), is ingested, threaded,
// classified, and does what its verdict says — a reply stops the sequence, an
// out-of-office pauses it until the return date and the fake clock resumes
// it, a "left the company" notice stops it and proposes the move, an
// unsubscribe request proposes (or applies) the suppression. Threads and
// inbound messages are then read, filtered, triaged, corrected and reviewed
// through the API, each workspace seeing only its own.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { generateKeyPairSync } from "node:crypto";
import { eq } from "drizzle-orm";
import { dkimSign } from "mailauth/lib/dkim/sign";
import { enrollments, messages, personEmails } from "../../src/db/schema";
import { tick } from "../../src/modules/campaigns/scheduler";
import { wakeSnoozedThreads } from "../../src/modules/inbox/threads";
import { ingestReceived } from "../../src/smtp-in/worker";
import { startTestApp, type TestApp, type TestWorkspace } from "../helpers/app";
import { campaignMessages, enrollmentsOf, mailbox, people, runUntil, startedCampaign, step, variant, type Mailbox } from "../helpers/campaigns";
import { startDnsServer, type TestDnsServer } from "../helpers/dns";
import { uid } from "../helpers/factory";
import { expectOk, type Answer } from "../helpers/http";
import { smtpSend } from "../helpers/smtp-client";

const DAY = 86_400_000;
const SELECTOR = "s1";
const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const DKIM_RECORD = `v=DKIM1; k=rsa; p=${publicKey.export({ type: "spki", format: "der" }).toString("base64")}`;

let dns: TestDnsServer;
let app: TestApp;
beforeAll(async () => {
  dns = await startDnsServer();
  app = await startTestApp({ smtp: true, env: { NEARBOUND_DNS_SERVERS: dns.servers, NEARBOUND_HOSTNAME: "mx.nearbound.test" } });
});
afterAll(async () => {
  await app.close();
  await dns.close();
});

interface Setup {
  w: TestWorkspace;
  box: Mailbox;
}

const twoSteps = { steps: [step(), step({ name: "Bump", delay_seconds: 2 * 86_400, same_thread: true, variants: [variant({ text: "Any thoughts?" })] })] };

type Who = { id: string; email: string };

async function launched(n = 1, over: (i: number) => Record<string, unknown> = () => ({})): Promise<Setup & { campaign: { id: string }; who: Who[]; sent: (typeof messages.$inferSelect)[] }> {
  const w = app.newWorkspace();
  const box = await mailbox(app, w.testApi);
  const who = (await people(w.testApi, n, over)) as Who[];
  const campaign = await startedCampaign(app, w.testApi, { senders: { identity_ids: [box.identityId] }, ...twoSteps }, who.map((p) => p.id));
  await runUntil(app, app.clock.now());
  const sent = campaignMessages(app, campaign.id);
  expect(sent.map((m) => m.status)).toEqual(who.map(() => "sent"));
  app.clock.set(app.clock.now() + 1000);
  return { w, box, campaign, who, sent };
}

const rfcDate = (ms: number) => new Date(ms).toUTCString().replace("GMT", "+0000");

/** A message from `from` to `to`; `headers` add to (or replace) the defaults. */
function mail(o: { from: string; to: string; subject?: string; inReplyTo?: string; references?: string[]; body: string; headers?: string[] }): string {
  return [
    `From: ${o.from}`,
    `To: ${o.to}`,
    `Subject: ${o.subject ?? "Re: Quick question"}`,
    `Date: ${rfcDate(app.clock.now())}`,
    `Message-ID: <${uid()}@recipient.test>`,
    ...(o.inReplyTo ? [`In-Reply-To: <${o.inReplyTo}>`] : []),
    ...(o.references ? [`References: ${o.references.map((r) => `<${r}>`).join(" ")}`] : []),
    ...(o.headers ?? []),
    `Content-Type: text/plain; charset=utf-8`,
    ``,
    o.body,
    ``,
  ].join("\r\n");
}

/** Over SMTP to the listener, then through the ingest; answers the inbound message as the API shows it. */
async function deliver(s: Setup, raw: string | Uint8Array, from: string) {
  const r = await smtpSend(app.running.smtpPort, from, [s.box.email], raw);
  expect(r.data!.code).toBe(250);
  await ingestReceived(app.ctx);
  const list = (await s.w.testApi.get("/v1/inbound_messages?limit=1")).body.data;
  return list[0];
}

/** The answer's body, once its status is the one expected. */
const ok = (a: Answer, status = 200) => {
  expectOk(a, status);
  return a.body;
};

const enrollment = (campaignId: string, personId: string) => enrollmentsOf(app, campaignId).find((e) => e.personId === personId)!;
const person = async (s: Setup, id: string) => (await s.w.testApi.get(`/v1/people/${id}`)).body;

describe("a reply", () => {
  test("DKIM-signed over SMTP: authenticated, threaded with what we sent, classified, and the sequence stops at once", async () => {
    const s = await launched();
    const ada = s.who[0]!;
    const d = `${uid()}.replier.test`;
    dns.updateZone({ [d]: { TXT: ["v=spf1 ip4:127.0.0.1 -all"] }, [`${SELECTOR}._domainkey.${d}`]: { TXT: [DKIM_RECORD] } });
    // she writes from her own domain's alias of the address we mailed: the In-Reply-To finds our message
    const raw = mail({ from: `Ada <${ada.email}>`, to: s.box.email, inReplyTo: s.sent[0]!.messageIdHeader, body: "Sounds great, can we talk on Thursday at 3pm?\n\nOn Mon, Amara wrote:\n> Interested? Unsubscribe here." });
    const key = { signingDomain: d, selector: SELECTOR, privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(), canonicalization: "relaxed/relaxed" };
    const signed = await dkimSign(raw, { ...key, signatureData: [key] });
    const m = await deliver(s, signed.signatures + raw, ada.email);

    expect(m).toMatchObject({ classification: "reply", sentiment: "positive", intent: "meeting_request", verdict_by: "rules", matched_by: "message_id", message_id: s.sent[0]!.id, campaign_id: s.campaign.id, source: "smtp", read: false });
    expect(m.authentication.dkim[0]).toMatchObject({ result: "pass", domain: d });
    expect(m.text).toContain("Thursday");
    expect(m.text).not.toContain("Unsubscribe here");
    expect(enrollment(s.campaign.id, ada.id).status).toBe("replied");
    const p = await person(s, ada.id);
    expect(p.status).toBe("replied");
    expect(p.score).toBeGreaterThan(0);
    expect(p.last_activity_at).not.toBeNull();

    const thread = (await s.w.testApi.get(`/v1/threads/${m.thread_id}`)).body;
    expect(thread).toMatchObject({ object: "thread", status: "open", unread: true, unread_count: 1, inbound_count: 1, person_id: ada.id, campaign_id: s.campaign.id, enrollment_id: enrollment(s.campaign.id, ada.id).id });
    expect(thread.messages.map((x: any) => [x.direction, x.id])).toEqual([["outbound", s.sent[0]!.id], ["inbound", m.id]]);
    expect((await s.w.testApi.get(`/v1/messages/${s.sent[0]!.id}`)).body.thread_id).toBe(m.thread_id);

    const events = (await s.w.testApi.get("/v1/events?type=inbound_message.received&limit=5")).body.data;
    expect(events[0].data).toMatchObject({ id: m.id, classification: "reply", intent: "meeting_request", thread_id: m.thread_id });
    // nothing more goes to her
    await runUntil(app, app.clock.now() + 3 * DAY);
    expect(campaignMessages(app, s.campaign.id).filter((x) => x.status === "sent")).toHaveLength(1);
  });

  test("unsigned, without In-Reply-To: threaded by References, then by subject; a second reply joins the thread; unmatched mail gets a thread of its own", async () => {
    const s = await launched(3);
    const [a, b, c] = s.who as [Who, Who, Who];
    const byRefs = await deliver(s, mail({ from: a.email, to: s.box.email, references: [`${uid()}@elsewhere.test`, s.sent[0]!.messageIdHeader], body: "What does it cost?" }), a.email);
    expect(byRefs).toMatchObject({ matched_by: "references", message_id: s.sent[0]!.id, classification: "reply", intent: "question" });
    const bySubject = await deliver(s, mail({ from: b.email, to: s.box.email, subject: `AW: ${s.sent[1]!.subject}`, body: "Not interested, thanks." }), b.email);
    expect(bySubject).toMatchObject({ matched_by: "subject", message_id: s.sent[1]!.id, intent: "not_interested", sentiment: "negative" });
    const again = await deliver(s, mail({ from: a.email, to: s.box.email, inReplyTo: byRefs.message_id_header, references: [s.sent[0]!.messageIdHeader, byRefs.message_id_header], body: "Also, do you integrate with Salesforce?" }), a.email);
    expect(again.thread_id).toBe(byRefs.thread_id);
    const thread = (await s.w.testApi.get(`/v1/threads/${byRefs.thread_id}`)).body;
    expect(thread).toMatchObject({ unread_count: 2, inbound_count: 2 });

    const stranger = `${uid()}@nobody.test`;
    const lone = await deliver(s, mail({ from: stranger, to: s.box.email, subject: "Partnership idea", body: "Hello, we would like to talk about a partnership." }), stranger);
    expect(lone).toMatchObject({ matched_by: null, message_id: null, campaign_id: null });
    expect(lone.thread_id).not.toBeNull();
    const follow = await deliver(s, mail({ from: stranger, to: s.box.email, subject: "Re: Partnership idea", inReplyTo: lone.message_id_header, body: "Any news?" }), stranger);
    expect(follow.thread_id).toBe(lone.thread_id);
    expect(enrollment(s.campaign.id, c.id).status).toBe("active");
  });
});

describe("an out-of-office", () => {
  test("pauses the enrollment until the stated return date plus a day, holds the next step, and the sequence resumes after it", async () => {
    const s = await launched();
    const ada = s.who[0]!;
    const back = new Date(app.clock.now() + 10 * DAY);
    const backText = back.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    const m = await deliver(
      s,
      mail({
        from: ada.email,
        to: s.box.email,
        subject: "Automatic reply: Quick question",
        headers: ["Auto-Submitted: auto-replied", `In-Reply-To: <${campaignMessages(app, s.campaign.id)[0]!.messageIdHeader}>`],
        body: `I am out of the office until ${backText} with no access to email.`,
      }),
      ada.email,
    );
    expect(m.classification).toBe("auto_reply");
    const returnDay = Date.UTC(back.getUTCFullYear(), back.getUTCMonth(), back.getUTCDate());
    expect(m.return_at).toBe(new Date(returnDay).toISOString());
    const e = enrollment(s.campaign.id, ada.id);
    expect(e).toMatchObject({ status: "paused", pausedUntil: returnDay + DAY, hold: "out_of_office" });
    expect((await s.w.testApi.get(`/v1/enrollments/${e.id}`)).body.paused_until).toBe(new Date(returnDay + DAY).toISOString());
    expect((await person(s, ada.id)).status).toBe("active");

    // the forecast sends step 2 once she is back, not never
    const f = (await s.w.testApi.post(`/v1/campaigns/${s.campaign.id}/forecast`, {})).body;
    expect(f.unserved.filter((u: any) => u.enrollment_id === e.id)).toEqual([]);
    const forecast = f.schedule.find((x: any) => x.enrollment_id === e.id).sends;
    expect(forecast).toHaveLength(1);
    expect(Date.parse(forecast[0].at)).toBeGreaterThanOrEqual(returnDay + DAY);

    // step 2 was due two days after step 1: nothing is made or sent while she is away
    await runUntil(app, returnDay);
    expect(campaignMessages(app, s.campaign.id).map((x) => x.status)).toEqual(["sent"]);
    // after the hold the scheduler resumes the enrollment and step 2 goes, when the forecast said
    await runUntil(app, returnDay + DAY);
    const sent = campaignMessages(app, s.campaign.id);
    expect(sent.map((x) => x.status)).toEqual(["sent", "sent"]);
    expect(enrollment(s.campaign.id, ada.id).status).toBe("completed");
    // step 2, made after the notice opened the thread, is in it from the start
    expect(sent.map((x) => x.threadId)).toEqual([m.thread_id, m.thread_id]);
    expect(sent[1]!.sentAt).toBe(Date.parse(forecast[0].at));
    const thread = (await s.w.testApi.get(`/v1/threads/${m.thread_id}`)).body;
    expect(thread.messages.map((x: any) => [x.direction, x.id])).toEqual([["outbound", sent[0]!.id], ["inbound", m.id], ["outbound", sent[1]!.id]]);
  });

  test("a message already made for the next step is held (out_of_office) and sent after the return; no date stated → the workspace's default", async () => {
    const s = await launched();
    const ada = s.who[0]!;
    expectOk(await s.w.testApi.patch(`/v1/workspaces/${s.w.testId}`, { inbox: { out_of_office_days: 3 } }), 200);
    // step 2 is made (queued, not yet sent) when the notice arrives
    app.clock.set(app.clock.now() + 2 * DAY);
    while ((await tick(app.ctx)).more);
    const queued = enrollment(s.campaign.id, ada.id).messageId!;
    const received = app.clock.now();
    await deliver(s, mail({ from: ada.email, to: s.box.email, subject: "Abwesenheitsnotiz", headers: ["Auto-Submitted: auto-replied"], body: "Ich bin derzeit nicht im Büro und habe keinen Zugriff auf meine E-Mails." }), ada.email);
    expect(enrollment(s.campaign.id, ada.id)).toMatchObject({ status: "paused", pausedUntil: received + 3 * DAY });
    await runUntil(app, received + 2 * DAY);
    const held = app.ctx.db.select().from(messages).where(eq(messages.id, queued)).get()!;
    expect(held).toMatchObject({ status: "queued", holds: ["out_of_office"] });
    await runUntil(app, received + 4 * DAY);
    expect(app.ctx.db.select().from(messages).where(eq(messages.id, queued)).get()!.status).toBe("sent");
  });

  test("a read receipt (RFC 8098) from the person is an auto-reply that neither stops nor pauses the enrollment", async () => {
    const s = await launched();
    const ada = s.who[0]!;
    const body = [
      "--R",
      "Content-Type: text/plain",
      "",
      "Your message was read on Thursday at 10:00. Let's talk.",
      "--R",
      "Content-Type: message/disposition-notification",
      "",
      `Final-Recipient: rfc822;${ada.email}`,
      "Disposition: manual-action/MDN-sent-manually; displayed",
      "--R--",
    ].join("\r\n");
    const raw = mail({ from: ada.email, to: s.box.email, subject: "Read: Quick question", inReplyTo: campaignMessages(app, s.campaign.id)[0]!.messageIdHeader, body }).replace(
      "Content-Type: text/plain; charset=utf-8",
      'Content-Type: multipart/report; report-type=disposition-notification; boundary="R"',
    );
    const m = await deliver(s, raw, ada.email);
    expect(m).toMatchObject({ kind: "auto_reply", classification: "auto_reply", intent: null });
    expect(enrollment(s.campaign.id, ada.id)).toMatchObject({ status: "active", pausedUntil: null });
    expect((await person(s, ada.id)).status).toBe("active");
  });

  test("'no longer with the company' stops the enrollment and proposes the move; confirming gives the person the new address and keeps the old one", async () => {
    const s = await launched();
    const ada = s.who[0]!;
    const next = `ada.new@${uid()}.newco.test`;
    const m = await deliver(
      s,
      mail({ from: ada.email, to: s.box.email, subject: "Automatic reply: Quick question", headers: ["Auto-Submitted: auto-replied"], body: `Ada no longer works at this company. Please write to her at ${next} from now on.` }),
      ada.email,
    );
    expect(m).toMatchObject({ classification: "auto_reply", intent: "moved", proposal: { action: "move", email: next, state: "pending" } });
    expect(enrollment(s.campaign.id, ada.id).status).toBe("stopped");
    const reviewed = ok(await s.w.testApi.post(`/v1/inbound_messages/${m.id}/review`, { decision: "confirm" }), 200);
    expect(reviewed.proposal).toMatchObject({ state: "confirmed", result_id: ada.id });
    expect((await person(s, ada.id)).email).toBe(next);
    expect(app.ctx.db.select().from(personEmails).where(eq(personEmails.personId, ada.id)).all().map((r) => r.email)).toEqual([ada.email]);
    // the same decision again is harmless; the other one is a conflict
    expectOk(await s.w.testApi.post(`/v1/inbound_messages/${m.id}/review`, { decision: "confirm" }), 200);
    expect((await s.w.testApi.post(`/v1/inbound_messages/${m.id}/review`, { decision: "dismiss" })).status).toBe(409);
  });
});

describe("unsubscribe requests and referrals", () => {
  test("a written unsubscribe request stops the sequence and proposes the suppression; confirming suppresses with the message as evidence", async () => {
    const s = await launched();
    const ada = s.who[0]!;
    const m = await deliver(s, mail({ from: ada.email, to: s.box.email, inReplyTo: s.sent[0]!.messageIdHeader, body: "Please remove me from your mailing list." }), ada.email);
    expect(m).toMatchObject({ classification: "unsubscribe_request", proposal: { action: "suppress", email: ada.email.toLowerCase(), state: "pending" } });
    expect(enrollment(s.campaign.id, ada.id).status).toBe("replied");
    expect((await s.w.testApi.get(`/v1/suppressions?email=${encodeURIComponent(ada.email)}`)).body.data).toHaveLength(0);
    expectOk(await s.w.testApi.post(`/v1/inbound_messages/${m.id}/review`, { decision: "confirm" }), 200);
    const sup = (await s.w.testApi.get(`/v1/suppressions?email=${encodeURIComponent(ada.email)}`)).body.data;
    expect(sup).toHaveLength(1);
    expect(sup[0].reason).toBe("unsubscribed");
    expect((await person(s, ada.id)).status).toBe("unsubscribed");
  });

  test("with unsubscribe_requests apply, the suppression is made at once", async () => {
    const s = await launched();
    const ada = s.who[0]!;
    expectOk(await s.w.testApi.patch(`/v1/workspaces/${s.w.testId}`, { inbox: { unsubscribe_requests: "apply" } }), 200);
    const m = await deliver(s, mail({ from: ada.email, to: s.box.email, inReplyTo: s.sent[0]!.messageIdHeader, body: "Bitte tragen Sie mich aus Ihrem Verteiler aus." }), ada.email);
    expect(m).toMatchObject({ classification: "unsubscribe_request", proposal: { state: "confirmed" } });
    expect((await s.w.testApi.get(`/v1/suppressions?email=${encodeURIComponent(ada.email)}`)).body.data).toHaveLength(1);
    expect((await person(s, ada.id)).status).toBe("unsubscribed");
  });

  test("a removal in a language beyond the seven (Polish, Czech in ISO-8859-2 quoted-printable, Russian) suppresses the writer; one asked not to be made suppresses no one", async () => {
    const s = await launched(4);
    expectOk(await s.w.testApi.patch(`/v1/workspaces/${s.w.testId}`, { inbox: { unsubscribe_requests: "apply" } }), 200);
    const [pl, cs, ru, no] = s.who;
    // 8-bit UTF-8 over SMTP: the bytes, not a string the client would write as Latin-1
    const utf8 = (o: Parameters<typeof mail>[0], from: string) => deliver(s, Buffer.from(mail(o), "utf8"), from);
    const m1 = await utf8({ from: pl!.email, to: s.box.email, inReplyTo: s.sent[0]!.messageIdHeader, body: "Dzień dobry,\r\n\r\nproszę o usunięcie mojego adresu z Państwa bazy.\r\n\r\nWysłane z iPhone'a" }, pl!.email);
    expect(m1).toMatchObject({ classification: "unsubscribe_request", proposal: { email: pl!.email.toLowerCase(), state: "confirmed" } });
    const latin2 = mail({ from: cs!.email, to: s.box.email, inReplyTo: s.sent[1]!.messageIdHeader, body: "Dobr=FD den, pros=EDm o vy=F8azen=ED z Va=B9eho seznamu." })
      .replace("Content-Type: text/plain; charset=utf-8", "Content-Type: text/plain; charset=iso-8859-2\r\nContent-Transfer-Encoding: quoted-printable");
    expect(await deliver(s, latin2, cs!.email)).toMatchObject({ classification: "unsubscribe_request", proposal: { email: cs!.email.toLowerCase(), state: "confirmed" } });
    expect(await utf8({ from: ru!.email, to: s.box.email, inReplyTo: s.sent[2]!.messageIdHeader, body: "Больше не присылайте мне письма." }, ru!.email)).toMatchObject({ classification: "unsubscribe_request" });
    for (const p of [pl!, cs!, ru!]) expect((await person(s, p.id)).status).toBe("unsubscribed");
    const m4 = await utf8({ from: no!.email, to: s.box.email, inReplyTo: s.sent[3]!.messageIdHeader, body: "Ikke slett oss fra listen, men skriv heller igjen til høsten." }, no!.email);
    expect(m4).toMatchObject({ classification: "reply", intent: "later", proposal: null });
    expect((await person(s, no!.id)).status).not.toBe("unsubscribed");
    expect(enrollment(s.campaign.id, no!.id).status).toBe("replied");
  });

  test("a removal asked for the person we wrote to by someone else suppresses that person, never the writer; one for someone we did not write to suppresses no one", async () => {
    const s = await launched(3, (i) => ({ given_name: ["Greg", "Ines", "Lara"][i], family_name: ["Hall", "Moreau", "Stein"][i] }));
    const [greg, ines, lara] = s.who as [Who, Who, Who];
    const suppressed = async (email: string, in_ = s) => (await in_.w.testApi.get(`/v1/suppressions?email=${encodeURIComponent(email)}`)).body.data.length;
    expectOk(await s.w.testApi.patch(`/v1/workspaces/${s.w.testId}`, { inbox: { unsubscribe_requests: "apply" } }), 200);
    // his assistant answers our mail to him
    const assistant = `assistant@${greg.email.split("@")[1]}`;
    const m1 = await deliver(s, mail({ from: assistant, to: s.box.email, inReplyTo: s.sent[0]!.messageIdHeader, body: "I'm Greg's assistant. He'd like you to stop emailing him, thanks." }), assistant);
    expect(m1).toMatchObject({ classification: "unsubscribe_request", proposal: { action: "suppress", email: greg.email.toLowerCase(), state: "confirmed" } });
    expect(await suppressed(greg.email)).toBe(1);
    expect(await suppressed(assistant)).toBe(0);
    expect(enrollment(s.campaign.id, greg.id).status).toBe("replied");
    // a colleague after a forward, naming her
    const colleague = `paul@${ines.email.split("@")[1]}`;
    const m2 = await deliver(s, mail({ from: colleague, to: s.box.email, inReplyTo: s.sent[1]!.messageIdHeader, body: "Pourriez-vous désinscrire Mme Moreau de vos listes ? Elle me l'a demandé." }), colleague);
    expect(m2).toMatchObject({ classification: "unsubscribe_request", proposal: { email: ines.email.toLowerCase() } });
    expect(await suppressed(ines.email)).toBe(1);
    expect(await suppressed(colleague)).toBe(0);
    // the person we wrote to asks it for a colleague we never wrote to: nobody we know, nobody suppressed, the reply still counts
    const m3 = await deliver(s, mail({ from: lara.email, to: s.box.email, inReplyTo: s.sent[2]!.messageIdHeader, body: "Please take my colleague Tom off your mailing list, he doesn't want these." }), lara.email);
    expect(m3).toMatchObject({ classification: "unsubscribe_request", proposal: null });
    expect(await suppressed(lara.email)).toBe(0);
    expect(enrollment(s.campaign.id, lara.id).status).toBe("replied");
    // the same from a family account we wrote to, written by someone who names him: that account is the one to stop
    const s2 = await launched(2, (i) => ({ given_name: ["Mike", "Nora"][i], family_name: ["Turner", "Quint"][i] }));
    const [mike, nora] = s2.who as [Who, Who];
    await s2.w.testApi.patch(`/v1/workspaces/${s2.w.testId}`, { inbox: { unsubscribe_requests: "apply" } });
    const m5 = await deliver(s2, mail({ from: mike.email, to: s2.box.email, inReplyTo: s2.sent[0]!.messageIdHeader, body: "This is Mike's wife, this is our family email account.\nHe hasn't worked in sales for years, please stop sending him these." }), mike.email);
    expect(m5).toMatchObject({ classification: "unsubscribe_request", proposal: { email: mike.email.toLowerCase(), state: "confirmed" } });
    expect(await suppressed(mike.email, s2)).toBe(1);
    // from the person we wrote to, for a third person she only calls "him": nobody we know
    const m6 = await deliver(s2, mail({ from: nora.email, to: s2.box.email, inReplyTo: s2.sent[1]!.messageIdHeader, body: "Ben asked me to tell you to stop emailing him.\nThanks,\nNora" }), nora.email);
    expect(m6).toMatchObject({ classification: "unsubscribe_request", proposal: null });
    expect(await suppressed(nora.email, s2)).toBe(0);
    // an address given for the colleague is the one suppressed
    const tom = `tom@${lara.email.split("@")[1]}`;
    const m4 = await deliver(s, mail({ from: lara.email, to: s.box.email, inReplyTo: s.sent[2]!.messageIdHeader, body: `Tom (${tom}) asked me to tell you he no longer wants your messages.` }), lara.email);
    expect(m4).toMatchObject({ classification: "unsubscribe_request", proposal: { email: tom, state: "confirmed" } });
    expect(await suppressed(tom)).toBe(1);
    expect(await suppressed(lara.email)).toBe(0);
    // relayed beside the writer's own meeting: a reply, the colleague's suppression waiting for review
    const eva = `eva@${lara.email.split("@")[1]}`;
    const m7 = await deliver(s, mail({ from: lara.email, to: s.box.email, inReplyTo: s.sent[2]!.messageIdHeader, body: `Thursday at 3pm works for a call. Also, you've been emailing Eva (${eva}) too; she'd like that to stop.` }), lara.email);
    expect(m7).toMatchObject({ classification: "reply", intent: "meeting_request", proposal: { action: "suppress", email: eva, state: "pending" } });
    expect(await suppressed(eva)).toBe(0);
    expectOk(await s.w.testApi.post(`/v1/inbound_messages/${m7.id}/review`, { decision: "confirm" }), 200);
    expect(await suppressed(eva)).toBe(1);
    expect(await suppressed(lara.email)).toBe(0);
  });

  const s0 = `${uid()}.acme.test`;
  test("a removal asked for everyone at the writer's company proposes their domain; confirming suppresses it and stops everyone at it; a free-mail writer is suppressed alone", async () => {
    const s = await launched(3, (i) => (i < 2 ? { email: `${["ada", "ben"][i]}@${s0}` } : {}));
    const [ada, ben, other] = s.who as [Who, Who, Who];
    const m = await deliver(s, mail({ from: ada.email, to: s.box.email, inReplyTo: s.sent[0]!.messageIdHeader, body: "Please remove everyone at our company from your mailing lists." }), ada.email);
    expect(m).toMatchObject({ classification: "unsubscribe_request", proposal: { action: "suppress_domain", email: ada.email, domain: s0, state: "pending" } });
    // reviewed first: nothing suppressed yet, the writer's sequence stopped (they answered), the colleague's runs on
    expect(enrollment(s.campaign.id, ada.id).status).toBe("replied");
    expect(enrollment(s.campaign.id, ben.id).status).toBe("active");
    const r = ok(await s.w.testApi.post(`/v1/inbound_messages/${m.id}/review`, { decision: "confirm" }), 200);
    expect(r.proposal.result_id).toMatch(/^sup_/);
    const sup = (await s.w.testApi.get(`/v1/suppressions/${r.proposal.result_id}`)).body;
    expect(sup).toMatchObject({ domain: s0, reason: "unsubscribed" });
    expect(enrollment(s.campaign.id, ben.id).status).toBe("stopped");
    expect((await person(s, ben.id)).status).toBe("unsubscribed");
    expect(enrollment(s.campaign.id, other.id).status).toBe("active");
    // from a free-mail address the domain is everyone's: the writer alone
    const s2 = await launched(1, () => ({ email: `jo.${uid()}@gmail.com` }));
    const jo = s2.who[0]!;
    const m2 = await deliver(s2, mail({ from: jo.email, to: s2.box.email, inReplyTo: s2.sent[0]!.messageIdHeader, body: "Please remove everyone at our company from your mailing lists." }), jo.email);
    expect(m2).toMatchObject({ classification: "unsubscribe_request", proposal: { action: "suppress", email: jo.email, domain: null } });
  });

  test("a reply from the person's new address that says so proposes moving them to it; confirming moves them", async () => {
    const s = await launched(1);
    const ada = s.who[0]!;
    const next = `ada@${uid()}.newco.test`;
    const m = await deliver(s, mail({ from: next, to: s.box.email, inReplyTo: s.sent[0]!.messageIdHeader, body: "Your email to my old address found its way to me, I joined NewCo in March (this is my new email). Can we talk Tuesday at 10?" }), next);
    expect(m).toMatchObject({ classification: "reply", intent: "meeting_request", proposal: { action: "move", email: next, state: "pending" } });
    expectOk(await s.w.testApi.post(`/v1/inbound_messages/${m.id}/review`, { decision: "confirm" }), 200);
    expect((await person(s, ada.id)).email).toBe(next);
  });

  test("a referral proposes the referred person; confirming creates them, dismissing another changes nothing", async () => {
    const s = await launched(2);
    const [ada, bob] = s.who as [Who, Who];
    const maria = `maria.rossi@${uid()}.acme.test`;
    const m = await deliver(s, mail({ from: ada.email, to: s.box.email, inReplyTo: s.sent[0]!.messageIdHeader, body: `I'm not the right person for this. Please reach out to Maria Rossi (${maria}), she runs procurement.` }), ada.email);
    expect(m).toMatchObject({ classification: "reply", intent: "referral", proposal: { action: "refer", email: maria, state: "pending" } });
    const r = ok(await s.w.testApi.post(`/v1/inbound_messages/${m.id}/review`, { decision: "confirm" }), 200);
    const created = await person(s, r.proposal.result_id);
    expect(created).toMatchObject({ email: maria, source: "inbound" });

    const other = `lena@${uid()}.acme.test`;
    const m2 = await deliver(s, mail({ from: bob.email, to: s.box.email, inReplyTo: s.sent[1]!.messageIdHeader, body: `Please contact my colleague Lena at ${other}.` }), bob.email);
    expectOk(await s.w.testApi.post(`/v1/inbound_messages/${m2.id}/review`, { decision: "dismiss" }), 200);
    expect((await s.w.testApi.get(`/v1/people?email=${encodeURIComponent(other)}`)).body.data).toHaveLength(0);
    // forwarded to a colleague with our mailbox only in Cc: the envelope says which address is ours, so the colleague in To: is the one referred
    const tom = `tom.berg@${uid()}.acme.test`;
    const fwd = mail({ from: bob.email, to: `"Berg, Tom" <${tom}>`, subject: "Fwd: Quick question", inReplyTo: s.sent[1]!.messageIdHeader, headers: [`Cc: ${s.box.email}`], body: "Tom, this one is for you. I'll let you two take it from here." });
    const m3 = await deliver(s, fwd, bob.email);
    expect(m3).toMatchObject({ classification: "reply", intent: "referral", proposal: { action: "refer", email: tom, name: "Tom Berg", state: "pending" } });
    // nothing to review on a message that proposes nothing
    const plain = await deliver(s, mail({ from: bob.email, to: s.box.email, inReplyTo: s.sent[1]!.messageIdHeader, body: "Thanks, sounds good." }), bob.email);
    expect((await s.w.testApi.post(`/v1/inbound_messages/${plain.id}/review`, { decision: "confirm" })).status).toBe(409);
  });
});

describe("threads and corrections through the API", () => {
  test("list filters, snooze and wake, archive reopened by new mail, read and unread", async () => {
    const s = await launched(2);
    const [ada, bob] = s.who as [Who, Who];
    const ma = await deliver(s, mail({ from: ada.email, to: s.box.email, inReplyTo: s.sent[0]!.messageIdHeader, body: "Yes, send me more details please." }), ada.email);
    const mb = await deliver(s, mail({ from: bob.email, to: s.box.email, inReplyTo: s.sent[1]!.messageIdHeader, body: "Maybe next quarter." }), bob.email);
    const api = s.w.testApi;
    const ids = async (q: string) => (await api.get(`/v1/threads${q}`)).body.data.map((t: any) => t.id);
    expect(await ids("")).toEqual([mb.thread_id, ma.thread_id]); // newest activity first
    expect(await ids(`?person_id=${ada.id}`)).toEqual([ma.thread_id]);
    expect(await ids(`?campaign_id=${s.campaign.id}&unread=true`)).toEqual([mb.thread_id, ma.thread_id]);
    expect(await ids(`?connection_id=${s.box.connectionId}`)).toHaveLength(2);

    const read = ok(await api.patch(`/v1/threads/${ma.thread_id}`, { read: true }), 200);
    expect(read).toMatchObject({ unread: false, unread_count: 0 });
    expect(read.messages.at(-1)).toMatchObject({ direction: "inbound", read: true });
    expect(await ids("?unread=false")).toEqual([ma.thread_id]);
    expect(ok(await api.patch(`/v1/threads/${ma.thread_id}`, { read: false }), 200)).toMatchObject({ unread: true, unread_count: 1 });

    const until = new Date(app.clock.now() + DAY).toISOString();
    expect(ok(await api.patch(`/v1/threads/${mb.thread_id}`, { status: "snoozed", until }), 200)).toMatchObject({ status: "snoozed", snoozed_until: until });
    expect(await ids("?status=snoozed")).toEqual([mb.thread_id]);
    expect((await api.patch(`/v1/threads/${mb.thread_id}`, { status: "snoozed" })).status).toBe(422);
    expect((await api.patch(`/v1/threads/${mb.thread_id}`, { status: "snoozed", until: new Date(app.clock.now() - 1000).toISOString() })).status).toBe(422);
    app.clock.set(app.clock.now() + DAY + 1000);
    wakeSnoozedThreads(app.ctx);
    expect((await api.get(`/v1/threads/${mb.thread_id}`)).body).toMatchObject({ status: "open", snoozed_until: null });

    expectOk(await api.patch(`/v1/threads/${ma.thread_id}`, { status: "archived" }), 200);
    await deliver(s, mail({ from: ada.email, to: s.box.email, inReplyTo: ma.message_id_header, body: "Following up on my last note." }), ada.email);
    expect((await api.get(`/v1/threads/${ma.thread_id}`)).body).toMatchObject({ status: "open", inbound_count: 2 });
  });

  test("inbound message filters; a manual correction is recorded as manual and never overridden", async () => {
    const s = await launched(2);
    const [ada, bob] = s.who as [Who, Who];
    const ma = await deliver(s, mail({ from: ada.email, to: s.box.email, inReplyTo: s.sent[0]!.messageIdHeader, body: "No thanks, we are all set." }), ada.email);
    const mb = await deliver(s, mail({ from: bob.email, to: s.box.email, inReplyTo: s.sent[1]!.messageIdHeader, body: "Happy to chat, how about Tuesday morning?" }), bob.email);
    const api = s.w.testApi;
    const ids = async (q: string) => (await api.get(`/v1/inbound_messages?${q}`)).body.data.map((m: any) => m.id);
    expect(await ids("classification=reply")).toEqual([mb.id, ma.id]);
    expect(await ids("sentiment=negative")).toEqual([ma.id]);
    expect(await ids("intent=meeting_request")).toEqual([mb.id]);
    expect(await ids(`thread_id=${ma.thread_id}`)).toEqual([ma.id]);
    expect(await ids(`person_id=${bob.id}`)).toEqual([mb.id]);
    expect(await ids(`campaign_id=${s.campaign.id}`)).toEqual([mb.id, ma.id]);
    expect((await api.get("/v1/inbound_messages?intent=bogus")).status).toBe(422);

    const fixed = ok(await api.patch(`/v1/inbound_messages/${ma.id}`, { sentiment: "neutral", intent: "later" }), 200);
    expect(fixed).toMatchObject({ sentiment: "neutral", intent: "later", verdict_by: "manual" });
    expect(await ids("intent=later")).toEqual([ma.id]);
    expect((await api.patch(`/v1/inbound_messages/${ma.id}`, { classification: "bounce" })).status).toBe(422);
    expect((await api.patch(`/v1/inbound_messages/${ma.id}`, { classification: "auto_reply", sentiment: "positive" })).status).toBe(422);
  });

  test("correcting an auto-reply into a reply runs the stop rules the ingest would have run", async () => {
    const s = await launched();
    const ada = s.who[0]!;
    const m = await deliver(s, mail({ from: ada.email, to: s.box.email, subject: "Automatic reply: Quick question", headers: ["Auto-Submitted: auto-replied"], body: "I am out of the office until next week." }), ada.email);
    expect(m.classification).toBe("auto_reply");
    expect(enrollment(s.campaign.id, ada.id).status).toBe("paused");
    const fixed = ok(await s.w.testApi.patch(`/v1/inbound_messages/${m.id}`, { classification: "reply", sentiment: "positive", intent: "interested" }));
    expect(fixed).toMatchObject({ classification: "reply", sentiment: "positive", intent: "interested", verdict_by: "manual" });
    expect(enrollment(s.campaign.id, ada.id).status).toBe("replied");
    expect((await person(s, ada.id)).status).toBe("replied");
  });

  test("tenant isolation: another workspace sees none of it and changes none of it", async () => {
    const s = await launched();
    const ada = s.who[0]!;
    const m = await deliver(s, mail({ from: ada.email, to: s.box.email, inReplyTo: s.sent[0]!.messageIdHeader, body: "Please remove me from your list." }), ada.email);
    const other = app.newWorkspace().testApi;
    expect((await other.get(`/v1/threads/${m.thread_id}`)).status).toBe(404);
    expect((await other.get("/v1/threads")).body.data).toHaveLength(0);
    expect((await other.patch(`/v1/threads/${m.thread_id}`, { status: "archived" })).status).toBe(404);
    expect((await other.patch(`/v1/inbound_messages/${m.id}`, { intent: "later" })).status).toBe(404);
    expect((await other.post(`/v1/inbound_messages/${m.id}/review`, { decision: "confirm" })).status).toBe(404);
    expect((await other.patch(`/v1/workspaces/${s.w.testId}`, { inbox: { out_of_office_days: 2 } })).status).toBe(404);
    expect((await s.w.testApi.get(`/v1/threads/${m.thread_id}`)).body.status).toBe("open");
    expect((await s.w.testApi.get(`/v1/inbound_messages/${m.id}`)).body.proposal.state).toBe("pending");
  });
});

test("the enrollments a reply stops are the replier's, not a same-address person of another workspace", async () => {
  const s1 = await launched();
  const s2 = await launched();
  await deliver(s1, mail({ from: s1.who[0]!.email, to: s1.box.email, inReplyTo: s1.sent[0]!.messageIdHeader, body: "Interested, tell me more." }), s1.who[0]!.email);
  expect(app.ctx.db.select().from(enrollments).where(eq(enrollments.campaignId, s2.campaign.id)).get()!.status).toBe("active");
});
