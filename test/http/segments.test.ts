import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { newId } from "../../src/lib/ids";
import { startTestApp, type TestApp } from "../helpers/app";
import { apiWithScopes, createField, createGroup, createPerson, createSegment } from "../helpers/factory";
import { expectOk, expectProblem, type Api } from "../helpers/http";
import { expectIsolated } from "../helpers/isolation";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const members = async (api: Api, segmentId: string) =>
  (await api.get(`/v1/people?segment_id=${segmentId}&limit=100`)).body.data.map((p: any) => p.email).sort();
const totals = async (api: Api) => ({
  people: (await api.get("/v1/people?include=total_count")).body.meta.total_count,
  segments: (await api.get("/v1/segments?include=total_count")).body.meta.total_count,
});

/** Big Acme: people at acme.example with at least 10 seats. Two Acme people (50 and 5 seats) and one elsewhere. */
const BIG_ACME = { all: [{ field: "email_domain", op: "eq", value: "ACME.example" }, { field: "custom.seats", op: "gte", value: 10 }] };
async function acme(api: Api) {
  await createField(api, { key: "seats", label: "Seats", type: "number" });
  await createPerson(api, { email: "a@acme.example", company: "Acme", custom_fields: { seats: 50 } });
  await createPerson(api, { email: "b@acme.example", company: "Acme", custom_fields: { seats: 5 } });
  await createPerson(api, { email: "c@other.example", company: "Other" });
}

describe("POST /v1/segments", () => {
  test("creates the segment, counting the people who match now", async () => {
    const { api } = app.newWorkspace();
    await acme(api);
    const s = await createSegment(api, { name: "Big Acme", filter: BIG_ACME });
    expect(s).toMatchObject({ object: "segment", name: "Big Acme", filter: BIG_ACME, people_count: 1, people_count_capped: false });
    expect(s.id).toMatch(/^seg_[0-9a-f]{32}$/);
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
    const s = await createSegment(w.api, { filter: { field: "email_domain", op: "eq", value: "example.com" } });
    expect(s).toMatchObject({ people_count: 10_000, people_count_capped: true });
    const few = await createSegment(w.api, { filter: { field: "email", op: "starts_with", value: "bulk999" } });
    expect(few).toMatchObject({ people_count: 11, people_count_capped: false });
  });

  test("needs people:write; people:read may list", async () => {
    const w = app.newWorkspace();
    const ro = apiWithScopes(app, w, ["people:read"]);
    expectProblem(await ro.post("/v1/segments", { name: "x", filter: { all: [] } }), 403, "forbidden");
    expectOk(await ro.get("/v1/segments"));
  });
});

describe("GET /v1/segments/{id}", () => {
  test("counts the people who match at the time of reading", async () => {
    const { api } = app.newWorkspace();
    await acme(api);
    const s = await createSegment(api, { filter: BIG_ACME });
    await createPerson(api, { email: "d@acme.example", custom_fields: { seats: 11 } });
    expect((await api.get(`/v1/segments/${s.id}`)).body.people_count).toBe(2);
  });
});

describe("GET /v1/segments", () => {
  test("lists segments with their filter, without counts", async () => {
    const { api } = app.newWorkspace();
    await acme(api);
    await createSegment(api, { filter: BIG_ACME });
    const list = await api.get("/v1/segments");
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).not.toHaveProperty("people_count");
    expect(list.body.data[0].filter).toEqual(BIG_ACME);
  });
});

describe("PATCH /v1/segments/{id}", () => {
  test("renames, keeping the filter and its count, and moves updated_at", async () => {
    const { api } = app.newWorkspace();
    await acme(api);
    const s = await createSegment(api, { name: "Big Acme", filter: BIG_ACME });
    app.clock.advance(1000);
    const renamed = await api.patch(`/v1/segments/${s.id}`, { name: "Acme, big" });
    expect(renamed.body).toMatchObject({ name: "Acme, big", filter: BIG_ACME, people_count: 1 });
    expect(renamed.body.updated_at).not.toBe(s.updated_at);
  });

  test("replaces the filter; the count and the members follow it", async () => {
    const { api } = app.newWorkspace();
    await acme(api);
    await createPerson(api, { email: "d@acme.example", custom_fields: { seats: 11 } });
    const s = await createSegment(api, { name: "Acme, big", filter: BIG_ACME });
    const replaced = await api.patch(`/v1/segments/${s.id}`, { filter: { field: "company", op: "exists", value: false } });
    expect(replaced.body).toMatchObject({ name: "Acme, big", people_count: 1 });
    expect(await members(api, s.id)).toEqual(["d@acme.example"]);
  });

  test("an invalid filter is 422 at its pointer", async () => {
    const { api } = app.newWorkspace();
    const s = await createSegment(api, { filter: { field: "score", op: "exists" } });
    const patch = await api.patch(`/v1/segments/${s.id}`, { filter: { field: "score", op: "between", value: [1, 2] } });
    expectProblem(patch, 422, "validation_failed");
    expect(patch.body.errors[0].pointer).toBe("/filter/op");
    expect((await api.get(`/v1/segments/${s.id}`)).body.filter).toEqual({ field: "score", op: "exists" });
  });
});

describe("operators", () => {
  // Ann: Acme Ltd, gold, VIP, renewal 2027-01-15, in group G. Bob: acme inc, silver, not VIP, renewal 2026-06-01. Cy: nothing.
  async function annBobCy(api: Api) {
    await createField(api, { key: "tier", label: "Tier", type: "enum", options: ["gold", "silver"] });
    await createField(api, { key: "vip", label: "VIP", type: "boolean" });
    await createField(api, { key: "renewal", label: "Renewal", type: "date" });
    const g = await createGroup(api, { name: "G" });
    await createPerson(api, { email: "ann@example.com", given_name: "Ann", company: "Acme Ltd", custom_fields: { tier: "gold", vip: true, renewal: "2027-01-15" }, group_ids: [g.id] });
    await createPerson(api, { email: "bob@example.com", given_name: "Bob", company: "acme inc", custom_fields: { tier: "silver", vip: false, renewal: "2026-06-01" } });
    await createPerson(api, { email: "cy@example.com", given_name: "Cy" });
    return g.id as string;
  }
  const ANN = "ann@example.com";
  const BOB = "bob@example.com";
  const CY = "cy@example.com";

  test.each<[string, (group: string) => unknown, string[]]>([
    ["contains ignores letter case", () => ({ field: "company", op: "contains", value: "ACME" }), [ANN, BOB]],
    ["eq on a text field", () => ({ field: "company", op: "eq", value: "Acme Ltd" }), [ANN]],
    ["neq includes people without the value", () => ({ field: "company", op: "neq", value: "Acme Ltd" }), [BOB, CY]],
    ["not negates", () => ({ not: { field: "company", op: "eq", value: "Acme Ltd" } }), [BOB, CY]],
    ["starts_with ignores letter case", () => ({ field: "given_name", op: "starts_with", value: "b" }), [BOB]],
    ["in on addresses ignores letter case", () => ({ field: "email", op: "in", value: ["ANN@example.com", "cy@EXAMPLE.com"] }), [ANN, CY]],
    ["nin on an enum includes people without the value", () => ({ field: "custom.tier", op: "nin", value: ["gold"] }), [BOB, CY]],
    ["eq on a boolean", () => ({ field: "custom.vip", op: "eq", value: true }), [ANN]],
    ["lt on a date", () => ({ field: "custom.renewal", op: "lt", value: "2027-01-01" }), [BOB]],
    ["group_id eq", (g) => ({ field: "group_id", op: "eq", value: g }), [ANN]],
    ["group_id nin", (g) => ({ field: "group_id", op: "nin", value: [g] }), [BOB, CY]],
    ["group_id exists false", () => ({ field: "group_id", op: "exists", value: false }), [BOB, CY]],
    ["eq on status", () => ({ field: "status", op: "eq", value: "active" }), [ANN, BOB, CY]],
    ["gt on created_at", () => ({ field: "created_at", op: "gt", value: "2030-01-01T00:00:00Z" }), []],
    ["any of several conditions", () => ({ any: [{ field: "custom.tier", op: "eq", value: "gold" }, { field: "given_name", op: "eq", value: "Cy" }] }), [ANN, CY]],
    ["an empty all matches everyone", () => ({ all: [] }), [ANN, BOB, CY]],
  ])("%s", async (_name, filterFor, expected) => {
    const { api } = app.newWorkspace();
    const filter = filterFor(await annBobCy(api));
    const s = await createSegment(api, { filter });
    expect({ people: await members(api, s.id), count: s.people_count }).toEqual({ people: expected, count: expected.length });
  });
});

describe("invalid filters", () => {
  test.each<[string, unknown, [string, string][]]>([
    ["an unknown field", { all: [{ field: "shoe_size", op: "eq", value: 1 }] }, [["/filter/all/0/field", "unknown"]]],
    ["an unknown operator", { all: [{ field: "status", op: "eq", value: "active" }, { field: "status", op: "like", value: "a" }] }, [["/filter/all/1/op", "unknown"]]],
    ["an operator the field does not support", { field: "status", op: "gt", value: "active" }, [["/filter/op", "invalid"]]],
    ["a status that does not exist", { field: "status", op: "eq", value: "gone" }, [["/filter/value", "invalid"]]],
    ["text for a number field", { field: "custom.seats", op: "eq", value: "ten" }, [["/filter/value", "type"]]],
    ["an unknown custom field", { field: "custom.nope", op: "exists" }, [["/filter/field", "unknown"]]],
    ["a list with a value of the wrong type", { field: "score", op: "in", value: [1, "2"] }, [["/filter/value/1", "type"]]],
    ["a time that is not a timestamp", { field: "last_activity_at", op: "gt", value: "yesterday" }, [["/filter/value", "format"]]],
    ["a missing value", { field: "company", op: "eq" }, [["/filter/value", "required"]]],
    ["a null value", { field: "company", op: "eq", value: null }, [["/filter/value", "type"]]],
    ["an extra key in a condition", { field: "company", op: "eq", value: "x", extra: 1 }, [["/filter/extra", "unknown"]]],
    ["all and any together", { all: [], any: [] }, [["/filter/any", "unknown"]]],
    ["not with a list", { not: [] }, [["/filter/not", "type"]]],
    ["any with an object", { any: {} }, [["/filter/any", "type"]]],
    ["an unknown group", { field: "group_id", op: "eq", value: "grp_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f" }, [["/filter/value", "unknown"]]],
    ["nesting deeper than five", { not: { not: { not: { not: { not: { not: { field: "score", op: "exists" } } } } } } }, [["/filter/not/not/not/not/not", "depth"]]],
    ["more than 50 conditions", { any: Array.from({ length: 51 }, () => ({ field: "score", op: "exists" })) }, [["/filter/any/50", "length"]]],
  ])("%s: 422 at its pointer, nothing stored", async (_name, filter, errors) => {
    const { api } = app.newWorkspace();
    await createField(api, { key: "seats", label: "Seats", type: "number" });
    const r = await api.post("/v1/segments", { name: "Bad", filter });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors.map((e: any) => [e.pointer, e.code])).toEqual(errors);
    expect((await api.get("/v1/segments")).body.data).toEqual([]);
  });

  test("a filter that is not an object is 422 at /filter", async () => {
    const { api } = app.newWorkspace();
    const notObject = await api.post("/v1/segments", { name: "Bad", filter: [] });
    expectProblem(notObject, 422, "validation_failed");
    expect(notObject.body.errors[0].pointer).toBe("/filter");
    expect((await api.get("/v1/segments")).body.data).toEqual([]);
  });
});

describe("SQL injection attempts change nothing", () => {
  async function threePeople(api: Api) {
    await createField(api, { key: "note", label: "Note", type: "text" });
    await createPerson(api, { email: "plain@example.com", company: "Plain" });
    await createPerson(api, { email: "evil@example.com", company: "x' OR '1'='1", custom_fields: { note: "'; DROP TABLE people; --" } });
    await createPerson(api, { email: "pct@example.com", company: "100% real_deal" });
  }

  test.each<[unknown, string[]]>([
    [{ field: "company", op: "eq", value: "x' OR '1'='1" }, ["evil@example.com"]],
    [{ field: "company", op: "eq", value: "' OR 1=1 --" }, []],
    [{ field: "company", op: "in", value: ["x') OR ('1'='1", "Plain"] }, ["plain@example.com"]],
    [{ field: "custom.note", op: "eq", value: "'; DROP TABLE people; --" }, ["evil@example.com"]],
    [{ field: "custom.note", op: "contains", value: "\"); DELETE FROM people; --" }, []],
    [{ field: "company", op: "contains", value: "%" }, ["pct@example.com"]],
    [{ field: "company", op: "contains", value: "_" }, ["pct@example.com"]],
    [{ field: "company", op: "starts_with", value: "%" }, []],
    [{ field: "company", op: "contains", value: "\\" }, []],
    [{ field: "given_name", op: "eq", value: "Robert'); DROP TABLE segments;--" }, []],
  ])("matched literally: %j", async (filter, expected) => {
    const { api } = app.newWorkspace();
    await threePeople(api);
    const s = await createSegment(api, { filter });
    expect(await members(api, s.id)).toEqual(expected);
    expect(await totals(api)).toEqual({ people: 3, segments: 1 });
  });

  test.each<[unknown, string]>([
    [{ field: "custom.note') OR 1=1 --", op: "exists" }, "/filter/field"],
    [{ field: 'custom.note"', op: "exists" }, "/filter/field"],
    [{ field: "status) OR (1=1", op: "eq", value: "active" }, "/filter/field"],
    [{ field: "status", op: "eq; DROP TABLE people", value: "active" }, "/filter/op"],
    [{ field: "score", op: "gt", value: "0 OR 1=1" }, "/filter/value"],
    [{ field: "group_id", op: "eq", value: "grp_x' OR '1'='1" }, "/filter/value"],
  ])("refused (422): %j", async (filter, pointer) => {
    const { api } = app.newWorkspace();
    await threePeople(api);
    const r = await api.post("/v1/segments", { name: "Refused", filter });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors[0].pointer).toBe(pointer);
    expect(await totals(api)).toEqual({ people: 3, segments: 0 });
  });
});

describe("DELETE /v1/segments/{id}", () => {
  test("removes the segment: 204, then 404", async () => {
    const { api } = app.newWorkspace();
    const s = await createSegment(api);
    expect((await api.delete(`/v1/segments/${s.id}`)).status).toBe(204);
    expectProblem(await api.get(`/v1/segments/${s.id}`), 404, "not_found");
  });

  test("leaves the people", async () => {
    const { api } = app.newWorkspace();
    const p = await createPerson(api);
    const s = await createSegment(api, { filter: { field: "email", op: "exists" } });
    expect((await api.delete(`/v1/segments/${s.id}`)).status).toBe(204);
    expectOk(await api.get(`/v1/people/${p.id}`));
  });

  test("a second DELETE is 404", async () => {
    const { api } = app.newWorkspace();
    const s = await createSegment(api);
    expect((await api.delete(`/v1/segments/${s.id}`)).status).toBe(204);
    expectProblem(await api.delete(`/v1/segments/${s.id}`), 404, "not_found");
  });
});

describe("isolation", () => {
  test("a segment is invisible to other workspaces and to the test twin", async () => {
    const a = app.newWorkspace();
    const b = app.newWorkspace();
    await createPerson(a.api, { company: "Shared name" });
    const s = await createSegment(a.api, { name: "Segment", filter: { field: "company", op: "eq", value: "Shared name" } });
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
    expect((await a.api.get(`/v1/segments/${s.id}`)).body).toMatchObject({ name: "Segment", people_count: 1 });
  });

  test("counts only its own workspace's people", async () => {
    const a = app.newWorkspace();
    const b = app.newWorkspace();
    await createPerson(a.api, { company: "Shared name" });
    await createPerson(b.api, { company: "Shared name" });
    const s = await createSegment(a.api, { filter: { field: "company", op: "eq", value: "Shared name" } });
    expect(s.people_count).toBe(1);
  });

  test("another workspace's group is unknown in a filter", async () => {
    const a = app.newWorkspace();
    const b = app.newWorkspace();
    const ga = await createGroup(a.api, { name: "A's" });
    const r = await b.api.post("/v1/segments", { name: "x", filter: { field: "group_id", op: "eq", value: ga.id } });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors[0].pointer).toBe("/filter/value");
  });
});
