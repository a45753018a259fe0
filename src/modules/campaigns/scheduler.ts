// The campaign scheduler's tick: for each active campaign, its due
// enrollments (the partial index enrollments_due_idx, soonest first — never a
// row that is not due) are planned (plan.ts: sender, slot, pacing), their
// messages made (templates, AI snippets) and written in one transaction per
// batch with the pacing they reserved. Enrollments that cannot go now are
// deferred to when they can; a campaign whose pool cannot send gets
// `last_error: no_sender`, one whose content cannot render `invalid`.
import { eq } from "drizzle-orm";
import type { Ctx } from "../../context";
import { preparedOnce } from "../../db/prepared";
import { campaigns, type CampaignError } from "../../db/schema";
import { DomainError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { messageView } from "../../representations/message";
import { transact, type Outbox } from "../events/outbox";
import type { MessageInput } from "../messages/message-input";
import { resumeOutOfOffice } from "../inbox/out-of-office";
import { afterQueued, insertCampaignMessage, type MessageRow } from "../messages/messages";
import { makeMessage, type PersonData, type Previous } from "./campaign-message";
import { liveStepsOf, setCampaignStatus } from "./campaign-status";
import { endEnrollments, ENROLLMENT_COLUMNS } from "./enrollment-end";
import { DbPaceBook } from "./pace-book";
import { release, type PoolMember } from "./pacing";
import { FULL_RECHECK_MS, planEnrollment, type Plan } from "./plan";
import { loadPool, noSenderDetail, overQuotaDetail } from "./pool";
import { zoneFor, type CampaignRow, type EnrollmentRow, type StepRow, type VariantRow } from "./rows";
import { snippetsFor } from "./snippets";
import { allocate } from "./variants";
import { decideWinners } from "./winner";

/** Enrollments planned per batch: one transaction and one synchronous stretch (rendering included) within the event loop's ~50 ms budget. */
export const BATCH = 100;
/** An enrollment whose content cannot be rendered looks again after this (the campaign may be fixed meanwhile). */
export const INVALID_RETRY_MS = 60 * 60_000;

export interface DueRow extends EnrollmentRow {
  email: string | null;
  givenName: string | null;
  familyName: string | null;
  company: string | null;
  timezone: string | null;
  customFields: string | null;
}

/**
 * A tick's read: due active enrollments of one campaign, soonest first, ties
 * in the order they were enrolled — straight off the partial index
 * enrollments_due_idx (rowid is its last key: no sort), so a tick never reads
 * an enrollment that is not due (test/campaigns/query-plan.test.ts).
 */
export const DUE_SQL = `SELECT ${ENROLLMENT_COLUMNS.replace(/"(\w+)" AS/g, 'e."$1" AS')},
       p.email AS email, p.given_name AS givenName, p.family_name AS familyName, p.company AS company, p.timezone AS timezone, p.custom_fields AS customFields
  FROM enrollments e INDEXED BY enrollments_due_idx JOIN people p ON p.id = e.person_id
 WHERE e.campaign_id = ?1 AND e.status = 'active' AND e.next_run_at IS NOT NULL AND e.next_run_at <= ?2
 ORDER BY e.next_run_at, e.rowid LIMIT ?3`;

function statements(ctx: Ctx) {
  const db = ctx.db.$client;
  return preparedOnce(ctx.db, "campaigns.scheduler", () => ({
    active: db.prepare<{ id: string; workspaceId: string; pacedUntil: number | null }, []>("SELECT id, workspace_id AS workspaceId, paced_until AS pacedUntil FROM campaigns WHERE status = 'active' ORDER BY id"),
    paced: db.prepare<unknown, [string, number | null]>("UPDATE campaigns SET paced_until = ?2 WHERE id = ?1"),
    due: db.prepare<DueRow, [string, number, number]>(DUE_SQL),
    // a guarded write: the enrollment is still the one planned (nothing ended or moved it meanwhile)
    made: db.prepare<unknown, [string, string, string, number, number, number]>(
      `UPDATE enrollments SET message_id = ?2, sender_identity_id = ?3, next_run_at = NULL, waiting_for = NULL, hold = NULL, status_detail = NULL, updated_at = ?4
        WHERE id = ?1 AND status = 'active' AND position = ?5 AND next_run_at = ?6`,
    ),
    defer: db.prepare<unknown, [string, number, string | null, string | null, string | null, number, number]>(
      `UPDATE enrollments SET next_run_at = ?2, waiting_for = ?3, hold = ?4, status_detail = ?5, updated_at = ?6
        WHERE id = ?1 AND status = 'active' AND next_run_at = ?7`,
    ),
    allocated: db.prepare<unknown, [string, number]>("UPDATE campaign_steps SET allocated = allocated + ?2 WHERE id = ?1"),
    previous: db.prepare<{ senderIdentityId: string; subject: string; messageIdHeader: string; headers: string }, [string]>(
      "SELECT sender_identity_id AS senderIdentityId, subject, message_id_header AS messageIdHeader, headers FROM messages WHERE id = ?1",
    ),
    firstSent: db.prepare<unknown, [string, number]>("UPDATE campaigns SET first_sent_at = ?2 WHERE id = ?1 AND first_sent_at IS NULL"),
    anyLive: db.prepare<{ one: number }, [string]>("SELECT 1 AS one FROM enrollments WHERE campaign_id = ?1 AND status IN ('active', 'paused') LIMIT 1"),
    anyEnrollment: db.prepare<{ one: number }, [string]>("SELECT 1 AS one FROM enrollments WHERE campaign_id = ?1 LIMIT 1"),
  }));
}

export interface TickResult {
  made: number;
  deferred: number;
  ended: number;
  /** Some campaign had more due enrollments than one batch: tick again soon. */
  more: boolean;
}

/** One tick over every active campaign (or one). */
export async function tick(ctx: Ctx, only?: { workspaceId: string; campaignId: string }): Promise<TickResult> {
  const total: TickResult = { made: 0, deferred: 0, ended: 0, more: false };
  resumeOutOfOffice(ctx); // enrollments back from an out-of-office are due again (modules/inbox)
  const now = ctx.clock.now();
  // a campaign whose pool is full rests until its pacing says (plan.ts `full`)
  const ids = only ? [only] : statements(ctx).active.all().filter((c) => c.pacedUntil === null || c.pacedUntil <= now).map((c) => ({ workspaceId: c.workspaceId, campaignId: c.id }));
  for (const c of ids) {
    const r = await tickCampaign(ctx, c.workspaceId, c.campaignId);
    total.made += r.made;
    total.deferred += r.deferred;
    total.ended += r.ended;
    total.more ||= r.more;
  }
  return total;
}

interface Loaded {
  campaign: CampaignRow;
  steps: StepRow[];
  variants: Map<string, VariantRow[]>;
}

function load(ctx: Ctx, workspaceId: string, campaignId: string): Loaded | null {
  const campaign = ctx.db.select().from(campaigns).where(eq(campaigns.id, campaignId)).get();
  if (!campaign || campaign.workspaceId !== workspaceId || campaign.status !== "active") return null;
  const live = liveStepsOf(ctx.db, [campaignId]);
  const variants = new Map<string, VariantRow[]>();
  for (const v of live.variants) variants.set(v.stepId, [...(variants.get(v.stepId) ?? []), v]);
  return { campaign, steps: live.steps, variants };
}

/** One batch of one campaign's due enrollments. */
export async function tickCampaign(ctx: Ctx, workspaceId: string, campaignId: string): Promise<TickResult> {
  const result: TickResult = { made: 0, deferred: 0, ended: 0, more: false };
  const loaded = load(ctx, workspaceId, campaignId);
  if (!loaded) return result;
  const { campaign } = loaded;
  const now = ctx.clock.now();
  await decideWinners(ctx, loaded.steps, loaded.variants, now);
  const pool = loadPool(ctx, workspaceId, campaign.senders, now);
  const book = new DbPaceBook(ctx);
  const s = statements(ctx);
  const due = s.due.all(campaignId, now, BATCH);
  // nobody can send (or, with people due, everyone is over quota today): the campaign rests a minute
  const noSender = noSenderDetail(pool) ?? (due.length ? overQuotaDetail(pool, book, now) : null);
  setLastError(ctx, campaign, noSender ? { at: now, code: "no_sender", detail: noSender } : null, "no_sender");
  if (noSender) {
    s.paced.run(campaign.id, now + FULL_RECHECK_MS);
    return result;
  }
  result.more = due.length === BATCH;
  if (!due.length) {
    completeIfDone(ctx, campaign);
    return result;
  }
  const plans: { e: DueRow; plan: Exclude<Plan, { kind: "full" }> }[] = [];
  let pacedUntil: number | null = null;
  for (const e of due) {
    const plan = planOne(e, loaded, pool, now, book);
    if (plan.kind === "full") {
      // nothing more of this campaign can be made now: the rest stay due, untouched
      pacedUntil = plan.until;
      result.more = false;
      break;
    }
    plans.push({ e, plan });
  }
  if (pacedUntil !== campaign.pacedUntil) s.paced.run(campaign.id, pacedUntil);
  const makes = await prepareMessages(ctx, loaded, plans);

  let invalid: string | null = null;
  transact(ctx, (tx, outbox) => {
    const toEnd: { id: string; status: "completed" | "stopped"; detail: string | null }[] = [];
    const allocated = new Map<string, number>();
    for (const { e, plan } of plans) {
      if (plan.kind === "end") {
        toEnd.push({ id: e.id, status: plan.status, detail: plan.detail });
        continue;
      }
      if (plan.kind === "defer") {
        s.defer.run(e.id, plan.nextRunAt, plan.waitingFor, plan.hold, plan.detail, now, e.nextRunAt!);
        result.deferred++;
        continue;
      }
      const m = makes.get(e.id)!;
      if (!m.ok) {
        release(plan.member, plan.at, book);
        invalid ??= m.detail;
        s.defer.run(e.id, now + INVALID_RETRY_MS, null, "invalid", m.detail.slice(0, 1000), now, e.nextRunAt!);
        result.deferred++;
        continue;
      }
      const row = writeMessage(ctx, outbox, e, plan, m, now);
      if (!row || "invalid" in row) release(plan.member, plan.at, book);
      if (!row) continue;
      if ("invalid" in row) {
        invalid ??= row.invalid;
        result.deferred++;
        continue;
      }
      result.made++;
      if (m.allocates) allocated.set(plan.step.id, (allocated.get(plan.step.id) ?? 0) + 1);
    }
    for (const [stepId, n] of allocated) s.allocated.run(stepId, n);
    book.flush(tx);
    for (const status of ["completed", "stopped"] as const) {
      for (const detail of new Set(toEnd.filter((x) => x.status === status).map((x) => x.detail))) {
        const ids = toEnd.filter((x) => x.status === status && x.detail === detail).map((x) => x.id);
        result.ended += endEnrollments(ctx, tx, outbox, { workspaceId, ids, status, detail }).length;
      }
    }
  });
  setLastError(ctx, campaign, invalid ? { at: now, code: "invalid", detail: invalid } : null, "invalid");
  if (result.made) afterQueued(ctx);
  if (result.ended) completeIfDone(ctx, campaign);
  return result;
}

function planOne(e: DueRow, l: Loaded, pool: PoolMember[], now: number, book: DbPaceBook): Plan {
  const sched = l.campaign.schedule;
  const tz = zoneFor(sched, e.timezone);
  if (!e.email) return { kind: "end", status: "stopped", detail: "the person has no email address" };
  return planEnrollment({ id: e.id, position: e.position, nextRunAt: e.nextRunAt!, senderIdentityId: e.senderIdentityId }, tz, {
    steps: l.steps,
    pool,
    onSenderRemoved: l.campaign.senders.onSenderRemoved,
    window: sched.sendWindow,
    now,
    book,
  });
}

type Make =
  | { ok: true; input: Omit<MessageInput, "sendAt">; variant: VariantRow; allocates: boolean; fallback: string | null }
  | { ok: false; detail: string };

/** Each `make` plan's message content: the variant allocated, AI snippets asked for (concurrently), templates rendered. */
async function prepareMessages(ctx: Ctx, l: Loaded, plans: { e: DueRow; plan: Exclude<Plan, { kind: "full" }> }[]): Promise<Map<string, Make>> {
  const out = new Map<string, Make>();
  const allocatedInBatch = new Map<string, number>();
  await Promise.all(
    plans.map(async ({ e, plan }) => {
      if (plan.kind !== "make") return;
      const variants = l.variants.get(plan.step.id) ?? [];
      if (!variants.length) {
        out.set(e.id, { ok: false, detail: `step ${plan.step.position} has no variant` });
        return;
      }
      // the round robin counts the messages already made this batch
      const offset = allocatedInBatch.get(plan.step.id) ?? 0;
      const step = { ...plan.step, allocated: plan.step.allocated + offset };
      const variant = allocate(step, variants, e.id);
      const allocates = !plan.step.winner && plan.step.allocation !== "weighted";
      if (allocates) allocatedInBatch.set(plan.step.id, offset + 1);
      const person = personOf(e);
      let variables: Record<string, string> = {};
      let fallback: string | null = null;
      if (plan.step.personalisationPrompt) {
        const r = await snippetsFor(ctx, {
          workspaceId: e.workspaceId,
          prompt: plan.step.personalisationPrompt,
          person,
          sender: { name: plan.member.name, email: plan.member.email },
          campaignName: l.campaign.name,
          stepName: plan.step.name,
        });
        variables = r.variables;
        fallback = r.fallback ? `AI snippets not written (${r.fallback.reason}): ${r.fallback.detail}; the message was made from the templates alone` : null;
      }
      const previous = plan.step.sameThread && e.lastSentMessageId ? previousOf(ctx, e.lastSentMessageId) : null;
      const made = makeMessage({ step: plan.step, variant, person, sender: plan.member, variables, previous, seed: `${e.id}:${plan.step.id}:${plan.step.revision}`, tracking: l.campaign.tracking });
      out.set(e.id, made.ok ? { ok: true, input: made.input, variant, allocates, fallback } : { ok: false, detail: made.detail });
    }),
  );
  return out;
}

function personOf(e: DueRow): PersonData {
  return {
    id: e.personId,
    email: e.email!,
    givenName: e.givenName,
    familyName: e.familyName,
    company: e.company,
    timezone: e.timezone,
    custom: e.customFields ? (JSON.parse(e.customFields) as Record<string, unknown>) : {},
  };
}

function previousOf(ctx: Ctx, messageId: string): Previous | null {
  const r = statements(ctx).previous.get(messageId);
  return r ? { ...r, headers: JSON.parse(r.headers) as Record<string, string> } : null;
}

/**
 * The enrollment pointing at its new message, and the message — in one
 * savepoint: nothing when the enrollment changed since it was planned (a
 * reply arrived while snippets were written), and the enrollment held
 * `invalid` when the message fails its checks (e.g. a rendered subject over
 * 998 characters) — answered, so the campaign shows it as its last_error too.
 */
function writeMessage(ctx: Ctx, outbox: Outbox, e: DueRow, plan: Plan & { kind: "make" }, m: Make & { ok: true }, now: number): MessageRow | { invalid: string } | null {
  const s = statements(ctx);
  const id = newId("msg");
  try {
    return ctx.db.$client.transaction(() => {
      if (!s.made.run(e.id, id, plan.member.identityId, now, e.position, e.nextRunAt!).changes) return null;
      const row = insertCampaignMessage(ctx, outbox, {
        workspaceId: e.workspaceId,
        link: { id, personId: e.personId, campaignId: e.campaignId, enrollmentId: e.id, stepId: plan.step.id, variantId: m.variant.id },
        ...m.input,
        sendAt: plan.at,
      });
      if (m.fallback) outbox.emit({ workspaceId: e.workspaceId, type: "message.snippets_fallback", data: { ...messageView(row), status_detail: m.fallback } });
      return row;
    })();
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    // the field errors say what is wrong ("1 field is invalid." alone does not)
    const detail = [`the message for ${e.email} cannot be made:`, ...(err.errors?.map((f) => `${f.pointer}: ${f.detail}`) ?? [err.message])].join(" ").slice(0, 1000);
    s.defer.run(e.id, now + INVALID_RETRY_MS, null, "invalid", detail, now, e.nextRunAt!);
    return { invalid: detail };
  }
}

/** Sets or clears one kind of campaign error (the other kind is left as it is). */
function setLastError(ctx: Ctx, c: CampaignRow, error: CampaignError | null, code: string): void {
  const current = c.lastError;
  if (error ? current?.code === code && current.detail === error.detail : current?.code !== code) return;
  ctx.db
    .update(campaigns)
    .set({ lastError: error, updatedAt: error?.at ?? ctx.clock.now() })
    .where(eq(campaigns.id, c.id))
    .run();
  c.lastError = error;
}

/** `completed`: an active campaign with enrollments of which none is live any more. */
function completeIfDone(ctx: Ctx, c: CampaignRow): void {
  const s = statements(ctx);
  if (s.anyLive.get(c.id) || !s.anyEnrollment.get(c.id)) return;
  transact(ctx, (tx, outbox) => setCampaignStatus(ctx, tx, outbox, { workspaceId: c.workspaceId, id: c.id, from: ["active"], to: "completed" }));
}

/** The campaign has sent (DELETE archives it from now on). */
export function markFirstSent(ctx: Ctx, campaignId: string, at: number): void {
  statements(ctx).firstSent.run(campaignId, at);
}
