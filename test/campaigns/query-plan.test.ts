// The scheduler's tick reads due enrollments straight off the partial index
// enrollments_due_idx: no scan of the table, no sort, so a tick over a campaign
// with 100,000 live enrollments reads only the ones that are due.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { DUE_SQL } from "../../src/modules/campaigns/scheduler";
import { startTestApp, type TestApp } from "../helpers/app";
import { queryPlan } from "../helpers/query-plan";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const plan = (sql: string, params: unknown[]) => queryPlan(app, sql, params);

test("the tick's due read searches enrollments_due_idx and sorts nothing", () => {
  const steps = plan(DUE_SQL, ["cmp_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f", Date.now(), 500]);
  expect(steps.some((d) => /SEARCH e USING INDEX enrollments_due_idx \(campaign_id=\? AND next_run_at>\? AND next_run_at<\?\)/.test(d))).toBe(true);
  expect(steps.some((d) => /^SCAN/.test(d))).toBe(false);
  expect(steps.some((d) => /TEMP B-TREE/.test(d))).toBe(false);
  // the person of each row by primary key
  expect(steps.some((d) => /SEARCH p USING INDEX sqlite_autoindex_people_1 \(id=\?\)|SEARCH p USING INTEGER PRIMARY KEY|SEARCH p USING .*\(id=\?\)/.test(d))).toBe(true);
});

test("the tick finds active campaigns by the status index", () => {
  const steps = plan("SELECT id, workspace_id AS workspaceId FROM campaigns WHERE status = 'active' ORDER BY id", []);
  expect(steps.some((d) => /campaigns_status_idx/.test(d))).toBe(true);
  expect(steps.some((d) => /TEMP B-TREE/.test(d))).toBe(false);
});
