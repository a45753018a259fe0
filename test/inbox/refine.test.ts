// The AI's optional refinement of a reply's verdict (inbox.refine) against the
// loopback fake provider: it refines sentiment and intent (verdict_by ai) from
// what the person wrote only; a manual correction made before it runs stands;
// an unusable answer or a spent budget leaves the rules' verdict.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { ingestReceived } from "../../src/smtp-in/worker";
import { startTestApp, type TestApp, type TestWorkspace } from "../helpers/app";
import { mailbox, type Mailbox } from "../helpers/campaigns";
import { startFakeAi, type FakeAi } from "../helpers/fake-ai";
import { uid } from "../helpers/factory";
import { expectOk } from "../helpers/http";
import { reply } from "../helpers/reports";
import { smtpSend } from "../helpers/smtp-client";

let fake: FakeAi;
let app: TestApp;
beforeAll(async () => {
  fake = startFakeAi();
  app = await startTestApp({ smtp: true, env: { NEARBOUND_AI_MONTHLY_TOKENS: "1000" }, edges: { ai: fake.provider() } });
});
afterAll(async () => {
  await app.close();
  fake.stop();
});
beforeEach(() => fake.reset());

async function replied(body: string, into?: { w: TestWorkspace; box: Mailbox }): Promise<{ w: TestWorkspace; box: Mailbox; id: string }> {
  const w = into?.w ?? app.newWorkspace();
  const box = into?.box ?? (await mailbox(app, w.testApi));
  const from = `grace-${uid()}@example.org`;
  const r = await smtpSend(app.running.smtpPort, from, [box.email], reply({ from: `Grace <${from}>`, to: box.email, body }));
  expect(r.data!.code).toBe(250);
  await ingestReceived(app.ctx);
  const m = (await w.testApi.get("/v1/inbound_messages?limit=1")).body.data[0];
  expect(m).toMatchObject({ classification: "reply", verdict_by: "rules" });
  return { w, box, id: m.id };
}

const get = async (w: TestWorkspace, id: string) => (await w.testApi.get(`/v1/inbound_messages/${id}`)).body;

describe("inbox.refine", () => {
  test("the provider's sentiment and intent replace the rules' (verdict_by ai); it is sent the subject and the text only", async () => {
    fake.answer({ text: JSON.stringify({ sentiment: "positive", intent: "interested" }), promptTokens: 50, completionTokens: 10 });
    const { w, id } = await replied("Hmm, this could actually solve our reporting problem.\n\n-- \nGrace Hopper\ngrace@example.org");
    await app.running.runner.drain();
    expect(await get(w, id)).toMatchObject({ sentiment: "positive", intent: "interested", verdict_by: "ai" });
    const sent = fake.calls.at(-1)!.body.messages.map((m) => m.content).join("\n");
    expect(sent).toContain("reporting problem");
    expect(sent).not.toContain("grace@example.org");
  });

  test("a manual correction made before the job runs is never overridden", async () => {
    fake.answer({ text: JSON.stringify({ sentiment: "positive", intent: "meeting_request" }) });
    const { w, id } = await replied("Let me think about it.");
    expectOk(await w.testApi.patch(`/v1/inbound_messages/${id}`, { sentiment: "negative", intent: "not_interested" }), 200);
    await app.running.runner.drain();
    expect(await get(w, id)).toMatchObject({ sentiment: "negative", intent: "not_interested", verdict_by: "manual" });
  });

  test("an unusable answer leaves the rules' verdict; past the monthly budget the provider is not asked", async () => {
    fake.answer({ text: "I think it is positive" });
    const a = await replied("What would it cost for a team of ten?");
    await app.running.runner.drain();
    expect(await get(a.w, a.id)).toMatchObject({ verdict_by: "rules", intent: "question" });

    fake.answer({ text: JSON.stringify({ sentiment: "neutral", intent: "question" }), promptTokens: 2000, completionTokens: 0 });
    const b = await replied("Who else uses this?");
    await app.running.runner.drain(); // spends the whole budget
    const calls = fake.calls.length;
    const c = await replied("Can you send a case study?", b); // the budget is the workspace's
    await app.running.runner.drain();
    expect(fake.calls.length).toBe(calls);
    expect(await get(c.w, c.id)).toMatchObject({ verdict_by: "rules" });
    expect((await get(b.w, b.id)).verdict_by).toBe("ai");
  });
});
