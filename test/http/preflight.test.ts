import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { people, type PersonStatus } from "../../src/db/schema";
import { newId } from "../../src/lib/ids";
import { createKey } from "../../src/modules/workspaces/workspaces";
import { startTestApp, type TestApp } from "../helpers/app";
import { startDnsServer, type TestDnsServer } from "../helpers/dns";
import { expectOk, expectProblem } from "../helpers/http";

const DAY = 86_400;
let dns: TestDnsServer;
let app: TestApp;

beforeAll(async () => {
  dns = await startDnsServer({
    "mx.test": { MX: [{ priority: 10, exchange: "mx1.mx.test" }], ttl: DAY },
    "implicit.test": { A: ["192.0.2.10"], ttl: DAY },
    "nullmx.test": { MX: [{ priority: 0, exchange: "." }], ttl: DAY },
    "broken.test": { behavior: "servfail" },
    "cached.test": { MX: [{ priority: 10, exchange: "mx.cached.test" }], ttl: DAY },
  });
  app = await startTestApp({ env: { NEARBOUND_DNS_SERVERS: dns.servers } });
});
afterAll(async () => {
  await app.close();
  await dns.close();
});

function insertPerson(workspaceId: string, email: string, status: PersonStatus = "active", emailSendable: boolean | null = null): string {
  const id = newId("per");
  const now = app.clock.now();
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  app.ctx.db
    .insert(people)
    .values({ id, workspaceId, email, emailKey: email.toLowerCase(), emailDomain: domain, emailSendable, source: "api", status, createdAt: now, updatedAt: now })
    .run();
  return id;
}

const rowCount = () =>
  Object.fromEntries(
    ["people", "suppressions", "events", "idempotency_keys", "suppression_audit", "jobs"].map((t) => [t, app.ctx.db.get<{ n: number }>(sql.raw(`SELECT count(*) AS n FROM ${t}`))!.n]),
  );

describe("POST /v1/preflight", () => {
  test("answers syntax and route per address, in the order given", async () => {
    const { api } = app.newWorkspace();
    const r = await api.post("/v1/preflight", {
      emails: ["Jane@MX.test", "bob@implicit.test", "x@nullmx.test", "y@nowhere.test", "z@broken.test", "not an address", "jane@mx.test"],
    });
    expectOk(r);
    expect(r.body.data).toEqual([
      { email: "Jane@MX.test", normalized: "Jane@mx.test", syntax: "valid", syntax_problem: null, route: "mx", suppressed: false, suppression_id: null, person_id: null, hold: null },
      { email: "bob@implicit.test", normalized: "bob@implicit.test", syntax: "valid", syntax_problem: null, route: "implicit_mx", suppressed: false, suppression_id: null, person_id: null, hold: null },
      { email: "x@nullmx.test", normalized: "x@nullmx.test", syntax: "valid", syntax_problem: null, route: "null_mx", suppressed: false, suppression_id: null, person_id: null, hold: null },
      { email: "y@nowhere.test", normalized: "y@nowhere.test", syntax: "valid", syntax_problem: null, route: "none", suppressed: false, suppression_id: null, person_id: null, hold: null },
      { email: "z@broken.test", normalized: "z@broken.test", syntax: "valid", syntax_problem: null, route: "unknown", suppressed: false, suppression_id: null, person_id: null, hold: null },
      { email: "not an address", normalized: null, syntax: "invalid", syntax_problem: "whitespace", route: null, suppressed: false, suppression_id: null, person_id: null, hold: null },
      { email: "jane@mx.test", normalized: "jane@mx.test", syntax: "valid", syntax_problem: null, route: "mx", suppressed: false, suppression_id: null, person_id: null, hold: null },
    ]);
    // one MX question for the two addresses at mx.test
    expect(dns.queries.filter((q) => q.name === "mx.test" && q.type === "MX")).toHaveLength(1);
  });

  test("reports suppressions of the address or its domain, and people whose state holds mail", async () => {
    const w = app.newWorkspace();
    const addr = (await w.api.post("/v1/suppressions", { email: "gone@mx.test" })).body;
    const dom = (await w.api.post("/v1/suppressions", { domain: "implicit.test" })).body;
    const bounced = insertPerson(w.id, "bounced@mx.test", "bounced");
    const notSendable = insertPerson(w.id, "Rejected@mx.test", "active", false);
    const fine = insertPerson(w.id, "fine@mx.test", "replied", true);
    const suppressedPerson = insertPerson(w.id, "gone@mx.test", "unsubscribed");
    const r = await w.api.post("/v1/preflight", { emails: ["GONE@mx.test", "any@implicit.test", "bounced@mx.test", "rejected@MX.test", "fine@mx.test", "new@mx.test"] });
    expectOk(r);
    const brief = r.body.data.map((d: any) => [d.email, d.suppressed, d.suppression_id, d.person_id, d.hold]);
    expect(brief).toEqual([
      ["GONE@mx.test", true, addr.id, suppressedPerson, "suppressed"],
      ["any@implicit.test", true, dom.id, null, "suppressed"],
      ["bounced@mx.test", false, null, bounced, "person_blocked"],
      ["rejected@MX.test", false, null, notSendable, "person_blocked"],
      ["fine@mx.test", false, null, fine, null],
      ["new@mx.test", false, null, null, null],
    ]);
    for (const status of ["spam", "unsubscribed", "undeliverable"] as const) insertPerson(w.id, `${status}@mx.test`, status);
    const more = await w.api.post("/v1/preflight", { emails: ["spam@mx.test", "unsubscribed@mx.test", "undeliverable@mx.test"] });
    expect(more.body.data.map((d: any) => d.hold)).toEqual(["person_blocked", "person_blocked", "person_blocked"]);
  });

  test("stores nothing", async () => {
    const { api } = app.newWorkspace();
    const before = rowCount();
    expectOk(await api.post("/v1/preflight", { emails: ["a@mx.test", "b@implicit.test"] }, { "idempotency-key": "pf-1" }));
    expect(rowCount()).toEqual(before);
  });

  test("DNS answers are reused for a day (their TTL), then asked again", async () => {
    const { api } = app.newWorkspace();
    const asked = () => dns.queries.filter((q) => q.name === "cached.test").length;
    expect((await api.post("/v1/preflight", { emails: ["a@cached.test"] })).body.data[0].route).toBe("mx");
    const first = asked();
    expect(first).toBeGreaterThan(0);
    app.clock.advance((DAY - 60) * 1000);
    expect((await api.post("/v1/preflight", { emails: ["b@cached.test"] })).body.data[0].route).toBe("mx");
    expect(asked()).toBe(first);
    app.clock.advance(120 * 1000);
    expect((await api.post("/v1/preflight", { emails: ["c@cached.test"] })).body.data[0].route).toBe("mx");
    expect(asked()).toBeGreaterThan(first);
  });

  test("a test-mode workspace checks syntax only: no DNS lookup", async () => {
    const w = app.newWorkspace();
    const before = dns.queries.length;
    const r = await w.testApi.post("/v1/preflight", { emails: ["a@never-looked-up.test", "nope"] });
    expectOk(r);
    expect(r.body.data.map((d: any) => [d.syntax, d.route])).toEqual([
      ["valid", null],
      ["invalid", null],
    ]);
    expect(r.body.data[1].syntax_problem).toBe("missing_at");
    expect(dns.queries.length).toBe(before);
  });

  test("a thousand addresses over many domains in one request", async () => {
    const { api } = app.newWorkspace();
    dns.updateZone(Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`bulk${i}.test`, { MX: [{ priority: 10, exchange: `mx.bulk${i}.test` }] }])));
    const emails = Array.from({ length: 1000 }, (_, i) => `p${i}@bulk${i % 60}.test`);
    const r = await api.post("/v1/preflight", { emails });
    expectOk(r);
    expect(r.body.data).toHaveLength(1000);
    expect(r.body.data[0].route).toBe("mx");
    expect(r.body.data[55].route).toBe("none");
  });

  test("bad bodies are 422 with the field named", async () => {
    const { api } = app.newWorkspace();
    const cases: [unknown, string][] = [
      [{ emails: [] }, "/emails"],
      [{ emails: Array.from({ length: 1001 }, (_, i) => `a${i}@mx.test`) }, "/emails"],
      [{ emails: ["a@mx.test", 7] }, "/emails/1"],
      [{}, "/emails"],
      [{ emails: ["a@mx.test"], extra: 1 }, "/extra"],
    ];
    for (const [body, pointer] of cases) {
      const r = await api.post("/v1/preflight", body);
      expectProblem(r, 422, "validation_failed");
      expect(r.body.errors.map((e: any) => e.pointer)).toContain(pointer);
    }
  });

  test("needs people:read", async () => {
    const w = app.newWorkspace();
    const other = w.api.withToken(createKey(app.ctx, { workspaceId: w.id, scopes: ["campaigns:read"], kind: "api" }).token);
    const r = await other.post("/v1/preflight", { emails: ["a@mx.test"] });
    expectProblem(r, 403, "forbidden");
    expect(r.body.detail).toContain("people:read");
    expectProblem(await w.api.withToken(null).post("/v1/preflight", { emails: ["a@mx.test"] }), 401, "unauthorized");
  });

  test("sees only its own workspace's suppressions and people", async () => {
    const a = app.newWorkspace();
    const b = app.newWorkspace();
    await a.api.post("/v1/suppressions", { email: "mine@mx.test" });
    insertPerson(a.id, "blocked@mx.test", "bounced");
    for (const api of [b.api, a.testApi]) {
      const r = await api.post("/v1/preflight", { emails: ["mine@mx.test", "blocked@mx.test"] });
      expect(r.body.data.map((d: any) => [d.suppressed, d.person_id, d.hold])).toEqual([
        [false, null, null],
        [false, null, null],
      ]);
    }
  });
});
