import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { parse } from "csv-parse/sync";
import { jobs } from "../../src/db/schema";
import { periodicTasks } from "../../src/jobs/periodic";
import { createKey } from "../../src/modules/workspaces/workspaces";
import { startTestApp, type TestApp, type TestWorkspace } from "../helpers/app";
import { Api, expectOk, expectProblem } from "../helpers/http";
import { expectIsolated } from "../helpers/isolation";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const DAY = 24 * 3600 * 1000;
const anonymous = () => new Api(app.url, null);
const exportFiles = () => (existsSync(join(app.dataDir, "exports")) ? readdirSync(join(app.dataDir, "exports")) : []);

async function seed(w: TestWorkspace) {
  expectOk(await w.api.post("/v1/fields", { key: "plan", label: "Plan", type: "enum", options: ["free", "pro"] }), 201);
  expectOk(await w.api.post("/v1/fields", { key: "seats", label: "Seats", type: "number" }), 201);
  const vip = (await w.api.post("/v1/groups", { name: "VIP" })).body;
  const a = (await w.api.post("/v1/people", { email: "ada@example.com", given_name: "Ada", family_name: "Lovelace", company: "=HYPERLINK(\"x\")", telephones: ["+442079460000", "+33612345678"], custom_fields: { plan: "pro", seats: 3 }, group_ids: [vip.id] })).body;
  const b = (await w.api.post("/v1/people", { email: "bob@example.com", given_name: "Bob", private_notes: "line one\nline, two", custom_fields: { plan: "free" } })).body;
  return { vip, a, b };
}

/** Creates an export, runs its job, and answers it (ready, with its url). */
async function exportReady(w: TestWorkspace, body: Record<string, unknown>) {
  const r = await w.api.post("/v1/exports", body);
  expectOk(r, 202);
  await app.running.runner.drain();
  const g = await w.api.get(`/v1/exports/${r.body.id}`);
  expectOk(g);
  expect(g.body.status).toBe("ready");
  return g.body;
}

async function download(url: string) {
  const u = new URL(url);
  return anonymous().get(u.pathname + u.search);
}

describe("POST /v1/exports", () => {
  test("people as CSV: 202 queued, then ready with rows and a link; the file has the API's fields and custom.<key> columns, formulas neutralised", async () => {
    const w = app.newWorkspace();
    const { vip, a, b } = await seed(w);
    const r = await w.api.post("/v1/exports", { resource: "people", format: "csv" });
    expectOk(r, 202);
    expect(r.headers.get("location")).toBe(`/v1/exports/${r.body.id}`);
    expect(r.body).toMatchObject({ object: "export", resource: "people", format: "csv", filters: {}, status: "queued", rows: null, url: null, last_error: null });
    expect(r.body.id).toMatch(/^exp_[0-9a-f]{32}$/);
    expect(Date.parse(r.body.expires_at)).toBe(app.clock.now() + 7 * DAY);
    expect((await w.api.get(`/v1/jobs/${r.body.job_id}`)).body.kind).toBe("export.run");

    app.clock.advance(1000);
    await app.running.runner.drain();
    const e = (await w.api.get(`/v1/exports/${r.body.id}`)).body;
    expect(e).toMatchObject({ status: "ready", rows: 2 });
    expect(Date.parse(e.expires_at)).toBe(app.clock.now() + 7 * DAY);
    const link = new URL(e.url);
    expect(link.pathname).toBe(`/downloads/exports/${e.id}`);
    expect(Number(link.searchParams.get("expires"))).toBe(Math.floor(app.clock.now() / 1000) + 900);

    const file = await download(e.url);
    expectOk(file);
    expect(file.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="people-${e.id}.csv"`);
    expect(Buffer.byteLength(file.text)).toBe(e.bytes);
    const rows: Record<string, string>[] = parse(file.text, { columns: true });
    expect(rows.map((x) => x.id)).toEqual([a.id, b.id]); // oldest first
    expect(rows[0]).toMatchObject({ email: "ada@example.com", given_name: "Ada", company: `'=HYPERLINK("x")`, telephone: "+442079460000", telephones: "+442079460000;+33612345678", group_ids: vip.id, "custom.plan": "pro", "custom.seats": "3", source: "api", status: "active" });
    expect(rows[1]).toMatchObject({ email: "bob@example.com", private_notes: "line one\nline, two", "custom.plan": "free", "custom.seats": "", group_ids: "" });

    const events = app.ctx.db.$client.query<{ data: string }, [string]>("SELECT data FROM events WHERE workspace_id = ? AND type = 'export.completed'").all(w.id);
    expect(events.map((x) => JSON.parse(x.data))).toEqual([expect.objectContaining({ id: e.id, status: "ready", rows: 2, resource: "people" })]);
  });

  test("the CSV maps back through the importer: importing it again changes nothing", async () => {
    const w = app.newWorkspace();
    await seed(w);
    const e = await exportReady(w, { resource: "people", format: "csv" });
    const csv = (await download(e.url)).text;
    const imp = await w.api.post("/v1/imports", csv, { "content-type": "text/csv" });
    expectOk(imp, 202);
    await app.running.runner.drain();
    const done = (await w.api.get(`/v1/imports/${imp.body.id}`)).body;
    expect(done.counts).toEqual({ created: 0, updated: 0, skipped: 2, failed: 0, suppressed: 0 });
    expect(done.problems.every((p: any) => p.row === 1 && p.code === "unknown_column")).toBe(true);
  });

  test("people as JSONL: one API person per line", async () => {
    const w = app.newWorkspace();
    const { a, b } = await seed(w);
    const e = await exportReady(w, { resource: "people", format: "jsonl" });
    const file = await download(e.url);
    expect(file.headers.get("content-type")).toBe("application/x-ndjson; charset=utf-8");
    const lines = file.text.trimEnd().split("\n").map((l) => JSON.parse(l));
    expect(lines).toEqual([(await w.api.get(`/v1/people/${a.id}`)).body, (await w.api.get(`/v1/people/${b.id}`)).body]);
  });

  test("filters are those of the people list; an unknown group is 404, a bad filter 422", async () => {
    const w = app.newWorkspace();
    const { vip, a } = await seed(w);
    const byGroup = await exportReady(w, { resource: "people", format: "jsonl", filters: { group_id: vip.id } });
    expect(byGroup).toMatchObject({ rows: 1, filters: { group_id: vip.id } });
    expect(JSON.parse((await download(byGroup.url)).text).id).toBe(a.id);
    const none = await exportReady(w, { resource: "people", format: "csv", filters: { status: "bounced" } });
    expect(none.rows).toBe(0);
    expect((await download(none.url)).text.split("\r\n")[0]).toStartWith("id,email,");
    expectProblem(await w.api.post("/v1/exports", { resource: "people", format: "csv", filters: { group_id: "grp_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f" } }), 404, "not_found");
    const bad = await w.api.post("/v1/exports", { resource: "people", format: "csv", filters: { status: "gone", colour: "red" } });
    expectProblem(bad, 422, "validation_failed");
    expect(bad.body.errors.map((x: any) => x.pointer).sort()).toEqual(["/filters/colour", "/filters/status"]);
    const email = await w.api.post("/v1/exports", { resource: "people", format: "csv", filters: { email: "not an address" } });
    expectProblem(email, 422, "validation_failed");
    expect(email.body.errors[0].pointer).toBe("/filters/email");
    expectProblem(await w.api.post("/v1/exports", { resource: "people", format: "xlsx" }), 422, "validation_failed");
  });

  test("resources not built yet answer 422 saying so", async () => {
    const w = app.newWorkspace();
    for (const resource of ["messages", "attempts", "delivery_events", "inbound_messages"]) {
      const r = await w.api.post("/v1/exports", { resource, format: "csv" });
      expectProblem(r, 422, "validation_failed");
      expect(r.body.errors[0]).toMatchObject({ pointer: "/resource", code: "invalid" });
      expect(r.body.detail).toContain("not available yet");
    }
    expectProblem(await w.api.post("/v1/exports", { resource: "webhooks", format: "csv" }), 422, "validation_failed");
  });

  test("creating and reading an export needs the scope that reads its resource", async () => {
    const w = app.newWorkspace();
    await seed(w);
    const e = await exportReady(w, { resource: "people", format: "csv" });
    const key = (scopes: string[]) => w.api.withToken(createKey(app.ctx, { workspaceId: w.id, scopes, kind: "api" }).token);
    const messagesOnly = key(["messages:read"]);
    const r = await messagesOnly.post("/v1/exports", { resource: "people", format: "csv" });
    expectProblem(r, 403, "forbidden");
    expect(r.body.detail).toContain("people:read");
    const g = await messagesOnly.get(`/v1/exports/${e.id}`);
    expectProblem(g, 403, "forbidden");
    expect(g.body.detail).toContain("people:read");
    expect((await messagesOnly.get("/v1/exports")).body.data).toEqual([]);
    expectProblem(await messagesOnly.get("/v1/exports?resource=people"), 403, "forbidden");
    expectProblem(await key(["people:read"]).post("/v1/exports", { resource: "inbound_messages", format: "csv" }), 403, "forbidden");
    expectProblem(await key(["people:write"]).get(`/v1/exports/${e.id}`), 403, "forbidden");
    const reader = key(["people:read"]);
    expect((await reader.get(`/v1/exports/${e.id}`)).body.url).toStartWith(app.ctx.config.baseUrl);
    expect((await reader.get("/v1/exports")).body.data.map((x: any) => x.id)).toEqual([e.id]);
    expectProblem(await anonymous().get(`/v1/exports/${e.id}`), 401, "unauthorized");
  });
});

describe("download links", () => {
  test("a tampered or incomplete link is 403; an expired link 410; a fresh read gives a new link", async () => {
    const w = app.newWorkspace();
    await seed(w);
    const e = await exportReady(w, { resource: "people", format: "csv" });
    const u = new URL(e.url);
    const sig = u.searchParams.get("signature")!;
    const exp = u.searchParams.get("expires")!;
    const at = (q: string) => anonymous().get(`${u.pathname}?${q}`);
    expectOk(await at(`expires=${exp}&signature=${sig}`));
    expectProblem(await at(`expires=${Number(exp) + 3600}&signature=${sig}`), 403, "forbidden");
    expectProblem(await at(`expires=${exp}&signature=${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`), 403, "forbidden");
    expectProblem(await at(`expires=${exp}`), 403, "forbidden");
    expectProblem(await at(""), 403, "forbidden");
    const other = (await exportReady(w, { resource: "people", format: "jsonl" })).id;
    expectProblem(await anonymous().get(`/downloads/exports/${other}?expires=${exp}&signature=${sig}`), 403, "forbidden");
    expectProblem(await anonymous().get(`/downloads/exports/nope?expires=${exp}&signature=${sig}`), 404, "not_found");

    app.clock.advance(15 * 60 * 1000);
    expectOk(await at(`expires=${exp}&signature=${sig}`)); // valid through its last second
    app.clock.advance(1000);
    expectProblem(await at(`expires=${exp}&signature=${sig}`), 410, "gone");
    const fresh = (await w.api.get(`/v1/exports/${e.id}`)).body.url;
    expect(fresh).not.toBe(e.url);
    expectOk(await download(fresh));
  });

  test("files are deleted at expires_at: the export becomes expired and its links 410", async () => {
    const w = app.newWorkspace();
    await seed(w);
    const e = await exportReady(w, { resource: "people", format: "csv" });
    expect(exportFiles()).toContain(`${e.id}.csv`);
    const expire = periodicTasks.find((t) => t.name === "exports.expire")!;
    app.clock.set(Date.parse(e.expires_at) - 1000);
    const link = (await w.api.get(`/v1/exports/${e.id}`)).body.url;
    await expire.run(app.ctx, app.running.runner);
    expect((await w.api.get(`/v1/exports/${e.id}`)).body.status).toBe("ready");
    app.clock.advance(1000);
    expectProblem(await download(link), 410, "gone"); // past expires_at even before the sweep
    await expire.run(app.ctx, app.running.runner);
    const g = (await w.api.get(`/v1/exports/${e.id}`)).body;
    expect(g).toMatchObject({ status: "expired", url: null, rows: 2 });
    expect(exportFiles()).not.toContain(`${e.id}.csv`);
    expectProblem(await download(link), 410, "gone");
  });
});

describe("GET /v1/exports", () => {
  test("lists newest first, filters by status, is invisible to other workspaces and the test twin", async () => {
    const w = app.newWorkspace();
    const first = (await w.api.post("/v1/exports", { resource: "people", format: "csv" })).body;
    await app.running.runner.drain();
    const second = (await w.api.post("/v1/exports", { resource: "people", format: "jsonl" })).body;
    const list = await w.api.get("/v1/exports");
    expect(list.body.data.map((x: any) => x.id)).toEqual([second.id, first.id]);
    expect((await w.api.get("/v1/exports?status=queued")).body.data.map((x: any) => x.id)).toEqual([second.id]);
    expect((await w.api.get("/v1/exports?status=ready&resource=people")).body.data.map((x: any) => x.id)).toEqual([first.id]);
    const other = app.newWorkspace();
    await expectIsolated([other.api, w.testApi], { resourcePath: `/v1/exports/${first.id}`, listPath: "/v1/exports", id: first.id });
    await app.running.runner.drain();
  });
});

describe("export jobs", () => {
  test("cancelled before it ran: the export fails with code cancelled and export.completed says so", async () => {
    const w = app.newWorkspace();
    const r = (await w.api.post("/v1/exports", { resource: "people", format: "csv" })).body;
    expectOk(await w.api.post(`/v1/jobs/${r.job_id}/cancel`), 200);
    const g = (await w.api.get(`/v1/exports/${r.id}`)).body;
    expect(g).toMatchObject({ status: "failed", url: null, last_error: { code: "cancelled" } });
    const events = app.ctx.db.$client.query<{ data: string }, [string]>("SELECT data FROM events WHERE workspace_id = ? AND type = 'export.completed'").all(w.id);
    expect(JSON.parse(events[0]!.data)).toMatchObject({ id: r.id, status: "failed" });
  });

  test("a cancel requested while it runs stops at a batch boundary and leaves no file", async () => {
    const w = app.newWorkspace();
    const people = Array.from({ length: 1500 }, (_, i) => ({ email: `p${i}@example.com` }));
    expectOk(await w.api.post("/v1/imports", { people: people.slice(0, 1000) }), 202);
    expectOk(await w.api.post("/v1/imports", { people: people.slice(1000) }), 202);
    await app.running.runner.drain();
    const r = (await w.api.post("/v1/exports", { resource: "people", format: "jsonl" })).body;
    app.ctx.db.update(jobs).set({ cancelRequestedAt: app.clock.now() }).where(eq(jobs.id, r.job_id)).run(); // as POST /v1/jobs/{id}/cancel does for a running job
    expect((await app.running.runner.runOnce())?.state).toBe("cancelled");
    expect((await w.api.get(`/v1/exports/${r.id}`)).body).toMatchObject({ status: "failed", last_error: { code: "cancelled" } });
    expect(exportFiles().filter((f) => f.startsWith(r.id))).toEqual([]);
  });

  test("a group deleted before the job runs fails the export with not_found", async () => {
    const w = app.newWorkspace();
    const { vip } = await seed(w);
    const r = (await w.api.post("/v1/exports", { resource: "people", format: "csv", filters: { group_id: vip.id } })).body;
    expect((await w.api.delete(`/v1/groups/${vip.id}`)).status).toBe(204);
    await app.running.runner.drain();
    expect((await w.api.get(`/v1/exports/${r.id}`)).body).toMatchObject({ status: "failed", last_error: { code: "not_found" } });
  });

  test("many people are written in batches, every one once", async () => {
    const w = app.newWorkspace();
    for (let k = 0; k < 3; k++) expectOk(await w.api.post("/v1/imports", { people: Array.from({ length: 1000 }, (_, i) => ({ email: `m${k}-${i}@example.com` })) }), 202);
    await app.running.runner.drain();
    const e = await exportReady(w, { resource: "people", format: "csv" });
    expect(e.rows).toBe(3000);
    const rows: Record<string, string>[] = parse((await download(e.url)).text, { columns: true });
    expect(new Set(rows.map((x) => x.email)).size).toBe(3000);
  });
});
