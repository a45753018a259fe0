import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { campaigns, enrollments, events, jobs, messageBodies, messages, people } from "../../src/db/schema";
import { ARCHIVE_SLICE, deleteCampaign } from "../../src/modules/campaigns/campaigns";
import { newId } from "../../src/lib/ids";
import { CAMPAIGN_CREATE_REQUEST_EXAMPLE } from "../../src/representations/campaign";
import { startTestApp, type TestApp, type TestWorkspace } from "../helpers/app";
import { apiWithScopes, createField, createPerson, created } from "../helpers/factory";
import { expectOk, expectProblem, type Api } from "../helpers/http";
import { expectIsolated } from "../helpers/isolation";
import { smtpSender } from "../helpers/sending";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const variant = (over: Record<string, unknown> = {}) => ({ subject: "Quick question, {{ first_name | default: 'there' }}", html: "<p>Hi {{first_name}}</p>", text: "Hi {{first_name}}", ...over });
const step = (over: Record<string, unknown> = {}) => ({ name: "Intro", variants: [variant()], ...over });
const createCampaign = (api: Api, over: Record<string, unknown> = {}) => created(api, "/v1/campaigns", { name: "Q2 outreach", steps: [step()], ...over });
const errorsOf = (r: { body: any }) => Object.fromEntries((r.body.errors ?? []).map((e: any) => [e.pointer, e.code]));
const statusEvents = (w: TestWorkspace, id: string) =>
  app.ctx.db
    .select()
    .from(events)
    .where(and(eq(events.workspaceId, w.id), eq(events.type, "campaign.status_changed")))
    .all()
    .filter((e) => (e.data as any).id === id)
    .map((e) => (e.data as any).status);

describe("POST /v1/campaigns", () => {
  test("creates a draft with every default filled, ids prefixed, and its ETag", async () => {
    const { api } = app.newWorkspace();
    const r = await api.post("/v1/campaigns", { name: "Q2 outreach", steps: [step(), step({ name: "Follow-up", delay_seconds: 86_400, same_thread: true, variants: [variant(), variant({ weight: 30 })] })] });
    expectOk(r, 201);
    const c = r.body;
    expect(c.id).toMatch(/^cmp_[0-9a-f]{32}$/);
    expect(r.headers.get("etag")).toBe(`"${c.version}"`);
    expect(c).toMatchObject({
      object: "campaign",
      name: "Q2 outreach",
      status: "draft",
      schedule: { send_window: null, start_at: null, timezone: "UTC", timezone_source: "campaign" },
      senders: { identity_ids: [], tags: [], on_sender_removed: "reassign" },
      stop_rules: { company_on_reply: false, cooldown_hours: 0, on_reply: "campaign" },
      tracking: { opens: false, clicks: false, domain_id: null },
      stats: { sent: 0, opened: 0, clicked: 0, replied: 0, bounced: 0, unsubscribed: 0, computed_at: null },
      last_error: null,
    });
    expect(c.steps.map((s: any) => [s.position, s.name, s.revision, s.delay_seconds, s.same_thread])).toEqual([
      [1, "Intro", 1, 0, false],
      [2, "Follow-up", 1, 86_400, true],
    ]);
    const s1 = c.steps[0];
    expect(s1.id).toMatch(/^stp_[0-9a-f]{32}$/);
    expect(s1).toMatchObject({ personalisation_prompt: null, allocation: "balanced", winner_rule: { minimum_sample: 100, objective: "replies", observation_window_seconds: 259_200 }, winner: null });
    expect(s1.variants[0]).toMatchObject({ name: "A", preheader: null, cc: [], bcc: [], version: 1, weight: 100, html: "<p>Hi {{first_name}}</p>" });
    expect(s1.variants[0].id).toMatch(/^var_[0-9a-f]{32}$/);
    expect(c.steps[1].variants.map((v: any) => [v.name, v.weight])).toEqual([
      ["A", 100],
      ["B", 30],
    ]);
  });

  test("takes senders, schedule, stop rules, custom merge tags and normalised cc addresses", async () => {
    const w = app.newWorkspace();
    const sender = await smtpSender(w);
    await createField(w.api, { key: "industry", label: "Industry" });
    const c = await createCampaign(w.api, {
      schedule: { send_window: { days: [1, 2, 3, 4, 5], start: "09:00", end: "24:00" }, start_at: "2026-12-01T08:00:00Z", timezone: "Europe/Berlin", timezone_source: "recipient" },
      senders: { identity_ids: [sender.identityId], tags: ["sdr"], on_sender_removed: "stop" },
      stop_rules: { company_on_reply: true, cooldown_hours: 72, on_reply: "all" },
      tracking: { opens: true, clicks: true, domain_id: null },
      steps: [step({ variants: [variant({ subject: "{{ industry }} at {{ company }}", cc: ["Boss@Example.COM"], preheader: "{Hi|Hello} {{ custom.industry }}" })] })],
    });
    expect(c.schedule).toEqual({ send_window: { days: [1, 2, 3, 4, 5], start: "09:00", end: "24:00" }, start_at: "2026-12-01T08:00:00.000Z", timezone: "Europe/Berlin", timezone_source: "recipient" });
    expect(c.senders).toEqual({ identity_ids: [sender.identityId], tags: ["sdr"], on_sender_removed: "stop" });
    expect(c.stop_rules).toEqual({ company_on_reply: true, cooldown_hours: 72, on_reply: "all" });
    expect(c.steps[0].variants[0].cc).toEqual(["Boss@example.com"]);
  });

  test("the documented request example is accepted", async () => {
    const w = app.newWorkspace();
    const sender = await smtpSender(w);
    const body = { ...CAMPAIGN_CREATE_REQUEST_EXAMPLE, senders: { ...CAMPAIGN_CREATE_REQUEST_EXAMPLE.senders, identity_ids: [sender.identityId] } };
    const c = await created(w.api, "/v1/campaigns", body);
    expect(c.steps.map((s: any) => s.variants.length)).toEqual([2, 1]);
    expect(c.steps[1].variants[0].html).toBe("");
  });

  test("an unknown merge tag is 422 unknown_tag at the field", async () => {
    const { api } = app.newWorkspace();
    const r = await api.post("/v1/campaigns", { name: "x", steps: [step({ variants: [variant(), variant({ subject: "Hi {{ favourite_colour }}" })] })] });
    expectProblem(r, 422, "validation_failed");
    expect(errorsOf(r)).toEqual({ "/steps/0/variants/1/subject": "unknown_tag" });
    expect(r.body.errors[0].detail).toContain("favourite_colour");
  });

  test("a liquid syntax error is 422 syntax at the field", async () => {
    const { api } = app.newWorkspace();
    const r = await api.post("/v1/campaigns", { name: "x", steps: [step({ variants: [variant({ html: "<p>{% if company %}Hi</p>" })] })] });
    expectProblem(r, 422, "validation_failed");
    expect(errorsOf(r)).toEqual({ "/steps/0/variants/0/html": "syntax" });
  });

  test("one 422 lists every problem of the body, each at its pointer", async () => {
    const { api } = app.newWorkspace();
    const r = await api.post("/v1/campaigns", {
      name: "x",
      schedule: { send_window: { days: [3, 1, 3], start: "18:00", end: "09:00" }, timezone: "Mars/Olympus_Mons" },
      senders: { identity_ids: [newId("sid")], tags: ["a", "a"] },
      tracking: { domain_id: newId("dom") },
      steps: [
        step({ same_thread: true, id: newId("stp"), variants: [variant({ cc: ["not-an-address"], bcc: ["ok@example.com", "@nope"], subject: "{{ nope }}", id: newId("var") })] }),
        { name: "no variants" },
        step({ winner: { variant_id: newId("var") }, variants: [{ html: "", text: "" }] }),
      ],
    });
    expectProblem(r, 422, "validation_failed");
    expect(errorsOf(r)).toEqual({
      "/schedule/send_window/days/1": "invalid",
      "/schedule/send_window/days/2": "invalid",
      "/schedule/send_window/end": "invalid",
      "/schedule/timezone": "invalid",
      "/senders/identity_ids/0": "unknown",
      "/senders/tags/1": "duplicate",
      "/tracking/domain_id": "unknown",
      "/steps/0/id": "invalid",
      "/steps/0/same_thread": "invalid",
      "/steps/0/variants/0/id": "invalid",
      "/steps/0/variants/0/cc/0": "format",
      "/steps/0/variants/0/bcc/1": "format",
      "/steps/0/variants/0/subject": "unknown_tag",
      "/steps/1/variants": "required",
      "/steps/2/variants/0/subject": "required",
      "/steps/2/variants/0/html": "required",
      "/steps/2/winner/variant_id": "unknown",
    });
  });

  test("send window: 24:00 only ends a window, the end comes after the start, days out of range and a malformed time are 422", async () => {
    const { api } = app.newWorkspace();
    const r = await api.post("/v1/campaigns", { name: "x", schedule: { send_window: { days: [1, 2], start: "24:00", end: "24:00" } } });
    expect(errorsOf(r)).toEqual({ "/schedule/send_window/start": "invalid" });
    const reversed = await api.post("/v1/campaigns", { name: "x", schedule: { send_window: { days: [1, 2], start: "17:00", end: "09:00" } } });
    expect(errorsOf(reversed)).toEqual({ "/schedule/send_window/end": "invalid" });
    expectOk(await api.post("/v1/campaigns", { name: "x", schedule: { send_window: { days: [6, 7], start: "00:00", end: "24:00" } } }), 201);
    const range = await api.post("/v1/campaigns", { name: "x", schedule: { send_window: { days: [0, 8], start: "9:00", end: "17:00" } } });
    expectProblem(range, 422, "validation_failed");
    expect(errorsOf(range)).toMatchObject({ "/schedule/send_window/days/0": "range", "/schedule/send_window/days/1": "range", "/schedule/send_window/start": "format" });
    const empty = await api.post("/v1/campaigns", { name: "x", schedule: { send_window: { days: [], start: "09:00", end: "17:00" } } });
    expect(errorsOf(empty)).toEqual({ "/schedule/send_window/days": "length" });
  });

  test("a time zone offset or unknown name is 422; UTC and IANA names are fine", async () => {
    const { api } = app.newWorkspace();
    for (const tz of ["+02:00", "Europe/Atlantis", "CEST"]) expect(errorsOf(await api.post("/v1/campaigns", { name: "x", schedule: { timezone: tz } }))).toEqual({ "/schedule/timezone": "invalid" });
    expectOk(await api.post("/v1/campaigns", { name: "x", schedule: { timezone: "America/New_York" } }), 201);
  });

  test("at most 20 steps and 10 variants; weight 1-100; delay at most 365 days; name required and single-line", async () => {
    const { api } = app.newWorkspace();
    const many = await api.post("/v1/campaigns", { name: "x", steps: Array.from({ length: 21 }, () => step()) });
    expect(errorsOf(many)).toEqual({ "/steps": "length" });
    const variants = await api.post("/v1/campaigns", { name: "x", steps: [step({ variants: Array.from({ length: 11 }, () => variant()) })] });
    expect(errorsOf(variants)).toEqual({ "/steps/0/variants": "length" });
    const weights = await api.post("/v1/campaigns", { name: "x", steps: [step({ delay_seconds: 365 * 86_400 + 1, variants: [variant({ weight: 0 }), variant({ weight: 101 })] })] });
    expect(errorsOf(weights)).toEqual({ "/steps/0/delay_seconds": "range", "/steps/0/variants/0/weight": "range", "/steps/0/variants/1/weight": "range" });
    expect(errorsOf(await api.post("/v1/campaigns", { steps: [] }))).toEqual({ "/name": "required" });
    expect(errorsOf(await api.post("/v1/campaigns", { name: "Q2\r\nBcc: x@evil.test" }))).toEqual({ "/name": "format" });
    expect(errorsOf(await api.post("/v1/campaigns", { name: "x", steps: [step({ personalisation_prompt: "p".repeat(4_001) })] }))).toEqual({ "/steps/0/personalisation_prompt": "length" });
    expect(errorsOf(await api.post("/v1/campaigns", { name: "x", steps: [step({ variants: [variant({ cc: Array.from({ length: 11 }, (_, i) => `p${i}@example.com`) })] })] }))).toEqual({ "/steps/0/variants/0/cc": "length" });
  });

  test("needs campaigns:write; campaigns:read may read; no credential is 401", async () => {
    const w = app.newWorkspace();
    const ro = apiWithScopes(app, w, ["campaigns:read"]);
    const r = await ro.post("/v1/campaigns", { name: "x" });
    expectProblem(r, 403, "forbidden");
    expect(r.body.detail).toContain("campaigns:write");
    const c = await createCampaign(w.api);
    expectOk(await ro.get("/v1/campaigns"));
    expectOk(await ro.get(`/v1/campaigns/${c.id}`));
    for (const [method, path] of [
      ["PATCH", `/v1/campaigns/${c.id}`],
      ["POST", `/v1/campaigns/${c.id}/start`],
      ["POST", `/v1/campaigns/${c.id}/pause`],
      ["DELETE", `/v1/campaigns/${c.id}`],
    ] as const) {
      expectProblem(await ro.request(method, path, method === "PATCH" ? { name: "y" } : undefined), 403, "forbidden");
    }
    const none = apiWithScopes(app, w, ["people:read"]);
    expectProblem(await none.get("/v1/campaigns"), 403, "forbidden");
    expectProblem(await w.api.withToken(null).get("/v1/campaigns"), 401, "unauthorized");
    expectProblem(await w.api.withToken("nb_live_nope").post("/v1/campaigns", { name: "x" }), 401, "unauthorized");
  });
});

describe("GET /v1/campaigns", () => {
  test("newest first, variant bodies left out, pages by cursor, filters by status", async () => {
    const { api } = app.newWorkspace();
    const a = await createCampaign(api, { name: "A" });
    const b = await createCampaign(api, { name: "B" });
    const c = await createCampaign(api, { name: "C" });
    expectOk(await api.post(`/v1/campaigns/${b.id}/start`));

    const first = await api.get("/v1/campaigns?limit=2");
    expectOk(first);
    expect(first.body.data.map((x: any) => x.name)).toEqual(["C", "B"]);
    expect(first.body.meta.has_more).toBe(true);
    const v = first.body.data[0].steps[0].variants[0];
    expect(v.subject).toBeDefined();
    expect("html" in v || "text" in v).toBe(false);
    const second = await api.get(`/v1/campaigns?limit=2&cursor=${encodeURIComponent(first.body.meta.next_cursor)}`);
    expect(second.body.data.map((x: any) => x.id)).toEqual([a.id]);
    expect(second.body.meta.has_more).toBe(false);

    expect((await api.get("/v1/campaigns?status=materialising")).body.data.map((x: any) => x.id)).toEqual([b.id]);
    expect((await api.get("/v1/campaigns?status=draft")).body.data.map((x: any) => x.id)).toEqual([c.id, a.id]);
    expectProblem(await api.get("/v1/campaigns?status=running"), 422, "validation_failed");
    expectProblem(await api.get(`/v1/campaigns?status=draft&cursor=${encodeURIComponent(first.body.meta.next_cursor)}`), 400, "invalid_request");
  });
});

describe("GET /v1/campaigns/{id}", () => {
  test("answers everything, bodies included, with its ETag; unknown and malformed ids are 404", async () => {
    const { api } = app.newWorkspace();
    const c = await createCampaign(api);
    const g = await api.get(`/v1/campaigns/${c.id}`);
    expect(g.body).toEqual(c);
    expect(g.body.steps[0].variants[0].text).toBe("Hi {{first_name}}");
    expect(g.headers.get("etag")).toBe(`"${c.version}"`);
    expectProblem(await api.get(`/v1/campaigns/${newId("cmp")}`), 404, "not_found");
    expectProblem(await api.get("/v1/campaigns/cmp_nope"), 404, "not_found");
  });
});

describe("PATCH /v1/campaigns/{id}", () => {
  const twoSteps = () => ({ steps: [step({ name: "One", variants: [variant({ name: "A" }), variant({ name: "B" })] }), step({ name: "Two", delay_seconds: 3_600 })] });

  test("a changed step gets revision 2 (allocation restarts), an unchanged one keeps 1, a changed variant version 2", async () => {
    const { api } = app.newWorkspace();
    const c = await createCampaign(api, twoSteps());
    const [one, two] = c.steps;
    app.clock.advance(1_000);
    const p = await api.patch(`/v1/campaigns/${c.id}`, { steps: [{ id: one.id, variants: [{ id: one.variants[0].id, subject: "New subject" }, { id: one.variants[1].id }] }, { id: two.id }] }, { "if-match": `"${c.version}"` });
    expectOk(p);
    expect(p.headers.get("etag")).toBe(`"${p.body.version}"`);
    expect(p.body.version).toBeGreaterThan(c.version);
    const [n1, n2] = p.body.steps;
    expect([n1.id, n1.revision, n2.id, n2.revision]).toEqual([one.id, 2, two.id, 1]);
    expect(n1.revision_published_at).toBe(new Date(app.clock.now()).toISOString());
    expect(n2.revision_published_at).toBe(two.revision_published_at);
    expect(n1.variants.map((v: any) => [v.id, v.version, v.subject])).toEqual([
      [one.variants[0].id, 2, "New subject"],
      [one.variants[1].id, 1, one.variants[1].subject],
    ]);
    expect(n1.name).toBe("One"); // left out: kept
  });

  test("a step that only moved keeps its revision; a removed step is gone from GET; a new step gets revision 1", async () => {
    const { api } = app.newWorkspace();
    const c = await createCampaign(api, twoSteps());
    const [one, two] = c.steps;
    const p = await api.patch(`/v1/campaigns/${c.id}`, { steps: [{ id: two.id }, { id: one.id }] });
    expectOk(p);
    expect(p.body.steps.map((s: any) => [s.id, s.position, s.revision])).toEqual([
      [two.id, 1, 1],
      [one.id, 2, 1],
    ]);
    const q = await api.patch(`/v1/campaigns/${c.id}`, { steps: [{ id: one.id }, step({ name: "Three" })] });
    expectOk(q);
    const g = await api.get(`/v1/campaigns/${c.id}`);
    expect(g.body.steps.map((s: any) => [s.name, s.position, s.revision])).toEqual([
      ["One", 1, 1],
      ["Three", 2, 1],
    ]);
    expect(JSON.stringify(g.body)).not.toContain(two.id);
    // a removed step cannot come back
    const back = await api.patch(`/v1/campaigns/${c.id}`, { steps: [{ id: two.id }] });
    expect(errorsOf(back)).toEqual({ "/steps/0/id": "unknown" });
  });

  test("removing or adding a variant is a new revision; a variant cannot move to another step", async () => {
    const { api } = app.newWorkspace();
    const c = await createCampaign(api, twoSteps());
    const [one, two] = c.steps;
    const p = await api.patch(`/v1/campaigns/${c.id}`, { steps: [{ id: one.id, variants: [{ id: one.variants[1].id }] }, { id: two.id, variants: [{ id: two.variants[0].id }, variant({ name: "B" })] }] });
    expectOk(p);
    expect(p.body.steps.map((s: any) => [s.revision, s.variants.map((v: any) => v.name)])).toEqual([
      [2, ["B"]],
      [2, ["A", "B"]],
    ]);
    const moved = await api.patch(`/v1/campaigns/${c.id}`, { steps: [{ id: one.id, variants: [{ id: two.variants[0].id }] }, { id: two.id }] });
    expect(errorsOf(moved)).toEqual({ "/steps/0/variants/0/id": "unknown" });
  });

  test("settings merge: fields left out keep their value; the template check applies to changed content", async () => {
    const { api } = app.newWorkspace();
    const c = await createCampaign(api, { schedule: { timezone: "Europe/Berlin", send_window: { days: [1], start: "09:00", end: "17:00" } } });
    const p = await api.patch(`/v1/campaigns/${c.id}`, { name: "Renamed", schedule: { timezone_source: "recipient" }, stop_rules: { cooldown_hours: 24 } });
    expectOk(p);
    expect(p.body.name).toBe("Renamed");
    expect(p.body.schedule).toEqual({ send_window: { days: [1], start: "09:00", end: "17:00" }, start_at: null, timezone: "Europe/Berlin", timezone_source: "recipient" });
    expect(p.body.stop_rules).toEqual({ company_on_reply: false, cooldown_hours: 24, on_reply: "campaign" });
    const bad = await api.patch(`/v1/campaigns/${c.id}`, { steps: [{ id: c.steps[0].id, variants: [{ id: c.steps[0].variants[0].id, text: "{{ nope }}" }] }] });
    expect(errorsOf(bad)).toEqual({ "/steps/0/variants/0/text": "unknown_tag" });
  });

  test("the winner can be set by hand (selected_by is the credential) and cleared", async () => {
    const w = app.newWorkspace();
    const c = await createCampaign(w.api, twoSteps());
    const [one] = c.steps;
    const p = await w.api.patch(`/v1/campaigns/${c.id}`, { steps: [{ id: one.id, winner: { variant_id: one.variants[1].id } }, { id: c.steps[1].id }] });
    expectOk(p);
    const winner = p.body.steps[0].winner;
    expect(winner).toMatchObject({ variant_id: one.variants[1].id, selected_at: new Date(app.clock.now()).toISOString() });
    expect(winner.selected_by).toMatch(/^key_[0-9a-f]{32}$/);
    expect(p.body.steps[0].revision).toBe(1); // choosing a winner is not a content change
    // a content change clears the winner unless the PATCH names it
    const q = await w.api.patch(`/v1/campaigns/${c.id}`, { steps: [{ id: one.id, name: "One (v2)" }, { id: c.steps[1].id }] });
    expect(q.body.steps[0]).toMatchObject({ revision: 2, winner: null });
    const r = await w.api.patch(`/v1/campaigns/${c.id}`, { steps: [{ id: one.id, winner: { variant_id: one.variants[0].id } }, { id: c.steps[1].id }] });
    expect(r.body.steps[0].winner.variant_id).toBe(one.variants[0].id);
    const cleared = await w.api.patch(`/v1/campaigns/${c.id}`, { steps: [{ id: one.id, winner: null }, { id: c.steps[1].id }] });
    expect(cleared.body.steps[0].winner).toBeNull();
    const foreign = await w.api.patch(`/v1/campaigns/${c.id}`, { steps: [{ id: one.id, winner: { variant_id: c.steps[1].variants[0].id } }, { id: c.steps[1].id }] });
    expect(errorsOf(foreign)).toEqual({ "/steps/0/winner/variant_id": "unknown" });
  });

  test("a stale If-Match is 412 and changes nothing; * and no If-Match apply; a malformed one is 400", async () => {
    const { api } = app.newWorkspace();
    const c = await createCampaign(api);
    app.clock.advance(1);
    expectOk(await api.patch(`/v1/campaigns/${c.id}`, { name: "B" }, { "if-match": `"${c.version}"` }));
    const stale = await api.patch(`/v1/campaigns/${c.id}`, { name: "C" }, { "if-match": `"${c.version}"` });
    expectProblem(stale, 412, "precondition_failed");
    expect((await api.get(`/v1/campaigns/${c.id}`)).body.name).toBe("B");
    expectOk(await api.patch(`/v1/campaigns/${c.id}`, { name: "D" }, { "if-match": "*" }));
    expectOk(await api.patch(`/v1/campaigns/${c.id}`, { name: "E" }));
    expectProblem(await api.patch(`/v1/campaigns/${c.id}`, { name: "F" }, { "if-match": "12" }), 400, "invalid_request");
    expectProblem(await api.patch(`/v1/campaigns/${newId("cmp")}`, { name: "F" }), 404, "not_found");
  });

  test("an unknown step id is 422; an unknown field is 422", async () => {
    const { api } = app.newWorkspace();
    const c = await createCampaign(api);
    expect(errorsOf(await api.patch(`/v1/campaigns/${c.id}`, { steps: [{ id: newId("stp") }] }))).toEqual({ "/steps/0/id": "unknown" });
    expect(errorsOf(await api.patch(`/v1/campaigns/${c.id}`, { status: "active" }))).toEqual({ "/status": "unknown" });
  });
});

describe("POST /v1/campaigns/{id}/start and /pause", () => {
  test("draft → materialising with a campaign.start job; pause → paused; start again; events for each change", async () => {
    const w = app.newWorkspace();
    const c = await createCampaign(w.api);
    const s = await w.api.post(`/v1/campaigns/${c.id}/start`);
    expectOk(s);
    expect(s.body.status).toBe("materialising");
    expect(s.headers.get("etag")).toBe(`"${s.body.version}"`);
    const job = app.ctx.db.select().from(jobs).where(and(eq(jobs.workspaceId, w.id), eq(jobs.kind, "campaign.start"))).get()!;
    expect(job.args).toEqual({ campaignId: c.id, workspaceId: w.id });
    const shown = await w.api.get(`/v1/jobs/${job.id}`);
    expectOk(shown);
    expect(shown.body.kind).toBe("campaign.start");

    expectProblem(await w.api.post(`/v1/campaigns/${c.id}/start`), 409, "invalid_state");
    const p = await w.api.post(`/v1/campaigns/${c.id}/pause`);
    expectOk(p);
    expect(p.body.status).toBe("paused");
    expectProblem(await w.api.post(`/v1/campaigns/${c.id}/pause`), 409, "invalid_state");
    expectOk(await w.api.post(`/v1/campaigns/${c.id}/start`));
    expect(statusEvents(w, c.id)).toEqual(["materialising", "paused", "materialising"]);
    const event = app.ctx.db.select().from(events).where(and(eq(events.workspaceId, w.id), eq(events.type, "campaign.status_changed"))).get()!;
    expect("html" in (event.data as any).steps[0].variants[0]).toBe(false);
  });

  test("a draft cannot be paused; a campaign without steps cannot start", async () => {
    const { api } = app.newWorkspace();
    const c = await createCampaign(api);
    const r = await api.post(`/v1/campaigns/${c.id}/pause`);
    expectProblem(r, 409, "invalid_state");
    expect(r.body.detail).toContain("draft");
    const empty = await createCampaign(api, { steps: [] });
    const s = await api.post(`/v1/campaigns/${empty.id}/start`);
    expectProblem(s, 409, "invalid_state");
    expect(s.body.detail).toContain("no steps");
    expectProblem(await api.post(`/v1/campaigns/${newId("cmp")}/start`), 404, "not_found");
    expectProblem(await api.post(`/v1/campaigns/${newId("cmp")}/pause`), 404, "not_found");
  });

  test("starting a paused campaign makes its campaign_paused messages due now", async () => {
    const w = app.newWorkspace();
    const sender = await smtpSender(w);
    const c = await createCampaign(w.api);
    expectOk(await w.api.post(`/v1/campaigns/${c.id}/start`));
    expectOk(await w.api.post(`/v1/campaigns/${c.id}/pause`));
    const msg = await created(w.api, "/v1/messages", { sender_identity_id: sender.identityId, to: ["lea@recipient.test"], subject: "Hi", text: "Hello", send_at: "2027-01-01T00:00:00Z" });
    const other = await created(w.api, "/v1/messages", { sender_identity_id: sender.identityId, to: ["max@recipient.test"], subject: "Hi", text: "Hello", send_at: "2027-01-01T00:00:00Z" });
    app.ctx.db.update(messages).set({ campaignId: c.id, holds: ["campaign_paused"] }).where(eq(messages.id, msg.id)).run();
    app.ctx.db.update(messages).set({ campaignId: c.id }).where(eq(messages.id, other.id)).run();
    app.clock.advance(5_000);
    expectOk(await w.api.post(`/v1/campaigns/${c.id}/start`));
    const [held, untouched] = [msg.id, other.id].map((id) => app.ctx.db.select().from(messages).where(eq(messages.id, id)).get()!);
    expect(held.dueAt).toBe(app.clock.now());
    expect(held.holds).toEqual([]);
    expect(untouched.dueAt).toBe(Date.parse("2027-01-01T00:00:00Z"));
  });

  test("an archived campaign can neither start, pause nor change (409)", async () => {
    const w = app.newWorkspace();
    const c = await createCampaign(w.api);
    app.ctx.db.update(campaigns).set({ firstSentAt: app.clock.now() }).where(eq(campaigns.id, c.id)).run();
    expectOk(await w.api.delete(`/v1/campaigns/${c.id}`));
    expectProblem(await w.api.post(`/v1/campaigns/${c.id}/start`), 409, "invalid_state");
    expectProblem(await w.api.post(`/v1/campaigns/${c.id}/pause`), 409, "invalid_state");
    expectProblem(await w.api.patch(`/v1/campaigns/${c.id}`, { name: "again" }), 409, "invalid_state");
  });
});

describe("DELETE /v1/campaigns/{id}", () => {
  const enroll = (w: TestWorkspace, campaignId: string, personId: string, status: "active" | "paused" | "completed" = "active") => {
    const now = app.clock.now();
    const id = newId("enr");
    app.ctx.db.insert(enrollments).values({ id, workspaceId: w.id, campaignId, personId, position: 1, status, nextRunAt: status === "active" ? now : null, createdAt: now, updatedAt: now }).run();
    return id;
  };

  test("a campaign that never sent is removed: 204, then 404, its enrollments and unsent messages gone", async () => {
    const w = app.newWorkspace();
    const sender = await smtpSender(w);
    const c = await createCampaign(w.api);
    const person = await createPerson(w.api);
    const enr = enroll(w, c.id, person.id);
    const msg = await created(w.api, "/v1/messages", { sender_identity_id: sender.identityId, to: ["lea@recipient.test"], subject: "Hi", text: "Hello" });
    app.ctx.db.update(messages).set({ campaignId: c.id }).where(eq(messages.id, msg.id)).run();
    const r = await w.api.delete(`/v1/campaigns/${c.id}`);
    expect(r.status).toBe(204);
    expect(r.text).toBe("");
    expectProblem(await w.api.get(`/v1/campaigns/${c.id}`), 404, "not_found");
    expect(app.ctx.db.select().from(enrollments).where(eq(enrollments.id, enr)).get()).toBeUndefined();
    expect(app.ctx.db.select().from(messages).where(eq(messages.id, msg.id)).get()).toBeUndefined();
    expect(app.ctx.db.select().from(messageBodies).where(eq(messageBodies.messageId, msg.id)).get()).toBeUndefined();
    expectProblem(await w.api.delete(`/v1/campaigns/${c.id}`), 404, "not_found");
  });

  test("a campaign that sent is archived (200), its live enrollments stopped, the ended ones left", async () => {
    const w = app.newWorkspace();
    const sender = await smtpSender(w);
    const c = await createCampaign(w.api);
    expectOk(await w.api.post(`/v1/campaigns/${c.id}/start`));
    const [p1, p2, p3] = [await createPerson(w.api), await createPerson(w.api), await createPerson(w.api)];
    const live = [enroll(w, c.id, p1.id), enroll(w, c.id, p2.id, "paused")];
    const done = enroll(w, c.id, p3.id, "completed");
    const msg = await created(w.api, "/v1/messages", { sender_identity_id: sender.identityId, to: ["lea@recipient.test"], subject: "Hi", text: "Hello" });
    app.ctx.db.update(messages).set({ campaignId: c.id, status: "sent", attempts: 1 }).where(eq(messages.id, msg.id)).run();

    const r = await w.api.delete(`/v1/campaigns/${c.id}`);
    expectOk(r);
    expect(r.body.status).toBe("archived");
    expect(r.headers.get("etag")).toBe(`"${r.body.version}"`);
    const rows = new Map(app.ctx.db.select().from(enrollments).where(eq(enrollments.campaignId, c.id)).all().map((e) => [e.id, e]));
    for (const id of live) expect(rows.get(id)).toMatchObject({ status: "stopped", statusDetail: "the campaign was archived" });
    expect(rows.get(done)!.status).toBe("completed");
    const stopped = app.ctx.db.select().from(events).where(and(eq(events.workspaceId, w.id), eq(events.type, "enrollment.stopped"))).all();
    expect(stopped.map((e) => (e.data as any).id).sort()).toEqual([...live].sort());
    expect(statusEvents(w, c.id)).toEqual(["materialising", "archived"]);
    expect(app.ctx.db.select().from(messages).where(eq(messages.id, msg.id)).get()!.status).toBe("sent");
    // a repeated DELETE answers the archived campaign again
    const again = await w.api.delete(`/v1/campaigns/${c.id}`);
    expectOk(again);
    expect(again.body.status).toBe("archived");
    expect((await w.api.get(`/v1/campaigns/${c.id}`)).body.status).toBe("archived");
  });

  test("first_sent_at alone makes it archived; a message being sent right now of a campaign that never sent is 409", async () => {
    const w = app.newWorkspace();
    const sender = await smtpSender(w);
    const c = await createCampaign(w.api);
    const msg = await created(w.api, "/v1/messages", { sender_identity_id: sender.identityId, to: ["lea@recipient.test"], subject: "Hi", text: "Hello" });
    app.ctx.db.update(messages).set({ campaignId: c.id, status: "sending" }).where(eq(messages.id, msg.id)).run();
    const r = await w.api.delete(`/v1/campaigns/${c.id}`);
    expectProblem(r, 409, "invalid_state");
    expectOk(await w.api.get(`/v1/campaigns/${c.id}`));
    app.ctx.db.update(campaigns).set({ firstSentAt: app.clock.now() }).where(eq(campaigns.id, c.id)).run();
    expect((await w.api.delete(`/v1/campaigns/${c.id}`)).body.status).toBe("archived");
  });
});

test("campaigns are invisible to other workspaces and to the test-mode twin", async () => {
  const a = app.newWorkspace();
  const b = app.newWorkspace();
  const c = await createCampaign(a.api);
  await expectIsolated([b.api, a.testApi], {
    resourcePath: `/v1/campaigns/${c.id}`,
    listPath: "/v1/campaigns",
    id: c.id,
    routes: [
      ["PATCH", `/v1/campaigns/${c.id}`, { name: "taken" }],
      ["POST", `/v1/campaigns/${c.id}/start`],
      ["POST", `/v1/campaigns/${c.id}/pause`],
      ["DELETE", `/v1/campaigns/${c.id}`],
    ],
  });
  // another workspace's identity is not a sender of this one
  const sender = await smtpSender(b);
  expect(errorsOf(await a.api.post("/v1/campaigns", { name: "x", senders: { identity_ids: [sender.identityId] } }))).toEqual({ "/senders/identity_ids/0": "unknown" });
  const g = await a.api.get(`/v1/campaigns/${c.id}`);
  expect(g.body).toMatchObject({ name: "Q2 outreach", status: "draft" });
});

describe("archiving a large campaign", () => {
  test("stops its live enrollments in slices of ARCHIVE_SLICE (500), giving the event loop a turn between two", async () => {
    const w = app.newWorkspace();
    const c = await createCampaign(w.api);
    const now = app.clock.now();
    const n = 4_500;
    const personRows = Array.from({ length: n }, (_, i) => ({ id: newId("per"), workspaceId: w.id, email: `p${i}@bulk.test`, emailKey: `p${i}@bulk.test`, emailDomain: "bulk.test", source: "api" as const, status: "active" as const, createdAt: now, updatedAt: now }));
    app.ctx.db.transaction((tx) => {
      for (let i = 0; i < n; i += 500) {
        tx.insert(people).values(personRows.slice(i, i + 500)).run();
        tx.insert(enrollments)
          .values(personRows.slice(i, i + 500).map((p) => ({ id: newId("enr"), workspaceId: w.id, campaignId: c.id, personId: p.id, position: 1, status: "active" as const, nextRunAt: now, createdAt: now, updatedAt: now })))
          .run();
      }
      tx.update(campaigns).set({ firstSentAt: now }).where(eq(campaigns.id, c.id)).run();
    });
    // turns the event loop gives to others while the DELETE runs
    let turns = 0;
    let running = true;
    const tick = () => {
      if (!running) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    const archived = await deleteCampaign(app.ctx, { workspaceId: w.id, id: c.id });
    running = false;
    expect(archived!.campaign.status).toBe("archived");
    expect(turns).toBeGreaterThanOrEqual(Math.ceil(n / ARCHIVE_SLICE) - 1);
    const left = app.ctx.db.select({ status: enrollments.status }).from(enrollments).where(eq(enrollments.campaignId, c.id)).all();
    expect(left.length).toBe(n);
    expect(left.every((e) => e.status === "stopped")).toBe(true);
    const stopped = app.ctx.db.select({ id: events.id }).from(events).where(and(eq(events.workspaceId, w.id), eq(events.type, "enrollment.stopped"))).all();
    expect(stopped.length).toBe(n);
  });
});
