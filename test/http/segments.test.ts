import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { newId } from "../../src/lib/ids";
import { createKey } from "../../src/modules/workspaces/workspaces";
import { startTestApp, type TestApp } from "../helpers/app";
import { expectOk, expectProblem, type Api } from "../helpers/http";
import { expectIsolated } from "../helpers/isolation";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const person = async (api: Api, body: Record<string, unknown> = {}) => {
  const r = await api.post("/v1/people", { email: `p-${crypto.randomUUID()}@example.com`, ...body });
  expectOk(r, 201);
  return r.body;
};
const segment = async (api: Api, filter: unknown, name = "Segment") => {
  const r = await api.post("/v1/segments", { name, filter });
  expectOk(r, 201);
  return r.body;
};
const members = async (api: Api, segmentId: string) =>
  (await api.get(`/v1/people?segment_id=${segmentId}&limit=100`)).body.data.map((p: any) => p.email).sort();

describe("segments", () => {
  test("create and GET count people now; the list omits counts; PATCH renames or replaces the filter", async () => {
    const { api } = app.newWorkspace();
    await api.post("/v1/fields", { key: "seats", label: "Seats", type: "number" });
    await person(api, { email: "a@acme.example", company: "Acme", custom_fields: { seats: 50 } });
    await person(api, { email: "b@acme.example", company: "Acme", custom_fields: { seats: 5 } });
    await person(api, { email: "c@other.example", company: "Other" });
    const filter = { all: [{ field: "email_domain", op: "eq", value: "ACME.example" }, { field: "custom.seats", op: "gte", value: 10 }] };
    const s = await segment(api, filter, "Big Acme");
    expect(s).toMatchObject({ object: "segment", name: "Big Acme", filter, people_count: 1, people_count_capped: false });
    expect(s.id).toMatch(/^seg_[0-9a-f]{32}$/);

    await person(api, { email: "d@acme.example", custom_fields: { seats: 11 } });
    expect((await api.get(`/v1/segments/${s.id}`)).body.people_count).toBe(2);

    const list = await api.get("/v1/segments");
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).not.toHaveProperty("people_count");
    expect(list.body.data[0].filter).toEqual(filter);

    app.clock.advance(1000);
    const renamed = await api.patch(`/v1/segments/${s.id}`, { name: "Acme, big" });
    expect(renamed.body).toMatchObject({ name: "Acme, big", filter, people_count: 2 });
    expect(renamed.body.updated_at).not.toBe(s.updated_at);
    const replaced = await api.patch(`/v1/segments/${s.id}`, { filter: { field: "company", op: "exists", value: false } });
    expect(replaced.body).toMatchObject({ name: "Acme, big", people_count: 1 });
    expect(await members(api, s.id)).toEqual(["d@acme.example"]);
  });

  test("operators on person fields, custom fields and groups", async () => {
    const { api } = app.newWorkspace();
    await api.post("/v1/fields", { key: "tier", label: "Tier", type: "enum", options: ["gold", "silver"] });
    await api.post("/v1/fields", { key: "vip", label: "VIP", type: "boolean" });
    await api.post("/v1/fields", { key: "renewal", label: "Renewal", type: "date" });
    const g = (await api.post("/v1/groups", { name: "G" })).body;
    await person(api, { email: "ann@example.com", given_name: "Ann", company: "Acme Ltd", custom_fields: { tier: "gold", vip: true, renewal: "2027-01-15" }, group_ids: [g.id] });
    await person(api, { email: "bob@example.com", given_name: "Bob", company: "acme inc", custom_fields: { tier: "silver", vip: false, renewal: "2026-06-01" } });
    await person(api, { email: "cy@example.com", given_name: "Cy" });
    const cases: [unknown, string[]][] = [
      [{ field: "company", op: "contains", value: "ACME" }, ["ann@example.com", "bob@example.com"]],
      [{ field: "company", op: "eq", value: "Acme Ltd" }, ["ann@example.com"]],
      [{ field: "company", op: "neq", value: "Acme Ltd" }, ["bob@example.com", "cy@example.com"]],
      [{ not: { field: "company", op: "eq", value: "Acme Ltd" } }, ["bob@example.com", "cy@example.com"]],
      [{ field: "given_name", op: "starts_with", value: "b" }, ["bob@example.com"]],
      [{ field: "email", op: "in", value: ["ANN@example.com", "cy@EXAMPLE.com"] }, ["ann@example.com", "cy@example.com"]],
      [{ field: "custom.tier", op: "nin", value: ["gold"] }, ["bob@example.com", "cy@example.com"]],
      [{ field: "custom.vip", op: "eq", value: true }, ["ann@example.com"]],
      [{ field: "custom.renewal", op: "lt", value: "2027-01-01" }, ["bob@example.com"]],
      [{ field: "group_id", op: "eq", value: g.id }, ["ann@example.com"]],
      [{ field: "group_id", op: "nin", value: [g.id] }, ["bob@example.com", "cy@example.com"]],
      [{ field: "group_id", op: "exists", value: false }, ["bob@example.com", "cy@example.com"]],
      [{ field: "status", op: "eq", value: "active" }, ["ann@example.com", "bob@example.com", "cy@example.com"]],
      [{ field: "created_at", op: "gt", value: "2030-01-01T00:00:00Z" }, []],
      [{ any: [{ field: "custom.tier", op: "eq", value: "gold" }, { field: "given_name", op: "eq", value: "Cy" }] }, ["ann@example.com", "cy@example.com"]],
      [{ all: [] }, ["ann@example.com", "bob@example.com", "cy@example.com"]],
    ];
    for (const [filter, expected] of cases) {
      const s = await segment(api, filter);
      expect({ filter, people: await members(api, s.id), count: s.people_count }).toEqual({ filter, people: expected, count: expected.length });
    }
  });

  test("invalid filters are 422 with a pointer into the filter", async () => {
    const { api } = app.newWorkspace();
    await api.post("/v1/fields", { key: "seats", label: "Seats", type: "number" });
    const cases: [unknown, [string, string][]][] = [
      [{ all: [{ field: "shoe_size", op: "eq", value: 1 }] }, [["/filter/all/0/field", "unknown"]]],
      [{ all: [{ field: "status", op: "eq", value: "active" }, { field: "status", op: "like", value: "a" }] }, [["/filter/all/1/op", "unknown"]]],
      [{ field: "status", op: "gt", value: "active" }, [["/filter/op", "invalid"]]],
      [{ field: "status", op: "eq", value: "gone" }, [["/filter/value", "invalid"]]],
      [{ field: "custom.seats", op: "eq", value: "ten" }, [["/filter/value", "type"]]],
      [{ field: "custom.nope", op: "exists" }, [["/filter/field", "unknown"]]],
      [{ field: "score", op: "in", value: [1, "2"] }, [["/filter/value/1", "type"]]],
      [{ field: "last_activity_at", op: "gt", value: "yesterday" }, [["/filter/value", "format"]]],
      [{ field: "company", op: "eq" }, [["/filter/value", "required"]]],
      [{ field: "company", op: "eq", value: null }, [["/filter/value", "type"]]],
      [{ field: "company", op: "eq", value: "x", extra: 1 }, [["/filter/extra", "unknown"]]],
      [{ all: [], any: [] }, [["/filter/any", "unknown"]]],
      [{ not: [] }, [["/filter/not", "type"]]],
      [{ any: {} }, [["/filter/any", "type"]]],
      [{ field: "campaign_id", op: "eq", value: "cmp_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f" }, [["/filter/field", "unsupported"]]],
      [{ field: "group_id", op: "eq", value: "grp_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f" }, [["/filter/value", "unknown"]]],
      [{ not: { not: { not: { not: { not: { not: { field: "score", op: "exists" } } } } } } }, [["/filter/not/not/not/not/not", "depth"]]],
      [{ any: Array.from({ length: 51 }, () => ({ field: "score", op: "exists" })) }, [["/filter/any/50", "length"]]],
    ];
    for (const [filter, errors] of cases) {
      const r = await api.post("/v1/segments", { name: "Bad", filter });
      expectProblem(r, 422, "validation_failed");
      expect({ filter, errors: r.body.errors.map((e: any) => [e.pointer, e.code]) }).toEqual({ filter, errors });
    }
    const notObject = await api.post("/v1/segments", { name: "Bad", filter: [] });
    expectProblem(notObject, 422, "validation_failed");
    expect(notObject.body.errors[0].pointer).toBe("/filter");
    const s = await segment(api, { field: "score", op: "exists" });
    const patch = await api.patch(`/v1/segments/${s.id}`, { filter: { field: "score", op: "between", value: [1, 2] } });
    expectProblem(patch, 422, "validation_failed");
    expect(patch.body.errors[0].pointer).toBe("/filter/op");
    expect((await api.get(`/v1/segments`)).body.data).toHaveLength(1);
  });

  test("SQL injection attempts in filter values and names match literally and change nothing", async () => {
    const { api } = app.newWorkspace();
    await api.post("/v1/fields", { key: "note", label: "Note", type: "text" });
    const evil = "x' OR '1'='1";
    await person(api, { email: "plain@example.com", company: "Plain" });
    await person(api, { email: "evil@example.com", company: evil, custom_fields: { note: "'; DROP TABLE people; --" } });
    await person(api, { email: "pct@example.com", company: "100% real_deal" });
    const literal: [unknown, string[]][] = [
      [{ field: "company", op: "eq", value: evil }, ["evil@example.com"]],
      [{ field: "company", op: "eq", value: "' OR 1=1 --" }, []],
      [{ field: "company", op: "in", value: ["x') OR ('1'='1", "Plain"] }, ["plain@example.com"]],
      [{ field: "custom.note", op: "eq", value: "'; DROP TABLE people; --" }, ["evil@example.com"]],
      [{ field: "custom.note", op: "contains", value: "\"); DELETE FROM people; --" }, []],
      [{ field: "company", op: "contains", value: "%" }, ["pct@example.com"]],
      [{ field: "company", op: "contains", value: "_" }, ["pct@example.com"]],
      [{ field: "company", op: "starts_with", value: "%" }, []],
      [{ field: "company", op: "contains", value: "\\" }, []],
      [{ field: "given_name", op: "eq", value: "Robert'); DROP TABLE segments;--" }, []],
    ];
    for (const [filter, expected] of literal) {
      const s = await segment(api, filter);
      expect({ filter, people: await members(api, s.id) }).toEqual({ filter, people: expected });
    }
    const refused: [unknown, string][] = [
      [{ field: "custom.note') OR 1=1 --", op: "exists" }, "/filter/field"],
      [{ field: 'custom.note"', op: "exists" }, "/filter/field"],
      [{ field: "status) OR (1=1", op: "eq", value: "active" }, "/filter/field"],
      [{ field: "status", op: "eq; DROP TABLE people", value: "active" }, "/filter/op"],
      [{ field: "score", op: "gt", value: "0 OR 1=1" }, "/filter/value"],
      [{ field: "group_id", op: "eq", value: "grp_x' OR '1'='1" }, "/filter/value"],
    ];
    for (const [filter, pointer] of refused) {
      const r = await api.post("/v1/segments", { name: "Refused", filter });
      expectProblem(r, 422, "validation_failed");
      expect(r.body.errors[0].pointer).toBe(pointer);
    }
    const all = await api.get("/v1/people?include=total_count");
    expect(all.body.meta.total_count).toBe(3);
    expect((await api.get("/v1/segments?include=total_count")).body.meta.total_count).toBe(literal.length);
  });

  test("the count is exact up to 10,000, then capped", async () => {
    const w = app.newWorkspace();
    const now = app.clock.now();
    const sqlite = app.ctx.db.$client;
    const insert = sqlite.prepare(
      "INSERT INTO people (id, workspace_id, email, email_key, email_domain, source, status, created_at, updated_at) VALUES (?, ?, ?, ?, 'example.com', 'api', 'active', ?, ?)",
    );
    sqlite.transaction(() => {
      for (let i = 0; i < 10_001; i++) insert.run(newId("per"), w.id, `bulk${i}@example.com`, `bulk${i}@example.com`, now, now);
    })();
    const s = await segment(w.api, { field: "email_domain", op: "eq", value: "example.com" });
    expect(s).toMatchObject({ people_count: 10_000, people_count_capped: true });
    const few = await segment(w.api, { field: "email", op: "starts_with", value: "bulk999" });
    expect(few).toMatchObject({ people_count: 11, people_count_capped: false });
  });

  test("DELETE leaves the people", async () => {
    const { api } = app.newWorkspace();
    const p = await person(api);
    const s = await segment(api, { field: "email", op: "exists" });
    expect((await api.delete(`/v1/segments/${s.id}`)).status).toBe(204);
    expectProblem(await api.get(`/v1/segments/${s.id}`), 404, "not_found");
    expectOk(await api.get(`/v1/people/${p.id}`));
    expectProblem(await api.delete(`/v1/segments/${s.id}`), 404, "not_found");
  });

  test("writes need people:write", async () => {
    const w = app.newWorkspace();
    const ro = w.api.withToken(createKey(app.ctx, { workspaceId: w.id, scopes: ["people:read"], kind: "api" }).token);
    expectProblem(await ro.post("/v1/segments", { name: "x", filter: { all: [] } }), 403, "forbidden");
    expectOk(await ro.get("/v1/segments"));
  });

  test("is invisible to other workspaces and to the test twin, and counts only its own people", async () => {
    const a = app.newWorkspace();
    const b = app.newWorkspace();
    const ga = (await a.api.post("/v1/groups", { name: "A's" })).body;
    await person(a.api, { company: "Shared name", group_ids: [ga.id] });
    await person(b.api, { company: "Shared name" });
    const s = await segment(a.api, { field: "company", op: "eq", value: "Shared name" });
    expect(s.people_count).toBe(1);
    await expectIsolated([b.api, a.testApi], {
      resourcePath: `/v1/segments/${s.id}`,
      listPath: "/v1/segments",
      id: s.id,
      routes: [
        ["PATCH", `/v1/segments/${s.id}`, { name: "Mallory" }],
        ["DELETE", `/v1/segments/${s.id}`],
        ["GET", `/v1/people?segment_id=${s.id}`],
      ],
    });
    // another workspace's group is unknown in a filter
    const r = await b.api.post("/v1/segments", { name: "x", filter: { field: "group_id", op: "eq", value: ga.id } });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors[0].pointer).toBe("/filter/value");
    expect((await a.api.get(`/v1/segments/${s.id}`)).body).toMatchObject({ name: "Segment", people_count: 1 });
  });
});
