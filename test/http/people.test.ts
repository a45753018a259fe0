import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { people } from "../../src/db/schema";
import { registerPersonReference } from "../../src/modules/audience/person-references";
import { startTestApp, type TestApp, type TestWorkspace } from "../helpers/app";
import { apiWithScopes, createField, createGroup, createPerson, createSegment } from "../helpers/factory";
import { expectOk, expectProblem } from "../helpers/http";
import { expectIsolated } from "../helpers/isolation";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const ids = (r: { body: { data: { id: string }[] } }) => r.body.data.map((p) => p.id);
const UNKNOWN = "per_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f";

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
      created_at: new Date(app.clock.now()).toISOString(), // the clock is the file's: other tests move it
    });
    expect(r.body.id).toMatch(/^per_[0-9a-f]{32}$/);
  });

  test("a workspace token (the dashboard) creates people with source manual", async () => {
    const w = app.newWorkspace();
    const dashboard = apiWithScopes(app, w, ["people:write", "people:read"], "workspace");
    expect((await createPerson(dashboard)).source).toBe("manual");
  });

  test("a duplicate address in any letter case is 409 naming the person", async () => {
    const { api } = app.newWorkspace();
    const first = await createPerson(api, { email: "ann@example.com" });
    const dup = await api.post("/v1/people", { email: " ANN@Example.COM" });
    expectProblem(dup, 409, "conflict");
    expect(dup.body.detail).toContain(first.id);
  });

  test("invalid values are 422 with a pointer each", async () => {
    const { api } = app.newWorkspace();
    const r = await api.post("/v1/people", { email: "not-an-address", telephones: ["+33123456789", "12345"], timezone: "+01:00", given_name: "Ada" });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors.map((e: any) => e.pointer).sort()).toEqual(["/email", "/telephones/1", "/timezone"]);
    // a control character is refused by the request schema (the text policy), before the values are checked
    const bell = await api.post("/v1/people", { email: "not-an-address", given_name: "a\u0007b" });
    expectProblem(bell, 422, "validation_failed");
    expect(bell.body.errors).toEqual([{ pointer: "/given_name", code: "format", detail: "given_name contains a control character (U+0007 bell) at position 2." }]);
  });

  test("an unknown time zone is 422", async () => {
    const { api } = app.newWorkspace();
    expectProblem(await api.post("/v1/people", { email: "x@example.com", timezone: "Mars/Olympus" }), 422, "validation_failed");
  });

  test.each(["status", "score", "email_domain", "email_sendable", "last_activity_at"])("the system-owned field %s is refused (422 unknown)", async (field) => {
    const { api } = app.newWorkspace();
    const r = await api.post("/v1/people", { email: "y@example.com", [field]: null });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors).toContainEqual(expect.objectContaining({ pointer: `/${field}`, code: "unknown" }));
  });

  test("a missing address is 422: /email required", async () => {
    const { api } = app.newWorkspace();
    const missing = await api.post("/v1/people", { given_name: "No address" });
    expectProblem(missing, 422, "validation_failed");
    expect(missing.body.errors[0]).toMatchObject({ pointer: "/email", code: "required" });
  });

  test("custom values are checked against each field's type: 422 naming each", async () => {
    const { api } = app.newWorkspace();
    await createField(api, { key: "seats", label: "Seats", type: "number" });
    await createField(api, { key: "tier", label: "Tier", type: "enum", options: ["gold", "silver"] });
    const bad = await api.post("/v1/people", { email: "c@example.com", custom_fields: { seats: "ten", tier: "bronze", nope: 1 } });
    expectProblem(bad, 422, "validation_failed");
    expect(bad.body.errors.map((e: any) => [e.pointer, e.code])).toEqual([
      ["/custom_fields/seats", "type"],
      ["/custom_fields/tier", "invalid"],
      ["/custom_fields/nope", "unknown"],
    ]);
  });

  test("valid custom values are stored", async () => {
    const { api } = app.newWorkspace();
    await createField(api, { key: "seats", label: "Seats", type: "number" });
    await createField(api, { key: "tier", label: "Tier", type: "enum", options: ["gold", "silver"] });
    const ok = await createPerson(api, { custom_fields: { seats: 10, tier: "gold" } });
    expect(ok.custom_fields).toEqual({ seats: 10, tier: "gold" });
  });

  test("group_ids naming another workspace's group is 422 at that index", async () => {
    const { api } = app.newWorkspace();
    const g = await createGroup(api, { name: "Leads" });
    const foreign = await createGroup(app.newWorkspace().api, { name: "Theirs" });
    const r = await api.post("/v1/people", { email: "g@example.com", group_ids: [g.id, foreign.id] });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors).toEqual([expect.objectContaining({ pointer: "/group_ids/1", code: "unknown" })]);
  });

  test("a group named twice in group_ids is joined once", async () => {
    const { api } = app.newWorkspace();
    const g = await createGroup(api);
    expect((await createPerson(api, { group_ids: [g.id, g.id] })).group_ids).toEqual([g.id]);
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

  test("needs people:write, named in the answer", async () => {
    const w = app.newWorkspace();
    const r = await apiWithScopes(app, w, ["people:read"]).post("/v1/people", { email: "ro@example.com" });
    expectProblem(r, 403, "forbidden");
    expect(r.body.detail).toContain("people:write");
  });
});

describe("GET /v1/people/{id}", () => {
  test("answers the person as created", async () => {
    const { api } = app.newWorkspace();
    const p = await createPerson(api, { given_name: "Zoë", telephones: ["+33123456789"], timezone: "Europe/Paris" });
    expect((await api.get(`/v1/people/${p.id}`)).body).toEqual(p);
  });

  test("a malformed id is 404", async () => {
    const { api } = app.newWorkspace();
    expectProblem(await api.get("/v1/people/per_nothex"), 404, "not_found");
  });

  test("people:read is enough", async () => {
    const w = app.newWorkspace();
    const p = await createPerson(w.api);
    expectOk(await apiWithScopes(app, w, ["people:read"]).get(`/v1/people/${p.id}`));
  });
});

describe("PATCH /v1/people/{id}", () => {
  /** A person with given name, company, two custom values and a group; the fields and a second group exist. */
  async function ann(w: TestWorkspace) {
    await createField(w.api, { key: "seats", label: "Seats", type: "number" });
    await createField(w.api, { key: "vip", label: "VIP", type: "boolean" });
    const g1 = await createGroup(w.api, { name: "One" });
    const g2 = await createGroup(w.api, { name: "Two" });
    const p = await createPerson(w.api, { given_name: "Ann", company: "Acme", custom_fields: { seats: 3, vip: true }, group_ids: [g1.id] });
    app.clock.advance(1000);
    return { p, g1, g2 };
  }

  test("replaces the fields given, keeps the others and moves updated_at", async () => {
    const w = app.newWorkspace();
    const { p } = await ann(w);
    const r = await w.api.patch(`/v1/people/${p.id}`, { company: null, family_name: "Lee" });
    expectOk(r);
    expect(r.body).toMatchObject({ given_name: "Ann", family_name: "Lee", company: null });
    expect(r.body.updated_at).not.toBe(p.updated_at);
  });

  test("merges custom values: a value replaces, null removes, others stay", async () => {
    const w = app.newWorkspace();
    const { p } = await ann(w);
    await createField(w.api, { key: "city" });
    await w.api.patch(`/v1/people/${p.id}`, { custom_fields: { city: "Oslo" } });
    const r = await w.api.patch(`/v1/people/${p.id}`, { custom_fields: { seats: 4, vip: null } });
    expect(r.body.custom_fields).toEqual({ seats: 4, city: "Oslo" });
  });

  test("replaces the groups", async () => {
    const w = app.newWorkspace();
    const { p, g2 } = await ann(w);
    expect((await w.api.patch(`/v1/people/${p.id}`, { group_ids: [g2.id] })).body.group_ids).toEqual([g2.id]);
  });

  test("removing the last custom value and every group leaves null and [], as stored", async () => {
    const w = app.newWorkspace();
    const { p } = await ann(w);
    const cleared = await w.api.patch(`/v1/people/${p.id}`, { custom_fields: { seats: null, vip: null }, group_ids: [] });
    expect(cleared.body).toMatchObject({ custom_fields: null, group_ids: [] });
    expect((await w.api.get(`/v1/people/${p.id}`)).body).toEqual(cleared.body);
  });

  test("another letter case of the address keeps the sendability verdict", async () => {
    const w = app.newWorkspace();
    const p = await createPerson(w.api, { email: "old@example.com" });
    app.ctx.db.update(people).set({ emailSendable: true, verifiedAt: app.clock.now() }).where(eq(people.id, p.id)).run();
    const same = await w.api.patch(`/v1/people/${p.id}`, { email: "OLD@example.com" });
    expect(same.body).toMatchObject({ email: "OLD@example.com", email_sendable: true });
  });

  test("a new address clears the sendability verdict", async () => {
    const w = app.newWorkspace();
    const p = await createPerson(w.api, { email: "old@example.com" });
    app.ctx.db.update(people).set({ emailSendable: true, verifiedAt: app.clock.now() }).where(eq(people.id, p.id)).run();
    const moved = await w.api.patch(`/v1/people/${p.id}`, { email: "new@Other.Example" });
    expect(moved.body).toMatchObject({ email: "new@other.example", email_domain: "other.example", email_sendable: null });
  });

  test("moving to another person's address is 409 and changes nothing", async () => {
    const { api } = app.newWorkspace();
    await createPerson(api, { email: "taken@example.com" });
    const p = await createPerson(api, { email: "mine@example.com", given_name: "Me" });
    expectProblem(await api.patch(`/v1/people/${p.id}`, { email: "Taken@example.com", given_name: "Other" }), 409, "conflict");
    expect((await api.get(`/v1/people/${p.id}`)).body).toMatchObject({ email: "mine@example.com", given_name: "Me" });
  });

  test("removing the address or setting a system field is 422, each named", async () => {
    const { api } = app.newWorkspace();
    const p = await createPerson(api);
    const r = await api.patch(`/v1/people/${p.id}`, { email: null, status: "bounced" });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors.map((e: any) => e.pointer).sort()).toEqual(["/email", "/status"]);
  });

  test("an unknown person is 404", async () => {
    const { api } = app.newWorkspace();
    expectProblem(await api.patch(`/v1/people/${UNKNOWN}`, { given_name: "x" }), 404, "not_found");
  });

  test("needs people:write", async () => {
    const w = app.newWorkspace();
    const p = await createPerson(w.api);
    expectProblem(await apiWithScopes(app, w, ["people:read"]).patch(`/v1/people/${p.id}`, { given_name: "x" }), 403, "forbidden");
  });
});

describe("GET /v1/people", () => {
  /** Ann (api, in group g) and, a minute later, Bob (bounced, csv_import of `imp`, company Acme, in segment `seg`). */
  async function annAndBob(w: TestWorkspace) {
    const g = await createGroup(w.api, { name: "G" });
    const ann = await createPerson(w.api, { email: "Ann@Example.com", group_ids: [g.id] });
    app.clock.advance(60_000);
    const bob = await createPerson(w.api, { email: "bob@example.com", company: "Acme" });
    const imp = "imp_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f";
    app.ctx.db.update(people).set({ status: "bounced", source: "csv_import", importId: imp }).where(eq(people.id, bob.id)).run();
    const seg = await createSegment(w.api, { name: "Acme", filter: { field: "company", op: "eq", value: "Acme" } });
    return { g, ann, bob, imp, seg };
  }

  test("lists newest first", async () => {
    const w = app.newWorkspace();
    const { ann, bob } = await annAndBob(w);
    expect(ids(await w.api.get("/v1/people"))).toEqual([bob.id, ann.id]);
  });

  test("filters by email in any letter case", async () => {
    const w = app.newWorkspace();
    const { ann } = await annAndBob(w);
    expect(ids(await w.api.get("/v1/people?email=ANN@example.COM"))).toEqual([ann.id]);
  });

  test("filters by status", async () => {
    const w = app.newWorkspace();
    const { bob } = await annAndBob(w);
    expect(ids(await w.api.get("/v1/people?status=bounced"))).toEqual([bob.id]);
  });

  test("filters by source", async () => {
    const w = app.newWorkspace();
    const { ann } = await annAndBob(w);
    expect(ids(await w.api.get("/v1/people?source=api"))).toEqual([ann.id]);
  });

  test("filters by import", async () => {
    const w = app.newWorkspace();
    const { bob, imp } = await annAndBob(w);
    expect(ids(await w.api.get(`/v1/people?import_id=${imp}`))).toEqual([bob.id]);
  });

  test("filters by group", async () => {
    const w = app.newWorkspace();
    const { ann, g } = await annAndBob(w);
    expect(ids(await w.api.get(`/v1/people?group_id=${g.id}`))).toEqual([ann.id]);
  });

  test("filters by segment", async () => {
    const w = app.newWorkspace();
    const { bob, seg } = await annAndBob(w);
    expect(ids(await w.api.get(`/v1/people?segment_id=${seg.id}`))).toEqual([bob.id]);
  });

  test("filters by updated_after", async () => {
    const w = app.newWorkspace();
    const { ann, bob } = await annAndBob(w);
    expect(ids(await w.api.get(`/v1/people?updated_after=${encodeURIComponent(ann.updated_at)}`))).toEqual([bob.id]);
  });

  test("a segment matches people as they are now", async () => {
    const w = app.newWorkspace();
    const { ann, bob, seg } = await annAndBob(w);
    await w.api.patch(`/v1/people/${ann.id}`, { company: "Acme" });
    expect(ids(await w.api.get(`/v1/people?segment_id=${seg.id}`))).toEqual([bob.id, ann.id]);
  });

  test("malformed status, group_id and updated_after are 422, each named", async () => {
    const { api } = app.newWorkspace();
    const r = await api.get("/v1/people?status=gone&group_id=grp_1&updated_after=yesterday");
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors.map((e: any) => e.pointer).sort()).toEqual(["?group_id", "?status", "?updated_after"]);
  });

  test("updated_after without a time is 422", async () => {
    const { api } = app.newWorkspace();
    expectProblem(await api.get("/v1/people?updated_after=2026-01-01"), 422, "validation_failed");
  });

  test("an email filter that is not an address is 422", async () => {
    const { api } = app.newWorkspace();
    expectProblem(await api.get("/v1/people?email=nobody"), 422, "validation_failed");
  });

  test("an unknown parameter is 422", async () => {
    const { api } = app.newWorkspace();
    expectProblem(await api.get("/v1/people?unknown=1"), 422, "validation_failed");
  });

  test("an unknown group is 404", async () => {
    const { api } = app.newWorkspace();
    expectProblem(await api.get("/v1/people?group_id=grp_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f"), 404, "not_found");
  });

  test("an unknown segment is 404", async () => {
    const { api } = app.newWorkspace();
    expectProblem(await api.get("/v1/people?segment_id=seg_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f"), 404, "not_found");
  });

  /** Five people of one segment, oldest first, and the segment. */
  async function pager(w: TestWorkspace) {
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await createPerson(w.api, { company: "Pager" })).id);
    const seg = await createSegment(w.api, { name: "Pager", filter: { field: "company", op: "eq", value: "Pager" } });
    return { made, seg };
  }

  test("pages newest first with a cursor, counting the total", async () => {
    const w = app.newWorkspace();
    const { made, seg } = await pager(w);
    const p1 = await w.api.get(`/v1/people?limit=2&segment_id=${seg.id}&include=total_count`);
    expect(ids(p1)).toEqual([made[4], made[3]]);
    expect(p1.body.meta).toMatchObject({ has_more: true, total_count: 5, total_count_capped: false });
    const p2 = await w.api.get(`/v1/people?limit=2&segment_id=${seg.id}&cursor=${p1.body.meta.next_cursor}`);
    expect(ids(p2)).toEqual([made[2], made[1]]);
  });

  test("a cursor used without its filters is 400", async () => {
    const w = app.newWorkspace();
    const { seg } = await pager(w);
    const p1 = await w.api.get(`/v1/people?limit=2&segment_id=${seg.id}`);
    expectProblem(await w.api.get(`/v1/people?limit=2&cursor=${p1.body.meta.next_cursor}`), 400, "invalid_request");
  });

  test("needs people:read", async () => {
    const w = app.newWorkspace();
    expectProblem(await apiWithScopes(app, w, ["automation:read"]).get("/v1/people"), 403, "forbidden");
  });
});

describe("DELETE /v1/people/{id}", () => {
  test("removes the person: 204, then 404", async () => {
    const { api } = app.newWorkspace();
    const p = await createPerson(api);
    const d = await api.delete(`/v1/people/${p.id}`);
    expect(d.status).toBe(204);
    expectProblem(await api.get(`/v1/people/${p.id}`), 404, "not_found");
  });

  test("removes the person's memberships", async () => {
    const { api } = app.newWorkspace();
    const g = await createGroup(api, { name: "G" });
    const p = await createPerson(api, { group_ids: [g.id] });
    expect((await api.delete(`/v1/people/${p.id}`)).status).toBe(204);
    expect((await api.get(`/v1/groups/${g.id}`)).body.people_count).toBe(0);
  });

  test("a second DELETE is 404", async () => {
    const { api } = app.newWorkspace();
    const p = await createPerson(api);
    expect((await api.delete(`/v1/people/${p.id}`)).status).toBe(204);
    expectProblem(await api.delete(`/v1/people/${p.id}`), 404, "not_found");
  });

  test("is 409 while records name the person, who stays; allowed once they are gone", async () => {
    const { api } = app.newWorkspace();
    const p = await createPerson(api);
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

  test("needs people:write", async () => {
    const w = app.newWorkspace();
    const p = await createPerson(w.api);
    expectProblem(await apiWithScopes(app, w, ["people:read"]).delete(`/v1/people/${p.id}`), 403, "forbidden");
  });
});

describe("isolation", () => {
  test("a person is invisible to other workspaces and to the test twin", async () => {
    const a = app.newWorkspace();
    const b = app.newWorkspace();
    const p = await createPerson(a.api);
    await expectIsolated([b.api, a.testApi], {
      resourcePath: `/v1/people/${p.id}`,
      listPath: "/v1/people",
      id: p.id,
      routes: [
        ["PATCH", `/v1/people/${p.id}`, { given_name: "Mallory" }],
        ["DELETE", `/v1/people/${p.id}`],
      ],
    });
    expect((await a.api.get(`/v1/people/${p.id}`)).body.given_name).toBeNull();
  });

  test("the same address is free in another workspace", async () => {
    const a = app.newWorkspace();
    const b = app.newWorkspace();
    await createPerson(a.api, { email: "iso@example.com" });
    await createPerson(b.api, { email: "iso@example.com" });
    expect((await b.api.get("/v1/people?email=iso@example.com")).body.data).toHaveLength(1);
  });
});
