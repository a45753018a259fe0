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
  test("the default page holds 20, newest first, without a total", async () => {
    const w = app.newWorkspace();
    const ids = seed(w.id, 45);
    const first = await w.api.get("/v1/quota_scopes");
    expect(first.body.data).toHaveLength(20);
    expect(first.body.data.map((x: any) => x.id)).toEqual([...ids].reverse().slice(0, 20));
    expect(first.body.meta).toEqual({ has_more: true, next_cursor: expect.any(String), total_count: null, total_count_capped: null });
  });

  test("walking the pages gives every item once, newest first", async () => {
    const w = app.newWorkspace();
    const ids = seed(w.id, 45);
    expect(await walk(w.api, "/v1/quota_scopes?limit=7")).toEqual([...ids].reverse());
  });

  test("order=asc walks them oldest first", async () => {
    const w = app.newWorkspace();
    const ids = seed(w.id, 45);
    expect(await walk(w.api, "/v1/quota_scopes?limit=100&order=asc")).toEqual(ids);
  });

  test("stable under concurrent inserts: no duplicates, no skips of older rows", async () => {
    const w = app.newWorkspace();
    const older = seed(w.id, 30);
    const p1 = await w.api.get("/v1/quota_scopes?limit=10");
    seed(w.id, 5); // new rows arrive between pages
    const rest = await walk(w.api, `/v1/quota_scopes?limit=10&cursor=${encodeURIComponent(p1.body.meta.next_cursor)}`);
    const seen = [...p1.body.data.map((x: any) => x.id), ...rest];
    expect(seen).toEqual([...older].reverse());
  });
});

describe("a cursor is bound to its list, filters and order", () => {
  /** Five SES scopes and the cursor after the first page of two. */
  async function sesCursor() {
    const w = app.newWorkspace();
    seed(w.id, 5, "ses");
    const p = await w.api.get("/v1/quota_scopes?limit=2&provider=ses");
    return { w, raw: p.body.meta.next_cursor as string, c: encodeURIComponent(p.body.meta.next_cursor) };
  }

  test("with the same filters and order it gives the next page", async () => {
    const { w, c } = await sesCursor();
    expect((await w.api.get(`/v1/quota_scopes?limit=2&provider=ses&cursor=${c}`)).status).toBe(200);
  });

  test("with another filter value it is 400", async () => {
    const { w, c } = await sesCursor();
    expectProblem(await w.api.get(`/v1/quota_scopes?limit=2&provider=smtp&cursor=${c}`), 400, "invalid_request");
  });

  test("without its filter it is 400", async () => {
    const { w, c } = await sesCursor();
    expectProblem(await w.api.get(`/v1/quota_scopes?limit=2&cursor=${c}`), 400, "invalid_request");
  });

  test("with another order it is 400", async () => {
    const { w, c } = await sesCursor();
    expectProblem(await w.api.get(`/v1/quota_scopes?limit=2&provider=ses&order=asc&cursor=${c}`), 400, "invalid_request");
  });

  test("garbage is 400", async () => {
    const w = app.newWorkspace();
    expectProblem(await w.api.get(`/v1/quota_scopes?cursor=garbage`), 400, "invalid_request");
  });

  test("a tampered cursor is 400", async () => {
    const { w, raw } = await sesCursor();
    const tampered = raw.replace(/^./, (ch: string) => (ch === "A" ? "B" : "A"));
    expectProblem(await w.api.get(`/v1/quota_scopes?limit=2&provider=ses&cursor=${encodeURIComponent(tampered)}`), 400, "invalid_request");
  });
});

describe("limit", () => {
  test.each(["101", "0"])("%s is 422", async (limit) => {
    const w = app.newWorkspace();
    expectProblem(await w.api.get(`/v1/quota_scopes?limit=${limit}`), 422, "validation_failed");
  });

  test("100 is allowed", async () => {
    const w = app.newWorkspace();
    expect((await w.api.get("/v1/quota_scopes?limit=100")).status).toBe(200);
  });
});

describe("include=total_count", () => {
  test("is exact up to 10,000, then capped", async () => {
    const w = app.newWorkspace();
    seed(w.id, 3);
    const small = await w.api.get("/v1/quota_scopes?include=total_count&limit=1");
    expect(small.body.meta).toMatchObject({ total_count: 3, total_count_capped: false });
    seed(w.id, 10_000);
    const big = await w.api.get("/v1/quota_scopes?include=total_count&limit=1");
    expect(big.body.meta).toMatchObject({ total_count: 10_000, total_count_capped: true });
  });
});

describe("query plans", () => {
  test.each([
    "SELECT * FROM quota_scopes WHERE workspace_id = ? ORDER BY id DESC LIMIT 21",
    "SELECT * FROM quota_scopes WHERE workspace_id = ? AND id < ? ORDER BY id DESC LIMIT 21",
    "SELECT * FROM quota_scopes WHERE workspace_id = ? AND provider = ? ORDER BY id ASC LIMIT 21",
    "SELECT * FROM quota_scopes WHERE workspace_id = ? AND scope_key = ? ORDER BY id DESC LIMIT 21",
    "SELECT * FROM jobs WHERE state = 'available' AND run_at <= ? ORDER BY run_at, id LIMIT 1",
  ])("uses an index, no temp b-tree sort: %s", (q) => {
    const n = q.split("?").length - 1;
    const plan = (app.ctx.db.$client.query(`EXPLAIN QUERY PLAN ${q}`).all(...["a", "b"].slice(0, n)) as { detail: string }[]).map((r) => r.detail).join("; ");
    expect(plan).not.toContain("TEMP B-TREE");
    expect(plan).toMatch(/USING (COVERING )?INDEX|USING INTEGER PRIMARY KEY/);
  });
});
