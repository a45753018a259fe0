import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestApp, type TestApp } from "../helpers/app";
import { campaignMessages, enrollmentsOf, mailbox, people, runUntil, startedCampaign, step, variant } from "../helpers/campaigns";
import { expectOk } from "../helpers/http";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe("a sequence", () => {
  test("step 1 at once, step 2 a delay after step 1 was sent, in the same thread; then completed", async () => {
    const w = app.newWorkspace();
    const box = await mailbox(app, w.testApi);
    const [ada, bob] = await people(w.testApi, 2, (i) => ({ given_name: ["Ada", "Bob"][i] }));
    const c = await startedCampaign(app, w.testApi, { senders: { identity_ids: [box.identityId] }, steps: [step(), step({ name: "Bump", delay_seconds: 2 * 86_400, same_thread: true, variants: [variant({ text: "Any thoughts, {{ first_name }}?" })] })] }, [ada!.id, bob!.id]);
    const start = app.clock.now();
    let msgs = campaignMessages(app, c.id);
    expect(msgs).toHaveLength(2);
    expect(msgs.every((m) => m.sendAt === start && m.status === "queued")).toBe(true);
    expect(msgs.map((m) => m.subject).sort()).toEqual(["Quick question, Ada", "Quick question, Bob"]);

    await runUntil(app, start + 3 * DAY);
    msgs = campaignMessages(app, c.id);
    expect(msgs).toHaveLength(4);
    expect(msgs.every((m) => m.status === "sent")).toBe(true);
    const [first, second] = [msgs.filter((m) => m.personId === ada!.id)[0]!, msgs.filter((m) => m.personId === ada!.id)[1]!];
    expect(second.sentAt! - first.sentAt!).toBe(2 * DAY);
    expect(second.subject).toBe("Re: Quick question, Ada");
    expect(second.headers["In-Reply-To"]).toBe(`<${first.messageIdHeader}>`);
    expect(second.text).toBe("Any thoughts, Ada?");
    const es = enrollmentsOf(app, c.id);
    expect(es.map((e) => e.status)).toEqual(["completed", "completed"]);
    const got = await w.testApi.get(`/v1/campaigns/${c.id}`);
    expectOk(got);
    expect(got.body.status).toBe("completed");
  });
});

describe("the campaign's life", () => {
  test("a completed campaign that takes new people is active again and walks them", async () => {
    const w = app.newWorkspace();
    const box = await mailbox(app, w.testApi);
    const [first] = await people(w.testApi, 1);
    const c = await startedCampaign(app, w.testApi, { senders: { identity_ids: [box.identityId] } }, [first!.id]);
    await runUntil(app, app.clock.now() + HOUR);
    expect((await w.testApi.get(`/v1/campaigns/${c.id}`)).body.status).toBe("completed");

    const [late] = await people(w.testApi, 1);
    expectOk(await w.testApi.post("/v1/enrollments", { campaign_id: c.id, person_ids: [late!.id] }, { "idempotency-key": crypto.randomUUID() }), 201);
    expect((await w.testApi.get(`/v1/campaigns/${c.id}`)).body.status).toBe("active");
    await runUntil(app, app.clock.now() + HOUR);
    expect(campaignMessages(app, c.id).filter((m) => m.personId === late!.id && m.status === "sent")).toHaveLength(1);
    expect((await w.testApi.get(`/v1/campaigns/${c.id}`)).body.status).toBe("completed");
  });

  test("a slot reserved for a message that could not be made is given back (the daily cap counts messages made)", async () => {
    const w = app.newWorkspace();
    const box = await mailbox(app, w.testApi, { pacing: { min_gap_seconds: 0, max_gap_seconds: 0, daily_cap: 10 } });
    const [ok, bad] = await people(w.testApi, 2, (i) => ({ given_name: ["Ada", "Bob"][i] }));
    // a value the subject cannot carry (a control character), written past the API's own checks
    app.ctx.db.$client.prepare("UPDATE people SET company = ?1 WHERE id = ?2").run("Acme\u0007Corp", bad!.id);
    const c = await startedCampaign(app, w.testApi, { senders: { identity_ids: [box.identityId] }, steps: [step({ variants: [variant({ subject: "For {{ company | default: 'you' }}" })] })] }, [ok!.id, bad!.id]);
    expect(campaignMessages(app, c.id)).toHaveLength(1);
    const day = new Date(app.clock.now()).toISOString().slice(0, 10);
    const planned = app.ctx.db.$client.prepare<{ planned: number }, [string, string]>("SELECT planned FROM pace_days WHERE key = ?1 AND day = ?2").get(box.identityId, day);
    expect(planned?.planned).toBe(1);
    const held = enrollmentsOf(app, c.id).find((e) => e.personId === bad!.id)!;
    expect(held.hold).toBe("invalid");
    expect((await w.testApi.get(`/v1/campaigns/${c.id}`)).body.last_error.code).toBe("invalid");
  });
});

test("every sender over its quota scope's messages_per_day for today: the campaign's last_error is no_sender, and the rest go the next day", async () => {
  const w = app.newWorkspace();
  const box = await mailbox(app, w.testApi);
  const cnx = await w.testApi.get(`/v1/connections/${box.connectionId}`);
  expectOk(await w.testApi.patch(`/v1/quota_scopes/${cnx.body.quota_scope_id}`, { messages_per_day: 1 }, { "if-match": "*" }));
  const ps = await people(w.testApi, 2);
  const c = await startedCampaign(app, w.testApi, { senders: { identity_ids: [box.identityId] } }, ps.map((p) => p.id));
  expect(campaignMessages(app, c.id)).toHaveLength(1);
  await runUntil(app, app.clock.now() + HOUR);
  const got = await w.testApi.get(`/v1/campaigns/${c.id}`);
  expect(got.body.last_error).toMatchObject({ code: "no_sender" });
  expect(got.body.last_error.detail).toContain("messages_per_day");
  await runUntil(app, app.clock.now() + DAY);
  expect(campaignMessages(app, c.id).filter((m) => m.status === "sent")).toHaveLength(2);
  expect((await w.testApi.get(`/v1/campaigns/${c.id}`)).body.last_error).toBeNull();
});
