// The AI budget's events (snippets and classification share one monthly budget per workspace).
import { Type as T } from "@sinclair/typebox";
import { iso } from "../../lib/clock";
import type { EventDef } from "../events/define";
import { Timestamp } from "../../representations/common";

const at = (ms: number) => iso(ms);

const AiBudgetSchema = T.Object(
  {
    object: T.Literal("ai_budget"),
    period_start: Timestamp,
    period_end: Timestamp,
    limit_tokens: T.Integer(),
    used_tokens: T.Integer(),
    used_percent: T.Number(),
    threshold_percent: T.Integer({ description: "The threshold crossed: 80 for the warning, 100 when exceeded" }),
  },
  { title: "EventAiBudget" },
);

function aiBudget(now: number, threshold: number, used: number) {
  const start = new Date(now);
  const periodStart = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 1);
  const periodEnd = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1);
  return { object: "ai_budget" as const, period_start: at(periodStart), period_end: at(periodEnd), limit_tokens: 2_000_000, used_tokens: used, used_percent: Math.round((used / 2_000_000) * 1000) / 10, threshold_percent: threshold };
}

export const aiEvents = {
  "ai.budget_warning": { description: "The workspace used 80% of its monthly AI budget", schema: AiBudgetSchema, sample: (now: number) => aiBudget(now, 80, 1_640_000) },
  "ai.budget_exceeded": { description: "The monthly AI budget is used up: snippets fall back to templates", schema: AiBudgetSchema, sample: (now: number) => aiBudget(now, 100, 2_000_000) },
} satisfies Record<string, EventDef>;
