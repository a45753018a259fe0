// `inbox.refine`: the AI provider (NEARBOUND_AI_*) reads a reply the rules
// classified and may refine its sentiment and intent, within the workspace's
// monthly AI budget. The rules' verdict already had its effects (the stop rules
// ran within seconds of the 250); the refinement changes what is shown and
// filtered, never what was done. A manual correction is never overridden, and
// neither is a refinement overridden by a late rules run.
//
// What the provider sees is the least that lets it judge: the subject and what
// the person wrote (quotes and signature cut), not their address or name.
import { and, eq } from "drizzle-orm";
import type { Ctx } from "../../context";
import { INTENTS, SENTIMENTS, inboundMessages, type Intent, type Sentiment } from "../../db/schema";
import type { JobHandler } from "../../jobs/types";
import type { ChatMessage } from "../../lib/ai";
import { budgetLeft, spendTokens } from "../ai/budget";

export const INBOX_REFINE_JOB = "inbox.refine";
const MAX_TEXT = 4000;
const TIMEOUT_MS = 20_000;

interface Args {
  workspaceId: string;
  inboundMessageId: string;
}

const SYSTEM = [
  "You classify replies to B2B outreach emails. Answer with one JSON object and nothing else:",
  `{"sentiment": one of ${SENTIMENTS.map((s) => `"${s}"`).join(", ")}, "intent": one of ${INTENTS.map((s) => `"${s}"`).join(", ")}}.`,
  "sentiment is the writer's disposition toward the offer: positive (interested, wants a meeting), negative (declines, annoyed), neutral (questions, wrong person, referral, moved, later).",
  "intent: meeting_request (proposes/accepts a call or gives availability), interested (wants more without a meeting), question (asks without committing), later (not now, a later time),",
  "not_interested (declines), wrong_person (not the right contact, names nobody), referral (points to another person), moved (left the company or changed address).",
  "The reply may be in any language. Judge only the text given.",
].join("\n");

export function refineMessages(subject: string | null, text: string): ChatMessage[] {
  return [
    { role: "system", content: SYSTEM },
    { role: "user", content: `Subject: ${(subject ?? "").slice(0, 300)}\n\n${text.slice(0, MAX_TEXT)}` },
  ];
}

export function parseRefinement(answer: string): { sentiment: Sentiment; intent: Intent } | null {
  try {
    const v = JSON.parse(answer.trim().replace(/^```(?:json)?\s*|\s*```$/g, "")) as { sentiment?: unknown; intent?: unknown };
    const sentiment = SENTIMENTS.find((s) => s === v.sentiment);
    const intent = INTENTS.find((i) => i === v.intent);
    return sentiment && intent ? { sentiment, intent } : null;
  } catch {
    return null;
  }
}

/** Whether a processed reply should be refined: a provider is configured (the job checks the budget). */
export const refinesReplies = (ctx: Ctx) => ctx.ai !== null && ctx.ai !== undefined;

export const inboxRefineJob: JobHandler<Args> = {
  kind: INBOX_REFINE_JOB,
  maxAttempts: 3,
  async run(jc) {
    const { app: ctx, args } = jc;
    const where = and(eq(inboundMessages.workspaceId, args.workspaceId), eq(inboundMessages.id, args.inboundMessageId));
    const m = ctx.db.select().from(inboundMessages).where(where).get();
    if (!m || m.classification !== "reply" || m.verdictBy !== "rules" || !m.text) return jc.done({ refined: false, reason: "not a reply the rules classified" });
    if (!ctx.ai) return jc.done({ refined: false, reason: "no AI provider is configured" });
    if (budgetLeft(ctx, args.workspaceId, ctx.clock.now()) <= 0) return jc.done({ refined: false, reason: "the workspace's monthly AI budget is used up" });
    const completion = await ctx.ai.complete(refineMessages(m.subject, m.text), { maxTokens: 60, timeoutMs: TIMEOUT_MS, json: true });
    spendTokens(ctx, { workspaceId: args.workspaceId, tokens: completion.promptTokens + completion.completionTokens, now: ctx.clock.now() });
    const verdict = parseRefinement(completion.text);
    if (!verdict) return jc.done({ refined: false, reason: "the AI provider's answer was not usable" });
    // only over the rules' verdict: a correction made meanwhile stands
    const changed = ctx.db
      .update(inboundMessages)
      .set({ ...verdict, verdictBy: "ai", updatedAt: ctx.clock.now() })
      .where(and(where, eq(inboundMessages.verdictBy, "rules")))
      .returning({ id: inboundMessages.id })
      .get();
    return jc.done({ refined: Boolean(changed), ...verdict });
  },
};
