import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { recordDeliveryEvent, type NewDeliveryEvent } from "../../src/modules/messages/delivery-events";
import { transact } from "../../src/modules/events/outbox";
import { startTestApp, type TestApp, type TestWorkspace } from "../helpers/app";
import { afterJobs, apiWithScopes, createExport, createPerson, createSuppression, uniqueEmail, type Made } from "../helpers/factory";
import { expectOk, expectProblem } from "../helpers/http";
import { expectIsolated } from "../helpers/isolation";
import { queueMessage, smtpSender } from "../helpers/sending";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** A workspace with one queued message to `to` (its person created by address). */
async function withMessage(over: Record<string, unknown> = {}) {
  const w = app.newWorkspace();
  const sender = await smtpSender(w);
  const m = await queueMessage(w, sender, over);
  return { w, m };
}

const record = (w: TestWorkspace, m: Made, e: Partial<NewDeliveryEvent> = {}) =>
  transact(app.ctx, (tx, outbox) =>
    recordDeliveryEvent(app.ctx, tx, outbox, { workspaceId: w.id, messageId: m.id, personId: m.person_id, attemptId: null, type: "delivered", recipient: m.to[0]!, detail: "250 2.0.0 OK", occurredAt: app.clock.now(), ...e }),
  );

const HARD = { type: "bounced" as const, detail: "550 5.1.1 <x>: Recipient address rejected: User unknown", bounce: { kind: "hard" as const, reason: "user_unknown", diagnosticCode: "smtp; 550 5.1.1 User unknown" } };
const eventsOf = async (w: TestWorkspace, type: string) => (await w.api.get(`/v1/events?type=${type}&limit=100`)).body.data;
const suppressionsOf = async (w: TestWorkspace, email: string) => (await w.api.get(`/v1/suppressions?email=${encodeURIComponent(email)}`)).body.data;

describe("recordDeliveryEvent", () => {
  test("stores the evidence and emits delivery_event.recorded with it", async () => {
    const { w, m } = await withMessage();
    const e = record(w, m, { occurredAt: app.clock.now() - 5000 });
    const [emitted] = await eventsOf(w, "delivery_event.recorded");
    const shown = (await w.api.get(`/v1/delivery_events/${e.id}`)).body;
    expect(emitted.data).toEqual(shown);
    expect(shown).toEqual({
      id: e.id,
      object: "delivery_event",
      message_id: m.id,
      person_id: m.person_id,
      type: "delivered",
      bounce: null,
      url: null,
      machine: null,
      machine_reason: null,
      detail: "250 2.0.0 OK",
      recipient: m.to[0],
      attempt_id: null,
      inbound_message_id: null,
      occurred_at: new Date(app.clock.now() - 5000).toISOString(),
      created_at: new Date(app.clock.now()).toISOString(),
    });
  });

  test("a hard bounce suppresses the address (hard_bounce, evidence pointing at the event) and marks the person bounced", async () => {
    const { w, m } = await withMessage();
    const e = record(w, m, HARD);
    const [s] = await suppressionsOf(w, m.to[0]!);
    expect(s).toMatchObject({ email: m.to[0], reason: "hard_bounce", evidence: { delivery_event_id: e.id, message_id: m.id, diagnostic_code: "smtp; 550 5.1.1 User unknown" } });
    expect((await eventsOf(w, "suppression.created"))[0].data).toMatchObject({ id: s.id, reason: "hard_bounce" });
    expect((await w.api.get(`/v1/people/${m.person_id}`)).body.status).toBe("bounced");
    expect((await w.api.get(`/v1/delivery_events/${e.id}`)).body.bounce).toEqual({ kind: "hard", reason: "user_unknown", diagnostic_code: "smtp; 550 5.1.1 User unknown" });
  });

  test("a hard bounce of a cc'd person marks that person bounced, not the message's person", async () => {
    const cc = uniqueEmail("lumenpay.test");
    const { w, m } = await withMessage({ cc: [cc] });
    const ccPerson = await createPerson(w.api, { email: cc });
    record(w, m, { ...HARD, recipient: cc, personId: null });
    expect((await w.api.get(`/v1/people/${ccPerson.id}`)).body.status).toBe("bounced");
    expect((await w.api.get(`/v1/people/${m.person_id}`)).body.status).toBe("active");
    expect(await suppressionsOf(w, m.to[0]!)).toEqual([]);
  });

  test("idempotent on the suppression: a second hard bounce keeps the first; a manual one takes the evidence", async () => {
    const { w, m } = await withMessage();
    const first = record(w, m, HARD);
    record(w, m, HARD);
    const kept = await suppressionsOf(w, m.to[0]!);
    expect(kept).toHaveLength(1);
    expect(kept[0].evidence.delivery_event_id).toBe(first.id);

    const other = await withMessage();
    await createSuppression(other.w.api, { email: other.m.to[0] });
    const e = record(other.w, other.m, HARD);
    const [s] = await suppressionsOf(other.w, other.m.to[0]!);
    expect(s).toMatchObject({ reason: "hard_bounce", evidence: { delivery_event_id: e.id } });
  });

  test("a soft bounce is evidence only: no suppression, the person stays active", async () => {
    const { w, m } = await withMessage();
    record(w, m, { type: "bounced", bounce: { kind: "soft", reason: "mailbox_full", diagnosticCode: "smtp; 452 4.2.2 Mailbox full" } });
    expect(await suppressionsOf(w, m.to[0]!)).toEqual([]);
    expect((await w.api.get(`/v1/people/${m.person_id}`)).body.status).toBe("active");
  });

  test("an unsubscribed person stays unsubscribed (the address is suppressed all the same)", async () => {
    const { w, m } = await withMessage();
    app.ctx.db.$client.run("UPDATE people SET status = 'unsubscribed' WHERE id = ?", [m.person_id]);
    record(w, m, HARD);
    expect((await w.api.get(`/v1/people/${m.person_id}`)).body.status).toBe("unsubscribed");
    expect(await suppressionsOf(w, m.to[0]!)).toHaveLength(1);
  });
});

describe("GET /v1/delivery_events", () => {
  test("filters by message, person and type", async () => {
    const { w, m } = await withMessage();
    const other = await queueMessage(w, await smtpSender(w));
    const delivered = record(w, m);
    const bounced = record(w, m, HARD);
    const elsewhere = record(w, other);
    const ids = async (q: string) => (await w.api.get(`/v1/delivery_events?${q}`)).body.data.map((e: any) => e.id);
    expect(await ids(`message_id=${m.id}`)).toEqual([bounced.id, delivered.id]);
    expect(await ids(`person_id=${other.person_id}`)).toEqual([elsewhere.id]);
    expect(await ids("type=bounced")).toEqual([bounced.id]);
    expect(await ids(`type=delivered&message_id=${m.id}`)).toEqual([delivered.id]);
  });

  test("filters by creation time and walks pages", async () => {
    const { w, m } = await withMessage();
    const t0 = app.clock.now();
    const a = record(w, m);
    app.clock.advance(1000);
    const b = record(w, m);
    const c = record(w, m);
    const iso = (ms: number) => new Date(ms).toISOString();
    const ids = async (q: string) => (await w.api.get(`/v1/delivery_events?${q}`)).body.data.map((e: any) => e.id);
    expect(await ids(`created_after=${iso(t0)}&order=asc`)).toEqual([b.id, c.id]);
    expect(await ids(`created_before=${iso(t0 + 1)}`)).toEqual([a.id]);
    const first = (await w.api.get("/v1/delivery_events?limit=2")).body;
    expect(first.data.map((e: any) => e.id)).toEqual([c.id, b.id]);
    const second = (await w.api.get(`/v1/delivery_events?limit=2&cursor=${first.meta.next_cursor}`)).body;
    expect(second.data.map((e: any) => e.id)).toEqual([a.id]);
    expect(second.meta.has_more).toBe(false);
  });

  test("an unknown type is 422", async () => {
    const { w } = await withMessage();
    expectProblem(await w.api.get("/v1/delivery_events?type=exploded"), 422, "validation_failed");
  });

  test("an unknown delivery event is 404", async () => {
    const { w } = await withMessage();
    expectProblem(await w.api.get("/v1/delivery_events/dev_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f"), 404, "not_found");
  });

  test("need messages:read", async () => {
    const { w, m } = await withMessage();
    const e = record(w, m);
    expectOk(await apiWithScopes(app, w, ["messages:read"]).get(`/v1/delivery_events/${e.id}`));
    const r = await apiWithScopes(app, w, ["people:read"]).get("/v1/delivery_events");
    expectProblem(r, 403, "forbidden");
    expect(r.body.detail).toContain("messages:read");
  });
});

describe("exports of delivery events", () => {
  const download = async (e: any) => {
    const u = new URL(e.url);
    return (await fetch(`${app.url}${u.pathname}${u.search}`)).text();
  };

  test("as JSONL: each event as the API shows it, filters applied", async () => {
    const { w, m } = await withMessage();
    record(w, m);
    const bounced = record(w, m, HARD);
    const e = await afterJobs(app, w.api, `/v1/exports/${(await createExport(w.api, { resource: "delivery_events", format: "jsonl", filters: { type: "bounced" } })).id}`);
    expect(e).toMatchObject({ status: "ready", rows: 1 });
    expect((await download(e)).trim().split("\n").map((l) => JSON.parse(l))).toEqual([(await w.api.get(`/v1/delivery_events/${bounced.id}`)).body]);
  });

  test("as CSV: the bounce in three columns", async () => {
    const { w, m } = await withMessage();
    const bounced = record(w, m, HARD);
    const e = await afterJobs(app, w.api, `/v1/exports/${(await createExport(w.api, { resource: "delivery_events", format: "csv" })).id}`);
    const [header, line] = (await download(e)).trim().split("\r\n");
    expect(header).toBe("id,message_id,person_id,type,recipient,attempt_id,inbound_message_id,bounce_kind,bounce_reason,diagnostic_code,url,machine,machine_reason,detail,occurred_at,created_at");
    expect(line).toStartWith(`${bounced.id},${m.id},${m.person_id},bounced,${m.to[0]},,,hard,user_unknown,smtp; 550 5.1.1 User unknown,,,,550 5.1.1 <x>: Recipient address rejected: User unknown,`);
  });
});

describe("isolation", () => {
  test("a delivery event is invisible to other workspaces and to the test twin", async () => {
    const { w, m } = await withMessage();
    const b = app.newWorkspace();
    const e = record(w, m);
    await expectIsolated([b.api, w.testApi], { resourcePath: `/v1/delivery_events/${e.id}`, listPath: "/v1/delivery_events", id: e.id });
    const filtered = await b.api.get(`/v1/delivery_events?message_id=${m.id}`);
    expect(filtered.body.data).toEqual([]);
  });
});
