import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestApp, type TestApp } from "../helpers/app";
import { apiWithScopes, createField, createPerson, createSegment } from "../helpers/factory";
import { expectOk, expectProblem, type Api } from "../helpers/http";
import { expectIsolated } from "../helpers/isolation";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const TIER = { key: "tier", label: "Tier", type: "enum", options: ["gold", "silver"] };
const hundredFields = async (api: Api) => {
  for (let i = 0; i < 100; i++) await createField(api, { key: `k${i}` });
};

describe("POST /v1/fields", () => {
  test("creates an enum field with its options", async () => {
    const { api } = app.newWorkspace();
    const e = await createField(api, TIER);
    expect(e).toMatchObject({ object: "field", key: "tier", label: "Tier", type: "enum", options: ["gold", "silver"] });
    expect(e.id).toMatch(/^fld_[0-9a-f]{32}$/);
  });

  test("creates text, number, boolean and date fields, without options", async () => {
    const { api } = app.newWorkspace();
    for (const type of ["text", "number", "boolean", "date"]) {
      const f = await createField(api, { key: `f_${type}`, type });
      expect(f).toMatchObject({ key: `f_${type}`, type, options: null });
    }
  });

  test.each([
    ["capitals", "Tier"],
    ["a leading digit", "1st"],
    ["a dash", "has-dash"],
    ["65 characters", "a".repeat(65)],
    ["nothing", ""],
  ])("a key with %s is 422 at /key", async (_what, key) => {
    const { api } = app.newWorkspace();
    const r = await api.post("/v1/fields", { key, label: "x", type: "text" });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors[0].pointer).toBe("/key");
  });

  test("an enum without options is 422: /options required", async () => {
    const { api } = app.newWorkspace();
    const r = await api.post("/v1/fields", { key: "tier", label: "Tier", type: "enum" });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors[0]).toMatchObject({ pointer: "/options", code: "required" });
  });

  test("a repeated enum option is 422 at its index", async () => {
    const { api } = app.newWorkspace();
    const r = await api.post("/v1/fields", { key: "tier", label: "Tier", type: "enum", options: ["a", "a"] });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors[0]).toMatchObject({ pointer: "/options/1", code: "duplicate" });
  });

  test("options on a field that is not an enum are 422 at /options", async () => {
    const { api } = app.newWorkspace();
    const r = await api.post("/v1/fields", { key: "t", label: "T", type: "text", options: ["a"] });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors[0].pointer).toBe("/options");
  });

  test("an unknown type is 422", async () => {
    const { api } = app.newWorkspace();
    expectProblem(await api.post("/v1/fields", { key: "t", label: "T", type: "json" }), 422, "validation_failed");
  });

  test("a key already used is 409", async () => {
    const { api } = app.newWorkspace();
    await createField(api, { key: "seats" });
    expectProblem(await api.post("/v1/fields", { key: "seats", label: "Again", type: "number" }), 409, "conflict");
  });

  test("the 101st field of a workspace is 409", async () => {
    const { api } = app.newWorkspace();
    await hundredFields(api);
    expectProblem(await api.post("/v1/fields", { key: "k100", label: "x", type: "text" }), 409, "invalid_state");
  });

  test("needs people:write; people:read may list", async () => {
    const w = app.newWorkspace();
    const ro = apiWithScopes(app, w, ["people:read"]);
    expectProblem(await ro.post("/v1/fields", { key: "x", label: "X", type: "text" }), 403, "forbidden");
    expectOk(await ro.get("/v1/fields"));
  });
});

describe("GET /v1/fields/{id}", () => {
  test("answers the field as created", async () => {
    const { api } = app.newWorkspace();
    const e = await createField(api, TIER);
    expect((await api.get(`/v1/fields/${e.id}`)).body).toEqual(e);
  });
});

describe("GET /v1/fields", () => {
  test("lists newest first", async () => {
    const { api } = app.newWorkspace();
    for (const type of ["text", "number", "boolean", "date"]) await createField(api, { key: `f_${type}`, type });
    await createField(api, TIER);
    const list = await api.get("/v1/fields");
    expect(list.body.data.map((f: any) => f.key)).toEqual(["tier", "f_date", "f_boolean", "f_number", "f_text"]);
    expect(list.body.meta.has_more).toBe(false);
  });

  test("answers all 100 fields on one page", async () => {
    const { api } = app.newWorkspace();
    await hundredFields(api);
    const list = await api.get("/v1/fields");
    expect(list.body.data).toHaveLength(100);
    expect(list.body.meta.has_more).toBe(false);
  });

  test("a limit over 100 is 422", async () => {
    const { api } = app.newWorkspace();
    expectProblem(await api.get("/v1/fields?limit=101"), 422, "validation_failed");
  });
});

describe("PATCH /v1/fields/{id}", () => {
  test("changes the label and enum options, and moves updated_at", async () => {
    const { api } = app.newWorkspace();
    const f = await createField(api, { key: "tier", type: "enum", options: ["gold", "silver"] });
    app.clock.advance(1000);
    const r = await api.patch(`/v1/fields/${f.id}`, { label: "Customer tier", options: ["gold", "silver", "bronze"] });
    expectOk(r);
    expect(r.body).toMatchObject({ key: "tier", type: "enum", label: "Customer tier", options: ["gold", "silver", "bronze"] });
    expect(r.body.updated_at).not.toBe(f.updated_at);
  });

  test("the key and the type cannot change: 422 naming both", async () => {
    const { api } = app.newWorkspace();
    const f = await createField(api, TIER);
    const fixed = await api.patch(`/v1/fields/${f.id}`, { key: "rank", type: "text" });
    expectProblem(fixed, 422, "validation_failed");
    expect(fixed.body.errors.map((e: any) => [e.pointer, e.code])).toEqual([
      ["/key", "unknown"],
      ["/type", "unknown"],
    ]);
  });

  test("options on a text field are 422", async () => {
    const { api } = app.newWorkspace();
    const text = await createField(api, { key: "note" });
    expectProblem(await api.patch(`/v1/fields/${text.id}`, { options: ["a"] }), 422, "validation_failed");
  });
});

describe("removing an enum option", () => {
  const threeTiers = (api: Api) => createField(api, { key: "tier", type: "enum", options: ["gold", "silver", "bronze"] });

  test("is 409 while a person holds it, saying how many", async () => {
    const { api } = app.newWorkspace();
    const f = await threeTiers(api);
    await createPerson(api, { custom_fields: { tier: "gold" } });
    const held = await api.patch(`/v1/fields/${f.id}`, { options: ["silver", "bronze"] });
    expectProblem(held, 409, "invalid_state");
    expect(held.body.detail).toContain("1 person holds");
  });

  test("is 409 while a segment compares with it, naming the segment", async () => {
    const { api } = app.newWorkspace();
    const f = await threeTiers(api);
    const seg = await createSegment(api, { name: "Silver", filter: { field: "custom.tier", op: "in", value: ["silver"] } });
    const named = await api.patch(`/v1/fields/${f.id}`, { options: ["gold", "bronze"] });
    expectProblem(named, 409, "invalid_state");
    expect(named.body.detail).toContain(seg.id);
  });

  test("succeeds when nobody holds it; the other options stay usable", async () => {
    const { api } = app.newWorkspace();
    const f = await threeTiers(api);
    const p = await createPerson(api, { custom_fields: { tier: "gold" } });
    await createSegment(api, { filter: { field: "custom.tier", op: "in", value: ["silver"] } });
    expectOk(await api.patch(`/v1/fields/${f.id}`, { options: ["gold", "silver"] }));
    expectOk(await api.patch(`/v1/people/${p.id}`, { custom_fields: { tier: "silver" } }));
    expect((await api.get(`/v1/fields/${f.id}`)).body.options).toEqual(["gold", "silver"]);
  });
});

describe("DELETE /v1/fields/{id}", () => {
  test("is 409 while a segment uses the field, naming the segment", async () => {
    const { api } = app.newWorkspace();
    const seats = await createField(api, { key: "seats", type: "number" });
    const seg = await createSegment(api, { name: "Big", filter: { any: [{ field: "custom.seats", op: "gt", value: 4 }] } });
    const refused = await api.delete(`/v1/fields/${seats.id}`);
    expectProblem(refused, 409, "invalid_state");
    expect(refused.body.detail).toContain(seg.id);
  });

  test("succeeds once the segment no longer uses it; the field is then 404", async () => {
    const { api } = app.newWorkspace();
    const seats = await createField(api, { key: "seats", type: "number" });
    const seg = await createSegment(api, { name: "Big", filter: { any: [{ field: "custom.seats", op: "gt", value: 4 }] } });
    expectOk(await api.patch(`/v1/segments/${seg.id}`, { filter: { field: "email", op: "exists" } }));
    expect((await api.delete(`/v1/fields/${seats.id}`)).status).toBe(204);
    expectProblem(await api.get(`/v1/fields/${seats.id}`), 404, "not_found");
  });

  test("removes every person's value of the field, moving their updated_at", async () => {
    const { api } = app.newWorkspace();
    const seats = await createField(api, { key: "seats", type: "number" });
    await createField(api, { key: "city" });
    const a = await createPerson(api, { custom_fields: { seats: 3, city: "Oslo" } });
    const b = await createPerson(api, { custom_fields: { seats: 5 } });
    app.clock.advance(1000);
    expect((await api.delete(`/v1/fields/${seats.id}`)).status).toBe(204);
    const a2 = (await api.get(`/v1/people/${a.id}`)).body;
    const b2 = (await api.get(`/v1/people/${b.id}`)).body;
    expect(a2.custom_fields).toEqual({ city: "Oslo" });
    expect(b2.custom_fields).toBeNull();
    expect(b2.updated_at).not.toBe(b.updated_at);
  });

  test("writing the deleted field's key on a person is 422", async () => {
    const { api } = app.newWorkspace();
    const seats = await createField(api, { key: "seats", type: "number" });
    const a = await createPerson(api, { custom_fields: { seats: 3 } });
    expect((await api.delete(`/v1/fields/${seats.id}`)).status).toBe(204);
    expectProblem(await api.patch(`/v1/people/${a.id}`, { custom_fields: { seats: 1 } }), 422, "validation_failed");
  });
});

describe("isolation", () => {
  test("a field is invisible to other workspaces and to the test twin", async () => {
    const a = app.newWorkspace();
    const b = app.newWorkspace();
    const f = await createField(a.api, { key: "seats", type: "number", label: "A field" });
    await expectIsolated([b.api, a.testApi], {
      resourcePath: `/v1/fields/${f.id}`,
      listPath: "/v1/fields",
      id: f.id,
      routes: [
        ["PATCH", `/v1/fields/${f.id}`, { label: "Mallory" }],
        ["DELETE", `/v1/fields/${f.id}`],
      ],
    });
    expect((await a.api.get(`/v1/fields/${f.id}`)).body.label).toBe("A field");
  });

  test("another workspace's field does not make its key valid", async () => {
    const a = app.newWorkspace();
    const b = app.newWorkspace();
    await createField(a.api, { key: "seats", type: "number" });
    expectProblem(await b.api.post("/v1/people", { email: "x@example.com", custom_fields: { seats: 1 } }), 422, "validation_failed");
  });
});
