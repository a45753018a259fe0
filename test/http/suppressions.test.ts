import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { events, suppressionAudit, suppressions } from "../../src/db/schema";
import { transact } from "../../src/modules/events/outbox";
import { isSuppressed, recordSuppression, suppressedAmong, type RecordArgs } from "../../src/modules/audience/suppressions";
import { createKey } from "../../src/modules/workspaces/workspaces";
import { startTestApp, type TestApp } from "../helpers/app";
import { expectOk, expectProblem } from "../helpers/http";
import { expectIsolated } from "../helpers/isolation";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const record = (a: Omit<RecordArgs, "evidence"> & { evidence?: RecordArgs["evidence"] }) =>
  transact(app.ctx, (tx, outbox) => recordSuppression(app.ctx, tx, outbox, { evidence: null, ...a }));

const eventsOf = (workspaceId: string) =>
  app.ctx.db.select().from(events).where(and(eq(events.workspaceId, workspaceId), eq(events.type, "suppression.created"))).all();

const fieldErrorsOf = (body: any) => body.errors.map((e: any) => [e.pointer, e.code]);

describe("POST /v1/suppressions", () => {
  test("suppresses one address, normalised, and emits suppression.created", async () => {
    const w = app.newWorkspace();
    const r = await w.api.post("/v1/suppressions", { email: "Jane.Doe@Example.COM" });
    expectOk(r, 201);
    expect(r.body).toEqual({
      id: expect.stringMatching(/^sup_[0-9a-f]{32}$/),
      object: "suppression",
      email: "Jane.Doe@example.com",
      domain: null,
      reason: "manual",
      evidence: null,
      created_by: expect.stringMatching(/^key_/),
      created_at: "2026-11-21T12:00:00.000Z",
    });
    expect((await w.api.get(`/v1/suppressions/${r.body.id}`)).body).toEqual(r.body);
    const evs = eventsOf(w.id);
    expect(evs).toHaveLength(1);
    expect(evs[0]!.data).toEqual({ id: r.body.id, email: "Jane.Doe@example.com", domain: null, reason: "manual", evidence: null, created_at: r.body.created_at });
  });

  test("suppresses a whole domain (IDNA, lower-cased)", async () => {
    const w = app.newWorkspace();
    const r = await w.api.post("/v1/suppressions", { domain: "Bücher.Example", reason: "manual" });
    expectOk(r, 201);
    expect(r.body).toMatchObject({ email: null, domain: "xn--bcher-kva.example", reason: "manual" });
  });

  test("the same address in another case, or the same domain, is 409 conflict naming the existing one", async () => {
    const w = app.newWorkspace();
    const first = (await w.api.post("/v1/suppressions", { email: "a@dup.test" })).body;
    const again = await w.api.post("/v1/suppressions", { email: "A@DUP.test" });
    expectProblem(again, 409, "conflict");
    expect(again.body.detail).toContain(first.id);
    expectOk(await w.api.post("/v1/suppressions", { domain: "dup.test" }), 201);
    expectProblem(await w.api.post("/v1/suppressions", { domain: "DUP.TEST" }), 409, "conflict");
    expect(eventsOf(w.id)).toHaveLength(2);
  });

  test("bad bodies are 422 with the field named", async () => {
    const { api } = app.newWorkspace();
    const cases: [unknown, [string, string][]][] = [
      [{}, [["", "required"]]],
      [{ email: "a@b.test", domain: "b.test" }, [["/domain", "invalid"]]],
      [{ email: "not an address" }, [["/email", "format"]]],
      [{ email: "jane@" }, [["/email", "format"]]],
      [{ domain: "exa mple.com" }, [["/domain", "format"]]],
      [{ domain: "a@b.test" }, [["/domain", "format"]]],
      [{ email: "a@b.test", reason: "hard_bounce" }, [["/reason", "invalid"]]],
      [{ email: "a@b.test", note: "x" }, [["/note", "unknown"]]],
      [{ email: 5 }, [["/email", "type"]]],
    ];
    for (const [body, expected] of cases) {
      const r = await api.post("/v1/suppressions", body);
      expectProblem(r, 422, "validation_failed");
      expect(fieldErrorsOf(r.body)).toEqual(expected);
    }
    const evidence = await api.post("/v1/suppressions", { email: "a@b.test", reason: "complaint" });
    expect(evidence.body.errors[0].detail).toContain("evidence");
  });

  test("an Idempotency-Key replays the first answer and creates one suppression", async () => {
    const w = app.newWorkspace();
    const h = { "idempotency-key": "sup-1" };
    const a = await w.api.post("/v1/suppressions", { email: "once@idem.test" }, h);
    const b = await w.api.post("/v1/suppressions", { email: "once@idem.test" }, h);
    expectOk(a, 201);
    expectOk(b, 201);
    expect(b.body).toEqual(a.body);
    expect(b.headers.get("idempotent-replayed")).toBe("true");
    expect(eventsOf(w.id)).toHaveLength(1);
  });

  test("writes need people:write, reads people:read", async () => {
    const w = app.newWorkspace();
    const ro = w.api.withToken(createKey(app.ctx, { workspaceId: w.id, scopes: ["people:read"], kind: "api" }).token);
    const denied = await ro.post("/v1/suppressions", { email: "x@scope.test" });
    expectProblem(denied, 403, "forbidden");
    expect(denied.body.detail).toContain("people:write");
    const s = (await w.api.post("/v1/suppressions", { email: "x@scope.test" })).body;
    expectProblem(await ro.delete(`/v1/suppressions/${s.id}`), 403, "forbidden");
    expectOk(await ro.get(`/v1/suppressions/${s.id}`));
    const none = w.api.withToken(createKey(app.ctx, { workspaceId: w.id, scopes: ["campaigns:read"], kind: "api" }).token);
    expectProblem(await none.get("/v1/suppressions"), 403, "forbidden");
  });
});

describe("GET /v1/suppressions", () => {
  test("newest first, filters by email (case-insensitive), domain and reason, cursor pages", async () => {
    const w = app.newWorkspace();
    const a = (await w.api.post("/v1/suppressions", { email: "one@list.test" })).body;
    const b = (await w.api.post("/v1/suppressions", { domain: "list.test" })).body;
    const c = record({ workspaceId: w.id, target: { email: "bounced@list.test" }, reason: "hard_bounce", evidence: { code: "5.1.1" } }).suppression;
    const all = await w.api.get("/v1/suppressions");
    expect(all.body.data.map((s: any) => s.id)).toEqual([c.id, b.id, a.id]);
    expect((await w.api.get("/v1/suppressions?email=ONE@List.Test")).body.data.map((s: any) => s.id)).toEqual([a.id]);
    expect((await w.api.get("/v1/suppressions?domain=list.test")).body.data.map((s: any) => s.id)).toEqual([b.id]);
    expect((await w.api.get("/v1/suppressions?reason=hard_bounce")).body.data.map((s: any) => s.id)).toEqual([c.id]);
    const p1 = await w.api.get("/v1/suppressions?limit=2&include=total_count");
    expect(p1.body.meta).toMatchObject({ has_more: true, total_count: 3 });
    const p2 = await w.api.get(`/v1/suppressions?limit=2&cursor=${encodeURIComponent(p1.body.meta.next_cursor)}`);
    expect(p2.body.data.map((s: any) => s.id)).toEqual([a.id]);
    expect(p2.body.meta.has_more).toBe(false);
  });

  test("a bad filter is 422 naming the parameter", async () => {
    const { api } = app.newWorkspace();
    const r = await api.get("/v1/suppressions?reason=bored&email=nope");
    expectProblem(r, 422, "validation_failed");
    expect(fieldErrorsOf(r.body)).toContainEqual(["?reason", "invalid"]);
    const bad = await api.get("/v1/suppressions?email=nope");
    expectProblem(bad, 422, "validation_failed");
    expect(fieldErrorsOf(bad.body)).toEqual([["?email", "format"]]);
    expectProblem(await api.get("/v1/suppressions?colour=red"), 422, "validation_failed");
  });
});

describe("DELETE /v1/suppressions/{id}", () => {
  test("removes a manual suppression and writes an audit record (who, when)", async () => {
    const w = app.newWorkspace();
    const s = (await w.api.post("/v1/suppressions", { email: "gone@del.test" })).body;
    app.clock.advance(60_000);
    const d = await w.api.delete(`/v1/suppressions/${s.id}`);
    expect(d.status).toBe(204);
    expect(d.text).toBe("");
    expectProblem(await w.api.get(`/v1/suppressions/${s.id}`), 404, "not_found");
    expectProblem(await w.api.delete(`/v1/suppressions/${s.id}`), 404, "not_found");
    const audit = app.ctx.db.select().from(suppressionAudit).where(eq(suppressionAudit.suppressionId, s.id)).all();
    expect(audit).toEqual([
      {
        id: expect.stringMatching(/^sua_/),
        workspaceId: w.id,
        suppressionId: s.id,
        action: "deleted",
        email: "gone@del.test",
        domain: null,
        reason: "manual",
        actorKeyId: s.created_by,
        at: app.clock.now(),
      },
    ]);
    expect(isSuppressed(app.ctx, w.id, "gone@del.test")).toBeNull();
    // the address can be suppressed again afterwards
    expectOk(await w.api.post("/v1/suppressions", { email: "gone@del.test" }), 201);
  });

  test("one recorded from evidence is read-only: 409 invalid_state, nothing removed or audited", async () => {
    const w = app.newWorkspace();
    const { suppression } = record({ workspaceId: w.id, target: { email: "complainer@del.test" }, reason: "complaint", evidence: { feedback_type: "abuse" } });
    const r = await w.api.delete(`/v1/suppressions/${suppression.id}`);
    expectProblem(r, 409, "invalid_state");
    expect(r.body.detail).toContain("complaint");
    const g = await w.api.get(`/v1/suppressions/${suppression.id}`);
    expect(g.body).toMatchObject({ reason: "complaint", evidence: { feedback_type: "abuse" }, created_by: null });
    expect(app.ctx.db.select().from(suppressionAudit).where(eq(suppressionAudit.suppressionId, suppression.id)).all()).toEqual([]);
  });

  test("a malformed id is 404", async () => {
    const { api } = app.newWorkspace();
    expectProblem(await api.delete("/v1/suppressions/sup_nothex"), 404, "not_found");
    expectProblem(await api.get("/v1/suppressions/per_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f"), 404, "not_found");
  });
});

describe("recordSuppression, isSuppressed, suppressedAmong", () => {
  test("evidence takes over a manual entry (which becomes read-only); a second piece of evidence keeps the first", async () => {
    const w = app.newWorkspace();
    const manual = (await w.api.post("/v1/suppressions", { email: "x@evidence.test" })).body;
    const up = record({ workspaceId: w.id, target: { email: "X@evidence.test" }, reason: "hard_bounce", evidence: { reply: "550 5.1.1 no such user" } });
    expect(up.created).toBe(false);
    expect(up.suppression).toMatchObject({ id: manual.id, reason: "hard_bounce", evidence: { reply: "550 5.1.1 no such user" } });
    const again = record({ workspaceId: w.id, target: { email: "x@evidence.test" }, reason: "complaint", evidence: { feedback_type: "abuse" } });
    expect(again).toMatchObject({ created: false, suppression: { reason: "hard_bounce" } });
    expect(eventsOf(w.id)).toHaveLength(1);
    expectProblem(await w.api.delete(`/v1/suppressions/${manual.id}`), 409, "invalid_state");
  });

  test("a rolled-back transaction leaves neither suppression nor event", () => {
    const w = app.newWorkspace();
    expect(() =>
      transact(app.ctx, (tx, outbox) => {
        recordSuppression(app.ctx, tx, outbox, { workspaceId: w.id, target: { email: "rb@evidence.test" }, reason: "unsubscribed", evidence: { via: "link" } });
        throw new Error("boom");
      }),
    ).toThrow("boom");
    expect(isSuppressed(app.ctx, w.id, "rb@evidence.test")).toBeNull();
    expect(eventsOf(w.id)).toHaveLength(0);
  });

  test("matches the exact address case-insensitively or its whole domain, never another workspace", async () => {
    const w = app.newWorkspace();
    const other = app.newWorkspace();
    const addr = (await w.api.post("/v1/suppressions", { email: "Jane@match.test" })).body;
    const dom = (await w.api.post("/v1/suppressions", { domain: "blocked.test" })).body;
    const inputs = ["jane@MATCH.test", "john@match.test", "anyone@Blocked.Test", "a@sub.blocked.test", "not an address", "jane@match.test"];
    const found = suppressedAmong(app.ctx, w.id, inputs);
    expect([...found.entries()].map(([k, s]) => [k, s.id])).toEqual([
      ["jane@MATCH.test", addr.id],
      ["anyone@Blocked.Test", dom.id],
      ["jane@match.test", addr.id],
    ]);
    expect(isSuppressed(app.ctx, w.id, "JANE@match.test")?.id).toBe(addr.id);
    expect(isSuppressed(app.ctx, w.id, "john@match.test")).toBeNull();
    expect(suppressedAmong(app.ctx, other.id, inputs).size).toBe(0);
    expect(suppressedAmong(app.ctx, w.testId, inputs).size).toBe(0);
  });

  test("answers a thousand addresses in one call", () => {
    const w = app.newWorkspace();
    for (let i = 0; i < 600; i += 2) record({ workspaceId: w.id, target: { email: `p${i}@bulk.test` }, reason: "invalid", evidence: { check: "preflight" } });
    const emails = Array.from({ length: 1000 }, (_, i) => `p${i}@bulk.test`);
    const found = suppressedAmong(app.ctx, w.id, emails);
    expect(found.size).toBe(300);
    expect(found.has("p598@bulk.test")).toBe(true);
    expect(found.has("p599@bulk.test")).toBe(false);
  });
});

test("suppressions are invisible to other workspaces and to the test twin", async () => {
  const a = app.newWorkspace();
  const b = app.newWorkspace();
  const s = (await a.api.post("/v1/suppressions", { email: "iso@isolation.test" })).body;
  await expectIsolated([b.api, a.testApi], {
    resourcePath: `/v1/suppressions/${s.id}`,
    listPath: "/v1/suppressions",
    id: s.id,
    routes: [["DELETE", `/v1/suppressions/${s.id}`]],
  });
  expectOk(await a.api.get(`/v1/suppressions/${s.id}`));
  // each workspace keeps its own: the same address can be suppressed in B
  expectOk(await b.api.post("/v1/suppressions", { email: "iso@isolation.test" }), 201);
  expect(app.ctx.db.select().from(suppressions).where(eq(suppressions.emailKey, "iso@isolation.test")).all()).toHaveLength(2);
});
