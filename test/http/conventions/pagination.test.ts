import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { quotaScopes } from "../../../src/db/schema";
import { newId } from "../../../src/lib/ids";
import { startTestApp, type TestApp } from "../../helpers/app";
import { expectProblem } from "../../helpers/http";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

function seed(workspaceId: string, n: number, provider = "smtp"): string[] {
  const now = app.clock.now();
  const rows = Array.from({ length: n }, (_, i) => ({
    id: newId("qsc"),
    workspaceId,
    provider,
    scopeKey: `k${i}-${crypto.randomUUID()}`,
    version: now * 1000,
    createdAt: now,
    updatedAt: now,
  }));
  app.ctx.db.transaction((tx) => {
    for (let i = 0; i < rows.length; i += 500) tx.insert(quotaScopes).values(rows.slice(i, i + 500)).run();
  });
  return rows.map((r) => r.id);
}

async function walk(api: any, path: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const r: any = await api.get(path + (cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""));
    expect(r.status).toBe(200);
    ids.push(...r.body.data.map((x: any) => x.id));
    cursor = r.body.meta.next_cursor;
    expect(r.body.meta.has_more).toBe(cursor !== null);
  } while (cursor);
  return ids;
}

describe("cursor pages", () => {
  test("default limit 20, newest first; asc reverses; every item exactly once", async () => {
    const w = app.newWorkspace();
    const ids = seed(w.id, 45);
    const first = await w.api.get("/v1/quota_scopes");
    expect(first.body.data).toHaveLength(20);
    expect(first.body.meta).toEqual({ has_more: true, next_cursor: expect.any(String), total_count: null, total_count_capped: null });
    expect(await walk(w.api, "/v1/quota_scopes?limit=7")).toEqual([...ids].reverse());
    expect(await walk(w.api, "/v1/quota_scopes?limit=100&order=asc")).toEqual(ids);
  });

  test("stable under concurrent inserts: no duplicates, no skips of older rows", async () => {
    const w = app.newWorkspace();
    const older = seed(w.id, 30);
    const p1 = await w.api.get("/v1/quota_scopes?limit=10");
    seed(w.id, 5); // new rows arrive between pages
    const rest = await walk(w.api, `/v1/quota_scopes?limit=10&cursor=${encodeURIComponent(p1.body.meta.next_cursor)}&x=`.replace("&x=", ""));
    const seen = [...p1.body.data.map((x: any) => x.id), ...rest];
    expect(seen).toEqual([...older].reverse());
  });

  test("a cursor is bound to its list, filters and order", async () => {
    const w = app.newWorkspace();
    seed(w.id, 5, "ses");
    const p = await w.api.get("/v1/quota_scopes?limit=2&provider=ses");
    const c = encodeURIComponent(p.body.meta.next_cursor);
    expect((await w.api.get(`/v1/quota_scopes?limit=2&provider=ses&cursor=${c}`)).status).toBe(200);
    expectProblem(await w.api.get(`/v1/quota_scopes?limit=2&provider=smtp&cursor=${c}`), 400, "invalid_request");
    expectProblem(await w.api.get(`/v1/quota_scopes?limit=2&cursor=${c}`), 400, "invalid_request");
    expectProblem(await w.api.get(`/v1/quota_scopes?limit=2&provider=ses&order=asc&cursor=${c}`), 400, "invalid_request");
    expectProblem(await w.api.get(`/v1/quota_scopes?cursor=garbage`), 400, "invalid_request");
    const tampered = p.body.meta.next_cursor.replace(/^./, (ch: string) => (ch === "A" ? "B" : "A"));
    expectProblem(await w.api.get(`/v1/quota_scopes?limit=2&provider=ses&cursor=${encodeURIComponent(tampered)}`), 400, "invalid_request");
  });

  test("limit is 1-100", async () => {
    const w = app.newWorkspace();
    expectProblem(await w.api.get("/v1/quota_scopes?limit=101"), 422, "validation_failed");
    expectProblem(await w.api.get("/v1/quota_scopes?limit=0"), 422, "validation_failed");
    expect((await w.api.get("/v1/quota_scopes?limit=100")).status).toBe(200);
  });

  test("include=total_count is exact up to 10,000, then capped", async () => {
    const w = app.newWorkspace();
    seed(w.id, 3);
    const small = await w.api.get("/v1/quota_scopes?include=total_count&limit=1");
    expect(small.body.meta).toMatchObject({ total_count: 3, total_count_capped: false });
    seed(w.id, 10_000);
    const big = await w.api.get("/v1/quota_scopes?include=total_count&limit=1");
    expect(big.body.meta).toMatchObject({ total_count: 10_000, total_count_capped: true });
  });

  test("every list ordering uses an index (no temp b-tree sort)", () => {
    const plans = [
      "SELECT * FROM quota_scopes WHERE workspace_id = ? ORDER BY id DESC LIMIT 21",
      "SELECT * FROM quota_scopes WHERE workspace_id = ? AND id < ? ORDER BY id DESC LIMIT 21",
      "SELECT * FROM quota_scopes WHERE workspace_id = ? AND provider = ? ORDER BY id ASC LIMIT 21",
      "SELECT * FROM quota_scopes WHERE workspace_id = ? AND scope_key = ? ORDER BY id DESC LIMIT 21",
      "SELECT * FROM jobs WHERE state = 'available' AND run_at <= ? ORDER BY run_at, id LIMIT 1",
    ];
    for (const q of plans) {
      const n = q.split("?").length - 1;
      const plan = (app.ctx.db.$client.query(`EXPLAIN QUERY PLAN ${q}`).all(...["a", "b"].slice(0, n)) as { detail: string }[]).map((r) => r.detail).join("; ");
      expect(plan).not.toContain("TEMP B-TREE");
      expect(plan).toMatch(/USING (COVERING )?INDEX|USING INTEGER PRIMARY KEY/);
    }
  });
});
