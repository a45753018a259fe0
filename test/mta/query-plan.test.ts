// messages' partial indexes (migration 0009) serve the reads they are for: the
// claim reads only queued messages (a message leaves the index when claimed),
// and the campaign look-ups only messages that have a campaign, an enrollment,
// a step or an unsubscribe token (a message sent through the API writes none).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { DUE_SQL } from "../../src/mta/statements";
import { startTestApp, type TestApp } from "../helpers/app";
import { queryPlan } from "../helpers/query-plan";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const plan = (sql: string, params: unknown[]) => queryPlan(app, sql, params);

test("the MTA's claim reads due queued messages off messages_due_idx, in order", () => {
  const steps = plan(`${DUE_SQL} LIMIT 32`, [null, Date.now()]);
  expect(steps.some((d) => /messages_due_idx/.test(d))).toBe(true);
  expect(steps.some((d) => /TEMP B-TREE/.test(d))).toBe(false);
});

test("look-ups by campaign, enrollment, step and unsubscribe token use their partial indexes", () => {
  expect(plan("SELECT id FROM messages WHERE workspace_id = ?1 AND campaign_id = ?2 ORDER BY id DESC LIMIT 50", ["wsp_x", "cmp_x"]).some((d) => d.includes("messages_campaign_idx"))).toBe(true);
  expect(plan("UPDATE messages SET thread_id = ?3 WHERE enrollment_id = ?2 AND workspace_id = ?1 AND thread_id IS NULL", ["wsp_x", "enr_x", "thr_x"]).some((d) => d.includes("messages_enrollment_idx"))).toBe(true);
  expect(plan("SELECT count(*) FROM messages WHERE step_id = ?1 AND created_at >= ?2", ["stp_x", 0]).some((d) => d.includes("messages_step_idx"))).toBe(true);
  expect(plan("SELECT id FROM messages WHERE unsubscribe_token = ?1 LIMIT 1", ["tok"]).some((d) => d.includes("messages_unsubscribe_idx"))).toBe(true);
});

test("the five indexes are partial", () => {
  const partial = app.ctx.db.$client
    .prepare<{ name: string }, []>("SELECT name FROM pragma_index_list('messages') WHERE partial = 1 ORDER BY name")
    .all()
    .map((r) => r.name);
  expect(partial).toEqual(["messages_campaign_idx", "messages_due_idx", "messages_enrollment_idx", "messages_step_idx", "messages_unsubscribe_idx"]);
});
