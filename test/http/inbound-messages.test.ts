import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import type { InboundAuthentication, InboundReport } from "../../src/db/schema";
import { createExport as createExportRow } from "../../src/modules/audience/exports/exports";
import { transact } from "../../src/modules/events/outbox";
import { recordDeliveryEvent } from "../../src/modules/messages/delivery-events";
import { INBOUND_MESSAGE_EXAMPLE, InboundMessageSchema, inboundMessageView } from "../../src/representations/inbound-message";
import { startTestApp, type TestApp, type TestWorkspace } from "../helpers/app";
import { afterJobs, apiWithScopes, createExport, type Made } from "../helpers/factory";
import { expectOk, expectProblem } from "../helpers/http";
import { replyText, seedInbound } from "../helpers/inbound";
import { expectIsolated } from "../helpers/isolation";
import { queueMessage, smtpSender } from "../helpers/sending";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
// the job runner is the file's: no test leaves a queued export for the next one
afterEach(() => app.running.runner.drain());
afterAll(() => app.close());

const iso = (ms: number) => new Date(ms).toISOString();
const UNKNOWN = "inm_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f";

/** A workspace with one queued message (its person created by address). */
async function withMessage() {
  const w = app.newWorkspace();
  const m = await queueMessage(w, await smtpSender(w));
  return { w, m };
}

const AUTH: InboundAuthentication = {
  spf: { result: "pass", domain: "mx1.veltrix.test" },
  dkim: [
    { result: "pass", domain: "veltrix.test", selector: "mx2026" },
    { result: "fail", domain: "relay.test", selector: "s1" },
  ],
  dmarc: { result: "pass", domain: "veltrix.test", policy: "reject" },
  arc: { result: "none" },
  header: "nearbound.test; spf=pass smtp.helo=mx1.veltrix.test; dkim=pass header.i=@veltrix.test; dmarc=pass header.from=veltrix.test",
};

/** A processed hard bounce of `m` (VERP-matched), and the delivery event the ingest records for it. */
function bounceOf(w: TestWorkspace, m: Made, over: Parameters<typeof seedInbound>[2] = {}) {
  const verp = `b+${m.id.slice(4)}.abcdefgh@bounce.sender.test`;
  const report: InboundReport = {
    format: "dsn",
    feedbackType: null,
    originalMessageId: `<${m.id}@sender.test>`,
    recipients: [{ address: m.to[0], kind: "failed", hard: true, reason: "user_unknown", status: "5.1.1", diagnostic: "smtp; 550 5.1.1 User unknown", remoteMta: "dns; mx1.veltrix.test" }],
  };
  const row = seedInbound(app.ctx, w.id, {
    kind: "bounce",
    mailFrom: "",
    rcptTo: [verp],
    fromHeader: "Mail Delivery System <MAILER-DAEMON@mx1.veltrix.test>",
    toHeader: verp,
    subject: "Undelivered Mail Returned to Sender",
    authentication: AUTH,
    report,
    matchedBy: "verp",
    messageId: m.id,
    personId: m.person_id,
    ...over,
  });
  const event = transact(app.ctx, (tx, outbox) =>
    recordDeliveryEvent(app.ctx, tx, outbox, {
      workspaceId: w.id,
      messageId: m.id,
      personId: m.person_id,
      attemptId: null,
      inboundMessageId: row.id,
      type: "bounced",
      recipient: m.to[0],
      bounce: { kind: "hard", reason: "user_unknown", diagnosticCode: "smtp; 550 5.1.1 User unknown" },
      detail: "550 5.1.1 User unknown",
      occurredAt: app.clock.now(),
    }),
  );
  return { row, event };
}

const ids = async (w: TestWorkspace, q = "") => (await w.api.get(`/v1/inbound_messages${q ? `?${q}` : ""}`)).body.data.map((x: any) => x.id);

describe("GET /v1/inbound_messages/{id}", () => {
  test("a processed bounce: envelope, authentication, report, the match and the delivery events it brought", async () => {
    const { w, m } = await withMessage();
    const { row, event } = bounceOf(w, m);
    const r = await w.api.get(`/v1/inbound_messages/${row.id}`);
    expectOk(r);
    expect(r.body).toEqual({
      id: row.id,
      object: "inbound_message",
      state: "processed",
      kind: "bounce",
      from: "Mail Delivery System <MAILER-DAEMON@mx1.veltrix.test>",
      to: row.toHeader,
      subject: "Undelivered Mail Returned to Sender",
      message_id_header: row.messageIdHeader,
      in_reply_to: null,
      received_at: iso(app.clock.now()),
      size: row.size,
      envelope: { mail_from: "", rcpt_to: [row.toHeader], remote_address: "127.0.0.1", helo: "mail.example.org", tls: true },
      authentication: {
        spf: { result: "pass", domain: "mx1.veltrix.test" },
        dkim: [
          { result: "pass", domain: "veltrix.test", selector: "mx2026" },
          { result: "fail", domain: "relay.test", selector: "s1" },
        ],
        dmarc: { result: "pass", domain: "veltrix.test", policy: "reject" },
        arc: { result: "none" },
        header: AUTH.header,
      },
      report: {
        format: "dsn",
        feedback_type: null,
        original_message_id: `<${m.id}@sender.test>`,
        recipients: [{ address: m.to[0], kind: "failed", hard: true, reason: "user_unknown", status: "5.1.1", diagnostic: "smtp; 550 5.1.1 User unknown", remote_mta: "dns; mx1.veltrix.test" }],
      },
      matched_by: "verp",
      message_id: m.id,
      person_id: m.person_id,
      delivery_event_ids: [event.id],
      source: "smtp",
      connection_id: null,
      folder: null,
      thread_id: null,
      campaign_id: null,
      classification: null,
      sentiment: null,
      intent: null,
      verdict_by: null,
      return_at: null,
      proposal: null,
      text: null,
      read: false,
      raw_url: `/v1/inbound_messages/${row.id}/raw`,
      processed_at: iso(app.clock.now()),
      created_at: iso(app.clock.now()),
    });
    expect(Value.Check(InboundMessageSchema, r.body)).toBe(true);
    // and the delivery event points back at it
    expect((await w.api.get(`/v1/delivery_events/${event.id}`)).body.inbound_message_id).toBe(row.id);
  });

  test("a message not yet through the ingest: received, with kind, authentication, report and match null", async () => {
    const w = app.newWorkspace();
    const row = seedInbound(app.ctx, w.id, { state: "received", kind: null, processedAt: null });
    const r = await w.api.get(`/v1/inbound_messages/${row.id}`);
    expectOk(r);
    expect(r.body).toMatchObject({ state: "received", kind: null, authentication: null, report: null, matched_by: null, message_id: null, person_id: null, delivery_event_ids: [], processed_at: null });
    expect(Value.Check(InboundMessageSchema, r.body)).toBe(true);
  });

  test("the representation's example is valid against its schema", () => {
    if (!Value.Check(InboundMessageSchema, INBOUND_MESSAGE_EXAMPLE)) throw new Error(JSON.stringify([...Value.Errors(InboundMessageSchema, INBOUND_MESSAGE_EXAMPLE)].slice(0, 3)));
  });

  test("an unknown inbound message is 404, as is an id of another resource", async () => {
    const w = app.newWorkspace();
    expectProblem(await w.api.get(`/v1/inbound_messages/${UNKNOWN}`), 404, "not_found");
    expectProblem(await w.api.get("/v1/inbound_messages/msg_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f"), 404, "not_found");
  });
});

describe("GET /v1/inbound_messages/{id}/raw", () => {
  test("answers the bytes exactly as they arrived, as message/rfc822 to save as <id>.eml", async () => {
    const w = app.newWorkspace();
    // CRLF, 8-bit Latin-1 bytes that are no UTF-8, a NUL and a lone LF: nothing is decoded or normalised
    const raw = Buffer.concat([Buffer.from(replyText("Zoë <zoe@example.org>")), Buffer.from([0xe9, 0x0d, 0x0a, 0x00, 0x0a, 0xff])]);
    const row = seedInbound(app.ctx, w.id, { raw });
    const res = await fetch(`${app.url}/v1/inbound_messages/${row.id}/raw`, { headers: { authorization: `Bearer ${w.apiKey}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("message/rfc822");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${row.id}.eml"`);
    expect(res.headers.get("x-request-id")).toBeTruthy();
    expect(Buffer.from(await res.arrayBuffer()).equals(raw)).toBe(true);
    expect((await w.api.get(`/v1/inbound_messages/${row.id}`)).body.size).toBe(raw.length);
  });

  test("404 for an unknown message, and for one whose bytes are missing", async () => {
    const w = app.newWorkspace();
    expectProblem(await w.api.get(`/v1/inbound_messages/${UNKNOWN}/raw`), 404, "not_found");
    const bare = seedInbound(app.ctx, w.id, { raw: null });
    expectProblem(await w.api.get(`/v1/inbound_messages/${bare.id}/raw`), 404, "not_found");
  });
});

describe("GET /v1/inbound_messages", () => {
  test("newest first by default, oldest first on request, and walks pages", async () => {
    const w = app.newWorkspace();
    const a = seedInbound(app.ctx, w.id);
    const b = seedInbound(app.ctx, w.id);
    const c = seedInbound(app.ctx, w.id);
    expect(await ids(w)).toEqual([c.id, b.id, a.id]);
    expect(await ids(w, "order=asc")).toEqual([a.id, b.id, c.id]);
    const first = (await w.api.get("/v1/inbound_messages?limit=2&include=total_count")).body;
    expect(first.data.map((x: any) => x.id)).toEqual([c.id, b.id]);
    expect(first.meta).toMatchObject({ has_more: true, total_count: 3 });
    const second = (await w.api.get(`/v1/inbound_messages?limit=2&cursor=${first.meta.next_cursor}`)).body;
    expect(second.data.map((x: any) => x.id)).toEqual([a.id]);
    expect(second.meta.has_more).toBe(false);
  });

  test("each item is the representation GET one answers, delivery event ids included", async () => {
    const { w, m } = await withMessage();
    const { row } = bounceOf(w, m);
    const [item] = (await w.api.get("/v1/inbound_messages")).body.data;
    expect(item).toEqual((await w.api.get(`/v1/inbound_messages/${row.id}`)).body);
  });

  test("filters by kind, message and person", async () => {
    const { w, m } = await withMessage();
    const other = await queueMessage(w, await smtpSender(w));
    const { row: bounce } = bounceOf(w, m);
    const complaint = seedInbound(app.ctx, w.id, { kind: "complaint", matchedBy: "verp", messageId: other.id, personId: other.person_id });
    const reply = seedInbound(app.ctx, w.id, { kind: "other", matchedBy: "message_id", messageId: m.id, personId: m.person_id });
    seedInbound(app.ctx, w.id, { kind: "auto_reply" });
    expect(await ids(w, "kind=bounce")).toEqual([bounce.id]);
    expect(await ids(w, "kind=complaint")).toEqual([complaint.id]);
    expect(await ids(w, "kind=unsubscribe")).toEqual([]);
    expect(await ids(w, `message_id=${m.id}`)).toEqual([reply.id, bounce.id]);
    expect(await ids(w, `person_id=${other.person_id}`)).toEqual([complaint.id]);
    expect(await ids(w, `kind=other&message_id=${m.id}`)).toEqual([reply.id]);
  });

  test("filters by the time received (on a reader thread), with the other filters and pages", async () => {
    const w = app.newWorkspace();
    const t0 = app.clock.now();
    const a = seedInbound(app.ctx, w.id, { receivedAt: t0 - 2000 });
    const b = seedInbound(app.ctx, w.id, { receivedAt: t0, kind: "bounce" });
    const c = seedInbound(app.ctx, w.id, { receivedAt: t0 + 1000 });
    const d = seedInbound(app.ctx, w.id, { receivedAt: t0 + 2000 });
    expect(await ids(w, `received_after=${iso(t0)}`)).toEqual([d.id, c.id]);
    expect(await ids(w, `received_before=${iso(t0)}`)).toEqual([a.id]);
    expect(await ids(w, `received_after=${iso(t0 - 1)}&received_before=${iso(t0 + 1500)}&order=asc`)).toEqual([b.id, c.id]);
    expect(await ids(w, `received_after=${iso(t0 - 1)}&kind=bounce`)).toEqual([b.id]);
    const first = (await w.api.get(`/v1/inbound_messages?received_after=${iso(t0 - 3000)}&limit=3`)).body;
    expect(first.data.map((x: any) => x.id)).toEqual([d.id, c.id, b.id]);
    const second = (await w.api.get(`/v1/inbound_messages?received_after=${iso(t0 - 3000)}&limit=3&cursor=${first.meta.next_cursor}`)).body;
    expect(second.data.map((x: any) => x.id)).toEqual([a.id]);
    // a cursor is bound to its filters
    expectProblem(await w.api.get(`/v1/inbound_messages?limit=3&cursor=${first.meta.next_cursor}`), 400, "invalid_request");
  });

  test("a bad filter is 422 naming it", async () => {
    const w = app.newWorkspace();
    const kind = await w.api.get("/v1/inbound_messages?kind=spam");
    expectProblem(kind, 422, "validation_failed");
    expect(JSON.stringify(kind.body.errors)).toContain("kind");
    const time = await w.api.get("/v1/inbound_messages?received_after=yesterday");
    expectProblem(time, 422, "validation_failed");
    expect(JSON.stringify(time.body.errors)).toContain("received_after");
    expectProblem(await w.api.get("/v1/inbound_messages?person_id=msg_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f"), 422, "validation_failed");
    expectProblem(await w.api.get("/v1/inbound_messages?thread_id=msg_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f"), 422, "validation_failed");
    expectProblem(await w.api.get("/v1/inbound_messages?intent=curious"), 422, "validation_failed");
    expectProblem(await w.api.get("/v1/inbound_messages?unknown_filter=1"), 422, "validation_failed");
  });
});

describe("scope inbox:read", () => {
  test("every route needs it; it is enough", async () => {
    const w = app.newWorkspace();
    const row = seedInbound(app.ctx, w.id);
    const reader = apiWithScopes(app, w, ["inbox:read"]);
    expectOk(await reader.get("/v1/inbound_messages"));
    expectOk(await reader.get(`/v1/inbound_messages/${row.id}`));
    expectOk(await reader.get(`/v1/inbound_messages/${row.id}/raw`));
    const other = apiWithScopes(app, w, ["messages:read", "people:read", "inbox:write"]);
    for (const path of ["/v1/inbound_messages", `/v1/inbound_messages/${row.id}`, `/v1/inbound_messages/${row.id}/raw`]) {
      const r = await other.get(path);
      expectProblem(r, 403, "forbidden");
      expect(r.body.detail).toContain("inbox:read");
    }
  });
});

describe("isolation", () => {
  test("an inbound message and its raw bytes are invisible to other workspaces and to the test twin", async () => {
    const { w, m } = await withMessage();
    const b = app.newWorkspace();
    const { row } = bounceOf(w, m);
    await expectIsolated([b.api, w.testApi], { resourcePath: `/v1/inbound_messages/${row.id}`, listPath: "/v1/inbound_messages", id: row.id, routes: [["GET", `/v1/inbound_messages/${row.id}/raw`]] });
    for (const api of [b.api, w.testApi]) {
      expect((await api.get(`/v1/inbound_messages?message_id=${m.id}`)).body.data).toEqual([]);
      expect((await api.get(`/v1/inbound_messages?received_after=${iso(app.clock.now() - 60_000)}`)).body.data).toEqual([]);
    }
  });

  test("another workspace's delivery events never show as this message's", async () => {
    const w = app.newWorkspace();
    const row = seedInbound(app.ctx, w.id, { kind: "bounce" });
    const { w: b, m: bm } = await withMessage();
    // a (misdirected) event in workspace b naming w's inbound message
    transact(app.ctx, (tx, outbox) =>
      recordDeliveryEvent(app.ctx, tx, outbox, { workspaceId: b.id, messageId: bm.id, personId: bm.person_id, attemptId: null, inboundMessageId: row.id, type: "complained", recipient: bm.to[0], detail: null, occurredAt: app.clock.now() }),
    );
    expect((await w.api.get(`/v1/inbound_messages/${row.id}`)).body.delivery_event_ids).toEqual([]);
    expect((await w.api.get("/v1/inbound_messages")).body.data[0].delivery_event_ids).toEqual([]);
  });
});

describe("inbound_message.received", () => {
  test("carries the inbound message as GET one answers it (what the ingest emits)", async () => {
    const { w, m } = await withMessage();
    const { row, event } = bounceOf(w, m);
    transact(app.ctx, (_tx, outbox) => outbox.emit({ workspaceId: w.id, type: "inbound_message.received", data: inboundMessageView(row, [event.id]) }));
    const [emitted] = (await w.api.get("/v1/events?type=inbound_message.received")).body.data;
    expect(emitted.data).toEqual((await w.api.get(`/v1/inbound_messages/${row.id}`)).body);
    expect(Value.Check(InboundMessageSchema, emitted.data)).toBe(true);
  });

  test("a synthetic one is sample data of the declared shape", async () => {
    const w = app.newWorkspace();
    const r = await w.api.post("/v1/events", { type: "inbound_message.received" }, { "idempotency-key": `evt-${crypto.randomUUID()}` });
    expectOk(r, 201);
    const data = r.body.data;
    expect(Value.Check(InboundMessageSchema, data)).toBe(true);
    expect(data).toMatchObject({ object: "inbound_message", kind: "bounce", raw_url: `/v1/inbound_messages/${data.id}/raw` });
  });
});

describe("exports of inbound messages", () => {
  const download = async (e: any) => {
    const u = new URL(e.url);
    return (await fetch(`${app.url}${u.pathname}${u.search}`)).text();
  };

  test("as JSONL: each message as the API shows it, oldest first", async () => {
    const { w, m } = await withMessage();
    const { row: bounce } = bounceOf(w, m);
    const reply = seedInbound(app.ctx, w.id);
    const e = await afterJobs(app, w.api, `/v1/exports/${(await createExport(w.api, { resource: "inbound_messages", format: "jsonl" })).id}`);
    expect(e).toMatchObject({ status: "ready", rows: 2, resource: "inbound_messages" });
    const lines = (await download(e)).trim().split("\n").map((l) => JSON.parse(l));
    expect(lines).toEqual([(await w.api.get(`/v1/inbound_messages/${bounce.id}`)).body, (await w.api.get(`/v1/inbound_messages/${reply.id}`)).body]);
  });

  test("as CSV: the envelope and authentication flattened to columns", async () => {
    const { w, m } = await withMessage();
    const { row } = bounceOf(w, m);
    const e = await afterJobs(app, w.api, `/v1/exports/${(await createExport(w.api, { resource: "inbound_messages", format: "csv" })).id}`);
    const [header, line, more] = (await download(e)).split("\r\n");
    expect(header).toBe("id,state,kind,from,to,subject,message_id_header,received_at,mail_from,rcpt_to,remote_address,spf,dkim,dmarc,matched_by,message_id,person_id,size,classification,sentiment,intent,verdict_by,thread_id,campaign_id,source");
    expect(line).toBe(
      [row.id, "processed", "bounce", row.fromHeader, row.toHeader, row.subject, row.messageIdHeader, iso(row.receivedAt), "", row.toHeader, "127.0.0.1", "pass", "pass;fail", "pass", "verp", m.id, m.person_id, row.size, "", "", "", "", "", "", "smtp"].join(","),
    );
    expect(more).toBe("");
  });

  test("the list's filters select the rows (kind, received range)", async () => {
    const w = app.newWorkspace();
    const t0 = app.clock.now();
    seedInbound(app.ctx, w.id, { kind: "auto_reply", receivedAt: t0 - 5000 });
    const bounce = seedInbound(app.ctx, w.id, { kind: "bounce", receivedAt: t0 });
    seedInbound(app.ctx, w.id, { kind: "bounce", receivedAt: t0 - 5000 });
    // the domain call POST /v1/exports makes, with the filters it stores
    const exp = createExportRow(app.ctx, { workspaceId: w.id, resource: "inbound_messages", format: "jsonl", filters: { kind: "bounce", received_after: iso(t0 - 1000) } });
    const e = await afterJobs(app, w.api, `/v1/exports/${exp.id}`);
    expect(e).toMatchObject({ status: "ready", rows: 1 });
    expect(JSON.parse((await download(e)).trim()).id).toBe(bounce.id);
    expect(() => createExportRow(app.ctx, { workspaceId: w.id, resource: "inbound_messages", format: "csv", filters: { received_before: "last week" } })).toThrow("received_before");
  });

  test("needs inbox:read", async () => {
    const w = app.newWorkspace();
    const r = await apiWithScopes(app, w, ["messages:read", "people:read"]).post("/v1/exports", { resource: "inbound_messages", format: "csv" });
    expectProblem(r, 403, "forbidden");
    expect(r.body.detail).toContain("inbox:read");
    expectOk(await apiWithScopes(app, w, ["inbox:read"]).post("/v1/exports", { resource: "inbound_messages", format: "csv" }), 202);
  });

  test("an export holds only its workspace's messages", async () => {
    const w = app.newWorkspace();
    const mine = seedInbound(app.ctx, w.id);
    seedInbound(app.ctx, app.newWorkspace().id);
    seedInbound(app.ctx, w.testId);
    const e = await afterJobs(app, w.api, `/v1/exports/${(await createExport(w.api, { resource: "inbound_messages", format: "jsonl" })).id}`);
    expect((await download(e)).trim().split("\n").map((l) => JSON.parse(l).id)).toEqual([mine.id]);
  });
});
