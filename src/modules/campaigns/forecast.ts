// The forecast: when each step of each live enrollment would go out, given
// the windows, time zones, caps, ramps, gaps, quotas and cooldowns as they
// stand — without sending or writing anything. It replays the scheduler:
// the same decision (plan.ts) over an in-memory copy of the pacing ledger,
// moving a simulated clock from one due moment to the next, each message
// sent at its slot and the next step due `delay_seconds` later. So for a
// campaign left alone it is what the scheduler then does.
//
// What it cannot know: replies, bounces and other evidence to come, content
// that will fail to render, the MTA's own holds and the receiving servers'
// answers, and what other campaigns will reserve from the same senders later.
// The simulation yields the event loop every few milliseconds and reads its
// rows in slices: a 100,000-person forecast never stalls a request.
import type { Ctx } from "../../context";
import { notFound } from "../../lib/errors";
import type { Forecast, ForecastSend } from "../../representations/forecast";
import { loadCampaign } from "./campaign-status";
import { MemoryPaceBook } from "./pace-book";
import { DAY_MS, dayName, dayOf } from "./pacing";
import { planEnrollment, type PlanContext } from "./plan";
import { loadPool } from "./pool";
import { zoneFor, type StepRow } from "./rows";
import { dueAfter } from "./schedule";

/** The simulation stops here: whatever has not gone by then is reported unserved. */
export const FORECAST_HORIZON_DAYS = 400;

interface SimEnrollment {
  rowid: number;
  id: string;
  personId: string;
  position: number;
  nextRunAt: number | null;
  senderIdentityId: string | null;
  tz: string;
  sends: ForecastSend[] | null;
}

interface Row {
  rowid: number;
  id: string;
  person_id: string;
  position: number;
  status: string;
  /** An out-of-office's pause: it resumes by itself then. */
  paused_until: number | null;
  next_run_at: number | null;
  sender_identity_id: string | null;
  timezone: string | null;
  m_status: string | null;
  m_due: number | null;
  m_step: string | null;
}

// read in keyset slices on the main connection (each a few milliseconds, the loop yielded between):
// no copy of 100,000 rows between threads; the person's zone only when the window is read in it
const rowsSql = (recipientZone: boolean) =>
  `SELECT e.rowid AS rowid, e.id, e.person_id, e.position, e.status, e.paused_until, e.next_run_at, e.sender_identity_id,
          ${recipientZone ? "(SELECT timezone FROM people p WHERE p.id = e.person_id)" : "NULL"} AS timezone,
          m.status AS m_status, m.due_at AS m_due, m.step_id AS m_step
     FROM enrollments e LEFT JOIN messages m ON m.id = e.message_id AND e.next_run_at IS NULL
    WHERE e.workspace_id = ?1 AND e.campaign_id = ?2 AND e.id > ?3 AND e.status IN ('active', 'paused')
    ORDER BY e.id LIMIT ${READ_SLICE}`;
const READ_SLICE = 5_000;

async function readRows(ctx: Ctx, workspaceId: string, campaignId: string, recipientZone: boolean): Promise<Row[]> {
  const stmt = ctx.db.$client.prepare<Row, [string, string, string]>(rowsSql(recipientZone));
  const rows: Row[] = [];
  for (let after = ""; ; ) {
    const slice = stmt.all(workspaceId, campaignId, after);
    for (const r of slice) rows.push(r);
    if (slice.length < READ_SLICE) return rows;
    after = slice.at(-1)!.id;
    await new Promise((r) => setImmediate(r));
  }
}

/** A min-heap of items ordered by (at, rowid); the keys live in plain number arrays beside the items (no property reads while sifting). */
class Queue<T extends { at: number; rowid: number }> {
  private items: T[] = [];
  private ats: number[] = [];
  private rowids: number[] = [];
  peek(): T | undefined {
    return this.items[0];
  }
  private before(i: number, at: number, rowid: number): boolean {
    const a = this.ats[i]!;
    return a < at || (a === at && this.rowids[i]! < rowid);
  }
  private put(i: number, x: T, at: number, rowid: number): void {
    this.items[i] = x;
    this.ats[i] = at;
    this.rowids[i] = rowid;
  }
  private move(to: number, from: number): void {
    this.put(to, this.items[from]!, this.ats[from]!, this.rowids[from]!);
  }
  push(x: T): void {
    const { at, rowid } = x;
    let i = this.items.length;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!(at < this.ats[p]! || (at === this.ats[p]! && rowid < this.rowids[p]!))) break;
      this.move(i, p);
      i = p;
    }
    this.put(i, x, at, rowid);
  }
  pop(): T | undefined {
    const n = this.items.length - 1;
    if (n < 0) return undefined;
    const top = this.items[0];
    const last = this.items[n]!;
    const at = this.ats[n]!;
    const rowid = this.rowids[n]!;
    this.items.length = this.ats.length = this.rowids.length = n;
    if (n === 0) return top;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const c = r < n && this.before(r, this.ats[l]!, this.rowids[l]!) ? r : l;
      if (!this.before(c, at, rowid)) break;
      this.move(i, c);
      i = c;
    }
    this.put(i, last, at, rowid);
    return top;
  }
}

type Due = { at: number; rowid: number; e: SimEnrollment };
type Send = { at: number; rowid: number; e: SimEnrollment; step: StepRow; identityId: string };

export async function forecastCampaign(ctx: Ctx, a: { workspaceId: string; id: string; limit?: number }): Promise<Forecast> {
  const loaded = loadCampaign(ctx, { workspaceId: a.workspaceId, id: a.id });
  if (!loaded) throw notFound("campaign");
  const { campaign, steps } = loaded;
  const now = ctx.clock.now();
  const limit = a.limit ?? 100;
  const rows = await readRows(ctx, a.workspaceId, a.id, campaign.schedule.timezoneSource === "recipient");
  const pool = loadPool(ctx, a.workspaceId, campaign.senders, now);
  const book = new MemoryPaceBook(ctx);
  const plan: PlanContext = { steps, pool, onSenderRemoved: campaign.senders.onSenderRemoved, window: campaign.schedule.sendWindow, now, book };
  const window = campaign.schedule.sendWindow;
  const out: Forecast = {
    campaignId: campaign.id,
    computedAt: now,
    enrollments: rows.length,
    sends: 0,
    firstSendAt: null,
    lastSendAt: null,
    days: [],
    steps: steps.map((s) => ({ stepId: s.id, position: s.position, sends: 0, firstAt: null, lastAt: null })),
    unserved: [],
    unservedCount: 0,
    schedule: [],
    scheduleTruncated: rows.length > limit,
  };
  const unserved = (e: { id: string; personId: string }, reason: string, detail: string) => {
    out.unservedCount++;
    if (out.unserved.length < 100) out.unserved.push({ enrollmentId: e.id, personId: e.personId, reason, detail });
  };

  const dueQ = new Queue<Due>();
  const sendQ = new Queue<Send>();
  const stepById = new Map(steps.map((s) => [s.id, s]));
  for (const [i, r] of rows.entries()) {
    const e: SimEnrollment = { rowid: r.rowid, id: r.id, personId: r.person_id, position: r.position, nextRunAt: r.next_run_at, senderIdentityId: r.sender_identity_id, tz: zoneFor(campaign.schedule, r.timezone), sends: i < limit ? [] : null };
    if (e.sends) out.schedule.push({ enrollmentId: e.id, personId: e.personId, sends: e.sends });
    // paused by an out-of-office, it goes on by itself once the person is back: its message is held, its next step not due, until then
    const back = r.status === "paused" ? r.paused_until : null;
    if (r.status === "paused" && back === null) unserved(e, "paused", "the enrollment is paused");
    else if (r.m_status === "uncertain") unserved(e, "message_uncertain", "its message is uncertain: resolve it first");
    else if ((r.m_status === "queued" || r.m_status === "sending") && r.m_step && stepById.has(r.m_step) && e.senderIdentityId) {
      sendQ.push({ at: Math.max(r.m_due ?? now, now, back ?? now), rowid: r.rowid, e, step: stepById.get(r.m_step)!, identityId: e.senderIdentityId });
    } else if (e.nextRunAt !== null) dueQ.push({ at: Math.max(e.nextRunAt, back ?? e.nextRunAt), rowid: e.rowid, e });
  }

  const perDay = new Map<number, Map<string, number>>();
  const horizon = now + FORECAST_HORIZON_DAYS * DAY_MS;
  let sliceStart = performance.now();
  let t = now;
  // the pool is full until then (plan.ts `full`): the campaign rests, as the scheduler's tick does
  let restUntil = campaign.pacedUntil ?? -Infinity;
  for (;;) {
    // the scheduler's tick at t: every enrollment due by then, soonest first
    while (t >= restUntil && dueQ.peek() && dueQ.peek()!.at <= t) {
      const due = dueQ.pop()!;
      const { e } = due;
      const p = planEnrollment({ id: e.id, position: e.position, nextRunAt: e.nextRunAt!, senderIdentityId: e.senderIdentityId }, e.tz, { ...plan, now: t });
      if (p.kind === "full") {
        restUntil = p.until;
        dueQ.push(due);
        break;
      }
      if (p.kind === "make") {
        e.senderIdentityId = p.member.identityId;
        e.nextRunAt = null;
        sendQ.push({ at: p.at, rowid: e.rowid, e, step: p.step, identityId: p.member.identityId });
      } else if (p.kind === "end") {
        if (p.status === "stopped") unserved(e, "stopped", p.detail ?? "stopped");
      } else if (p.hold === "no_sender" || p.hold === "sender_unavailable") {
        // nothing changes in a simulation: it would wait for ever
        unserved(e, p.hold, p.detail ?? p.hold);
      } else if (p.nextRunAt > horizon) {
        unserved(e, p.hold ?? "no_room", `nothing goes within ${FORECAST_HORIZON_DAYS} days: ${p.detail ?? "no slot"}`);
      } else {
        e.nextRunAt = p.nextRunAt;
        if (p.waitingFor) e.senderIdentityId = p.waitingFor;
        dueQ.push({ at: p.nextRunAt, rowid: e.rowid, e });
      }
    }
    // the MTA at t: every message due by then leaves now; its enrollment's next step is due a delay later
    while (sendQ.peek() && sendQ.peek()!.at <= t) {
      const s = sendQ.pop()!;
      record(out, perDay, s, t);
      const next = steps[s.e.position];
      if (!next) continue;
      s.e.position++;
      s.e.nextRunAt = dueAfter(t, next.delaySeconds, window, s.e.tz);
      dueQ.push({ at: s.e.nextRunAt, rowid: s.e.rowid, e: s.e });
    }
    const next = Math.min(Math.max(dueQ.peek()?.at ?? Infinity, restUntil), sendQ.peek()?.at ?? Infinity);
    if (!Number.isFinite(next)) break;
    t = Math.max(t, next);
    if (performance.now() - sliceStart > 10) {
      await new Promise((r) => setImmediate(r));
      sliceStart = performance.now();
    }
  }
  out.days = [...perDay.entries()]
    .sort((x, y) => x[0] - y[0])
    .map(([day, ids]) => ({ day: dayName(day), total: [...ids.values()].reduce((s, n) => s + n, 0), identities: [...ids].map(([identityId, count]) => ({ identityId, count })) }));
  return out;
}

function record(out: Forecast, perDay: Map<number, Map<string, number>>, s: Send, at: number): void {
  out.sends++;
  out.firstSendAt ??= at;
  out.lastSendAt = at;
  const st = out.steps.find((x) => x.stepId === s.step.id);
  if (st) {
    st.sends++;
    st.firstAt ??= at;
    st.lastAt = at;
  }
  const day = dayOf(at);
  let ids = perDay.get(day);
  if (!ids) perDay.set(day, (ids = new Map()));
  ids.set(s.identityId, (ids.get(s.identityId) ?? 0) + 1);
  s.e.sends?.push({ stepId: s.step.id, position: s.step.position, at, identityId: s.identityId });
}
