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
