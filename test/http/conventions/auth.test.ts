import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SCOPES } from "../../../src/modules/workspaces/scopes";
import { createKey, revokeKey } from "../../../src/modules/workspaces/workspaces";
import { startTestApp, type TestApp } from "../../helpers/app";
import { apiWithScopes } from "../../helpers/factory";
import { expectEnvelope, expectOk, expectProblem } from "../../helpers/http";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe("authentication", () => {
  test("no credentials is 401", async () => {
    const w = app.newWorkspace();
    expectProblem(await w.api.withToken(null).get("/v1/quota_scopes"), 401, "unauthorized");
  });

  test("a scheme other than Bearer is 401", async () => {
    const w = app.newWorkspace();
    expectProblem(await w.api.withToken(null).get("/v1/quota_scopes", { authorization: "Basic abc" }), 401, "unauthorized");
  });

  test("an unknown key is 401", async () => {
    const w = app.newWorkspace();
    expectProblem(await w.api.withToken("nb_live_" + "x".repeat(40)).get("/v1/quota_scopes"), 401, "unauthorized");
  });

  test("a revoked key is 401; it worked before", async () => {
    const w = app.newWorkspace();
    const { key, token } = createKey(app.ctx, { workspaceId: w.id, scopes: ["connections:read"], kind: "api" });
    expectOk(await w.api.withToken(token).get("/v1/quota_scopes"));
    revokeKey(app.ctx, key.id);
    expectProblem(await w.api.withToken(token).get("/v1/quota_scopes"), 401, "unauthorized");
  });

  test("an API A key is refused on API B", async () => {
    const w = app.newWorkspace();
    expectProblem(await w.api.withToken(w.verificationKey).get("/v1/quota_scopes"), 401, "unauthorized");
  });

  test("an API B key is refused on API A", async () => {
    const w = app.newWorkspace();
    expectEnvelope(await w.apiA.withToken(w.apiKey).post("/v1/people/per_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f/verify"), 401, "unauthorized");
  });
});

describe("scopes", () => {
  test("a valid key without the route's scope is 403 naming the scope", async () => {
    const w = app.newWorkspace();
    const r = await apiWithScopes(app, w, ["people:read"]).get(`/v1/workspaces/${w.id}`);
    expectProblem(r, 403, "forbidden");
    expect(r.body.detail).toContain("workspace:read");
  });

  test.each([
    ["workspace", "nbs_"],
    ["cli", "nbc_"],
  ] as const)("a %s token carries every scope of its workspace", async (kind, prefix) => {
    const w = app.newWorkspace();
    const { token, key } = createKey(app.ctx, { workspaceId: w.id, scopes: [], kind });
    expect(token).toStartWith(prefix);
    expect(key.scopes).toEqual([...SCOPES]);
    expectOk(await w.api.withToken(token).get(`/v1/workspaces/${w.id}`));
  });
});

describe("workspaces and their test twins", () => {
  test("the test key reads its test twin", async () => {
    const w = app.newWorkspace();
    expectOk(await w.testApi.get(`/v1/workspaces/${w.testId}`));
  });

  test("the test key cannot reach the live workspace (404)", async () => {
    const w = app.newWorkspace();
    expectProblem(await w.testApi.get(`/v1/workspaces/${w.id}`), 404, "not_found");
  });

  test("a live workspace names its test twin", async () => {
    const w = app.newWorkspace();
    expect((await w.api.get(`/v1/workspaces/${w.id}`)).body).toMatchObject({ id: w.id, object: "workspace", mode: "live", twin_id: w.testId });
  });

  test("another workspace's key cannot read it (404)", async () => {
    const w = app.newWorkspace();
    const other = app.newWorkspace();
    expectProblem(await other.api.get(`/v1/workspaces/${w.id}`), 404, "not_found");
  });
});
