// The campaign stop rules end to end: replies delivered over SMTP to the
// inbound listener and ingested (the stop rules run in the ingest's
// transaction), bounces, complaints and unsubscribes mailed back, and the
// message actions — each observed through the API and the enrollments' rows.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { campaignReplies, enrollments, messages } from "../../src/db/schema";
import { transact } from "../../src/modules/events/outbox";
import { recordDeliveryEvent } from "../../src/modules/messages/delivery-events";
import { tick } from "../../src/modules/campaigns/scheduler";
import { ingestReceived } from "../../src/smtp-in/worker";
import { startTestApp, type TestApp, type TestWorkspace } from "../helpers/app";
import { campaignMessages, enrollmentsOf, mailbox, people, runUntil, startedCampaign, step, variant, type Mailbox } from "../helpers/campaigns";
import { startDnsServer, type TestDnsServer } from "../helpers/dns";
import { uid, uniqueEmail } from "../helpers/factory";
import { expectOk } from "../helpers/http";
import { arf, dsn, reply } from "../helpers/reports";
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
const twoSteps = (stopRules: Record<string, unknown> = {}) => ({
  stop_rules: stopRules,
  steps: [step(), step({ name: "Bump", delay_seconds: 2 * 86_400, same_thread: true, variants: [variant({ text: "Any thoughts?" })] })],
});

interface Setup {
  w: TestWorkspace;
  box: Mailbox;
}

async function workspace(): Promise<Setup> {
  const w = app.newWorkspace();
  return { w, box: await mailbox(app, w.testApi) };
}

/** A two-step campaign of `s`'s mailbox, these people enrolled and started; step 1 sent (the clock moves 1 s on). */
async function launched(s: Setup, personIds: string[], stopRules: Record<string, unknown> = {}) {
  const c = await startedCampaign(app, s.w.testApi, { senders: { identity_ids: [s.box.identityId] }, ...twoSteps(stopRules) }, personIds);
  await runUntil(app, app.clock.now());
  const sent = campaignMessages(app, c.id);
  expect(sent.map((m) => m.status)).toEqual(personIds.map(() => "sent"));
  app.clock.set(app.clock.now() + 1000); // a reply comes after the mail it answers
  return { campaign: c, sent };
}

/** Step 2 is due: the scheduler makes its messages, the MTA does not run. */
async function stepTwoQueued() {
  app.clock.set(app.clock.now() + 2 * DAY);
  while ((await tick(app.ctx)).more);
}

/** `from` writes to `to` over SMTP (the inbound listener), then the ingest reads it. */
async function mail(from: string, to: string, raw: string) {
  const r = await smtpSend(app.running.smtpPort, from, [to], raw);
  expect(r.rcpt[0]!.code).toBe(250);
  expect(r.data!.code).toBe(250);
  await ingestReceived(app.ctx);
}

const replyTo = (from: string, box: Mailbox, inReplyTo?: string) => mail(from, box.email, reply({ from, to: box.email, inReplyTo }));

const enrollment = (id: string) => app.ctx.db.select().from(enrollments).where(eq(enrollments.id, id)).get()!;
const enrollmentOf = (campaignId: string, personId: string) => enrollmentsOf(app, campaignId).find((e) => e.personId === personId)!;
const message = (id: string) => app.ctx.db.select().from(messages).where(eq(messages.id, id)).get()!;
const personStatus = async (w: TestWorkspace, id: string) => (await w.testApi.get(`/v1/people/${id}`)).body.status;
const stoppedEvents = async (w: TestWorkspace) => (await w.testApi.get("/v1/events?type=enrollment.stopped&limit=100")).body.data as any[];

describe("a reply through the inbound listener", () => {
  test("ends the enrollment as replied, cancels its queued next message, emits enrollment.stopped, marks the person replied and counts the reply", async () => {
    const s = await workspace();
    const [ada] = await people(s.w.testApi, 1);
    const { campaign, sent } = await launched(s, [ada!.id]);
    await stepTwoQueued();
    const e0 = enrollmentOf(campaign.id, ada!.id);
    const next = message(e0.messageId!);
    expect(next.id).not.toBe(sent[0]!.id);
    expect(next.status).toBe("queued");

    await replyTo(ada!.email, s.box, sent[0]!.messageIdHeader);

    const e = enrollment(e0.id);
    expect(e.status).toBe("replied");
    expect(e.statusDetail).toBe("the person replied");
    expect(message(next.id).status).toBe("cancelled");
    const got = (await s.w.testApi.get(`/v1/enrollments/${e.id}`)).body;
    expect(got).toMatchObject({ status: "replied", next_run_at: null });
    const events = await stoppedEvents(s.w);
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({ id: e.id, object: "enrollment", status: "replied", campaign_id: campaign.id });
    expect(await personStatus(s.w, ada!.id)).toBe("replied");

    const inbound = (await s.w.testApi.get("/v1/inbound_messages")).body.data[0];
    expect(inbound).toMatchObject({ kind: "other", matched_by: "message_id", message_id: sent[0]!.id });
    const replies = app.ctx.db.select().from(campaignReplies).where(eq(campaignReplies.enrollmentId, e.id)).all();
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ campaignId: campaign.id, personId: ada!.id, messageId: sent[0]!.id, stepId: sent[0]!.stepId, variantId: sent[0]!.variantId, inboundMessageId: inbound.id });

    // nothing more is sent to her
    await runUntil(app, app.clock.now() + 3 * DAY);
    expect(campaignMessages(app, campaign.id).filter((m) => m.status === "sent")).toHaveLength(1);
  });

  test("a reply without In-Reply-To is found by its From address and answers the campaign that mailed the person last", async () => {
    const s = await workspace();
    const [ada] = await people(s.w.testApi, 1);
    const { campaign, sent } = await launched(s, [ada!.id]);
    await replyTo(ada!.email.toUpperCase(), s.box);
    const e = enrollmentOf(campaign.id, ada!.id);
    expect(e.status).toBe("replied");
    const replies = app.ctx.db.select().from(campaignReplies).where(eq(campaignReplies.enrollmentId, e.id)).all();
    expect(replies).toHaveLength(1);
    expect(replies[0]!.messageId).toBe(sent[0]!.id);
  });

  test("on_reply campaign: the person's enrollment in another campaign goes on", async () => {
    const s = await workspace();
    const [ada] = await people(s.w.testApi, 1);
    const a = await launched(s, [ada!.id], { on_reply: "campaign" });
    const b = await launched(s, [ada!.id], { on_reply: "campaign" });
    await replyTo(ada!.email, s.box, a.sent[0]!.messageIdHeader);
    expect(enrollmentOf(a.campaign.id, ada!.id).status).toBe("replied");
    expect(enrollmentOf(b.campaign.id, ada!.id).status).toBe("active");
    expect(await personStatus(s.w, ada!.id)).toBe("replied");

    await runUntil(app, app.clock.now() + 3 * DAY);
    expect(campaignMessages(app, b.campaign.id).map((m) => m.status)).toEqual(["sent", "sent"]);
    expect(enrollmentOf(b.campaign.id, ada!.id).status).toBe("completed");
    expect(campaignMessages(app, a.campaign.id).map((m) => m.status)).toEqual(["sent"]);
  });

  test("on_reply all: every live enrollment of the person stops, in every campaign", async () => {
    const s = await workspace();
    const [ada, bob] = await people(s.w.testApi, 2);
    const a = await launched(s, [ada!.id, bob!.id], { on_reply: "all" });
    const b = await launched(s, [ada!.id], { on_reply: "campaign" });
    await stepTwoQueued();
    const queuedInB = enrollmentOf(b.campaign.id, ada!.id).messageId!;
    expect(message(queuedInB).status).toBe("queued");

    await replyTo(ada!.email, s.box, a.sent.find((m) => m.personId === ada!.id)!.messageIdHeader);
    expect(enrollmentOf(a.campaign.id, ada!.id).status).toBe("replied");
    const other = enrollmentOf(b.campaign.id, ada!.id);
    expect(other.status).toBe("stopped");
    expect(other.statusDetail).toContain(`replied to campaign ${a.campaign.id} (on_reply: all)`);
    expect(message(queuedInB).status).toBe("cancelled");
    expect(enrollmentOf(a.campaign.id, bob!.id).status).toBe("active"); // another person is not touched
    const events = await stoppedEvents(s.w);
    expect(events.map((e) => [e.data.campaign_id, e.data.status]).sort()).toEqual([
      [a.campaign.id, "replied"],
      [b.campaign.id, "stopped"],
    ].sort());
  });

  test("on_reply none: the sequence goes on, the reply is still counted and the person still replied", async () => {
    const s = await workspace();
    const [ada] = await people(s.w.testApi, 1);
    const a = await launched(s, [ada!.id], { on_reply: "none" });
    await replyTo(ada!.email, s.box, a.sent[0]!.messageIdHeader);
    const e = enrollmentOf(a.campaign.id, ada!.id);
    expect(e.status).toBe("active");
    expect(app.ctx.db.select().from(campaignReplies).where(eq(campaignReplies.campaignId, a.campaign.id)).all()).toHaveLength(1);
    expect(await personStatus(s.w, ada!.id)).toBe("replied");
    expect(await stoppedEvents(s.w)).toEqual([]);

    await runUntil(app, app.clock.now() + 3 * DAY);
    expect(campaignMessages(app, a.campaign.id).map((m) => m.status)).toEqual(["sent", "sent"]);
    expect(enrollment(e.id).status).toBe("completed");
  });
});

describe("company_on_reply", () => {
  test("a colleague at the same company domain stops; someone else at a free-mail domain does not; another company's person goes on", async () => {
    const s = await workspace();
    const company = `acme-corp-${uid()}.test`;
    const [jane, john, gina, gary, zed] = await people(s.w.testApi, 5, (i) => ({
      email: [`jane-${uid()}@${company}`, `john-${uid()}@${company}`, `gina-${uid()}@gmail.com`, `gary-${uid()}@gmail.com`, uniqueEmail("other-corp.test")][i],
    }));
    const a = await launched(s, [jane!.id, john!.id, gina!.id, gary!.id, zed!.id], { on_reply: "campaign", company_on_reply: true });
    const sentTo = (id: string) => a.sent.find((m) => m.personId === id)!.messageIdHeader;

    await replyTo(jane!.email, s.box, sentTo(jane!.id));
    expect(enrollmentOf(a.campaign.id, jane!.id).status).toBe("replied");
    const colleague = enrollmentOf(a.campaign.id, john!.id);
    expect(colleague.status).toBe("stopped");
    expect(colleague.statusDetail).toBe(`someone at ${company} replied (company_on_reply)`);
    expect(enrollmentOf(a.campaign.id, zed!.id).status).toBe("active");
    expect(await personStatus(s.w, john!.id)).toBe("active"); // the colleague did not reply

    await replyTo(gina!.email, s.box, sentTo(gina!.id));
    expect(enrollmentOf(a.campaign.id, gina!.id).status).toBe("replied");
    expect(enrollmentOf(a.campaign.id, gary!.id).status).toBe("active");
  });

  test("without company_on_reply a colleague goes on", async () => {
    const s = await workspace();
    const company = `acme-corp-${uid()}.test`;
    const [jane, john] = await people(s.w.testApi, 2, (i) => ({ email: `${["jane", "john"][i]}-${uid()}@${company}` }));
    const a = await launched(s, [jane!.id, john!.id], { company_on_reply: false });
    await replyTo(jane!.email, s.box, a.sent.find((m) => m.personId === jane!.id)!.messageIdHeader);
    expect(enrollmentOf(a.campaign.id, jane!.id).status).toBe("replied");
    expect(enrollmentOf(a.campaign.id, john!.id).status).toBe("active");
  });
});

describe("a person becoming unreachable stops every live enrollment of theirs, in every campaign", () => {
  /** Ada in two campaigns (step 1 sent in both), Bob in the first. */
  async function twoCampaigns() {
    const s = await workspace();
    const [ada, bob] = await people(s.w.testApi, 2);
    const a = await launched(s, [ada!.id, bob!.id]);
    const b = await launched(s, [ada!.id]);
    return { s, ada: ada!, bob: bob!, a, b, first: a.sent.find((m) => m.personId === ada!.id)! };
  }

  const expectStopped = async (t: Awaited<ReturnType<typeof twoCampaigns>>, detail: string, personStatusNow: string) => {
    for (const c of [t.a, t.b]) {
      const e = enrollmentOf(c.campaign.id, t.ada.id);
      expect(e.status).toBe("stopped");
      expect(e.statusDetail).toBe(detail);
    }
    expect(enrollmentOf(t.a.campaign.id, t.bob.id).status).toBe("active");
    const events = await stoppedEvents(t.s.w);
    expect(events.map((e) => e.data.campaign_id).sort()).toEqual([t.a.campaign.id, t.b.campaign.id].sort());
    expect(events.every((e) => e.data.status === "stopped" && e.data.person.id === t.ada.id)).toBe(true);
    expect(await personStatus(t.s.w, t.ada.id)).toBe(personStatusNow);
  };

  test("a hard bounce mailed back (a DSN to the message's envelope sender)", async () => {
    const t = await twoCampaigns();
    expect(t.first.envelopeFrom).toBe(t.s.box.email); // an smtp connection's bounces come back to its mailbox
    await mail("", t.first.envelopeFrom, dsn({ to: t.first.envelopeFrom, recipient: t.ada.email, originalMessageId: t.first.messageIdHeader }));
    await expectStopped(t, "the address bounced (hard)", "bounced");
  });

  test("a hard bounce recorded as a delivery event", async () => {
    const t = await twoCampaigns();
    transact(app.ctx, (tx, outbox) =>
      recordDeliveryEvent(app.ctx, tx, outbox, {
        workspaceId: t.s.w.testId,
        messageId: t.first.id,
        personId: t.ada.id,
        attemptId: null,
        type: "bounced",
        recipient: t.ada.email,
        bounce: { kind: "hard", reason: "user_unknown", diagnosticCode: "smtp; 550 5.1.1 User unknown" },
        detail: null,
        occurredAt: app.clock.now(),
      }),
    );
    await expectStopped(t, "the address bounced (hard)", "bounced");
  });

  test("a soft bounce stops nothing", async () => {
    const t = await twoCampaigns();
    await mail("", t.first.envelopeFrom, dsn({ to: t.first.envelopeFrom, recipient: t.ada.email, status: "4.2.2", action: "delayed", diagnostic: "452 4.2.2 Mailbox full", originalMessageId: t.first.messageIdHeader }));
    expect(enrollmentOf(t.a.campaign.id, t.ada.id).status).toBe("active");
    expect(enrollmentOf(t.b.campaign.id, t.ada.id).status).toBe("active");
  });

  test("a spam complaint (ARF)", async () => {
    const t = await twoCampaigns();
    await mail("fbl@isp.test", t.first.envelopeFrom, arf({ to: t.first.envelopeFrom, recipient: t.ada.email, originalMessageId: t.first.messageIdHeader }));
    await expectStopped(t, "the person complained (spam)", "spam");
  });

  test("an unsubscribe mailed to the List-Unsubscribe address", async () => {
    const t = await twoCampaigns();
    const to = `unsubscribe+${t.first.unsubscribeToken}@${t.first.envelopeFrom.split("@")[1]}`;
    await mail(t.ada.email, to, reply({ from: t.ada.email, to, subject: "unsubscribe", body: "" }));
    await expectStopped(t, "the person unsubscribed", "unsubscribed");
    // as the one-click link: an unsubscribe, not a reply the campaign counts
    expect(app.ctx.db.select().from(campaignReplies).where(eq(campaignReplies.personId, t.ada.id)).all()).toEqual([]);
  });
});

describe("the message actions", () => {
  test("POST /v1/messages/{id}/cancel of a campaign message stops its enrollment", async () => {
    const s = await workspace();
    const [ada] = await people(s.w.testApi, 1);
    const { campaign } = await launched(s, [ada!.id]);
    await stepTwoQueued();
    const e0 = enrollmentOf(campaign.id, ada!.id);
    expectOk(await s.w.testApi.post(`/v1/messages/${e0.messageId}/cancel`, {}), 200);
    const e = enrollment(e0.id);
    expect(e.status).toBe("stopped");
    expect(e.statusDetail).toBe(`its message ${e0.messageId} was cancelled`);
    const events = await stoppedEvents(s.w);
    expect(events.map((x) => [x.data.id, x.data.status])).toEqual([[e0.id, "stopped"]]);
  });

  test("a message that fails fails its enrollment", async () => {
    const s = await workspace();
    // test mode's magic address: the server refuses it for good (552 5.2.2, a soft bounce: nothing suppressed)
    const [ada] = await people(s.w.testApi, 1, () => ({ email: `soft_bounce+${uid()}@example.com` }));
    const c = await startedCampaign(app, s.w.testApi, { senders: { identity_ids: [s.box.identityId] }, ...twoSteps() }, [ada!.id]);
    await runUntil(app, app.clock.now());
    const [m] = campaignMessages(app, c.id);
    expect(m!.status).toBe("failed");
    const e = enrollmentOf(c.id, ada!.id);
    expect(e.status).toBe("failed");
    expect(e.statusDetail).toStartWith(`its message ${m!.id} failed: `);
    const events = await stoppedEvents(s.w);
    expect(events.map((x) => [x.data.id, x.data.status])).toEqual([[e.id, "failed"]]);
    expect(await personStatus(s.w, ada!.id)).toBe("active");
  });
});

describe("workspaces are apart", () => {
  test("the same address in another workspace: a reply and a hard bounce in one stop nothing in the other", async () => {
    const address = uniqueEmail("customer.test");
    const [one, two] = [await workspace(), await workspace()];
    const [adaOne] = await people(one.w.testApi, 1, () => ({ email: address }));
    const [adaTwo] = await people(two.w.testApi, 1, () => ({ email: address }));
    const a = await launched(one, [adaOne!.id], { on_reply: "all" });
    const b = await launched(two, [adaTwo!.id], { on_reply: "all" });

    await replyTo(address, one.box, a.sent[0]!.messageIdHeader);
    expect(enrollmentOf(a.campaign.id, adaOne!.id).status).toBe("replied");
    expect(enrollmentOf(b.campaign.id, adaTwo!.id).status).toBe("active");
    expect(await personStatus(two.w, adaTwo!.id)).toBe("active");

    transact(app.ctx, (tx, outbox) =>
      recordDeliveryEvent(app.ctx, tx, outbox, {
        workspaceId: one.w.testId,
        messageId: a.sent[0]!.id,
        personId: adaOne!.id,
        attemptId: null,
        type: "bounced",
        recipient: address,
        bounce: { kind: "hard", reason: "user_unknown", diagnosticCode: "smtp; 550 5.1.1 User unknown" },
        detail: null,
        occurredAt: app.clock.now(),
      }),
    );
    expect(enrollmentOf(b.campaign.id, adaTwo!.id).status).toBe("active");
    expect(await stoppedEvents(two.w)).toEqual([]);
  });
});

describe("who replied", () => {
  test("a colleague answering on a person's thread (In-Reply-To her message, From his address) is the one who replied", async () => {
    const s = await workspace();
    const company = `acme-corp-${uid()}.test`;
    const [jane, john] = await people(s.w.testApi, 2, (i) => ({ email: `${["jane", "john"][i]}-${uid()}@${company}` }));
    const a = await launched(s, [jane!.id, john!.id], { company_on_reply: false });
    const janes = a.sent.find((m) => m.personId === jane!.id)!;
    const johns = a.sent.find((m) => m.personId === john!.id)!;
    await replyTo(john!.email, s.box, janes.messageIdHeader);

    expect(enrollmentOf(a.campaign.id, john!.id).status).toBe("replied");
    expect(await personStatus(s.w, john!.id)).toBe("replied");
    expect(await personStatus(s.w, jane!.id)).toBe("active");
    const replies = app.ctx.db.select().from(campaignReplies).where(eq(campaignReplies.campaignId, a.campaign.id)).all();
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ personId: john!.id, enrollmentId: enrollmentOf(a.campaign.id, john!.id).id, messageId: johns.id });
  });

  test("a reply from an address that is no person (an alias) on a person's thread is that person's", async () => {
    const s = await workspace();
    const [jane] = await people(s.w.testApi, 1, () => ({ email: `jane-${uid()}@acme-corp.test` }));
    const a = await launched(s, [jane!.id]);
    await replyTo(`jane.alias-${uid()}@acme-corp.test`, s.box, a.sent[0]!.messageIdHeader);
    expect(enrollmentOf(a.campaign.id, jane!.id).status).toBe("replied");
    expect(await personStatus(s.w, jane!.id)).toBe("replied");
  });
});
