// Human pacing through the real scheduler and MTA (test-mode workspaces send
// to the fake transport): connection gaps, identity daily caps, warm-up
// ramps, sticky senders and what happens when a sender cannot send or leaves
// the pool. Each test starts its own appliance at Saturday 2026-11-21 12:00Z
// so no test's leftovers are due in another's run.
import { afterEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { senderIdentities } from "../../src/db/schema";
import { FakeClock } from "../../src/lib/clock";
import { tick } from "../../src/modules/campaigns/scheduler";
import { startTestApp, type TestApp } from "../helpers/app";
import { campaignMessages, enrollmentsOf, mailbox, people, runUntil, startedCampaign, step, variant, type Mailbox } from "../helpers/campaigns";
import { expectOk } from "../helpers/http";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = Date.parse("2026-11-21T12:00:00Z"); // a Saturday
const day = (t: number) => new Date(t).toISOString().slice(0, 10);

let app: TestApp | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});
async function freshApp(): Promise<TestApp> {
  app = await startTestApp({ clock: new FakeClock(START) });
  return app;
}

describe("500 people over 10 mailboxes never burst", () => {
  test("gaps of 60–180 s per connection, at most 30 a day per identity, all inside the window, every mailbox used, everyone mailed", async () => {
    const a = await freshApp();
    const w = a.newWorkspace();
    const boxes: Mailbox[] = [];
    for (let i = 0; i < 10; i++) boxes.push(await mailbox(a, w.testApi, { pacing: { min_gap_seconds: 60, max_gap_seconds: 180, daily_cap: 30 } }));
    const ps = await people(w.testApi, 500);
    const c = await startedCampaign(
      a,
      w.testApi,
      { schedule: { send_window: { days: [1, 2, 3, 4, 5, 6, 7], start: "09:00", end: "17:00" }, timezone: "UTC" }, senders: { identity_ids: boxes.map((b) => b.identityId) } },
      ps.map((p) => p.id),
    );
    expect(enrollmentsOf(a, c.id)).toHaveLength(500); // the 202 job enrolled everyone

    await runUntil(a, START + 4 * DAY);
    const msgs = campaignMessages(a, c.id);
    expect(msgs).toHaveLength(500);
    expect(msgs.every((m) => m.status === "sent" && m.sentAt === m.sendAt)).toBe(true);
    expect(new Set(msgs.map((m) => m.personId)).size).toBe(500);

    const byConnection = new Map<string, number[]>();
    const perIdentityDay = new Map<string, number>();
    for (const m of msgs) {
      byConnection.set(m.connectionId, [...(byConnection.get(m.connectionId) ?? []), m.sentAt!]);
      const k = `${m.senderIdentityId} ${day(m.sentAt!)}`;
      perIdentityDay.set(k, (perIdentityDay.get(k) ?? 0) + 1);
      const hour = new Date(m.sentAt!).getUTCHours();
      expect(hour >= 9 && hour < 17).toBe(true);
    }
    expect([...byConnection.keys()].sort()).toEqual(boxes.map((b) => b.connectionId).sort());
    const gaps: number[] = [];
    for (const times of byConnection.values()) {
      times.sort((x, y) => x - y);
      for (let i = 1; i < times.length; i++) if (day(times[i]!) === day(times[i - 1]!)) gaps.push((times[i]! - times[i - 1]!) / 1000);
    }
    expect(gaps.length).toBe(500 - 10 * 2); // two days per connection: each day's first send has no gap
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(60);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(180);
    expect(new Set(gaps).size).toBeGreaterThan(10); // drawn, not a constant
    expect(Math.max(...perIdentityDay.values())).toBeLessThanOrEqual(30);
    // 300 a day (10 × 30): the first day full, the rest the next day
    const perDay = new Map<string, number>();
    for (const m of msgs) perDay.set(day(m.sentAt!), (perDay.get(day(m.sentAt!)) ?? 0) + 1);
    expect(Object.fromEntries(perDay)).toEqual({ "2026-11-21": 300, "2026-11-22": 200 });
  }, 120_000);
});

describe("warm-up ramp", () => {
  test("start 2, growth 1, ceiling 4: 2, 3, 4, 4 messages on consecutive UTC days", async () => {
    const a = await freshApp();
    const w = a.newWorkspace();
    const box = await mailbox(a, w.testApi);
    // no API field sets a ramp yet: written to the row
    a.ctx.db.update(senderIdentities).set({ ramp: { start: 2, growth: 1, ceiling: 4 }, rampStartedAt: START }).where(eq(senderIdentities.id, box.identityId)).run();
    const ps = await people(w.testApi, 13);
    const c = await startedCampaign(a, w.testApi, { senders: { identity_ids: [box.identityId] } }, ps.map((p) => p.id));
    await runUntil(a, START + 5 * DAY);
    const perDay = new Map<string, number>();
    for (const m of campaignMessages(a, c.id)) perDay.set(day(m.sentAt!), (perDay.get(day(m.sentAt!)) ?? 0) + 1);
    expect(Object.fromEntries(perDay)).toEqual({ "2026-11-21": 2, "2026-11-22": 3, "2026-11-23": 4, "2026-11-24": 4 });
  });
});

const twoSteps = (over: Record<string, unknown> = {}) => [step(), step({ name: "Bump", delay_seconds: 3600, same_thread: true, variants: [variant({ text: "Any thoughts?" })], ...over })];

describe("sticky senders", () => {
  test("step 2 goes from step 1's identity; at its daily cap the enrollment waits for it (waiting_for) and goes the next day from it, while another sender has room", async () => {
    const a = await freshApp();
    const w = a.newWorkspace();
    const capped = await mailbox(a, w.testApi, { pacing: { min_gap_seconds: 0, max_gap_seconds: 0, daily_cap: 2 } });
    const roomy = await mailbox(a, w.testApi, { pacing: { min_gap_seconds: 0, max_gap_seconds: 0, daily_cap: 100 } });
    const ps = await people(w.testApi, 4);
    const c = await startedCampaign(a, w.testApi, { senders: { identity_ids: [capped.identityId, roomy.identityId] }, steps: twoSteps() }, ps.map((p) => p.id));
    let msgs = campaignMessages(a, c.id);
    const senderOf = new Map(msgs.map((m) => [m.enrollmentId!, m.senderIdentityId]));
    expect([...senderOf.values()].filter((s) => s === capped.identityId)).toHaveLength(2);

    await runUntil(a, START + 2 * HOUR);
    const waiting = enrollmentsOf(a, c.id).filter((e) => senderOf.get(e.id) === capped.identityId);
    for (const e of waiting) {
      const got = await w.testApi.get(`/v1/enrollments/${e.id}`);
      expectOk(got);
      expect(got.body.status).toBe("active");
      expect(got.body.waiting_for).toBe(capped.identityId);
      expect(got.body.status_detail).toContain("daily cap");
    }

    await runUntil(a, START + 2 * DAY);
    msgs = campaignMessages(a, c.id);
    expect(msgs).toHaveLength(8);
    for (const m of msgs.filter((m) => m.stepId !== msgs[0]!.stepId)) {
      expect(m.senderIdentityId).toBe(senderOf.get(m.enrollmentId!)!);
      // the roomy sender's conversations went an hour later; the capped one's at the next UTC day
      expect(m.sentAt).toBe(m.senderIdentityId === capped.identityId ? Date.parse("2026-11-22T00:00:00Z") : START + HOUR);
      expect(m.headers["In-Reply-To"]).toBeDefined();
    }
    expect(enrollmentsOf(a, c.id).every((e) => e.status === "completed" && e.waitingFor === null)).toBe(true);
  });

  test("a sender whose connection is paused: its conversations wait for it (waiting_for), then go from it once resumed", async () => {
    const a = await freshApp();
    const w = a.newWorkspace();
    const one = await mailbox(a, w.testApi);
    const other = await mailbox(a, w.testApi);
    const [p] = await people(w.testApi, 1);
    const c = await startedCampaign(a, w.testApi, { senders: { identity_ids: [one.identityId, other.identityId] }, steps: twoSteps() }, [p!.id]);
    await runUntil(a, START);
    const [first] = campaignMessages(a, c.id);
    expect(first!.senderIdentityId).toBe(one.identityId);
    expect(first!.status).toBe("sent");

    expectOk(await w.testApi.patch(`/v1/connections/${one.connectionId}`, { paused: true }));
    await runUntil(a, START + 2 * HOUR);
    expect(campaignMessages(a, c.id)).toHaveLength(1);
    const [e] = enrollmentsOf(a, c.id);
    const got = await w.testApi.get(`/v1/enrollments/${e!.id}`);
    expectOk(got);
    expect(got.body.waiting_for).toBe(one.identityId);
    expect(got.body.status_detail).toContain("paused");
    // the pool still has a sender that can send: no campaign error
    expect((await w.testApi.get(`/v1/campaigns/${c.id}`)).body.last_error).toBeNull();

    expectOk(await w.testApi.patch(`/v1/connections/${one.connectionId}`, { paused: false }));
    await runUntil(a, START + 3 * HOUR);
    const second = campaignMessages(a, c.id)[1]!;
    expect(second.senderIdentityId).toBe(one.identityId);
    expect(second.status).toBe("sent");
    expect(second.headers["In-Reply-To"]).toBe(`<${first!.messageIdHeader}>`);
  });

  test("a sender taken out of the pool, on_sender_removed reassign: the next step goes from another identity in a new thread", async () => {
    const a = await freshApp();
    const w = a.newWorkspace();
    const one = await mailbox(a, w.testApi);
    const other = await mailbox(a, w.testApi);
    const [p] = await people(w.testApi, 1);
    const c = await startedCampaign(a, w.testApi, { senders: { identity_ids: [one.identityId, other.identityId], on_sender_removed: "reassign" }, steps: twoSteps() }, [p!.id]);
    await runUntil(a, START);
    expectOk(await w.testApi.patch(`/v1/campaigns/${c.id}`, { senders: { identity_ids: [other.identityId] } }));
    await runUntil(a, START + 2 * HOUR);
    const [first, second] = campaignMessages(a, c.id);
    expect(first!.senderIdentityId).toBe(one.identityId);
    expect(second!.senderIdentityId).toBe(other.identityId);
    expect(second!.headers["In-Reply-To"]).toBeUndefined();
    expect(second!.headers["References"]).toBeUndefined();
    expect(second!.subject).toBe("Quick question, there"); // the variant's own subject, not "Re: …"
    expect(enrollmentsOf(a, c.id)[0]!.senderIdentityId).toBe(other.identityId);
  });

  test("a sender taken out of the pool, on_sender_removed stop: the enrollment is stopped", async () => {
    const a = await freshApp();
    const w = a.newWorkspace();
    const one = await mailbox(a, w.testApi);
    const other = await mailbox(a, w.testApi);
    const [p] = await people(w.testApi, 1);
    const c = await startedCampaign(a, w.testApi, { senders: { identity_ids: [one.identityId, other.identityId], on_sender_removed: "stop" }, steps: twoSteps() }, [p!.id]);
    await runUntil(a, START);
    expectOk(await w.testApi.patch(`/v1/campaigns/${c.id}`, { senders: { identity_ids: [other.identityId] } }));
    await runUntil(a, START + 2 * HOUR);
    expect(campaignMessages(a, c.id)).toHaveLength(1);
    const [e] = enrollmentsOf(a, c.id);
    const got = await w.testApi.get(`/v1/enrollments/${e!.id}`);
    expectOk(got);
    expect(got.body.status).toBe("stopped");
    expect(got.body.status_detail).toContain("on_sender_removed");
  });
});

describe("an empty pool", () => {
  test("the campaign's last_error is no_sender, no message is made; adding a sender clears it and sends", async () => {
    const a = await freshApp();
    const w = a.newWorkspace();
    const box = await mailbox(a, w.testApi, { tags: [] });
    const [p] = await people(w.testApi, 1);
    const c = await startedCampaign(a, w.testApi, { senders: { tags: ["sdr"] } }, [p!.id]);
    // runUntil would find the enrollment due forever: one tick is what the service does every few seconds
    await tick(a.ctx);
    let got = await w.testApi.get(`/v1/campaigns/${c.id}`);
    expectOk(got);
    expect(got.body.last_error?.code).toBe("no_sender");
    expect(got.body.last_error.detail).toContain("empty");
    expect(campaignMessages(a, c.id)).toHaveLength(0);

    expectOk(await w.testApi.patch(`/v1/campaigns/${c.id}`, { senders: { identity_ids: [box.identityId] } }));
    await runUntil(a, START + HOUR);
    got = await w.testApi.get(`/v1/campaigns/${c.id}`);
    expect(got.body.last_error).toBeNull();
    const [m] = campaignMessages(a, c.id);
    expect(m!.status).toBe("sent");
    expect(m!.senderIdentityId).toBe(box.identityId);
  });
});
