// What real campaign messages hold: merge tags and spintax (a spin fixed per
// enrollment and step revision, spread over people), the preheader as hidden
// preview text, the variant's cc/bcc, content that cannot be rendered (the
// enrollment held `invalid`, the campaign's last_error), and AI snippets
// against the loopback fake provider with their fallback.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { events, people as peopleTable } from "../../src/db/schema";
import { FakeClock } from "../../src/lib/clock";
import { renderTemplates } from "../../src/modules/campaigns/templates";
import { startTestApp, type TestApp } from "../helpers/app";
import { campaignMessages, enrollmentsOf, mailbox, people, runUntil, startedCampaign, step, variant } from "../helpers/campaigns";
import { createField } from "../helpers/factory";
import { startFakeAi, type FakeAi } from "../helpers/fake-ai";
import { expectOk } from "../helpers/http";

const HOUR = 3_600_000;
const START = Date.parse("2026-11-21T12:00:00Z");

let fake: FakeAi;
beforeAll(() => {
  fake = startFakeAi();
});
afterAll(() => fake.stop());
beforeEach(() => fake.reset());

let app: TestApp | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});
async function freshApp(): Promise<TestApp> {
  app = await startTestApp({ clock: new FakeClock(START), edges: { ai: fake.provider() } });
  return app;
}

describe("templates in real messages", () => {
  test("merge tags and spintax: each message's spin is fixed by its enrollment and step revision, and people spread over the options", async () => {
    const a = await freshApp();
    const w = a.newWorkspace();
    const box = await mailbox(a, w.testApi);
    const ps = await people(w.testApi, 30, (i) => ({ given_name: `Person${i}`, company: `Co${i}` }));
    const v = { subject: "{Hi|Hello|Hey} {{ first_name }}", html: "<p>{Quick|Short} note for {{ company }}</p>", text: "{Quick|Short} note for {{ company }}" };
    const c = await startedCampaign(a, w.testApi, { senders: { identity_ids: [box.identityId] }, steps: [step({ variants: [variant(v)] })] }, ps.map((p) => p.id));
    const msgs = campaignMessages(a, c.id);
    expect(msgs).toHaveLength(30);
    const stepId = c.steps[0].id;
    for (const m of msgs) {
      const i = ps.findIndex((p) => p.id === m.personId);
      expect(m.subject).toMatch(new RegExp(`^(Hi|Hello|Hey) Person${i}$`));
      expect(m.text).toMatch(new RegExp(`^(Quick|Short) note for Co${i}$`));
      expect(m.html).toContain(`note for Co${i}</p>`);
      // made again for the same enrollment (same seed): the same choices
      const again = renderTemplates(
        { subject: v.subject, preheader: null, html: v.html, text: v.text },
        { person: { email: ps[i]!.email, givenName: `Person${i}`, familyName: null, company: `Co${i}`, timezone: null, custom: {} }, sender: { name: "Amara Okafor", email: box.email }, variables: {} },
        `${m.enrollmentId}:${stepId}:1`,
      );
      expect(again.ok && [again.subject, again.text]).toEqual([m.subject, m.text!]);
    }
    expect(new Set(msgs.map((m) => m.subject.split(" ")[0])).size).toBe(3);
    expect(new Set(msgs.map((m) => m.text!.split(" ")[0])).size).toBe(2);
  });

  test("the preheader becomes hidden preview text at the top of the HTML; the variant's cc and bcc are on the message", async () => {
    const a = await freshApp();
    const w = a.newWorkspace();
    const box = await mailbox(a, w.testApi);
    const [p] = await people(w.testApi, 1, () => ({ given_name: "Ada" }));
    const c = await startedCampaign(
      a,
      w.testApi,
      { senders: { identity_ids: [box.identityId] }, steps: [step({ variants: [variant({ preheader: "A preview for {{ first_name }} & co", cc: ["manager@example.com"], bcc: ["archive@example.com"] })] })] },
      [p!.id],
    );
    await runUntil(a, START);
    const [m] = campaignMessages(a, c.id);
    expect(m!.html!.startsWith('<div style="display:none;max-height:0;overflow:hidden;mso-hide:all" aria-hidden="true">A preview for Ada &#38; co</div><p>Hi Ada</p>')).toBe(true);
    expect(m!.text).toBe("Hi Ada"); // the text part has no preheader
    expect(m!.recipients.map((r) => [r.kind, r.address])).toEqual([
      ["to", p!.email],
      ["cc", "manager@example.com"],
      ["bcc", "archive@example.com"],
    ]);
    expect(m!.status).toBe("sent");
  });
});

describe("content that cannot be rendered", () => {
  async function heldCase(value: string) {
    const a = await freshApp();
    const w = a.newWorkspace();
    const box = await mailbox(a, w.testApi);
    await createField(w.testApi, { key: "note", label: "Note" });
    const [fine, bad] = await people(w.testApi, 2, () => ({ custom_fields: { note: "payments" } }));
    // the person API keeps control characters out of values: written to the row, as an import from an older version might have
    a.ctx.db.update(peopleTable).set({ customFields: { note: value } }).where(eq(peopleTable.id, bad!.id)).run();
    const c = await startedCampaign(a, w.testApi, { senders: { identity_ids: [box.identityId] }, steps: [step({ variants: [variant({ subject: "About {{ note }}" })] })] }, [fine!.id, bad!.id]);
    await runUntil(a, START);
    const msgs = campaignMessages(a, c.id);
    expect(msgs.map((m) => [m.personId, m.subject])).toEqual([[fine!.id, "About payments"]]);
    const held = enrollmentsOf(a, c.id).find((e) => e.personId === bad!.id)!;
    const got = await w.testApi.get(`/v1/enrollments/${held.id}`);
    expectOk(got);
    expect(got.body.status).toBe("active");
    const campaign = await w.testApi.get(`/v1/campaigns/${c.id}`);
    return { held, enrollment: got.body, campaign: campaign.body };
  }

  test("a rendered subject with a control character: the enrollment is held invalid (retried later), the campaign's last_error is invalid, no message", async () => {
    const { held, enrollment, campaign } = await heldCase("pay\u0007ments");
    expect(enrollment.status_detail).toContain("control character");
    expect(held.hold).toBe("invalid");
    expect(held.nextRunAt).toBe(START + HOUR);
    expect(campaign.last_error).toMatchObject({ code: "invalid" });
    expect(campaign.last_error.detail).toContain("subject");
  });

  test("a rendered subject the message checks refuse (over 998 characters): held invalid, and the campaign's last_error says so too", async () => {
    const { held, enrollment, campaign } = await heldCase("x".repeat(1200));
    expect(held.hold).toBe("invalid");
    expect(enrollment.status_detail).toContain("cannot be made: /subject: subject is longer than 998 characters");
    expect(campaign.last_error.detail).toBe(enrollment.status_detail);
    expect(campaign.last_error).toMatchObject({ code: "invalid" });
  });
});

describe("AI snippets", () => {
  const AI_STEP = step({
    personalisation_prompt: "One friendly sentence about what {{ company }} does.",
    variants: [variant({ html: "<p>{{ variables.opener | default: 'Hello there.' }}</p>", text: "{{ variables.opener | default: 'Hello there.' }}" })],
  });

  test("the provider's snippet fills {{ variables.opener }}", async () => {
    const a = await freshApp();
    const w = a.newWorkspace();
    const box = await mailbox(a, w.testApi);
    const [p] = await people(w.testApi, 1, () => ({ given_name: "Ada", company: "LumenPay" }));
    fake.answer({ text: JSON.stringify({ opener: "LumenPay makes payouts instant." }) });
    const c = await startedCampaign(a, w.testApi, { senders: { identity_ids: [box.identityId] }, steps: [AI_STEP] }, [p!.id]);
    const [m] = campaignMessages(a, c.id);
    expect(m!.text).toBe("LumenPay makes payouts instant.");
    expect(m!.html).toBe("<p>LumenPay makes payouts instant.</p>");
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]!.body.messages.map((x) => x.content).join("\n")).toContain("LumenPay");
    const fallbacks = a.ctx.db.select().from(events).where(and(eq(events.workspaceId, w.testId), eq(events.type, "message.snippets_fallback"))).all();
    expect(fallbacks).toHaveLength(0);
  });

  test("a failing provider: the message is made from the templates alone and message.snippets_fallback is recorded", async () => {
    const a = await freshApp();
    const w = a.newWorkspace();
    const box = await mailbox(a, w.testApi);
    const [p] = await people(w.testApi, 1, () => ({ given_name: "Ada", company: "LumenPay" }));
    fake.answer({ status: 500 });
    const c = await startedCampaign(a, w.testApi, { senders: { identity_ids: [box.identityId] }, steps: [AI_STEP] }, [p!.id]);
    const [m] = campaignMessages(a, c.id);
    expect(m!.text).toBe("Hello there.");
    expect(m!.status).toBe("queued");
    const fallbacks = a.ctx.db.select().from(events).where(and(eq(events.workspaceId, w.testId), eq(events.type, "message.snippets_fallback"))).all();
    expect(fallbacks).toHaveLength(1);
    const data = fallbacks[0]!.data as { id: string; status_detail: string };
    expect(data.id).toBe(m!.id);
    expect(data.status_detail).toContain("AI snippets not written (error)");
    await runUntil(a, START);
    expect(campaignMessages(a, c.id)[0]!.status).toBe("sent");
  });
});
