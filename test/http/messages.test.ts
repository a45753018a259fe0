import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { messageAttempts, messages, type MessageRecipient } from "../../src/db/schema";
import { newId } from "../../src/lib/ids";
import { recordDeliveryEvent } from "../../src/modules/messages/delivery-events";
import { createMessage } from "../../src/modules/messages/messages";
import { transact } from "../../src/modules/events/outbox";
import { startTestApp, type TestApp, type TestWorkspace } from "../helpers/app";
import { afterJobs, apiWithScopes, createExport, createPerson, uniqueEmail } from "../helpers/factory";
import { expectOk, expectProblem } from "../helpers/http";
import { expectIsolated } from "../helpers/isolation";
import { managedSenderRows, queueMessage, smtpSender, type SenderOptions, type TestSender } from "../helpers/sending";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function setup(o: SenderOptions = {}): Promise<{ w: TestWorkspace; sender: TestSender }> {
  const w = app.newWorkspace();
  return { w, sender: await smtpSender(w, o) };
}

const row = (id: string) => app.ctx.db.select().from(messages).where(eq(messages.id, id)).get()!;
const setRow = (id: string, set: Partial<typeof messages.$inferInsert>) => app.ctx.db.update(messages).set(set).where(eq(messages.id, id)).run();
const eventsOf = async (w: TestWorkspace, type: string) => (await w.api.get(`/v1/events?type=${type}&limit=100`)).body.data;

/** The first field error of a 422. */
async function fieldError(w: TestWorkspace, body: Record<string, unknown>) {
  const r = await w.api.post("/v1/messages", body);
  expectProblem(r, 422, "validation_failed");
  return r.body.errors as { pointer: string; code: string; detail: string }[];
}

describe("POST /v1/messages", () => {
  test("queues the message: holds empty, due now, From and Reply-To from the identity, a Message-ID on its domain", async () => {
    const { w, sender } = await setup({ replyTo: "sales@northwind.test" });
    const to = uniqueEmail("lumenpay.test");
    const m = await queueMessage(w, sender, { to: [to], cc: ["cc@lumenpay.test"], bcc: ["bcc@lumenpay.test"], subject: "Your Q2 pilot pricing", html: "<p>Hi</p>", text: "Hi" });
    expect(m).toMatchObject({
      object: "message",
      status: "queued",
      status_detail: null,
      holds: [],
      released_holds: [],
      sender_identity_id: sender.identityId,
      connection_id: sender.connectionId,
      campaign_id: null,
      from: `Amara from Northwind <${sender.email}>`,
      reply_to: "sales@northwind.test",
      to: [to],
      cc: ["cc@lumenpay.test"],
      bcc: ["bcc@lumenpay.test"],
      subject: "Your Q2 pilot pricing",
      html: "<p>Hi</p>",
      text: "Hi",
      headers: {},
      tracking: false,
      send_at: null,
      sent_at: null,
      due_at: new Date(app.clock.now()).toISOString(),
      attempt_count: 0,
      attempts: [],
      delivery_events: [],
    });
    expect(m.recipients).toEqual([
      { address: to, kind: "to", state: "pending", response: null },
      { address: "cc@lumenpay.test", kind: "cc", state: "pending", response: null },
      { address: "bcc@lumenpay.test", kind: "bcc", state: "pending", response: null },
    ]);
    expect(m.message_id).toBe(`<${m.id}@${sender.email.split("@")[1]}>`);
    expect((await w.api.get(`/v1/messages/${m.id}`)).body).toEqual(m);
  });

  test("links the person of the first to address when there is one", async () => {
    const { w, sender } = await setup();
    const p = await createPerson(w.api, { email: "Amara.Okafor@LumenPay.test" });
    const m = await queueMessage(w, sender, { to: ["amara.okafor@lumenpay.test", uniqueEmail()] });
    expect(m.person_id).toBe(p.id);
  });

  test("creates the person (source api) when there is none", async () => {
    const { w, sender } = await setup();
    const to = uniqueEmail("newco.test");
    const m = await queueMessage(w, sender, { to: [to] });
    const p = (await w.api.get(`/v1/people/${m.person_id}`)).body;
    expect(p).toMatchObject({ email: to, source: "api", status: "active" });
  });

  test("emits message.queued with the message as the list shows it", async () => {
    const { w, sender } = await setup();
    const m = await queueMessage(w, sender);
    const [e] = await eventsOf(w, "message.queued");
    const listed = (await w.api.get("/v1/messages")).body.data[0];
    expect(e.data).toEqual(listed);
    expect(listed.id).toBe(m.id);
    expect(listed.html).toBeUndefined();
  });

  test("send_at in the future makes it due then; in the past, now", async () => {
    const { w, sender } = await setup();
    const later = new Date(app.clock.now() + 3_600_000).toISOString();
    const m = await queueMessage(w, sender, { send_at: later });
    expect(m).toMatchObject({ send_at: later, due_at: later });
    const past = await queueMessage(w, sender, { send_at: "2020-01-01T00:00:00Z" });
    expect(past.due_at).toBe(new Date(app.clock.now()).toISOString());
  });

  test("an smtp connection's envelope sender is the identity's address; the managed MTA's is VERP on the return-path host", async () => {
    const { w, sender } = await setup();
    const m = await queueMessage(w, sender);
    expect(row(m.id).envelopeFrom).toBe(sender.email);
    const managed = managedSenderRows(app, w, "mail.northwind.test");
    const v = await queueMessage(w, managed);
    expect(row(v.id).envelopeFrom).toMatch(new RegExp(`^b\\+${v.id.slice(4)}\\.[a-z2-7]{8}@bounce\\.mail\\.northwind\\.test$`));
  });

  test("each message gets its own random unsubscribe token", async () => {
    const { w, sender } = await setup();
    const a = row((await queueMessage(w, sender)).id).unsubscribeToken!;
    const b = row((await queueMessage(w, sender)).id).unsubscribeToken!;
    expect(a).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(a).not.toBe(b);
  });

  test("keeps headers and tracking; CRLF in html and text is stored as LF", async () => {
    const { w, sender } = await setup();
    const m = await queueMessage(w, sender, { headers: { "X-Campaign-Ref": "q2", "In-Reply-To": "<a1@lumenpay.test>" }, tracking: true, html: "<p>a</p>\r\n<p>b</p>", text: "a\r\nb" });
    expect(m).toMatchObject({ headers: { "X-Campaign-Ref": "q2", "In-Reply-To": "<a1@lumenpay.test>" }, tracking: true, text: "a\nb" });
    // tracked: the open pixel follows the HTML (docs/tracking.md)
    expect(m.html).toMatch(/^<p>a<\/p>\n<p>b<\/p><img src="[^"]+\/t\/o\/[A-Za-z0-9_-]{44}"/);
  });

  test("the same Idempotency-Key answers the same message, queued once", async () => {
    const { w, sender } = await setup();
    const body = { sender_identity_id: sender.identityId, to: [uniqueEmail()], subject: "Once", text: "Only once" };
    const a = await w.api.post("/v1/messages", body, { "idempotency-key": "msg-once" });
    const b = await w.api.post("/v1/messages", body, { "idempotency-key": "msg-once" });
    expectOk(a, 201);
    expect(b.body.id).toBe(a.body.id);
    expect((await w.api.get("/v1/messages")).body.data).toHaveLength(1);
  });

  test("wakes the MTA (ctx.messagesQueued) when a message is queued, released or resolved not_sent", async () => {
    const { w, sender } = await setup();
    let wakes = 0;
    const stop = app.ctx.messagesQueued.subscribe(() => wakes++);
    try {
      const m = await queueMessage(w, sender);
      expect(wakes).toBe(1);
      setRow(m.id, { holds: ["suppressed"] });
      expectOk(await w.api.post(`/v1/messages/${m.id}/release_holds`));
      expect(wakes).toBe(2);
      setRow(m.id, { status: "uncertain" });
      expectOk(await w.api.post(`/v1/messages/${m.id}/resolve`, { outcome: "not_sent" }));
      expect(wakes).toBe(3);
    } finally {
      stop();
    }
  });

  test("a connection still verifying, or failed, takes the message: it is queued (the MTA holds it until the connection works)", async () => {
    const { w, sender } = await setup();
    expect((await w.api.get(`/v1/connections/${sender.connectionId}`)).body.status).toBe("verifying");
    expect((await queueMessage(w, sender)).status).toBe("queued");
    await app.running.runner.drain();
    expect((await w.api.get(`/v1/connections/${sender.connectionId}`)).body.status).toBe("failed");
    expect((await queueMessage(w, sender)).status).toBe("queued");
  });
});

describe("POST /v1/messages refuses", () => {
  test("CR/LF in the subject: 422 on /subject", async () => {
    const { w, sender } = await setup();
    const [e] = await fieldError(w, { sender_identity_id: sender.identityId, to: [uniqueEmail()], subject: "Hi\r\nBcc: x@evil.test", text: "x" });
    expect(e).toMatchObject({ pointer: "/subject", code: "format" });
    expect(e!.detail).toContain("line break");
  });

  test("CR/LF, NUL and bidi controls in addresses: 422 on each one's pointer", async () => {
    const { w, sender } = await setup();
    const errors = await fieldError(w, { sender_identity_id: sender.identityId, to: ["a@b.test\r\nBcc: x@evil.test"], cc: ["c\u0000@b.test"], bcc: ["\u202Eevil@b.test"], subject: "Hi", text: "x" });
    expect(errors.map((e) => [e.pointer, e.code])).toEqual([
      ["/to/0", "format"],
      ["/cc/0", "format"],
      ["/bcc/0", "format"],
    ]);
  });

  test("an address that is no address: 422 on its pointer", async () => {
    const { w, sender } = await setup();
    const [e] = await fieldError(w, { sender_identity_id: sender.identityId, to: [uniqueEmail(), "not-an-address"], subject: "Hi", text: "x" });
    expect(e).toMatchObject({ pointer: "/to/1", code: "format" });
  });

  test("CR/LF in a header value or name: 422 on /headers/<name>", async () => {
    const { w, sender } = await setup();
    const value = await fieldError(w, { sender_identity_id: sender.identityId, to: [uniqueEmail()], subject: "Hi", text: "x", headers: { "X-Ref": "a\r\nBcc: x@evil.test" } });
    expect(value[0]).toMatchObject({ pointer: "/headers/X-Ref", code: "format" });
    const name = await fieldError(w, { sender_identity_id: sender.identityId, to: [uniqueEmail()], subject: "Hi", text: "x", headers: { "X-Ref\r\nBcc": "x@evil.test" } });
    expect(name[0]).toMatchObject({ pointer: "/headers/X-Ref\r\nBcc", code: "format" });
  });

  test("a header the MTA sets itself, or one off the allow-list: 422 not_allowed", async () => {
    const { w, sender } = await setup();
    const errors = await fieldError(w, { sender_identity_id: sender.identityId, to: [uniqueEmail()], subject: "Hi", text: "x", headers: { Bcc: "x@evil.test", "DKIM-Signature": "v=1", "X-Nearbound-Id": "1", Sender: "x@evil.test" } });
    expect(errors.map((e) => [e.pointer, e.code])).toEqual([
      ["/headers/Bcc", "not_allowed"],
      ["/headers/DKIM-Signature", "not_allowed"],
      ["/headers/X-Nearbound-Id", "not_allowed"],
      ["/headers/Sender", "not_allowed"],
    ]);
  });

  test("neither html nor text: 422 on /html", async () => {
    const { w, sender } = await setup();
    const [e] = await fieldError(w, { sender_identity_id: sender.identityId, to: [uniqueEmail()], subject: "Hi" });
    expect(e).toMatchObject({ pointer: "/html", code: "required" });
  });

  test("an empty to: 422 on /to", async () => {
    const { w, sender } = await setup();
    const [e] = await fieldError(w, { sender_identity_id: sender.identityId, to: [], cc: [uniqueEmail()], subject: "Hi", text: "x" });
    expect(e!.pointer).toBe("/to");
  });

  test("more than 50 recipients in to, cc and bcc together: 422 naming the 51st", async () => {
    const { w, sender } = await setup();
    const many = (n: number) => Array.from({ length: n }, () => uniqueEmail());
    const [e] = await fieldError(w, { sender_identity_id: sender.identityId, to: many(20), cc: many(20), bcc: many(11), subject: "Hi", text: "x" });
    expect(e).toMatchObject({ pointer: "/bcc/10", code: "length" });
    expect(e!.detail).toContain("50");
    expectOk(await w.api.post("/v1/messages", { sender_identity_id: sender.identityId, to: many(20), cc: many(20), bcc: many(10), subject: "Hi", text: "x" }), 201);
  });

  test("the same address twice (any letter case): 422 duplicate", async () => {
    const { w, sender } = await setup();
    const [e] = await fieldError(w, { sender_identity_id: sender.identityId, to: ["ada@lumenpay.test"], cc: ["Ada@LUMENPAY.test"], subject: "Hi", text: "x" });
    expect(e).toMatchObject({ pointer: "/cc/0", code: "duplicate" });
  });

  test("send_at more than 365 days ahead: 422 on /send_at", async () => {
    const { w, sender } = await setup();
    const [e] = await fieldError(w, { sender_identity_id: sender.identityId, to: [uniqueEmail()], subject: "Hi", text: "x", send_at: new Date(app.clock.now() + 366 * 86_400_000).toISOString() });
    expect(e).toMatchObject({ pointer: "/send_at", code: "range" });
  });

  test("html and text over 1 MiB together: a 413 body over HTTP, a 422 from the service", async () => {
    const { w, sender } = await setup();
    const big = "x".repeat(600 * 1024);
    expectProblem(await w.api.post("/v1/messages", { sender_identity_id: sender.identityId, to: [uniqueEmail()], subject: "Hi", html: big, text: big }), 413, "payload_too_large");
    expect(() => createMessage(app.ctx, { workspaceId: w.id, senderIdentityId: sender.identityId, to: [uniqueEmail()], subject: "Hi", html: big, text: big })).toThrow(
      expect.objectContaining({ code: "validation_failed", errors: [expect.objectContaining({ pointer: "/html", code: "length" })] }),
    );
  });

  test("the service refuses what the schema refuses (CR/LF in the subject and an address)", async () => {
    const { w, sender } = await setup();
    expect(() => createMessage(app.ctx, { workspaceId: w.id, senderIdentityId: sender.identityId, to: ["a@b.test\r\n"], subject: "a\nb", text: "x" })).toThrow(
      expect.objectContaining({ errors: [expect.objectContaining({ pointer: "/to/0", code: "format" }), expect.objectContaining({ pointer: "/subject", code: "format" })] }),
    );
  });

  test("an unknown sender identity, or another workspace's: 404", async () => {
    const { w } = await setup();
    const other = await setup();
    for (const id of ["sid_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f", other.sender.identityId]) {
      expectProblem(await w.api.post("/v1/messages", { sender_identity_id: id, to: [uniqueEmail()], subject: "Hi", text: "x" }), 404, "not_found");
    }
  });

  test("a disabled identity: 422 on /sender_identity_id", async () => {
    const { w, sender } = await setup({ enabled: false });
    const [e] = await fieldError(w, { sender_identity_id: sender.identityId, to: [uniqueEmail()], subject: "Hi", text: "x" });
    expect(e).toMatchObject({ pointer: "/sender_identity_id", code: "invalid" });
    expect(e!.detail).toContain("disabled");
  });

  test("an identity of an archived connection: 422 on /sender_identity_id", async () => {
    const { w, sender } = await setup({ archived: true });
    const [e] = await fieldError(w, { sender_identity_id: sender.identityId, to: [uniqueEmail()], subject: "Hi", text: "x" });
    expect(e).toMatchObject({ pointer: "/sender_identity_id", code: "invalid" });
    expect(e!.detail).toContain("archived");
  });

  test("nothing is stored and no person is created for a refused message", async () => {
    const { w, sender } = await setup({ enabled: false });
    await fieldError(w, { sender_identity_id: sender.identityId, to: [uniqueEmail()], subject: "Hi", text: "x" });
    expect((await w.api.get("/v1/people")).body.data).toEqual([]);
    expect((await w.api.get("/v1/messages")).body.data).toEqual([]);
  });

  test("messages posted together are committed together; a refused one among them leaves no trace and stops none of the others", async () => {
    const { w, sender } = await setup();
    const disabled = await smtpSender(w, { enabled: false });
    const good = [uniqueEmail("lumenpay.test"), uniqueEmail("lumenpay.test"), uniqueEmail("lumenpay.test")];
    const refused = uniqueEmail("lumenpay.test");
    const answers = await Promise.all([
      ...good.map((to) => w.api.post("/v1/messages", { sender_identity_id: sender.identityId, to: [to], subject: "Hi", text: "x" })),
      w.api.post("/v1/messages", { sender_identity_id: disabled.identityId, to: [refused], subject: "Hi", text: "x" }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 422]);
    const listed = (await w.api.get("/v1/messages?limit=100")).body.data as { to: string[]; status: string }[];
    expect(listed.map((m) => m.to[0]).sort()).toEqual([...good].sort());
    expect(listed.every((m) => m.status === "queued")).toBe(true);
    const people = (await w.api.get("/v1/people?limit=100")).body.data as { email: string }[];
    expect(people.map((p) => p.email).sort()).toEqual([...good].sort());
    expect((await eventsOf(w, "message.queued")).length).toBe(3);
  });
});

describe("GET /v1/messages", () => {
  test("filters by status, person, connection and campaign", async () => {
    const { w, sender } = await setup();
    const other = await smtpSender(w);
    const a = await queueMessage(w, sender);
    const b = await queueMessage(w, other);
    setRow(b.id, { status: "sent", campaignId: "cmp_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f" });
    const ids = async (q: string) => (await w.api.get(`/v1/messages?${q}`)).body.data.map((m: any) => m.id);
    expect(await ids("status=queued")).toEqual([a.id]);
    expect(await ids("status=sent")).toEqual([b.id]);
    expect(await ids(`person_id=${a.person_id}`)).toEqual([a.id]);
    expect(await ids(`connection_id=${other.connectionId}`)).toEqual([b.id]);
    expect(await ids("campaign_id=cmp_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f")).toEqual([b.id]);
    expect(await ids(`status=queued&connection_id=${other.connectionId}`)).toEqual([]);
  });

  test("filters by creation time (created_after is strict, created_before too)", async () => {
    const { w, sender } = await setup();
    const t0 = app.clock.now();
    const a = await queueMessage(w, sender);
    app.clock.advance(60_000);
    const b = await queueMessage(w, sender);
    const iso = (ms: number) => new Date(ms).toISOString();
    const ids = async (q: string) => (await w.api.get(`/v1/messages?${q}`)).body.data.map((m: any) => m.id);
    expect(await ids(`created_after=${iso(t0)}`)).toEqual([b.id]);
    expect(await ids(`created_before=${iso(t0 + 60_000)}`)).toEqual([a.id]);
    expect(await ids(`created_after=${iso(t0 - 1)}&created_before=${iso(t0 + 60_001)}&order=asc`)).toEqual([a.id, b.id]);
  });

  test("a created_after that is no date-time is 422 on ?created_after", async () => {
    const { w } = await setup();
    const r = await w.api.get("/v1/messages?created_after=yesterday");
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors[0].pointer).toBe("?created_after");
  });

  test("walks cursor pages newest first, each message once", async () => {
    const { w, sender } = await setup();
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await queueMessage(w, sender)).id);
    const seen: string[] = [];
    let cursor = "";
    for (;;) {
      const page = (await w.api.get(`/v1/messages?limit=2&status=queued${cursor ? `&cursor=${cursor}` : ""}`)).body;
      seen.push(...page.data.map((m: any) => m.id));
      if (!page.meta.has_more) break;
      cursor = page.meta.next_cursor;
    }
    expect(seen).toEqual(made.reverse());
  });
});

/** An attempt row as the MTA writes it. */
function insertAttempt(w: TestWorkspace, messageId: string, number: number) {
  const id = newId("att");
  app.ctx.db
    .insert(messageAttempts)
    .values({
      id,
      workspaceId: w.id,
      messageId,
      number,
      state: "deferred",
      transport: "mx",
      destination: "lumenpay.test",
      host: "mx1.lumenpay.test",
      recipients: ["a@lumenpay.test"],
      rcptResponses: [{ address: "a@lumenpay.test", response: "250 2.1.5 Ok" }],
      response: `451 4.7.1 Try again later (${number})`,
      tls: true,
      startedAt: app.clock.now() + number,
      endedAt: app.clock.now() + number + 1,
    })
    .run();
  return id;
}

describe("GET /v1/messages/{id}", () => {
  test("shows the latest 10 attempts (answers verbatim) and the first 10 delivery events", async () => {
    const { w, sender } = await setup();
    const m = await queueMessage(w, sender);
    const attempts = Array.from({ length: 12 }, (_, i) => insertAttempt(w, m.id, i + 1));
    const events = transact(app.ctx, (tx, outbox) =>
      Array.from({ length: 12 }, (_, i) =>
        recordDeliveryEvent(app.ctx, tx, outbox, { workspaceId: w.id, messageId: m.id, personId: m.person_id, attemptId: attempts[i]!, type: "deferred", recipient: m.to[0], detail: `451 4.7.1 (${i + 1})`, occurredAt: app.clock.now() }),
      ),
    );
    const g = (await w.api.get(`/v1/messages/${m.id}`)).body;
    expect(g.attempts.map((a: any) => a.id)).toEqual(attempts.slice(2).reverse());
    expect(g.attempts[0]).toEqual({
      id: attempts[11],
      object: "attempt",
      message_id: m.id,
      number: 12,
      state: "deferred",
      transport: "mx",
      destination: "lumenpay.test",
      host: "mx1.lumenpay.test",
      recipients: ["a@lumenpay.test"],
      rcpt_responses: [{ address: "a@lumenpay.test", response: "250 2.1.5 Ok" }],
      response: "451 4.7.1 Try again later (12)",
      tls: true,
      started_at: new Date(app.clock.now() + 12).toISOString(),
      ended_at: new Date(app.clock.now() + 13).toISOString(),
    });
    expect(g.delivery_events.map((e: any) => e.id)).toEqual(events.slice(0, 10).map((e) => e.id));
    expect(g.delivery_events[0]).toMatchObject({ object: "delivery_event", type: "deferred", message_id: m.id, person_id: m.person_id, attempt_id: attempts[0], recipient: m.to[0], detail: "451 4.7.1 (1)", bounce: null });
  });

  test("shows the holds the MTA set and the ones released", async () => {
    const { w, sender } = await setup();
    const m = await queueMessage(w, sender);
    setRow(m.id, { holds: ["connection_paused"], releasedHolds: ["suppressed"], statusDetail: "the connection is paused" });
    expect((await w.api.get(`/v1/messages/${m.id}`)).body).toMatchObject({ holds: ["connection_paused"], released_holds: ["suppressed"], status_detail: "the connection is paused" });
  });

  test("an unknown message is 404", async () => {
    const { w } = await setup();
    expectProblem(await w.api.get("/v1/messages/msg_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f"), 404, "not_found");
  });
});

describe("POST /v1/messages/{id}/cancel", () => {
  test("a queued message (held or not) is cancelled, with message.cancelled", async () => {
    const { w, sender } = await setup();
    const m = await queueMessage(w, sender);
    setRow(m.id, { holds: ["quota"] });
    const c = await w.api.post(`/v1/messages/${m.id}/cancel`);
    expectOk(c);
    expect(c.body).toMatchObject({ status: "cancelled", holds: [], due_at: null });
    const [e] = await eventsOf(w, "message.cancelled");
    expect(e.data).toMatchObject({ id: m.id, status: "cancelled" });
  });

  test("is 409 for a message the MTA is sending right now, and for one already cancelled or sent", async () => {
    const { w, sender } = await setup();
    const m = await queueMessage(w, sender);
    setRow(m.id, { status: "sending", leaseOwner: "mta-1", leaseUntil: app.clock.now() + 60_000 });
    const r = await w.api.post(`/v1/messages/${m.id}/cancel`);
    expectProblem(r, 409, "invalid_state");
    expect(r.body.detail).toContain("being sent by the MTA right now");
    expect(row(m.id).status).toBe("sending");
    setRow(m.id, { status: "queued" });
    expectOk(await w.api.post(`/v1/messages/${m.id}/cancel`));
    expectProblem(await w.api.post(`/v1/messages/${m.id}/cancel`), 409, "invalid_state");
  });

  test("an unknown message is 404", async () => {
    const { w } = await setup();
    expectProblem(await w.api.post("/v1/messages/msg_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f/cancel"), 404, "not_found");
  });
});

describe("POST /v1/messages/{id}/release_holds", () => {
  test("moves the holds to released_holds (quota is never released) and makes it due now", async () => {
    const { w, sender } = await setup();
    const m = await queueMessage(w, sender, { send_at: new Date(app.clock.now() + 3_600_000).toISOString() });
    setRow(m.id, { holds: ["suppressed", "quota"], releasedHolds: ["person_blocked"], statusDetail: "x@y.test is suppressed" });
    app.clock.advance(1000);
    const r = await w.api.post(`/v1/messages/${m.id}/release_holds`);
    expectOk(r);
    expect(r.body).toMatchObject({ status: "queued", holds: [], status_detail: null, due_at: new Date(app.clock.now()).toISOString() });
    expect([...r.body.released_holds].sort()).toEqual(["person_blocked", "suppressed"]);
  });

  test("is 409 for a queued message without holds, and for a message that is not queued", async () => {
    const { w, sender } = await setup();
    const m = await queueMessage(w, sender);
    const none = await w.api.post(`/v1/messages/${m.id}/release_holds`);
    expectProblem(none, 409, "invalid_state");
    expect(none.body.detail).toContain("no holds");
    setRow(m.id, { status: "sent", holds: ["quota"] });
    expectProblem(await w.api.post(`/v1/messages/${m.id}/release_holds`), 409, "invalid_state");
  });

  test("an unknown message is 404", async () => {
    const { w } = await setup();
    expectProblem(await w.api.post("/v1/messages/msg_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f/release_holds"), 404, "not_found");
  });
});

describe("POST /v1/messages/{id}/resolve", () => {
  /** A message the MTA left uncertain: one recipient accepted, one whose fate is unknown. */
  async function uncertain(w: TestWorkspace, sender: TestSender) {
    const m = await queueMessage(w, sender, { to: ["a@lumenpay.test", "b@lumenpay.test"] });
    const recipients: MessageRecipient[] = [
      { address: "a@lumenpay.test", kind: "to", state: "sent", response: "250 ok" },
      { address: "b@lumenpay.test", kind: "to", state: "uncertain", response: "connection reset after DATA" },
    ];
    setRow(m.id, { status: "uncertain", recipients, statusDetail: "the connection ended after DATA" });
    return m;
  }

  test("sent: the message is sent (message.sent), its uncertain recipients too", async () => {
    const { w, sender } = await setup();
    const m = await uncertain(w, sender);
    const r = await w.api.post(`/v1/messages/${m.id}/resolve`, { outcome: "sent" });
    expectOk(r);
    expect(r.body).toMatchObject({ status: "sent", sent_at: new Date(app.clock.now()).toISOString() });
    expect(r.body.recipients.map((x: any) => [x.address, x.state])).toEqual([
      ["a@lumenpay.test", "sent"],
      ["b@lumenpay.test", "sent"],
    ]);
    expect((await eventsOf(w, "message.sent"))[0].data).toMatchObject({ id: m.id, status: "sent" });
  });

  test("not_sent: queued again, due now, the uncertain recipients pending (the MTA sends to them again)", async () => {
    const { w, sender } = await setup();
    const m = await uncertain(w, sender);
    app.clock.advance(5000);
    const r = await w.api.post(`/v1/messages/${m.id}/resolve`, { outcome: "not_sent" });
    expectOk(r);
    expect(r.body).toMatchObject({ status: "queued", holds: [], due_at: new Date(app.clock.now()).toISOString() });
    expect(r.body.recipients.map((x: any) => [x.address, x.state])).toEqual([
      ["a@lumenpay.test", "sent"],
      ["b@lumenpay.test", "pending"],
    ]);
    expect((await eventsOf(w, "message.queued")).map((e: any) => e.data.status)).toEqual(["queued", "queued"]);
  });

  test("is 409 for a message that is not uncertain", async () => {
    const { w, sender } = await setup();
    const m = await queueMessage(w, sender);
    const r = await w.api.post(`/v1/messages/${m.id}/resolve`, { outcome: "sent" });
    expectProblem(r, 409, "invalid_state");
    expect(r.body.detail).toContain("only an uncertain message");
  });

  test("an outcome other than sent or not_sent is 422", async () => {
    const { w, sender } = await setup();
    const m = await uncertain(w, sender);
    expectProblem(await w.api.post(`/v1/messages/${m.id}/resolve`, { outcome: "maybe" }), 422, "validation_failed");
  });

  test("an unknown message is 404", async () => {
    const { w } = await setup();
    expectProblem(await w.api.post("/v1/messages/msg_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f/resolve", { outcome: "sent" }), 404, "not_found");
  });
});

describe("people with messages", () => {
  test("cannot be deleted: 409 naming the messages", async () => {
    const { w, sender } = await setup();
    const m = await queueMessage(w, sender);
    const r = await w.api.delete(`/v1/people/${m.person_id}`);
    expectProblem(r, 409, "invalid_state");
    expect(r.body.detail).toContain("1 messages");
    const alone = await createPerson(w.api);
    expect((await w.api.delete(`/v1/people/${alone.id}`)).status).toBe(204);
  });
});

describe("exports of messages and attempts", () => {
  const download = async (e: any) => {
    const u = new URL(e.url);
    return (await fetch(`${app.url}${u.pathname}${u.search}`)).text();
  };

  test("messages as JSONL: each message as the list shows it, filters applied", async () => {
    const { w, sender } = await setup();
    const a = await queueMessage(w, sender);
    const b = await queueMessage(w, sender);
    setRow(b.id, { status: "sent" });
    const e = await afterJobs(app, w.api, `/v1/exports/${(await createExport(w.api, { resource: "messages", format: "jsonl", filters: { status: "queued" } })).id}`);
    expect(e).toMatchObject({ status: "ready", rows: 1 });
    const lines = (await download(e)).trim().split("\n").map((l) => JSON.parse(l));
    expect(lines).toEqual([(await w.api.get("/v1/messages?status=queued")).body.data[0]]);
    expect(lines[0].id).toBe(a.id);
  });

  test("messages as CSV: one column per field, address lists joined by ;", async () => {
    const { w, sender } = await setup();
    const m = await queueMessage(w, sender, { to: ["a@lumenpay.test", "b@lumenpay.test"] });
    const e = await afterJobs(app, w.api, `/v1/exports/${(await createExport(w.api, { resource: "messages", format: "csv" })).id}`);
    const [header, line] = (await download(e)).trim().split("\r\n");
    expect(header!.split(",").slice(0, 9)).toEqual(["id", "status", "status_detail", "holds", "from", "to", "cc", "bcc", "subject"]);
    expect(line).toStartWith(`${m.id},queued,,,Amara from Northwind <${sender.email}>,a@lumenpay.test;b@lumenpay.test,,,Quick question,`);
  });

  test("attempts as JSONL, by message", async () => {
    const { w, sender } = await setup();
    const m = await queueMessage(w, sender);
    const other = await queueMessage(w, sender);
    const id = insertAttempt(w, m.id, 1);
    insertAttempt(w, other.id, 1);
    const e = await afterJobs(app, w.api, `/v1/exports/${(await createExport(w.api, { resource: "attempts", format: "jsonl", filters: { message_id: m.id } })).id}`);
    const lines = (await download(e)).trim().split("\n").map((l) => JSON.parse(l));
    expect(lines).toEqual([(await w.api.get(`/v1/messages/${m.id}`)).body.attempts[0]]);
    expect(lines[0].id).toBe(id);
  });

  test("attempts as CSV: rcpt answers as JSON", async () => {
    const { w, sender } = await setup();
    const m = await queueMessage(w, sender);
    insertAttempt(w, m.id, 1);
    const e = await afterJobs(app, w.api, `/v1/exports/${(await createExport(w.api, { resource: "attempts", format: "csv" })).id}`);
    const [header, line] = (await download(e)).trim().split("\r\n");
    expect(header).toBe("id,message_id,number,state,transport,destination,host,recipients,rcpt_responses,response,tls,started_at,ended_at");
    expect(line).toContain(`,${m.id},1,deferred,mx,lumenpay.test,mx1.lumenpay.test,a@lumenpay.test,"[{""address"":""a@lumenpay.test"",""response"":""250 2.1.5 Ok""}]",451 4.7.1 Try again later (1),true,`);
  });

  test("a filter the list does not take is 422 on /filters/<name>; a bad time too", async () => {
    const { w } = await setup();
    const r = await w.api.post("/v1/exports", { resource: "messages", format: "csv", filters: { segment_id: "seg_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f" } });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors[0].pointer).toBe("/filters/segment_id");
    const t = await w.api.post("/v1/exports", { resource: "attempts", format: "csv", filters: { created_after: "soon" } });
    expectProblem(t, 422, "validation_failed");
    expect(t.body.errors[0].pointer).toBe("/filters/created_after");
  });

  test("need messages:read; people:read alone is 403", async () => {
    const w = app.newWorkspace();
    for (const resource of ["messages", "attempts", "delivery_events"]) {
      const r = await apiWithScopes(app, w, ["people:read"]).post("/v1/exports", { resource, format: "csv" });
      expectProblem(r, 403, "forbidden");
      expect(r.body.detail).toContain("messages:read");
      expectOk(await apiWithScopes(app, w, ["messages:read"]).post("/v1/exports", { resource, format: "csv" }), 202);
    }
  });
});

describe("scopes", () => {
  test("messages:read lists and reads; queuing and the actions need messages:write", async () => {
    const { w, sender } = await setup();
    const m = await queueMessage(w, sender);
    const ro = apiWithScopes(app, w, ["messages:read"]);
    expectOk(await ro.get("/v1/messages"));
    expectOk(await ro.get(`/v1/messages/${m.id}`));
    for (const [path, body] of [
      ["/v1/messages", { sender_identity_id: sender.identityId, to: [uniqueEmail()], subject: "Hi", text: "x" }],
      [`/v1/messages/${m.id}/cancel`, undefined],
      [`/v1/messages/${m.id}/release_holds`, undefined],
      [`/v1/messages/${m.id}/resolve`, { outcome: "sent" }],
    ] as const) {
      const r = await ro.post(path, body);
      expectProblem(r, 403, "forbidden");
      expect(r.body.detail).toContain("messages:write");
    }
    expectProblem(await apiWithScopes(app, w, ["people:read", "people:write"]).get("/v1/messages"), 403, "forbidden");
  });
});

describe("isolation", () => {
  test("a message is invisible to other workspaces and to the test twin", async () => {
    const a = await setup();
    const b = app.newWorkspace();
    const m = await queueMessage(a.w, a.sender);
    await expectIsolated([b.api, a.w.testApi], {
      resourcePath: `/v1/messages/${m.id}`,
      listPath: "/v1/messages",
      id: m.id,
      routes: [
        ["POST", `/v1/messages/${m.id}/cancel`],
        ["POST", `/v1/messages/${m.id}/release_holds`],
        ["POST", `/v1/messages/${m.id}/resolve`, { outcome: "sent" }],
      ],
    });
    expect(row(m.id).status).toBe("queued");
    const ws = and(eq(messages.workspaceId, b.id));
    expect(app.ctx.db.select().from(messages).where(ws).all()).toEqual([]);
  });
});
