import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SECRET_OVERLAP_MS } from "../../src/modules/automation/webhooks/schedule";
import { deliverDue } from "../../src/modules/automation/webhooks/worker";
import { transact } from "../../src/modules/events/outbox";
import { createKey } from "../../src/modules/workspaces/workspaces";
import { startTestApp, type TestApp, type TestWorkspace } from "../helpers/app";
import { startDnsServer, type TestDnsServer } from "../helpers/dns";
import { expectOk, expectProblem } from "../helpers/http";
import { expectIsolated } from "../helpers/isolation";
import { startReceiver, useReceiverApp, verifies, verifyWith } from "../helpers/webhook-receiver";

const env = useReceiverApp();

const emit = (w: TestWorkspace, type = "import.completed") => transact(env.app.ctx, (_tx, outbox) => outbox.emit({ workspaceId: w.id, type, data: { n: 1 } }));

describe("webhook endpoints", () => {
  test("create shows the secret once; read, list, patch and delete (with its deliveries)", async () => {
    const w = env.app.newWorkspace();
    const c = await w.api.post("/v1/webhook_endpoints", { url: env.rx.url("/crud"), description: "CRM", event_types: ["message.sent", "message.sent", "import.completed"] });
    expectOk(c, 201);
    expect(c.body).toMatchObject({ object: "webhook_endpoint", url: env.rx.url("/crud"), description: "CRM", event_types: ["message.sent", "import.completed"], enabled: true, disabled_reason: null });
    expect(c.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const g = await w.api.get(`/v1/webhook_endpoints/${c.body.id}`);
    const { secret: _secret, ...withoutSecret } = c.body;
    expect(g.body).toEqual(withoutSecret);
    expect(g.text).not.toContain("whsec_");
    const list = await w.api.get("/v1/webhook_endpoints");
    expect(list.body.data).toEqual([withoutSecret]);
    expect(list.text).not.toContain("whsec_");

    env.app.clock.advance(1000);
    const p = await w.api.patch(`/v1/webhook_endpoints/${c.body.id}`, { url: env.rx.url("/crud2"), event_types: [], description: null });
    expectOk(p);
    expect(p.body).toMatchObject({ url: env.rx.url("/crud2"), event_types: [], description: null, enabled: true });
    expect(p.body.updated_at > c.body.updated_at).toBe(true);

    const e = emit(w, "export.completed"); // every type now
    const deliveries = (await w.api.get(`/v1/webhook_deliveries?event_id=${e.id}`)).body.data;
    expect(deliveries.length).toBe(1);
    expect((await w.api.delete(`/v1/webhook_endpoints/${c.body.id}`)).status).toBe(204);
    expectProblem(await w.api.get(`/v1/webhook_endpoints/${c.body.id}`), 404, "not_found");
    expectProblem(await w.api.get(`/v1/webhook_deliveries/${deliveries[0].id}`), 404, "not_found");
    expectProblem(await w.api.delete(`/v1/webhook_endpoints/${c.body.id}`), 404, "not_found");
  });

  test("invalid bodies are 422 with a pointer per field", async () => {
    const w = env.app.newWorkspace();
    const r = await w.api.post("/v1/webhook_endpoints", { url: "ftp://example.com/x", event_types: ["message.sent", "message.exploded"] });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors.map((e: any) => e.pointer)).toEqual(["/event_types/1"]);
    const scheme = await w.api.post("/v1/webhook_endpoints", { url: "ftp://example.com/x" });
    expectProblem(scheme, 422, "validation_failed");
    expect(scheme.body.errors).toEqual([{ pointer: "/url", code: "scheme_not_allowed", detail: expect.stringContaining("ftp") }]);
    const creds = await w.api.post("/v1/webhook_endpoints", { url: "http://user:pw@127.0.0.1/x" });
    expect(creds.body.errors[0].code).toBe("credentials_not_allowed");
    expectProblem(await w.api.post("/v1/webhook_endpoints", {}), 422, "validation_failed");
    const c = await w.api.post("/v1/webhook_endpoints", { url: env.rx.url() });
    expectProblem(await w.api.patch(`/v1/webhook_endpoints/${c.body.id}`, { secret: "whsec_mine" }), 422, "validation_failed");
  });

  test("manage routes need automation:manage; reads take automation:read", async () => {
    const w = env.app.newWorkspace();
    const c = await w.api.post("/v1/webhook_endpoints", { url: env.rx.url() });
    const { token } = createKey(env.app.ctx, { workspaceId: w.id, scopes: ["automation:read"], kind: "api" });
    const ro = w.api.withToken(token);
    expectOk(await ro.get(`/v1/webhook_endpoints/${c.body.id}`));
    expectOk(await ro.get("/v1/webhook_endpoints"));
    expectProblem(await ro.post("/v1/webhook_endpoints", { url: env.rx.url() }), 403, "forbidden");
    expectProblem(await ro.patch(`/v1/webhook_endpoints/${c.body.id}`, { enabled: false }), 403, "forbidden");
    expectProblem(await ro.delete(`/v1/webhook_endpoints/${c.body.id}`), 403, "forbidden");
    expectProblem(await ro.post(`/v1/webhook_endpoints/${c.body.id}/rotate_secret`), 403, "forbidden");
    expectProblem(await ro.post(`/v1/webhook_endpoints/${c.body.id}/replay`, { since: "2026-01-01T00:00:00Z" }), 403, "forbidden");
  });

  test("rotate_secret: both secrets sign for 24 hours, then only the new one", async () => {
    const w = env.app.newWorkspace();
    const c = await w.api.post("/v1/webhook_endpoints", { url: env.rx.url("/rotate") });
    const old = c.body.secret as string;
    const r = await w.api.post(`/v1/webhook_endpoints/${c.body.id}/rotate_secret`);
    expectOk(r);
    const fresh = r.body.secret as string;
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(old);
    expect(r.body.previous_secret_expires_at).toBe(new Date(env.app.clock.now() + SECRET_OVERLAP_MS).toISOString());
    expect((await w.api.get(`/v1/webhook_endpoints/${c.body.id}`)).text).not.toContain("whsec_");

    emit(w);
    await deliverDue(env.app.ctx);
    const during = env.rx.at("/rotate").at(-1)!;
    expect(during.signatures.length).toBe(2);
    expect(verifies(old, during)).toBe(true);
    expect(verifies(fresh, during)).toBe(true);

    env.app.clock.advance(SECRET_OVERLAP_MS + 1000);
    expect((await w.api.get(`/v1/webhook_endpoints/${c.body.id}`)).body.previous_secret_expires_at).toBeNull();
    emit(w);
    await deliverDue(env.app.ctx);
    const after = env.rx.at("/rotate").at(-1)!;
    expect(after.signatures.length).toBe(1);
    expect(verifies(old, after)).toBe(false);
    expect(verifyWith(fresh, after).type).toBe("import.completed");
  });

  test("disable (PATCH) turns pending deliveries disabled and emits webhook_endpoint.disabled; replay is 409 until enabled", async () => {
    const w = env.app.newWorkspace();
    const c = await w.api.post("/v1/webhook_endpoints", { url: env.rx.url("/disable") });
    const watcher = await w.api.post("/v1/webhook_endpoints", { url: env.rx.url("/watcher"), event_types: ["webhook_endpoint.disabled"] });
    const e = emit(w);
    const p = await w.api.patch(`/v1/webhook_endpoints/${c.body.id}`, { enabled: false });
    expectOk(p);
    expect(p.body).toMatchObject({ enabled: false, disabled_reason: "manual", disabled_at: new Date(env.app.clock.now()).toISOString() });
    const d = (await w.api.get(`/v1/webhook_deliveries?event_id=${e.id}`)).body.data[0];
    expect(d).toMatchObject({ state: "disabled", next_attempt_at: null });
    const ev = (await w.api.get("/v1/events?type=webhook_endpoint.disabled")).body.data;
    expect(ev.length).toBe(1);
    expect(ev[0].data).toEqual(p.body);
    await deliverDue(env.app.ctx);
    expect(env.rx.at("/disable").length).toBe(0);
    expect(verifyWith(watcher.body.secret, env.rx.at("/watcher")[0]!).data).toEqual(p.body);

    // events while disabled make no deliveries for it
    const later = emit(w);
    expect((await w.api.get(`/v1/webhook_deliveries?event_id=${later.id}`)).body.data).toEqual([]);

    const refused = await w.api.post(`/v1/webhook_endpoints/${c.body.id}/replay`, { since: "2020-01-01T00:00:00Z" });
    expectProblem(refused, 409, "invalid_state");
    expectProblem(await w.api.post(`/v1/webhook_deliveries/${d.id}/retry`), 409, "invalid_state");
    const on = await w.api.patch(`/v1/webhook_endpoints/${c.body.id}`, { enabled: true });
    expect(on.body).toMatchObject({ enabled: true, disabled_reason: null, disabled_at: null });
    // a second disable of an already disabled endpoint is a no-op (no second event)
    await w.api.patch(`/v1/webhook_endpoints/${c.body.id}`, { enabled: false });
    await w.api.patch(`/v1/webhook_endpoints/${c.body.id}`, { enabled: false });
    expect((await w.api.get("/v1/events?type=webhook_endpoint.disabled")).body.data.length).toBe(2);
  });

  test("replay: deliveries of events created at or after `since` become pending now and are sent again", async () => {
    const w = env.app.newWorkspace();
    const c = await w.api.post("/v1/webhook_endpoints", { url: env.rx.url("/replay") });
    const before = emit(w);
    env.app.clock.advance(60_000);
    const since = new Date(env.app.clock.now()).toISOString();
    const e1 = emit(w);
    env.app.clock.advance(60_000);
    const e2 = emit(w);
    await deliverDue(env.app.ctx);
    expect(env.rx.at("/replay").length).toBe(3);
    env.app.clock.advance(3_600_000);
    const r = await w.api.post(`/v1/webhook_endpoints/${c.body.id}/replay`, { since });
    expectOk(r);
    expect(r.body).toEqual({ object: "webhook_replay", webhook_endpoint_id: c.body.id, since, deliveries: 2 });
    const list = (await w.api.get(`/v1/webhook_deliveries?webhook_endpoint_id=${c.body.id}`)).body.data;
    const byEvent = Object.fromEntries(list.map((d: any) => [d.event_id, d]));
    expect(byEvent[before.id].state).toBe("delivered");
    for (const e of [e1, e2]) expect(byEvent[e.id]).toMatchObject({ state: "pending", next_attempt_at: new Date(env.app.clock.now()).toISOString(), attempts: 1 });
    expect(await deliverDue(env.app.ctx)).toBe(2);
    const replayed = env.rx.at("/replay").slice(3).map((x) => verifyWith(c.body.secret, x).id);
    expect(replayed.sort()).toEqual([e1.id, e2.id].sort());
    const again = (await w.api.get(`/v1/webhook_deliveries?event_id=${e1.id}`)).body.data[0];
    expect(again).toMatchObject({ state: "delivered", attempts: 2 });
    expectProblem(await w.api.post(`/v1/webhook_endpoints/${c.body.id}/replay`, { since: "last tuesday" }), 422, "validation_failed");
  });

  test("is invisible to other workspaces and to the test twin", async () => {
    const a = env.app.newWorkspace();
    const b = env.app.newWorkspace();
    const c = await a.api.post("/v1/webhook_endpoints", { url: env.rx.url("/iso") });
    await expectIsolated([b.api, a.testApi], {
      resourcePath: `/v1/webhook_endpoints/${c.body.id}`,
      listPath: "/v1/webhook_endpoints",
      id: c.body.id,
      routes: [
        ["PATCH", `/v1/webhook_endpoints/${c.body.id}`, { enabled: false }],
        ["DELETE", `/v1/webhook_endpoints/${c.body.id}`],
        ["POST", `/v1/webhook_endpoints/${c.body.id}/rotate_secret`],
        ["POST", `/v1/webhook_endpoints/${c.body.id}/replay`, { since: "2020-01-01T00:00:00Z" }],
        ["POST", "/v1/events", { type: "endpoint.test", webhook_endpoint_id: c.body.id }],
      ],
    });
    expect((await a.api.get(`/v1/webhook_endpoints/${c.body.id}`)).body.enabled).toBe(true);
    // B's events never reach A's endpoint
    emit(b);
    expect((await a.api.get("/v1/webhook_deliveries")).body.data).toEqual([]);
  });
});

describe("SSRF refusals (NEARBOUND_ALLOW_PRIVATE_WEBHOOKS unset)", () => {
  let strict: TestApp;
  let dns: TestDnsServer;
  let w: TestWorkspace;
  beforeAll(async () => {
    dns = await startDnsServer({
      "loop.test": { A: ["127.0.0.1"] },
      "inside.test": { A: ["93.184.216.34"], AAAA: ["fd00::1"] },
      "public.test": { A: ["93.184.216.34"] },
      "rebind.test": { A: ["93.184.216.34"], ttl: 60 },
    });
    strict = await startTestApp({ env: { NEARBOUND_ALLOW_PRIVATE_WEBHOOKS: "0", NEARBOUND_DNS_SERVERS: dns.servers } });
    w = strict.newWorkspace();
  });
  afterAll(async () => {
    await strict.close();
    await dns.close();
  });

  test.each([
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
  ])("%s is refused on create and on update", async (url) => {
    const r = await w.api.post("/v1/webhook_endpoints", { url });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors).toEqual([{ pointer: "/url", code: "private_address", detail: expect.any(String) }]);
    const ok = await w.api.post("/v1/webhook_endpoints", { url: "https://public.test/hook" });
    expectOk(ok, 201);
    const p = await w.api.patch(`/v1/webhook_endpoints/${ok.body.id}`, { url });
    expectProblem(p, 422, "validation_failed");
    expect(p.body.errors[0]).toMatchObject({ pointer: "/url", code: "private_address" });
  });

  test("an unresolvable host is refused", async () => {
    const r = await w.api.post("/v1/webhook_endpoints", { url: "https://nowhere.test/hook" });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors[0]).toMatchObject({ pointer: "/url", code: "unresolvable" });
  });

  test("checked again at delivery time: a host that rebinds to loopback gets nothing sent", async () => {
    const local = startReceiver();
    // its own workspace: the endpoints above (public addresses) must never get an event
    const w = strict.newWorkspace();
    try {
      const c = await w.api.post("/v1/webhook_endpoints", { url: `http://rebind.test:${local.port}/hook` });
      expectOk(c, 201);
      dns.updateZone({ "rebind.test": { A: ["127.0.0.1"], ttl: 60 } });
      strict.clock.advance(61_000); // the cached public answer expires
      const e = transact(strict.ctx, (_tx, outbox) => outbox.emit({ workspaceId: w.id, type: "endpoint.test", data: {} }));
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
