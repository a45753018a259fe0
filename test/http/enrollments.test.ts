import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { campaigns, campaignSteps, enrollments, messages, people, type CampaignSchedule } from "../../src/db/schema";
import { iso } from "../../src/lib/clock";
import { newId } from "../../src/lib/ids";
import { transact } from "../../src/modules/events/outbox";
import { endEnrollments } from "../../src/modules/campaigns/enrollment-end";
import type { CampaignRow } from "../../src/modules/campaigns/rows";
import { startTestApp, type TestApp, type TestWorkspace } from "../helpers/app";
import { apiWithScopes, createGroup, createPerson, createSegment, createSuppression, uid, uniqueEmail } from "../helpers/factory";
import { expectOk, expectProblem, type Api } from "../helpers/http";
import { expectIsolated } from "../helpers/isolation";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const HOUR = 3_600_000;
const NO_WINDOW: CampaignSchedule = { sendWindow: null, startAt: null, timezone: "UTC", timezoneSource: "campaign" };

/** A campaign row (the campaigns API is another file's): one step, no window, no cooldown unless said. */
function makeCampaign(w: Pick<TestWorkspace, "id">, over: Partial<CampaignRow> = {}, firstDelaySeconds = 0): CampaignRow {
  const now = app.clock.now();
  const row: CampaignRow = {
    id: newId("cmp"),
    workspaceId: w.id,
    name: `Campaign ${uid()}`,
    status: "active",
    schedule: NO_WINDOW,
    senders: { identityIds: [], tags: [], onSenderRemoved: "reassign" },
    stopRules: { companyOnReply: false, cooldownHours: 0, onReply: "all" },
    tracking: { opens: false, clicks: false, domainId: null },
    stats: { sent: 0, opened: 0, clicked: 0, replied: 0, bounced: 0, unsubscribed: 0 },
    statsComputedAt: null,
    lastError: null,
    version: now * 1000,
    firstSentAt: null,
    pacedUntil: null,
    completedAt: null,
    archivedAt: null,
    createdAt: now,
    updatedAt: now,
    ...over,
  };
  app.ctx.db.insert(campaigns).values(row).run();
  app.ctx.db
    .insert(campaignSteps)
    .values({
      id: newId("stp"),
      workspaceId: w.id,
      campaignId: row.id,
      position: 1,
      name: "Intro",
      revision: 1,
      revisionPublishedAt: now,
      delaySeconds: firstDelaySeconds,
      sameThread: false,
      personalisationPrompt: null,
      allocation: "balanced",
      winnerRule: { minimumSample: 100, objective: "replies", observationWindowSeconds: 259_200 },
      winner: null,
      allocated: 0,
      removedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .run();
  return row;
}

const enroll = (api: Api, body: unknown, key: string = crypto.randomUUID()) => api.post("/v1/enrollments", body, { "idempotency-key": key });
const eventsOf = async (api: Api, type: string) => (await api.get(`/v1/events?type=${type}&limit=100`)).body.data;
const setPerson = (id: string, set: Partial<typeof people.$inferInsert>) => app.ctx.db.update(people).set(set).where(eq(people.id, id)).run();

describe("POST /v1/enrollments: sources", () => {
  test("emails: each person becomes an active enrollment at step 1; an unknown address is skipped not_found", async () => {
    const w = app.newWorkspace();
    const c = makeCampaign(w);
    const ada = await createPerson(w.api, { email: "Ada.Lovelace@example.org", given_name: "Ada", family_name: "Lovelace" });
    const bob = await createPerson(w.api, { email: uniqueEmail() });
    const r = await enroll(w.api, { campaign_id: c.id, emails: ["ada.lovelace@EXAMPLE.org", bob.email, "nobody@example.org"] });
    expectOk(r, 201);
    expect(r.body.data).toHaveLength(2);
    const now = iso(app.clock.now());
    expect(r.body.data[0]).toEqual({
      id: expect.stringMatching(/^enr_[0-9a-f]{32}$/),
      object: "enrollment",
      campaign_id: c.id,
      person: { email: "Ada.Lovelace@example.org", id: ada.id, name: "Ada Lovelace" },
      position: 1,
      status: "active",
      status_detail: null,
      message_id: null,
      next_run_at: now,
      paused_until: null,
      sender_identity_id: null,
      waiting_for: null,
      created_at: now,
      updated_at: now,
    });
    expect(r.body.data[1].person).toEqual({ email: bob.email, id: bob.id, name: null });
    expect(r.body.skipped).toEqual([{ reason: "not_found", email: "nobody@example.org", person_id: null }]);
    const got = await w.api.get(`/v1/enrollments/${r.body.data[0].id}`);
    expectOk(got);
    expect(got.body).toEqual(r.body.data[0]);
  });

  test("person_ids: an id that is no person of the workspace is skipped not_found", async () => {
    const w = app.newWorkspace();
    const c = makeCampaign(w);
    const p = await createPerson(w.api);
    const other = await createPerson(app.newWorkspace().api);
    const r = await enroll(w.api, { campaign_id: c.id, person_ids: [p.id, other.id, p.id] });
    expectOk(r, 201);
    expect(r.body.data.map((e: any) => e.person.id)).toEqual([p.id]);
    expect(r.body.skipped).toEqual([{ reason: "not_found", email: null, person_id: other.id }]);
  });

  test("group_id: the group's members", async () => {
    const w = app.newWorkspace();
    const c = makeCampaign(w);
    const g = await createGroup(w.api);
    const members = [await createPerson(w.api, { group_ids: [g.id] }), await createPerson(w.api, { group_ids: [g.id] })];
    await createPerson(w.api);
    const r = await enroll(w.api, { campaign_id: c.id, group_id: g.id });
    expectOk(r, 201);
    expect(r.body.data.map((e: any) => e.person.id).sort()).toEqual(members.map((m) => m.id).sort());
    expect(r.body.skipped).toEqual([]);
  });

  test("segment_id: the people the segment matches", async () => {
    const w = app.newWorkspace();
    const c = makeCampaign(w);
    const hit = await createPerson(w.api, { email: `x-${uid()}@fintech.example` });
    await createPerson(w.api);
    const s = await createSegment(w.api, { filter: { field: "email_domain", op: "eq", value: "fintech.example" } });
    const r = await enroll(w.api, { campaign_id: c.id, segment_id: s.id });
    expectOk(r, 201);
    expect(r.body.data.map((e: any) => e.person.id)).toEqual([hit.id]);
  });
});

describe("POST /v1/enrollments: skipped people", () => {
  test("suppressed (address or domain), already_enrolled, not_sendable, status_blocks_mail (bounced, unsubscribed, archived)", async () => {
    const w = app.newWorkspace();
    const c = makeCampaign(w);
    const make = () => createPerson(w.api);
    const [fine, byAddress, bounced, unsubscribed, archived, unsendable] = [await make(), await make(), await make(), await make(), await make(), await make()];
    const byDomain = await createPerson(w.api, { email: `x@blocked-${uid()}.example` });
    await createSuppression(w.api, { email: byAddress.email });
    await createSuppression(w.api, { domain: byDomain.email.split("@")[1] });
    setPerson(bounced.id, { status: "bounced" });
    setPerson(unsubscribed.id, { status: "unsubscribed" });
    setPerson(archived.id, { archivedAt: app.clock.now() });
    setPerson(unsendable.id, { emailSendable: false });
    const first = await enroll(w.api, { campaign_id: c.id, person_ids: [fine.id] });
    expectOk(first, 201);
    const r = await enroll(w.api, { campaign_id: c.id, emails: [fine, byAddress, byDomain, bounced, unsubscribed, archived, unsendable].map((p) => p.email) });
    expectOk(r, 201);
    expect(r.body.data).toEqual([]);
    const reasons = Object.fromEntries(r.body.skipped.map((s: any) => [s.person_id, s]));
    expect(reasons[fine.id]).toEqual({ reason: "already_enrolled", email: fine.email, person_id: fine.id });
    expect(reasons[byAddress.id].reason).toBe("suppressed");
    expect(reasons[byDomain.id].reason).toBe("suppressed");
    expect(reasons[bounced.id].reason).toBe("status_blocks_mail");
    expect(reasons[unsubscribed.id].reason).toBe("status_blocks_mail");
    expect(reasons[archived.id].reason).toBe("status_blocks_mail");
    expect(reasons[unsendable.id]).toEqual({ reason: "not_sendable", email: unsendable.email, person_id: unsendable.id });
    expect(r.body.skipped).toHaveLength(7);
  });
});

describe("POST /v1/enrollments: the first step's due time", () => {
  // the test clock: Saturday 2026-11-21 12:00 UTC
  const WEEKDAYS = { days: [1, 2, 3, 4, 5], start: "09:00", end: "17:00" };

  test("moved to the window's next opening, in the campaign's zone or the person's", async () => {
    const w = app.newWorkspace();
    const berlin = makeCampaign(w, { schedule: { sendWindow: WEEKDAYS, startAt: null, timezone: "Europe/Berlin", timezoneSource: "recipient" } });
    const local = await createPerson(w.api);
    const newYork = await createPerson(w.api, { timezone: "America/New_York" });
    const r = await enroll(w.api, { campaign_id: berlin.id, person_ids: [local.id, newYork.id] });
    expectOk(r, 201);
    expect(r.body.data.map((e: any) => e.next_run_at)).toEqual(["2026-11-23T08:00:00.000Z", "2026-11-23T14:00:00.000Z"]);
  });

  test("not before start_at; the first step's delay is unused (it runs on enrollment)", async () => {
    const w = app.newWorkspace();
    const startAt = app.clock.now() + 48 * HOUR;
    const c = makeCampaign(w, { schedule: { ...NO_WINDOW, startAt } }, 3600);
    const p = await createPerson(w.api);
    const r = await enroll(w.api, { campaign_id: c.id, person_ids: [p.id] });
    expect(r.body.data[0].next_run_at).toBe(iso(startAt));
  });

  test("not before the person's cooldown ends (their last campaign message in the workspace + cooldown_hours)", async () => {
    const w = app.newWorkspace();
    const earlier = makeCampaign(w);
    const c = makeCampaign(w, { stopRules: { companyOnReply: false, cooldownHours: 72, onReply: "all" } });
    const [sent, fresh] = [await createPerson(w.api), await createPerson(w.api)];
    const before = await enroll(w.api, { campaign_id: earlier.id, person_ids: [sent.id] });
    const lastSentAt = app.clock.now() - HOUR;
    app.ctx.db.update(enrollments).set({ lastSentAt }).where(eq(enrollments.id, before.body.data[0].id)).run();
    const r = await enroll(w.api, { campaign_id: c.id, person_ids: [sent.id, fresh.id] });
    expect(r.body.data.map((e: any) => e.next_run_at)).toEqual([iso(lastSentAt + 72 * HOUR), iso(app.clock.now())]);
  });
});

describe("POST /v1/enrollments: more than 100 people", () => {
  test("answers 202 with an enrollment.add job, which enrolls them all and reports its counts", async () => {
    const w = app.newWorkspace();
    const c = makeCampaign(w);
    const g = await createGroup(w.api);
    const now = app.clock.now();
    const sqlite = app.ctx.db.$client;
    const insertPerson = sqlite.prepare("INSERT INTO people (id, workspace_id, email, email_key, email_domain, source, status, created_at, updated_at) VALUES (?, ?, ?, ?, 'bulk.example', 'api', ?, ?, ?)");
    const insertMember = sqlite.prepare("INSERT INTO person_groups (workspace_id, group_id, person_id, created_at) VALUES (?, ?, ?, ?)");
    const ids: string[] = [];
    sqlite.transaction(() => {
      for (let i = 0; i < 5000; i++) {
        const id = newId("per");
        ids.push(id);
        insertPerson.run(id, w.id, `bulk${i}@bulk.example`, `bulk${i}@bulk.example`, i < 3 ? "spam" : "active", now, now);
        insertMember.run(w.id, g.id, id, now);
      }
    })();
    // one of them already in the campaign
    expectOk(await enroll(w.api, { campaign_id: c.id, person_ids: [ids[10]] }), 201);

    const r = await enroll(w.api, { campaign_id: c.id, group_id: g.id });
    expectOk(r, 202);
    expect(r.body).toMatchObject({ object: "job", kind: "enrollment.add", state: "available" });
    expect(r.headers.get("location")).toBe(`/v1/jobs/${r.body.id}`);
    await app.running.runner.drain();
    const job = await w.api.get(`/v1/jobs/${r.body.id}`);
    expect(job.body).toMatchObject({
      state: "completed",
      progress: { enrolled: 4996, skipped: 4 },
      result: { campaign_id: c.id, enrolled: 4996, skipped: 4, skipped_by_reason: { status_blocks_mail: 3, already_enrolled: 1 } },
    });
    expect(job.body.result.skipped_sample).toHaveLength(4);
    expect(job.body.result.skipped_sample).toContainEqual({ reason: "already_enrolled", email: null, person_id: ids[10] });
    const list = await w.api.get(`/v1/enrollments?campaign_id=${c.id}&include=total_count`);
    expect(list.body.meta.total_count).toBe(4997);
  });

  test("more than 100 addresses go to the job; its result lists unknown addresses not_found", async () => {
    const w = app.newWorkspace();
    const c = makeCampaign(w);
    const known = [];
    for (let i = 0; i < 3; i++) known.push((await createPerson(w.api)).email);
    const unknown = Array.from({ length: 120 }, (_, i) => `nobody${i}@example.org`);
    const r = await enroll(w.api, { campaign_id: c.id, emails: [...known, ...unknown] });
    expectOk(r, 202);
    await app.running.runner.drain();
    const job = (await w.api.get(`/v1/jobs/${r.body.id}`)).body;
    expect(job.result).toMatchObject({ enrolled: 3, skipped: 120, skipped_by_reason: { not_found: 120 } });
    expect(job.result.skipped_sample).toHaveLength(100);
    expect(job.result.skipped_sample[0]).toEqual({ reason: "not_found", email: "nobody0@example.org", person_id: null });
  });

  test("a cancelled job enrolls nobody; a campaign archived before the job runs fails it", async () => {
    const w = app.newWorkspace();
    const c = makeCampaign(w);
    const emails = Array.from({ length: 101 }, (_, i) => `p${i}@example.org`);
    const r = await enroll(w.api, { campaign_id: c.id, emails });
    expectOk(await w.api.post(`/v1/jobs/${r.body.id}/cancel`, undefined, { "idempotency-key": crypto.randomUUID() }));
    const archived = await enroll(w.api, { campaign_id: c.id, emails }, crypto.randomUUID());
    app.ctx.db.update(campaigns).set({ status: "archived" }).where(eq(campaigns.id, c.id)).run();
    await app.running.runner.drain();
    expect((await w.api.get(`/v1/jobs/${r.body.id}`)).body.state).toBe("cancelled");
    const failed = (await w.api.get(`/v1/jobs/${archived.body.id}`)).body;
    expect(failed).toMatchObject({ state: "failed", last_error: { code: "invalid_state" } });
  });

  test("a segment of more than 100 goes to the job too", async () => {
    const w = app.newWorkspace();
    const c = makeCampaign(w);
    const now = app.clock.now();
    const insertPerson = app.ctx.db.$client.prepare("INSERT INTO people (id, workspace_id, email, email_key, email_domain, source, status, created_at, updated_at) VALUES (?, ?, ?, ?, 'seg.example', 'api', 'active', ?, ?)");
    app.ctx.db.$client.transaction(() => {
      for (let i = 0; i < 101; i++) insertPerson.run(newId("per"), w.id, `s${i}@seg.example`, `s${i}@seg.example`, now, now);
    })();
    const s = await createSegment(w.api, { filter: { field: "email_domain", op: "eq", value: "seg.example" } });
    const r = await enroll(w.api, { campaign_id: c.id, segment_id: s.id });
    expectOk(r, 202);
    await app.running.runner.drain();
    expect((await w.api.get(`/v1/jobs/${r.body.id}`)).body.result).toMatchObject({ enrolled: 101, skipped: 0 });
  });
});

describe("POST /v1/enrollments: idempotency", () => {
  test("the same key replays the answer and enrolls nobody twice; another body with it is refused; the key is required", async () => {
    const w = app.newWorkspace();
    const c = makeCampaign(w);
    const p = await createPerson(w.api);
    const body = { campaign_id: c.id, person_ids: [p.id] };
    const first = await enroll(w.api, body, "enroll-once");
    const again = await enroll(w.api, body, "enroll-once");
    expectOk(again, 201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await w.api.get(`/v1/enrollments?campaign_id=${c.id}`)).body.data).toHaveLength(1);
    expectProblem(await enroll(w.api, { campaign_id: c.id, emails: [p.email] }, "enroll-once"), 422, "idempotency_key_reuse");
    expectProblem(await w.api.post("/v1/enrollments", body), 422, "validation_failed");
  });
});

describe("POST /v1/enrollments: errors", () => {
  test("422: no source, two sources, more than 1,000 addresses, an empty list", async () => {
    const w = app.newWorkspace();
    const c = makeCampaign(w);
    const none = await enroll(w.api, { campaign_id: c.id });
    expectProblem(none, 422, "validation_failed");
    const two = await enroll(w.api, { campaign_id: c.id, emails: ["a@example.org"], group_id: newId("grp") });
    expectProblem(two, 422, "validation_failed");
    expect(two.body.errors.map((e: any) => e.pointer)).toEqual(["/group_id"]);
    const many = await enroll(w.api, { campaign_id: c.id, emails: Array.from({ length: 1001 }, (_, i) => `p${i}@example.org`) });
    expectProblem(many, 422, "validation_failed");
    expect(many.body.errors[0].pointer).toBe("/emails");
    expectProblem(await enroll(w.api, { campaign_id: c.id, person_ids: [] }), 422, "validation_failed");
    expectProblem(await enroll(w.api, { emails: ["a@example.org"] }), 422, "validation_failed");
  });

  test("404: no such campaign, group or segment in the workspace", async () => {
    const w = app.newWorkspace();
    const c = makeCampaign(w);
    const other = app.newWorkspace();
    const theirGroup = await createGroup(other.api);
    const theirSegment = await createSegment(other.api);
    expectProblem(await enroll(w.api, { campaign_id: makeCampaign(other).id, emails: ["a@example.org"] }), 404, "not_found");
    expectProblem(await enroll(w.api, { campaign_id: newId("cmp"), emails: ["a@example.org"] }), 404, "not_found");
    expectProblem(await enroll(w.api, { campaign_id: c.id, group_id: theirGroup.id }), 404, "not_found");
    expectProblem(await enroll(w.api, { campaign_id: c.id, segment_id: theirSegment.id }), 404, "not_found");
  });

  test("409: the campaign is archived; a draft, paused or completed campaign takes enrollments", async () => {
    const w = app.newWorkspace();
    const p = await createPerson(w.api);
    expectProblem(await enroll(w.api, { campaign_id: makeCampaign(w, { status: "archived" }).id, person_ids: [p.id] }), 409, "invalid_state");
    for (const status of ["draft", "paused", "completed"] as const) {
      const r = await enroll(w.api, { campaign_id: makeCampaign(w, { status }).id, person_ids: [p.id] });
      expectOk(r, 201);
      expect(r.body.data).toHaveLength(1);
    }
  });

  test("401 without a credential; 403 without campaigns:write (campaigns:read may read)", async () => {
    const w = app.newWorkspace();
    const c = makeCampaign(w);
    const p = await createPerson(w.api);
    expectProblem(await enroll(w.api.withToken(null), { campaign_id: c.id, person_ids: [p.id] }), 401, "unauthorized");
    const reader = apiWithScopes(app, w, ["campaigns:read"]);
    expectProblem(await enroll(reader, { campaign_id: c.id, person_ids: [p.id] }), 403, "forbidden");
    const e = (await enroll(w.api, { campaign_id: c.id, person_ids: [p.id] })).body.data[0];
    expectOk(await reader.get(`/v1/enrollments/${e.id}`));
    expectOk(await reader.get("/v1/enrollments"));
    expectProblem(await reader.post(`/v1/enrollments/${e.id}/stop`), 403, "forbidden");
    const none = apiWithScopes(app, w, ["people:read"]);
    expectProblem(await none.get("/v1/enrollments"), 403, "forbidden");
    expectProblem(await none.get(`/v1/enrollments/${e.id}`), 403, "forbidden");
  });
});

describe("POST /v1/enrollments/{id}/stop", () => {
  test("stops a live enrollment, cancels its queued message, sends enrollment.stopped; a second stop is 409", async () => {
    const w = app.newWorkspace();
    const c = makeCampaign(w);
    const p = await createPerson(w.api, { given_name: "Grace" });
    const e = (await enroll(w.api, { campaign_id: c.id, person_ids: [p.id] })).body.data[0];
    const messageId = queuedMessage(w, c.id, e.id, p.id);
    app.ctx.db.update(enrollments).set({ messageId, nextRunAt: null }).where(eq(enrollments.id, e.id)).run();
    app.clock.advance(1000);

    const r = await w.api.post(`/v1/enrollments/${e.id}/stop`);
    expectOk(r);
    expect(r.body).toMatchObject({ id: e.id, status: "stopped", status_detail: "stopped through the API", message_id: messageId, next_run_at: null, updated_at: iso(app.clock.now()) });
    const m = app.ctx.db.select().from(messages).where(eq(messages.id, messageId)).get()!;
    expect(m.status).toBe("cancelled");
    expect(m.statusDetail).toContain("stopped through the API");
    expect((await eventsOf(w.api, "message.cancelled")).map((ev: any) => ev.data.id)).toEqual([messageId]);
    const stopped = await eventsOf(w.api, "enrollment.stopped");
    expect(stopped).toHaveLength(1);
    expect(stopped[0].data).toEqual(r.body);
    expect(app.ctx.db.select().from(enrollments).where(eq(enrollments.id, e.id)).get()!.endedAt).toBe(app.clock.now());

    expectProblem(await w.api.post(`/v1/enrollments/${e.id}/stop`), 409, "invalid_state");
    expectProblem(await w.api.post(`/v1/enrollments/${newId("enr")}/stop`), 404, "not_found");
    expectProblem(await w.api.get(`/v1/enrollments/${newId("enr")}`), 404, "not_found");
  });

  test("a message the MTA is already sending is left to it", async () => {
    const w = app.newWorkspace();
    const c = makeCampaign(w);
    const p = await createPerson(w.api);
    const e = (await enroll(w.api, { campaign_id: c.id, person_ids: [p.id] })).body.data[0];
    const messageId = queuedMessage(w, c.id, e.id, p.id, "sending");
    app.ctx.db.update(enrollments).set({ messageId }).where(eq(enrollments.id, e.id)).run();
    expectOk(await w.api.post(`/v1/enrollments/${e.id}/stop`));
    expect(app.ctx.db.select().from(messages).where(eq(messages.id, messageId)).get()!.status).toBe("sending");
  });
});

describe("endEnrollments", () => {
  test("ends only live enrollments; completed sends enrollment.completed, the others enrollment.stopped", async () => {
    const w = app.newWorkspace();
    const c = makeCampaign(w);
    const ps = [await createPerson(w.api), await createPerson(w.api), await createPerson(w.api)];
    const es = (await enroll(w.api, { campaign_id: c.id, person_ids: ps.map((p) => p.id) })).body.data.map((e: any) => e.id);
    app.ctx.db.update(enrollments).set({ status: "paused" }).where(eq(enrollments.id, es[1])).run();
    const end = (ids: string[], status: "completed" | "replied" | "failed", detail: string | null) =>
      transact(app.ctx, (tx, outbox) => endEnrollments(app.ctx, tx, outbox, { workspaceId: w.id, ids, status, detail }));
    expect(end([es[0], es[1]], "completed", null).map((e) => e.id).sort()).toEqual([es[0], es[1]].sort());
    expect(end([es[0], es[2]], "replied", "a reply").map((e) => [e.id, e.status, e.statusDetail])).toEqual([[es[2], "replied", "a reply"]]);
    expect(end(es, "failed", "x")).toEqual([]);
    expect(transact(app.ctx, (tx, outbox) => endEnrollments(app.ctx, tx, outbox, { workspaceId: app.newWorkspace().id, ids: es, status: "failed", detail: null }))).toEqual([]);
    const completed = await eventsOf(w.api, "enrollment.completed");
    expect(completed.map((ev: any) => ev.data.status)).toEqual(["completed", "completed"]);
    const stopped = await eventsOf(w.api, "enrollment.stopped");
    expect(stopped.map((ev: any) => [ev.data.id, ev.data.status, ev.data.status_detail])).toEqual([[es[2], "replied", "a reply"]]);
  });
});

describe("GET /v1/enrollments", () => {
  test("newest first, filtered by campaign_id, status and person_id", async () => {
    const w = app.newWorkspace();
    const [c1, c2] = [makeCampaign(w), makeCampaign(w)];
    const [a, b] = [await createPerson(w.api), await createPerson(w.api)];
    const e1 = (await enroll(w.api, { campaign_id: c1.id, person_ids: [a.id] })).body.data[0].id;
    const e2 = (await enroll(w.api, { campaign_id: c1.id, person_ids: [b.id] })).body.data[0].id;
    const e3 = (await enroll(w.api, { campaign_id: c2.id, person_ids: [a.id] })).body.data[0].id;
    expectOk(await w.api.post(`/v1/enrollments/${e2}/stop`));
    const ids = async (q: string) => (await w.api.get(`/v1/enrollments${q}`)).body.data.map((e: any) => e.id);
    expect(await ids("")).toEqual([e3, e2, e1]);
    expect(await ids(`?campaign_id=${c1.id}`)).toEqual([e2, e1]);
    expect(await ids("?status=stopped")).toEqual([e2]);
    expect(await ids(`?person_id=${a.id}`)).toEqual([e3, e1]);
    expect(await ids(`?campaign_id=${c1.id}&status=active`)).toEqual([e1]);
    const page = await w.api.get("/v1/enrollments?limit=2");
    expect(page.body.meta.has_more).toBe(true);
    expect(await ids(`?limit=2&cursor=${page.body.meta.next_cursor}`)).toEqual([e1]);
    expectProblem(await w.api.get("/v1/enrollments?status=finished"), 422, "validation_failed");
  });
});

describe("what enrollments change elsewhere", () => {
  test("a person with enrollments cannot be deleted (409)", async () => {
    const w = app.newWorkspace();
    const c = makeCampaign(w);
    const p = await createPerson(w.api);
    await enroll(w.api, { campaign_id: c.id, person_ids: [p.id] });
    const r = await w.api.delete(`/v1/people/${p.id}`);
    expectProblem(r, 409, "invalid_state");
    expect(r.body.detail).toContain("1 enrollments");
  });

  test("the segment filter field campaign_id: enrolled in (eq, in), in none of (neq, nin), in any (exists)", async () => {
    const w = app.newWorkspace();
    const [c1, c2] = [makeCampaign(w), makeCampaign(w)];
    const [a, b, none] = [await createPerson(w.api), await createPerson(w.api), await createPerson(w.api)];
    await enroll(w.api, { campaign_id: c1.id, person_ids: [a.id] });
    await enroll(w.api, { campaign_id: c2.id, person_ids: [b.id] });
    const matched = async (filter: unknown) => {
      const s = await createSegment(w.api, { filter });
      return (await w.api.get(`/v1/people?segment_id=${s.id}&limit=100`)).body.data.map((p: any) => p.id).sort();
    };
    const sorted = (...ids: string[]) => ids.sort();
    expect(await matched({ field: "campaign_id", op: "eq", value: c1.id })).toEqual([a.id]);
    expect(await matched({ field: "campaign_id", op: "in", value: [c1.id, c2.id] })).toEqual(sorted(a.id, b.id));
    expect(await matched({ field: "campaign_id", op: "neq", value: c1.id })).toEqual(sorted(b.id, none.id));
    expect(await matched({ field: "campaign_id", op: "nin", value: [c1.id, c2.id] })).toEqual([none.id]);
    expect(await matched({ field: "campaign_id", op: "exists" })).toEqual(sorted(a.id, b.id));
    expect(await matched({ field: "campaign_id", op: "exists", value: false })).toEqual([none.id]);
    const bad = await w.api.post("/v1/segments", { name: "x", filter: { field: "campaign_id", op: "contains", value: "cmp" } });
    expectProblem(bad, 422, "validation_failed");
    const notId = await w.api.post("/v1/segments", { name: "x", filter: { field: "campaign_id", op: "eq", value: "c1" } });
    expect(notId.body.errors).toEqual([expect.objectContaining({ pointer: "/filter/value", code: "format" })]);
  });
});

describe("tenant isolation", () => {
  test("an enrollment is invisible from another workspace and from the test-mode twin", async () => {
    const w = app.newWorkspace();
    const c = makeCampaign(w);
    const p = await createPerson(w.api);
    const e = (await enroll(w.api, { campaign_id: c.id, person_ids: [p.id] })).body.data[0];
    const other = app.newWorkspace();
    await expectIsolated([other.api, w.testApi], {
      resourcePath: `/v1/enrollments/${e.id}`,
      listPath: "/v1/enrollments",
      id: e.id,
      routes: [["POST", `/v1/enrollments/${e.id}/stop`]],
    });
    // nor can another workspace enroll into the campaign or stop it
    expectProblem(await enroll(other.api, { campaign_id: c.id, emails: [p.email] }), 404, "not_found");
    expect((await w.api.get(`/v1/enrollments/${e.id}`)).body.status).toBe("active");
  });
});

/** A message row of the enrollment's step, as the scheduler will make them. */
function queuedMessage(w: Pick<TestWorkspace, "id">, campaignId: string, enrollmentId: string, personId: string, status = "queued"): string {
  const now = app.clock.now();
  const id = newId("msg");
  app.ctx.db
    .insert(messages)
    .values({
      id,
      workspaceId: w.id,
      connectionId: newId("cnx"),
      senderIdentityId: newId("sid"),
      personId,
      campaignId,
      enrollmentId,
      stepId: null,
      variantId: null,
      threadId: null,
      fromHeader: "Sender <sender@example.org>",
      replyTo: null,
      recipients: [],
      subject: "Hello",
      headers: {},
      tracking: false,
      messageIdHeader: `${id}@example.org`,
      envelopeFrom: "bounce@example.org",
      unsubscribeToken: null,
      status,
      statusDetail: null,
      holds: [],
      releasedHolds: [],
      sendAt: null,
      dueAt: now,
      leaseOwner: null,
      leaseUntil: null,
      attempts: 0,
      firstAttemptAt: null,
      sentAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .run();
  return id;
}
