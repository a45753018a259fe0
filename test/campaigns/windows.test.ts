// Send windows, time zones, start_at, cooldown and DST through the real
// scheduler: every expected instant below is computed by hand (offsets
// written out), never by the code under test. Each test starts its own
// appliance at the moment it needs (the fake clock), so no test's schedule
// runs into another's.
import { afterEach, describe, expect, test } from "bun:test";
import { FakeClock } from "../../src/lib/clock";
import { startTestApp, type TestApp } from "../helpers/app";
import { campaignMessages, enrollmentsOf, mailbox, people, runUntil, startedCampaign, step } from "../helpers/campaigns";
import { expectOk } from "../helpers/http";

const T = (s: string) => Date.parse(s);
const WORKDAYS = { days: [1, 2, 3, 4, 5], start: "09:00", end: "17:00" };
const EVERY_DAY = { days: [1, 2, 3, 4, 5, 6, 7], start: "09:00", end: "17:00" };

let app: TestApp | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});
async function appAt(iso: string): Promise<TestApp> {
  app = await startTestApp({ clock: new FakeClock(T(iso)) });
  return app;
}

/** The messages' send_at by person, in step order. */
function sendTimes(a: TestApp, campaignId: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const m of campaignMessages(a, campaignId)) out.set(m.personId!, [...(out.get(m.personId!) ?? []), new Date(m.sendAt!).toISOString()]);
  return out;
}

describe("send window Mon–Fri 09:00–17:00 Europe/Berlin", () => {
  test("enrolled on a Saturday: the first message leaves Monday 09:00 Berlin (08:00Z, CET)", async () => {
    const a = await appAt("2026-11-21T12:00:00Z"); // a Saturday
    const w = a.newWorkspace();
    const box = await mailbox(a, w.testApi);
    const [p] = await people(w.testApi, 1);
    const c = await startedCampaign(a, w.testApi, { schedule: { send_window: WORKDAYS, timezone: "Europe/Berlin" }, senders: { identity_ids: [box.identityId] } }, [p!.id]);
    expect(campaignMessages(a, c.id)).toHaveLength(0);
    expect(enrollmentsOf(a, c.id)[0]!.nextRunAt).toBe(T("2026-11-23T08:00:00Z"));

    await runUntil(a, T("2026-11-24T00:00:00Z"));
    const [m] = campaignMessages(a, c.id);
    expect(new Date(m!.sendAt!).toISOString()).toBe("2026-11-23T08:00:00.000Z");
    expect(m!.status).toBe("sent");
    expect(m!.sentAt).toBe(T("2026-11-23T08:00:00Z"));
  });

  test("timezone_source recipient: New York and Tokyo get their own Monday 09:00; a person without a zone gets the campaign's", async () => {
    const a = await appAt("2026-11-21T12:00:00Z");
    const w = a.newWorkspace();
    const box = await mailbox(a, w.testApi);
    const zones = ["America/New_York", "Asia/Tokyo", null];
    const ps = await people(w.testApi, 3, (i) => (zones[i] ? { timezone: zones[i] } : {}));
    const c = await startedCampaign(a, w.testApi, { schedule: { send_window: WORKDAYS, timezone: "Europe/Berlin", timezone_source: "recipient" }, senders: { identity_ids: [box.identityId] } }, ps.map((p) => p.id));

    await runUntil(a, T("2026-11-24T00:00:00Z"));
    const times = sendTimes(a, c.id);
    expect(times.get(ps[0]!.id)).toEqual(["2026-11-23T14:00:00.000Z"]); // 09:00 EST (UTC-5)
    expect(times.get(ps[1]!.id)).toEqual(["2026-11-23T00:00:00.000Z"]); // 09:00 JST (UTC+9)
    expect(times.get(ps[2]!.id)).toEqual(["2026-11-23T08:00:00.000Z"]); // 09:00 CET (UTC+1), the campaign's zone
  });

  test("a later step's delay counts from the previous message's SENT time, then moves into the window", async () => {
    const a = await appAt("2026-11-21T12:00:00Z");
    const w = a.newWorkspace();
    // a fixed 10-minute gap: the second person's first message leaves at 09:10, not when they were due (09:00)
    const box = await mailbox(a, w.testApi, { pacing: { min_gap_seconds: 600, max_gap_seconds: 600 } });
    const [ada, bob] = await people(w.testApi, 2);
    const c = await startedCampaign(
      a,
      w.testApi,
      {
        schedule: { send_window: WORKDAYS, timezone: "Europe/Berlin" },
        senders: { identity_ids: [box.identityId] },
        steps: [step(), step({ name: "Bump", delay_seconds: 30 * 3600 }), step({ name: "Last", delay_seconds: 3 * 3600 })],
      },
      [ada!.id, bob!.id],
    );
    await runUntil(a, T("2026-11-28T00:00:00Z"));
    const times = sendTimes(a, c.id);
    // Mon 09:00 CET; +30 h = Tue 15:00 CET (inside); +3 h = Tue 18:00 (closed) -> Wed 09:00
    expect(times.get(ada!.id)).toEqual(["2026-11-23T08:00:00.000Z", "2026-11-24T14:00:00.000Z", "2026-11-25T08:00:00.000Z"]);
    // Mon 09:10; +30 h = Tue 15:10; +3 h = Tue 18:10 -> Wed 09:00, after ada's the connection's 10-minute gap: 09:10
    expect(times.get(bob!.id)).toEqual(["2026-11-23T08:10:00.000Z", "2026-11-24T14:10:00.000Z", "2026-11-25T08:10:00.000Z"]);
    // counted from the send, not from the enrollment's due time (Saturday 12:00 + 30 h would be Sunday, i.e. Monday 09:00)
    expect(enrollmentsOf(a, c.id).map((e) => e.status)).toEqual(["completed", "completed"]);
  });
});

describe("start_at and cooldown", () => {
  test("start_at in the future: nothing before it; the first message leaves at start_at", async () => {
    const a = await appAt("2026-11-21T12:00:00Z");
    const w = a.newWorkspace();
    const box = await mailbox(a, w.testApi);
    const [p] = await people(w.testApi, 1);
    const c = await startedCampaign(a, w.testApi, { schedule: { start_at: "2026-11-25T10:30:00Z" }, senders: { identity_ids: [box.identityId] } }, [p!.id]);
    await runUntil(a, T("2026-11-25T10:29:59Z"));
    expect(campaignMessages(a, c.id)).toHaveLength(0);
    await runUntil(a, T("2026-11-26T00:00:00Z"));
    const [m] = campaignMessages(a, c.id);
    expect(m!.sendAt).toBe(T("2026-11-25T10:30:00Z"));
    expect(m!.sentAt).toBe(T("2026-11-25T10:30:00Z"));
  });

  test("cooldown_hours 24: a person mailed by another campaign 10 h ago gets the first step 14 h after enrolling", async () => {
    const a = await appAt("2026-11-21T12:00:00Z");
    const w = a.newWorkspace();
    const box = await mailbox(a, w.testApi);
    const [p, fresh] = await people(w.testApi, 2);
    const first = await startedCampaign(a, w.testApi, { name: "First", senders: { identity_ids: [box.identityId] } }, [p!.id]);
    await runUntil(a, T("2026-11-21T12:00:00Z"));
    expect(campaignMessages(a, first.id)[0]!.sentAt).toBe(T("2026-11-21T12:00:00Z"));

    a.clock.set(T("2026-11-21T22:00:00Z")); // 10 h later
    const second = await startedCampaign(a, w.testApi, { name: "Second", stop_rules: { cooldown_hours: 24 }, senders: { identity_ids: [box.identityId] } }, [p!.id, fresh!.id]);
    const due = new Map(enrollmentsOf(a, second.id).map((e) => [e.personId, e.nextRunAt]));
    expect(due.get(p!.id)).toBe(T("2026-11-22T12:00:00Z"));
    await runUntil(a, T("2026-11-23T00:00:00Z"));
    const times = sendTimes(a, second.id);
    expect(times.get(p!.id)).toEqual(["2026-11-22T12:00:00.000Z"]); // +14 h
    expect(times.get(fresh!.id)).toEqual(["2026-11-21T22:00:00.000Z"]); // never mailed: at once
  });
});

describe("DST nights (window every day 09:00–17:00 local)", () => {
  test("Europe/Berlin, spring forward on 2026-03-29: delays are real hours, openings local", async () => {
    const a = await appAt("2026-03-28T15:00:00Z"); // Sat 16:00 CET (UTC+1)
    const w = a.newWorkspace();
    const box = await mailbox(a, w.testApi);
    const [p] = await people(w.testApi, 1);
    const c = await startedCampaign(
      a,
      w.testApi,
      {
        schedule: { send_window: EVERY_DAY, timezone: "Europe/Berlin" },
        senders: { identity_ids: [box.identityId] },
        steps: [step(), step({ name: "Bump", delay_seconds: 17 * 3600 }), step({ name: "Last", delay_seconds: 8 * 3600 })],
      },
      [p!.id],
    );
    await runUntil(a, T("2026-04-01T00:00:00Z"));
    expect(sendTimes(a, c.id).get(p!.id)).toEqual([
      "2026-03-28T15:00:00.000Z", // Sat 16:00 CET
      "2026-03-29T08:00:00.000Z", // +17 real hours = Sun 10:00 CEST (UTC+2); wall-clock adding would say 09:00
      "2026-03-30T07:00:00.000Z", // +8 h = Sun 18:00 CEST, closed -> Mon 09:00 CEST
    ]);
  });

  test("America/New_York, fall back on 2026-11-01: delays are real hours, openings local", async () => {
    const a = await appAt("2026-10-31T20:00:00Z"); // Sat 16:00 EDT (UTC-4)
    const w = a.newWorkspace();
    const box = await mailbox(a, w.testApi);
    const [p] = await people(w.testApi, 1);
    const c = await startedCampaign(
      a,
      w.testApi,
      {
        schedule: { send_window: EVERY_DAY, timezone: "America/New_York" },
        senders: { identity_ids: [box.identityId] },
        steps: [step(), step({ name: "Bump", delay_seconds: 18 * 3600 }), step({ name: "Last", delay_seconds: 8 * 3600 })],
      },
      [p!.id],
    );
    await runUntil(a, T("2026-11-04T00:00:00Z"));
    expect(sendTimes(a, c.id).get(p!.id)).toEqual([
      "2026-10-31T20:00:00.000Z", // Sat 16:00 EDT
      "2026-11-01T14:00:00.000Z", // +18 real hours = Sun 09:00 EST (UTC-5), the opening; wall-clock adding would say 10:00
      "2026-11-02T14:00:00.000Z", // +8 h = Sun 17:00 EST, the end is exclusive -> Mon 09:00 EST
    ]);
    const got = await w.testApi.get(`/v1/campaigns/${c.id}`);
    expectOk(got);
    expect(got.body.status).toBe("completed");
  });
});
