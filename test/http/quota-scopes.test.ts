import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { connections, quotaLedger } from "../../src/db/schema";
import { newId } from "../../src/lib/ids";
import { startTestApp, type TestApp } from "../helpers/app";
import { apiWithScopes, createQuotaScope } from "../helpers/factory";
import { expectOk, expectProblem } from "../helpers/http";
import { expectIsolated } from "../helpers/isolation";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const SES = { provider: "ses", scope_key: "acct:eu-west-1", window_limit: 14, window_seconds: 1, window_unit: "requests" };

describe("POST /v1/quota_scopes", () => {
  test("creates the scope and answers its ETag", async () => {
    const { api } = app.newWorkspace();
    const c = await api.post("/v1/quota_scopes", { ...SES, messages_per_day: 500 });
    expectOk(c, 201);
    expect(c.body).toMatchObject({ provider: "ses", scope_key: "acct:eu-west-1", messages_per_day: 500, window_limit: 14, webhook: null });
    expect(c.headers.get("etag")).toBe(`"${c.body.version}"`);
  });

  test("a duplicate provider+scope_key is 409", async () => {
    const { api } = app.newWorkspace();
    await createQuotaScope(api, { scope_key: "dup" });
    expectProblem(await api.post("/v1/quota_scopes", { provider: "smtp", scope_key: "dup" }), 409, "conflict");
  });

  test("needs connections:manage, named in the answer; connections:read may list", async () => {
    const w = app.newWorkspace();
    const ro = apiWithScopes(app, w, ["connections:read"]);
    const r = await ro.post("/v1/quota_scopes", { provider: "smtp", scope_key: "relay:587", messages_per_day: 500 });
    expectProblem(r, 403, "forbidden");
    expect(r.body.detail).toContain("connections:manage");
    expectOk(await ro.get("/v1/quota_scopes"));
  });
});

describe("GET /v1/quota_scopes/{id}", () => {
  test("answers the scope as created, with its ETag", async () => {
    const { api } = app.newWorkspace();
    const q = await createQuotaScope(api, SES);
    const g = await api.get(`/v1/quota_scopes/${q.id}`);
    expect(g.body).toEqual(q);
    expect(g.headers.get("etag")).toBe(`"${q.version}"`);
  });
});

describe("GET /v1/quota_scopes", () => {
  test("filters by provider", async () => {
    const { api } = app.newWorkspace();
    const ses = await createQuotaScope(api, SES);
    await createQuotaScope(api, { provider: "smtp" });
    expect((await api.get("/v1/quota_scopes?provider=ses")).body.data.map((q: any) => q.id)).toEqual([ses.id]);
  });

  test("filters by scope_key", async () => {
    const { api } = app.newWorkspace();
    const ses = await createQuotaScope(api, SES);
    await createQuotaScope(api, { provider: "smtp" });
    expect((await api.get("/v1/quota_scopes?scope_key=acct:eu-west-1")).body.data.map((q: any) => q.id)).toEqual([ses.id]);
  });
});

describe("PATCH /v1/quota_scopes/{id}", () => {
  test("null clears a limit, a number sets one, and the version moves", async () => {
    const { api } = app.newWorkspace();
    const q = await createQuotaScope(api);
    app.clock.advance(1);
    const p = await api.patch(`/v1/quota_scopes/${q.id}`, { messages_per_day: null, recipients_per_day: 900 }, { "if-match": `"${q.version}"` });
    expectOk(p);
    expect(p.body.messages_per_day).toBeNull();
    expect(p.body.recipients_per_day).toBe(900);
    expect(p.body.version).toBeGreaterThan(q.version);
  });

  test("a stale If-Match is 412 and changes nothing", async () => {
    const { api } = app.newWorkspace();
    const q = await createQuotaScope(api);
    app.clock.advance(1);
    expectOk(await api.patch(`/v1/quota_scopes/${q.id}`, { messages_per_day: null }, { "if-match": `"${q.version}"` }));
    const stale = await api.patch(`/v1/quota_scopes/${q.id}`, { messages_per_day: 7 }, { "if-match": `"${q.version}"` });
    expectProblem(stale, 412, "precondition_failed");
    expect((await api.get(`/v1/quota_scopes/${q.id}`)).body.messages_per_day).toBeNull();
  });

  test("If-Match: * matches any version", async () => {
    const { api } = app.newWorkspace();
    const q = await createQuotaScope(api);
    app.clock.advance(1);
    expectOk(await api.patch(`/v1/quota_scopes/${q.id}`, { messages_per_day: 7 }));
    expectOk(await api.patch(`/v1/quota_scopes/${q.id}`, { messages_per_day: 8 }, { "if-match": "*" }));
  });

  test("without If-Match the change applies", async () => {
    const { api } = app.newWorkspace();
    const q = await createQuotaScope(api);
    expectOk(await api.patch(`/v1/quota_scopes/${q.id}`, { messages_per_day: 9 }));
  });

  test("an If-Match that is not a quoted version is 400", async () => {
    const { api } = app.newWorkspace();
    const q = await createQuotaScope(api);
    expectProblem(await api.patch(`/v1/quota_scopes/${q.id}`, { messages_per_day: 9 }, { "if-match": "12" }), 400, "invalid_request");
  });
});

describe("DELETE /v1/quota_scopes/{id}", () => {
  test("removes the scope: 204, then 404", async () => {
    const { api } = app.newWorkspace();
    const q = await createQuotaScope(api);
    expect((await api.delete(`/v1/quota_scopes/${q.id}`)).status).toBe(204);
    expectProblem(await api.get(`/v1/quota_scopes/${q.id}`), 404, "not_found");
  });

  test("deletes its ledger with it", async () => {
    const w = app.newWorkspace();
    const q = await createQuotaScope(w.api);
    const now = app.clock.now();
    app.ctx.db.insert(quotaLedger).values({ workspaceId: w.id, quotaScopeId: q.id, messageId: newId("msg"), messages: 1, recipients: 1, units: 1, chargedAt: now }).run();
    expect((await w.api.delete(`/v1/quota_scopes/${q.id}`)).status).toBe(204);
    expect(app.ctx.db.select().from(quotaLedger).all().filter((r) => r.quotaScopeId === q.id)).toEqual([]);
  });

  test("is 409 naming a connection that uses it, archived or not", async () => {
    const w = app.newWorkspace();
    const q = await createQuotaScope(w.api);
    const now = app.clock.now();
    const cnx = newId("cnx");
    app.ctx.db.insert(connections).values({ id: cnx, workspaceId: w.id, kind: "ses", name: "SES eu", quotaScopeId: q.id, status: "archived", archivedAt: now, createdAt: now, updatedAt: now }).run();
    const refused = await w.api.delete(`/v1/quota_scopes/${q.id}`);
    expectProblem(refused, 409, "invalid_state");
    expect(refused.body.detail).toContain(cnx);
  });
});

describe("isolation", () => {
  test("a quota scope is invisible to other workspaces and to the test twin", async () => {
    const a = app.newWorkspace();
    const b = app.newWorkspace();
    const q = await createQuotaScope(a.api, { messages_per_day: 500 });
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
