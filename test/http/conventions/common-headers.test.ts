// X-Request-Id on every answer; RateLimit-Policy and RateLimit on every API
// answer, whichever way it was made (a route's value, a Response, a replay,
// an error from auth, validation, the route or the router).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestApp, type TestApp, type TestWorkspace } from "../../helpers/app";
import { apiWithScopes, createQuotaScope } from "../../helpers/factory";
import type { Answer } from "../../helpers/http";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const RATE = /^"default";r=\d+;t=\d+$/;

function expectCommon(a: Answer, status: number, opts: { charged?: boolean; api?: boolean } = {}): void {
  expect(a.status).toBe(status);
  expect(a.headers.get("x-request-id")).toMatch(/^req_[0-9a-f-]{36}$/);
  if (opts.api === false) {
    expect(a.headers.get("ratelimit-policy")).toBeNull();
    return;
  }
  expect(a.headers.get("ratelimit-policy")).toBe('"default";q=100000;w=1');
  if (opts.charged === false) expect(a.headers.get("ratelimit")).toBeNull();
  else expect(a.headers.get("ratelimit")).toMatch(RATE);
}

/** A fresh workspace with one quota scope. */
async function withScope(): Promise<{ w: TestWorkspace; scopeId: string }> {
  const w = app.newWorkspace();
  return { w, scopeId: (await createQuotaScope(w.api, { scope_key: "relay:587" })).id };
}

describe("headers on successes", () => {
  test("an ETag'd read", async () => {
    const { w, scopeId } = await withScope();
    const read = await w.api.get(`/v1/quota_scopes/${scopeId}`);
    expectCommon(read, 200);
    expect(read.headers.get("etag")).toMatch(/^"\d+"$/);
  });

  test("a list", async () => {
    const { w } = await withScope();
    expectCommon(await w.api.get("/v1/quota_scopes"), 200);
  });

  test("a created resource", async () => {
    const w = app.newWorkspace();
    expectCommon(await w.api.post("/v1/quota_scopes", { provider: "smtp", scope_key: "other:587" }, { "idempotency-key": "headers-1" }), 201);
  });

  test("a replay, with a request id of its own", async () => {
    const w = app.newWorkspace();
    const key = { "idempotency-key": "headers-1" };
    const created = await w.api.post("/v1/quota_scopes", { provider: "smtp", scope_key: "other:587" }, key);
    const replay = await w.api.post("/v1/quota_scopes", { provider: "smtp", scope_key: "other:587" }, key);
    expectCommon(replay, 201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.headers.get("x-request-id")).not.toBe(created.headers.get("x-request-id"));
  });

  test("an empty 204", async () => {
    const { w, scopeId } = await withScope();
    expectCommon(await w.api.delete(`/v1/quota_scopes/${scopeId}`), 204);
  });

  test("a value (the workspace)", async () => {
    const w = app.newWorkspace();
    expectCommon(await w.api.get(`/v1/workspaces/${w.id}`), 200);
  });
});

describe("headers on errors", () => {
  test("no credentials (401)", async () => {
    const w = app.newWorkspace();
    expectCommon(await w.api.withToken(null).get("/v1/quota_scopes"), 401);
  });

  test("a missing scope (403)", async () => {
    const w = app.newWorkspace();
    expectCommon(await apiWithScopes(app, w, ["people:read"]).get("/v1/quota_scopes"), 403);
  });

  test("a validation error (422)", async () => {
    const w = app.newWorkspace();
    expectCommon(await w.api.get("/v1/quota_scopes?limit=0"), 422);
  });

  test("a malformed id in the path (404)", async () => {
    const w = app.newWorkspace();
    expectCommon(await w.api.get("/v1/quota_scopes/not-an-id"), 404);
  });

  test("an unknown resource (404)", async () => {
    const w = app.newWorkspace();
    expectCommon(await w.api.get(`/v1/quota_scopes/qsc_${"0".repeat(32)}`), 404);
  });

  test("a failed precondition (412)", async () => {
    const { w, scopeId } = await withScope();
    expectCommon(await w.api.patch(`/v1/quota_scopes/${scopeId}`, { messages_per_day: 5 }, { "if-match": '"1"' }), 412);
  });

  // a body is parsed before authentication, and no route was found: nothing was charged yet
  test("a malformed body (400), not charged", async () => {
    const w = app.newWorkspace();
    expectCommon(await w.api.post("/v1/quota_scopes", "{", { "content-type": "application/json" }), 400, { charged: false });
  });

  test("no such route (404), not charged", async () => {
    const w = app.newWorkspace();
    expectCommon(await w.api.get("/v1/nothing-here"), 404, { charged: false });
  });

  test("a method the route does not have (405), not charged", async () => {
    const w = app.newWorkspace();
    expectCommon(await w.api.delete("/v1/quota_scopes"), 405, { charged: false });
  });
});

describe("headers on API A and the service paths", () => {
  test("API A without credentials (401)", async () => {
    const w = app.newWorkspace();
    expectCommon(await w.apiA.withToken(null).post(`/v1/people/per_${"0".repeat(32)}/verify`), 401);
  });

  test("API A for an unknown person (404)", async () => {
    const w = app.newWorkspace();
    expectCommon(await w.apiA.post(`/v1/people/per_${"0".repeat(32)}/verify`), 404);
  });

  test("/healthz: a request id, no rate limit headers", async () => {
    const w = app.newWorkspace();
    expectCommon(await w.api.get("/healthz"), 200, { api: false });
  });
});

describe("an incoming X-Request-Id", () => {
  test("is kept on a success", async () => {
    const { w, scopeId } = await withScope();
    const a = await w.api.get(`/v1/quota_scopes/${scopeId}`, { "x-request-id": "trace-200" });
    expect(a.status).toBe(200);
    expect(a.headers.get("x-request-id")).toBe("trace-200");
  });

  test("is kept on an error", async () => {
    const w = app.newWorkspace();
    const a = await w.api.get("/v1/quota_scopes/not-an-id", { "x-request-id": "trace-404" });
    expect(a.status).toBe(404);
    expect(a.headers.get("x-request-id")).toBe("trace-404");
  });
});
