// The automatic A/B winner: once every live variant of a step's current
// revision has sent `minimum_sample` messages and `observation_window_seconds`
// have passed since the revision was published, the variant with the best
// rate for the objective (human opens or clicks, classified replies, per
// message sent) is recorded as the step's winner (selected_by automatic) and
// gets every later message. Ties go to the earlier variant.
import { and, eq, isNull } from "drizzle-orm";
import type { Ctx } from "../../context";
import { campaignSteps } from "../../db/schema";
import { variantResultsOnReader, type VariantResult } from "./analytics";
import type { StepRow, VariantRow } from "./rows";

const RATE: Record<StepRow["winnerRule"]["objective"], keyof VariantResult> = { opens: "opened", clicks: "clicked", replies: "replied" };

/** Decides the winners that are due; updates the rows it is given (and the database). */
export async function decideWinners(ctx: Ctx, steps: StepRow[], variants: Map<string, VariantRow[]>, now: number): Promise<void> {
  for (const step of steps) {
    if (step.allocation !== "automatic" || step.winner) continue;
    const rule = step.winnerRule;
    if (now < step.revisionPublishedAt + rule.observationWindowSeconds * 1000) continue;
    const live = variants.get(step.id) ?? [];
    if (live.length < 2) continue;
    const results = await variantResultsOnReader(ctx, { stepId: step.id, since: step.revisionPublishedAt });
    const figures = live.map((v) => ({ v, r: results.get(v.id) ?? { sent: 0, opened: 0, clicked: 0, replied: 0 } }));
    if (figures.some((f) => f.r.sent < rule.minimumSample)) continue;
    const key = RATE[rule.objective];
    let best = figures[0]!;
    for (const f of figures) if (f.r[key] / f.r.sent > best.r[key] / best.r.sent) best = f;
    const winner = { selectedAt: now, selectedBy: "automatic", variantId: best.v.id };
    // guarded: a winner set by hand meanwhile stays
    const set = ctx.db
      .update(campaignSteps)
      .set({ winner, updatedAt: now })
      .where(and(eq(campaignSteps.id, step.id), eq(campaignSteps.revision, step.revision), isNull(campaignSteps.winner)))
      .returning({ id: campaignSteps.id })
      .get();
    if (set) step.winner = winner;
  }
}
