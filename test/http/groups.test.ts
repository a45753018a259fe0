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

const group = async (api: Api, body: Record<string, unknown> = {}) => {
  const r = await api.post("/v1/groups", { name: "Leads", ...body });
  expectOk(r, 201);
  return r.body;
};
const person = async (api: Api, groupIds: string[]) =>
  (await api.post("/v1/people", { email: `p-${crypto.randomUUID()}@example.com`, group_ids: groupIds })).body;

describe("groups", () => {
  test("create empty, read, list newest first with member counts", async () => {
    const { api } = app.newWorkspace();
    const a = await group(api, { name: "Leads", description: "From the fair" });
    expect(a).toMatchObject({ object: "group", name: "Leads", description: "From the fair", people_count: 0 });
    expect(a.id).toMatch(/^grp_[0-9a-f]{32}$/);
    const b = await group(api, { name: "Customers" });
    expect(b.description).toBeNull();
    await person(api, [a.id, b.id]);
    await person(api, [a.id]);
    expect((await api.get(`/v1/groups/${a.id}`)).body.people_count).toBe(2);
    const list = await api.get("/v1/groups?include=total_count");
    expect(list.body.data.map((g: any) => [g.id, g.people_count])).toEqual([
      [b.id, 1],
      [a.id, 2],
    ]);
    expect(list.body.meta.total_count).toBe(2);
    const p1 = await api.get("/v1/groups?limit=1");
    const p2 = await api.get(`/v1/groups?limit=1&cursor=${p1.body.meta.next_cursor}`);
    expect(p2.body.data.map((g: any) => g.id)).toEqual([a.id]);
  });

  test("invalid bodies are 422", async () => {
    const { api } = app.newWorkspace();
    const r = await api.post("/v1/groups", { name: "", people_count: 3 });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors.map((e: any) => e.pointer).sort()).toEqual(["/name", "/people_count"]);
    expectProblem(await api.post("/v1/groups", { description: "no name" }), 422, "validation_failed");
  });

  test("PATCH renames and describes", async () => {
    const { api } = app.newWorkspace();
    const g = await group(api, { description: "old" });
    app.clock.advance(1000);
    const r = await api.patch(`/v1/groups/${g.id}`, { name: "Hot leads" });
    expect(r.body).toMatchObject({ name: "Hot leads", description: "old" });
    expect(r.body.updated_at).not.toBe(g.updated_at);
    expect((await api.patch(`/v1/groups/${g.id}`, { description: null })).body.description).toBeNull();
    expectProblem(await api.patch(`/v1/groups/${g.id}`, { name: "" }), 422, "validation_failed");
    expectProblem(await api.patch("/v1/groups/grp_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f", { name: "x" }), 404, "not_found");
  });

  test("DELETE removes the memberships; the people stay", async () => {
    const { api } = app.newWorkspace();
    const g = await group(api);
    const keep = await group(api, { name: "Keep" });
    const p = await person(api, [g.id, keep.id]);
    expect((await api.delete(`/v1/groups/${g.id}`)).status).toBe(204);
    expectProblem(await api.get(`/v1/groups/${g.id}`), 404, "not_found");
    expect((await api.get(`/v1/people/${p.id}`)).body.group_ids).toEqual([keep.id]);
    expectProblem(await api.get(`/v1/people?group_id=${g.id}`), 404, "not_found");
    expectProblem(await api.delete(`/v1/groups/${g.id}`), 404, "not_found");
  });

  test("writes need people:write", async () => {
    const w = app.newWorkspace();
    const ro = w.api.withToken(createKey(app.ctx, { workspaceId: w.id, scopes: ["people:read"], kind: "api" }).token);
    expectProblem(await ro.post("/v1/groups", { name: "x" }), 403, "forbidden");
    expectOk(await ro.get("/v1/groups"));
  });

  test("is invisible to other workspaces and to the test twin", async () => {
    const a = app.newWorkspace();
    const b = app.newWorkspace();
    const g = await group(a.api);
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
    // nor can another workspace put its people into it
    expectProblem(await b.api.post("/v1/people", { email: "x@example.com", group_ids: [g.id] }), 422, "validation_failed");
    expect((await a.api.get(`/v1/groups/${g.id}`)).body).toMatchObject({ name: "Leads", people_count: 0 });
  });
});
