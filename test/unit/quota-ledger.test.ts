// Enforced quotas on a real appliance (real SQLite, the fake clock): the
// ledger's rolling 24 h and short windows with exact release times, charges
// once per message, refunds, provider pauses (version, connection health,
// lazy clearing, cool-offs) and the purge.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import type { Ctx } from "../../src/context";
import { events, quotaLedger, quotaScopes } from "../../src/db/schema";
import { periodicTasks } from "../../src/jobs/periodic";
import { newId } from "../../src/lib/ids";
import { archiveConnection, createConnection } from "../../src/modules/sending/connections";
import { transact } from "../../src/modules/events/outbox";
import { chargeQuota, DAY_MS, purgeQuotaLedger, refundQuota, type Charge, type ChargeResult } from "../../src/modules/sending/quota-ledger";
import { createQuotaScope, getQuotaScope, type Limits } from "../../src/modules/sending/quota-scopes";
import { DEFAULT_COOL_OFF_MS, pauseForAnswer, pauseScope } from "../../src/modules/sending/scope-pause";
import { startTestApp, type TestApp } from "../helpers/app";
import { uid } from "../helpers/factory";
import { expectOk } from "../helpers/http";

let app: TestApp;
let ctx: Ctx;
beforeAll(async () => {
  app = await startTestApp();
  ctx = app.ctx;
});
afterAll(() => app.close());

const MIN = 60_000;
const HOUR = 60 * MIN;

function scope(workspaceId: string, limits: Limits) {
  return createQuotaScope(ctx, { workspaceId, provider: "smtp", scopeKey: `relay-${uid()}:587`, limits });
}

/** A charge in its own transaction, as the MTA's step makes it. */
function charge(c: Omit<Charge, "messageId" | "recipients"> & { messageId?: string; recipients?: number }): ChargeResult & { messageId: string } {
  const messageId = c.messageId ?? newId("msg");
  const r = ctx.db.transaction((tx) => chargeQuota(ctx, tx, { recipients: 1, ...c, messageId }));
  return { ...r, messageId };
}

const ledgerRows = (quotaScopeId: string) => ctx.db.select().from(quotaLedger).where(eq(quotaLedger.quotaScopeId, quotaScopeId)).all();

describe("messages_per_day: a rolling 24 h", () => {
  test("a charge at t counts until t + 24 h, to the millisecond", () => {
    const w = app.newWorkspace();
    const s = scope(w.id, { messagesPerDay: 1 });
    const t = app.clock.now();
    expect(charge({ workspaceId: w.id, quotaScopeId: s.id, now: t })).toMatchObject({ ok: true });
    const refused = charge({ workspaceId: w.id, quotaScopeId: s.id, now: t + DAY_MS - 1 });
    expect(refused).toMatchObject({ ok: false, limit: "messages_per_day", until: t + DAY_MS });
    expect((refused as { detail: string }).detail).toContain("1 of 1 messages used in the last 24 h");
    expect(charge({ workspaceId: w.id, quotaScopeId: s.id, now: t + DAY_MS })).toMatchObject({ ok: true });
    expect(ledgerRows(s.id)).toHaveLength(2);
  });
});

describe("recipients_per_day", () => {
  test("counts each message's recipients; room returns when enough old charges leave, exactly", () => {
    const w = app.newWorkspace();
    const s = scope(w.id, { recipientsPerDay: 10 });
    const t = app.clock.now();
    const at = (offset: number, recipients: number) => charge({ workspaceId: w.id, quotaScopeId: s.id, now: t + offset, recipients });
    expect(at(0, 4).ok).toBe(true);
    expect(at(HOUR, 4).ok).toBe(true);
    // 8 used: 4 more is 2 too many; the first charge (4) leaving makes room
    expect(at(2 * HOUR, 4)).toMatchObject({ ok: false, limit: "recipients_per_day", until: t + DAY_MS });
    expect(at(2 * HOUR, 2).ok).toBe(true);
    // 10 used: 9 more needs the 4 of t, the 4 of t+1h and the 2 of t+2h gone
    expect(at(3 * HOUR, 9)).toMatchObject({ ok: false, limit: "recipients_per_day", until: t + 2 * HOUR + DAY_MS });
    expect(at(2 * HOUR + DAY_MS - 1, 9).ok).toBe(false);
    expect(at(2 * HOUR + DAY_MS, 9).ok).toBe(true);
  });

  test("a message larger than the limit by itself can never fit: until null, nothing charged", () => {
    const w = app.newWorkspace();
    const s = scope(w.id, { recipientsPerDay: 5 });
    const r = charge({ workspaceId: w.id, quotaScopeId: s.id, now: app.clock.now(), recipients: 10 });
    expect(r).toMatchObject({ ok: false, limit: "recipients_per_day", until: null });
    expect((r as { detail: string }).detail).toBe("The message alone needs 10 recipients, more than the 5 the quota scope allows per 24 h; it can never be sent under this scope.");
    expect(ledgerRows(s.id)).toEqual([]);
  });
});

describe("the short window", () => {
  test("requests: one per message (also when window_unit is unset)", () => {
    for (const windowUnit of ["requests", null] as const) {
      const w = app.newWorkspace();
      const s = scope(w.id, { windowLimit: 2, windowSeconds: 60, windowUnit });
      const t = app.clock.now();
      const at = (offset: number) => charge({ workspaceId: w.id, quotaScopeId: s.id, now: t + offset, recipients: 3 });
      expect(at(0).ok).toBe(true);
      expect(at(10_000).ok).toBe(true);
      expect(at(20_000)).toMatchObject({ ok: false, limit: "window", until: t + 60_000 });
      expect(at(59_999).ok).toBe(false);
      expect(at(60_000).ok).toBe(true);
      expect(at(60_001)).toMatchObject({ ok: false, limit: "window", until: t + 70_000 });
    }
  });

  test("recipients: the message's recipient count", () => {
    const w = app.newWorkspace();
    const s = scope(w.id, { windowLimit: 5, windowSeconds: 60, windowUnit: "recipients" });
    const t = app.clock.now();
    expect(charge({ workspaceId: w.id, quotaScopeId: s.id, now: t, recipients: 3 }).ok).toBe(true);
    expect(charge({ workspaceId: w.id, quotaScopeId: s.id, now: t + 1000, recipients: 3 })).toMatchObject({ ok: false, limit: "window", until: t + 60_000 });
    expect(charge({ workspaceId: w.id, quotaScopeId: s.id, now: t + 1000, recipients: 2 }).ok).toBe(true);
    expect(charge({ workspaceId: w.id, quotaScopeId: s.id, now: t + 2000, recipients: 6 })).toMatchObject({ ok: false, limit: "window", until: null });
  });

  test("units: what the caller passes, 1 by default", () => {
    const w = app.newWorkspace();
    const s = scope(w.id, { windowLimit: 10, windowSeconds: 60, windowUnit: "units" });
    const t = app.clock.now();
    expect(charge({ workspaceId: w.id, quotaScopeId: s.id, now: t, units: 6 }).ok).toBe(true);
    expect(charge({ workspaceId: w.id, quotaScopeId: s.id, now: t + 1000, units: 5 })).toMatchObject({ ok: false, limit: "window", until: t + 60_000 });
    expect(charge({ workspaceId: w.id, quotaScopeId: s.id, now: t + 1000 }).ok).toBe(true);
    expect(ledgerRows(s.id).map((r) => r.units)).toEqual([6, 1]);
  });

  test("over several limits, until is when all of them have room: the latest", () => {
    const w = app.newWorkspace();
    const s = scope(w.id, { recipientsPerDay: 4, windowLimit: 1, windowSeconds: 60 });
    const t = app.clock.now();
    expect(charge({ workspaceId: w.id, quotaScopeId: s.id, now: t, recipients: 3 }).ok).toBe(true);
    expect(charge({ workspaceId: w.id, quotaScopeId: s.id, now: t + 1000, recipients: 2 })).toMatchObject({ ok: false, limit: "recipients_per_day", until: t + DAY_MS });
    expect(charge({ workspaceId: w.id, quotaScopeId: s.id, now: t + 1000, recipients: 1 })).toMatchObject({ ok: false, limit: "window", until: t + 60_000 });
  });

  test("the limit named is the one whose room returns last, whichever is checked first", () => {
    const w = app.newWorkspace();
    const s = scope(w.id, { messagesPerDay: 2, recipientsPerDay: 10 });
    const t = app.clock.now();
    expect(charge({ workspaceId: w.id, quotaScopeId: s.id, now: t, recipients: 1 }).ok).toBe(true);
    expect(charge({ workspaceId: w.id, quotaScopeId: s.id, now: t + HOUR, recipients: 9 }).ok).toBe(true);
    // messages: room when the first leaves; recipients (2 more): only when the second leaves too
    expect(charge({ workspaceId: w.id, quotaScopeId: s.id, now: t + 2 * HOUR, recipients: 2 })).toMatchObject({ ok: false, limit: "recipients_per_day", until: t + HOUR + DAY_MS });
  });
});

describe("once per message", () => {
  test("charging the same message again is a no-op that answers ok, even with no room left", () => {
    const w = app.newWorkspace();
    const s = scope(w.id, { messagesPerDay: 1 });
    const t = app.clock.now();
    const first = charge({ workspaceId: w.id, quotaScopeId: s.id, now: t, recipients: 2 });
    expect(charge({ workspaceId: w.id, quotaScopeId: s.id, now: t + 5 * MIN, messageId: first.messageId, recipients: 2 }).ok).toBe(true);
    expect(charge({ workspaceId: w.id, quotaScopeId: s.id, now: t + 5 * MIN }).ok).toBe(false);
    expect(ledgerRows(s.id)).toHaveLength(1);
  });

  test("a refund gives the charge back once", () => {
    const w = app.newWorkspace();
    const s = scope(w.id, { messagesPerDay: 1 });
    const t = app.clock.now();
    const first = charge({ workspaceId: w.id, quotaScopeId: s.id, now: t });
    expect(ctx.db.transaction((tx) => refundQuota(ctx, tx, first.messageId))).toBe(true);
    expect(ctx.db.transaction((tx) => refundQuota(ctx, tx, first.messageId))).toBe(false);
    expect(charge({ workspaceId: w.id, quotaScopeId: s.id, now: t + 1 }).ok).toBe(true);
  });

  test("a scope with no limits charges every message and refuses none", () => {
    const w = app.newWorkspace();
    const s = scope(w.id, {});
    for (let i = 0; i < 3; i++) expect(charge({ workspaceId: w.id, quotaScopeId: s.id, now: app.clock.now(), recipients: 50 }).ok).toBe(true);
    expect(ledgerRows(s.id)).toHaveLength(3);
  });
});

describe("the running tallies", () => {
  // The ledger read the slow, obvious way: every row of the scope, in JS.
  function reference(quotaScopeId: string, limits: { day: number; dayRecipients: number; window: number; windowMs: number }, recipients: number, now: number) {
    const rows = ledgerRows(quotaScopeId).sort((x, y) => x.chargedAt - y.chargedAt || x.id - y.id);
    const checks = [
      { limit: "messages_per_day", cap: limits.day, ms: DAY_MS, amount: (r: { messages: number }) => r.messages, charge: 1 },
      { limit: "recipients_per_day", cap: limits.dayRecipients, ms: DAY_MS, amount: (r: { recipients: number }) => r.recipients, charge: recipients },
      { limit: "window", cap: limits.window, ms: limits.windowMs, amount: (r: { recipients: number }) => r.recipients, charge: recipients },
    ];
    let worst: { limit: string; until: number | null } | null = null;
    for (const k of checks) if (k.charge > k.cap) return { ok: false, limit: k.limit, until: null };
    for (const k of checks) {
      const inside = rows.filter((r) => r.chargedAt > now - k.ms);
      const excess = inside.reduce((n, r) => n + k.amount(r), 0) + k.charge - k.cap;
      if (excess <= 0) continue;
      let freed = 0;
      const row = inside.find((r) => (freed += k.amount(r)) >= excess)!;
      if (!worst || worst.until! < row.chargedAt + k.ms) worst = { limit: k.limit, until: row.chargedAt + k.ms };
    }
    return worst ? { ok: false, ...worst } : { ok: true };
  }

  test("agree with the ledger through charges, retries, refunds, time passing and the purge", async () => {
    const w = app.newWorkspace();
    const limits = { day: 40, dayRecipients: 100, window: 6, windowMs: 300_000 };
    const s = scope(w.id, { messagesPerDay: limits.day, recipientsPerDay: limits.dayRecipients, windowLimit: limits.window, windowSeconds: 300, windowUnit: "recipients" });
    let seed = 12345;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const charged: string[] = [];
    let now = app.clock.now();
    let refused = 0;
    for (let step = 0; step < 1500; step++) {
      now += random() < 0.9 ? Math.floor(random() * 10_000) : Math.floor(random() * 6 * HOUR);
      app.clock.set(now);
      const op = random();
      if (op < 0.08 && charged.length) {
        const [id] = charged.splice(Math.floor(random() * charged.length), 1);
        ctx.db.transaction((tx) => refundQuota(ctx, tx, id!));
      } else if (op < 0.11) {
        await purgeQuotaLedger(ctx);
      } else if (op < 0.15 && charged.length) {
        expect(charge({ workspaceId: w.id, quotaScopeId: s.id, now, messageId: charged[charged.length - 1], recipients: 3 }).ok).toBe(true);
      } else {
        const recipients = 1 + Math.floor(random() * 5);
        const want = reference(s.id, limits, recipients, now);
        const got = charge({ workspaceId: w.id, quotaScopeId: s.id, now, recipients });
        expect({ step, ok: got.ok, limit: (got as any).limit, until: (got as any).until }).toEqual({ step, ok: want.ok, limit: (want as any).limit, until: (want as any).until });
        if (got.ok) charged.push(got.messageId);
        else refused++;
      }
    }
    expect(refused).toBeGreaterThan(100);
    expect(charged.length).toBeGreaterThan(150);
  });

  test("a refund is seen by the next charge at once", () => {
    const w = app.newWorkspace();
    const s = scope(w.id, { messagesPerDay: 2 });
    const t = app.clock.now();
    expect(charge({ workspaceId: w.id, quotaScopeId: s.id, now: t }).ok).toBe(true);
    const second = charge({ workspaceId: w.id, quotaScopeId: s.id, now: t + 1000 });
    expect(charge({ workspaceId: w.id, quotaScopeId: s.id, now: t + 1500 }).ok).toBe(false);
    ctx.db.transaction((tx) => refundQuota(ctx, tx, second.messageId));
    expect(charge({ workspaceId: w.id, quotaScopeId: s.id, now: t + 3000 }).ok).toBe(true);
  });

  test("rows the purge removed are not counted by the next charge", async () => {
    const w = app.newWorkspace();
    const s = scope(w.id, { messagesPerDay: 2 });
    const t = app.clock.now();
    expect(charge({ workspaceId: w.id, quotaScopeId: s.id, now: t }).ok).toBe(true);
    expect(charge({ workspaceId: w.id, quotaScopeId: s.id, now: t + DAY_MS - 30_000 }).ok).toBe(true);
    app.clock.set(t + DAY_MS + 10_000);
    await purgeQuotaLedger(ctx);
    expect(ledgerRows(s.id)).toHaveLength(1);
    expect(charge({ workspaceId: w.id, quotaScopeId: s.id, now: t + DAY_MS + 20_000 }).ok).toBe(true);
  });

  test("charges of a transaction that rolled back are not counted, and the ids they leave free are", () => {
    const w = app.newWorkspace();
    const s = scope(w.id, { recipientsPerDay: 10 });
    const t = app.clock.now();
    expect(() =>
      ctx.db.transaction((tx) => {
        for (let i = 0; i < 3; i++) expect(chargeQuota(ctx, tx, { workspaceId: w.id, quotaScopeId: s.id, messageId: newId("msg"), recipients: 1, now: t }).ok).toBe(true);
        throw new Error("the batch failed");
      }),
    ).toThrow("the batch failed");
    expect(charge({ workspaceId: w.id, quotaScopeId: s.id, now: t + 1000, recipients: 5 }).ok).toBe(true);
    expect(charge({ workspaceId: w.id, quotaScopeId: s.id, now: t + 2000, recipients: 5 }).ok).toBe(true);
    expect(charge({ workspaceId: w.id, quotaScopeId: s.id, now: t + 3000, recipients: 1 })).toMatchObject({ ok: false, limit: "recipients_per_day" });
  });

  test("a charge whose transaction rolls back leaves nothing behind", () => {
    const w = app.newWorkspace();
    const s = scope(w.id, { messagesPerDay: 1 });
    const t = app.clock.now();
    expect(() =>
      ctx.db.transaction((tx) => {
        chargeQuota(ctx, tx, { workspaceId: w.id, quotaScopeId: s.id, messageId: newId("msg"), recipients: 1, now: t });
        throw new Error("the send step failed");
      }),
    ).toThrow("the send step failed");
    expect(ledgerRows(s.id)).toEqual([]);
    expect(charge({ workspaceId: w.id, quotaScopeId: s.id, now: t + 1000 }).ok).toBe(true);
  });
});

describe("tenant isolation", () => {
  test("another workspace's scope is no scope: nothing read, nothing charged, nothing paused", () => {
    const a = app.newWorkspace();
    const b = app.newWorkspace();
    const s = scope(a.id, { messagesPerDay: 1 });
    const t = app.clock.now();
    expect(charge({ workspaceId: a.id, quotaScopeId: s.id, now: t }).ok).toBe(true);
    // B naming A's full scope is answered as if the scope did not exist, and A's ledger is untouched
    expect(charge({ workspaceId: b.id, quotaScopeId: s.id, now: t })).toMatchObject({ ok: true });
    expect(ledgerRows(s.id)).toHaveLength(1);
    expect(transact(ctx, (tx, outbox) => pauseScope(ctx, tx, outbox, { workspaceId: b.id, quotaScopeId: s.id, until: t + HOUR, detail: "421 slow down" }))).toBeNull();
    expect(getQuotaScope(ctx, { workspaceId: a.id, id: s.id }).pausedUntil).toBeNull();
    expect(ctx.db.transaction((tx) => chargeQuota(ctx, tx, { workspaceId: a.id, quotaScopeId: s.id, messageId: newId("msg"), recipients: 1, now: t })).ok).toBe(false);
  });

  test("a workspace's charges never count against another's scope", () => {
    const a = app.newWorkspace();
    const b = app.newWorkspace();
    const sa = scope(a.id, { messagesPerDay: 1 });
    const sb = scope(b.id, { messagesPerDay: 1 });
    const t = app.clock.now();
    expect(charge({ workspaceId: a.id, quotaScopeId: sa.id, now: t }).ok).toBe(true);
    expect(charge({ workspaceId: b.id, quotaScopeId: sb.id, now: t }).ok).toBe(true);
  });
});

function smtpConnection(workspaceId: string, quotaScopeId: string) {
  return createConnection(ctx, {
    workspaceId,
    kind: "smtp",
    name: "Ada's mailbox",
    smtp: { host: "smtp.example.com", port: 587, tls: "starttls", username: `ada-${uid()}`, password: "secret" },
    quotaScopeId,
  }).connection;
}

const healthEvents = (workspaceId: string) =>
  ctx.db
    .select()
    .from(events)
    .where(and(eq(events.workspaceId, workspaceId), eq(events.type, "connection.health_changed")))
    .all()
    .map((e) => e.data as { id: string; health: { status: string; detail: string | null } });

describe("provider pauses", () => {
  test("a pause refuses every charge, retries included, until it ends; then it clears itself once", () => {
    const w = app.newWorkspace();
    const s = scope(w.id, { messagesPerDay: 100 });
    const t = app.clock.now();
    const retried = charge({ workspaceId: w.id, quotaScopeId: s.id, now: t });
    const paused = transact(ctx, (tx, outbox) => pauseScope(ctx, tx, outbox, { workspaceId: w.id, quotaScopeId: s.id, until: t + 10 * MIN, detail: "421 4.7.0 Try again later" }))!;
    expect(paused).toMatchObject({ pausedUntil: t + 10 * MIN, pausedDetail: "421 4.7.0 Try again later" });
    expect(paused.version).toBeGreaterThan(s.version);

    const refused = charge({ workspaceId: w.id, quotaScopeId: s.id, now: t + 10 * MIN - 1 });
    expect(refused).toMatchObject({ ok: false, limit: "paused", until: t + 10 * MIN });
    expect((refused as { detail: string }).detail).toBe(`The provider paused this quota scope until ${new Date(t + 10 * MIN).toISOString()}: 421 4.7.0 Try again later`);
    expect(charge({ workspaceId: w.id, quotaScopeId: s.id, now: t + MIN, messageId: retried.messageId })).toMatchObject({ ok: false, limit: "paused" });

    expect(charge({ workspaceId: w.id, quotaScopeId: s.id, now: t + 10 * MIN }).ok).toBe(true);
    const cleared = getQuotaScope(ctx, { workspaceId: w.id, id: s.id });
    expect(cleared).toMatchObject({ pausedUntil: null, pausedDetail: null });
    expect(cleared.version).toBeGreaterThan(paused.version);
    expect(charge({ workspaceId: w.id, quotaScopeId: s.id, now: t + 11 * MIN }).ok).toBe(true);
    expect(getQuotaScope(ctx, { workspaceId: w.id, id: s.id }).version).toBe(cleared.version);
  });

  test("the pause shows on the quota scope, its ETag moved", async () => {
    const w = app.newWorkspace();
    const s = scope(w.id, {});
    const before = await w.api.get(`/v1/quota_scopes/${s.id}`);
    const until = app.clock.now() + 15 * MIN;
    transact(ctx, (tx, outbox) => pauseScope(ctx, tx, outbox, { workspaceId: w.id, quotaScopeId: s.id, until, detail: "421 4.7.0 Try again later" }));
    const after = await w.api.get(`/v1/quota_scopes/${s.id}`);
    expectOk(after);
    expect(after.body).toMatchObject({ paused_until: new Date(until).toISOString(), paused_detail: "421 4.7.0 Try again later" });
    expect(after.body.version).toBeGreaterThan(before.body.version);
    expect(after.headers.get("etag")).toBe(`"${after.body.version}"`);
  });

  test("every connection of the scope that still sends turns degraded with the provider's text (connection.health_changed), once", () => {
    const w = app.newWorkspace();
    const s = scope(w.id, {});
    const other = scope(w.id, {});
    const c1 = smtpConnection(w.id, s.id);
    const c2 = smtpConnection(w.id, s.id);
    const gone = smtpConnection(w.id, s.id);
    archiveConnection(ctx, { workspaceId: w.id, id: gone.id });
    const elsewhere = smtpConnection(w.id, other.id);
    const before = healthEvents(w.id).length;
    const until = app.clock.now() + 15 * MIN;
    const detail = "421 4.7.0 Too many\r\nconnections from your IP";
    transact(ctx, (tx, outbox) => pauseScope(ctx, tx, outbox, { workspaceId: w.id, quotaScopeId: s.id, until, detail }));
    const emitted = healthEvents(w.id).slice(before);
    expect(emitted.map((e) => e.id).sort()).toEqual([c1.id, c2.id].sort());
    for (const e of emitted) expect(e.health).toMatchObject({ status: "degraded", detail: "421 4.7.0 Too many connections from your IP" });
    expect(emitted.map((e) => e.id)).not.toContain(elsewhere.id);

    // the same pause again changes nothing and emits nothing
    const version = getQuotaScope(ctx, { workspaceId: w.id, id: s.id }).version;
    transact(ctx, (tx, outbox) => pauseScope(ctx, tx, outbox, { workspaceId: w.id, quotaScopeId: s.id, until, detail }));
    expect(healthEvents(w.id)).toHaveLength(before + 2);
    expect(getQuotaScope(ctx, { workspaceId: w.id, id: s.id }).version).toBe(version);

    // an earlier end never shortens a pause in force
    transact(ctx, (tx, outbox) => pauseScope(ctx, tx, outbox, { workspaceId: w.id, quotaScopeId: s.id, until: until - 10 * MIN, detail }));
    expect(getQuotaScope(ctx, { workspaceId: w.id, id: s.id }).pausedUntil).toBe(until);
  });
});

describe("pauseForAnswer: how long", () => {
  const answer = (text: string) => ({ code: 421, enhanced: "4.7.0", text });
  const pause = (workspaceId: string, quotaScopeId: string, text: string) =>
    transact(ctx, (tx, outbox) => pauseForAnswer(ctx, tx, outbox, { workspaceId, quotaScopeId, answer: answer(text) }))!;

  test("the retry time the answer states", () => {
    const w = app.newWorkspace();
    const s = scope(w.id, {});
    const r = pause(w.id, s.id, "Throttled: try again in 5 minutes");
    expect(r.until).toBe(app.clock.now() + 5 * MIN);
    expect(r.scope.pausedDetail).toBe("421 4.7.0 Throttled: try again in 5 minutes");
  });

  test("otherwise 15 minutes, doubling while the provider throttles again within the hour, back to 15 after a quiet hour", () => {
    const w = app.newWorkspace();
    const s = scope(w.id, {});
    const t0 = app.clock.now();
    expect(pause(w.id, s.id, "Try again later").until).toBe(t0 + DEFAULT_COOL_OFF_MS);
    // another message in flight answers the same while paused: the same pause
    app.clock.set(t0 + 5 * MIN);
    expect(pause(w.id, s.id, "Try again later, still").until).toBe(t0 + 15 * MIN);
    expect(getQuotaScope(ctx, { workspaceId: w.id, id: s.id }).pausedDetail).toBe("421 4.7.0 Try again later");
    // throttled again once it ended: 30, then 60 minutes
    app.clock.set(t0 + 15 * MIN);
    expect(pause(w.id, s.id, "Try again later").until).toBe(t0 + 45 * MIN);
    app.clock.set(t0 + 50 * MIN);
    expect(pause(w.id, s.id, "Try again later").until).toBe(t0 + 110 * MIN);
    // a quiet hour after that pause ended: 15 minutes again
    app.clock.set(t0 + 110 * MIN + HOUR);
    expect(pause(w.id, s.id, "Try again later").until).toBe(t0 + 110 * MIN + HOUR + 15 * MIN);
  });

  test("the whole reply as text: its codes shown once", () => {
    const w = app.newWorkspace();
    const s = scope(w.id, {});
    const r = transact(ctx, (tx, outbox) =>
      pauseForAnswer(ctx, tx, outbox, { workspaceId: w.id, quotaScopeId: s.id, answer: { code: 451, enhanced: "4.7.500", text: "451 4.7.500 Server busy. Please try again later" } }),
    )!;
    expect(r.scope.pausedDetail).toBe("451 4.7.500 Server busy. Please try again later");
  });
});

describe("purge", () => {
  function row(workspaceId: string, quotaScopeId: string, chargedAt: number) {
    return { workspaceId, quotaScopeId, messageId: newId("msg"), messages: 1, recipients: 1, units: 1, chargedAt };
  }

  test("removes what no limit counts any more, in slices; keeps a longer window's rows; empties a deleted scope's ledger", async () => {
    const w = app.newWorkspace();
    const daily = scope(w.id, { messagesPerDay: 10 });
    const weekly = scope(w.id, { windowLimit: 100, windowSeconds: 7 * 86_400 });
    const deletedId = newId("qsc");
    const now = app.clock.now();
    const old = Array.from({ length: 4500 }, () => row(w.id, daily.id, now - DAY_MS - 1));
    for (let i = 0; i < old.length; i += 500) ctx.db.insert(quotaLedger).values(old.slice(i, i + 500)).run();
    ctx.db.insert(quotaLedger).values([
      row(w.id, daily.id, now - DAY_MS + 1),
      row(w.id, weekly.id, now - 2 * DAY_MS),
      row(w.id, weekly.id, now - 7 * DAY_MS - 1),
      row(w.id, deletedId, now),
    ]).run();
    expect(ctx.db.select().from(quotaScopes).where(eq(quotaScopes.id, deletedId)).all()).toEqual([]);

    const removed = await purgeQuotaLedger(ctx);
    expect(removed).toBeGreaterThanOrEqual(4502);
    expect(ledgerRows(daily.id).map((r) => r.chargedAt)).toEqual([now - DAY_MS + 1]);
    expect(ledgerRows(weekly.id).map((r) => r.chargedAt)).toEqual([now - 2 * DAY_MS]);
    expect(ledgerRows(deletedId)).toEqual([]);
  });

  test("runs every 10 minutes as a periodic task", async () => {
    const task = periodicTasks.find((t) => t.name === "quota-ledger.purge")!;
    expect(task.pattern).toBe("0 */10 * * * *");
    const w = app.newWorkspace();
    const s = scope(w.id, {});
    ctx.db.insert(quotaLedger).values(row(w.id, s.id, app.clock.now() - DAY_MS)).run();
    await task.run(ctx, app.running.runner);
    expect(ledgerRows(s.id)).toEqual([]);
  });
});
