// inbound_messages' partial indexes (migration 0009) serve the reads they are
// for. Those of received mail hold only what is not processed yet, so each
// ingest commit rewrites a few shared pages instead of a random page per
// message and index; those of what the ingest found skip the listener's commit.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { UNREAD_FROM_SQL } from "../../src/mta/steps/campaign-guard";
import { CLAIMABLE_SQL } from "../../src/smtp-in/queue";
import { startTestApp, type TestApp } from "../helpers/app";
import { queryPlan } from "../helpers/query-plan";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const plan = (sql: string, params: unknown[]) => queryPlan(app, sql, params);

test("the ingest's claim reads the received ones off inbound_messages_state_idx, in order", () => {
  const steps = plan(`${CLAIMABLE_SQL} LIMIT 32`, []);
  expect(steps.some((d) => /inbound_messages_state_idx/.test(d))).toBe(true);
  expect(steps.some((d) => /TEMP B-TREE/.test(d))).toBe(false);
});

test("the campaign guard's unread mail by address and by domain uses the partial indexes", () => {
  const since = Date.now() - 86_400_000;
  expect(plan(UNREAD_FROM_SQL.address, ["wsp_x", "jane@example.com", since]).some((d) => /inbound_messages_from_idx/.test(d))).toBe(true);
  expect(plan(UNREAD_FROM_SQL.domain, ["wsp_x", "example.com", since]).some((d) => /inbound_messages_from_domain_idx/.test(d))).toBe(true);
});

test("a list filtered by what the ingest found, newest first, walks that filter's index", () => {
  for (const [column, index] of [
    ["kind", "inbound_messages_kind_idx"],
    ["message_id", "inbound_messages_message_idx"],
    ["person_id", "inbound_messages_person_idx"],
    ["thread_id", "inbound_messages_thread_idx"],
    ["campaign_id", "inbound_messages_campaign_idx"],
    ["classification", "inbound_messages_classification_idx"],
  ]) {
    const steps = plan(`SELECT id FROM inbound_messages WHERE workspace_id = ?1 AND ${column} = ?2 ORDER BY id DESC LIMIT 50`, ["wsp_x", "v"]);
    expect(steps.some((d) => d.includes(index))).toBe(true);
    expect(steps.some((d) => /TEMP B-TREE/.test(d))).toBe(false);
  }
});

test("the three indexes hold received mail only", () => {
  const partial = app.ctx.db.$client
    .prepare<{ name: string; partial: number }, []>("SELECT name, partial FROM pragma_index_list('inbound_messages') WHERE name IN ('inbound_messages_state_idx', 'inbound_messages_from_idx', 'inbound_messages_from_domain_idx') ORDER BY name")
    .all();
  expect(partial).toEqual([
    { name: "inbound_messages_from_domain_idx", partial: 1 },
    { name: "inbound_messages_from_idx", partial: 1 },
    { name: "inbound_messages_state_idx", partial: 1 },
  ]);
  const sql = app.ctx.db.$client.prepare<{ sql: string }, []>("SELECT sql FROM sqlite_master WHERE name = 'inbound_messages_from_idx'").get()!.sql;
  expect(sql).toContain("WHERE state = 'received'");
});
