import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { t } from "elysia";
import { fieldErrors } from "../../../src/http/shared/validation";
import { startTestApp, type TestApp } from "../../helpers/app";
import { expectProblem } from "../../helpers/http";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe("validation", () => {
  test("lists every invalid body field with a pointer, code and detail", async () => {
    const { api } = app.newWorkspace();
    const r = await api.post("/v1/quota_scopes", { provider: "Bad Provider", messages_per_day: -5, window_unit: "hours", extra: 1 });
    expectProblem(r, 422, "validation_failed");
    const byPointer = Object.fromEntries(r.body.errors.map((e: any) => [e.pointer, e.code]));
    expect(byPointer).toEqual({
      "/provider": "format",
      "/scope_key": "required",
      "/messages_per_day": "range",
      "/window_unit": "invalid",
      "/extra": "unknown",
    });
    for (const e of r.body.errors) expect(typeof e.detail).toBe("string");
  });

  test("query parameters are reported as ?name, together with body fields", async () => {
    const { api } = app.newWorkspace();
    const r = await api.get("/v1/quota_scopes?limit=0&order=sideways&include=everything");
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors.map((e: any) => e.pointer).sort()).toEqual(["?include", "?limit", "?order"]);
    expect(r.body.errors.find((e: any) => e.pointer === "?limit").code).toBe("range");
  });

  test("pointers reach into nested arrays (RFC 6901)", () => {
    const Steps = t.Object({
      steps: t.Array(t.Object({ variants: t.Array(t.Object({ weight: t.Integer({ minimum: 1, maximum: 100 }) })) })),
    });
    const errs = fieldErrors(Steps, { steps: [{ variants: [{ weight: 5 }, { weight: 50 }, { weight: 500 }] }] }, "body");
    expect(errs).toEqual([{ pointer: "/steps/0/variants/2/weight", code: "range", detail: expect.any(String) }]);
  });

  test("a malformed id in the path is 404", async () => {
    const { api } = app.newWorkspace();
    expectProblem(await api.get("/v1/quota_scopes/qsc_123"), 404, "not_found");
    expectProblem(await api.get("/v1/jobs/not-a-job"), 404, "not_found");
  });

  test("an unauthenticated request with a malformed id is 401, not 404", async () => {
    const { api } = app.newWorkspace();
    expectProblem(await api.withToken(null).get("/v1/quota_scopes/qsc_123"), 401, "unauthorized");
  });
});
