import { describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/config";
import { createContext } from "../../src/context";
import { FakeClock } from "../../src/lib/clock";
import { silentLogger } from "../../src/lib/log";
import { FAILING_DISABLE_AFTER_MS, MAX_ATTEMPTS, RETRY_DELAYS_MS } from "../../src/modules/automation/webhooks/schedule";
import { deliverDue } from "../../src/modules/automation/webhooks/worker";
import { transact } from "../../src/modules/events/outbox";
import { createWorkspace } from "../../src/modules/workspaces/workspaces";
import { startRunning, type TestWorkspace } from "../helpers/app";
import { apiWithScopes, createWebhookEndpoint, emitEvent, uid } from "../helpers/factory";
import { Api, expectOk, expectProblem, until } from "../helpers/http";
import { expectIsolated } from "../helpers/isolation";
import { startReceiver, useReceiverApp, verifyWith } from "../helpers/webhook-receiver";

const env = useReceiverApp();

const emit = (w: TestWorkspace, type = "import.completed", data: unknown = { rows: 3 }) => emitEvent(env.app.ctx, w, type, data);
/** An endpoint at a receiver path of the test's own (`name-<random>`), so what arrives there is only this test's. */
async function endpoint(w: TestWorkspace, name: string, extra: Record<string, unknown> = {}) {
  const path = `/${name}-${uid()}`;
  return Object.assign(await createWebhookEndpoint(w.api, { url: env.rx.url(path), ...extra }), { path });
}
const deliveryOf = async (w: TestWorkspace, eventId: string) => (await w.api.get(`/v1/webhook_deliveries?event_id=${eventId}`)).body.data[0];
const ms = (ts: string | null) => (ts === null ? null : Date.parse(ts));
const DAY = 86_400_000;

/** next_attempt_at lies within ±10% of `delay` after now. */
function expectDueIn(d: { next_attempt_at: string | null }, delay: number) {
  const due = ms(d.next_attempt_at)! - env.app.clock.now();
  expect(due).toBeGreaterThanOrEqual(Math.floor(delay * 0.9));
  expect(due).toBeLessThanOrEqual(Math.ceil(delay * 1.1));
}

/** Attempts the event's delivery `n` times, moving the clock to each next attempt. */
async function attempt(w: TestWorkspace, eventId: string, n: number) {
  for (let i = 0; i < n; i++) {
    expect(await deliverDue(env.app.ctx)).toBe(1);
    const next = ms((await deliveryOf(w, eventId)).next_attempt_at);
    if (next !== null) env.app.clock.set(next);
  }
}

describe("signed delivery", () => {
  test("the body is the event as the API shows it, signed per Standard Webhooks", async () => {
    const w = env.app.newWorkspace();
    const hook = await endpoint(w, "signed");
    const e = emit(w, "export.completed", { id: "exp_1", status: "ready" });
    const before = Math.floor(Date.now() / 1000);
    expect(await deliverDue(env.app.ctx)).toBe(1);
    const [got] = env.rx.at(hook.path);
    expect(got!.headers["webhook-id"]).toBe(e.id);
    expect(got!.headers["content-type"]).toBe("application/json");
    expect(Number(got!.headers["webhook-timestamp"])).toBeGreaterThanOrEqual(before);
    const payload = verifyWith(hook.secret, got!);
    const shown = await w.api.get(`/v1/events/${e.id}`);
    expect(got!.body).toBe(JSON.stringify(shown.body));
    expect(payload).toEqual(shown.body);
  });

  test("the delivery records its attempt", async () => {
    const w = env.app.newWorkspace();
    const hook = await endpoint(w, "signed");
    const e = emit(w, "export.completed", { id: "exp_1", status: "ready" });
    expect(await deliverDue(env.app.ctx)).toBe(1);
    const d = await deliveryOf(w, e.id);
    expect(d).toEqual({
      id: expect.stringMatching(/^whd_[0-9a-f]{32}$/),
      object: "webhook_delivery",
      event_id: e.id,
      event_type: "export.completed",
      webhook_endpoint_id: hook.id,
      state: "delivered",
      attempts: 1,
      next_attempt_at: null,
      delivered_at: new Date(env.app.clock.now()).toISOString(),
      last_attempt: { started_at: new Date(env.app.clock.now()).toISOString(), duration_ms: expect.any(Number), response_status: 200, response_excerpt: "ok" },
      created_at: new Date(e.createdAt).toISOString(),
    });
    expect((await w.api.get(`/v1/webhook_deliveries/${d.id}`)).body).toEqual(d);
  });

  test("a 2xx is never delivered again (only retry or replay send it again)", async () => {
    const w = env.app.newWorkspace();
    const hook = await endpoint(w, "once");
    emit(w);
    await deliverDue(env.app.ctx);
    env.app.clock.advance(3 * DAY);
    expect(await deliverDue(env.app.ctx)).toBe(0);
    expect(env.rx.at(hook.path).length).toBe(1);
  });
});

describe("retries on the schedule", () => {
  /** An endpoint failing its first three attempts (the second with a 302), then answering "finally". */
  async function flaky(w: TestWorkspace) {
    const hook = await endpoint(w, "flaky");
    env.rx.answer(hook.path, (_r, n) => (n <= 3 ? new Response(`fail ${n}`, { status: n === 2 ? 302 : 500 }) : new Response("finally")));
    return { hook, e: emit(w) };
  }

  test("failures retry at 5 s, 5 min, 30 min (±10%), and not before", async () => {
    const w = env.app.newWorkspace();
    const { e } = await flaky(w);
    for (const [i, delay] of RETRY_DELAYS_MS.slice(0, 3).entries()) {
      expect(await deliverDue(env.app.ctx)).toBe(1);
      const d = await deliveryOf(w, e.id);
      expect(d).toMatchObject({ state: "pending", attempts: i + 1, delivered_at: null });
      expect(d.last_attempt).toMatchObject({ started_at: new Date(env.app.clock.now()).toISOString(), response_status: i === 1 ? 302 : 500, response_excerpt: `fail ${i + 1}` });
      expectDueIn(d, delay);
      // not due yet: nothing happens
      env.app.clock.set(ms(d.next_attempt_at)! - 1);
      expect(await deliverDue(env.app.ctx)).toBe(0);
      env.app.clock.advance(1);
    }
  });

  test("a success after failures delivers; every attempt carries the same id, signed", async () => {
    const w = env.app.newWorkspace();
    const { hook, e } = await flaky(w);
    await attempt(w, e.id, 3);
    expect(await deliverDue(env.app.ctx)).toBe(1);
    expect(await deliveryOf(w, e.id)).toMatchObject({ state: "delivered", attempts: 4, next_attempt_at: null, last_attempt: { response_status: 200, response_excerpt: "finally" } });
    const got = env.rx.at(hook.path);
    expect(got.map((r) => r.headers["webhook-id"])).toEqual([e.id, e.id, e.id, e.id]);
    for (const r of got) expect(verifyWith(hook.secret, r).id).toBe(e.id);
  });

  /** An endpoint that always answers 503 with 5,000 bytes. */
  async function down(w: TestWorkspace) {
    const hook = await endpoint(w, "down");
    env.rx.answer(hook.path, () => new Response("x".repeat(5000), { status: 503 }));
    return { hook, e: emit(w) };
  }

  test("after 8 failed attempts on the schedule the delivery is failed; each excerpt is cut at 1,024 characters", async () => {
    const w = env.app.newWorkspace();
    const { e } = await down(w);
    for (let i = 1; i <= MAX_ATTEMPTS; i++) {
      expect(await deliverDue(env.app.ctx)).toBe(1);
      const d = await deliveryOf(w, e.id);
      expect(d.attempts).toBe(i);
      expect(d.last_attempt.response_excerpt.length).toBe(1024);
      if (i < MAX_ATTEMPTS) {
        expectDueIn(d, RETRY_DELAYS_MS[i - 1]!);
        env.app.clock.set(ms(d.next_attempt_at)!);
      } else {
        expect(d).toMatchObject({ state: "failed", next_attempt_at: null });
      }
    }
  });

  test("a failed delivery is not sent again, and its 28 hours of failure do not disable the endpoint", async () => {
    const w = env.app.newWorkspace();
    const { hook, e } = await down(w);
    await attempt(w, e.id, MAX_ATTEMPTS);
    env.app.clock.advance(DAY);
    expect(await deliverDue(env.app.ctx)).toBe(0);
    expect(env.rx.at(hook.path).length).toBe(MAX_ATTEMPTS);
    expect((await w.api.get(`/v1/webhook_endpoints/${hook.id}`)).body.enabled).toBe(true);
  });

  test("nothing answering is recorded as what went wrong", async () => {
    const w = env.app.newWorkspace();
    const closed = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
    const port = closed.port;
    closed.stop(true);
    await createWebhookEndpoint(w.api, { url: `http://127.0.0.1:${port}/nobody` });
    const e = emit(w);
    await deliverDue(env.app.ctx);
    const d = await deliveryOf(w, e.id);
    expect(d).toMatchObject({ state: "pending", attempts: 1, last_attempt: { response_status: null, response_excerpt: "connection refused" } });
    expect(typeof d.last_attempt.duration_ms).toBe("number");
  });
});

describe("disabling on failure", () => {
  /** An endpoint that answers 500 once, then 410: a first event left pending, then a second one answered 410. */
  async function gone(w: TestWorkspace) {
    const hook = await endpoint(w, "gone", { event_types: ["import.completed"] });
    env.rx.answer(hook.path, (_r, n) => new Response(n === 1 ? "busy" : "gone", { status: n === 1 ? 500 : 410 }));
    const first = emit(w);
    await deliverDue(env.app.ctx);
    expect((await deliveryOf(w, first.id)).state).toBe("pending");
    const second = emit(w);
    expect(await deliverDue(env.app.ctx)).toBe(1);
    return { hook, first, second };
  }

  test("a 410 disables the endpoint at once, reason gone; nothing is due after", async () => {
    const w = env.app.newWorkspace();
    const { hook } = await gone(w);
    expect((await w.api.get(`/v1/webhook_endpoints/${hook.id}`)).body).toMatchObject({ enabled: false, disabled_reason: "gone" });
    env.app.clock.advance(DAY);
    expect(await deliverDue(env.app.ctx)).toBe(0);
  });

  test("after a 410 the endpoint's pending deliveries become disabled", async () => {
    const w = env.app.newWorkspace();
    const { first, second } = await gone(w);
    expect(await deliveryOf(w, first.id)).toMatchObject({ state: "disabled", next_attempt_at: null });
    expect(await deliveryOf(w, second.id)).toMatchObject({ state: "disabled", attempts: 1, last_attempt: { response_status: 410 } });
  });

  test("after a 410 webhook_endpoint.disabled says why", async () => {
    const w = env.app.newWorkspace();
    const { hook } = await gone(w);
    const ep = (await w.api.get(`/v1/webhook_endpoints/${hook.id}`)).body;
    const disabled = (await w.api.get("/v1/events?type=webhook_endpoint.disabled")).body.data;
    expect(disabled.map((x: any) => x.data)).toEqual([ep]);
  });

  /**
   * An endpoint failing from the start, healthy once on day 3, failing again
   * from day 4; the clock at day 6 after an attempt. Answers the start time.
   */
  async function sick(w: TestWorkspace) {
    const hook = await endpoint(w, "sick");
    let healthy = false;
    env.rx.answer(hook.path, () => new Response(healthy ? "ok" : "sick", { status: healthy ? 200 : 500 }));
    const start = env.app.clock.now();
    emit(w);
    await deliverDue(env.app.ctx); // failing since start
    env.app.clock.set(start + 3 * DAY);
    healthy = true;
    emit(w);
    await deliverDue(env.app.ctx); // a success: no longer failing
    healthy = false;
    env.app.clock.set(start + 4 * DAY);
    emit(w);
    await deliverDue(env.app.ctx); // failing since day 4
    env.app.clock.set(start + 6 * DAY);
    emit(w);
    await deliverDue(env.app.ctx);
    return { hook, start };
  }

  test("a success resets the count: 6 days after the first failure the endpoint is still enabled", async () => {
    const w = env.app.newWorkspace();
    const { hook } = await sick(w);
    expect((await w.api.get(`/v1/webhook_endpoints/${hook.id}`)).body.enabled).toBe(true);
  });

  test("5 days without a success disable the endpoint and its pending deliveries", async () => {
    const w = env.app.newWorkspace();
    const { hook, start } = await sick(w);
    env.app.clock.set(start + 4 * DAY + FAILING_DISABLE_AFTER_MS);
    const last = emit(w);
    await deliverDue(env.app.ctx);
    expect((await w.api.get(`/v1/webhook_endpoints/${hook.id}`)).body).toMatchObject({ enabled: false, disabled_reason: "failing" });
    expect((await deliveryOf(w, last.id)).state).toBe("disabled");
    expect((await w.api.get("/v1/webhook_deliveries?state=pending")).body.data).toEqual([]);
  });
});

describe("GET /v1/webhook_deliveries", () => {
  /** Endpoint a (every type) and b (import.completed): three events, five deliveries. */
  async function fiveDeliveries(w: TestWorkspace) {
    const a = await endpoint(w, "list-a");
    const b = await endpoint(w, "list-b", { event_types: ["import.completed"] });
    const e1 = emit(w, "import.completed");
    const e2 = emit(w, "export.completed");
    const e3 = emit(w, "import.completed");
    return { a, b, e1, e2, e3 };
  }
  const key = (d: any) => `${d.event_id} ${d.id}`;
  const newestFirst = (data: any[]) => [...data].sort((x: any, y: any) => (key(x) < key(y) ? 1 : -1));

  test("orders by event then delivery, newest first, with the total", async () => {
    const w = env.app.newWorkspace();
    const { e1, e2, e3 } = await fiveDeliveries(w);
    const all = (await w.api.get("/v1/webhook_deliveries?limit=100&include=total_count")).body;
    expect(all.meta).toEqual({ has_more: false, next_cursor: null, total_count: 5, total_count_capped: false });
    expect(all.data).toEqual(newestFirst(all.data));
    expect(all.data.map((d: any) => d.event_id)).toEqual([e3.id, e3.id, e2.id, e1.id, e1.id]);
  });

  test("order=asc reverses", async () => {
    const w = env.app.newWorkspace();
    await fiveDeliveries(w);
    const desc = newestFirst((await w.api.get("/v1/webhook_deliveries?limit=100")).body.data);
    expect((await w.api.get("/v1/webhook_deliveries?order=asc")).body.data).toEqual([...desc].reverse());
  });

  test("cursor pages walk the same order", async () => {
    const w = env.app.newWorkspace();
    await fiveDeliveries(w);
    const desc = newestFirst((await w.api.get("/v1/webhook_deliveries?limit=100")).body.data);
    const p1 = (await w.api.get("/v1/webhook_deliveries?limit=2")).body;
    expect(p1.meta.has_more).toBe(true);
    const p2 = (await w.api.get(`/v1/webhook_deliveries?limit=2&cursor=${p1.meta.next_cursor}`)).body;
    const p3 = (await w.api.get(`/v1/webhook_deliveries?limit=2&cursor=${p2.meta.next_cursor}`)).body;
    expect(p3.meta).toMatchObject({ has_more: false, next_cursor: null });
    expect([...p1.data, ...p2.data, ...p3.data]).toEqual(desc);
  });

  test("a cursor used with another order or another filter is 400", async () => {
    const w = env.app.newWorkspace();
    await fiveDeliveries(w);
    const p1 = (await w.api.get("/v1/webhook_deliveries?limit=2")).body;
    expectProblem(await w.api.get(`/v1/webhook_deliveries?limit=2&order=asc&cursor=${p1.meta.next_cursor}`), 400, "invalid_request");
    expectProblem(await w.api.get(`/v1/webhook_deliveries?limit=2&state=pending&cursor=${p1.meta.next_cursor}`), 400, "invalid_request");
  });

  test("filters by endpoint", async () => {
    const w = env.app.newWorkspace();
    const { b, e1, e3 } = await fiveDeliveries(w);
    const byB = (await w.api.get(`/v1/webhook_deliveries?webhook_endpoint_id=${b.id}`)).body.data;
    expect(byB.map((d: any) => d.event_id)).toEqual([e3.id, e1.id]);
  });

  test("filters by event", async () => {
    const w = env.app.newWorkspace();
    const { a, b, e1 } = await fiveDeliveries(w);
    const byEvent = (await w.api.get(`/v1/webhook_deliveries?event_id=${e1.id}`)).body.data;
    expect(byEvent.map((d: any) => d.webhook_endpoint_id).sort()).toEqual([a.id, b.id].sort());
  });

  test("filters by state", async () => {
    const w = env.app.newWorkspace();
    const { a, b } = await fiveDeliveries(w);
    env.rx.answer(b.path, () => new Response("no", { status: 500 }));
    await deliverDue(env.app.ctx);
    const pending = (await w.api.get(`/v1/webhook_deliveries?state=pending&include=total_count`)).body;
    expect(pending.meta.total_count).toBe(2);
    expect(pending.data.every((d: any) => d.webhook_endpoint_id === b.id)).toBe(true);
    const delivered = (await w.api.get(`/v1/webhook_deliveries?state=delivered&webhook_endpoint_id=${a.id}`)).body.data;
    expect(delivered.length).toBe(3);
  });

  test("bad parameters are 422, each named", async () => {
    const w = env.app.newWorkspace();
    const bad = await w.api.get("/v1/webhook_deliveries?state=lost&limit=101&webhook_endpoint_id=x");
    expectProblem(bad, 422, "validation_failed");
    expect(bad.body.errors.map((e: any) => e.pointer).sort()).toEqual(["?limit", "?state", "?webhook_endpoint_id"]);
  });
});

describe("POST /v1/webhook_deliveries/{id}/retry", () => {
  /** An endpoint that fails until `ok()` is called, and an event whose delivery was attempted once (pending). */
  async function failingOnce(w: TestWorkspace) {
    const hook = await endpoint(w, "retry");
    let fail = true;
    env.rx.answer(hook.path, () => new Response("r", { status: fail ? 500 : 200 }));
    const e = emit(w);
    await deliverDue(env.app.ctx);
    const pending = await deliveryOf(w, e.id);
    return { hook, e, pending, ok: () => (fail = false) };
  }

  test("a pending delivery is brought forward to now, and delivered", async () => {
    const w = env.app.newWorkspace();
    const { e, pending, ok } = await failingOnce(w);
    expectDueIn(pending, RETRY_DELAYS_MS[0]);
    env.app.clock.advance(1000);
    const forward = await w.api.post(`/v1/webhook_deliveries/${pending.id}/retry`);
    expectOk(forward);
    expect(forward.body).toMatchObject({ state: "pending", attempts: 1, next_attempt_at: new Date(env.app.clock.now()).toISOString() });
    ok();
    expect(await deliverDue(env.app.ctx)).toBe(1);
    expect((await deliveryOf(w, e.id)).state).toBe("delivered");
  });

  test("a delivered one becomes pending now and is sent again", async () => {
    const w = env.app.newWorkspace();
    const { hook, e, pending, ok } = await failingOnce(w);
    env.app.clock.advance(1000);
    expectOk(await w.api.post(`/v1/webhook_deliveries/${pending.id}/retry`));
    ok();
    expect(await deliverDue(env.app.ctx)).toBe(1);
    const again = await w.api.post(`/v1/webhook_deliveries/${pending.id}/retry`);
    expect(again.body).toMatchObject({ state: "pending", attempts: 2, next_attempt_at: new Date(env.app.clock.now()).toISOString() });
    expect(await deliverDue(env.app.ctx)).toBe(1);
    expect(await deliveryOf(w, e.id)).toMatchObject({ state: "delivered", attempts: 3 });
    expect(env.rx.at(hook.path).length).toBe(3);
  });

  test("an unknown delivery is 404", async () => {
    const w = env.app.newWorkspace();
    expectProblem(await w.api.post("/v1/webhook_deliveries/whd_0123456789abcdef0123456789abcdef/retry"), 404, "not_found");
  });

  test("a retry while an attempt is in flight never starts a second one", async () => {
    const w = env.app.newWorkspace();
    const hook = await endpoint(w, "slow");
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    env.rx.answer(hook.path, async () => {
      await held;
      return new Response("done");
    });
    const e = emit(w);
    const first = deliverDue(env.app.ctx);
    await until(() => env.rx.at(hook.path).length === 1, "the attempt to arrive");
    const d = await deliveryOf(w, e.id);
    const r = await w.api.post(`/v1/webhook_deliveries/${d.id}/retry`);
    expectOk(r);
    expect(r.body.state).toBe("pending");
    expect(ms(r.body.next_attempt_at)!).toBeGreaterThan(env.app.clock.now()); // the lease, not now
    expect(await deliverDue(env.app.ctx)).toBe(0);
    release();
    expect(await first).toBe(1);
    expect(env.rx.at(hook.path).length).toBe(1);
    expect(await deliveryOf(w, e.id)).toMatchObject({ state: "delivered", attempts: 1 });
  });

  test("needs automation:manage; automation:read may read", async () => {
    const w = env.app.newWorkspace();
    await endpoint(w, "scoped");
    const d = await deliveryOf(w, emit(w).id);
    const ro = apiWithScopes(env.app, w, ["automation:read"]);
    expectOk(await ro.get(`/v1/webhook_deliveries/${d.id}`));
    expectProblem(await ro.post(`/v1/webhook_deliveries/${d.id}/retry`), 403, "forbidden");
  });
});

describe("isolation", () => {
  test("deliveries are invisible to other workspaces and to the test twin", async () => {
    const a = env.app.newWorkspace();
    const b = env.app.newWorkspace();
    await endpoint(a, "iso");
    const e = emit(a);
    const d = await deliveryOf(a, e.id);
    await expectIsolated([b.api, a.testApi], {
      resourcePath: `/v1/webhook_deliveries/${d.id}`,
      listPath: "/v1/webhook_deliveries",
      id: d.id,
      routes: [["POST", `/v1/webhook_deliveries/${d.id}/retry`]],
    });
    expect((await b.api.get(`/v1/webhook_deliveries?event_id=${e.id}`)).body.data).toEqual([]);
  });
});

describe("restart", () => {
  test("restart mid-delivery: the attempt whose answer was lost is made again by the next process", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "nearbound-restart-"));
    const env = { NEARBOUND_ALLOW_PRIVATE_WEBHOOKS: "1", NEARBOUND_SMTP_PORT: "0" };
    const config = loadConfig({ "data-dir": dataDir, port: "0" }, env);
    const local = startReceiver();
    let unblock!: () => void;
    const blocked = new Promise<void>((r) => (unblock = r));
    local.answer("/hook", async (_r, n) => {
      if (n === 1) await blocked; // the first process dies before this answer
      return new Response("ok");
    });
    try {
      const clock1 = new FakeClock(Date.parse("2026-11-21T12:00:00Z"));
      const ctx1 = createContext(config, { clock: clock1, log: silentLogger });
      const run1 = await startRunning(ctx1);
      const ws = createWorkspace(ctx1, { name: "restart" });
      const api1 = new Api(run1.url, ws.apiKey);
      const hook = (await api1.post("/v1/webhook_endpoints", { url: local.url("/hook") })).body;
      const e = transact(ctx1, (_tx, outbox) => outbox.emit({ workspaceId: ws.workspace.id, type: "import.completed", data: {} }));
      const lost = deliverDue(ctx1).catch(() => "lost");
      await until(() => local.received.length === 1, "the first attempt");
      await run1.stop();
      ctx1.db.$client.close(); // the process is gone; its attempt never recorded an answer

      const ctx2 = createContext(config, { clock: new FakeClock(clock1.now() + 61_000), log: silentLogger });
      const run2 = await startRunning(ctx2, { runJobs: true });
      try {
        const api2 = new Api(run2.url, ws.apiKey);
        const delivered = await until(async () => {
          const d = (await api2.get(`/v1/webhook_deliveries?event_id=${e.id}`)).body.data[0];
          return d?.state === "delivered" ? d : null;
        }, "the delivery after restart");
        expect(delivered.attempts).toBe(2);
        expect(local.received.map((r) => r.headers["webhook-id"])).toEqual([e.id, e.id]);
        for (const r of local.received) expect(verifyWith(hook.secret, r).id).toBe(e.id);
        // the running worker is woken by new events in-process
        const next = transact(ctx2, (_tx, outbox) => outbox.emit({ workspaceId: ws.workspace.id, type: "import.completed", data: {} }));
        await until(() => local.received.some((r) => r.headers["webhook-id"] === next.id), "the next event's delivery");
      } finally {
        await run2.stop();
        ctx2.db.$client.close();
      }
      unblock();
      expect(await lost).toBe("lost");
    } finally {
      local.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
