// The monthly AI budget on a real appliance (real SQLite, the fake clock, a
// 1,000-token limit): spends add up per UTC month, and ai.budget_warning (80 %)
// and ai.budget_exceeded (100 %) are emitted exactly once each per month.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { and, asc, eq } from "drizzle-orm";
import type { Ctx } from "../../src/context";
import { aiUsage, events } from "../../src/db/schema";
import { budgetLeft, periodOf, spendTokens, tokensUsed } from "../../src/modules/ai/budget";
import { aiEvents } from "../../src/modules/ai/events";
import { startTestApp, type TestApp } from "../helpers/app";

let app: TestApp;
let ctx: Ctx;
beforeAll(async () => {
  app = await startTestApp({ env: { NEARBOUND_AI_MONTHLY_TOKENS: "1000" } });
  ctx = app.ctx;
});
afterAll(() => app.close());

const NOV = Date.parse("2026-11-21T12:00:00Z");
const DEC = Date.parse("2026-12-01T00:00:00Z");

const budgetEvents = (workspaceId: string) =>
  ctx.db
    .select()
    .from(events)
    .where(eq(events.workspaceId, workspaceId))
    .orderBy(asc(events.id))
    .all()
    .filter((e) => e.type.startsWith("ai."))
    .map((e) => ({ type: e.type, data: (typeof e.data === "string" ? JSON.parse(e.data) : e.data) as Record<string, unknown> }));

describe("periodOf", () => {
  test("the UTC calendar month, to the millisecond", () => {
    expect(periodOf(Date.parse("2026-11-30T23:59:59.999Z"))).toEqual({ period: "2026-11", start: Date.parse("2026-11-01T00:00:00Z"), end: DEC });
    expect(periodOf(DEC).period).toBe("2026-12");
    expect(periodOf(Date.parse("2026-12-31T23:00:00-02:00")).period).toBe("2027-01");
  });
});

describe("spendTokens and budgetLeft", () => {
  test("spends add up in one row per workspace and month; what is left never goes below 0", () => {
    const w = app.newWorkspace();
    expect(budgetLeft(ctx, w.id, NOV)).toBe(1000);
    spendTokens(ctx, { workspaceId: w.id, tokens: 300, now: NOV });
    spendTokens(ctx, { workspaceId: w.id, tokens: 200, now: NOV + 1000 });
    expect(tokensUsed(ctx, w.id, NOV)).toBe(500);
    expect(budgetLeft(ctx, w.id, NOV)).toBe(500);
    spendTokens(ctx, { workspaceId: w.id, tokens: 900, now: NOV });
    expect(budgetLeft(ctx, w.id, NOV)).toBe(0);
    expect(tokensUsed(ctx, w.id, NOV)).toBe(1400);
    // December starts from nothing; November's row stays
    expect(budgetLeft(ctx, w.id, DEC)).toBe(1000);
    const rows = ctx.db.select().from(aiUsage).where(eq(aiUsage.workspaceId, w.id)).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ period: "2026-11", usedTokens: 1400 });
  });

  test("zero tokens write nothing", () => {
    const w = app.newWorkspace();
    expect(spendTokens(ctx, { workspaceId: w.id, tokens: 0, now: NOV })).toEqual({ usedTokens: 0, limitTokens: 1000, crossed: [] });
    expect(ctx.db.select().from(aiUsage).where(eq(aiUsage.workspaceId, w.id)).all()).toEqual([]);
  });

  test("workspaces do not share a budget", () => {
    const a = app.newWorkspace();
    const b = app.newWorkspace();
    spendTokens(ctx, { workspaceId: a.id, tokens: 1000, now: NOV });
    expect(budgetLeft(ctx, a.id, NOV)).toBe(0);
    expect(budgetLeft(ctx, b.id, NOV)).toBe(1000);
    expect(budgetEvents(b.id)).toEqual([]);
  });
});

describe("budget events", () => {
  test("80 % emits ai.budget_warning once and 100 % ai.budget_exceeded once per month; next month again", () => {
    const w = app.newWorkspace();
    const spend = (tokens: number, now = NOV) => spendTokens(ctx, { workspaceId: w.id, tokens, now }).crossed;
    expect(spend(799)).toEqual([]);
    expect(spend(1)).toEqual(["ai.budget_warning"]); // exactly 80 %
    expect(spend(100)).toEqual([]);
    expect(spend(99)).toEqual([]);
    expect(spend(1)).toEqual(["ai.budget_exceeded"]); // exactly 100 %
    expect(spend(500)).toEqual([]);
    expect(budgetEvents(w.id)).toEqual([
      {
        type: "ai.budget_warning",
        data: {
          object: "ai_budget",
          period_start: "2026-11-01T00:00:00.000Z",
          period_end: "2026-12-01T00:00:00.000Z",
          limit_tokens: 1000,
          used_tokens: 800,
          used_percent: 80,
          threshold_percent: 80,
        },
      },
      {
        type: "ai.budget_exceeded",
        data: {
          object: "ai_budget",
          period_start: "2026-11-01T00:00:00.000Z",
          period_end: "2026-12-01T00:00:00.000Z",
          limit_tokens: 1000,
          used_tokens: 1000,
          used_percent: 100,
          threshold_percent: 100,
        },
      },
    ]);
    const row = ctx.db.select().from(aiUsage).where(and(eq(aiUsage.workspaceId, w.id), eq(aiUsage.period, "2026-11"))).get()!;
    expect(row).toMatchObject({ usedTokens: 1500, warnedAt: NOV, exceededAt: NOV });

    // December: the same thresholds, heard again
    expect(spend(850, DEC)).toEqual(["ai.budget_warning"]);
    expect(spend(200, DEC + 1)).toEqual(["ai.budget_exceeded"]);
    expect(spend(5, DEC + 2)).toEqual([]);
    const all = budgetEvents(w.id);
    expect(all.map((e) => e.type)).toEqual(["ai.budget_warning", "ai.budget_exceeded", "ai.budget_warning", "ai.budget_exceeded"]);
    expect(all[3]!.data).toMatchObject({ period_start: "2026-12-01T00:00:00.000Z", period_end: "2027-01-01T00:00:00.000Z", used_tokens: 1050, used_percent: 105 });
  });

  test("one spend past both thresholds emits both, the warning first", () => {
    const w = app.newWorkspace();
    expect(spendTokens(ctx, { workspaceId: w.id, tokens: 1234, now: NOV }).crossed).toEqual(["ai.budget_warning", "ai.budget_exceeded"]);
    const got = budgetEvents(w.id);
    expect(got.map((e) => [e.type, e.data.used_tokens, e.data.used_percent, e.data.threshold_percent])).toEqual([
      ["ai.budget_warning", 1234, 123.4, 80],
      ["ai.budget_exceeded", 1234, 123.4, 100],
    ]);
  });

  test("the events' data match their published schemas", () => {
    const w = app.newWorkspace();
    spendTokens(ctx, { workspaceId: w.id, tokens: 1000, now: NOV });
    for (const e of budgetEvents(w.id)) {
      const schema = aiEvents[e.type as keyof typeof aiEvents].schema;
      expect(Value.Errors(schema, e.data).First()).toBeUndefined();
    }
  });
});
