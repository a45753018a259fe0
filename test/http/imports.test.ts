import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { jobs } from "../../src/db/schema";
import { startTestApp, type TestApp, type TestWorkspace } from "../helpers/app";
import { afterJobs, apiWithScopes, createCsvImport, createField, createGroup, createPerson, createSuppression } from "../helpers/factory";
import { expectOk, expectProblem, type Api } from "../helpers/http";
import { BATCH_ROWS } from "../../src/modules/audience/imports/import.job";
import { expectIsolated } from "../helpers/isolation";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
// the job runner is the file's: no test leaves a queued job for the next one
afterEach(() => app.running.runner.drain());
afterAll(() => app.close());

const CSV = { "content-type": "text/csv" };
const UNKNOWN_GROUP = "grp_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f";
const postCsv = (api: Api, csv: string | Uint8Array, query = "", headers: Record<string, string> = {}) => api.post(`/v1/imports${query}`, csv, { ...CSV, ...headers });

/** Uploads, runs the import's job, and answers the finished import. */
async function importCsv(w: TestWorkspace, csv: string | Uint8Array, query = "") {
  const imp = await createCsvImport(w.api, csv, { query });
  return afterJobs(app, w.api, `/v1/imports/${imp.id}`);
}

async function personByEmail(api: Api, email: string) {
  const r = await api.get(`/v1/people?email=${encodeURIComponent(email)}`);
  expectOk(r);
  return r.body.data[0];
}

function importEvents(workspaceId: string) {
  return app.ctx.db.$client
    .query<{ data: string }, [string]>(`SELECT data FROM events WHERE workspace_id = ? AND type = 'import.completed' ORDER BY id`)
    .all(workspaceId)
    .map((e) => JSON.parse(e.data));
}
const filesOf = (importId: string) => readdirSync(join(app.dataDir, "imports")).filter((f) => f.startsWith(importId));
const partFiles = () => readdirSync(join(app.dataDir, "imports")).filter((f) => f.endsWith(".part"));
/** The main connection never checkpoints the WAL (a big import's would stall every request): the checkpointer thread does. */
const mainNeverCheckpoints = () => expect((app.ctx.db.$client.query("PRAGMA wal_autocheckpoint").get() as any).wal_autocheckpoint).toBe(0);

describe("POST /v1/imports (CSV)", () => {
  /** Plan and seats fields, and a file of Ada (every column) and Bob (a few): the upload's 202 answer. */
  async function uploadAdaAndBob(w: TestWorkspace) {
    await createField(w.api, { key: "plan", label: "Plan", type: "enum", options: ["free", "pro"] });
    await createField(w.api, { key: "seats", label: "Seats", type: "number" });
    const csv = "Email Address,First Name,last_name,Company,Phone,TZ,Plan,seats\r\nada@example.com,Ada,Lovelace,Analytical,+44 20 7946 0000,europe/london,pro,3\r\nBob@Example.COM,Bob,,,,,free,\r\n";
    const r = await postCsv(w.api, csv);
    expectOk(r, 202);
    return r;
  }

  test("answers 202 with Location and the queued import", async () => {
    const w = app.newWorkspace();
    const r = await uploadAdaAndBob(w);
    expect(r.headers.get("location")).toBe(`/v1/imports/${r.body.id}`);
    expect(r.body).toMatchObject({ object: "import", status: "queued", source: "csv", group_id: null, counts: { created: 0, updated: 0, skipped: 0, failed: 0, suppressed: 0 }, problems: [], error_report_url: null });
    expect(r.body.id).toMatch(/^imp_[0-9a-f]{32}$/);
  });

  test("queues an import.run job", async () => {
    const w = app.newWorkspace();
    const r = await uploadAdaAndBob(w);
    expect((await w.api.get(`/v1/jobs/${r.body.job_id}`)).body).toMatchObject({ kind: "import.run", state: "available" });
  });

  test("the job completes the import and counts what it did", async () => {
    const w = app.newWorkspace();
    const r = await uploadAdaAndBob(w);
    await app.running.runner.drain();
    const done = (await w.api.get(`/v1/imports/${r.body.id}`)).body;
    expect(done).toMatchObject({ status: "completed", counts: { created: 2, updated: 0, skipped: 0, failed: 0, suppressed: 0 }, problem_count: 0 });
    expect(done.finished_at).not.toBeNull();
    expect((await w.api.get(`/v1/jobs/${r.body.job_id}`)).body.state).toBe("completed");
  });

  test("columns map onto the person's fields and custom fields; people get source csv_import and the import's id", async () => {
    const w = app.newWorkspace();
    const r = await uploadAdaAndBob(w);
    await app.running.runner.drain();
    expect(await personByEmail(w.api, "ada@example.com")).toMatchObject({
      given_name: "Ada",
      family_name: "Lovelace",
      company: "Analytical",
      telephone: "+442079460000",
      timezone: "Europe/London",
      custom_fields: { plan: "pro", seats: 3 },
      source: "csv_import",
      import_id: r.body.id,
      status: "active",
    });
  });

  test("empty cells stay empty; the address keeps its local part's letter case", async () => {
    const w = app.newWorkspace();
    await uploadAdaAndBob(w);
    await app.running.runner.drain();
    expect(await personByEmail(w.api, "bob@example.com")).toMatchObject({ email: "Bob@example.com", given_name: "Bob", family_name: null, custom_fields: { plan: "free" } });
  });

  test("the people list filters by the import", async () => {
    const w = app.newWorkspace();
    const r = await uploadAdaAndBob(w);
    await app.running.runner.drain();
    expect((await w.api.get(`/v1/people?import_id=${r.body.id}`)).body.data).toHaveLength(2);
  });

  test("emits import.completed with the import", async () => {
    const w = app.newWorkspace();
    const r = await uploadAdaAndBob(w);
    await app.running.runner.drain();
    const events = importEvents(w.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ id: r.body.id, status: "completed", counts: { created: 2, failed: 0 } });
  });

  test("the uploaded file is gone once the import finished", async () => {
    const w = app.newWorkspace();
    const r = await uploadAdaAndBob(w);
    await app.running.runner.drain();
    expect(filesOf(r.body.id)).toEqual([]);
    mainNeverCheckpoints();
  });

  describe("matching existing people", () => {
    const FILE = ["email,given_name,company,tier", "CAROL@EXAMPLE.COM,,New Co,gold", "dan@example.com,Dan,,", "DAN@example.com,Daniel,Acme,", "dan@example.com,,,silver", ""].join("\n");
    /** Carol exists (api); the file updates her and brings Dan three times. */
    async function carolThenFile(w: TestWorkspace) {
      const carol = await createPerson(w.api, { email: "Carol@example.com", given_name: "Carol", company: "Old Co", custom_fields: {} });
      await createField(w.api, { key: "tier", label: "Tier", type: "text" });
      return { carol, done: await importCsv(w, FILE) };
    }

    test("a new address is created; an existing one (in any case) or an earlier row's is updated", async () => {
      const w = app.newWorkspace();
      const { done } = await carolThenFile(w);
      expect(done.counts).toEqual({ created: 1, updated: 3, skipped: 0, failed: 0, suppressed: 0 });
    });

    test("an existing person is updated in place, keeping address, empty cells' values and source", async () => {
      const w = app.newWorkspace();
      const { carol } = await carolThenFile(w);
      expect(await personByEmail(w.api, "carol@example.com")).toMatchObject({ id: carol.id, email: "Carol@example.com", given_name: "Carol", company: "New Co", custom_fields: { tier: "gold" }, source: "api", import_id: null });
    });

    test("repeated rows of one address update the first row's person", async () => {
      const w = app.newWorkspace();
      const { done } = await carolThenFile(w);
      expect(await personByEmail(w.api, "dan@example.com")).toMatchObject({ email: "dan@example.com", given_name: "Daniel", company: "Acme", custom_fields: { tier: "silver" }, source: "csv_import", import_id: done.id });
    });

    test("the same file again skips unchanged rows", async () => {
      const w = app.newWorkspace();
      await carolThenFile(w);
      // Carol and the last row are unchanged; Dan's name flips to Dan and back to Daniel
      expect((await importCsv(w, FILE)).counts).toEqual({ created: 0, updated: 2, skipped: 2, failed: 0, suppressed: 0 });
    });

    test("a file that changes nothing skips every row and adds no one", async () => {
      const w = app.newWorkspace();
      await carolThenFile(w);
      const once = await importCsv(w, "email,given_name\ncarol@example.com,Carol\ndan@example.com,Daniel\n");
      expect(once.counts).toEqual({ created: 0, updated: 0, skipped: 2, failed: 0, suppressed: 0 });
      expect((await w.api.get("/v1/people?include=total_count")).body.meta.total_count).toBe(2);
    });
  });

  test("a phone column becomes the primary number and keeps the others", async () => {
    const w = app.newWorkspace();
    await createPerson(w.api, { email: "eve@example.com", telephones: ["+33612345678"] });
    await importCsv(w, "email,mobile\neve@example.com,+1 (555) 010-9999\n");
    expect((await personByEmail(w.api, "eve@example.com")).telephones).toEqual(["+15550109999", "+33612345678"]);
  });

  test("a telephones column replaces the numbers with those it lists", async () => {
    const w = app.newWorkspace();
    await createPerson(w.api, { email: "eve@example.com", telephones: ["+33612345678"] });
    await importCsv(w, "email,mobile\neve@example.com,+1 (555) 010-9999\n");
    await importCsv(w, "email,telephones\neve@example.com,+4915112345678; 0044 20 7946 0001\n");
    expect((await personByEmail(w.api, "eve@example.com")).telephones).toEqual(["+4915112345678", "+442079460001"]);
  });

  test("suppressed addresses (and domains) are imported and counted as suppressed", async () => {
    const w = app.newWorkspace();
    await createSuppression(w.api, { email: "Gone@Example.com", reason: "manual" });
    await createSuppression(w.api, { domain: "blocked.test", reason: "manual" });
    const done = await importCsv(w, "email\ngone@example.com\nsomeone@blocked.test\nfine@example.com\n");
    expect(done.counts).toEqual({ created: 3, updated: 0, skipped: 0, failed: 0, suppressed: 2 });
    expect(await personByEmail(w.api, "gone@example.com")).toBeDefined();
  });

  describe("groups", () => {
    /** Leads (group_id) and VIP; Hal names VIP in a groups column, Ivy none, Jon an unknown group. */
    async function halIvyJon(w: TestWorkspace) {
      const g1 = await createGroup(w.api, { name: "Leads" });
      const g2 = await createGroup(w.api, { name: "VIP" });
      const done = await importCsv(w, `email,groups\nhal@example.com,${g2.id}\nivy@example.com,\njon@example.com,${UNKNOWN_GROUP}\n`, `?group_id=${g1.id}`);
      return { g1, g2, done };
    }

    test("group_id adds every imported person to the group; a groups column adds more", async () => {
      const w = app.newWorkspace();
      const { g1, g2, done } = await halIvyJon(w);
      expect(done.group_id).toBe(g1.id);
      expect((await personByEmail(w.api, "hal@example.com")).group_ids.sort()).toEqual([g1.id, g2.id].sort());
      expect((await personByEmail(w.api, "ivy@example.com")).group_ids).toEqual([g1.id]);
    });

    test("an unknown group in the groups column fails its row", async () => {
      const w = app.newWorkspace();
      const { done } = await halIvyJon(w);
      expect(done.counts).toMatchObject({ created: 2, failed: 1 });
      expect(done.problems).toEqual([{ row: 4, column: "groups", code: "unknown", detail: `${UNKNOWN_GROUP} is not a group of this workspace.` }]);
    });

    test("joining a group is a change: the same row again counts as updated", async () => {
      const w = app.newWorkspace();
      await halIvyJon(w);
      const g3 = await createGroup(w.api, { name: "Later" });
      const again = await importCsv(w, "email\nhal@example.com\n", `?group_id=${g3.id}`);
      expect(again.counts).toMatchObject({ updated: 1, skipped: 0 });
    });

    test("an unknown group_id is 404", async () => {
      const w = app.newWorkspace();
      expectProblem(await postCsv(w.api, "email\nx@example.com\n", `?group_id=${UNKNOWN_GROUP}`), 404, "not_found");
    });

    test("a malformed group_id is 422", async () => {
      const w = app.newWorkspace();
      expectProblem(await postCsv(w.api, "email\nx@example.com\n", "?group_id=nope"), 422, "validation_failed");
    });
  });

  describe("problems", () => {
    const FILE = ["email,seats,phone,timezone,favourite colour", "ok@example.com,2,,,blue", "not-an-address,1,,,", ",1,,,", "bad@example.com,many,,,", "tel@example.com,,12345,,", "tz@example.com,,,Mars/Olympus,", ""].join("\r\n");
    async function importWithProblems(w: TestWorkspace) {
      await createField(w.api, { key: "seats", label: "Seats", type: "number" });
      return importCsv(w, FILE);
    }

    test("bad addresses, values, numbers and zones fail their row; unknown columns are reported on row 1", async () => {
      const w = app.newWorkspace();
      const done = await importWithProblems(w);
      expect(done.counts).toEqual({ created: 1, updated: 0, skipped: 0, failed: 5, suppressed: 0 });
      expect(done.problem_count).toBe(6);
      expect(done.problems.map((p: any) => [p.row, p.column, p.code])).toEqual([
        [1, "favourite colour", "unknown_column"],
        [3, "email", "format"],
        [4, "email", "required"],
        [5, "seats", "type"],
        [6, "phone", "format"],
        [7, "timezone", "invalid"],
      ]);
    });

    test("the error report lists them all as CSV", async () => {
      const w = app.newWorkspace();
      const done = await importWithProblems(w);
      expect(done.error_report_url).toBe(`${app.ctx.config.baseUrl}/v1/imports/${done.id}/errors`);
      const report = await w.api.get(`/v1/imports/${done.id}/errors`);
      expectOk(report);
      expect(report.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      const lines = report.text.trimEnd().split("\r\n");
      expect(lines[0]).toBe("row,column,code,detail");
      expect(lines).toHaveLength(7);
      expect(lines[1]).toStartWith("1,favourite colour,unknown_column,");
      expect(lines[5]).toStartWith("6,phone,format,");
    });

    test("every problem is in the report, only the first 100 on the import", async () => {
      const w = app.newWorkspace();
      const rows = Array.from({ length: 250 }, (_, i) => `bad-${i}`);
      const done = await importCsv(w, `email\n${rows.join("\n")}\n`);
      expect(done.counts.failed).toBe(250);
      expect(done.problems).toHaveLength(100);
      expect(done.problems[99].row).toBe(101);
      const report = (await w.api.get(`/v1/imports/${done.id}/errors`)).text.trimEnd().split("\r\n");
      expect(report).toHaveLength(251);
      expect(report[250]).toStartWith("251,email,format,");
    });
  });

  test("a header without an email column is 422 saying so", async () => {
    const w = app.newWorkspace();
    const r = await postCsv(w.api, "name,company\nAda,Acme\n");
    expectProblem(r, 422, "validation_failed");
    expect(r.body.detail).toContain("no email column");
  });

  test.each([
    ["an empty body", ""],
    ["blank lines only", "\r\n\r\n"],
  ])("%s is 422", async (_what, csv) => {
    const w = app.newWorkspace();
    expectProblem(await postCsv(w.api, csv), 422, "validation_failed");
  });

  test("a refused upload queues nothing and leaves no partial file", async () => {
    const w = app.newWorkspace();
    expectProblem(await postCsv(w.api, "name,company\nAda,Acme\n"), 422, "validation_failed");
    expectProblem(await postCsv(w.api, ""), 422, "validation_failed");
    expect((await w.api.get("/v1/imports")).body.data).toEqual([]);
    expect(partFiles()).toEqual([]);
  });

  test("a header-only file completes with nothing imported", async () => {
    const w = app.newWorkspace();
    const done = await importCsv(w, "email,first name\r\n");
    expect(done).toMatchObject({ status: "completed", counts: { created: 0, failed: 0 }, problem_count: 0 });
  });

  describe("size", () => {
    const overLimit = () => {
      const big = new Uint8Array(16 * 1024 * 1024 + 1).fill(0x61);
      big.set(new TextEncoder().encode("email\n"));
      return big;
    };

    test("over 16 MiB with a Content-Length is 413; nothing is kept", async () => {
      const w = app.newWorkspace();
      expectProblem(await postCsv(w.api, overLimit()), 413, "payload_too_large");
      expect(partFiles()).toEqual([]);
      expect((await w.api.get("/v1/imports")).body.data).toEqual([]);
    });

    test("over 16 MiB sent chunked (no Content-Length) is 413; nothing is kept", async () => {
      const w = app.newWorkspace();
      const big = overLimit();
      const chunks = 17;
      const stream = new ReadableStream<Uint8Array>({
        start(c) {
          for (let i = 0; i < chunks; i++) c.enqueue(big.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024 + (i === chunks - 1 ? 1 : 0)));
          c.close();
        },
      });
      expectProblem(await postCsv(w.api, stream as never), 413, "payload_too_large");
      expect(partFiles()).toEqual([]);
      expect((await w.api.get("/v1/imports")).body.data).toEqual([]);
    });

    test("exactly 16 MiB is accepted", async () => {
      const w = app.newWorkspace();
      const head = "email,notes\nbig@example.com,";
      const body = new Uint8Array(16 * 1024 * 1024).fill(0x62);
      body.set(new TextEncoder().encode(head));
      body[body.length - 1] = 0x0a;
      expectOk(await postCsv(w.api, body), 202);
    });
  });

  test("another media type is 415", async () => {
    const w = app.newWorkspace();
    expectProblem(await w.api.post("/v1/imports", "email\na@example.com\n", { "content-type": "text/plain" }), 415, "unsupported_media_type");
  });

  test("an Idempotency-Key replays the first upload and creates one import", async () => {
    const w = app.newWorkspace();
    const csv = "email\nkim@example.com\n";
    const a = await postCsv(w.api, csv, "", { "idempotency-key": "csv-1" });
    expectOk(a, 202);
    const b = await postCsv(w.api, csv, "", { "idempotency-key": "csv-1" });
    expect(b.status).toBe(202);
    expect(b.headers.get("idempotent-replayed")).toBe("true");
    expect(b.body.id).toBe(a.body.id);
    expect((await w.api.get("/v1/imports")).body.data).toHaveLength(1);
    expect(partFiles()).toEqual([]);
  });

  test("the same Idempotency-Key with another file is 422 idempotency_key_reuse", async () => {
    const w = app.newWorkspace();
    expectOk(await postCsv(w.api, "email\nkim@example.com\n", "", { "idempotency-key": "csv-1" }), 202);
    expectProblem(await postCsv(w.api, "email\nother@example.com\n", "", { "idempotency-key": "csv-1" }), 422, "idempotency_key_reuse");
    expect((await w.api.get("/v1/imports")).body.data).toHaveLength(1);
    expect(partFiles()).toEqual([]);
  });

  test("needs people:write, named in the answer", async () => {
    const w = app.newWorkspace();
    const r = await postCsv(apiWithScopes(app, w, ["people:read"]), "email\nb@example.com\n");
    expectProblem(r, 403, "forbidden");
    expect(r.body.detail).toContain("people:write");
  });

  test("without credentials is 401", async () => {
    const w = app.newWorkspace();
    expectProblem(await w.api.withToken(null).post("/v1/imports", "email\n", CSV), 401, "unauthorized");
  });
});

describe("POST /v1/imports (JSON)", () => {
  /** Lea exists (given name, company); the import clears her company, gives her a number and a group, and brings Max. */
  async function leaAndMax(w: TestWorkspace) {
    const g = await createGroup(w.api, { name: "From JSON" });
    await createPerson(w.api, { email: "lea@example.com", given_name: "Lea", company: "Old" });
    const r = await w.api.post("/v1/imports", {
      people: [
        { email: "LEA@example.com", company: null, telephones: ["+33 6 12 34 56 78"], group_ids: [g.id] },
        { email: "max@example.com", given_name: "Max", timezone: "America/New_York" },
      ],
    });
    expectOk(r, 202);
    return { g, r };
  }

  test("answers 202 with a JSON import", async () => {
    const w = app.newWorkspace();
    const { r } = await leaAndMax(w);
    expect(r.body.source).toBe("json");
  });

  test("the job creates and updates people, counting each", async () => {
    const w = app.newWorkspace();
    const { r } = await leaAndMax(w);
    await app.running.runner.drain();
    expect((await w.api.get(`/v1/imports/${r.body.id}`)).body).toMatchObject({ status: "completed", counts: { created: 1, updated: 1, skipped: 0, failed: 0 } });
  });

  test("null clears a field; fields not given stay", async () => {
    const w = app.newWorkspace();
    const { g } = await leaAndMax(w);
    await app.running.runner.drain();
    expect(await personByEmail(w.api, "lea@example.com")).toMatchObject({ given_name: "Lea", company: null, telephones: ["+33612345678"], group_ids: [g.id] });
  });

  test("new people get source api and the import's id", async () => {
    const w = app.newWorkspace();
    const { r } = await leaAndMax(w);
    await app.running.runner.drain();
    expect(await personByEmail(w.api, "max@example.com")).toMatchObject({ source: "api", import_id: r.body.id, timezone: "America/New_York" });
  });

  test("elements against the schema are 422, each named; nothing is queued", async () => {
    const w = app.newWorkspace();
    const r = await w.api.post("/v1/imports", {
      people: [{ email: "ok@example.com" }, { email: "nope" }, { email: "x@example.com", timezone: "Nowhere/City", group_ids: [UNKNOWN_GROUP] }, { given_name: "No address" }, { email: "y@example.com", shoe_size: 44 }],
    });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors.map((e: any) => e.pointer).sort()).toEqual(["/people/3/email", "/people/4/shoe_size"].sort());
    expect((await w.api.get("/v1/imports")).body.data).toEqual([]);
  });

  test("bad addresses, zones and groups are checked up front: 422, each named; nothing is queued", async () => {
    const w = app.newWorkspace();
    const semantic = await w.api.post("/v1/imports", { people: [{ email: "ok@example.com" }, { email: "nope" }, { email: "x@example.com", timezone: "Nowhere/City", group_ids: [UNKNOWN_GROUP] }] });
    expectProblem(semantic, 422, "validation_failed");
    expect(semantic.body.errors.map((e: any) => e.pointer)).toEqual(["/people/1/email", "/people/2/timezone", "/people/2/group_ids/0"]);
    expect((await w.api.get("/v1/imports")).body.data).toEqual([]);
  });

  test("more than 1,000 people is 422 at /people", async () => {
    const w = app.newWorkspace();
    const many = Array.from({ length: 1001 }, (_, i) => ({ email: `p${i}@example.com` }));
    const tooMany = await w.api.post("/v1/imports", { people: many });
    expectProblem(tooMany, 422, "validation_failed");
    expect(tooMany.body.errors[0]).toMatchObject({ pointer: "/people", code: "length" });
  });

  test.each<[string, unknown]>([
    ["an empty list of people", { people: [] }],
    ["a body without people", {}],
  ])("%s is 422", async (_what, body) => {
    const w = app.newWorkspace();
    expectProblem(await w.api.post("/v1/imports", body), 422, "validation_failed");
  });

  test("exactly 1,000 people are accepted", async () => {
    const w = app.newWorkspace();
    const r = await w.api.post("/v1/imports", { people: Array.from({ length: 1000 }, (_, i) => ({ email: `p${i}@example.com` })) });
    expectOk(r, 202);
    await app.running.runner.drain();
    expect((await w.api.get(`/v1/imports/${r.body.id}`)).body.counts.created).toBe(1000);
  });
});

describe("GET /v1/imports/{id}", () => {
  test("people:read is enough", async () => {
    const w = app.newWorkspace();
    const done = await importCsv(w, "email\na@example.com\n");
    expectOk(await apiWithScopes(app, w, ["people:read"]).get(`/v1/imports/${done.id}`));
  });

  test("people:write alone is not enough, for the import or its error report", async () => {
    const w = app.newWorkspace();
    const done = await importCsv(w, "email\na@example.com\n");
    const writer = apiWithScopes(app, w, ["people:write"]);
    expectProblem(await writer.get(`/v1/imports/${done.id}`), 403, "forbidden");
    expectProblem(await writer.get(`/v1/imports/${done.id}/errors`), 403, "forbidden");
  });

  test("an unknown import is 404", async () => {
    const w = app.newWorkspace();
    expectProblem(await w.api.get("/v1/imports/imp_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f"), 404, "not_found");
  });

  test("a malformed id is 404", async () => {
    const w = app.newWorkspace();
    expectProblem(await w.api.get("/v1/imports/nope"), 404, "not_found");
  });
});

describe("GET /v1/imports", () => {
  /** Three uploads, the oldest completed, the other two still queued: their ids, oldest first. */
  async function threeImports(w: TestWorkspace) {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await createCsvImport(w.api, `email\nn${i}@example.com\n`)).id);
    await app.running.runner.runOnce(); // the oldest completes
    return ids;
  }

  test("lists newest first, in keyset pages", async () => {
    const w = app.newWorkspace();
    const ids = await threeImports(w);
    const all = await w.api.get("/v1/imports?limit=2");
    expect(all.body.data.map((i: any) => i.id)).toEqual([ids[2], ids[1]]);
    expect(all.body.meta.has_more).toBe(true);
    const next = await w.api.get(`/v1/imports?limit=2&cursor=${all.body.meta.next_cursor}`);
    expect(next.body.data.map((i: any) => i.id)).toEqual([ids[0]]);
  });

  test("filters by status", async () => {
    const w = app.newWorkspace();
    const ids = await threeImports(w);
    expect((await w.api.get("/v1/imports?status=completed")).body.data.map((i: any) => i.id)).toEqual([ids[0]]);
    expect((await w.api.get("/v1/imports?status=queued")).body.data.map((i: any) => i.id)).toEqual([ids[2], ids[1]]);
  });

  test("an unknown status is 422", async () => {
    const w = app.newWorkspace();
    expectProblem(await w.api.get("/v1/imports?status=done"), 422, "validation_failed");
  });
});

describe("isolation", () => {
  test("an import is invisible to other workspaces and to the test twin", async () => {
    const w = app.newWorkspace();
    const other = app.newWorkspace();
    const done = await importCsv(w, "email\nbad\n");
    await expectIsolated([other.api, w.testApi], {
      resourcePath: `/v1/imports/${done.id}`,
      listPath: "/v1/imports",
      id: done.id,
      routes: [["GET", `/v1/imports/${done.id}/errors`]],
    });
  });
});

describe("import jobs", () => {
  test("cancelled before it ran: the import becomes cancelled, its event says so and its file goes", async () => {
    const w = app.newWorkspace();
    const imp = await createCsvImport(w.api, "email\nzed@example.com\n");
    expectOk(await w.api.post(`/v1/jobs/${imp.job_id}/cancel`), 200);
    expect((await w.api.get(`/v1/imports/${imp.id}`)).body).toMatchObject({ status: "cancelled", last_error: { code: "cancelled" } });
    expect(importEvents(w.id).map((e) => e.status)).toEqual(["cancelled"]);
    expect(filesOf(imp.id)).toEqual([]);
  });

  test("a cancel requested while it runs stops at the next batch boundary, keeping the rows applied so far", async () => {
    const w = app.newWorkspace();
    const rows = Array.from({ length: 10_000 }, (_, i) => `c${i}@example.com`);
    const imp = await createCsvImport(w.api, `email\n${rows.join("\n")}\n`);
    // what POST /v1/jobs/{id}/cancel records for a running job
    app.ctx.db.update(jobs).set({ cancelRequestedAt: app.clock.now() }).where(eq(jobs.id, imp.job_id)).run();
    const job = await app.running.runner.runOnce();
    expect(job?.state).toBe("cancelled");
    const g = (await w.api.get(`/v1/imports/${imp.id}`)).body;
    expect(g.status).toBe("cancelled");
    expect(g.counts.created).toBe(BATCH_ROWS); // one batch
    expect((await w.api.get(`/v1/people?import_id=${imp.id}&include=total_count`)).body.meta.total_count).toBe(BATCH_ROWS);
  });

  test("a job stopped by shutdown resumes after the last committed batch: nothing lost or repeated", async () => {
    const w = app.newWorkspace();
    const rows = Array.from({ length: 10_000 }, (_, i) => `r${i}@example.com,${i % 7 === 0 ? "bad-zone" : ""}`);
    const imp = await createCsvImport(w.api, `email,timezone\n${rows.join("\n")}\n`);
    const { JobRunner } = await import("../../src/jobs/runner");
    const { jobHandlers } = await import("../../src/jobs/registry");
    const dying = new JobRunner(app.ctx, jobHandlers);
    const first = dying.runOnce();
    void dying.stop(); // interrupts at the first checkpoint
    expect((await first)?.state).toBe("available");
    const mid = (await w.api.get(`/v1/imports/${imp.id}`)).body;
    expect(mid.status).toBe("running");
    expect(mid.counts.created + mid.counts.failed).toBe(BATCH_ROWS);
    await app.running.runner.drain();
    const done = (await w.api.get(`/v1/imports/${imp.id}`)).body;
    const bad = rows.filter((_, i) => i % 7 === 0).length;
    expect(done).toMatchObject({ status: "completed", counts: { created: 10_000 - bad, failed: bad, updated: 0, skipped: 0 }, problem_count: bad });
    mainNeverCheckpoints();
    const report = (await w.api.get(`/v1/imports/${imp.id}/errors`)).text.trimEnd().split("\r\n");
    expect(report).toHaveLength(bad + 1);
    expect(new Set(report.map((l) => l.split(",")[0])).size).toBe(bad + 1); // no row twice
  });
});
