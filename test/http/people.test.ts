import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { people } from "../../src/db/schema";
import { registerPersonReference } from "../../src/modules/audience/person-references";
import { createKey } from "../../src/modules/workspaces/workspaces";
import { startTestApp, type TestApp } from "../helpers/app";
import { expectOk, expectProblem, type Api } from "../helpers/http";
import { expectIsolated } from "../helpers/isolation";
import { eq } from "drizzle-orm";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const create = async (api: Api, body: Record<string, unknown> = {}) => {
  const r = await api.post("/v1/people", { email: `p-${crypto.randomUUID()}@example.com`, ...body });
  expectOk(r, 201);
  return r.body;
};
const ids = (r: { body: { data: { id: string }[] } }) => r.body.data.map((p) => p.id);

describe("POST /v1/people", () => {
  test("normalises the address and answers the whole person", async () => {
    const { api } = app.newWorkspace();
    const r = await api.post("/v1/people", {
      email: "  Zoë.Smith@BÜCHER.Example ",
      given_name: " Zoë ",
      family_name: "Smith",
      company: "Acme",
      telephones: ["+33 1 23 45 67 89", "0044 (20) 7946-0958", "+33123456789"],
      timezone: "europe/paris",
      private_notes: "met at\tconf\nlast year",
    });
    expectOk(r, 201);
    expect(r.body).toMatchObject({
      object: "person",
      email: "Zoë.Smith@xn--bcher-kva.example",
      email_domain: "xn--bcher-kva.example",
      email_sendable: null,
      given_name: "Zoë",
      family_name: "Smith",
      company: "Acme",
      telephone: "+33123456789",
      telephones: ["+33123456789", "+442079460958"],
      timezone: "Europe/Paris",
      custom_fields: null,
      private_notes: "met at\tconf\nlast year",
      score: null,
      source: "api",
      status: "active",
      import_id: null,
      group_ids: [],
      archived_at: null,
      last_activity_at: null,
      created_at: "2026-11-21T12:00:00.000Z",
    });
    expect(r.body.id).toMatch(/^per_[0-9a-f]{32}$/);
    expect((await api.get(`/v1/people/${r.body.id}`)).body).toEqual(r.body);
  });

  test("a workspace token (the dashboard) creates people with source manual", async () => {
    const w = app.newWorkspace();
    const { token } = createKey(app.ctx, { workspaceId: w.id, scopes: ["people:write", "people:read"], kind: "workspace" });
    expect((await create(w.api.withToken(token))).source).toBe("manual");
  });

  test("a duplicate address in any letter case is 409", async () => {
    const { api } = app.newWorkspace();
    const first = await create(api, { email: "ann@example.com" });
    const dup = await api.post("/v1/people", { email: " ANN@Example.COM" });
    expectProblem(dup, 409, "conflict");
    expect(dup.body.detail).toContain(first.id);
  });

  test("invalid values are 422 with a pointer each; system-owned fields are refused", async () => {
    const { api } = app.newWorkspace();
    const r = await api.post("/v1/people", { email: "not-an-address", telephones: ["+33123456789", "12345"], timezone: "+01:00", given_name: "a\u0007b" });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors.map((e: any) => e.pointer).sort()).toEqual(["/email", "/given_name", "/telephones/1", "/timezone"]);
    expectProblem(await api.post("/v1/people", { email: "x@example.com", timezone: "Mars/Olympus" }), 422, "validation_failed");
    for (const field of ["status", "score", "email_domain", "email_sendable", "last_activity_at"]) {
      const ro = await api.post("/v1/people", { email: "y@example.com", [field]: null });
      expectProblem(ro, 422, "validation_failed");
      expect(ro.body.errors).toContainEqual(expect.objectContaining({ pointer: `/${field}`, code: "unknown" }));
    }
    const missing = await api.post("/v1/people", { given_name: "No address" });
    expectProblem(missing, 422, "validation_failed");
    expect(missing.body.errors[0]).toMatchObject({ pointer: "/email", code: "required" });
  });

  test("custom values are checked against each field's type", async () => {
    const { api } = app.newWorkspace();
    expectOk(await api.post("/v1/fields", { key: "seats", label: "Seats", type: "number" }), 201);
    expectOk(await api.post("/v1/fields", { key: "tier", label: "Tier", type: "enum", options: ["gold", "silver"] }), 201);
    const bad = await api.post("/v1/people", { email: "c@example.com", custom_fields: { seats: "ten", tier: "bronze", nope: 1 } });
    expectProblem(bad, 422, "validation_failed");
    expect(bad.body.errors.map((e: any) => [e.pointer, e.code])).toEqual([
      ["/custom_fields/seats", "type"],
      ["/custom_fields/tier", "invalid"],
      ["/custom_fields/nope", "unknown"],
    ]);
    const ok = await create(api, { custom_fields: { seats: 10, tier: "gold" } });
    expect(ok.custom_fields).toEqual({ seats: 10, tier: "gold" });
  });

  test("group_ids must name groups of the workspace", async () => {
    const { api } = app.newWorkspace();
    const g = (await api.post("/v1/groups", { name: "Leads" })).body;
    const other = app.newWorkspace();
    const foreign = (await other.api.post("/v1/groups", { name: "Theirs" })).body;
    const r = await api.post("/v1/people", { email: "g@example.com", group_ids: [g.id, foreign.id] });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors).toEqual([expect.objectContaining({ pointer: "/group_ids/1", code: "unknown" })]);
    expect((await create(api, { group_ids: [g.id, g.id] })).group_ids).toEqual([g.id]);
  });

  test("an Idempotency-Key replays the first answer", async () => {
    const { api } = app.newWorkspace();
    const h = { "idempotency-key": "create-ann" };
    const a = await api.post("/v1/people", { email: "ann@example.com" }, h);
    const b = await api.post("/v1/people", { email: "ann@example.com" }, h);
    expectOk(b, 201);
    expect(b.body.id).toBe(a.body.id);
    expect(b.headers.get("idempotent-replayed")).toBe("true");
  });
});

describe("PATCH /v1/people/{id}", () => {
  test("replaces given fields, merges custom values, replaces groups", async () => {
    const { api } = app.newWorkspace();
    await api.post("/v1/fields", { key: "seats", label: "Seats", type: "number" });
    await api.post("/v1/fields", { key: "vip", label: "VIP", type: "boolean" });
    const g1 = (await api.post("/v1/groups", { name: "One" })).body;
    const g2 = (await api.post("/v1/groups", { name: "Two" })).body;
    const p = await create(api, { given_name: "Ann", company: "Acme", custom_fields: { seats: 3, vip: true }, group_ids: [g1.id] });
    app.clock.advance(1000);
    const r = await api.patch(`/v1/people/${p.id}`, { company: null, family_name: "Lee", custom_fields: { seats: 4, vip: null }, group_ids: [g2.id] });
    expectOk(r);
    expect(r.body).toMatchObject({ given_name: "Ann", family_name: "Lee", company: null, custom_fields: { seats: 4 }, group_ids: [g2.id] });
    expect(r.body.updated_at).not.toBe(p.updated_at);
    const cleared = await api.patch(`/v1/people/${p.id}`, { custom_fields: { seats: null }, group_ids: [] });
    expect(cleared.body).toMatchObject({ custom_fields: null, group_ids: [] });
    expect((await api.get(`/v1/people/${p.id}`)).body).toEqual(cleared.body);
  });

  test("a new address clears the sendability verdict; another letter case keeps it", async () => {
    const w = app.newWorkspace();
    const p = await create(w.api, { email: "old@example.com" });
    app.ctx.db.update(people).set({ emailSendable: true, verifiedAt: app.clock.now() }).where(eq(people.id, p.id)).run();
    const same = await w.api.patch(`/v1/people/${p.id}`, { email: "OLD@example.com" });
    expect(same.body).toMatchObject({ email: "OLD@example.com", email_sendable: true });
    const moved = await w.api.patch(`/v1/people/${p.id}`, { email: "new@Other.Example" });
    expect(moved.body).toMatchObject({ email: "new@other.example", email_domain: "other.example", email_sendable: null });
  });

  test("moving to another person's address is 409 and changes nothing", async () => {
    const { api } = app.newWorkspace();
    await create(api, { email: "taken@example.com" });
    const p = await create(api, { email: "mine@example.com", given_name: "Me" });
    expectProblem(await api.patch(`/v1/people/${p.id}`, { email: "Taken@example.com", given_name: "Other" }), 409, "conflict");
    expect((await api.get(`/v1/people/${p.id}`)).body).toMatchObject({ email: "mine@example.com", given_name: "Me" });
  });

  test("bad input is 422; an address cannot be removed; an unknown person is 404", async () => {
    const { api } = app.newWorkspace();
    const p = await create(api);
    const r = await api.patch(`/v1/people/${p.id}`, { email: null, status: "bounced" });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors.map((e: any) => e.pointer).sort()).toEqual(["/email", "/status"]);
    expectProblem(await api.patch("/v1/people/per_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f", { given_name: "x" }), 404, "not_found");
    expectProblem(await api.get("/v1/people/per_nothex"), 404, "not_found");
  });
});

describe("GET /v1/people", () => {
  test("filters by email, status, source, import, group, segment and updated_after", async () => {
    const w = app.newWorkspace();
    const g = (await w.api.post("/v1/groups", { name: "G" })).body;
    const ann = await create(w.api, { email: "Ann@Example.com", group_ids: [g.id] });
    app.clock.advance(60_000);
    const bob = await create(w.api, { email: "bob@example.com", company: "Acme" });
    const imp = "imp_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f";
    app.ctx.db.update(people).set({ status: "bounced", source: "csv_import", importId: imp }).where(eq(people.id, bob.id)).run();
    const seg = (await w.api.post("/v1/segments", { name: "Acme", filter: { field: "company", op: "eq", value: "Acme" } })).body;

    expect(ids(await w.api.get("/v1/people?email=ANN@example.COM"))).toEqual([ann.id]);
    expect(ids(await w.api.get("/v1/people?status=bounced"))).toEqual([bob.id]);
    expect(ids(await w.api.get("/v1/people?source=api"))).toEqual([ann.id]);
    expect(ids(await w.api.get(`/v1/people?import_id=${imp}`))).toEqual([bob.id]);
    expect(ids(await w.api.get(`/v1/people?group_id=${g.id}`))).toEqual([ann.id]);
    expect(ids(await w.api.get(`/v1/people?segment_id=${seg.id}`))).toEqual([bob.id]);
    expect(ids(await w.api.get(`/v1/people?updated_after=${encodeURIComponent(ann.updated_at)}`))).toEqual([bob.id]);
    expect(ids(await w.api.get("/v1/people"))).toEqual([bob.id, ann.id]);

    // the segment matches people as they are now
    await w.api.patch(`/v1/people/${ann.id}`, { company: "Acme" });
    expect(ids(await w.api.get(`/v1/people?segment_id=${seg.id}`))).toEqual([bob.id, ann.id]);
  });

  test("bad filters: 422 for malformed values, 404 for an unknown group or segment", async () => {
    const { api } = app.newWorkspace();
    const r = await api.get("/v1/people?status=gone&group_id=grp_1&updated_after=yesterday");
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors.map((e: any) => e.pointer).sort()).toEqual(["?group_id", "?status", "?updated_after"]);
    expectProblem(await api.get("/v1/people?updated_after=2026-01-01"), 422, "validation_failed");
    expectProblem(await api.get("/v1/people?email=nobody"), 422, "validation_failed");
    expectProblem(await api.get("/v1/people?unknown=1"), 422, "validation_failed");
    expectProblem(await api.get("/v1/people?group_id=grp_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f"), 404, "not_found");
    expectProblem(await api.get("/v1/people?segment_id=seg_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f"), 404, "not_found");
  });

  test("pages newest first with a cursor bound to the filters", async () => {
    const w = app.newWorkspace();
    const made = [];
    for (let i = 0; i < 5; i++) made.push((await create(w.api, { company: "Pager" })).id);
    const seg = (await w.api.post("/v1/segments", { name: "Pager", filter: { field: "company", op: "eq", value: "Pager" } })).body;
    const p1 = await w.api.get(`/v1/people?limit=2&segment_id=${seg.id}&include=total_count`);
    expect(ids(p1)).toEqual([made[4], made[3]]);
    expect(p1.body.meta).toMatchObject({ has_more: true, total_count: 5, total_count_capped: false });
    const p2 = await w.api.get(`/v1/people?limit=2&segment_id=${seg.id}&cursor=${p1.body.meta.next_cursor}`);
    expect(ids(p2)).toEqual([made[2], made[1]]);
    expectProblem(await w.api.get(`/v1/people?limit=2&cursor=${p1.body.meta.next_cursor}`), 400, "invalid_request");
  });
});

describe("DELETE /v1/people/{id}", () => {
  test("deletes the person and their memberships", async () => {
    const { api } = app.newWorkspace();
    const g = (await api.post("/v1/groups", { name: "G" })).body;
    const p = await create(api, { group_ids: [g.id] });
    const d = await api.delete(`/v1/people/${p.id}`);
    expect(d.status).toBe(204);
    expectProblem(await api.get(`/v1/people/${p.id}`), 404, "not_found");
    expect((await api.get(`/v1/groups/${g.id}`)).body.people_count).toBe(0);
    expectProblem(await api.delete(`/v1/people/${p.id}`), 404, "not_found");
  });

  test("is refused with 409 while records name the person", async () => {
    const { api } = app.newWorkspace();
    const p = await create(api);
    const blocked = new Set([p.id]);
    const off = registerPersonReference({ name: "enrollments", count: (_db, a) => (blocked.has(a.personId) ? 2 : 0) });
    try {
      const r = await api.delete(`/v1/people/${p.id}`);
      expectProblem(r, 409, "invalid_state");
      expect(r.body.detail).toContain("2 enrollments");
      expectOk(await api.get(`/v1/people/${p.id}`));
    } finally {
      off();
    }
    expect((await api.delete(`/v1/people/${p.id}`)).status).toBe(204);
  });
});

describe("people access", () => {
  test("writes need people:write, reads people:read", async () => {
    const w = app.newWorkspace();
    const p = await create(w.api);
    const ro = w.api.withToken(createKey(app.ctx, { workspaceId: w.id, scopes: ["people:read"], kind: "api" }).token);
    const r = await ro.post("/v1/people", { email: "ro@example.com" });
    expectProblem(r, 403, "forbidden");
    expect(r.body.detail).toContain("people:write");
    expectProblem(await ro.patch(`/v1/people/${p.id}`, { given_name: "x" }), 403, "forbidden");
    expectProblem(await ro.delete(`/v1/people/${p.id}`), 403, "forbidden");
    expectOk(await ro.get(`/v1/people/${p.id}`));
    const none = w.api.withToken(createKey(app.ctx, { workspaceId: w.id, scopes: ["automation:read"], kind: "api" }).token);
    expectProblem(await none.get("/v1/people"), 403, "forbidden");
  });

  test("is invisible to other workspaces and to the test twin", async () => {
    const a = app.newWorkspace();
    const b = app.newWorkspace();
    const p = await create(a.api, { email: "iso@example.com" });
    await expectIsolated([b.api, a.testApi], {
      resourcePath: `/v1/people/${p.id}`,
      listPath: "/v1/people",
      id: p.id,
      routes: [
        ["PATCH", `/v1/people/${p.id}`, { given_name: "Mallory" }],
        ["DELETE", `/v1/people/${p.id}`],
      ],
    });
    // the same address is free in another workspace
    expectOk(await b.api.post("/v1/people", { email: "iso@example.com" }), 201);
    expect((await b.api.get("/v1/people?email=iso@example.com")).body.data).toHaveLength(1);
    expect((await a.api.get(`/v1/people/${p.id}`)).body.given_name).toBeNull();
  });
});
