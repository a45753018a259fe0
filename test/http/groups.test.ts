import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestApp, type TestApp } from "../helpers/app";
import { apiWithScopes, createGroup, createPerson } from "../helpers/factory";
import { expectOk, expectProblem } from "../helpers/http";
import { expectIsolated } from "../helpers/isolation";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const UNKNOWN = "grp_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f";

describe("POST /v1/groups", () => {
  test("creates an empty group", async () => {
    const { api } = app.newWorkspace();
    const g = await createGroup(api, { name: "Leads", description: "From the fair" });
    expect(g).toMatchObject({ object: "group", name: "Leads", description: "From the fair", people_count: 0 });
    expect(g.id).toMatch(/^grp_[0-9a-f]{32}$/);
  });

  test("the description is null when not given", async () => {
    const { api } = app.newWorkspace();
    expect((await createGroup(api, { name: "Customers" })).description).toBeNull();
  });

  test("an empty name and a read-only field are 422, each named", async () => {
    const { api } = app.newWorkspace();
    const r = await api.post("/v1/groups", { name: "", people_count: 3 });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors.map((e: any) => e.pointer).sort()).toEqual(["/name", "/people_count"]);
  });

  test("a missing name is 422", async () => {
    const { api } = app.newWorkspace();
    expectProblem(await api.post("/v1/groups", { description: "no name" }), 422, "validation_failed");
  });

  test("needs people:write; people:read may list", async () => {
    const w = app.newWorkspace();
    const ro = apiWithScopes(app, w, ["people:read"]);
    expectProblem(await ro.post("/v1/groups", { name: "x" }), 403, "forbidden");
    expectOk(await ro.get("/v1/groups"));
  });
});

describe("GET /v1/groups/{id}", () => {
  test("counts the group's people", async () => {
    const { api } = app.newWorkspace();
    const g = await createGroup(api);
    await createPerson(api, { group_ids: [g.id] });
    await createPerson(api, { group_ids: [g.id] });
    expect((await api.get(`/v1/groups/${g.id}`)).body.people_count).toBe(2);
  });
});

describe("GET /v1/groups", () => {
  test("lists newest first, each with its people count, and the total", async () => {
    const { api } = app.newWorkspace();
    const a = await createGroup(api, { name: "Leads" });
    const b = await createGroup(api, { name: "Customers" });
    await createPerson(api, { group_ids: [a.id, b.id] });
    await createPerson(api, { group_ids: [a.id] });
    const list = await api.get("/v1/groups?include=total_count");
    expect(list.body.data.map((g: any) => [g.id, g.people_count])).toEqual([
      [b.id, 1],
      [a.id, 2],
    ]);
    expect(list.body.meta.total_count).toBe(2);
  });

  test("pages with a cursor", async () => {
    const { api } = app.newWorkspace();
    const a = await createGroup(api);
    await createGroup(api);
    const p1 = await api.get("/v1/groups?limit=1");
    const p2 = await api.get(`/v1/groups?limit=1&cursor=${p1.body.meta.next_cursor}`);
    expect(p2.body.data.map((g: any) => g.id)).toEqual([a.id]);
  });
});

describe("PATCH /v1/groups/{id}", () => {
  test("renames, keeps the description and moves updated_at", async () => {
    const { api } = app.newWorkspace();
    const g = await createGroup(api, { description: "old" });
    app.clock.advance(1000);
    const r = await api.patch(`/v1/groups/${g.id}`, { name: "Hot leads" });
    expect(r.body).toMatchObject({ name: "Hot leads", description: "old" });
    expect(r.body.updated_at).not.toBe(g.updated_at);
  });

  test("null clears the description", async () => {
    const { api } = app.newWorkspace();
    const g = await createGroup(api, { description: "old" });
    expect((await api.patch(`/v1/groups/${g.id}`, { description: null })).body.description).toBeNull();
  });

  test("an empty name is 422", async () => {
    const { api } = app.newWorkspace();
    const g = await createGroup(api);
    expectProblem(await api.patch(`/v1/groups/${g.id}`, { name: "" }), 422, "validation_failed");
  });

  test("an unknown group is 404", async () => {
    const { api } = app.newWorkspace();
    expectProblem(await api.patch(`/v1/groups/${UNKNOWN}`, { name: "x" }), 404, "not_found");
  });
});

describe("DELETE /v1/groups/{id}", () => {
  test("removes the group; its people stay, in their other groups", async () => {
    const { api } = app.newWorkspace();
    const g = await createGroup(api);
    const keep = await createGroup(api, { name: "Keep" });
    const p = await createPerson(api, { group_ids: [g.id, keep.id] });
    expect((await api.delete(`/v1/groups/${g.id}`)).status).toBe(204);
    expectProblem(await api.get(`/v1/groups/${g.id}`), 404, "not_found");
    expect((await api.get(`/v1/people/${p.id}`)).body.group_ids).toEqual([keep.id]);
  });

  test("the people list filtered by the deleted group is 404", async () => {
    const { api } = app.newWorkspace();
    const g = await createGroup(api);
    await createPerson(api, { group_ids: [g.id] });
    expect((await api.delete(`/v1/groups/${g.id}`)).status).toBe(204);
    expectProblem(await api.get(`/v1/people?group_id=${g.id}`), 404, "not_found");
  });

  test("a second DELETE is 404", async () => {
    const { api } = app.newWorkspace();
    const g = await createGroup(api);
    expect((await api.delete(`/v1/groups/${g.id}`)).status).toBe(204);
    expectProblem(await api.delete(`/v1/groups/${g.id}`), 404, "not_found");
  });
});

describe("isolation", () => {
  test("a group is invisible to other workspaces and to the test twin", async () => {
    const a = app.newWorkspace();
    const b = app.newWorkspace();
    const g = await createGroup(a.api, { name: "Leads" });
    await expectIsolated([b.api, a.testApi], {
      resourcePath: `/v1/groups/${g.id}`,
      listPath: "/v1/groups",
      id: g.id,
      routes: [
        ["PATCH", `/v1/groups/${g.id}`, { name: "Mallory" }],
        ["DELETE", `/v1/groups/${g.id}`],
        ["GET", `/v1/people?group_id=${g.id}`],
      ],
    });
    expect((await a.api.get(`/v1/groups/${g.id}`)).body).toMatchObject({ name: "Leads", people_count: 0 });
  });

  test("another workspace cannot put its people into the group", async () => {
    const a = app.newWorkspace();
    const b = app.newWorkspace();
    const g = await createGroup(a.api);
    expectProblem(await b.api.post("/v1/people", { email: "x@example.com", group_ids: [g.id] }), 422, "validation_failed");
    expect((await a.api.get(`/v1/groups/${g.id}`)).body.people_count).toBe(0);
  });
});
