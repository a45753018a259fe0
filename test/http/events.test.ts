import { describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { purgeAutomation, RETENTION_MS } from "../../src/modules/automation/retention";
import { EVENT_TYPES, eventTypeInfo } from "../../src/modules/events/registry";
import { deliverDue } from "../../src/modules/automation/webhooks/worker";
import { startTestApp, type TestWorkspace } from "../helpers/app";
import { apiWithScopes, createEvent, createWebhookEndpoint, emitEvent, uid } from "../helpers/factory";
import { expectOk, expectProblem, until, type Api } from "../helpers/http";
import { expectIsolated } from "../helpers/isolation";
import { useReceiverApp, verifyWith } from "../helpers/webhook-receiver";

const env = useReceiverApp();

/** POST /v1/events as sent, for the tests that look at the answer itself. */
const synth = (api: Api, body: Record<string, unknown>, key: string = crypto.randomUUID()) => api.post("/v1/events", body, { "idempotency-key": key });
const emit = (w: TestWorkspace, type = "import.completed", data: unknown = { n: 1 }) => emitEvent(env.app.ctx, w, type, data);
const ids = (a: { body: { data: { id: string }[] } }) => a.body.data.map((e) => e.id);
const parked = (w: TestWorkspace) => env.app.ctx.waiters.count(w.id);

describe("GET /v1/events", () => {
  /** import.completed, export.completed, import.completed, a minute apart. */
  function three(w: TestWorkspace) {
    const e1 = emit(w, "import.completed");
    env.app.clock.advance(60_000);
    const e2 = emit(w, "export.completed");
    env.app.clock.advance(60_000);
    const e3 = emit(w, "import.completed");
    return { e1, e2, e3 };
  }

  test("lists newest first", async () => {
    const w = env.app.newWorkspace();
    const { e1, e2, e3 } = three(w);
    expect(ids(await w.api.get("/v1/events"))).toEqual([e3.id, e2.id, e1.id]);
  });

  test("after= gives only later events, oldest first", async () => {
    const w = env.app.newWorkspace();
    const { e1, e2, e3 } = three(w);
    expect(ids(await w.api.get(`/v1/events?after=${e1.id}`))).toEqual([e2.id, e3.id]);
  });

  test("after= with order=desc gives them newest first", async () => {
    const w = env.app.newWorkspace();
    const { e1, e2, e3 } = three(w);
    expect(ids(await w.api.get(`/v1/events?after=${e1.id}&order=desc`))).toEqual([e3.id, e2.id]);
  });

  test("filters by type", async () => {
    const w = env.app.newWorkspace();
    const { e1, e3 } = three(w);
    expect(ids(await w.api.get("/v1/events?type=import.completed"))).toEqual([e3.id, e1.id]);
  });

  test("filters by created_gte and created_lt", async () => {
    const w = env.app.newWorkspace();
    const { e1, e2, e3 } = three(w);
    const t2 = new Date(e2.createdAt).toISOString();
    expect(ids(await w.api.get(`/v1/events?created_gte=${t2}`))).toEqual([e3.id, e2.id]);
    expect(ids(await w.api.get(`/v1/events?created_lt=${t2}`))).toEqual([e1.id]);
  });

  test("after= pages with a cursor, counting the total", async () => {
    const w = env.app.newWorkspace();
    const { e1, e2, e3 } = three(w);
    const paged = await w.api.get(`/v1/events?after=${e1.id}&limit=1&include=total_count`);
    expect(ids(paged)).toEqual([e2.id]);
    expect(paged.body.meta).toMatchObject({ has_more: true, total_count: 2, total_count_capped: false });
    expect(ids(await w.api.get(`/v1/events?after=${e1.id}&limit=1&cursor=${paged.body.meta.next_cursor}`))).toEqual([e3.id]);
  });

  test("a cursor used without its after= is 400", async () => {
    const w = env.app.newWorkspace();
    const { e1 } = three(w);
    const paged = await w.api.get(`/v1/events?after=${e1.id}&limit=1`);
    expectProblem(await w.api.get(`/v1/events?limit=1&cursor=${paged.body.meta.next_cursor}`), 400, "invalid_request");
  });

  test("invalid parameters are 422 naming each one", async () => {
    const w = env.app.newWorkspace();
    const r = await w.api.get("/v1/events?wait=26&created_gte=yesterday&after=msg_1&colour=red");
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors.map((e: any) => e.pointer).sort()).toEqual(["?after", "?colour", "?created_gte", "?wait"]);
  });
});

describe("GET /v1/events/{id}", () => {
  test("returns the event as listed", async () => {
    const w = env.app.newWorkspace();
    const e = emit(w, "suppression.created", { id: "sup_x" });
    const g = await w.api.get(`/v1/events/${e.id}`);
    expectOk(g);
    expect(g.body).toEqual({ id: e.id, object: "event", type: "suppression.created", data: { id: "sup_x" }, synthetic: false, webhook_endpoint_id: null, created_at: new Date(e.createdAt).toISOString() });
  });

  test("a malformed id is 404", async () => {
    const w = env.app.newWorkspace();
    expectProblem(await w.api.get("/v1/events/evt_0123"), 404, "not_found");
  });
});

describe("long-poll", () => {
  test("an empty page waits and is woken by the workspace's next event, not another workspace's", async () => {
    const w = env.app.newWorkspace();
    const other = env.app.newWorkspace();
    const last = emit(w);
    const polling = w.api.get(`/v1/events?after=${last.id}&wait=20`);
    await until(() => parked(w) === 1, "the poll to park");
    emit(other);
    expect(parked(w)).toBe(1);
    const next = emit(w, "export.completed");
    const r = await polling;
    expectOk(r);
    expect(ids(r)).toEqual([next.id]);
    expect(parked(w)).toBe(0);
  });

  test("a synthetic event from the API wakes it", async () => {
    const w = env.app.newWorkspace();
    const polling = w.api.get("/v1/events?wait=20");
    await until(() => parked(w) === 1, "the poll to park");
    const created = await createEvent(w.api, { type: "endpoint.test" });
    expect(ids(await polling)).toEqual([created.id]);
  });

  test("with a type filter it keeps waiting past events of other types", async () => {
    const w = env.app.newWorkspace();
    const polling = w.api.get("/v1/events?type=endpoint.test&wait=20");
    await until(() => parked(w) === 1, "the poll to park");
    emit(w, "import.completed");
    await until(() => parked(w) === 1, "the poll to park again");
    const created = await synth(w.api, { type: "endpoint.test" });
    expectOk(created, 201);
    expect(ids(await polling)).toEqual([created.body.id]);
  });

  test("an event already there answers at once", async () => {
    const w = env.app.newWorkspace();
    const e = emit(w);
    expect(ids(await w.api.get("/v1/events?wait=25"))).toEqual([e.id]);
  });

  test("wait=1 with nothing new answers an empty page", async () => {
    const w = env.app.newWorkspace();
    const e = emit(w);
    const empty = await w.api.get(`/v1/events?after=${e.id}&wait=1`);
    expectOk(empty);
    expect(empty.body).toEqual({ data: [], meta: { has_more: false, next_cursor: null, total_count: null, total_count_capped: null } });
  });

  test("a client that leaves stops waiting", async () => {
    const w = env.app.newWorkspace();
    const ctl = new AbortController();
    const polling = fetch(`${env.app.url}/v1/events?wait=25`, { headers: { authorization: `Bearer ${w.apiKey}` }, signal: ctl.signal }).catch(() => "aborted");
    await until(() => parked(w) === 1, "the poll to park");
    ctl.abort();
    expect(await polling).toBe("aborted");
    await until(() => parked(w) === 0, "the waiter to go");
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
  test("without an Idempotency-Key is 422 naming the header", async () => {
    const w = env.app.newWorkspace();
    const missing = await w.api.post("/v1/events", { type: "endpoint.test" });
    expectProblem(missing, 422, "validation_failed");
    expect(missing.body.errors[0].pointer).toBe("header:Idempotency-Key");
  });

  test("creates a synthetic event", async () => {
    const w = env.app.newWorkspace();
    const a = await synth(w.api, { type: "endpoint.test" });
    expectOk(a, 201);
    expect(a.body).toMatchObject({ object: "event", type: "endpoint.test", synthetic: true, webhook_endpoint_id: null });
  });

  test("the same key replays the same event and creates one", async () => {
    const w = env.app.newWorkspace();
    const a = await createEvent(w.api, { type: "endpoint.test" }, "same-key");
    const b = await synth(w.api, { type: "endpoint.test" }, "same-key");
    expect(b.body).toEqual(a);
    expect(b.headers.get("idempotent-replayed")).toBe("true");
    expect(ids(await w.api.get("/v1/events"))).toEqual([a.id]);
  });

  test("the same key with another body is 422 idempotency_key_reuse", async () => {
    const w = env.app.newWorkspace();
    await createEvent(w.api, { type: "endpoint.test" }, "same-key");
    expectProblem(await synth(w.api, { type: "message.sent" }, "same-key"), 422, "idempotency_key_reuse");
  });

  test.each([...EVENT_TYPES])("%s gets realistic sample data matching its documented schema", async (type) => {
    const w = env.app.newWorkspace();
    const r = await synth(w.api, { type });
    expectOk(r, 201);
    expect(r.body.type).toBe(type);
    const schema = eventTypeInfo(type).schema;
    if (!Value.Check(schema, r.body.data)) throw new Error(`${type}: ${JSON.stringify([...Value.Errors(schema, r.body.data)].slice(0, 3))}`);
    expect(ids(await w.api.get("/v1/events?limit=100"))).toEqual([r.body.id]);
  });

  test("an unknown type and an unknown field are 422, each named", async () => {
    const w = env.app.newWorkspace();
    const bad = await synth(w.api, { type: "message.exploded", colour: "red" });
    expectProblem(bad, 422, "validation_failed");
    expect(bad.body.errors.map((e: any) => e.pointer).sort()).toEqual(["/colour", "/type"]);
  });

  test("an unknown endpoint is 404", async () => {
    const w = env.app.newWorkspace();
    expectProblem(await synth(w.api, { type: "endpoint.test", webhook_endpoint_id: "whe_0123456789abcdef0123456789abcdef" }), 404, "not_found");
  });

  test("needs automation:manage, named in the answer; automation:read may list", async () => {
    const w = env.app.newWorkspace();
    const ro = apiWithScopes(env.app, w, ["automation:read"]);
    const denied = await synth(ro, { type: "endpoint.test" });
    expectProblem(denied, 403, "forbidden");
    expect(denied.body.detail).toContain("automation:manage");
    expectOk(await ro.get("/v1/events"));
  });

  describe("addressing", () => {
    /** narrow: subscribed to message.sent only; wide: to every type. Each at a path of its own. */
    async function narrowAndWide(w: TestWorkspace) {
      const path = `/narrow-${uid()}`;
      const narrow = await createWebhookEndpoint(w.api, { url: env.rx.url(path), event_types: ["message.sent"] });
      const wide = await createWebhookEndpoint(w.api, { url: env.rx.url(`/wide-${uid()}`) });
      return { narrow, wide, path };
    }
    const endpointsOf = async (w: TestWorkspace, eventId: string) =>
      (await w.api.get(`/v1/webhook_deliveries?event_id=${eventId}`)).body.data.map((d: any) => d.webhook_endpoint_id).sort();

    test("addressed to one endpoint, it goes there whatever its subscriptions", async () => {
      const w = env.app.newWorkspace();
      const { narrow } = await narrowAndWide(w);
      const addressed = await createEvent(w.api, { type: "endpoint.test", webhook_endpoint_id: narrow.id });
      expect(addressed.webhook_endpoint_id).toBe(narrow.id);
      expect(await endpointsOf(w, addressed.id)).toEqual([narrow.id]);
    });

    test("not addressed, it goes to the endpoints subscribed to its type", async () => {
      const w = env.app.newWorkspace();
      const { narrow, wide } = await narrowAndWide(w);
      const broadcast = await createEvent(w.api, { type: "message.sent" });
      const unsubscribed = await createEvent(w.api, { type: "message.failed" });
      expect(await endpointsOf(w, broadcast.id)).toEqual([narrow.id, wide.id].sort());
      expect(await endpointsOf(w, unsubscribed.id)).toEqual([wide.id]);
    });

    test("the endpoint receives the event as the API shows it, signed with its secret", async () => {
      const w = env.app.newWorkspace();
      const { narrow, path } = await narrowAndWide(w);
      const addressed = await createEvent(w.api, { type: "endpoint.test", webhook_endpoint_id: narrow.id });
      const broadcast = await createEvent(w.api, { type: "message.sent" });
      await createEvent(w.api, { type: "message.failed" });
      await deliverDue(env.app.ctx);
      const got = env.rx.at(path).map((r) => verifyWith(narrow.secret, r));
      expect(got.map((p) => p.id)).toEqual([addressed.id, broadcast.id]);
      expect(got[0]).toEqual(addressed);
    });
  });
});

describe("retention", () => {
  /**
   * An event delivered, one whose delivery keeps failing (pending), one nobody
   * hears; then 30 days pass and a young event arrives.
   */
  async function oldAndYoung(w: TestWorkspace) {
    await createWebhookEndpoint(w.api, { url: env.rx.url("/ret-ok"), event_types: ["import.completed"] });
    await createWebhookEndpoint(w.api, { url: env.rx.url("/ret-fail"), event_types: ["export.completed"] });
    env.rx.answer("/ret-fail", () => new Response("down", { status: 503 }));
    const delivered = emit(w, "import.completed");
    const pending = emit(w, "export.completed");
    const unheard = emit(w, "suppression.created");
    await deliverDue(env.app.ctx);
    env.app.clock.advance(RETENTION_MS + 1000);
    const young = emit(w, "suppression.created");
    return { delivered, pending, unheard, young };
  }

  test("events and finished deliveries go after 30 days", async () => {
    const w = env.app.newWorkspace();
    const { delivered, unheard } = await oldAndYoung(w);
    // other tests' workspaces share the database: count at least ours
    const first = purgeAutomation(env.app.ctx);
    expect(first.deliveries).toBeGreaterThanOrEqual(1);
    expect(first.events).toBeGreaterThanOrEqual(2);
    expectProblem(await w.api.get(`/v1/events/${delivered.id}`), 404, "not_found");
    expectProblem(await w.api.get(`/v1/events/${unheard.id}`), 404, "not_found");
  });

  test("younger events stay", async () => {
    const w = env.app.newWorkspace();
    const { young } = await oldAndYoung(w);
    purgeAutomation(env.app.ctx);
    expectOk(await w.api.get(`/v1/events/${young.id}`));
  });

  test("a pending delivery keeps itself and its event", async () => {
    const w = env.app.newWorkspace();
    const { pending } = await oldAndYoung(w);
    purgeAutomation(env.app.ctx);
    expectOk(await w.api.get(`/v1/events/${pending.id}`));
    const left = (await w.api.get("/v1/webhook_deliveries")).body.data;
    expect(left.map((d: any) => [d.event_id, d.state])).toEqual([[pending.id, "pending"]]);
  });

  test("once that delivery finishes, its event goes too", async () => {
    const w = env.app.newWorkspace();
    const { pending } = await oldAndYoung(w);
    purgeAutomation(env.app.ctx);
    const [left] = (await w.api.get("/v1/webhook_deliveries")).body.data;
    // its next failure, 30 days after the first, disables the endpoint: the delivery is finished
    await deliverDue(env.app.ctx);
    expect((await w.api.get(`/v1/webhook_deliveries/${left.id}`)).body.state).toBe("disabled");
    expect(purgeAutomation(env.app.ctx).events).toBeGreaterThanOrEqual(1);
    expectProblem(await w.api.get(`/v1/events/${pending.id}`), 404, "not_found");
  });
});

describe("isolation", () => {
  test("an event is invisible to other workspaces and to the test twin", async () => {
    const a = env.app.newWorkspace();
    const b = env.app.newWorkspace();
    const e = emit(a);
    await expectIsolated([b.api, a.testApi], { resourcePath: `/v1/events/${e.id}`, listPath: "/v1/events", id: e.id });
    expect(ids(await b.api.get(`/v1/events?after=evt_00000000000000000000000000000000`))).not.toContain(e.id);
  });
});
