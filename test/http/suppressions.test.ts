import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { events, suppressionAudit, suppressions } from "../../src/db/schema";
import { transact } from "../../src/modules/events/outbox";
import { isSuppressed, recordSuppression, suppressedAmong, type RecordArgs } from "../../src/modules/audience/suppressions";
import { startTestApp, type TestApp, type TestWorkspace } from "../helpers/app";
import { apiWithScopes, createSuppression } from "../helpers/factory";
import { expectOk, expectProblem } from "../helpers/http";
import { expectIsolated } from "../helpers/isolation";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** A suppression recorded from evidence (a bounce, a complaint…), as the appliance does. */
const record = (a: Omit<RecordArgs, "evidence"> & { evidence?: RecordArgs["evidence"] }) =>
  transact(app.ctx, (tx, outbox) => recordSuppression(app.ctx, tx, outbox, { evidence: null, ...a }));

const eventsOf = (workspaceId: string) =>
  app.ctx.db.select().from(events).where(and(eq(events.workspaceId, workspaceId), eq(events.type, "suppression.created"))).all();
const auditOf = (suppressionId: string) => app.ctx.db.select().from(suppressionAudit).where(eq(suppressionAudit.suppressionId, suppressionId)).all();

const fieldErrorsOf = (body: any) => body.errors.map((e: any) => [e.pointer, e.code]);
const ids = (r: { body: { data: { id: string }[] } }) => r.body.data.map((s) => s.id);

describe("POST /v1/suppressions", () => {
  test("suppresses one address, normalised", async () => {
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
      created_at: new Date(app.clock.now()).toISOString(), // the clock is the file's: other tests move it
    });
  });

  test("emits suppression.created with the suppression", async () => {
    const w = app.newWorkspace();
    const s = await createSuppression(w.api, { email: "Jane.Doe@Example.COM" });
    const evs = eventsOf(w.id);
    expect(evs).toHaveLength(1);
    expect(evs[0]!.data).toEqual({ id: s.id, email: "Jane.Doe@example.com", domain: null, reason: "manual", evidence: null, created_at: s.created_at });
  });

  test("suppresses a whole domain (IDNA, lower-cased)", async () => {
    const w = app.newWorkspace();
    const r = await w.api.post("/v1/suppressions", { domain: "Bücher.Example", reason: "manual" });
    expectOk(r, 201);
    expect(r.body).toMatchObject({ email: null, domain: "xn--bcher-kva.example", reason: "manual" });
  });

  test("the same address in another letter case is 409 naming the existing one", async () => {
    const w = app.newWorkspace();
    const first = await createSuppression(w.api, { email: "a@dup.test" });
    const again = await w.api.post("/v1/suppressions", { email: "A@DUP.test" });
    expectProblem(again, 409, "conflict");
    expect(again.body.detail).toContain(first.id);
  });

  test("the same domain in another letter case is 409", async () => {
    const w = app.newWorkspace();
    await createSuppression(w.api, { domain: "dup.test" });
    expectProblem(await w.api.post("/v1/suppressions", { domain: "DUP.TEST" }), 409, "conflict");
  });

  test("a refused duplicate emits no event", async () => {
    const w = app.newWorkspace();
    await createSuppression(w.api, { email: "a@dup.test" });
    await createSuppression(w.api, { domain: "dup.test" });
    expectProblem(await w.api.post("/v1/suppressions", { email: "A@DUP.test" }), 409, "conflict");
    expectProblem(await w.api.post("/v1/suppressions", { domain: "DUP.TEST" }), 409, "conflict");
    expect(eventsOf(w.id)).toHaveLength(2);
  });

  test.each<[string, unknown, [string, string][]]>([
    ["nothing", {}, [["", "required"]]],
    ["an address and a domain", { email: "a@b.test", domain: "b.test" }, [["/domain", "invalid"]]],
    ["text that is not an address", { email: "not an address" }, [["/email", "format"]]],
    ["an address without a domain", { email: "jane@" }, [["/email", "format"]]],
    ["a domain with a space", { domain: "exa mple.com" }, [["/domain", "format"]]],
    ["an address as the domain", { domain: "a@b.test" }, [["/domain", "format"]]],
    ["a reason that needs evidence", { email: "a@b.test", reason: "hard_bounce" }, [["/reason", "invalid"]]],
    ["an unknown field", { email: "a@b.test", note: "x" }, [["/note", "unknown"]]],
    ["a number as the address", { email: 5 }, [["/email", "type"]]],
  ])("%s is 422 naming the field", async (_what, body, expected) => {
    const { api } = app.newWorkspace();
    const r = await api.post("/v1/suppressions", body);
    expectProblem(r, 422, "validation_failed");
    expect(fieldErrorsOf(r.body)).toEqual(expected);
  });

  test("a complaint from the API is refused, saying it needs evidence", async () => {
    const { api } = app.newWorkspace();
    const r = await api.post("/v1/suppressions", { email: "a@b.test", reason: "complaint" });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors[0].detail).toContain("evidence");
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

  test("needs people:write, named in the answer", async () => {
    const w = app.newWorkspace();
    const denied = await apiWithScopes(app, w, ["people:read"]).post("/v1/suppressions", { email: "x@scope.test" });
    expectProblem(denied, 403, "forbidden");
    expect(denied.body.detail).toContain("people:write");
  });
});

describe("GET /v1/suppressions/{id}", () => {
  test("answers the suppression as created", async () => {
    const w = app.newWorkspace();
    const s = await createSuppression(w.api, { email: "Jane.Doe@Example.COM" });
    expect((await w.api.get(`/v1/suppressions/${s.id}`)).body).toEqual(s);
  });

  test("an id of another kind is 404", async () => {
    const { api } = app.newWorkspace();
    expectProblem(await api.get("/v1/suppressions/per_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f"), 404, "not_found");
  });

  test("people:read is enough", async () => {
    const w = app.newWorkspace();
    const s = await createSuppression(w.api);
    expectOk(await apiWithScopes(app, w, ["people:read"]).get(`/v1/suppressions/${s.id}`));
  });
});

describe("GET /v1/suppressions", () => {
  /** An address and a domain from the API, then a hard bounce recorded from evidence. */
  async function three(w: TestWorkspace) {
    const a = await createSuppression(w.api, { email: "one@list.test" });
    const b = await createSuppression(w.api, { domain: "list.test" });
    const c = record({ workspaceId: w.id, target: { email: "bounced@list.test" }, reason: "hard_bounce", evidence: { code: "5.1.1" } }).suppression;
    return { a, b, c };
  }

  test("lists newest first", async () => {
    const w = app.newWorkspace();
    const { a, b, c } = await three(w);
    expect(ids(await w.api.get("/v1/suppressions"))).toEqual([c.id, b.id, a.id]);
  });

  test("filters by email in any letter case", async () => {
    const w = app.newWorkspace();
    const { a } = await three(w);
    expect(ids(await w.api.get("/v1/suppressions?email=ONE@List.Test"))).toEqual([a.id]);
  });

  test("filters by domain", async () => {
    const w = app.newWorkspace();
    const { b } = await three(w);
    expect(ids(await w.api.get("/v1/suppressions?domain=list.test"))).toEqual([b.id]);
  });

  test("filters by reason", async () => {
    const w = app.newWorkspace();
    const { c } = await three(w);
    expect(ids(await w.api.get("/v1/suppressions?reason=hard_bounce"))).toEqual([c.id]);
  });

  test("pages with a cursor, counting the total", async () => {
    const w = app.newWorkspace();
    const { a } = await three(w);
    const p1 = await w.api.get("/v1/suppressions?limit=2&include=total_count");
    expect(p1.body.meta).toMatchObject({ has_more: true, total_count: 3 });
    const p2 = await w.api.get(`/v1/suppressions?limit=2&cursor=${encodeURIComponent(p1.body.meta.next_cursor)}`);
    expect(ids(p2)).toEqual([a.id]);
    expect(p2.body.meta.has_more).toBe(false);
  });

  test("an unknown reason is 422 naming ?reason", async () => {
    const { api } = app.newWorkspace();
    const r = await api.get("/v1/suppressions?reason=bored&email=nope");
    expectProblem(r, 422, "validation_failed");
    expect(fieldErrorsOf(r.body)).toContainEqual(["?reason", "invalid"]);
  });

  test("an email filter that is not an address is 422 naming ?email", async () => {
    const { api } = app.newWorkspace();
    const bad = await api.get("/v1/suppressions?email=nope");
    expectProblem(bad, 422, "validation_failed");
    expect(fieldErrorsOf(bad.body)).toEqual([["?email", "format"]]);
  });

  test("an unknown parameter is 422", async () => {
    const { api } = app.newWorkspace();
    expectProblem(await api.get("/v1/suppressions?colour=red"), 422, "validation_failed");
  });

  test("needs people:read", async () => {
    const w = app.newWorkspace();
    expectProblem(await apiWithScopes(app, w, ["campaigns:read"]).get("/v1/suppressions"), 403, "forbidden");
  });
});

describe("DELETE /v1/suppressions/{id}", () => {
  test("removes a manual suppression: 204 with no body, then 404", async () => {
    const w = app.newWorkspace();
    const s = await createSuppression(w.api, { email: "gone@del.test" });
    const d = await w.api.delete(`/v1/suppressions/${s.id}`);
    expect(d.status).toBe(204);
    expect(d.text).toBe("");
    expectProblem(await w.api.get(`/v1/suppressions/${s.id}`), 404, "not_found");
  });

  test("writes an audit record: who, when, what", async () => {
    const w = app.newWorkspace();
    const s = await createSuppression(w.api, { email: "gone@del.test" });
    app.clock.advance(60_000);
    expect((await w.api.delete(`/v1/suppressions/${s.id}`)).status).toBe(204);
    expect(auditOf(s.id)).toEqual([
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
  });

  test("the address is no longer suppressed and can be suppressed again", async () => {
    const w = app.newWorkspace();
    const s = await createSuppression(w.api, { email: "gone@del.test" });
    expect((await w.api.delete(`/v1/suppressions/${s.id}`)).status).toBe(204);
    expect(isSuppressed(app.ctx, w.id, "gone@del.test")).toBeNull();
    expectOk(await w.api.post("/v1/suppressions", { email: "gone@del.test" }), 201);
  });

  test("a second DELETE is 404", async () => {
    const w = app.newWorkspace();
    const s = await createSuppression(w.api);
    expect((await w.api.delete(`/v1/suppressions/${s.id}`)).status).toBe(204);
    expectProblem(await w.api.delete(`/v1/suppressions/${s.id}`), 404, "not_found");
  });

  test("one recorded from evidence is read-only: 409 invalid_state, nothing removed or audited", async () => {
    const w = app.newWorkspace();
    const { suppression } = record({ workspaceId: w.id, target: { email: "complainer@del.test" }, reason: "complaint", evidence: { feedback_type: "abuse" } });
    const r = await w.api.delete(`/v1/suppressions/${suppression.id}`);
    expectProblem(r, 409, "invalid_state");
    expect(r.body.detail).toContain("complaint");
    const g = await w.api.get(`/v1/suppressions/${suppression.id}`);
    expect(g.body).toMatchObject({ reason: "complaint", evidence: { feedback_type: "abuse" }, created_by: null });
    expect(auditOf(suppression.id)).toEqual([]);
  });

  test("a malformed id is 404", async () => {
    const { api } = app.newWorkspace();
    expectProblem(await api.delete("/v1/suppressions/sup_nothex"), 404, "not_found");
  });

  test("needs people:write", async () => {
    const w = app.newWorkspace();
    const s = await createSuppression(w.api);
    expectProblem(await apiWithScopes(app, w, ["people:read"]).delete(`/v1/suppressions/${s.id}`), 403, "forbidden");
  });
});

describe("recordSuppression", () => {
  test("evidence takes over a manual entry of the same address", async () => {
    const w = app.newWorkspace();
    const manual = await createSuppression(w.api, { email: "x@evidence.test" });
    const up = record({ workspaceId: w.id, target: { email: "X@evidence.test" }, reason: "hard_bounce", evidence: { reply: "550 5.1.1 no such user" } });
    expect(up.created).toBe(false);
    expect(up.suppression).toMatchObject({ id: manual.id, reason: "hard_bounce", evidence: { reply: "550 5.1.1 no such user" } });
  });

  test("a manual entry taken over by evidence becomes read-only", async () => {
    const w = app.newWorkspace();
    const manual = await createSuppression(w.api, { email: "x@evidence.test" });
    record({ workspaceId: w.id, target: { email: "x@evidence.test" }, reason: "hard_bounce", evidence: { reply: "550 5.1.1 no such user" } });
    expectProblem(await w.api.delete(`/v1/suppressions/${manual.id}`), 409, "invalid_state");
  });

  test("a second piece of evidence keeps the first, and emits no second event", async () => {
    const w = app.newWorkspace();
    await createSuppression(w.api, { email: "x@evidence.test" });
    record({ workspaceId: w.id, target: { email: "x@evidence.test" }, reason: "hard_bounce", evidence: { reply: "550 5.1.1 no such user" } });
    const again = record({ workspaceId: w.id, target: { email: "x@evidence.test" }, reason: "complaint", evidence: { feedback_type: "abuse" } });
    expect(again).toMatchObject({ created: false, suppression: { reason: "hard_bounce" } });
    expect(eventsOf(w.id)).toHaveLength(1);
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
});

describe("isSuppressed and suppressedAmong", () => {
  const INPUTS = ["jane@MATCH.test", "john@match.test", "anyone@Blocked.Test", "a@sub.blocked.test", "not an address", "jane@match.test"];

  test("suppressedAmong finds the exact address in any case and whole domains (not subdomains)", async () => {
    const w = app.newWorkspace();
    const addr = await createSuppression(w.api, { email: "Jane@match.test" });
    const dom = await createSuppression(w.api, { domain: "blocked.test" });
    const found = suppressedAmong(app.ctx, w.id, INPUTS);
    expect([...found.entries()].map(([k, s]) => [k, s.id])).toEqual([
      ["jane@MATCH.test", addr.id],
      ["anyone@Blocked.Test", dom.id],
      ["jane@match.test", addr.id],
    ]);
  });

  test("isSuppressed matches the address in any case, not another at its domain", async () => {
    const w = app.newWorkspace();
    const addr = await createSuppression(w.api, { email: "Jane@match.test" });
    expect(isSuppressed(app.ctx, w.id, "JANE@match.test")?.id).toBe(addr.id);
    expect(isSuppressed(app.ctx, w.id, "john@match.test")).toBeNull();
  });

  test("never matches another workspace's suppressions, nor the test twin's", async () => {
    const w = app.newWorkspace();
    const other = app.newWorkspace();
    await createSuppression(w.api, { email: "Jane@match.test" });
    await createSuppression(w.api, { domain: "blocked.test" });
    expect(suppressedAmong(app.ctx, other.id, INPUTS).size).toBe(0);
    expect(suppressedAmong(app.ctx, w.testId, INPUTS).size).toBe(0);
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

describe("isolation", () => {
  test("a suppression is invisible to other workspaces and to the test twin", async () => {
    const a = app.newWorkspace();
    const b = app.newWorkspace();
    const s = await createSuppression(a.api);
    await expectIsolated([b.api, a.testApi], {
      resourcePath: `/v1/suppressions/${s.id}`,
      listPath: "/v1/suppressions",
      id: s.id,
      routes: [["DELETE", `/v1/suppressions/${s.id}`]],
    });
    expectOk(await a.api.get(`/v1/suppressions/${s.id}`));
  });

  test("each workspace keeps its own: the same address can be suppressed in another", async () => {
    const a = app.newWorkspace();
    const b = app.newWorkspace();
    await createSuppression(a.api, { email: "iso@isolation.test" });
    await createSuppression(b.api, { email: "iso@isolation.test" });
    expect(app.ctx.db.select().from(suppressions).where(eq(suppressions.emailKey, "iso@isolation.test")).all()).toHaveLength(2);
  });
});
