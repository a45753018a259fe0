import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { parse } from "csv-parse/sync";
import { jobs } from "../../src/db/schema";
import { periodicTasks } from "../../src/jobs/periodic";
import { startTestApp, type TestApp, type TestWorkspace } from "../helpers/app";
import { afterJobs, apiWithScopes, createExport, createField, createGroup, createJsonImport, createPerson } from "../helpers/factory";
import { Api, expectOk, expectProblem } from "../helpers/http";
import { expectIsolated } from "../helpers/isolation";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
// the job runner is the file's: no test leaves a queued job for the next one
afterEach(() => app.running.runner.drain());
afterAll(() => app.close());

const DAY = 24 * 3600 * 1000;
const anonymous = () => new Api(app.url, null);
const exportFiles = () => (existsSync(join(app.dataDir, "exports")) ? readdirSync(join(app.dataDir, "exports")) : []);
const exportEvents = (workspaceId: string) =>
  app.ctx.db.$client
    .query<{ data: string }, [string]>("SELECT data FROM events WHERE workspace_id = ? AND type = 'export.completed'")
    .all(workspaceId)
    .map((x) => JSON.parse(x.data));

/** Plan and seats fields, a VIP group, Ada (every field, in VIP) and Bob (notes, one custom value). */
async function seed(w: TestWorkspace) {
  await createField(w.api, { key: "plan", label: "Plan", type: "enum", options: ["free", "pro"] });
  await createField(w.api, { key: "seats", label: "Seats", type: "number" });
  const vip = await createGroup(w.api, { name: "VIP" });
  const a = await createPerson(w.api, { email: "ada@example.com", given_name: "Ada", family_name: "Lovelace", company: '=HYPERLINK("x")', telephones: ["+442079460000", "+33612345678"], custom_fields: { plan: "pro", seats: 3 }, group_ids: [vip.id] });
  const b = await createPerson(w.api, { email: "bob@example.com", given_name: "Bob", private_notes: "line one\nline, two", custom_fields: { plan: "free" } });
  return { vip, a, b };
}

/** Creates an export, runs its job, and answers it (ready, with its url). */
async function exportReady(w: TestWorkspace, body: Record<string, unknown>) {
  const e = await afterJobs(app, w.api, `/v1/exports/${(await createExport(w.api, body)).id}`);
  expect(e.status).toBe("ready");
  return e;
}

async function download(url: string) {
  const u = new URL(url);
  return anonymous().get(u.pathname + u.search);
}

describe("POST /v1/exports", () => {
  test("answers 202 with Location and the queued export, expiring in 7 days", async () => {
    const w = app.newWorkspace();
    const r = await w.api.post("/v1/exports", { resource: "people", format: "csv" });
    expectOk(r, 202);
    expect(r.headers.get("location")).toBe(`/v1/exports/${r.body.id}`);
    expect(r.body).toMatchObject({ object: "export", resource: "people", format: "csv", filters: {}, status: "queued", rows: null, url: null, last_error: null });
    expect(r.body.id).toMatch(/^exp_[0-9a-f]{32}$/);
    expect(Date.parse(r.body.expires_at)).toBe(app.clock.now() + 7 * DAY);
  });

  test("queues an export.run job", async () => {
    const w = app.newWorkspace();
    const e = await createExport(w.api);
    expect((await w.api.get(`/v1/jobs/${e.job_id}`)).body.kind).toBe("export.run");
  });

  test("the job makes it ready: rows counted, 7 days from then, a signed link valid 15 minutes", async () => {
    const w = app.newWorkspace();
    await seed(w);
    const r = await createExport(w.api, { resource: "people", format: "csv" });
    app.clock.advance(1000);
    await app.running.runner.drain();
    const e = (await w.api.get(`/v1/exports/${r.id}`)).body;
    expect(e).toMatchObject({ status: "ready", rows: 2 });
    expect(Date.parse(e.expires_at)).toBe(app.clock.now() + 7 * DAY);
    const link = new URL(e.url);
    expect(link.pathname).toBe(`/downloads/exports/${e.id}`);
    expect(Number(link.searchParams.get("expires"))).toBe(Math.floor(app.clock.now() / 1000) + 900);
  });

  test("the link downloads a CSV attachment of the export's size", async () => {
    const w = app.newWorkspace();
    await seed(w);
    const e = await exportReady(w, { resource: "people", format: "csv" });
    const file = await download(e.url);
    expectOk(file);
    expect(file.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="people-${e.id}.csv"`);
    expect(Buffer.byteLength(file.text)).toBe(e.bytes);
  });

  test("CSV rows are the API's people, oldest first, with custom.<key> columns", async () => {
    const w = app.newWorkspace();
    const { vip, a, b } = await seed(w);
    const e = await exportReady(w, { resource: "people", format: "csv" });
    const rows: Record<string, string>[] = parse((await download(e.url)).text, { columns: true });
    expect(rows.map((x) => x.id)).toEqual([a.id, b.id]);
    expect(rows[0]).toMatchObject({ email: "ada@example.com", given_name: "Ada", company: `'=HYPERLINK("x")`, telephone: "+442079460000", telephones: "+442079460000;+33612345678", group_ids: vip.id, "custom.plan": "pro", "custom.seats": "3", source: "api", status: "active" });
    expect(rows[1]).toMatchObject({ email: "bob@example.com", private_notes: "line one\nline, two", "custom.plan": "free", "custom.seats": "", group_ids: "" });
  });

  test("a CSV cell that would start a formula is neutralised", async () => {
    const w = app.newWorkspace();
    await seed(w);
    const e = await exportReady(w, { resource: "people", format: "csv" });
    const rows: Record<string, string>[] = parse((await download(e.url)).text, { columns: true });
    expect(rows[0]!.company).toBe(`'=HYPERLINK("x")`);
  });

  test("emits export.completed", async () => {
    const w = app.newWorkspace();
    await seed(w);
    const e = await exportReady(w, { resource: "people", format: "csv" });
    expect(exportEvents(w.id)).toEqual([expect.objectContaining({ id: e.id, status: "ready", rows: 2, resource: "people" })]);
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
});

describe("export filters (those of the people list)", () => {
  test("a group filter exports the group's people only", async () => {
    const w = app.newWorkspace();
    const { vip, a } = await seed(w);
    const byGroup = await exportReady(w, { resource: "people", format: "jsonl", filters: { group_id: vip.id } });
    expect(byGroup).toMatchObject({ rows: 1, filters: { group_id: vip.id } });
    expect(JSON.parse((await download(byGroup.url)).text).id).toBe(a.id);
  });

  test("a filter that matches nobody gives a CSV with its header only", async () => {
    const w = app.newWorkspace();
    await seed(w);
    const none = await exportReady(w, { resource: "people", format: "csv", filters: { status: "bounced" } });
    expect(none.rows).toBe(0);
    expect((await download(none.url)).text.split("\r\n")[0]).toStartWith("id,email,");
  });

  test("an unknown group is 404", async () => {
    const w = app.newWorkspace();
    expectProblem(await w.api.post("/v1/exports", { resource: "people", format: "csv", filters: { group_id: "grp_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f" } }), 404, "not_found");
  });

  test("a bad value and an unknown filter are 422, each named", async () => {
    const w = app.newWorkspace();
    const bad = await w.api.post("/v1/exports", { resource: "people", format: "csv", filters: { status: "gone", colour: "red" } });
    expectProblem(bad, 422, "validation_failed");
    expect(bad.body.errors.map((x: any) => x.pointer).sort()).toEqual(["/filters/colour", "/filters/status"]);
  });

  test("an email filter that is not an address is 422 at /filters/email", async () => {
    const w = app.newWorkspace();
    const email = await w.api.post("/v1/exports", { resource: "people", format: "csv", filters: { email: "not an address" } });
    expectProblem(email, 422, "validation_failed");
    expect(email.body.errors[0].pointer).toBe("/filters/email");
  });
});

describe("export formats and resources", () => {
  test("an unknown format is 422", async () => {
    const w = app.newWorkspace();
    expectProblem(await w.api.post("/v1/exports", { resource: "people", format: "xlsx" }), 422, "validation_failed");
  });

  test("an unknown resource is 422", async () => {
    const w = app.newWorkspace();
    expectProblem(await w.api.post("/v1/exports", { resource: "webhooks", format: "csv" }), 422, "validation_failed");
  });
});

describe("export scopes: the scope that reads the resource", () => {
  test("creating without it is 403 naming it", async () => {
    const w = app.newWorkspace();
    const r = await apiWithScopes(app, w, ["messages:read"]).post("/v1/exports", { resource: "people", format: "csv" });
    expectProblem(r, 403, "forbidden");
    expect(r.body.detail).toContain("people:read");
  });

  test("reading without it is 403 naming it", async () => {
    const w = app.newWorkspace();
    const e = await exportReady(w, { resource: "people", format: "csv" });
    const g = await apiWithScopes(app, w, ["messages:read"]).get(`/v1/exports/${e.id}`);
    expectProblem(g, 403, "forbidden");
    expect(g.body.detail).toContain("people:read");
  });

  test("the list shows only the exports the key may read", async () => {
    const w = app.newWorkspace();
    const e = await exportReady(w, { resource: "people", format: "csv" });
    expect((await apiWithScopes(app, w, ["messages:read"]).get("/v1/exports")).body.data).toEqual([]);
    expect((await apiWithScopes(app, w, ["people:read"]).get("/v1/exports")).body.data.map((x: any) => x.id)).toEqual([e.id]);
  });

  test("filtering the list by a resource the key cannot read is 403", async () => {
    const w = app.newWorkspace();
    expectProblem(await apiWithScopes(app, w, ["messages:read"]).get("/v1/exports?resource=people"), 403, "forbidden");
  });

  test("people:read cannot export inbound messages", async () => {
    const w = app.newWorkspace();
    expectProblem(await apiWithScopes(app, w, ["people:read"]).post("/v1/exports", { resource: "inbound_messages", format: "csv" }), 403, "forbidden");
  });

  test("people:write alone cannot read a people export", async () => {
    const w = app.newWorkspace();
    const e = await exportReady(w, { resource: "people", format: "csv" });
    expectProblem(await apiWithScopes(app, w, ["people:write"]).get(`/v1/exports/${e.id}`), 403, "forbidden");
  });

  test("people:read reads a people export, with a link on the configured base URL", async () => {
    const w = app.newWorkspace();
    const e = await exportReady(w, { resource: "people", format: "csv" });
    expect((await apiWithScopes(app, w, ["people:read"]).get(`/v1/exports/${e.id}`)).body.url).toStartWith(app.ctx.config.baseUrl);
  });

  test("without credentials is 401", async () => {
    const w = app.newWorkspace();
    const e = await exportReady(w, { resource: "people", format: "csv" });
    expectProblem(await anonymous().get(`/v1/exports/${e.id}`), 401, "unauthorized");
  });
});

describe("download links", () => {
  /** A ready export and its link's parts; `at(query)` fetches its download path with that query. */
  async function readyLink(w: TestWorkspace) {
    await seed(w);
    const e = await exportReady(w, { resource: "people", format: "csv" });
    const u = new URL(e.url);
    const sig = u.searchParams.get("signature")!;
    const exp = u.searchParams.get("expires")!;
    const at = (q: string) => anonymous().get(`${u.pathname}?${q}`);
    return { e, sig, exp, at };
  }

  test("the link as given downloads without credentials", async () => {
    const { sig, exp, at } = await readyLink(app.newWorkspace());
    expectOk(await at(`expires=${exp}&signature=${sig}`));
  });

  test("a changed expiry is 403", async () => {
    const { sig, exp, at } = await readyLink(app.newWorkspace());
    expectProblem(await at(`expires=${Number(exp) + 3600}&signature=${sig}`), 403, "forbidden");
  });

  test("a changed signature is 403", async () => {
    const { sig, exp, at } = await readyLink(app.newWorkspace());
    expectProblem(await at(`expires=${exp}&signature=${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`), 403, "forbidden");
  });

  test("a link without its signature, or without any query, is 403", async () => {
    const { exp, at } = await readyLink(app.newWorkspace());
    expectProblem(await at(`expires=${exp}`), 403, "forbidden");
    expectProblem(await at(""), 403, "forbidden");
  });

  test("the signature of one export does not open another", async () => {
    const w = app.newWorkspace();
    const { sig, exp } = await readyLink(w);
    const other = (await exportReady(w, { resource: "people", format: "jsonl" })).id;
    expectProblem(await anonymous().get(`/downloads/exports/${other}?expires=${exp}&signature=${sig}`), 403, "forbidden");
  });

  test("an unknown export is 404", async () => {
    const { sig, exp } = await readyLink(app.newWorkspace());
    expectProblem(await anonymous().get(`/downloads/exports/nope?expires=${exp}&signature=${sig}`), 404, "not_found");
  });

  test("a link is valid through its last second, then 410", async () => {
    const { sig, exp, at } = await readyLink(app.newWorkspace());
    app.clock.advance(15 * 60 * 1000);
    expectOk(await at(`expires=${exp}&signature=${sig}`));
    app.clock.advance(1000);
    expectProblem(await at(`expires=${exp}&signature=${sig}`), 410, "gone");
  });

  test("reading the export again gives a fresh link that works", async () => {
    const w = app.newWorkspace();
    const { e } = await readyLink(w);
    app.clock.advance(15 * 60 * 1000 + 1000);
    const fresh = (await w.api.get(`/v1/exports/${e.id}`)).body.url;
    expect(fresh).not.toBe(e.url);
    expectOk(await download(fresh));
  });
});

describe("expiry", () => {
  const expire = () => periodicTasks.find((t) => t.name === "exports.expire")!.run(app.ctx, app.running.runner);

  /** A ready export, the clock a second before its expires_at, and a link read then. */
  async function almostExpired(w: TestWorkspace) {
    await seed(w);
    const e = await exportReady(w, { resource: "people", format: "csv" });
    app.clock.set(Date.parse(e.expires_at) - 1000);
    const link = (await w.api.get(`/v1/exports/${e.id}`)).body.url;
    return { e, link };
  }

  test("before expires_at the sweep leaves the export ready", async () => {
    const w = app.newWorkspace();
    const { e } = await almostExpired(w);
    await expire();
    expect((await w.api.get(`/v1/exports/${e.id}`)).body.status).toBe("ready");
  });

  test("past expires_at a link is 410, even before the sweep", async () => {
    const { link } = await almostExpired(app.newWorkspace());
    app.clock.advance(1000);
    expectProblem(await download(link), 410, "gone");
  });

  test("the sweep deletes the file: the export becomes expired, without a link", async () => {
    const w = app.newWorkspace();
    const { e } = await almostExpired(w);
    expect(exportFiles()).toContain(`${e.id}.csv`);
    app.clock.advance(1000);
    await expire();
    expect((await w.api.get(`/v1/exports/${e.id}`)).body).toMatchObject({ status: "expired", url: null, rows: 2 });
    expect(exportFiles()).not.toContain(`${e.id}.csv`);
  });

  test("a ready export whose file disappeared says so: expired with last_error file_missing, no fresh link", async () => {
    const w = app.newWorkspace();
    const { e, link } = await almostExpired(w);
    rmSync(join(app.dataDir, "exports", `${e.id}.csv`));
    const g = (await w.api.get(`/v1/exports/${e.id}`)).body;
    expect(g).toMatchObject({ status: "expired", url: null, last_error: { code: "file_missing" } });
    expect((await w.api.get("/v1/exports")).body.data[0]).toMatchObject({ id: e.id, status: "expired", url: null });
    expectProblem(await download(link), 410, "gone");
  });

  test("after the sweep its links are 410", async () => {
    const { link } = await almostExpired(app.newWorkspace());
    app.clock.advance(1000);
    await expire();
    expectProblem(await download(link), 410, "gone");
  });
});

describe("GET /v1/exports", () => {
  /** A ready CSV export, then a queued JSONL one. */
  async function readyAndQueued(w: TestWorkspace) {
    const first = await createExport(w.api, { resource: "people", format: "csv" });
    await app.running.runner.drain();
    const second = await createExport(w.api, { resource: "people", format: "jsonl" });
    return { first, second };
  }

  test("lists newest first", async () => {
    const w = app.newWorkspace();
    const { first, second } = await readyAndQueued(w);
    expect((await w.api.get("/v1/exports")).body.data.map((x: any) => x.id)).toEqual([second.id, first.id]);
  });

  test("filters by status and resource", async () => {
    const w = app.newWorkspace();
    const { first, second } = await readyAndQueued(w);
    expect((await w.api.get("/v1/exports?status=queued")).body.data.map((x: any) => x.id)).toEqual([second.id]);
    expect((await w.api.get("/v1/exports?status=ready&resource=people")).body.data.map((x: any) => x.id)).toEqual([first.id]);
  });
});

describe("isolation", () => {
  test("an export is invisible to other workspaces and to the test twin", async () => {
    const w = app.newWorkspace();
    const other = app.newWorkspace();
    const e = await createExport(w.api);
    await expectIsolated([other.api, w.testApi], { resourcePath: `/v1/exports/${e.id}`, listPath: "/v1/exports", id: e.id });
  });
});

describe("export jobs", () => {
  test("cancelled before it ran: the export fails with code cancelled and export.completed says so", async () => {
    const w = app.newWorkspace();
    const r = await createExport(w.api);
    expectOk(await w.api.post(`/v1/jobs/${r.job_id}/cancel`), 200);
    expect((await w.api.get(`/v1/exports/${r.id}`)).body).toMatchObject({ status: "failed", url: null, last_error: { code: "cancelled" } });
    expect(exportEvents(w.id)[0]).toMatchObject({ id: r.id, status: "failed" });
  });

  test("a cancel requested while it runs stops at a batch boundary and leaves no file", async () => {
    const w = app.newWorkspace();
    const people = Array.from({ length: 1500 }, (_, i) => ({ email: `p${i}@example.com` }));
    await createJsonImport(w.api, { people: people.slice(0, 1000) });
    await createJsonImport(w.api, { people: people.slice(1000) });
    await app.running.runner.drain();
    const r = await createExport(w.api, { resource: "people", format: "jsonl" });
    app.ctx.db.update(jobs).set({ cancelRequestedAt: app.clock.now() }).where(eq(jobs.id, r.job_id)).run(); // as POST /v1/jobs/{id}/cancel does for a running job
    expect((await app.running.runner.runOnce())?.state).toBe("cancelled");
    expect((await w.api.get(`/v1/exports/${r.id}`)).body).toMatchObject({ status: "failed", last_error: { code: "cancelled" } });
    expect(exportFiles().filter((f) => f.startsWith(r.id))).toEqual([]);
  });

  test("a group deleted before the job runs fails the export with not_found", async () => {
    const w = app.newWorkspace();
    const { vip } = await seed(w);
    const r = await createExport(w.api, { resource: "people", format: "csv", filters: { group_id: vip.id } });
    expect((await w.api.delete(`/v1/groups/${vip.id}`)).status).toBe(204);
    await app.running.runner.drain();
    expect((await w.api.get(`/v1/exports/${r.id}`)).body).toMatchObject({ status: "failed", last_error: { code: "not_found" } });
  });

  test("many people are written in batches, every one once", async () => {
    const w = app.newWorkspace();
    for (let k = 0; k < 3; k++) await createJsonImport(w.api, { people: Array.from({ length: 1000 }, (_, i) => ({ email: `m${k}-${i}@example.com` })) });
    await app.running.runner.drain();
    const e = await exportReady(w, { resource: "people", format: "csv" });
    expect(e.rows).toBe(3000);
    const rows: Record<string, string>[] = parse((await download(e.url)).text, { columns: true });
    expect(new Set(rows.map((x) => x.email)).size).toBe(3000);
  });
});
