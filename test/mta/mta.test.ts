// The embedded MTA end to end: messages queued through the API, worked by the
// pipeline, handed to a real SMTP peer on loopback (the smart host of
// NEARBOUND_SMTP_RELAY), their outcomes recorded as states and evidence.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { dkimVerify } from "mailauth/lib/dkim/verify";
import { eq } from "drizzle-orm";
import { messageAttempts, messages, sendingDomains } from "../../src/db/schema";
import { STEPS } from "../../src/mta/pipeline";
import { sendDue } from "../../src/mta/worker";
import { startTestApp, type TestApp, type TestWorkspace } from "../helpers/app";
import { startDnsServer, type TestDnsServer } from "../helpers/dns";
import { created, uniqueEmail } from "../helpers/factory";
import { expectOk } from "../helpers/http";
import { verifiedSender, type Sender } from "../helpers/mta";
import { startSmtpPeer, type Answer, type SmtpPeer } from "../helpers/smtp";

let dns: TestDnsServer;
let peer: SmtpPeer;
let app: TestApp;
/** What the peer answers next, per recipient and after the dot (tests set them). */
let rcptAnswer: (address: string) => Answer | null = () => null;
let dataAnswer: () => Answer | null = () => null;
let dropNext = false;
/** Attempt rows in state `data` seen by the peer when DATA arrived (proof of the durable record). */
const dataStatesSeen: string[] = [];

beforeAll(async () => {
  dns = await startDnsServer();
  peer = await startSmtpPeer({
    rcpt: (address) => rcptAnswer(address),
    data: () => {
      dataStatesSeen.push(...app.ctx.db.select({ state: messageAttempts.state }).from(messageAttempts).all().map((a) => a.state));
      return dataAnswer();
    },
    dropAfterDot: () => {
      const drop = dropNext;
      dropNext = false;
      return drop;
    },
  });
  app = await startTestApp({
    env: { NEARBOUND_DNS_SERVERS: dns.servers, NEARBOUND_SMTP_RELAY: `127.0.0.1:${peer.port}`, NEARBOUND_HOSTNAME: "mta.nearbound.test", NEARBOUND_ALLOW_PRIVATE_TARGETS: "1" },
  });
});
afterAll(async () => {
  await app.close();
  await peer.close();
  await dns.close();
});
afterEach(() => {
  rcptAnswer = () => null;
  dataAnswer = () => null;
  dropNext = false;
});

async function live(): Promise<{ w: TestWorkspace; sender: Sender }> {
  const w = app.newWorkspace();
  return { w, sender: await verifiedSender(app, w, dns) };
}

const queue = (w: TestWorkspace, sender: Pick<Sender, "identityId">, over: Record<string, unknown> = {}) =>
  created(w.api, "/v1/messages", { sender_identity_id: sender.identityId, to: [uniqueEmail("recipient.test")], subject: "Quick question", html: "<p>Hello <b>there</b></p>", ...over });

const message = async (w: TestWorkspace, id: string) => (await w.api.get(`/v1/messages/${id}`)).body;
const eventsOf = async (w: TestWorkspace, type: string) => (await w.api.get(`/v1/events?type=${type}&limit=100`)).body.data;
const deliveryEvents = async (w: TestWorkspace, messageId: string) => (await w.api.get(`/v1/delivery_events?message_id=${messageId}`)).body.data;

test("the pipeline is one ordered list of named steps", () => {
  expect(STEPS.map(([name]) => name)).toEqual(["check_suppression", "person_status", "campaign_guard", "domain_verified", "connection_paused", "charge_quota", "render", "sign", "test_mode", "send"]);
});

describe("a live message", () => {
  test("leaves signed with both DKIM keys, a VERP sender and a stable Message-ID, and is recorded sent", async () => {
    const { w, sender } = await live();
    const before = peer.received.length;
    const m = await queue(w, sender);
    expect(m.status).toBe("queued");
    expect(await sendDue(app.ctx)).toBe(1);
    const got = peer.received[before]!;
    expect(got.to).toEqual(m.to);
    expect(got.from).toMatch(new RegExp(`@bounce\\.${sender.domain.replaceAll(".", "\\.")}$`));
    expect(got.heloName).toBe("mta.nearbound.test");
    const raw = got.raw.toString().replace(/\r\n[ \t]+/g, " "); // headers unfolded
    expect(raw).toContain(`Message-ID: <${m.id}@${sender.domain}>`);
    // both signatures verify against the keys the test DNS publishes
    const resolver = async (name: string, type: string) => (type === "TXT" ? app.ctx.dns.txt(name) : []);
    const verdict = await dkimVerify(got.raw, { resolver });
    const results = verdict.results.map((r: any) => [r.signingDomain, r.algo, r.status.result]);
    expect(results).toEqual(expect.arrayContaining([[sender.domain, "rsa-sha256", "pass"], [sender.domain, "ed25519-sha256", "pass"]]));

    const after = await message(w, m.id);
    expect(after.status).toBe("sent");
    expect(after.attempts[0]).toMatchObject({ state: "sent", response: expect.stringContaining("250") });
    expect((await eventsOf(w, "message.sent")).map((e: any) => e.data.id)).toContain(m.id);
  });

  test("the attempt row is durably in state `data` before the peer receives DATA", async () => {
    const { w, sender } = await live();
    dataStatesSeen.length = 0;
    await queue(w, sender);
    await sendDue(app.ctx);
    expect(dataStatesSeen).toContain("data");
  });

  test("a stored subject with a line break (written before the API refused it) fails the message at render: nothing leaves, nothing repaired", async () => {
    const { w, sender } = await live();
    const m = await queue(w, sender);
    app.ctx.db.update(messages).set({ subject: "Hi\r\nBcc: all@evil.test" }).where(eq(messages.id, m.id)).run();
    const seen = peer.transactions;
    expect(await sendDue(app.ctx)).toBe(1);
    expect(peer.transactions).toBe(seen);
    const after = await message(w, m.id);
    expect(after.status).toBe("failed");
    expect(after.status_detail).toBe("Subject header value contains a line break (U+000D carriage return) at position 3");
    expect(after.attempts).toEqual([]);
  });

  test("a message whose lease lapsed before DATA (rescued and claimed elsewhere) is not sent by the stalled worker", async () => {
    const { w, sender } = await live();
    const to = uniqueEmail("recipient.test");
    const m = await queue(w, sender, { to: [to] });
    // between the claim and DATA, another worker takes the message over
    rcptAnswer = (a) => {
      if (a === to) app.ctx.db.update(messages).set({ leaseOwner: "mta_another" }).where(eq(messages.id, m.id)).run();
      return null;
    };
    const seen = peer.transactions;
    await sendDue(app.ctx);
    expect(peer.transactions).toBe(seen);
    expect(app.ctx.db.select().from(messageAttempts).where(eq(messageAttempts.messageId, m.id)).all().filter((a) => a.state === "data")).toEqual([]);
    // the stalled worker wrote nothing over the new holder's lease
    expect(app.ctx.db.select().from(messages).where(eq(messages.id, m.id)).get()).toMatchObject({ status: "sending", leaseOwner: "mta_another" });
  });

  test("a 5xx at RCPT is a hard bounce: failed, evidence, the address suppressed and the person bounced", async () => {
    const { w, sender } = await live();
    const to = uniqueEmail("recipient.test");
    rcptAnswer = (a) => (a === to ? { code: 550, message: "5.1.1 <" + a + ">: Recipient address rejected: User unknown in virtual mailbox table" } : null);
    const m = await queue(w, sender, { to: [to] });
    await sendDue(app.ctx);
    const after = await message(w, m.id);
    expect(after.status).toBe("failed");
    const [bounce] = await deliveryEvents(w, m.id);
    expect(bounce).toMatchObject({ type: "bounced", bounce: { kind: "hard", reason: "user_unknown" } });
    expect(bounce.bounce.diagnostic_code).toContain("550 5.1.1");
    const s = (await w.api.get(`/v1/suppressions?email=${encodeURIComponent(to)}`)).body.data[0];
    expect(s).toMatchObject({ reason: "hard_bounce" });
    expect((await w.api.get(`/v1/people/${m.person_id}`)).body.status).toBe("bounced");
  });

  test("a 4xx is a deferral: queued again after the backoff, then sent", async () => {
    const { w, sender } = await live();
    let first = true;
    rcptAnswer = () => (first ? ((first = false), { code: 451, message: "4.3.0 Temporary lookup failure" }) : null);
    const m = await queue(w, sender);
    await sendDue(app.ctx);
    let now = await message(w, m.id);
    expect(now.status).toBe("queued");
    expect((await deliveryEvents(w, m.id))[0]).toMatchObject({ type: "deferred" });
    expect(await sendDue(app.ctx)).toBe(0); // not due before its backoff
    app.clock.advance(61_000);
    await sendDue(app.ctx);
    now = await message(w, m.id);
    expect(now.status).toBe("sent");
    expect(now.attempts).toHaveLength(2);
  });

  test("4xx answers for longer than the retry window fail the message", async () => {
    const { w, sender } = await live();
    rcptAnswer = () => ({ code: 450, message: "4.2.1 Mailbox busy" });
    const m = await queue(w, sender);
    for (let i = 0; i < 60 && (await message(w, m.id)).status === "queued"; i++) {
      await sendDue(app.ctx);
      app.clock.advance(2 * 3_600_000);
    }
    const after = await message(w, m.id);
    expect(after.status).toBe("failed");
    expect(after.status_detail).toContain("72 hours");
  });

  test("a connection dropped after the final dot makes the message uncertain; it is never resent by itself; resolve settles it", async () => {
    const { w, sender } = await live();
    const m = await queue(w, sender);
    const seen = peer.transactions;
    dropNext = true;
    await sendDue(app.ctx);
    expect((await message(w, m.id)).status).toBe("uncertain");
    expect((await eventsOf(w, "message.uncertain")).map((e: any) => e.data.id)).toContain(m.id);
    app.clock.advance(24 * 3_600_000);
    await sendDue(app.ctx);
    expect(peer.transactions).toBe(seen + 1);
    // the operator says it did not arrive: it is sent again
    expectOk(await w.api.post(`/v1/messages/${m.id}/resolve`, { outcome: "not_sent" }));
    await sendDue(app.ctx);
    expect((await message(w, m.id)).status).toBe("sent");
  });
});

describe("holds keep a message queued and visible", () => {
  test("a suppressed recipient holds it; release_holds sends it", async () => {
    const { w, sender } = await live();
    const to = uniqueEmail("recipient.test");
    await created(w.api, "/v1/suppressions", { email: to });
    const m = await queue(w, sender, { to: [to] });
    await sendDue(app.ctx);
    const held = await message(w, m.id);
    expect(held).toMatchObject({ status: "queued", holds: ["suppressed"] });
    expectOk(await w.api.post(`/v1/messages/${m.id}/release_holds`, {}));
    await sendDue(app.ctx);
    expect((await message(w, m.id)).status).toBe("sent");
  });

  test("a paused connection holds its mail; resuming lets it go", async () => {
    const { w, sender } = await live();
    expectOk(await w.api.patch(`/v1/connections/${sender.connectionId}`, { paused: true }));
    const m = await queue(w, sender);
    await sendDue(app.ctx);
    expect(await message(w, m.id)).toMatchObject({ status: "queued", holds: ["connection_paused"] });
    expectOk(await w.api.patch(`/v1/connections/${sender.connectionId}`, { paused: false }));
    app.clock.advance(15 * 60_000);
    await sendDue(app.ctx);
    expect((await message(w, m.id)).status).toBe("sent");
  });

  test("a sending domain that is no longer verified holds its mail (domain_unverified); verified again, it goes", async () => {
    const { w, sender } = await live();
    // what a failed re-check leaves (the verification job itself is tested with the sending domains)
    const status = (s: "failed" | "verified") => app.ctx.db.update(sendingDomains).set({ status: s }).where(eq(sendingDomains.id, sender.domainId)).run();
    status("failed");
    const m = await queue(w, sender);
    await sendDue(app.ctx);
    expect(await message(w, m.id)).toMatchObject({ status: "queued", holds: ["domain_unverified"] });
    status("verified");
    app.clock.advance(15 * 60_000);
    await sendDue(app.ctx);
    expect((await message(w, m.id)).status).toBe("sent");
  });

  test("over the quota scope's daily limit a message waits with hold quota until room returns, never sent over", async () => {
    const { w, sender } = await live();
    const scopeId = (await w.api.get(`/v1/connections/${sender.connectionId}`)).body.quota_scope_id;
    expectOk(await w.api.patch(`/v1/quota_scopes/${scopeId}`, { messages_per_day: 1 }));
    const first = await queue(w, sender);
    await sendDue(app.ctx);
    const second = await queue(w, sender);
    await sendDue(app.ctx);
    expect((await message(w, first.id)).status).toBe("sent");
    expect(await message(w, second.id)).toMatchObject({ status: "queued", holds: ["quota"] });
    app.clock.advance(24 * 3_600_000);
    await sendDue(app.ctx);
    expect((await message(w, second.id)).status).toBe("sent");
  });
});

describe("test mode", () => {
  async function testSender() {
    const w = app.newWorkspace();
    const d = await created(w.testApi, "/v1/sending_domains", { domain: "sandbox.outreach.test" });
    await w.testApi.post(`/v1/sending_domains/${d.id}/verify`, {});
    await app.running.runner.drain();
    const c = await created(w.testApi, "/v1/connections", { kind: "managed", name: "Sandbox", identities: [{ email: "ada@sandbox.outreach.test" }] });
    return { w, identityId: c.identities[0].id as string };
  }
  const queueTest = (w: TestWorkspace, identityId: string, to: string) =>
    created(w.testApi, "/v1/messages", { sender_identity_id: identityId, to: [to], subject: "Test", text: "Hello" });

  test("mail never leaves: recorded sent with a delivered event", async () => {
    const { w, identityId } = await testSender();
    const before = peer.transactions;
    const m = await queueTest(w, identityId, uniqueEmail("customer.test"));
    await sendDue(app.ctx);
    expect(peer.transactions).toBe(before);
    expect((await w.testApi.get(`/v1/messages/${m.id}`)).body.status).toBe("sent");
    expect((await w.testApi.get(`/v1/delivery_events?message_id=${m.id}`)).body.data.map((e: any) => e.type)).toEqual(["delivered"]);
  });

  test("magic recipients: a hard bounce, a soft bounce, a deferral and a complaint", async () => {
    const { w, identityId } = await testSender();
    const hard = await queueTest(w, identityId, "hard_bounce@customer.test");
    const soft = await queueTest(w, identityId, "soft_bounce+1@customer.test");
    const deferred = await queueTest(w, identityId, "deferred@customer.test");
    const complaint = await queueTest(w, identityId, "complaint@customer.test");
    await sendDue(app.ctx);
    const get = async (id: string) => (await w.testApi.get(`/v1/messages/${id}`)).body;
    const evs = async (id: string) => (await w.testApi.get(`/v1/delivery_events?message_id=${id}`)).body.data;
    expect((await get(hard.id)).status).toBe("failed");
    expect((await evs(hard.id))[0]).toMatchObject({ type: "bounced", bounce: { kind: "hard" } });
    expect((await w.testApi.get(`/v1/people/${hard.person_id}`)).body.status).toBe("bounced");
    expect((await get(soft.id)).status).toBe("failed");
    expect((await evs(soft.id))[0]).toMatchObject({ type: "bounced", bounce: { kind: "soft" } });
    expect((await get(deferred.id)).status).toBe("queued");
    expect((await evs(deferred.id))[0].type).toBe("deferred");
    expect((await get(complaint.id)).status).toBe("sent");
    expect((await evs(complaint.id)).map((e: any) => e.type).sort()).toEqual(["complained", "delivered"]);
    expect((await w.testApi.get(`/v1/suppressions?email=complaint%40customer.test`)).body.data[0].reason).toBe("complaint");
    app.clock.advance(61_000);
    await sendDue(app.ctx);
    expect((await get(deferred.id)).status).toBe("sent");
  });
});
