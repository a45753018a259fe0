import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createKey } from "../../src/modules/workspaces/workspaces";
import { startTestApp, type TestApp } from "../helpers/app";
import { expectOk, expectProblem, type Api } from "../helpers/http";
import { expectIsolated } from "../helpers/isolation";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const field = async (api: Api, body: Record<string, unknown>) => {
  const r = await api.post("/v1/fields", { label: "A field", type: "text", ...body });
  expectOk(r, 201);
  return r.body;
};

describe("custom fields", () => {
  test("create every type, read, list newest first", async () => {
    const { api } = app.newWorkspace();
    const made = [];
    for (const type of ["text", "number", "boolean", "date"]) made.push(await field(api, { key: `f_${type}`, type }));
    const e = await field(api, { key: "tier", label: "Tier", type: "enum", options: ["gold", "silver"] });
    expect(e).toMatchObject({ object: "field", key: "tier", label: "Tier", type: "enum", options: ["gold", "silver"] });
    expect(e.id).toMatch(/^fld_[0-9a-f]{32}$/);
    expect(made[0].options).toBeNull();
    expect((await api.get(`/v1/fields/${e.id}`)).body).toEqual(e);
    const list = await api.get("/v1/fields");
    expect(list.body.data.map((f: any) => f.key)).toEqual(["tier", "f_date", "f_boolean", "f_number", "f_text"]);
    expect(list.body.meta.has_more).toBe(false);
  });

  test("invalid definitions are 422; a duplicate key is 409", async () => {
    const { api } = app.newWorkspace();
    for (const key of ["Tier", "1st", "has-dash", "a".repeat(65), ""]) {
      const r = await api.post("/v1/fields", { key, label: "x", type: "text" });
      expectProblem(r, 422, "validation_failed");
      expect(r.body.errors[0].pointer).toBe("/key");
    }
    const noOptions = await api.post("/v1/fields", { key: "tier", label: "Tier", type: "enum" });
    expectProblem(noOptions, 422, "validation_failed");
    expect(noOptions.body.errors[0]).toMatchObject({ pointer: "/options", code: "required" });
    const dupOption = await api.post("/v1/fields", { key: "tier", label: "Tier", type: "enum", options: ["a", "a"] });
    expect(dupOption.body.errors[0]).toMatchObject({ pointer: "/options/1", code: "duplicate" });
    expect((await api.post("/v1/fields", { key: "t", label: "T", type: "text", options: ["a"] })).body.errors[0].pointer).toBe("/options");
    expectProblem(await api.post("/v1/fields", { key: "t", label: "T", type: "json" }), 422, "validation_failed");
    await field(api, { key: "seats" });
    expectProblem(await api.post("/v1/fields", { key: "seats", label: "Again", type: "number" }), 409, "conflict");
  });

  test("a workspace holds at most 100 fields, and the list returns them all", async () => {
    const { api } = app.newWorkspace();
    for (let i = 0; i < 100; i++) await field(api, { key: `k${i}` });
    const over = await api.post("/v1/fields", { key: "k100", label: "x", type: "text" });
    expectProblem(over, 409, "invalid_state");
    const list = await api.get("/v1/fields");
    expect(list.body.data).toHaveLength(100);
    expect(list.body.meta.has_more).toBe(false);
    expectProblem(await api.get("/v1/fields?limit=101"), 422, "validation_failed");
  });

  test("PATCH changes the label or enum options only", async () => {
    const { api } = app.newWorkspace();
    const f = await field(api, { key: "tier", type: "enum", options: ["gold", "silver"] });
    app.clock.advance(1000);
    const r = await api.patch(`/v1/fields/${f.id}`, { label: "Customer tier", options: ["gold", "silver", "bronze"] });
    expectOk(r);
    expect(r.body).toMatchObject({ key: "tier", type: "enum", label: "Customer tier", options: ["gold", "silver", "bronze"] });
    expect(r.body.updated_at).not.toBe(f.updated_at);
    const fixed = await api.patch(`/v1/fields/${f.id}`, { key: "rank", type: "text" });
    expectProblem(fixed, 422, "validation_failed");
    expect(fixed.body.errors.map((e: any) => [e.pointer, e.code])).toEqual([["/key", "unknown"], ["/type", "unknown"]]);
    const text = await field(api, { key: "note" });
    expectProblem(await api.patch(`/v1/fields/${text.id}`, { options: ["a"] }), 422, "validation_failed");
  });

  test("removing an enum option is refused while people hold it or a segment compares with it", async () => {
    const { api } = app.newWorkspace();
    const f = await field(api, { key: "tier", type: "enum", options: ["gold", "silver", "bronze"] });
    const p = (await api.post("/v1/people", { email: "a@example.com", custom_fields: { tier: "gold" } })).body;
    const held = await api.patch(`/v1/fields/${f.id}`, { options: ["silver", "bronze"] });
    expectProblem(held, 409, "invalid_state");
    expect(held.body.detail).toContain("1 person holds");
    const seg = (await api.post("/v1/segments", { name: "Silver", filter: { field: "custom.tier", op: "in", value: ["silver"] } })).body;
    const named = await api.patch(`/v1/fields/${f.id}`, { options: ["gold", "bronze"] });
    expectProblem(named, 409, "invalid_state");
    expect(named.body.detail).toContain(seg.id);
    expectOk(await api.patch(`/v1/fields/${f.id}`, { options: ["gold", "silver"] }));
    await api.patch(`/v1/people/${p.id}`, { custom_fields: { tier: "silver" } });
    expect((await api.get(`/v1/fields/${f.id}`)).body.options).toEqual(["gold", "silver"]);
  });

  test("DELETE is refused while a segment uses the field, then removes every person's value", async () => {
    const { api } = app.newWorkspace();
    const seats = await field(api, { key: "seats", type: "number" });
    await field(api, { key: "city" });
    const a = (await api.post("/v1/people", { email: "a@example.com", custom_fields: { seats: 3, city: "Oslo" } })).body;
    const b = (await api.post("/v1/people", { email: "b@example.com", custom_fields: { seats: 5 } })).body;
    const seg = (await api.post("/v1/segments", { name: "Big", filter: { any: [{ field: "custom.seats", op: "gt", value: 4 }] } })).body;
    const refused = await api.delete(`/v1/fields/${seats.id}`);
    expectProblem(refused, 409, "invalid_state");
    expect(refused.body.detail).toContain(seg.id);
    await api.patch(`/v1/segments/${seg.id}`, { filter: { field: "email", op: "exists" } });
    app.clock.advance(1000);
    expect((await api.delete(`/v1/fields/${seats.id}`)).status).toBe(204);
    const a2 = (await api.get(`/v1/people/${a.id}`)).body;
    const b2 = (await api.get(`/v1/people/${b.id}`)).body;
    expect(a2.custom_fields).toEqual({ city: "Oslo" });
    expect(b2.custom_fields).toBeNull();
    expect(b2.updated_at).not.toBe(b.updated_at);
    expectProblem(await api.get(`/v1/fields/${seats.id}`), 404, "not_found");
    // the value is gone with the field: writing it again names an unknown field
    expectProblem(await api.patch(`/v1/people/${a.id}`, { custom_fields: { seats: 1 } }), 422, "validation_failed");
  });

  test("writes need people:write", async () => {
    const w = app.newWorkspace();
    const ro = w.api.withToken(createKey(app.ctx, { workspaceId: w.id, scopes: ["people:read"], kind: "api" }).token);
    expectProblem(await ro.post("/v1/fields", { key: "x", label: "X", type: "text" }), 403, "forbidden");
    expectOk(await ro.get("/v1/fields"));
  });

  test("is invisible to other workspaces and to the test twin", async () => {
    const a = app.newWorkspace();
    const b = app.newWorkspace();
    const f = await field(a.api, { key: "seats", type: "number" });
    await expectIsolated([b.api, a.testApi], {
      resourcePath: `/v1/fields/${f.id}`,
      listPath: "/v1/fields",
      id: f.id,
      routes: [
        ["PATCH", `/v1/fields/${f.id}`, { label: "Mallory" }],
        ["DELETE", `/v1/fields/${f.id}`],
      ],
    });
    // another workspace's field does not make the key valid here
    expectProblem(await b.api.post("/v1/people", { email: "x@example.com", custom_fields: { seats: 1 } }), 422, "validation_failed");
    expect((await a.api.get(`/v1/fields/${f.id}`)).body.label).toBe("A field");
  });
});
