import { describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { purgeAutomation, RETENTION_MS } from "../../src/modules/automation/retention";
import { EVENT_TYPES, eventTypeInfo } from "../../src/modules/automation/event-types";
import { transact } from "../../src/modules/events/outbox";
import { createKey } from "../../src/modules/workspaces/workspaces";
import { startTestApp, type TestWorkspace } from "../helpers/app";
import { expectOk, expectProblem, until, type Api } from "../helpers/http";
import { expectIsolated } from "../helpers/isolation";
import { useReceiverApp, verifyWith } from "../helpers/webhook-receiver";
import { deliverDue } from "../../src/modules/automation/webhooks/worker";

const env = useReceiverApp();

const synth = (api: Api, body: Record<string, unknown>, key: string = crypto.randomUUID()) => api.post("/v1/events", body, { "idempotency-key": key });
const emit = (w: TestWorkspace, type = "import.completed", data: unknown = { n: 1 }) =>
  transact(env.app.ctx, (_tx, outbox) => outbox.emit({ workspaceId: w.id, type, data }));
const ids = (a: { body: { data: { id: string }[] } }) => a.body.data.map((e) => e.id);

describe("GET /v1/events", () => {
  test("newest first; after= gives only later events, oldest first; order, type and created range filter", async () => {
    const w = env.app.newWorkspace();
    const e1 = emit(w, "import.completed");
    env.app.clock.advance(60_000);
    const e2 = emit(w, "export.completed");
    env.app.clock.advance(60_000);
    const e3 = emit(w, "import.completed");
    expect(ids(await w.api.get("/v1/events"))).toEqual([e3.id, e2.id, e1.id]);
    expect(ids(await w.api.get(`/v1/events?after=${e1.id}`))).toEqual([e2.id, e3.id]);
    expect(ids(await w.api.get(`/v1/events?after=${e1.id}&order=desc`))).toEqual([e3.id, e2.id]);
    expect(ids(await w.api.get("/v1/events?type=import.completed"))).toEqual([e3.id, e1.id]);
    const t2 = new Date(e2.createdAt).toISOString();
    expect(ids(await w.api.get(`/v1/events?created_gte=${t2}`))).toEqual([e3.id, e2.id]);
    expect(ids(await w.api.get(`/v1/events?created_lt=${t2}`))).toEqual([e1.id]);
    const paged = await w.api.get(`/v1/events?after=${e1.id}&limit=1&include=total_count`);
    expect(ids(paged)).toEqual([e2.id]);
    expect(paged.body.meta).toMatchObject({ has_more: true, total_count: 2, total_count_capped: false });
    expect(ids(await w.api.get(`/v1/events?after=${e1.id}&limit=1&cursor=${paged.body.meta.next_cursor}`))).toEqual([e3.id]);
    expectProblem(await w.api.get(`/v1/events?limit=1&cursor=${paged.body.meta.next_cursor}`), 400, "invalid_request");
  });

  test("GET /v1/events/{id} returns the event as listed", async () => {
    const w = env.app.newWorkspace();
    const e = emit(w, "suppression.created", { id: "sup_x" });
    const g = await w.api.get(`/v1/events/${e.id}`);
    expectOk(g);
    expect(g.body).toEqual({ id: e.id, object: "event", type: "suppression.created", data: { id: "sup_x" }, synthetic: false, webhook_endpoint_id: null, created_at: new Date(e.createdAt).toISOString() });
    expectProblem(await w.api.get("/v1/events/evt_0123"), 404, "not_found");
  });

  test("invalid parameters are 422 naming each one", async () => {
    const w = env.app.newWorkspace();
    const r = await w.api.get("/v1/events?wait=26&created_gte=yesterday&after=msg_1&colour=red");
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors.map((e: any) => e.pointer).sort()).toEqual(["?after", "?colour", "?created_gte", "?wait"]);
  });
});

describe("long-poll", () => {
  test("an empty page waits and is woken by the workspace's next event, not another workspace's", async () => {
    const w = env.app.newWorkspace();
    const other = env.app.newWorkspace();
    const last = emit(w);
    const polling = w.api.get(`/v1/events?after=${last.id}&wait=20`);
    await until(() => env.app.ctx.waiters.count(w.id) === 1, "the poll to park");
    emit(other);
    expect(env.app.ctx.waiters.count(w.id)).toBe(1);
    const next = emit(w, "export.completed");
    const r = await polling;
    expectOk(r);
    expect(ids(r)).toEqual([next.id]);
    expect(env.app.ctx.waiters.count(w.id)).toBe(0);
  });

  test("a synthetic event from the API wakes it too; a type filter keeps waiting past other types", async () => {
    const w = env.app.newWorkspace();
    const polling = w.api.get("/v1/events?type=endpoint.test&wait=20");
    await until(() => env.app.ctx.waiters.count(w.id) === 1, "the poll to park");
    emit(w, "import.completed");
    await until(() => env.app.ctx.waiters.count(w.id) === 1, "the poll to park again");
    const created = await synth(w.api, { type: "endpoint.test" });
    expectOk(created, 201);
    expect(ids(await polling)).toEqual([created.body.id]);
  });

  test("an event already there answers at once; wait=1 with nothing answers an empty page", async () => {
    const w = env.app.newWorkspace();
    const e = emit(w);
    expect(ids(await w.api.get("/v1/events?wait=25"))).toEqual([e.id]);
    const empty = await w.api.get(`/v1/events?after=${e.id}&wait=1`);
    expectOk(empty);
    expect(empty.body).toEqual({ data: [], meta: { has_more: false, next_cursor: null, total_count: null, total_count_capped: null } });
  });

  test("a client that leaves stops waiting", async () => {
    const w = env.app.newWorkspace();
    const ctl = new AbortController();
    const polling = fetch(`${env.app.url}/v1/events?wait=25`, { headers: { authorization: `Bearer ${w.apiKey}` }, signal: ctl.signal }).catch(() => "aborted");
    await until(() => env.app.ctx.waiters.count(w.id) === 1, "the poll to park");
    ctl.abort();
    expect(await polling).toBe("aborted");
    await until(() => env.app.ctx.waiters.count(w.id) === 0, "the waiter to go");
  });

  test("shutdown answers parked polls at once", async () => {
    const own = await startTestApp();
    const w = own.newWorkspace();
    const polling = w.api.get("/v1/events?wait=25");
    await until(() => own.ctx.waiters.count(w.id) === 1, "the poll to park");
    const stopped = own.running.stop();
    const r = await polling;
    expectOk(r);
    expect(r.body.data).toEqual([]);
    await stopped;
    await own.close();
  });
});

describe("POST /v1/events (synthetic)", () => {
  test("needs an Idempotency-Key; the same key replays the same event", async () => {
    const w = env.app.newWorkspace();
    const missing = await w.api.post("/v1/events", { type: "endpoint.test" });
    expectProblem(missing, 422, "validation_failed");
    expect(missing.body.errors[0].pointer).toBe("header:Idempotency-Key");
    const a = await synth(w.api, { type: "endpoint.test" }, "same-key");
    expectOk(a, 201);
    expect(a.body).toMatchObject({ object: "event", type: "endpoint.test", synthetic: true, webhook_endpoint_id: null });
    const b = await synth(w.api, { type: "endpoint.test" }, "same-key");
    expect(b.body).toEqual(a.body);
    expect(b.headers.get("idempotent-replayed")).toBe("true");
    expect(ids(await w.api.get("/v1/events"))).toEqual([a.body.id]);
    expectProblem(await synth(w.api, { type: "message.sent" }, "same-key"), 422, "idempotency_key_reuse");
  });

  test("every listed type gets realistic sample data matching its documented schema", async () => {
    const w = env.app.newWorkspace();
    for (const type of EVENT_TYPES) {
      const r = await synth(w.api, { type });
      expectOk(r, 201);
      expect(r.body.type).toBe(type);
      const schema = eventTypeInfo(type).schema;
      if (!Value.Check(schema, r.body.data)) throw new Error(`${type}: ${JSON.stringify([...Value.Errors(schema, r.body.data)].slice(0, 3))}`);
    }
    expect((await w.api.get("/v1/events?limit=100")).body.data.length).toBe(EVENT_TYPES.length);
  });

  test("unknown type, unknown field: 422; unknown endpoint: 404; needs automation:manage", async () => {
    const w = env.app.newWorkspace();
    const bad = await synth(w.api, { type: "message.exploded", colour: "red" });
    expectProblem(bad, 422, "validation_failed");
    expect(bad.body.errors.map((e: any) => e.pointer).sort()).toEqual(["/colour", "/type"]);
    expectProblem(await synth(w.api, { type: "endpoint.test", webhook_endpoint_id: "whe_0123456789abcdef0123456789abcdef" }), 404, "not_found");
    const { token } = createKey(env.app.ctx, { workspaceId: w.id, scopes: ["automation:read"], kind: "api" });
    const ro = w.api.withToken(token);
    const denied = await synth(ro, { type: "endpoint.test" });
    expectProblem(denied, 403, "forbidden");
    expect(denied.body.detail).toContain("automation:manage");
    expectOk(await ro.get("/v1/events"));
  });

  test("addressed to one endpoint whatever its subscriptions; otherwise to subscribers of its type", async () => {
    const w = env.app.newWorkspace();
    const narrow = await w.api.post("/v1/webhook_endpoints", { url: env.rx.url("/narrow"), event_types: ["message.sent"] });
    const wide = await w.api.post("/v1/webhook_endpoints", { url: env.rx.url("/wide") });
    const addressed = await synth(w.api, { type: "endpoint.test", webhook_endpoint_id: narrow.body.id });
    expectOk(addressed, 201);
    expect(addressed.body.webhook_endpoint_id).toBe(narrow.body.id);
    const broadcast = await synth(w.api, { type: "message.sent" });
    const unsubscribed = await synth(w.api, { type: "message.failed" });
    const deliveries = async (eventId: string) => (await w.api.get(`/v1/webhook_deliveries?event_id=${eventId}`)).body.data.map((d: any) => d.webhook_endpoint_id).sort();
    expect(await deliveries(addressed.body.id)).toEqual([narrow.body.id]);
    expect(await deliveries(broadcast.body.id)).toEqual([narrow.body.id, wide.body.id].sort());
    expect(await deliveries(unsubscribed.body.id)).toEqual([wide.body.id]);
    await deliverDue(env.app.ctx);
    const got = env.rx.at("/narrow").map((r) => verifyWith(narrow.body.secret, r));
    expect(got.map((p) => p.id)).toEqual([addressed.body.id, broadcast.body.id]);
    expect(got[0]).toEqual(addressed.body);
  });
});

describe("retention", () => {
  test("events and finished deliveries go after 30 days; a pending delivery keeps its event until it finishes", async () => {
    const w = env.app.newWorkspace();
    await w.api.post("/v1/webhook_endpoints", { url: env.rx.url("/ret-ok"), event_types: ["import.completed"] });
    await w.api.post("/v1/webhook_endpoints", { url: env.rx.url("/ret-fail"), event_types: ["export.completed"] });
    env.rx.answer("/ret-fail", () => new Response("down", { status: 503 }));
    const delivered = emit(w, "import.completed");
    const pending = emit(w, "export.completed");
    const unheard = emit(w, "suppression.created");
    await deliverDue(env.app.ctx);
    env.app.clock.advance(RETENTION_MS + 1000);
    const young = emit(w, "suppression.created");
    // other tests' workspaces share the database: count at least ours
    const first = purgeAutomation(env.app.ctx);
    expect(first.deliveries).toBeGreaterThanOrEqual(1);
    expect(first.events).toBeGreaterThanOrEqual(2);
    expectProblem(await w.api.get(`/v1/events/${delivered.id}`), 404, "not_found");
    expectProblem(await w.api.get(`/v1/events/${unheard.id}`), 404, "not_found");
    expectOk(await w.api.get(`/v1/events/${young.id}`));
    expectOk(await w.api.get(`/v1/events/${pending.id}`));
    const left = (await w.api.get("/v1/webhook_deliveries")).body.data;
    expect(left.map((d: any) => [d.event_id, d.state])).toEqual([[pending.id, "pending"]]);
    // its next failure, 30 days after the first, disables the endpoint: the delivery is finished
    await deliverDue(env.app.ctx);
    expect((await w.api.get(`/v1/webhook_deliveries/${left[0].id}`)).body.state).toBe("disabled");
    expect(purgeAutomation(env.app.ctx).events).toBeGreaterThanOrEqual(1);
    expectProblem(await w.api.get(`/v1/events/${pending.id}`), 404, "not_found");
  });
});

test("events are invisible to other workspaces and to the test twin", async () => {
  const a = env.app.newWorkspace();
  const b = env.app.newWorkspace();
  const e = emit(a);
  await expectIsolated([b.api, a.testApi], { resourcePath: `/v1/events/${e.id}`, listPath: "/v1/events", id: e.id });
  expect(ids(await b.api.get(`/v1/events?after=evt_00000000000000000000000000000000`))).not.toContain(e.id);
});
