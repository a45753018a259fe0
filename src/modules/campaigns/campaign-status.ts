// Campaign status changes, one way for everyone (start, pause, archive here;
// active and completed by the scheduler): a guarded UPDATE … WHERE status IN
// (from), the version bumped, and campaign.status_changed emitted in the same
// transaction with the campaign as a list shows it.
//
// States: draft → materialising (start) → active (the campaign.start job);
// draft|paused → materialising (start); active|materialising → paused (pause);
// active → completed (the scheduler, once it has enrollments and none is live);
// any but archived → archived (DELETE of a campaign that sent).
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Ctx } from "../../context";
import type { DbOrTx, Tx } from "../../db/client";
import { campaignSteps, campaignVariants, campaigns, type CampaignError, type CampaignStatus } from "../../db/schema";
import { campaignListView } from "../../representations/campaign";
import type { Outbox } from "../events/outbox";
import type { CampaignRow, StepRow, VariantRow } from "./rows";

export interface LoadedCampaign {
  campaign: CampaignRow;
  steps: StepRow[];
  variants: VariantRow[];
}

/** A version after `previous`: now in microseconds, or one more when the clock has not moved past it. */
export function nextVersion(now: number, previous = 0): number {
  return Math.max(now * 1000, previous + 1);
}

/** The live (not removed) steps and variants of these campaigns, in position order. */
export function liveStepsOf(db: DbOrTx, campaignIds: string[]): { steps: StepRow[]; variants: VariantRow[] } {
  if (!campaignIds.length) return { steps: [], variants: [] };
  const steps = db
    .select()
    .from(campaignSteps)
    .where(and(inArray(campaignSteps.campaignId, campaignIds), isNull(campaignSteps.removedAt)))
    .orderBy(asc(campaignSteps.campaignId), asc(campaignSteps.position))
    .all();
  const variants = db
    .select()
    .from(campaignVariants)
    .where(and(inArray(campaignVariants.campaignId, campaignIds), isNull(campaignVariants.removedAt)))
    .orderBy(asc(campaignVariants.stepId), asc(campaignVariants.position))
    .all();
  return { steps, variants };
}

/** The workspace's campaign with its live steps and variants in order, or null. Valid inside a transaction (same connection). */
export function loadCampaign(ctx: Pick<Ctx, "db">, a: { workspaceId: string; id: string }, db: DbOrTx = ctx.db): LoadedCampaign | null {
  const campaign = db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.workspaceId, a.workspaceId), eq(campaigns.id, a.id)))
    .get();
  if (!campaign) return null;
  return { campaign, ...liveStepsOf(db, [campaign.id]) };
}

/** Emits campaign.status_changed for the campaign as it now stands. */
export function emitStatusChanged(tx: Tx, outbox: Outbox, campaign: CampaignRow): void {
  const { steps, variants } = liveStepsOf(tx, [campaign.id]);
  outbox.emit({ workspaceId: campaign.workspaceId, type: "campaign.status_changed", data: campaignListView(campaign, steps, variants) });
}

/**
 * Moves the campaign to `to` if its status is one of `from` (else null:
 * missing, or in another state — the caller tells which). `lastError`
 * undefined leaves it, null clears it. Sets archived_at / completed_at when
 * entering those states. Emits campaign.status_changed.
 */
export function setCampaignStatus(
  ctx: Ctx,
  tx: Tx,
  outbox: Outbox,
  a: { workspaceId: string; id: string; from: readonly CampaignStatus[]; to: CampaignStatus; lastError?: CampaignError | null },
): CampaignRow | null {
  const now = ctx.clock.now();
  const updated = tx
    .update(campaigns)
    .set({
      status: a.to,
      version: sql`max(${now * 1000}, ${campaigns.version} + 1)`,
      updatedAt: now,
      ...(a.to === "archived" ? { archivedAt: now } : {}),
      ...(a.to === "completed" ? { completedAt: now } : {}),
      ...(a.lastError !== undefined ? { lastError: a.lastError } : {}),
    })
    .where(and(eq(campaigns.workspaceId, a.workspaceId), eq(campaigns.id, a.id), inArray(campaigns.status, [...a.from])))
    .returning()
    .get();
  if (!updated) return null;
  emitStatusChanged(tx, outbox, updated);
  return updated;
}
