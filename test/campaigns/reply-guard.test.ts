// The MTA's campaign guard (src/mta/steps/campaign-guard.ts): a campaign
// message is checked once more as the MTA takes it — mail from the person (or
// their company) stored by the inbound listener but not yet read by the ingest
// holds it `reply_pending`, so the stop rules decide before we send across a
// fresh reply; an ended enrollment cancels it; a paused campaign holds it.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { enrollments, inboundMessages, messages } from "../../src/db/schema";
import { tick } from "../../src/modules/campaigns/scheduler";
import { REPLY_PENDING_MS } from "../../src/mta/steps/campaign-guard";
import { sendDue } from "../../src/mta/worker";
import { ingestReceived } from "../../src/smtp-in/worker";
import { startTestApp, type TestApp, type TestWorkspace } from "../helpers/app";
import { campaignMessages, enrollmentsOf, mailbox, people, runUntil, startedCampaign, step, variant, type Mailbox } from "../helpers/campaigns";
import { startDnsServer, type TestDnsServer } from "../helpers/dns";
import { uid } from "../helpers/factory";
import { expectOk } from "../helpers/http";
import { autoReply, reply } from "../helpers/reports";
import { smtpSend } from "../helpers/smtp-client";

let dns: TestDnsServer;
let app: TestApp;
beforeAll(async () => {
  dns = await startDnsServer();
  app = await startTestApp({ smtp: true, env: { NEARBOUND_DNS_SERVERS: dns.servers, NEARBOUND_HOSTNAME: "mx.nearbound.test" } });
});
afterAll(async () => {
  await app.close();
  await dns.close();
});

const DAY = 86_400_000;

interface Setup {
  w: TestWorkspace;
  box: Mailbox;
}

async function workspace(): Promise<Setup> {
  const w = app.newWorkspace();
  return { w, box: await mailbox(app, w.testApi) };
}

const twoSteps = (stopRules: Record<string, unknown> = {}) => ({
  stop_rules: stopRules,
  steps: [step(), step({ name: "Bump", delay_seconds: 2 * 86_400, same_thread: true, variants: [variant({ text: "Any thoughts?" })] })],
});

/** A started two-step campaign; step 1 sent to everyone, the clock 1 s on. */
async function stepOneSent(s: Setup, personIds: string[], stopRules: Record<string, unknown> = {}) {
  const c = await startedCampaign(app, s.w.testApi, { senders: { identity_ids: [s.box.identityId] }, ...twoSteps(stopRules) }, personIds);
  await runUntil(app, app.clock.now());
  expect(campaignMessages(app, c.id).map((m) => m.status)).toEqual(personIds.map(() => "sent"));
  app.clock.set(app.clock.now() + 1000);
  return c;
}

/** Mail delivered to the inbound listener and stored — the ingest has NOT read it (state received). */
async function arrives(from: string, to: string, raw = reply({ from, to })) {
  const r = await smtpSend(app.running.smtpPort, from, [to], raw);
  expect(r.data!.code).toBe(250);
  app.clock.set(app.clock.now() + 1000);
}

/** Step 2 is due: the scheduler makes its messages and the MTA takes them (only those due now). */
async function stepTwoDue() {
  app.clock.set(app.clock.now() + 2 * DAY);
  while ((await tick(app.ctx)).more);
  await sendDue(app.ctx);
}

const enrollmentOf = (campaignId: string, personId: string) => enrollmentsOf(app, campaignId).find((e) => e.personId === personId)!;
const messageOf = (campaignId: string, personId: string, position: number) => campaignMessages(app, campaignId).filter((m) => m.personId === personId)[position - 1];
const shown = async (w: TestWorkspace, id: string) => {
  const r = await w.testApi.get(`/v1/messages/${id}`);
  expectOk(r);
  return r.body;
};

describe("unread mail from the person since the previous step", () => {
  test("holds the next step reply_pending; once the ingest reads it as a reply the enrollment is replied and the held message cancelled, never sent", async () => {
    const s = await workspace();
    const [ada, bob] = await people(s.w.testApi, 2);
    const c = await stepOneSent(s, [ada!.id, bob!.id]);
    await arrives(ada!.email, s.box.email, reply({ from: ada!.email, to: s.box.email, inReplyTo: messageOf(c.id, ada!.id, 1)!.messageIdHeader }));
    expect(app.ctx.db.select().from(inboundMessages).where(eq(inboundMessages.workspaceId, s.w.testId)).all().map((m) => m.state)).toEqual(["received"]);

    await stepTwoDue();
    const held = messageOf(c.id, ada!.id, 2)!;
    const view = await shown(s.w, held.id);
    expect(view).toMatchObject({ status: "queued", holds: ["reply_pending"], sent_at: null });
    expect(view.status_detail).toBe(`mail from ${ada!.email} arrived since the previous step and is not read yet`);
    expect(Date.parse(view.due_at)).toBe(app.clock.now() + REPLY_PENDING_MS);
    expect(messageOf(c.id, bob!.id, 2)!.status).toBe("sent"); // Bob wrote nothing: his step 2 leaves
    expect(enrollmentOf(c.id, ada!.id).status).toBe("active");

    await ingestReceived(app.ctx);
    expect(enrollmentOf(c.id, ada!.id).status).toBe("replied");
    expect((await shown(s.w, held.id)).status).toBe("cancelled");
    await runUntil(app, app.clock.now() + DAY);
    const after = messageOf(c.id, ada!.id, 2)!;
    expect(after.status).toBe("cancelled");
    expect(after.sentAt).toBeNull();
    expect(after.attempts).toBe(0);
  });

  test("mail read as an out-of-office does not stop: the held message waits for the stated return plus a day (the inbox's pause), then leaves", async () => {
    const s = await workspace();
    const [ada] = await people(s.w.testApi, 1);
    const c = await stepOneSent(s, [ada!.id]);
    await arrives(ada!.email, s.box.email, autoReply({ from: ada!.email, to: s.box.email }));
    await stepTwoDue();
    const held = messageOf(c.id, ada!.id, 2)!;
    expect(held.holds).toEqual(["reply_pending"]);

    await ingestReceived(app.ctx);
    // "out of the office until 30 November" (the notice is dated 21 November 2026)
    const back = Date.UTC(2026, 11, 1);
    expect(enrollmentOf(c.id, ada!.id)).toMatchObject({ status: "paused", pausedUntil: back });
    await runUntil(app, app.clock.now() + REPLY_PENDING_MS);
    expect(messageOf(c.id, ada!.id, 2)!).toMatchObject({ status: "queued", holds: ["out_of_office"] });
    await runUntil(app, back + 60_000);
    const sent = messageOf(c.id, ada!.id, 2)!;
    expect(sent.status).toBe("sent");
    expect(sent.holds).toEqual([]);
    expect(enrollmentOf(c.id, ada!.id).status).toBe("completed");
  });

  test("mail from the person that arrived before the previous step does not hold", async () => {
    const s = await workspace();
    const [ada] = await people(s.w.testApi, 1);
    await arrives(ada!.email, s.box.email); // unread, and older than the enrollment and its step 1
    const c = await stepOneSent(s, [ada!.id]);
    await stepTwoDue();
    expect(campaignMessages(app, c.id).map((m) => [m.status, m.holds])).toEqual([
      ["sent", []],
      ["sent", []],
    ]);
  });
});

describe("company_on_reply: unread mail from the person's company", () => {
  test("a colleague's address at the same company holds; once read as the colleague's reply the enrollment stops and the message is cancelled", async () => {
    const s = await workspace();
    const company = `acme-corp-${uid()}.test`;
    const [jane, john] = await people(s.w.testApi, 2, (i) => ({ email: `${["jane", "john"][i]}-${uid()}@${company}` }));
    const c = await stepOneSent(s, [jane!.id, john!.id], { company_on_reply: true });
    const boss = `boss-${uid()}@${company}`;
    await arrives(boss, s.box.email);
    await stepTwoDue();
    for (const p of [jane!, john!]) {
      const held = messageOf(c.id, p.id, 2)!;
      expect(held.holds).toEqual(["reply_pending"]);
      expect(held.statusDetail).toBe(`mail from ${company} arrived since the previous step and is not read yet`);
    }

    // John, a colleague in the campaign, answers: read, it stops the company
    await arrives(john!.email, s.box.email, reply({ from: john!.email, to: s.box.email, inReplyTo: messageOf(c.id, john!.id, 1)!.messageIdHeader }));
    await ingestReceived(app.ctx);
    expect(enrollmentOf(c.id, john!.id).status).toBe("replied");
    expect(enrollmentOf(c.id, jane!.id).status).toBe("stopped");
    expect(campaignMessages(app, c.id).filter((m) => m.sentAt === null).map((m) => m.status)).toEqual(["cancelled", "cancelled"]);
  });

  test("without company_on_reply, or at a free-mail domain, a colleague's mail does not hold", async () => {
    const s = await workspace();
    const company = `acme-corp-${uid()}.test`;
    const [jane, gina] = await people(s.w.testApi, 2, (i) => ({ email: [`jane-${uid()}@${company}`, `gina-${uid()}@gmail.com`][i] }));
    const off = await stepOneSent(s, [jane!.id], { company_on_reply: false });
    const on = await stepOneSent(s, [gina!.id], { company_on_reply: true });
    await arrives(`boss-${uid()}@${company}`, s.box.email);
    await arrives(`someone-${uid()}@gmail.com`, s.box.email);
    await stepTwoDue();
    expect(messageOf(off.id, jane!.id, 2)!.status).toBe("sent");
    expect(messageOf(on.id, gina!.id, 2)!.status).toBe("sent");
  });
});

describe("the enrollment or the campaign changed while the message waited", () => {
  test("an enrollment ended while the MTA had its message: the guard cancels the message, nothing is sent", async () => {
    const s = await workspace();
    const [ada] = await people(s.w.testApi, 1);
    const c = await startedCampaign(app, s.w.testApi, { senders: { identity_ids: [s.box.identityId] }, ...twoSteps() }, [ada!.id]);
    const e = enrollmentOf(c.id, ada!.id);
    expect(e.messageId).not.toBeNull();
    // what a stop committed between the MTA's claim and its guard leaves: the enrollment ended, its message untouched
    app.ctx.db.update(enrollments).set({ status: "stopped", statusDetail: "stopped by a test", endedAt: app.clock.now(), nextRunAt: null }).where(eq(enrollments.id, e.id)).run();
    await sendDue(app.ctx);
    const m = app.ctx.db.select().from(messages).where(eq(messages.id, e.messageId!)).get()!;
    expect(m.status).toBe("cancelled");
    expect(m.statusDetail).toBe(`its enrollment ${e.id} ended or moved on: stopped by a test`);
    expect(m.sentAt).toBeNull();
    expect((await s.w.testApi.get(`/v1/enrollments/${e.id}`)).body.status).toBe("stopped");
  });

  test("a paused campaign's queued message is held campaign_paused; POST start makes it due and it is sent", async () => {
    const s = await workspace();
    const [ada] = await people(s.w.testApi, 1);
    const c = await startedCampaign(app, s.w.testApi, { senders: { identity_ids: [s.box.identityId] }, ...twoSteps() }, [ada!.id]);
    const [queued] = campaignMessages(app, c.id);
    expect(queued!.status).toBe("queued");
    expectOk(await s.w.testApi.post(`/v1/campaigns/${c.id}/pause`, {}), 200);
    await sendDue(app.ctx);
    const view = await shown(s.w, queued!.id);
    expect(view).toMatchObject({ status: "queued", holds: ["campaign_paused"], status_detail: `its campaign ${c.id} is paused` });
    expect(Date.parse(view.due_at)).toBeGreaterThan(app.clock.now());

    app.clock.set(app.clock.now() + 60_000);
    expectOk(await s.w.testApi.post(`/v1/campaigns/${c.id}/start`, {}), 200);
    const released = await shown(s.w, queued!.id);
    expect(released).toMatchObject({ status: "queued", holds: [] });
    expect(Date.parse(released.due_at)).toBe(app.clock.now());
    await app.running.runner.drain();
    await sendDue(app.ctx);
    const sent = await shown(s.w, queued!.id);
    expect(sent.status).toBe("sent");
    expect(Date.parse(sent.sent_at)).toBe(app.clock.now());
  });
});

describe("workspaces are apart", () => {
  test("unread mail from the person to another workspace's mailbox does not hold this workspace's message", async () => {
    const address = `ada-${uid()}@customer.test`;
    const [one, two] = [await workspace(), await workspace()];
    const [adaOne] = await people(one.w.testApi, 1, () => ({ email: address }));
    const [adaTwo] = await people(two.w.testApi, 1, () => ({ email: address }));
    const a = await stepOneSent(one, [adaOne!.id]);
    const b = await stepOneSent(two, [adaTwo!.id]);
    await arrives(address, one.box.email);
    await stepTwoDue();
    expect(messageOf(a.id, adaOne!.id, 2)!.holds).toEqual(["reply_pending"]);
    expect(messageOf(b.id, adaTwo!.id, 2)!.status).toBe("sent");
  });
});
