// A sender identity's warm-up ramp over HTTP: given with the identities of
// POST and PATCH /v1/connections, its start kept while the same ramp is sent
// again and restarted when it changes, cleared with null, its numbers checked
// with the identity's other fields — and the campaign scheduler sending from
// a ramped mailbox 2, 3, 4, 4 messages on consecutive UTC days.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { senderIdentities } from "../../src/db/schema";
import { FakeClock } from "../../src/lib/clock";
import { startTestApp, type TestApp } from "../helpers/app";
import { campaignMessages, mailbox, people, runUntil, startedCampaign } from "../helpers/campaigns";
import { created, uid } from "../helpers/factory";
import { expectOk, expectProblem, type Api } from "../helpers/http";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = Date.parse("2026-11-21T12:00:00Z");
const iso = (t: number) => new Date(t).toISOString();

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ clock: new FakeClock(START) });
});
afterAll(async () => {
  await app.close();
});

/** The body of an smtp connection (test mode: never verified against a server here) with these identities. */
const smtpBody = (identities: unknown[]) => {
  const username = `amara@${uid()}.sender.test`;
  return { kind: "smtp", name: "Mailbox", smtp: { host: "127.0.0.1", port: 587, tls: "starttls", username, password: "app-password" }, identities };
};
const row = (id: string) => app.ctx.db.select().from(senderIdentities).where(eq(senderIdentities.id, id)).get()!;

async function patchIdentities(api: Api, connectionId: string, identities: unknown[]) {
  const r = await api.patch(`/v1/connections/${connectionId}`, { identities });
  expectOk(r);
  return r.body.identities as any[];
}

describe("ramp on create", () => {
  test("given: answered with started_at now (POST, GET, the list); an identity without one has ramp null", async () => {
    const w = app.newWorkspace();
    const now = app.clock.now();
    const c = await created(w.testApi, "/v1/connections", smtpBody([{ email: "amara@ramp.test", ramp: { start: 10, growth: 5, ceiling: 60 } }, { email: "lukas@ramp.test" }]));
    const [amara, lukas] = c.identities;
    expect(amara.ramp).toEqual({ start: 10, growth: 5, ceiling: 60, started_at: iso(now) });
    expect(lukas.ramp).toBeNull();
    const got = await w.testApi.get(`/v1/connections/${c.id}`);
    expectOk(got);
    expect(got.body.identities).toEqual(c.identities);
    const list = await w.testApi.get("/v1/connections");
    expect(list.body.data[0].identities).toEqual(c.identities);
    // what the scheduler reads
    expect(row(amara.id)).toMatchObject({ ramp: { start: 10, growth: 5, ceiling: 60 }, rampStartedAt: now });
    expect(row(lukas.id)).toMatchObject({ ramp: null, rampStartedAt: null });
  });
});

describe("ramp on PATCH", () => {
  test("the same ramp again keeps its start; an entry without ramp keeps it; changed numbers start it now; null clears it", async () => {
    const w = app.newWorkspace();
    const first = app.clock.now();
    const c = await created(w.testApi, "/v1/connections", smtpBody([{ email: "amara@ramp.test", ramp: { start: 2, growth: 1, ceiling: 4 } }]));
    const id = c.identities[0].id;

    app.clock.advance(3 * DAY);
    let [ident] = await patchIdentities(w.testApi, c.id, [{ id, email: "amara@ramp.test", tags: ["sdr"], ramp: { start: 2, growth: 1, ceiling: 4 } }]);
    expect(ident.tags).toEqual(["sdr"]);
    expect(ident.ramp).toEqual({ start: 2, growth: 1, ceiling: 4, started_at: iso(first) });

    app.clock.advance(DAY);
    [ident] = await patchIdentities(w.testApi, c.id, [{ id, email: "amara@ramp.test", name: "Amara" }]);
    expect(ident.ramp).toEqual({ start: 2, growth: 1, ceiling: 4, started_at: iso(first) });

    app.clock.advance(DAY);
    const changed = app.clock.now();
    [ident] = await patchIdentities(w.testApi, c.id, [{ id, email: "amara@ramp.test", ramp: { start: 2, growth: 2, ceiling: 4 } }]);
    expect(ident.ramp).toEqual({ start: 2, growth: 2, ceiling: 4, started_at: iso(changed) });
    expect(row(id).rampStartedAt).toBe(changed);

    app.clock.advance(HOUR);
    [ident] = await patchIdentities(w.testApi, c.id, [{ id, email: "amara@ramp.test", ramp: null }]);
    expect(ident.ramp).toBeNull();
    expect(row(id)).toMatchObject({ ramp: null, rampStartedAt: null });

    // given again after a clear: a new warm-up from now
    app.clock.advance(HOUR);
    const again = app.clock.now();
    [ident] = await patchIdentities(w.testApi, c.id, [{ id, email: "amara@ramp.test", ramp: { start: 2, growth: 2, ceiling: 4 } }]);
    expect(ident.ramp.started_at).toBe(iso(again));
  });

  test("a new identity (no id) with the ramp another had starts its own warm-up now", async () => {
    const w = app.newWorkspace();
    const first = app.clock.now();
    const ramp = { start: 5, growth: 5, ceiling: 50 };
    const c = await created(w.testApi, "/v1/connections", smtpBody([{ email: "amara@ramp.test", ramp }]));
    app.clock.advance(DAY);
    const [amara, lukas] = await patchIdentities(w.testApi, c.id, [{ id: c.identities[0].id, email: "amara@ramp.test", ramp }, { email: "lukas@ramp.test", ramp }]);
    expect(amara.ramp.started_at).toBe(iso(first));
    expect(lukas.ramp).toEqual({ ...ramp, started_at: iso(app.clock.now()) });
  });
});

describe("ramp checks", () => {
  test("out-of-range, fractional or unknown numbers: every one listed in one 422 with its pointer; nothing written", async () => {
    const w = app.newWorkspace();
    const r = await w.testApi.post(
      "/v1/connections",
      smtpBody([
        { email: "a@ramp.test", ramp: { start: 0, growth: -1, ceiling: 100_001 } },
        { email: "b@ramp.test", ramp: { start: 10_001, growth: 10_001, ceiling: 4.5 } },
        { email: "c@ramp.test", ramp: { start: 2, growth: 1 } },
        { email: "d@ramp.test", ramp: { start: 2, growth: 1, ceiling: 4, started_at: "2026-01-01T00:00:00Z" } },
        { email: "e@ramp.test", ramp: "fast" },
      ]),
    );
    expectProblem(r, 422, "validation_failed");
    expect((r.body.errors as any[]).map((e) => `${e.pointer} ${e.code}`)).toEqual([
      "/identities/0/ramp/start range",
      "/identities/0/ramp/growth range",
      "/identities/0/ramp/ceiling range",
      "/identities/1/ramp/start range",
      "/identities/1/ramp/growth range",
      "/identities/1/ramp/ceiling type",
      "/identities/2/ramp/ceiling required",
      "/identities/3/ramp/started_at unknown",
      "/identities/4/ramp invalid",
    ]);
    expect(r.body.errors[0].detail).toBe("start must be between 1 and 10000.");
    expect((await w.testApi.get("/v1/connections")).body.data).toHaveLength(0);
  });

  test("a ceiling below its start is 422 on /identities/<i>/ramp/ceiling, listed with the identity's other problems (create and PATCH)", async () => {
    const w = app.newWorkspace();
    const bad = [{ email: "not an address" }, { email: "b@ramp.test", ramp: { start: 20, growth: 5, ceiling: 10 } }];
    const r = await w.testApi.post("/v1/connections", smtpBody(bad));
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors).toEqual([
      { pointer: "/identities/0/email", code: "format", detail: expect.stringContaining("not a valid address") },
      { pointer: "/identities/1/ramp/ceiling", code: "range", detail: "ceiling (10) must be at least start (20)." },
    ]);
    expect((await w.testApi.get("/v1/connections")).body.data).toHaveLength(0);

    const c = await created(w.testApi, "/v1/connections", smtpBody([{ email: "b@ramp.test", ramp: { start: 4, growth: 1, ceiling: 8 } }]));
    const p = await w.testApi.patch(`/v1/connections/${c.id}`, { identities: [{ id: c.identities[0].id, email: "b@ramp.test", ramp: { start: 9, growth: 1, ceiling: 8 } }] });
    expectProblem(p, 422, "validation_failed");
    expect(p.body.errors).toEqual([{ pointer: "/identities/0/ramp/ceiling", code: "range", detail: "ceiling (8) must be at least start (9)." }]);
    // unchanged, start kept
    expect((await w.testApi.get(`/v1/connections/${c.id}`)).body.identities).toEqual(c.identities);
    // the edges are allowed: ceiling = start, growth 0
    const [edge] = await patchIdentities(w.testApi, c.id, [{ id: c.identities[0].id, email: "b@ramp.test", ramp: { start: 10_000, growth: 0, ceiling: 10_000 } }]);
    expect(edge.ramp).toMatchObject({ start: 10_000, growth: 0, ceiling: 10_000 });
  });
});

describe("the campaign scheduler honours the ramp", () => {
  test("start 2, growth 1, ceiling 4 set through PATCH: 2, 3, 4, 4 messages on consecutive UTC days", async () => {
    // its own appliance, so only this campaign is due while the clock runs five days
    const a = await startTestApp({ clock: new FakeClock(START) });
    try {
      const w = a.newWorkspace();
      const box = await mailbox(a, w.testApi);
      const set = await w.testApi.patch(`/v1/connections/${box.connectionId}`, { identities: [{ id: box.identityId, email: box.email, name: "Amara Okafor", ramp: { start: 2, growth: 1, ceiling: 4 } }] });
      expectOk(set);
      expect(set.body.identities[0].ramp).toEqual({ start: 2, growth: 1, ceiling: 4, started_at: iso(START) });
      const ps = await people(w.testApi, 13);
      const c = await startedCampaign(a, w.testApi, { senders: { identity_ids: [box.identityId] } }, ps.map((p) => p.id));
      await runUntil(a, START + 5 * DAY);
      const perDay = new Map<string, number>();
      for (const m of campaignMessages(a, c.id)) {
        expect(m.senderIdentityId).toBe(box.identityId);
        const d = iso(m.sentAt!).slice(0, 10);
        perDay.set(d, (perDay.get(d) ?? 0) + 1);
      }
      expect(Object.fromEntries(perDay)).toEqual({ "2026-11-21": 2, "2026-11-22": 3, "2026-11-23": 4, "2026-11-24": 4 });
    } finally {
      await a.close();
    }
  });
});
