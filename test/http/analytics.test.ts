// Campaign analytics: the roll-up (campaign_stats_days, campaigns.stats), the
// periodic task, variantResults and GET /v1/analytics. Campaign rows, messages,
// delivery events and replies are written directly (the roll-up reads only them).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { periodicTasks } from "../../src/jobs/periodic";
import { campaignReplies, campaignStatsDays, campaignSteps, campaignVariants, campaigns, deliveryEvents, messages, type CampaignStatus } from "../../src/db/schema";
import { newId } from "../../src/lib/ids";
import { refreshCampaignStats, variantResults, variantResultsOnReader } from "../../src/modules/campaigns/analytics";
import { startTestApp, type TestApp } from "../helpers/app";
import { apiWithScopes } from "../helpers/factory";
import { expectOk, expectProblem } from "../helpers/http";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const DAY1 = Date.parse("2026-11-18T09:00:00Z");
const DAY2 = Date.parse("2026-11-19T23:59:59Z");
const DAY3 = Date.parse("2026-11-20T00:00:00Z");

interface Made {
  workspaceId: string;
  id: string;
  steps: { id: string; variants: string[] }[];
}

/** A campaign with `variants[i]` variants in step i. */
function campaign(workspaceId: string, opts: { status?: CampaignStatus; name?: string; variants?: number[] } = {}): Made {
  const now = app.clock.now();
  const id = newId("cmp");
  app.ctx.db
    .insert(campaigns)
    .values({
      id,
      workspaceId,
      name: opts.name ?? "Spring outreach",
      status: opts.status ?? "active",
      schedule: { sendWindow: null, startAt: null, timezone: "UTC", timezoneSource: "campaign" },
      senders: { identityIds: [], tags: [], onSenderRemoved: "reassign" },
      stopRules: { companyOnReply: false, cooldownHours: 0, onReply: "campaign" },
      tracking: { opens: true, clicks: true, domainId: null },
      stats: { sent: 0, opened: 0, clicked: 0, replied: 0, bounced: 0, unsubscribed: 0 },
      version: now * 1000,
      createdAt: now,
      updatedAt: now,
    })
    .run();
  const steps = (opts.variants ?? [2, 1]).map((n, position) => {
    const stepId = newId("stp");
    app.ctx.db
      .insert(campaignSteps)
      .values({ id: stepId, workspaceId, campaignId: id, position, name: `Step ${position + 1}`, revision: 1, revisionPublishedAt: now, delaySeconds: 0, sameThread: false, allocation: "balanced", winnerRule: { minimumSample: 100, objective: "opens", observationWindowSeconds: 86400 }, allocated: 0, createdAt: now, updatedAt: now })
      .run();
    const variants = Array.from({ length: n }, (_, i) => {
      const variantId = newId("var");
      app.ctx.db
        .insert(campaignVariants)
        .values({ id: variantId, workspaceId, campaignId: id, stepId, position: i, name: `Variant ${"AB"[i] ?? i}`, subject: "Hello", cc: [], bcc: [], html: "<p>Hi</p>", text: "Hi", version: 1, weight: 1, createdAt: now, updatedAt: now })
        .run();
      return variantId;
    });
    return { id: stepId, variants };
  });
  return { workspaceId, id, steps };
}

/** A message of step `s`, variant `v`; sent at `sentAt` unless null (then still queued). */
function message(c: Made, s: number, v: number, sentAt: number | null, createdAt = sentAt ?? app.clock.now()): string {
  const id = newId("msg");
  app.ctx.db
    .insert(messages)
    .values({
      id,
      workspaceId: c.workspaceId,
      connectionId: "cnx_00000000000000000000000000000000",
      senderIdentityId: "sid_00000000000000000000000000000000",
      campaignId: c.id,
      stepId: c.steps[s]!.id,
      variantId: c.steps[s]!.variants[v]!,
      fromHeader: "Ada <ada@sender.test>",
      recipients: [{ address: "p@example.com", kind: "to", state: sentAt === null ? "pending" : "sent", response: null }],
      subject: "Hello",
      headers: {},
      tracking: true,
      messageIdHeader: `${id}@sender.test`,
      envelopeFrom: `b-${id}@bounces.sender.test`,
      status: sentAt === null ? "queued" : "sent",
      holds: [],
      releasedHolds: [],
      dueAt: createdAt,
      attempts: sentAt === null ? 0 : 1,
      sentAt,
      createdAt,
      updatedAt: sentAt ?? createdAt,
    })
    .run();
  return id;
}

/** A delivery event about message `m` of campaign `c` (its step and variant read from the message). */
function event(c: Made, m: string, type: "opened" | "clicked" | "bounced" | "unsubscribed" | "delivered", at: number, machine = false): void {
  const msg = app.ctx.db.select().from(messages).where(eq(messages.id, m)).get()!;
  app.ctx.db
    .insert(deliveryEvents)
    .values({
      id: newId("dev"),
      workspaceId: c.workspaceId,
      messageId: m,
      campaignId: c.id,
      stepId: msg.stepId,
      variantId: msg.variantId,
      type,
      recipient: "p@example.com",
      machine: type === "opened" || type === "clicked" ? machine : null,
      machineReason: machine ? "apple_mpp" : null,
      occurredAt: at,
      createdAt: app.clock.now(),
    })
    .run();
}

function reply(c: Made, m: string | null, at: number, stepVariant?: [number, number]): void {
  const msg = m ? app.ctx.db.select().from(messages).where(eq(messages.id, m)).get()! : null;
  app.ctx.db
    .insert(campaignReplies)
    .values({
      id: newId("rpl"),
      workspaceId: c.workspaceId,
      campaignId: c.id,
      enrollmentId: newId("enr"),
      personId: newId("per"),
      messageId: m,
      stepId: msg?.stepId ?? (stepVariant ? c.steps[stepVariant[0]]!.id : null),
      variantId: msg?.variantId ?? (stepVariant ? c.steps[stepVariant[0]]!.variants[stepVariant[1]]! : null),
      inboundMessageId: newId("inm"),
      occurredAt: at,
    })
    .run();
}

const rollup = (c: Made) =>
  app.ctx.db
    .select()
    .from(campaignStatsDays)
    .where(eq(campaignStatsDays.campaignId, c.id))
    .all()
    .map((r) => ({ step: r.stepId, variant: r.variantId, day: r.day, sent: r.sent, opened: r.opened, clicked: r.clicked, replied: r.replied, bounced: r.bounced, unsubscribed: r.unsubscribed }));
const campaignRow = (c: Made) => app.ctx.db.select().from(campaigns).where(eq(campaigns.id, c.id)).get()!;
const Z = { sent: 0, opened: 0, clicked: 0, replied: 0, bounced: 0, unsubscribed: 0 };

/** The story most tests read: step 1 with variants A and B, step 2 with one. */
function story(workspaceId: string) {
  const c = campaign(workspaceId);
  const [s1, s2] = c.steps;
  const a1 = message(c, 0, 0, DAY1);
  const a2 = message(c, 0, 0, DAY1);
  const b1 = message(c, 0, 1, DAY2);
  const b2 = message(c, 0, 1, DAY2);
  message(c, 0, 1, null); // queued: not sent
  const f1 = message(c, 1, 0, DAY3);
  // a1: opened twice by a person (one open, on the first day), clicked, replied
  event(c, a1, "delivered", DAY1);
  event(c, a1, "opened", DAY1 + 1000);
  event(c, a1, "opened", DAY2);
  event(c, a1, "clicked", DAY2);
  reply(c, a1, DAY2);
  // a2: opened by a machine only (left out); b1: a machine open, then a person's on day 3
  event(c, a2, "opened", DAY1 + 5, true);
  event(c, a2, "clicked", DAY1 + 5, true);
  event(c, b1, "opened", DAY2, true);
  event(c, b1, "opened", DAY3);
  // b2 bounced (two reports of it), f1 unsubscribed
  event(c, b2, "bounced", DAY2);
  event(c, b2, "bounced", DAY3);
  event(c, f1, "unsubscribed", DAY3);
  return { c, s1: s1!, s2: s2!, a1, b1 };
}

describe("the roll-up", () => {
  test("counts per step, variant and UTC day: sent by sent_at, distinct human opens and clicks by the first, bounces, unsubscribes, replies", async () => {
    const w = app.newWorkspace();
    const { c, s1, s2 } = story(w.id);
    expect(await refreshCampaignStats(app.ctx, { campaignId: c.id })).toBe(1);
    const sort = (rows: ReturnType<typeof rollup>) => rows.sort((x, y) => `${x.step}${x.variant}${x.day}`.localeCompare(`${y.step}${y.variant}${y.day}`));
    expect(sort(rollup(c))).toEqual(
      sort([
        { step: s1.id, variant: s1.variants[0]!, day: "2026-11-18", ...Z, sent: 2, opened: 1 },
        { step: s1.id, variant: s1.variants[0]!, day: "2026-11-19", ...Z, clicked: 1, replied: 1 },
        { step: s1.id, variant: s1.variants[1]!, day: "2026-11-19", ...Z, sent: 2, bounced: 1 },
        { step: s1.id, variant: s1.variants[1]!, day: "2026-11-20", ...Z, opened: 1 },
        { step: s2.id, variant: s2.variants[0]!, day: "2026-11-20", ...Z, sent: 1, unsubscribed: 1 },
      ]),
    );
    const row = campaignRow(c);
    expect(row.stats).toEqual({ sent: 5, opened: 2, clicked: 1, replied: 1, bounced: 1, unsubscribed: 1 });
    expect(row.statsComputedAt).toBe(app.clock.now());
  });

  test("a recompute replaces the campaign's rows (nothing counted twice) and leaves version and updated_at alone", async () => {
    const w = app.newWorkspace();
    const { c, a1 } = story(w.id);
    await refreshCampaignStats(app.ctx, { campaignId: c.id });
    const before = campaignRow(c);
    event(c, a1, "opened", DAY3); // the same message again: still one open
    const b3 = message(c, 0, 1, DAY3);
    event(c, b3, "opened", DAY3);
    app.clock.advance(1000);
    await refreshCampaignStats(app.ctx, { workspaceId: w.id });
    const after = campaignRow(c);
    expect(after.stats).toEqual({ sent: 6, opened: 3, clicked: 1, replied: 1, bounced: 1, unsubscribed: 1 });
    expect(after.statsComputedAt).toBe(before.statsComputedAt! + 1000);
    expect([after.version, after.updatedAt]).toEqual([before.version, before.updatedAt]);
    expect(rollup(c).reduce((n, r) => n + r.sent, 0)).toBe(6);
  });

  test("a campaign larger than one read (10,000 messages): each message counted once, opens distinct across the whole campaign", async () => {
    const w = app.newWorkspace();
    const c = campaign(w.id, { variants: [1] });
    const [step, variant] = [c.steps[0]!.id, c.steps[0]!.variants[0]!];
    const insert = app.ctx.db.$client.prepare(
      `INSERT INTO messages (id, workspace_id, connection_id, sender_identity_id, campaign_id, step_id, variant_id, from_header, recipients, subject, headers, tracking, message_id_header, envelope_from, status, holds, released_holds, due_at, attempts, sent_at, created_at, updated_at)
       VALUES (?1, ?2, 'cnx_x', 'sid_x', ?3, ?4, ?5, 'a@b.test', '[]', 's', '{}', 1, ?1, ?1, 'sent', '[]', '[]', ?6, 1, ?6, ?6, ?6)`,
    );
    const ids: string[] = [];
    app.ctx.db.$client.transaction(() => {
      for (let i = 0; i < 10_003; i++) {
        const id = newId("msg");
        insert.run(id, w.id, c.id, step, variant, DAY1);
        ids.push(id);
      }
    })();
    // the first and the last message opened (in different reads), the last one twice
    for (const m of [ids[0]!, ids.at(-1)!, ids.at(-1)!]) event(c, m, "opened", DAY2);
    await refreshCampaignStats(app.ctx, { campaignId: c.id });
    expect(campaignRow(c).stats).toEqual({ ...Z, sent: 10_003, opened: 2 });
    expect(rollup(c)).toEqual(expect.arrayContaining([{ step, variant, day: "2026-11-18", ...Z, sent: 10_003 }, { step, variant, day: "2026-11-19", ...Z, opened: 2 }]));
  });

  test("a draft is never rolled up", async () => {
    const w = app.newWorkspace();
    const c = campaign(w.id, { status: "draft" });
    expect(await refreshCampaignStats(app.ctx, { campaignId: c.id })).toBe(0);
    expect(campaignRow(c).statsComputedAt).toBeNull();
  });

  test("a reply naming no step counts for its campaign only", async () => {
    const w = app.newWorkspace();
    const c = campaign(w.id);
    message(c, 0, 0, DAY1);
    reply(c, null, DAY2);
    await refreshCampaignStats(app.ctx, { campaignId: c.id });
    expect(campaignRow(c).stats).toEqual({ ...Z, sent: 1, replied: 1 });
    const a = (await w.api.get(`/v1/analytics?campaign_id=${c.id}`)).body;
    expect(a.campaigns[0]).toMatchObject({ sent: 1, replied: 1 });
    expect(a.campaigns[0].steps).toHaveLength(1);
    expect(a.campaigns[0].steps[0]).toMatchObject({ sent: 1, replied: 0 });
  });
});

describe("the periodic task campaigns.rollup", () => {
  test("runs every 30 seconds; recomputes live campaigns, and ended ones only when they changed", async () => {
    const task = periodicTasks.find((t) => t.name === "campaigns.rollup")!;
    expect(task.pattern).toBe("*/30 * * * * *");
    const w = app.newWorkspace();
    const live = campaign(w.id, { status: "active" });
    const ended = campaign(w.id, { status: "completed" });
    const quiet = campaign(w.id, { status: "completed" });
    const draft = campaign(w.id, { status: "draft" });
    const m = message(live, 0, 0, DAY1);
    const e = message(ended, 0, 0, DAY1);
    message(quiet, 0, 0, DAY1);
    message(draft, 0, 0, DAY1);
    app.clock.advance(1); // a change at the very millisecond of a run counts as newer (recomputed once more)

    // the first run of this process's task: every non-draft campaign (ids are per context, so other tests' runs do not count)
    await task.run(app.ctx, app.running.runner);
    for (const c of [live, ended, quiet]) expect(campaignRow(c).stats.sent).toBe(1);
    expect(campaignRow(draft).statsComputedAt).toBeNull();
    const first = app.clock.now();

    // later: a person opens the live campaign's and the ended campaign's messages; the quiet one has no news
    app.clock.advance(30_000);
    event(live, m, "opened", app.clock.now());
    event(ended, e, "opened", app.clock.now());
    reply(ended, e, app.clock.now());
    await task.run(app.ctx, app.running.runner);
    expect(campaignRow(live).stats).toMatchObject({ sent: 1, opened: 1 });
    expect(campaignRow(ended).stats).toMatchObject({ sent: 1, opened: 1, replied: 1 });
    expect(campaignRow(quiet).statsComputedAt).toBe(first);

    // an ended campaign changed since its figures (archived now) is recomputed too
    app.clock.advance(30_000);
    app.ctx.db.update(campaigns).set({ status: "archived", updatedAt: app.clock.now() }).where(eq(campaigns.id, quiet.id)).run();
    await task.run(app.ctx, app.running.runner);
    expect(campaignRow(quiet).statsComputedAt).toBe(app.clock.now());
  });
});

describe("variantResults", () => {
  test("a step's sent, human opens and clicks and replies per variant, for messages made since the revision", async () => {
    const w = app.newWorkspace();
    const c = campaign(w.id, { variants: [2] });
    const [A, B] = c.steps[0]!.variants as [string, string];
    const since = DAY2;
    // made before the revision: left out, even when opened afterwards
    const old = message(c, 0, 0, DAY1);
    event(c, old, "opened", DAY3);
    const a1 = message(c, 0, 0, DAY2);
    const a2 = message(c, 0, 0, DAY2 + 1);
    const b1 = message(c, 0, 1, DAY3);
    message(c, 0, 1, null, DAY3); // queued: not sent
    event(c, a1, "opened", DAY3);
    event(c, a1, "opened", DAY3 + 1);
    event(c, a1, "clicked", DAY3);
    event(c, a2, "opened", DAY3, true); // a machine
    event(c, b1, "clicked", DAY3, true); // a machine
    reply(c, b1, DAY3);
    reply(c, old, DAY3); // an answer to the old revision's message
    const r = await variantResultsOnReader(app.ctx, { stepId: c.steps[0]!.id, since });
    expect(Object.fromEntries(r)).toEqual({
      [A]: { sent: 2, opened: 1, clicked: 1, replied: 0 },
      [B]: { sent: 1, opened: 0, clicked: 0, replied: 1 },
    });
    // the main connection's read answers the same
    expect(variantResults(app.ctx, { stepId: c.steps[0]!.id, since })).toEqual(r);
    expect((await variantResultsOnReader(app.ctx, { stepId: newId("stp"), since })).size).toBe(0);
    expect(variantResults(app.ctx, { stepId: newId("stp"), since }).size).toBe(0);
  });
});

describe("GET /v1/analytics", () => {
  test("totals, campaigns, steps and variants with rates, from the roll-up", async () => {
    const w = app.newWorkspace();
    const { c, s1, s2 } = story(w.id);
    const other = campaign(w.id, { name: "Autumn follow-up", variants: [1] });
    message(other, 0, 0, DAY3);
    await refreshCampaignStats(app.ctx, { workspaceId: w.id });
    const r = await w.api.get("/v1/analytics");
    expectOk(r);
    expect(r.body).toMatchObject({ object: "analytics", from: null, to: null, computed_at: new Date(app.clock.now()).toISOString() });
    expect(r.body.totals).toEqual({ sent: 6, opened: 2, clicked: 1, replied: 1, bounced: 1, unsubscribed: 1, open_rate: 0.3333, click_rate: 0.1667, reply_rate: 0.1667, bounce_rate: 0.1667 });
    // newest first
    expect(r.body.campaigns.map((x: any) => x.campaign_id)).toEqual([other.id, c.id]);
    const mine = r.body.campaigns[1];
    expect(mine).toMatchObject({ name: "Spring outreach", sent: 5, opened: 2, open_rate: 0.4 });
    expect(mine.steps.map((s: any) => [s.step_id, s.position, s.name, s.sent])).toEqual([
      [s1.id, 0, "Step 1", 4],
      [s2.id, 1, "Step 2", 1],
    ]);
    expect(mine.steps[0].variants).toEqual([
      { variant_id: s1.variants[0], name: "Variant A", sent: 2, opened: 1, clicked: 1, replied: 1, bounced: 0, unsubscribed: 0, open_rate: 0.5, click_rate: 0.5, reply_rate: 0.5, bounce_rate: 0 },
      { variant_id: s1.variants[1], name: "Variant B", sent: 2, opened: 1, clicked: 0, replied: 0, bounced: 1, unsubscribed: 0, open_rate: 0.5, click_rate: 0, reply_rate: 0, bounce_rate: 0.5 },
    ]);
  });

  test("from and to (inclusive UTC days) and campaign_id filter the figures", async () => {
    const w = app.newWorkspace();
    const { c } = story(w.id);
    const other = campaign(w.id, { variants: [1] });
    message(other, 0, 0, DAY2);
    await refreshCampaignStats(app.ctx, { workspaceId: w.id });
    const day2 = (await w.api.get("/v1/analytics?from=2026-11-19&to=2026-11-19")).body;
    expect(day2).toMatchObject({ from: "2026-11-19", to: "2026-11-19" });
    expect(day2.totals).toMatchObject({ sent: 3, opened: 0, clicked: 1, replied: 1, bounced: 1 });
    const fromDay2 = (await w.api.get(`/v1/analytics?from=2026-11-19&campaign_id=${c.id}`)).body;
    expect(fromDay2.campaigns.map((x: any) => x.campaign_id)).toEqual([c.id]);
    expect(fromDay2.totals).toMatchObject({ sent: 3, opened: 1, unsubscribed: 1 });
    const toDay1 = (await w.api.get("/v1/analytics?to=2026-11-18")).body;
    expect(toDay1.totals).toMatchObject({ sent: 2, opened: 1 });
    // a range with no figures
    const empty = (await w.api.get("/v1/analytics?from=2025-01-01&to=2025-12-31")).body;
    expect(empty).toMatchObject({ totals: { sent: 0, open_rate: 0 }, campaigns: [], computed_at: null });
  });

  test("a range of 366 days is allowed", async () => {
    const { api } = app.newWorkspace();
    expectOk(await api.get("/v1/analytics?from=2024-01-01&to=2024-12-31"));
  });

  test("another workspace's figures never appear, nor those of the workspace's test-mode twin", async () => {
    const a = app.newWorkspace();
    const b = app.newWorkspace();
    const { c } = story(a.id);
    await refreshCampaignStats(app.ctx, { workspaceId: a.id });
    expect((await a.api.get("/v1/analytics")).body.totals.sent).toBe(5);
    for (const api of [b.api, a.testApi]) {
      for (const path of ["/v1/analytics", `/v1/analytics?campaign_id=${c.id}`]) {
        const r = await api.get(path);
        expectOk(r);
        expect(r.body.totals.sent).toBe(0);
        expect(r.text).not.toContain(c.id);
      }
    }
  });

  test("401 without a credential; 403 without analytics:read", async () => {
    const w = app.newWorkspace();
    expectProblem(await w.api.withToken(null).get("/v1/analytics"), 401, "unauthorized");
    const r = await apiWithScopes(app, w, ["campaigns:read"]).get("/v1/analytics");
    expectProblem(r, 403, "forbidden");
    expect(r.body.detail).toContain("analytics:read");
    expectOk(await apiWithScopes(app, w, ["analytics:read"]).get("/v1/analytics"));
  });

  test.each([
    ["from=2026-3-01", "?from", "format"],
    ["to=20261101", "?to", "format"],
    ["from=2026-02-30", "?from", "format"],
    ["from=2026-11-02&to=2026-11-01", "?from", "range"],
    ["from=2024-01-01&to=2025-01-01", "?to", "range"],
    ["campaign_id=cmp_nope", "?campaign_id", null],
  ])("422 for %s", async (query, pointer, code) => {
    const { api } = app.newWorkspace();
    const r = await api.get(`/v1/analytics?${query}`);
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors[0].pointer).toBe(pointer);
    if (code) expect(r.body.errors[0].code).toBe(code);
  });
});
