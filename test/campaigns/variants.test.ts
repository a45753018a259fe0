// Which variant each real message is made from: balanced round robin,
// weighted draws (deterministic per enrollment), the automatic winner over
// human opens (machine opens left out), a winner set by hand, and a step
// revised while the campaign runs. Each test starts its own appliance.
import { afterEach, describe, expect, test } from "bun:test";
import { deliveryEvents } from "../../src/db/schema";
import { FakeClock } from "../../src/lib/clock";
import { newId } from "../../src/lib/ids";
import { liveStepsOf } from "../../src/modules/campaigns/campaign-status";
import { allocate } from "../../src/modules/campaigns/variants";
import { startTestApp, type TestApp } from "../helpers/app";
import { campaignMessages, mailbox, people, runUntil, startedCampaign, step, variant } from "../helpers/campaigns";
import type { Made } from "../helpers/factory";
import { expectOk, type Api } from "../helpers/http";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const START = Date.parse("2026-11-21T12:00:00Z");

let app: TestApp | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});
async function freshApp(): Promise<TestApp> {
  app = await startTestApp({ clock: new FakeClock(START) });
  return app;
}

const AB = [variant({ subject: "A: hello" }), variant({ subject: "B: hello" })];
const count = (ids: (string | null)[]) => ids.reduce((m, id) => m.set(id!, (m.get(id!) ?? 0) + 1), new Map<string, number>());

async function enroll(api: Api, campaignId: string, personIds: string[]) {
  expectOk(await api.post("/v1/enrollments", { campaign_id: campaignId, person_ids: personIds }, { "idempotency-key": crypto.randomUUID() }), 201);
}

/** Opened delivery events for these messages, as the tracking endpoint would record them. */
function opens(a: TestApp, c: Made, messageIds: string[], machine: boolean) {
  for (const m of campaignMessages(a, c.id).filter((m) => messageIds.includes(m.id))) {
    a.ctx.db
      .insert(deliveryEvents)
      .values({ id: newId("dev"), workspaceId: m.workspaceId, messageId: m.id, personId: m.personId, campaignId: c.id, stepId: m.stepId, variantId: m.variantId, type: "opened", recipient: "p@example.com", machine, machineReason: machine ? "apple_mpp" : null, occurredAt: a.clock.now(), createdAt: a.clock.now() })
      .run();
  }
}

describe("balanced and weighted", () => {
  test("balanced: 4 people over 2 variants get 2 and 2", async () => {
    const a = await freshApp();
    const w = a.newWorkspace();
    const box = await mailbox(a, w.testApi);
    const ps = await people(w.testApi, 4);
    const c = await startedCampaign(a, w.testApi, { senders: { identity_ids: [box.identityId] }, steps: [step({ variants: AB })] }, ps.map((p) => p.id));
    const msgs = campaignMessages(a, c.id);
    expect(msgs).toHaveLength(4);
    const [va, vb] = c.steps[0].variants;
    expect(Object.fromEntries(count(msgs.map((m) => m.variantId)))).toEqual({ [va.id]: 2, [vb.id]: 2 });
    for (const m of msgs) expect(m.subject).toBe(m.variantId === va.id ? "A: hello" : "B: hello");
  });

  test("weighted 90/10 over 200 people: roughly proportional, and each enrollment's variant is a fixed draw of its id", async () => {
    const a = await freshApp();
    const w = a.newWorkspace();
    const box = await mailbox(a, w.testApi);
    const ps = await people(w.testApi, 200);
    const c = await startedCampaign(
      a,
      w.testApi,
      { senders: { identity_ids: [box.identityId] }, steps: [step({ allocation: "weighted", variants: [variant({ subject: "A", weight: 90 }), variant({ subject: "B", weight: 10 })] })] },
      ps.map((p) => p.id),
    );
    const msgs = campaignMessages(a, c.id);
    expect(msgs).toHaveLength(200);
    const [va, vb] = c.steps[0].variants;
    const n = count(msgs.map((m) => m.variantId));
    expect(n.get(va.id)!).toBeGreaterThanOrEqual(165);
    expect(n.get(va.id)!).toBeLessThanOrEqual(195);
    expect(n.get(va.id)! + n.get(vb.id)!).toBe(200);
    // the same enrollment always draws the same variant: the draw is a pure function of its id and the step
    const live = liveStepsOf(a.ctx.db, [c.id]);
    for (const m of msgs) {
      expect(allocate(live.steps[0]!, live.variants, m.enrollmentId!).id).toBe(m.variantId!);
      expect(allocate(live.steps[0]!, live.variants, m.enrollmentId!).id).toBe(m.variantId!);
    }
  }, 60_000);
});

describe("the automatic winner", () => {
  const AUTO = { allocation: "automatic", winner_rule: { minimum_sample: 5, objective: "opens", observation_window_seconds: 3600 }, variants: AB };
  // a later step a month on keeps the first people's enrollments live (a campaign whose enrollments all ended is completed)
  const steps = [step(AUTO), step({ name: "Much later", delay_seconds: 30 * 86_400 })];

  test("after the observation window, with every variant at its sample: the best human open rate wins (machine opens do not count) and takes every later message", async () => {
    const a = await freshApp();
    const w = a.newWorkspace();
    const box = await mailbox(a, w.testApi);
    const ps = await people(w.testApi, 20);
    const c = await startedCampaign(a, w.testApi, { senders: { identity_ids: [box.identityId] }, steps }, ps.slice(0, 10).map((p) => p.id));
    await runUntil(a, START);
    const [va, vb] = c.steps[0].variants;
    let msgs = campaignMessages(a, c.id);
    expect(Object.fromEntries(count(msgs.map((m) => m.variantId)))).toEqual({ [va.id]: 5, [vb.id]: 5 });
    // A: every message opened, by a machine (a scanner); B: two opened by people
    opens(a, c, msgs.filter((m) => m.variantId === va.id).map((m) => m.id), true);
    opens(a, c, msgs.filter((m) => m.variantId === vb.id).slice(0, 2).map((m) => m.id), false);

    // inside the observation window: still balanced
    a.clock.set(START + 30 * MINUTE);
    await enroll(w.testApi, c.id, ps.slice(10, 12).map((p) => p.id));
    await runUntil(a, START + 30 * MINUTE);
    let got = await w.testApi.get(`/v1/campaigns/${c.id}`);
    expect(got.body.steps[0].winner).toBeNull();
    expect(Object.fromEntries(count(campaignMessages(a, c.id).slice(10).map((m) => m.variantId)))).toEqual({ [va.id]: 1, [vb.id]: 1 });

    a.clock.set(START + HOUR);
    await enroll(w.testApi, c.id, ps.slice(12).map((p) => p.id));
    await runUntil(a, START + HOUR);
    got = await w.testApi.get(`/v1/campaigns/${c.id}`);
    expectOk(got);
    expect(got.body.steps[0].winner).toEqual({ variant_id: vb.id, selected_by: "automatic", selected_at: new Date(START + HOUR).toISOString() });
    msgs = campaignMessages(a, c.id);
    expect(msgs).toHaveLength(20);
    expect(msgs.slice(12).map((m) => m.subject)).toEqual(Array(8).fill("B: hello"));
  });

  test("a winner set by hand (PATCH) takes every later message and the automatic rule leaves it", async () => {
    const a = await freshApp();
    const w = a.newWorkspace();
    const box = await mailbox(a, w.testApi);
    const ps = await people(w.testApi, 16);
    const c = await startedCampaign(a, w.testApi, { senders: { identity_ids: [box.identityId] }, steps }, ps.slice(0, 10).map((p) => p.id));
    await runUntil(a, START);
    const [va, vb] = c.steps[0].variants;
    const msgs = campaignMessages(a, c.id);
    opens(a, c, msgs.filter((m) => m.variantId === vb.id).map((m) => m.id), false); // B would win on its own

    const p = await w.testApi.patch(`/v1/campaigns/${c.id}`, { steps: [{ id: c.steps[0].id, winner: { variant_id: va.id } }, { id: c.steps[1].id }] });
    expectOk(p);
    a.clock.set(START + 2 * HOUR);
    await enroll(w.testApi, c.id, ps.slice(10).map((p) => p.id));
    await runUntil(a, START + 2 * HOUR);
    const got = await w.testApi.get(`/v1/campaigns/${c.id}`);
    expect(got.body.steps[0].winner.variant_id).toBe(va.id);
    expect(got.body.steps[0].winner.selected_by).toMatch(/^key_/);
    expect(campaignMessages(a, c.id).slice(10).map((m) => m.variantId)).toEqual(Array(6).fill(va.id));
  });
});

describe("a step revised while the campaign runs", () => {
  test("messages already made keep the old subject; those made later get the new one; the step shows revision 2", async () => {
    const a = await freshApp();
    const w = a.newWorkspace();
    // an hour between sends: one message made now, the others later
    const box = await mailbox(a, w.testApi, { pacing: { min_gap_seconds: 3600, max_gap_seconds: 3600 } });
    const ps = await people(w.testApi, 3);
    const c = await startedCampaign(a, w.testApi, { senders: { identity_ids: [box.identityId] }, steps: [step({ variants: [variant({ subject: "Old subject" })] })] }, ps.map((p) => p.id));
    expect(campaignMessages(a, c.id).map((m) => m.subject)).toEqual(["Old subject"]);

    const p = await w.testApi.patch(`/v1/campaigns/${c.id}`, { steps: [{ id: c.steps[0].id, variants: [{ id: c.steps[0].variants[0].id, subject: "New subject" }] }] });
    expectOk(p);
    expect(p.body.steps[0].revision).toBe(2);
    expect(p.body.steps[0].variants[0].version).toBe(2);
    await runUntil(a, START + 3 * HOUR);
    const msgs = campaignMessages(a, c.id);
    expect(msgs.map((m) => [m.subject, m.sentAt! - START])).toEqual([
      ["Old subject", 0],
      ["New subject", HOUR],
      ["New subject", 2 * HOUR],
    ]);
    expect(msgs.every((m) => m.status === "sent")).toBe(true);
    const got = await w.testApi.get(`/v1/campaigns/${c.id}`);
    expect(got.body.steps[0].revision).toBe(2);
    expect(got.body.steps[0].revision_published_at).toBe(new Date(START).toISOString());
  });
});
