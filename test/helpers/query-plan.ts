// SQLite's plan for a statement (EXPLAIN QUERY PLAN), one detail line per step:
// the query-plan tests assert which index a hot read uses.
import type { TestApp } from "./app";

export const queryPlan = (app: TestApp, sql: string, params: unknown[]): string[] =>
  app.ctx.db.$client
    .prepare<{ detail: string }, never[]>(`EXPLAIN QUERY PLAN ${sql}`)
    .all(...(params as never[]))
    .map((r) => r.detail);
