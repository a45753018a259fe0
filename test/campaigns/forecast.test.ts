import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { campaignSteps, messages } from "../../src/db/schema";
import { startTestApp, type TestApp } from "../helpers/app";
import { created } from "../helpers/factory";
import { expectOk, expectProblem } from "../helpers/http";
import { mailbox, people, runUntil, step, variant } from "../helpers/campaigns";
import { expectIsolated } from "../helpers/isolation";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const DAY = 86_400_000;
const ZONES = ["Europe/Berlin", "America/New_York", "Asia/Tokyo", null];

describe("POST /v1/campaigns/{id}/forecast", () => {
  test("every forecast send is what the scheduler then does: windows, recipient zones, gaps, caps, a ramp, sticky senders", async () => {
    const w = app.newWorkspace();
    const api = w.testApi;
    const boxes = [
      await mailbox(app, api, { pacing: { min_gap_seconds: 120, max_gap_seconds: 600, daily_cap: 6 } }),
      await mailbox(app, api, { pacing: { min_gap_seconds: 60, max_gap_seconds: 300, daily_cap: 9 } }),
      await mailbox(app, api, { tags: ["sdr"] }),
    ];
    // the third warms up: 2 a day, growing by 1
    app.ctx.db.$client.prepare("UPDATE sender_identities SET ramp = ?1, ramp_started_at = ?2 WHERE id = ?3").run(JSON.stringify({ start: 2, growth: 1, ceiling: 5 }), app.clock.now(), boxes[2]!.identityId);
    const ps = await people(api, 40, (i) => ({ given_name: `P${i}`, timezone: ZONES[i % ZONES.length] }));
    const c = await created(api, "/v1/campaigns", {
      name: "Forecast me",
      schedule: { send_window: { days: [1, 2, 3, 4, 5], start: "09:00", end: "17:00" }, timezone: "Europe/London", timezone_source: "recipient" },
      senders: { identity_ids: [boxes[0]!.identityId, boxes[1]!.identityId], tags: ["sdr"] },
      steps: [step(), step({ name: "Bump", delay_seconds: 86_400, same_thread: true, variants: [variant()] }), step({ name: "Last", delay_seconds: 2 * 86_400, variants: [variant({ subject: "Closing the loop" })] })],
    });
    expectOk(await api.post("/v1/enrollments", { campaign_id: c.id, person_ids: ps.map((p) => p.id) }, { "idempotency-key": crypto.randomUUID() }), 201);

    const f = await api.post(`/v1/campaigns/${c.id}/forecast`, { limit: 1000 });
    expectOk(f);
    expect(f.body).toMatchObject({ object: "campaign_forecast", campaign_id: c.id, enrollments: 40, sends: 120, unserved_count: 0, schedule_truncated: false });
    // no identity over its cap on any day, per the forecast
    for (const d of f.body.days) {
      const count = (id: string) => d.identities.find((x: any) => x.identity_id === id)?.count ?? 0;
      expect(count(boxes[0]!.identityId)).toBeLessThanOrEqual(6);
      expect(count(boxes[1]!.identityId)).toBeLessThanOrEqual(9);
    }

    expectOk(await api.post(`/v1/campaigns/${c.id}/start`, {}));
    await app.running.runner.drain();
    await runUntil(app, Date.parse(f.body.last_send_at) + DAY);

    const sent = app.ctx.db.select().from(messages).where(eq(messages.campaignId, c.id)).all();
    expect(sent).toHaveLength(120);
    expect(sent.every((m) => m.status === "sent")).toBe(true);
    const positions = new Map(app.ctx.db.select().from(campaignSteps).where(eq(campaignSteps.campaignId, c.id)).all().map((s) => [s.id, s.position]));
    const actual = (enrollmentId: string) =>
      sent
        .filter((m) => m.enrollmentId === enrollmentId)
        .map((m) => ({ position: positions.get(m.stepId!), at: new Date(m.sentAt!).toISOString(), identity_id: m.senderIdentityId }))
        .sort((a, b) => a.position! - b.position!);
    for (const e of f.body.schedule) {
      expect(actual(e.enrollment_id)).toEqual(e.sends.map((s: any) => ({ position: s.position, at: s.at, identity_id: s.identity_id })));
    }
    expect(new Date(Math.max(...sent.map((m) => m.sentAt!))).toISOString()).toBe(f.body.last_send_at);
  });

  test("enrollments that cannot be served are named with why; nothing is sent or stored", async () => {
    const w = app.newWorkspace();
    const api = w.testApi;
    const [p] = await people(api, 1);
    const c = await created(api, "/v1/campaigns", { name: "No senders", steps: [step()] });
    expectOk(await api.post("/v1/enrollments", { campaign_id: c.id, person_ids: [p!.id] }, { "idempotency-key": crypto.randomUUID() }), 201);
    const f = await api.post(`/v1/campaigns/${c.id}/forecast`, {});
    expectOk(f);
    expect(f.body).toMatchObject({ sends: 0, unserved_count: 1, last_send_at: null });
    expect(f.body.unserved[0]).toMatchObject({ person_id: p!.id, reason: "no_sender" });
    expect(app.ctx.db.select().from(messages).where(eq(messages.campaignId, c.id)).all()).toHaveLength(0);
  });

  test("404 for another workspace's campaign; 422 for a bad limit", async () => {
    const w = app.newWorkspace();
    const c = await created(w.api, "/v1/campaigns", { name: "Mine", steps: [step()] });
    const other = app.newWorkspace();
    await expectIsolated([other.api, w.testApi], { resourcePath: `/v1/campaigns/${c.id}`, id: c.id, routes: [["POST", `/v1/campaigns/${c.id}/forecast`, {}]] });
    expectProblem(await w.api.post(`/v1/campaigns/${c.id}/forecast`, { limit: 5000 }), 422, "validation_failed");
  });
});
