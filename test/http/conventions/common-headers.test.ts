// X-Request-Id on every answer; RateLimit-Policy and RateLimit on every API
// answer, whichever way it was made (a route's value, a Response, a replay,
// an error from auth, validation, the route or the router).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createKey } from "../../../src/modules/workspaces/workspaces";
import { startTestApp, type TestApp, type TestWorkspace } from "../../helpers/app";
import type { Answer } from "../../helpers/http";

let app: TestApp;
let w: TestWorkspace;
let scopeId: string;
beforeAll(async () => {
  app = await startTestApp();
  w = app.newWorkspace();
  scopeId = (await w.api.post("/v1/quota_scopes", { provider: "smtp", scope_key: "relay:587" })).body.id;
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

describe("headers on every answer", () => {
  test("successes: a value, an ETag'd read, a created resource, a list, a replay, an empty 204", async () => {
    const read = await w.api.get(`/v1/quota_scopes/${scopeId}`);
    expectCommon(read, 200);
    expect(read.headers.get("etag")).toMatch(/^"\d+"$/);
    expectCommon(await w.api.get("/v1/quota_scopes"), 200);
    const key = { "idempotency-key": "headers-1" };
    const created = await w.api.post("/v1/quota_scopes", { provider: "smtp", scope_key: "other:587" }, key);
    expectCommon(created, 201);
    const replay = await w.api.post("/v1/quota_scopes", { provider: "smtp", scope_key: "other:587" }, key);
    expectCommon(replay, 201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.headers.get("x-request-id")).not.toBe(created.headers.get("x-request-id"));
    expectCommon(await w.api.delete(`/v1/quota_scopes/${created.body.id}`), 204);
    expectCommon(await w.api.get(`/v1/workspaces/${w.id}`), 200);
  });

  test("errors: credential, scope, validation, path, state, router", async () => {
    expectCommon(await w.api.withToken(null).get("/v1/quota_scopes"), 401);
    const { token } = createKey(app.ctx, { workspaceId: w.id, scopes: ["people:read"], kind: "api" });
    expectCommon(await w.api.withToken(token).get("/v1/quota_scopes"), 403);
    expectCommon(await w.api.get("/v1/quota_scopes?limit=0"), 422);
    expectCommon(await w.api.get("/v1/quota_scopes/not-an-id"), 404);
    expectCommon(await w.api.get(`/v1/quota_scopes/qsc_${"0".repeat(32)}`), 404);
    expectCommon(await w.api.patch(`/v1/quota_scopes/${scopeId}`, { messages_per_day: 5 }, { "if-match": '"1"' }), 412);
    // a body is parsed before authentication, and no route was found: nothing was charged yet
    expectCommon(await w.api.post("/v1/quota_scopes", "{", { "content-type": "application/json" }), 400, { charged: false });
    expectCommon(await w.api.get("/v1/nothing-here"), 404, { charged: false });
    expectCommon(await w.api.delete("/v1/quota_scopes"), 405, { charged: false });
  });

  test("API A and the service paths", async () => {
    expectCommon(await w.apiA.withToken(null).post(`/v1/people/per_${"0".repeat(32)}/verify`), 401);
    expectCommon(await w.apiA.post(`/v1/people/per_${"0".repeat(32)}/verify`), 404);
    expectCommon(await w.api.get("/healthz"), 200, { api: false });
  });

  test("an incoming X-Request-Id is kept, on success and error alike", async () => {
    for (const [path, status] of [[`/v1/quota_scopes/${scopeId}`, 200], ["/v1/quota_scopes/not-an-id", 404]] as const) {
      const a = await w.api.get(path, { "x-request-id": `trace-${status}` });
      expect(a.status).toBe(status);
      expect(a.headers.get("x-request-id")).toBe(`trace-${status}`);
    }
  });
});
