import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { connections } from "../../src/db/schema";
import { newId } from "../../src/lib/ids";
import { startTestApp, type TestApp } from "../helpers/app";
import { expectOk, expectProblem } from "../helpers/http";
import { expectIsolated } from "../helpers/isolation";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const create = (api: any, body: Record<string, unknown> = {}) =>
  api.post("/v1/quota_scopes", { provider: "smtp", scope_key: `relay-${crypto.randomUUID()}:587`, messages_per_day: 500, ...body });

describe("quota scopes", () => {
  test("create, read with ETag, list with filters", async () => {
    const { api } = app.newWorkspace();
    const c = await create(api, { provider: "ses", scope_key: "acct:eu-west-1", window_limit: 14, window_seconds: 1, window_unit: "requests" });
    expectOk(c, 201);
    expect(c.body).toMatchObject({ provider: "ses", scope_key: "acct:eu-west-1", messages_per_day: 500, window_limit: 14, webhook: null });
    expect(c.headers.get("etag")).toBe(`"${c.body.version}"`);
    const g = await api.get(`/v1/quota_scopes/${c.body.id}`);
    expect(g.body).toEqual(c.body);
    expect(g.headers.get("etag")).toBe(`"${c.body.version}"`);
    await create(api, { provider: "smtp" });
    const bySes = await api.get("/v1/quota_scopes?provider=ses");
    expect(bySes.body.data.map((q: any) => q.id)).toEqual([c.body.id]);
    const byKey = await api.get("/v1/quota_scopes?scope_key=acct:eu-west-1");
    expect(byKey.body.data.map((q: any) => q.id)).toEqual([c.body.id]);
  });

  test("a duplicate provider+scope_key is 409", async () => {
    const { api } = app.newWorkspace();
    expectOk(await create(api, { scope_key: "dup" }), 201);
    expectProblem(await create(api, { scope_key: "dup" }), 409, "conflict");
  });

  test("PATCH: null clears a limit, version moves, stale If-Match is 412 and changes nothing", async () => {
    const { api } = app.newWorkspace();
    const q = (await create(api)).body;
    app.clock.advance(1);
    const p = await api.patch(`/v1/quota_scopes/${q.id}`, { messages_per_day: null, recipients_per_day: 900 }, { "if-match": `"${q.version}"` });
    expectOk(p);
    expect(p.body.messages_per_day).toBeNull();
    expect(p.body.recipients_per_day).toBe(900);
    expect(p.body.version).toBeGreaterThan(q.version);
    const stale = await api.patch(`/v1/quota_scopes/${q.id}`, { messages_per_day: 7 }, { "if-match": `"${q.version}"` });
    expectProblem(stale, 412, "precondition_failed");
    expect((await api.get(`/v1/quota_scopes/${q.id}`)).body.messages_per_day).toBeNull();
    expectOk(await api.patch(`/v1/quota_scopes/${q.id}`, { messages_per_day: 8 }, { "if-match": "*" }));
    expectOk(await api.patch(`/v1/quota_scopes/${q.id}`, { messages_per_day: 9 }));
    expectProblem(await api.patch(`/v1/quota_scopes/${q.id}`, { messages_per_day: 9 }, { "if-match": "12" }), 400, "invalid_request");
  });

  test("DELETE: 204, 409 naming provider connections (archived too), 404 after", async () => {
    const w = app.newWorkspace();
    const q = (await create(w.api)).body;
    const now = app.clock.now();
    const cnx = newId("cnx");
    app.ctx.db.insert(connections).values({ id: cnx, workspaceId: w.id, kind: "ses", name: "SES eu", quotaScopeId: q.id, status: "archived", archivedAt: now, createdAt: now, updatedAt: now }).run();
    const refused = await w.api.delete(`/v1/quota_scopes/${q.id}`);
    expectProblem(refused, 409, "invalid_state");
    expect(refused.body.detail).toContain(cnx);
    const q2 = (await create(w.api)).body;
    const d = await w.api.delete(`/v1/quota_scopes/${q2.id}`);
    expect(d.status).toBe(204);
    expectProblem(await w.api.get(`/v1/quota_scopes/${q2.id}`), 404, "not_found");
  });

  test("writes need connections:manage", async () => {
    const w = app.newWorkspace();
    const { createKey } = await import("../../src/modules/workspaces/workspaces");
    const { token } = createKey(app.ctx, { workspaceId: w.id, scopes: ["connections:read"], kind: "api" });
    const ro = w.api.withToken(token);
    const r = await create(ro);
    expectProblem(r, 403, "forbidden");
    expect(r.body.detail).toContain("connections:manage");
    expectOk(await ro.get("/v1/quota_scopes"));
  });

  test("is invisible to other workspaces and to the test twin", async () => {
    const a = app.newWorkspace();
    const b = app.newWorkspace();
    const q = (await create(a.api)).body;
    await expectIsolated([b.api, a.testApi], {
      resourcePath: `/v1/quota_scopes/${q.id}`,
      listPath: "/v1/quota_scopes",
      id: q.id,
      routes: [
        ["PATCH", `/v1/quota_scopes/${q.id}`, { messages_per_day: 1 }],
        ["DELETE", `/v1/quota_scopes/${q.id}`],
      ],
    });
    expect((await a.api.get(`/v1/quota_scopes/${q.id}`)).body.messages_per_day).toBe(500);
  });
});
