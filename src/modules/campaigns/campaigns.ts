// Campaigns: create, read, update with step revisions and variant versions,
// start, pause, delete or archive. Status changes go through
// campaign-status.ts (guarded UPDATE + campaign.status_changed); messages are
// made by the scheduler, never here.
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Ctx } from "../../context";
import type { Tx } from "../../db/client";
import { tableReads, type Page, type PageRequest } from "../../db/queries";
import { campaignSteps, campaignVariants, campaigns, enrollments, messageBodies, messages, LIVE_ENROLLMENT, type CampaignStatus } from "../../db/schema";
import { enqueue } from "../../jobs/queue";
import { DomainError, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { yieldToEventLoop } from "../../lib/slices";
import { transact } from "../events/outbox";
import { afterQueued } from "../messages/messages";
import { endEnrollments } from "./enrollment-end";
import { planCampaign, stepSettingsChanged, variantContentChanged, type CampaignBody, type PlannedStep } from "./campaign-input";
import { liveStepsOf, loadCampaign, nextVersion, setCampaignStatus, type LoadedCampaign } from "./campaign-status";

export type { LoadedCampaign } from "./campaign-status";

/** The job that makes a `materialising` campaign `active` (the scheduler's). */
export const CAMPAIGN_START_JOB = "campaign.start";
/** Enrollments ended (archive) or removed (delete) per transaction, the event loop getting a turn between two: 500 keeps a slice near the ~50 ms budget (2,000 took 130 ms on average, 320 ms at worst, with their 2,000 events). */
export const ARCHIVE_SLICE = 500;

const reads = tableReads(campaigns);

function mustLoad(ctx: Ctx, a: { workspaceId: string; id: string }, db: Ctx["db"] | Tx = ctx.db): LoadedCampaign {
  const c = loadCampaign(ctx, a, db);
  if (!c) throw notFound("campaign");
  return c;
}

export function getCampaign(ctx: Ctx, a: { workspaceId: string; id: string }): LoadedCampaign {
  return mustLoad(ctx, a);
}

/** A page of campaigns, newest first by default, each with its live steps and variants (two reads for the whole page). */
export function listCampaigns(ctx: Ctx, a: { workspaceId: string; status?: CampaignStatus; page: PageRequest }): Page<LoadedCampaign> {
  const page = reads.page(ctx.db, { workspaceId: a.workspaceId, equal: { status: a.status } }, a.page);
  const { steps, variants } = liveStepsOf(
    ctx.db,
    page.rows.map((c) => c.id),
  );
  return {
    ...page,
    rows: page.rows.map((campaign) => ({ campaign, steps: steps.filter((s) => s.campaignId === campaign.id), variants: variants.filter((v) => v.campaignId === campaign.id) })),
  };
}

/** A new `draft` campaign. */
export function createCampaign(ctx: Ctx, a: { workspaceId: string; body: CampaignBody & { name: string } }): LoadedCampaign {
  return ctx.db.transaction((tx) => {
    const plan = planCampaign(tx, { workspaceId: a.workspaceId, body: a.body, current: null });
    const now = ctx.clock.now();
    const id = newId("cmp");
    tx.insert(campaigns)
      .values({
        id,
        workspaceId: a.workspaceId,
        name: plan.name,
        status: "draft",
        schedule: plan.schedule,
        senders: plan.senders,
        stopRules: plan.stopRules,
        tracking: plan.tracking,
        stats: { sent: 0, opened: 0, clicked: 0, replied: 0, bounced: 0, unsubscribed: 0 },
        statsComputedAt: null,
        lastError: null,
        version: nextVersion(now),
        firstSentAt: null,
        completedAt: null,
        archivedAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .run();
    writeSteps(tx, { workspaceId: a.workspaceId, campaignId: id, now, actor: "", planned: plan.steps ?? [], current: { steps: [], variants: [] } });
    return mustLoad(ctx, { workspaceId: a.workspaceId, id }, tx);
  });
}

/**
 * Applies a PATCH. `ifMatch` lists the versions the client accepts (none
 * current → 412, nothing changes); `*` or absent applies to the current one.
 * `actor` (the credential's id) is recorded as the winner's selected_by.
 */
export function updateCampaign(ctx: Ctx, a: { workspaceId: string; id: string; ifMatch: number[] | "*" | undefined; body: CampaignBody; actor: string }): LoadedCampaign {
  return ctx.db.transaction((tx) => {
    const current = mustLoad(ctx, a, tx);
    const c = current.campaign;
    if (Array.isArray(a.ifMatch) && !a.ifMatch.includes(c.version)) {
      throw new DomainError("precondition_failed", `${a.ifMatch.length ? `Version ${a.ifMatch.join(", ")} is` : "The If-Match tags are"} not current; the campaign is at version ${c.version}.`);
    }
    if (c.status === "archived") throw new DomainError("invalid_state", "The campaign is archived: it is kept for history and can no longer be changed.");
    const plan = planCampaign(tx, { workspaceId: a.workspaceId, body: a.body, current });
    const now = ctx.clock.now();
    const stepsChanged = plan.steps !== undefined && writeSteps(tx, { workspaceId: a.workspaceId, campaignId: c.id, now, actor: a.actor, planned: plan.steps, current });
    const settingsChanged =
      plan.name !== c.name ||
      JSON.stringify([plan.schedule, plan.senders, plan.stopRules, plan.tracking]) !== JSON.stringify([c.schedule, c.senders, c.stopRules, c.tracking]);
    if (stepsChanged || settingsChanged) {
      tx.update(campaigns)
        .set({ name: plan.name, schedule: plan.schedule, senders: plan.senders, stopRules: plan.stopRules, tracking: plan.tracking, version: nextVersion(now, c.version), updatedAt: now })
        .where(and(eq(campaigns.workspaceId, a.workspaceId), eq(campaigns.id, c.id), eq(campaigns.version, c.version)))
        .run();
    }
    return mustLoad(ctx, a, tx);
  });
}

/**
 * Writes the ordered step list: kept steps and variants by id, new ones
 * inserted, those left out marked removed (rows stay: messages point at
 * them). A kept step whose settings or variants changed gets a new revision
 * (allocation restarts, the winner is cleared unless this PATCH names one); a
 * step that only moved keeps its revision. A changed variant gets a new
 * version. Returns whether anything changed.
 */
function writeSteps(tx: Tx, a: { workspaceId: string; campaignId: string; now: number; actor: string; planned: PlannedStep[]; current: { steps: LoadedCampaign["steps"]; variants: LoadedCampaign["variants"] } }): boolean {
  const { now } = a;
  let changed = false;
  const keptSteps = new Set(a.planned.map((s) => s.id).filter((id): id is string => id !== null));
  const stepRows = new Map(a.current.steps.map((s) => [s.id, s]));

  for (const gone of a.current.steps.filter((s) => !keptSteps.has(s.id))) {
    tx.update(campaignSteps).set({ removedAt: now, updatedAt: now }).where(eq(campaignSteps.id, gone.id)).run();
    tx.update(campaignVariants)
      .set({ removedAt: now, updatedAt: now })
      .where(and(eq(campaignVariants.stepId, gone.id), isNull(campaignVariants.removedAt)))
      .run();
    changed = true;
  }

  a.planned.forEach((s, i) => {
    const position = i + 1;
    const row = s.id === null ? undefined : stepRows.get(s.id);
    const stepId = row?.id ?? newId("stp");
    const settings = { name: s.name, delaySeconds: s.delaySeconds, sameThread: s.sameThread, personalisationPrompt: s.personalisationPrompt, allocation: s.allocation, winnerRule: s.winnerRule };
    if (!row) {
      tx.insert(campaignSteps)
        .values({ id: stepId, workspaceId: a.workspaceId, campaignId: a.campaignId, position, ...settings, revision: 1, revisionPublishedAt: now, winner: null, allocated: 0, removedAt: null, createdAt: now, updatedAt: now })
        .run();
      s.variants.forEach((v, j) => insertVariant(tx, a, stepId, j + 1, v));
      changed = true;
      return;
    }

    // variants of a kept step
    const oldVariants = a.current.variants.filter((v) => v.stepId === row.id);
    const keptVariants = new Set(s.variants.map((v) => v.id).filter((id): id is string => id !== null));
    let contentChanged = stepSettingsChanged(row, s);
    for (const gone of oldVariants.filter((v) => !keptVariants.has(v.id))) {
      tx.update(campaignVariants).set({ removedAt: now, updatedAt: now }).where(eq(campaignVariants.id, gone.id)).run();
      contentChanged = true;
    }
    s.variants.forEach((v, j) => {
      const old = v.id === null ? undefined : oldVariants.find((o) => o.id === v.id);
      if (!old) {
        insertVariant(tx, a, stepId, j + 1, v);
        contentChanged = true;
        return;
      }
      const content = variantContentChanged(old, v);
      if (!content && old.position === j + 1) return;
      tx.update(campaignVariants)
        .set({
          position: j + 1,
          updatedAt: now,
          ...(content ? { name: v.name, subject: v.subject, preheader: v.preheader, cc: v.cc, bcc: v.bcc, html: v.html, text: v.text, weight: v.weight, version: old.version + 1 } : {}),
        })
        .where(eq(campaignVariants.id, old.id))
        .run();
      if (content) contentChanged = true;
      else changed = true;
    });

    let winner = row.winner;
    if (s.winner === null) winner = null;
    else if (s.winner) winner = row.winner?.variantId === s.winner.variantId && !contentChanged ? row.winner : { selectedAt: now, selectedBy: a.actor, variantId: s.winner.variantId };
    else if (contentChanged) winner = null;
    const winnerChanged = JSON.stringify(winner) !== JSON.stringify(row.winner);

    if (!contentChanged && !winnerChanged && row.position === position) return;
    tx.update(campaignSteps)
      .set({
        ...settings,
        position,
        winner,
        updatedAt: now,
        ...(contentChanged ? { revision: row.revision + 1, revisionPublishedAt: now, allocated: 0 } : {}),
      })
      .where(eq(campaignSteps.id, row.id))
      .run();
    changed = true;
  });
  return changed;
}

function insertVariant(tx: Tx, a: { workspaceId: string; campaignId: string; now: number }, stepId: string, position: number, v: PlannedStep["variants"][number]): void {
  tx.insert(campaignVariants)
    .values({
      id: newId("var"),
      workspaceId: a.workspaceId,
      campaignId: a.campaignId,
      stepId,
      position,
      name: v.name,
      subject: v.subject,
      preheader: v.preheader,
      cc: v.cc,
      bcc: v.bcc,
      html: v.html,
      text: v.text,
      version: 1,
      weight: v.weight,
      removedAt: null,
      createdAt: a.now,
      updatedAt: a.now,
    })
    .run();
}

const stateProblem = (c: { status: string }, action: string, allowed: string) => new DomainError("invalid_state", `The campaign is ${c.status}; only a ${allowed} campaign can be ${action}.`);

/**
 * draft|paused → materialising, and a campaign.start job that makes it active
 * and creates the messages already due. From paused, the messages held
 * `campaign_paused` are due again now.
 */
export function startCampaign(ctx: Ctx, a: { workspaceId: string; id: string }): LoadedCampaign {
  let released = 0;
  const started = transact(ctx, (tx, outbox) => {
    const current = mustLoad(ctx, a, tx);
    const from = current.campaign.status;
    if (from !== "draft" && from !== "paused") throw stateProblem(current.campaign, "started", "draft or paused");
    if (!current.steps.length) throw new DomainError("invalid_state", "The campaign has no steps: add at least one step (PATCH steps) before starting it.");
    const row = setCampaignStatus(ctx, tx, outbox, { workspaceId: a.workspaceId, id: a.id, from: ["draft", "paused"], to: "materialising" });
    if (!row) throw stateProblem(current.campaign, "started", "draft or paused");
    enqueue(ctx, tx, { workspaceId: a.workspaceId, kind: CAMPAIGN_START_JOB, args: { campaignId: a.id, workspaceId: a.workspaceId } });
    if (from === "paused") {
      const now = ctx.clock.now();
      // messages_campaign_idx: only this campaign's messages are read
      released = tx
        .update(messages)
        .set({ dueAt: now, holds: [], updatedAt: now })
        .where(and(eq(messages.workspaceId, a.workspaceId), eq(messages.campaignId, a.id), eq(messages.status, "queued"), sql`${messages.holds} LIKE '%campaign_paused%'`))
        .returning({ id: messages.id })
        .all().length;
    }
    return { ...current, campaign: row };
  });
  if (released) afterQueued(ctx);
  return started;
}

/** active|materialising → paused: the scheduler creates no new message; queued ones wait (the MTA holds them). */
export function pauseCampaign(ctx: Ctx, a: { workspaceId: string; id: string }): LoadedCampaign {
  return transact(ctx, (tx, outbox) => {
    const current = mustLoad(ctx, a, tx);
    const row = setCampaignStatus(ctx, tx, outbox, { workspaceId: a.workspaceId, id: a.id, from: ["active", "materialising"], to: "paused" });
    if (!row) throw stateProblem(current.campaign, "paused", "active or materialising");
    return { ...current, campaign: row };
  });
}

/**
 * A campaign that never sent is removed with its steps, variants,
 * enrollments and its messages (none reached a server): answers null. One
 * that sent is archived and its live enrollments stopped, in slices of
 * ARCHIVE_SLICE per transaction: answers the campaign. "Sent" means
 * first_sent_at is set, or one of its messages is sent, uncertain, or had an
 * attempt; a message being handed over right now (`sending`) of a campaign
 * that has not sent otherwise is 409 (its outcome decides which).
 */
export async function deleteCampaign(ctx: Ctx, a: { workspaceId: string; id: string }): Promise<LoadedCampaign | null> {
  const outcome = transact(ctx, (tx, outbox) => {
    const current = mustLoad(ctx, a, tx);
    const c = current.campaign;
    const contact = (where: ReturnType<typeof sql>) =>
      tx
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.workspaceId, a.workspaceId), eq(messages.campaignId, a.id), where))
        .limit(1)
        .get() !== undefined;
    const sent = c.firstSentAt !== null || contact(sql`(${messages.status} IN ('sent', 'uncertain') OR (${messages.attempts} > 0 AND ${messages.status} <> 'sending'))`);
    if (sent) {
      if (c.status === "archived") return "archived" as const; // a repeated DELETE finishes the stopping
      const row = setCampaignStatus(ctx, tx, outbox, { workspaceId: a.workspaceId, id: a.id, from: ["draft", "materialising", "active", "paused", "completed"], to: "archived" });
      if (!row) throw new DomainError("invalid_state", "The campaign changed while it was being archived; retry.");
      return "archived" as const;
    }
    if (contact(sql`${messages.status} = 'sending'`)) {
      throw new DomainError("invalid_state", "A message of this campaign is being handed to a server right now; retry in a moment (once it is sent the campaign is archived, not removed).");
    }
    const unsent = and(eq(messages.workspaceId, a.workspaceId), eq(messages.campaignId, a.id), eq(messages.attempts, 0));
    tx.delete(messageBodies)
      .where(inArray(messageBodies.messageId, tx.select({ id: messages.id }).from(messages).where(unsent)))
      .run();
    tx.delete(messages).where(unsent).run();
    tx.delete(campaignVariants).where(eq(campaignVariants.campaignId, a.id)).run();
    tx.delete(campaignSteps).where(eq(campaignSteps.campaignId, a.id)).run();
    tx.delete(campaigns)
      .where(and(eq(campaigns.workspaceId, a.workspaceId), eq(campaigns.id, a.id)))
      .run();
    return "removed" as const;
  });

  if (outcome === "removed") {
    // the campaign is gone (404 from now on); its enrollments follow in slices
    for (;;) {
      const removed = ctx.db.transaction((tx) => {
        const ids = tx
          .select({ id: enrollments.id })
          .from(enrollments)
          .where(and(eq(enrollments.workspaceId, a.workspaceId), eq(enrollments.campaignId, a.id)))
          .limit(ARCHIVE_SLICE)
          .all()
          .map((r) => r.id);
        if (ids.length) tx.delete(enrollments).where(inArray(enrollments.id, ids)).run();
        return ids.length;
      });
      if (removed < ARCHIVE_SLICE) return null;
      await yieldToEventLoop();
    }
  }

  await stopLiveEnrollments(ctx, a);
  return mustLoad(ctx, a);
}

/** Ends every live enrollment of an archived campaign, ARCHIVE_SLICE per transaction, in id order. */
async function stopLiveEnrollments(ctx: Ctx, a: { workspaceId: string; id: string }): Promise<void> {
  let after = "";
  for (;;) {
    const ids = ctx.db
      .select({ id: enrollments.id })
      .from(enrollments)
      .where(and(eq(enrollments.workspaceId, a.workspaceId), eq(enrollments.campaignId, a.id), gt(enrollments.id, after), inArray(enrollments.status, [...LIVE_ENROLLMENT])))
      .orderBy(enrollments.id)
      .limit(ARCHIVE_SLICE)
      .all()
      .map((r) => r.id);
    if (!ids.length) return;
    transact(ctx, (tx, outbox) => endEnrollments(ctx, tx, outbox, { workspaceId: a.workspaceId, ids, status: "stopped", detail: "the campaign was archived" }));
    after = ids.at(-1)!;
    if (ids.length < ARCHIVE_SLICE) return;
    await yieldToEventLoop();
  }
}
