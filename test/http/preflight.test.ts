import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { people, type PersonStatus } from "../../src/db/schema";
import { newId } from "../../src/lib/ids";
import { startTestApp, type TestApp } from "../helpers/app";
import { startDnsServer, type TestDnsServer } from "../helpers/dns";
import { apiWithScopes, createSuppression } from "../helpers/factory";
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
    "twice.test": { MX: [{ priority: 10, exchange: "mx.twice.test" }], ttl: DAY },
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

const answer = (email: string, route: string | null, normalized: string | null = email, syntax = "valid", syntax_problem: string | null = null) => ({
  email,
  normalized,
  syntax,
  syntax_problem,
  route,
  suppressed: false,
  suppression_id: null,
  person_id: null,
  hold: null,
});
/** [suppressed, suppression_id, person_id, hold] per address. */
const holds = (r: { body: { data: any[] } }) => r.body.data.map((d: any) => [d.suppressed, d.suppression_id, d.person_id, d.hold]);

describe("POST /v1/preflight", () => {
  test("answers syntax and route per address, in the order given", async () => {
    const { api } = app.newWorkspace();
    const r = await api.post("/v1/preflight", {
      emails: ["Jane@MX.test", "bob@implicit.test", "x@nullmx.test", "y@nowhere.test", "z@broken.test", "not an address", "jane@mx.test"],
    });
    expectOk(r);
    expect(r.body.data).toEqual([
      answer("Jane@MX.test", "mx", "Jane@mx.test"),
      answer("bob@implicit.test", "implicit_mx"),
      answer("x@nullmx.test", "null_mx"),
      answer("y@nowhere.test", "none"),
      answer("z@broken.test", "unknown"),
      answer("not an address", null, null, "invalid", "whitespace"),
      answer("jane@mx.test", "mx"),
    ]);
  });

  test("asks one MX question per domain, whatever the letter case of the addresses", async () => {
    const { api } = app.newWorkspace();
    expectOk(await api.post("/v1/preflight", { emails: ["Jane@TWICE.test", "jane@twice.test"] }));
    expect(dns.queries.filter((q) => q.name === "twice.test" && q.type === "MX")).toHaveLength(1);
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

  test.each<[string, unknown, string]>([
    ["no addresses", { emails: [] }, "/emails"],
    ["1,001 addresses", { emails: Array.from({ length: 1001 }, (_, i) => `a${i}@mx.test`) }, "/emails"],
    ["a number among the addresses", { emails: ["a@mx.test", 7] }, "/emails/1"],
    ["a body without emails", {}, "/emails"],
    ["an unknown field", { emails: ["a@mx.test"], extra: 1 }, "/extra"],
  ])("%s is 422 naming the field", async (_what, body, pointer) => {
    const { api } = app.newWorkspace();
    const r = await api.post("/v1/preflight", body);
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors.map((e: any) => e.pointer)).toContain(pointer);
  });

  test("needs people:read, named in the answer", async () => {
    const w = app.newWorkspace();
    const r = await apiWithScopes(app, w, ["campaigns:read"]).post("/v1/preflight", { emails: ["a@mx.test"] });
    expectProblem(r, 403, "forbidden");
    expect(r.body.detail).toContain("people:read");
  });

  test("without credentials is 401", async () => {
    const w = app.newWorkspace();
    expectProblem(await w.api.withToken(null).post("/v1/preflight", { emails: ["a@mx.test"] }), 401, "unauthorized");
  });
});

describe("preflight holds", () => {
  test("a suppressed address is reported with its suppression, its person, and held", async () => {
    const w = app.newWorkspace();
    const addr = await createSuppression(w.api, { email: "gone@mx.test" });
    const person = insertPerson(w.id, "gone@mx.test", "unsubscribed");
    expect(holds(await w.api.post("/v1/preflight", { emails: ["GONE@mx.test"] }))).toEqual([[true, addr.id, person, "suppressed"]]);
  });

  test("an address at a suppressed domain is reported with the domain's suppression, and held", async () => {
    const w = app.newWorkspace();
    const dom = await createSuppression(w.api, { domain: "implicit.test" });
    expect(holds(await w.api.post("/v1/preflight", { emails: ["any@implicit.test"] }))).toEqual([[true, dom.id, null, "suppressed"]]);
  });

  test.each(["bounced", "spam", "unsubscribed", "undeliverable"] as const)("a person %s holds mail (person_blocked)", async (status) => {
    const w = app.newWorkspace();
    const person = insertPerson(w.id, `${status}@mx.test`, status);
    expect(holds(await w.api.post("/v1/preflight", { emails: [`${status}@mx.test`] }))).toEqual([[false, null, person, "person_blocked"]]);
  });

  test("a person whose address is known not to be sendable holds mail, found in any letter case", async () => {
    const w = app.newWorkspace();
    const person = insertPerson(w.id, "Rejected@mx.test", "active", false);
    expect(holds(await w.api.post("/v1/preflight", { emails: ["rejected@MX.test"] }))).toEqual([[false, null, person, "person_blocked"]]);
  });

  test("a person who replied, with a sendable address, holds nothing", async () => {
    const w = app.newWorkspace();
    const person = insertPerson(w.id, "fine@mx.test", "replied", true);
    expect(holds(await w.api.post("/v1/preflight", { emails: ["fine@mx.test"] }))).toEqual([[false, null, person, null]]);
  });

  test("an address without a person or a suppression holds nothing", async () => {
    const w = app.newWorkspace();
    await createSuppression(w.api, { email: "gone@mx.test" });
    insertPerson(w.id, "bounced@mx.test", "bounced");
    expect(holds(await w.api.post("/v1/preflight", { emails: ["new@mx.test"] }))).toEqual([[false, null, null, null]]);
  });

  test("sees only its own workspace's suppressions and people, not from another workspace or the test twin", async () => {
    const a = app.newWorkspace();
    const b = app.newWorkspace();
    await createSuppression(a.api, { email: "mine@mx.test" });
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
