import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SECRET_OVERLAP_MS } from "../../src/modules/automation/webhooks/schedule";
import { deliverDue } from "../../src/modules/automation/webhooks/worker";
import { startTestApp, type TestApp, type TestWorkspace } from "../helpers/app";
import { startDnsServer, type TestDnsServer } from "../helpers/dns";
import { apiWithScopes, createWebhookEndpoint, emitEvent, uid } from "../helpers/factory";
import { expectOk, expectProblem } from "../helpers/http";
import { expectIsolated } from "../helpers/isolation";
import { startReceiver, useReceiverApp, verifies, verifyWith } from "../helpers/webhook-receiver";

const env = useReceiverApp();

const emit = (w: TestWorkspace, type = "import.completed") => emitEvent(env.app.ctx, w, type);
/** A receiver path of the test's own, so what arrives there is only this test's. */
const ownPath = (name: string) => `/${name}-${uid()}`;
const endpoint = (w: TestWorkspace, over: Record<string, unknown> = {}) => createWebhookEndpoint(w.api, { url: env.rx.url(ownPath("hook")), ...over });
const deliveriesOf = async (w: TestWorkspace, eventId: string) => (await w.api.get(`/v1/webhook_deliveries?event_id=${eventId}`)).body.data;

describe("POST /v1/webhook_endpoints", () => {
  test("creates the endpoint, each event type once, and shows its secret", async () => {
    const w = env.app.newWorkspace();
    const c = await w.api.post("/v1/webhook_endpoints", { url: env.rx.url("/crud"), description: "CRM", event_types: ["message.sent", "message.sent", "import.completed"] });
    expectOk(c, 201);
    expect(c.body).toMatchObject({ object: "webhook_endpoint", url: env.rx.url("/crud"), description: "CRM", event_types: ["message.sent", "import.completed"], enabled: true, disabled_reason: null });
    expect(c.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  });

  test("a URL with CR/LF or a space is 422 on /url, never rewritten", async () => {
    const w = env.app.newWorkspace();
    // CR/LF breaks the text policy of the request schema (code format); a space is no URL (invalid_url)
    for (const [url, code] of [[env.rx.url("/a\r\nX: y"), "format"], [env.rx.url("/a b"), "invalid_url"]]) {
      const r = await w.api.post("/v1/webhook_endpoints", { url });
      expectProblem(r, 422, "validation_failed");
      expect(r.body.errors).toEqual([expect.objectContaining({ pointer: "/url", code })]);
    }
    expect((await w.api.get("/v1/webhook_endpoints")).body.data).toEqual([]);
  });

  test("an unknown event type is 422 at its index", async () => {
    const w = env.app.newWorkspace();
    const r = await w.api.post("/v1/webhook_endpoints", { url: "ftp://example.com/x", event_types: ["message.sent", "message.exploded"] });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors.map((e: any) => e.pointer)).toEqual(["/event_types/1"]);
  });

  test("a URL scheme other than http(s) is 422 scheme_not_allowed", async () => {
    const w = env.app.newWorkspace();
    const scheme = await w.api.post("/v1/webhook_endpoints", { url: "ftp://example.com/x" });
    expectProblem(scheme, 422, "validation_failed");
    expect(scheme.body.errors).toEqual([{ pointer: "/url", code: "scheme_not_allowed", detail: expect.stringContaining("ftp") }]);
  });

  test("credentials in the URL are 422 credentials_not_allowed", async () => {
    const w = env.app.newWorkspace();
    const creds = await w.api.post("/v1/webhook_endpoints", { url: "http://user:pw@127.0.0.1/x" });
    expectProblem(creds, 422, "validation_failed");
    expect(creds.body.errors[0].code).toBe("credentials_not_allowed");
  });

  test("a body without url is 422", async () => {
    const w = env.app.newWorkspace();
    expectProblem(await w.api.post("/v1/webhook_endpoints", {}), 422, "validation_failed");
  });
});

describe("GET /v1/webhook_endpoints", () => {
  test("answers an endpoint without its secret", async () => {
    const w = env.app.newWorkspace();
    const { secret: _secret, ...withoutSecret } = await endpoint(w, { description: "CRM" });
    const g = await w.api.get(`/v1/webhook_endpoints/${withoutSecret.id}`);
    expect(g.body).toEqual(withoutSecret);
    expect(g.text).not.toContain("whsec_");
  });

  test("lists endpoints without their secrets", async () => {
    const w = env.app.newWorkspace();
    const { secret: _secret, ...withoutSecret } = await endpoint(w);
    const list = await w.api.get("/v1/webhook_endpoints");
    expect(list.body.data).toEqual([withoutSecret]);
    expect(list.text).not.toContain("whsec_");
  });
});

describe("PATCH /v1/webhook_endpoints/{id}", () => {
  test("changes the URL, event types and description, and moves updated_at", async () => {
    const w = env.app.newWorkspace();
    const c = await endpoint(w, { description: "CRM", event_types: ["message.sent"] });
    env.app.clock.advance(1000);
    const p = await w.api.patch(`/v1/webhook_endpoints/${c.id}`, { url: env.rx.url("/crud2"), event_types: [], description: null });
    expectOk(p);
    expect(p.body).toMatchObject({ url: env.rx.url("/crud2"), event_types: [], description: null, enabled: true });
    expect(p.body.updated_at > c.updated_at).toBe(true);
  });

  test("no event types means every type", async () => {
    const w = env.app.newWorkspace();
    const c = await endpoint(w, { event_types: ["message.sent"] });
    expectOk(await w.api.patch(`/v1/webhook_endpoints/${c.id}`, { event_types: [] }));
    const e = emit(w, "export.completed");
    expect(await deliveriesOf(w, e.id)).toHaveLength(1);
  });

  test("the secret cannot be set (422)", async () => {
    const w = env.app.newWorkspace();
    const c = await endpoint(w);
    expectProblem(await w.api.patch(`/v1/webhook_endpoints/${c.id}`, { secret: "whsec_mine" }), 422, "validation_failed");
  });
});

describe("DELETE /v1/webhook_endpoints/{id}", () => {
  test("removes the endpoint: 204, then 404", async () => {
    const w = env.app.newWorkspace();
    const c = await endpoint(w);
    expect((await w.api.delete(`/v1/webhook_endpoints/${c.id}`)).status).toBe(204);
    expectProblem(await w.api.get(`/v1/webhook_endpoints/${c.id}`), 404, "not_found");
  });

  test("removes its deliveries", async () => {
    const w = env.app.newWorkspace();
    const c = await endpoint(w);
    const [delivery] = await deliveriesOf(w, emit(w, "export.completed").id);
    expect((await w.api.delete(`/v1/webhook_endpoints/${c.id}`)).status).toBe(204);
    expectProblem(await w.api.get(`/v1/webhook_deliveries/${delivery.id}`), 404, "not_found");
  });

  test("a second DELETE is 404", async () => {
    const w = env.app.newWorkspace();
    const c = await endpoint(w);
    expect((await w.api.delete(`/v1/webhook_endpoints/${c.id}`)).status).toBe(204);
    expectProblem(await w.api.delete(`/v1/webhook_endpoints/${c.id}`), 404, "not_found");
  });
});

describe("webhook endpoint scopes", () => {
  test("automation:read may read and list", async () => {
    const w = env.app.newWorkspace();
    const c = await endpoint(w);
    const ro = apiWithScopes(env.app, w, ["automation:read"]);
    expectOk(await ro.get(`/v1/webhook_endpoints/${c.id}`));
    expectOk(await ro.get("/v1/webhook_endpoints"));
  });

  test.each<[string, string, (id: string) => string, unknown]>([
    ["create", "POST", () => "/v1/webhook_endpoints", { url: "http://127.0.0.1:9/hook" }],
    ["update", "PATCH", (id) => `/v1/webhook_endpoints/${id}`, { enabled: false }],
    ["delete", "DELETE", (id) => `/v1/webhook_endpoints/${id}`, undefined],
    ["rotate_secret", "POST", (id) => `/v1/webhook_endpoints/${id}/rotate_secret`, undefined],
    ["replay", "POST", (id) => `/v1/webhook_endpoints/${id}/replay`, { since: "2026-01-01T00:00:00Z" }],
  ])("%s needs automation:manage", async (_what, method, path, body) => {
    const w = env.app.newWorkspace();
    const c = await endpoint(w);
    expectProblem(await apiWithScopes(env.app, w, ["automation:read"]).request(method, path(c.id), body), 403, "forbidden");
  });
});

describe("POST /v1/webhook_endpoints/{id}/rotate_secret", () => {
  test("answers a new secret and when the old one stops signing; reads still hide secrets", async () => {
    const w = env.app.newWorkspace();
    const c = await endpoint(w);
    const r = await w.api.post(`/v1/webhook_endpoints/${c.id}/rotate_secret`);
    expectOk(r);
    expect(r.body.secret).toMatch(/^whsec_/);
    expect(r.body.secret).not.toBe(c.secret);
    expect(r.body.previous_secret_expires_at).toBe(new Date(env.app.clock.now() + SECRET_OVERLAP_MS).toISOString());
    expect((await w.api.get(`/v1/webhook_endpoints/${c.id}`)).text).not.toContain("whsec_");
  });

  test("for 24 hours deliveries carry both signatures", async () => {
    const w = env.app.newWorkspace();
    const path = ownPath("rotate");
    const c = await endpoint(w, { url: env.rx.url(path) });
    const fresh = (await w.api.post(`/v1/webhook_endpoints/${c.id}/rotate_secret`)).body.secret as string;
    emit(w);
    await deliverDue(env.app.ctx);
    const during = env.rx.at(path).at(-1)!;
    expect(during.signatures.length).toBe(2);
    expect(verifies(c.secret, during)).toBe(true);
    expect(verifies(fresh, during)).toBe(true);
  });

  test("after 24 hours only the new secret signs, and the expiry is gone", async () => {
    const w = env.app.newWorkspace();
    const path = ownPath("rotate");
    const c = await endpoint(w, { url: env.rx.url(path) });
    const fresh = (await w.api.post(`/v1/webhook_endpoints/${c.id}/rotate_secret`)).body.secret as string;
    env.app.clock.advance(SECRET_OVERLAP_MS + 1000);
    expect((await w.api.get(`/v1/webhook_endpoints/${c.id}`)).body.previous_secret_expires_at).toBeNull();
    emit(w);
    await deliverDue(env.app.ctx);
    const after = env.rx.at(path).at(-1)!;
    expect(after.signatures.length).toBe(1);
    expect(verifies(c.secret, after)).toBe(false);
    expect(verifyWith(fresh, after).type).toBe("import.completed");
  });
});

describe("disabling (PATCH enabled: false)", () => {
  /** An endpoint with a pending delivery, and a watcher of webhook_endpoint.disabled; then the endpoint is disabled. */
  async function disabled(w: TestWorkspace) {
    const path = ownPath("disable");
    const c = await endpoint(w, { url: env.rx.url(path) });
    const watcherPath = ownPath("watcher");
    const watcher = await endpoint(w, { url: env.rx.url(watcherPath), event_types: ["webhook_endpoint.disabled"] });
    const e = emit(w);
    const p = await w.api.patch(`/v1/webhook_endpoints/${c.id}`, { enabled: false });
    expectOk(p);
    return { c, path, watcher, watcherPath, e, p };
  }
  const disabledEvents = async (w: TestWorkspace) => (await w.api.get("/v1/events?type=webhook_endpoint.disabled")).body.data;

  test("marks the endpoint disabled manually, now", async () => {
    const { p } = await disabled(env.app.newWorkspace());
    expect(p.body).toMatchObject({ enabled: false, disabled_reason: "manual", disabled_at: new Date(env.app.clock.now()).toISOString() });
  });

  test("its pending deliveries become disabled and are never sent", async () => {
    const w = env.app.newWorkspace();
    const { e, path } = await disabled(w);
    const [d] = await deliveriesOf(w, e.id);
    expect(d).toMatchObject({ state: "disabled", next_attempt_at: null });
    await deliverDue(env.app.ctx);
    expect(env.rx.at(path).length).toBe(0);
  });

  test("emits webhook_endpoint.disabled with the endpoint, delivered to its subscribers", async () => {
    const w = env.app.newWorkspace();
    const { p, watcher, watcherPath } = await disabled(w);
    const ev = await disabledEvents(w);
    expect(ev.length).toBe(1);
    expect(ev[0].data).toEqual(p.body);
    await deliverDue(env.app.ctx);
    expect(verifyWith(watcher.secret, env.rx.at(watcherPath)[0]!).data).toEqual(p.body);
  });

  test("events while disabled make no deliveries for it", async () => {
    const w = env.app.newWorkspace();
    await disabled(w);
    const later = emit(w);
    // (the watcher hears webhook_endpoint.disabled only)
    expect(await deliveriesOf(w, later.id)).toEqual([]);
  });

  test("replay and retry are 409 while it is disabled", async () => {
    const w = env.app.newWorkspace();
    const { c, e } = await disabled(w);
    const [d] = await deliveriesOf(w, e.id);
    expectProblem(await w.api.post(`/v1/webhook_endpoints/${c.id}/replay`, { since: "2020-01-01T00:00:00Z" }), 409, "invalid_state");
    expectProblem(await w.api.post(`/v1/webhook_deliveries/${d.id}/retry`), 409, "invalid_state");
  });

  test("enabling clears the reason and the time", async () => {
    const w = env.app.newWorkspace();
    const { c } = await disabled(w);
    const on = await w.api.patch(`/v1/webhook_endpoints/${c.id}`, { enabled: true });
    expect(on.body).toMatchObject({ enabled: true, disabled_reason: null, disabled_at: null });
  });

  test("disabling an endpoint already disabled emits no second event", async () => {
    const w = env.app.newWorkspace();
    const { c } = await disabled(w);
    await w.api.patch(`/v1/webhook_endpoints/${c.id}`, { enabled: true });
    await w.api.patch(`/v1/webhook_endpoints/${c.id}`, { enabled: false });
    await w.api.patch(`/v1/webhook_endpoints/${c.id}`, { enabled: false });
    expect((await disabledEvents(w)).length).toBe(2);
  });
});

describe("POST /v1/webhook_endpoints/{id}/replay", () => {
  /** Three events a minute apart, all delivered; `since` is the second's time; an hour passes. */
  async function delivered(w: TestWorkspace) {
    const path = ownPath("replay");
    const c = await endpoint(w, { url: env.rx.url(path) });
    const before = emit(w);
    env.app.clock.advance(60_000);
    const since = new Date(env.app.clock.now()).toISOString();
    const e1 = emit(w);
    env.app.clock.advance(60_000);
    const e2 = emit(w);
    await deliverDue(env.app.ctx);
    expect(env.rx.at(path).length).toBe(3);
    env.app.clock.advance(3_600_000);
    return { c, path, since, before, e1, e2 };
  }

  test("deliveries of events created at or after `since` become pending now; earlier ones stay", async () => {
    const w = env.app.newWorkspace();
    const { c, since, before, e1, e2 } = await delivered(w);
    const r = await w.api.post(`/v1/webhook_endpoints/${c.id}/replay`, { since });
    expectOk(r);
    expect(r.body).toEqual({ object: "webhook_replay", webhook_endpoint_id: c.id, since, deliveries: 2 });
    const list = (await w.api.get(`/v1/webhook_deliveries?webhook_endpoint_id=${c.id}`)).body.data;
    const byEvent = Object.fromEntries(list.map((d: any) => [d.event_id, d]));
    expect(byEvent[before.id].state).toBe("delivered");
    for (const e of [e1, e2]) expect(byEvent[e.id]).toMatchObject({ state: "pending", next_attempt_at: new Date(env.app.clock.now()).toISOString(), attempts: 1 });
  });

  test("the replayed deliveries are sent again, signed", async () => {
    const w = env.app.newWorkspace();
    const { c, path, since, e1, e2 } = await delivered(w);
    expectOk(await w.api.post(`/v1/webhook_endpoints/${c.id}/replay`, { since }));
    expect(await deliverDue(env.app.ctx)).toBe(2);
    const replayed = env.rx
      .at(path)
      .slice(3)
      .map((x) => verifyWith(c.secret, x).id);
    expect(replayed.sort()).toEqual([e1.id, e2.id].sort());
    expect((await deliveriesOf(w, e1.id))[0]).toMatchObject({ state: "delivered", attempts: 2 });
  });

  test("a since that is not a time is 422", async () => {
    const w = env.app.newWorkspace();
    const c = await endpoint(w);
    expectProblem(await w.api.post(`/v1/webhook_endpoints/${c.id}/replay`, { since: "last tuesday" }), 422, "validation_failed");
  });
});

describe("isolation", () => {
  test("an endpoint is invisible to other workspaces and to the test twin", async () => {
    const a = env.app.newWorkspace();
    const b = env.app.newWorkspace();
    const c = await endpoint(a);
    await expectIsolated([b.api, a.testApi], {
      resourcePath: `/v1/webhook_endpoints/${c.id}`,
      listPath: "/v1/webhook_endpoints",
      id: c.id,
      routes: [
        ["PATCH", `/v1/webhook_endpoints/${c.id}`, { enabled: false }],
        ["DELETE", `/v1/webhook_endpoints/${c.id}`],
        ["POST", `/v1/webhook_endpoints/${c.id}/rotate_secret`],
        ["POST", `/v1/webhook_endpoints/${c.id}/replay`, { since: "2020-01-01T00:00:00Z" }],
        ["POST", "/v1/events", { type: "endpoint.test", webhook_endpoint_id: c.id }],
      ],
    });
    expect((await a.api.get(`/v1/webhook_endpoints/${c.id}`)).body.enabled).toBe(true);
  });

  test("another workspace's events never reach the endpoint", async () => {
    const a = env.app.newWorkspace();
    const b = env.app.newWorkspace();
    await endpoint(a);
    emit(b);
    expect((await a.api.get("/v1/webhook_deliveries")).body.data).toEqual([]);
  });
});

describe("SSRF refusals (NEARBOUND_ALLOW_PRIVATE_WEBHOOKS unset)", () => {
  let strict: TestApp;
  let dns: TestDnsServer;
  beforeAll(async () => {
    dns = await startDnsServer({
      "loop.test": { A: ["127.0.0.1"] },
      "inside.test": { A: ["93.184.216.34"], AAAA: ["fd00::1"] },
      "public.test": { A: ["93.184.216.34"] },
      "rebind.test": { A: ["93.184.216.34"], ttl: 60 },
    });
    strict = await startTestApp({ env: { NEARBOUND_ALLOW_PRIVATE_WEBHOOKS: "0", NEARBOUND_DNS_SERVERS: dns.servers } });
  });
  afterAll(async () => {
    await strict.close();
    await dns.close();
  });

  const PRIVATE = [
    "http://localhost/hook",
    "http://127.0.0.2/hook",
    "http://10.1.2.3/hook",
    "http://169.254.169.254/latest/meta-data/",
    "http://[::1]/hook",
    "http://[::ffff:127.0.0.1]/hook",
    "http://[::ffff:a9fe:a9fe]/hook",
    "http://2130706433/hook",
    "http://loop.test/hook",
    "http://inside.test/hook",
  ];

  test.each(PRIVATE)("%s is refused on create", async (url) => {
    const w = strict.newWorkspace();
    const r = await w.api.post("/v1/webhook_endpoints", { url });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors).toEqual([{ pointer: "/url", code: "private_address", detail: expect.any(String) }]);
  });

  test.each(PRIVATE)("%s is refused on update", async (url) => {
    const w = strict.newWorkspace();
    const ok = await createWebhookEndpoint(w.api, { url: "https://public.test/hook" });
    const p = await w.api.patch(`/v1/webhook_endpoints/${ok.id}`, { url });
    expectProblem(p, 422, "validation_failed");
    expect(p.body.errors[0]).toMatchObject({ pointer: "/url", code: "private_address" });
  });

  test("an unresolvable host is refused", async () => {
    const w = strict.newWorkspace();
    const r = await w.api.post("/v1/webhook_endpoints", { url: "https://nowhere.test/hook" });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors[0]).toMatchObject({ pointer: "/url", code: "unresolvable" });
  });

  test("checked again at delivery time: a host that rebinds to loopback gets nothing sent", async () => {
    const local = startReceiver();
    const w = strict.newWorkspace();
    try {
      await createWebhookEndpoint(w.api, { url: `http://rebind.test:${local.port}/hook` });
      dns.updateZone({ "rebind.test": { A: ["127.0.0.1"], ttl: 60 } });
      strict.clock.advance(61_000); // the cached public answer expires
      const e = emitEvent(strict.ctx, w, "endpoint.test", {});
      expect(await deliverDue(strict.ctx)).toBe(1);
      const d = (await w.api.get(`/v1/webhook_deliveries?event_id=${e.id}`)).body.data[0];
      expect(d).toMatchObject({ state: "pending", attempts: 1, last_attempt: { response_status: null } });
      expect(d.last_attempt.response_excerpt).toContain("private_address");
      expect(local.received.length).toBe(0);
    } finally {
      local.close();
    }
  });
});
