import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SCOPES } from "../../../src/modules/workspaces/scopes";
import { createKey, revokeKey } from "../../../src/modules/workspaces/workspaces";
import { startTestApp, type TestApp } from "../../helpers/app";
import { expectEnvelope, expectOk, expectProblem } from "../../helpers/http";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe("authentication and scopes", () => {
  test("missing, malformed, unknown and revoked credentials are 401", async () => {
    const w = app.newWorkspace();
    expectProblem(await w.api.withToken(null).get("/v1/quota_scopes"), 401, "unauthorized");
    expectProblem(await w.api.withToken(null).get("/v1/quota_scopes", { authorization: "Basic abc" }), 401, "unauthorized");
    expectProblem(await w.api.withToken("nb_live_" + "x".repeat(40)).get("/v1/quota_scopes"), 401, "unauthorized");
    const { key, token } = createKey(app.ctx, { workspaceId: w.id, scopes: ["connections:read"], kind: "api" });
    expectOk(await w.api.withToken(token).get("/v1/quota_scopes"));
    revokeKey(app.ctx, key.id);
    expectProblem(await w.api.withToken(token).get("/v1/quota_scopes"), 401, "unauthorized");
  });

  test("a valid key without the route's scope is 403 naming the scope", async () => {
    const w = app.newWorkspace();
    const { token } = createKey(app.ctx, { workspaceId: w.id, scopes: ["people:read"], kind: "api" });
    const r = await w.api.withToken(token).get(`/v1/workspaces/${w.id}`);
    expectProblem(r, 403, "forbidden");
    expect(r.body.detail).toContain("workspace:read");
  });

  test("workspace and CLI tokens carry every scope of their workspace", async () => {
    const w = app.newWorkspace();
    for (const kind of ["workspace", "cli"] as const) {
      const { token, key } = createKey(app.ctx, { workspaceId: w.id, scopes: [], kind });
      expect(token).toStartWith(kind === "workspace" ? "nbs_" : "nbc_");
      expect(key.scopes).toEqual([...SCOPES]);
      expectOk(await w.api.withToken(token).get(`/v1/workspaces/${w.id}`));
    }
  });

  test("API A keys are refused on API B, API B keys on API A", async () => {
    const w = app.newWorkspace();
    expectProblem(await w.api.withToken(w.verificationKey).get("/v1/quota_scopes"), 401, "unauthorized");
    expectEnvelope(await w.apiA.withToken(w.apiKey).post("/v1/people/per_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f/verify"), 401, "unauthorized");
  });

  test("the test key acts in the test twin only", async () => {
    const w = app.newWorkspace();
    expectOk(await w.testApi.get(`/v1/workspaces/${w.testId}`));
    expectProblem(await w.testApi.get(`/v1/workspaces/${w.id}`), 404, "not_found");
    const ws = (await w.api.get(`/v1/workspaces/${w.id}`)).body;
    expect(ws).toMatchObject({ id: w.id, object: "workspace", mode: "live", twin_id: w.testId });
    const other = app.newWorkspace();
    expectProblem(await other.api.get(`/v1/workspaces/${w.id}`), 404, "not_found");
  });
});
