// One text policy (src/lib/text.ts) on every path: request schemas, the
// domain services behind them, and imports. Single-line text refuses C0/C1
// controls (CR, LF, NUL, ESC, tab…) and U+2028/U+2029; multi-line text (private
// notes, group descriptions) keeps LF and tab; addresses refuse bidi controls
// too. A CSV import folds a quoted line break in a single-line cell to a space
// and imports the row with a warning.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { createApp } from "../../../src/app";
import { DomainError } from "../../../src/lib/errors";
import { createField as createFieldIn } from "../../../src/modules/audience/fields";
import { createGroup as createGroupIn, updateGroup as updateGroupIn } from "../../../src/modules/audience/groups";
import { createSegment as createSegmentIn, updateSegment as updateSegmentIn } from "../../../src/modules/audience/segments";
import { createEndpoint } from "../../../src/modules/automation/webhooks/endpoints";
import { createQuotaScope } from "../../../src/modules/sending/quota-scopes";
import { createWorkspace } from "../../../src/modules/workspaces/workspaces";
import { startTestApp, type TestApp, type TestWorkspace } from "../../helpers/app";
import { afterJobs, createCsvImport, createField, createGroup, createPerson, createSegment, uniqueEmail } from "../../helpers/factory";
import { expectOk, expectProblem, type Answer } from "../../helpers/http";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterEach(() => app.running.runner.drain());
afterAll(() => app.close());

const INJECTION = "CEO\r\nBcc: x@evil.test";
/** The hostile names: NUL, CR/LF, ESC. */
const HOSTILE = [
  ["NUL", "Leads\u0000", "contains a control character (U+0000 NUL) at position 6"],
  ["CR/LF", "Leads\r\nBcc: x@evil.test", "contains a line break (U+000D carriage return) at position 6"],
  ["ESC", "\u001b[31mLeads", "contains a control character (U+001B escape) at position 1"],
] as const;
const HOOK = "http://127.0.0.1:9/hook"; // private targets are allowed in tests; never called here

/** Asserts a 422 whose only error is `pointer` with code format and a detail naming the character. */
function expectFormat(r: Answer, pointer: string, detail?: string) {
  expectProblem(r, 422, "validation_failed");
  expect(r.body.errors).toEqual([{ pointer, code: "format", detail: detail ?? expect.stringMatching(/ contains an? .+ \(U\+[0-9A-F]{4}.*\) at position \d+\.$/) }]);
}

describe("custom values and enum options (merge tags)", () => {
  test('"CEO\\r\\nBcc: x@evil.test" as a custom text value is 422 on /custom_fields/<key>, on create, update and JSON import', async () => {
    const w = app.newWorkspace();
    const f = await createField(w.api, { key: "title", type: "text" });
    const detail = "title contains a line break (U+000D carriage return) at position 4.";
    expectFormat(await w.api.post("/v1/people", { email: uniqueEmail(), custom_fields: { title: INJECTION } }), "/custom_fields/title", detail);
    const p = await createPerson(w.api, { custom_fields: { title: "CEO" } });
    expectFormat(await w.api.patch(`/v1/people/${p.id}`, { custom_fields: { title: INJECTION } }), "/custom_fields/title", detail);
    expectFormat(await w.api.post("/v1/imports", { people: [{ email: uniqueEmail(), custom_fields: { title: INJECTION } }] }), "/people/0/custom_fields/title", detail);
    expect((await w.api.get(`/v1/people/${p.id}`)).body.custom_fields).toEqual({ title: "CEO" });
    expect(f.key).toBe("title");
  });

  test("an enum value with a line break is a format error too, not just 'not an option'", async () => {
    const w = app.newWorkspace();
    await createField(w.api, { key: "plan", type: "enum", options: ["Gold", "Silver"] });
    expectFormat(await w.api.post("/v1/people", { email: uniqueEmail(), custom_fields: { plan: "Gold\n" } }), "/custom_fields/plan", "plan contains a line break (U+000A line feed) at position 5.");
  });

  test("an enum option with CR/LF is 422 on /options/<i>, on create and update", async () => {
    const w = app.newWorkspace();
    const detail = "options/1 contains a line break (U+000D carriage return) at position 4.";
    expectFormat(await w.api.post("/v1/fields", { key: "plan", label: "Plan", type: "enum", options: ["Gold", INJECTION] }), "/options/1", detail);
    const f = await createField(w.api, { key: "tier", type: "enum", options: ["Gold"] });
    expectFormat(await w.api.patch(`/v1/fields/${f.id}`, { options: ["Gold", INJECTION] }), "/options/1", detail);
    expect((await w.api.get(`/v1/fields/${f.id}`)).body.options).toEqual(["Gold"]);
  });
});

describe("names and descriptions are single-line", () => {
  for (const [what, value, words] of HOSTILE) {
    test(`a group, segment, field and webhook endpoint refuse a name/label/description with ${what}`, async () => {
      const w = app.newWorkspace();
      expectFormat(await w.api.post("/v1/groups", { name: value }), "/name", `name ${words}.`);
      expectFormat(await w.api.post("/v1/segments", { name: value, filter: { all: [] } }), "/name", `name ${words}.`);
      expectFormat(await w.api.post("/v1/fields", { key: "x", label: value, type: "text" }), "/label", `label ${words}.`);
      expectFormat(await w.api.post("/v1/webhook_endpoints", { url: HOOK, description: value }), "/description", `description ${words}.`);
      const g = await createGroup(w.api);
      const s = await createSegment(w.api);
      const f = await createField(w.api);
      expectFormat(await w.api.patch(`/v1/groups/${g.id}`, { name: value }), "/name");
      expectFormat(await w.api.patch(`/v1/segments/${s.id}`, { name: value }), "/name");
      expectFormat(await w.api.patch(`/v1/fields/${f.id}`, { label: value }), "/label");
      for (const list of ["groups", "segments", "webhook_endpoints"]) {
        const names = (await w.api.get(`/v1/${list}`)).body.data.map((x: any) => x.name ?? x.description);
        expect({ list, hostile: names.filter((n: unknown) => typeof n === "string" && /[\u0000-\u001f]/.test(n)) }).toEqual({ list, hostile: [] });
      }
    });
  }

  test("person names, company, timezone, telephones and quota scope keys refuse line breaks", async () => {
    const w = app.newWorkspace();
    expectFormat(await w.api.post("/v1/people", { email: uniqueEmail(), given_name: "Ada\nBcc: x@evil.test" }), "/given_name", "given_name contains a line break (U+000A line feed) at position 4.");
    expectFormat(await w.api.post("/v1/people", { email: uniqueEmail(), family_name: "Love\u2028lace" }), "/family_name", "family_name contains a line break (U+2028 line separator) at position 5.");
    expectFormat(await w.api.post("/v1/people", { email: uniqueEmail(), company: "Acme\u0085" }), "/company");
    expectFormat(await w.api.post("/v1/people", { email: uniqueEmail(), timezone: "Europe/Paris\n" }), "/timezone");
    expectFormat(await w.api.post("/v1/people", { email: uniqueEmail(), telephones: ["+33 1 23 45 67 89\r\n"] }), "/telephones/0");
    expectFormat(await w.api.post("/v1/quota_scopes", { provider: "smtp", scope_key: "relay\r\n:587" }), "/scope_key");
  });

  test("names keep what is text: accents, other scripts, a right-to-left mark", async () => {
    const w = app.newWorkspace();
    const p = await createPerson(w.api, { given_name: "Zoë", family_name: "שלום\u200f", company: "東京 Ltd" });
    expect(p).toMatchObject({ given_name: "Zoë", family_name: "שלום\u200f", company: "東京 Ltd" });
    expect((await createGroup(w.api, { name: "Prospects — Q3 (FR/DE)" })).name).toBe("Prospects — Q3 (FR/DE)");
  });

  test("a segment filter value follows the rule of its field (single-line; notes multi-line)", async () => {
    const w = app.newWorkspace();
    const r = await w.api.post("/v1/segments", { name: "x", filter: { all: [{ field: "company", op: "eq", value: "Acme\r\nX" }] } });
    expectFormat(r, "/filter/all/0/value", "The value contains a line break (U+000D carriage return) at position 5.");
    expect(await createSegment(w.api, { filter: { field: "private_notes", op: "contains", value: "call\nback" } })).toMatchObject({ object: "segment" });
  });
});

describe("addresses", () => {
  test("an address with U+202E is 422, with the control named (person, suppression, people filter)", async () => {
    const w = app.newWorkspace();
    const email = "moc.elpmaxe\u202e@evil.test";
    const detail = "email contains a bidirectional control (U+202E right-to-left override) at position 12.";
    expectFormat(await w.api.post("/v1/people", { email }), "/email", detail);
    expectFormat(await w.api.post("/v1/suppressions", { email }), "/email", detail);
    expectFormat(await w.api.post("/v1/suppressions", { domain: "evil\u202e.test" }), "/domain");
    expectFormat(await w.api.post("/v1/imports", { people: [{ email }] }), "/people/0/email", detail);
    expectProblem(await w.api.get(`/v1/people?email=${encodeURIComponent(email)}`), 422, "validation_failed");
    expect((await w.api.get("/v1/people")).body.data).toEqual([]);
  });

  test("every bidi control is refused in an address; a webhook URL too", async () => {
    const w = app.newWorkspace();
    for (const c of ["\u061c", "\u200e", "\u200f", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"]) {
      expectFormat(await w.api.post("/v1/people", { email: `a${c}b@example.com` }), "/email");
    }
    expectFormat(await w.api.post("/v1/webhook_endpoints", { url: `${HOOK}/\u202egnp.exe` }), "/url");
  });

  test("an address with a control character anywhere is refused, not trimmed", async () => {
    const w = app.newWorkspace();
    expectFormat(await w.api.post("/v1/people", { email: "ada@example.com\t" }), "/email", "email contains a control character (U+0009 tab) at position 16.");
    expectFormat(await w.api.post("/v1/people", { email: "ada@example.com\r\nRCPT TO:<x@evil.test>" }), "/email");
  });
});

describe("private notes are multi-line", () => {
  test("they keep LF and tab; CRLF is stored as LF", async () => {
    const w = app.newWorkspace();
    const p = await createPerson(w.api, { private_notes: "Met at the fair.\n\tCall back in May.\r\nLikes tea." });
    expect(p.private_notes).toBe("Met at the fair.\n\tCall back in May.\nLikes tea.");
    const again = await w.api.patch(`/v1/people/${p.id}`, { private_notes: "line 1\nline 2" });
    expectOk(again);
    expect(again.body.private_notes).toBe("line 1\nline 2");
  });

  test("they refuse NUL, ESC and a lone CR", async () => {
    const w = app.newWorkspace();
    expectFormat(await w.api.post("/v1/people", { email: uniqueEmail(), private_notes: "a\nb\u0000" }), "/private_notes", "private_notes contains a control character (U+0000 NUL) at position 4.");
    expectFormat(await w.api.post("/v1/people", { email: uniqueEmail(), private_notes: "\u001b]0;pwned\u0007" }), "/private_notes", "private_notes contains a control character (U+001B escape) at position 1.");
    expectFormat(await w.api.post("/v1/people", { email: uniqueEmail(), private_notes: "a\rb" }), "/private_notes", "private_notes contains a carriage return (U+000D) not followed by a line feed at position 2.");
  });

  test("a group description is multi-line too", async () => {
    const w = app.newWorkspace();
    expect((await createGroup(w.api, { description: "Leads from the fair.\r\nOwner: Ada" })).description).toBe("Leads from the fair.\nOwner: Ada");
    expectFormat(await w.api.post("/v1/groups", { name: "x", description: "a\u0000" }), "/description");
  });
});

describe("CSV imports fold a quoted line break in a single-line field", () => {
  async function importCsv(w: TestWorkspace, csv: string) {
    const imp = await createCsvImport(w.api, csv);
    return afterJobs(app, w.api, `/v1/imports/${imp.id}`);
  }
  const person = async (w: TestWorkspace, email: string) => (await w.api.get(`/v1/people?email=${encodeURIComponent(email)}`)).body.data[0];

  test("the row is imported with the name folded to one line, and a warning for that row and column in the import and its error report", async () => {
    const w = app.newWorkspace();
    await createField(w.api, { key: "title", type: "text" });
    const csv = [
      "email,First Name,Last Name,title,notes",
      'ada@example.com,"Ada\r\nAugusta",Lovelace,"CEO\r\nBcc: x@evil.test","first line\r\nsecond line"',
      "bob@example.com,Bob,Smith,CTO,",
      "",
    ].join("\r\n");
    const done = await importCsv(w, csv);
    expect(done).toMatchObject({ status: "completed", counts: { created: 2, failed: 0 }, problem_count: 2 });
    const warning = "a line break in this single-line field was replaced by a space";
    expect(done.problems).toEqual([
      { row: 2, column: "First Name", code: "line_break_folded", detail: warning },
      { row: 2, column: "title", code: "line_break_folded", detail: warning },
    ]);
    expect(await person(w, "ada@example.com")).toMatchObject({
      given_name: "Ada Augusta",
      family_name: "Lovelace",
      custom_fields: { title: "CEO Bcc: x@evil.test" },
      private_notes: "first line\nsecond line", // multi-line: the line break stays (as LF)
    });
    const report = await w.api.get(`/v1/imports/${done.id}/errors`);
    expectOk(report);
    expect(report.text.trimEnd().split("\r\n")).toEqual(["row,column,code,detail", `2,First Name,line_break_folded,${warning}`, `2,title,line_break_folded,${warning}`]);
  });

  test("a row that updates a person folds the same way", async () => {
    const w = app.newWorkspace();
    await createPerson(w.api, { email: "zoe@example.com", given_name: "Zoe" });
    const done = await importCsv(w, 'email,company\nzoe@example.com,"Globex\nInc."\n');
    expect(done).toMatchObject({ counts: { updated: 1, failed: 0 }, problem_count: 1, problems: [{ row: 2, column: "company", code: "line_break_folded" }] });
    expect((await person(w, "zoe@example.com")).company).toBe("Globex Inc.");
  });

  test("an address with a quoted line break is not folded: the row fails with the character named", async () => {
    const w = app.newWorkspace();
    const done = await importCsv(w, 'email,first name\n"ada@exa\nmple.com",Ada\nbob@example.com,Bob\n');
    expect(done).toMatchObject({ counts: { created: 1, failed: 1 }, problem_count: 1 });
    expect(done.problems[0]).toMatchObject({ row: 2, column: "email", code: "format" });
    expect(done.problems[0].detail).toContain("contains a line break (U+000A line feed) at position 8");
  });

  test("a folded value that still fails its field reports the fold with the failure", async () => {
    const w = app.newWorkspace();
    await createField(w.api, { key: "plan", type: "enum", options: ["Gold"] });
    const done = await importCsv(w, 'email,plan\nada@example.com,"Gold\nPlus"\n');
    expect(done.counts).toMatchObject({ created: 0, failed: 1 });
    expect(done.problems.map((p: any) => [p.row, p.column, p.code])).toEqual([
      [2, "plan", "line_break_folded"],
      [2, "plan", "invalid"],
    ]);
  });

  test("other control characters in a CSV cell still fail their row, named", async () => {
    const w = app.newWorkspace();
    const done = await importCsv(w, "email,first name\nada@example.com,Ada\u001b[31m\nbob@example.com,Bob\n");
    expect(done.counts).toMatchObject({ created: 1, failed: 1 });
    expect(done.problems).toEqual([{ row: 2, column: "first name", code: "format", detail: "given_name contains a control character (U+001B escape) at position 4." }]);
  });

  test("a JSON import refuses a line break in a name with a precise pointer, as the API does", async () => {
    const w = app.newWorkspace();
    const r = await w.api.post("/v1/imports", { people: [{ email: uniqueEmail() }, { email: uniqueEmail(), given_name: "Ada\r\nAugusta" }] });
    expectFormat(r, "/people/1/given_name", "given_name contains a line break (U+000D carriage return) at position 4.");
  });
});

describe("the services refuse what the schemas refuse (imports, the CLI and later callers)", () => {
  const refused = (fn: () => unknown, pointer: string) => {
    try {
      fn();
    } catch (err) {
      expect(err).toBeInstanceOf(DomainError);
      expect((err as DomainError).errors?.map((e) => [e.pointer, e.code])).toEqual([[pointer, "format"]]);
      return;
    }
    throw new Error(`not refused: ${pointer}`);
  };

  test("groups, segments, fields, quota scopes, webhook endpoints, workspaces", async () => {
    const w = app.newWorkspace();
    const ctx = app.ctx;
    refused(() => createGroupIn(ctx, { workspaceId: w.id, name: "Leads\r\nX" }), "/name");
    refused(() => createGroupIn(ctx, { workspaceId: w.id, name: "Leads", description: "a\u0000" }), "/description");
    const g = createGroupIn(ctx, { workspaceId: w.id, name: "Leads" });
    refused(() => updateGroupIn(ctx, { workspaceId: w.id, id: g.id, name: "\u001bLeads" }), "/name");
    const everyone = { field: "email", op: "contains", value: "@" };
    refused(() => createSegmentIn(ctx, { workspaceId: w.id, name: "Hot\u0000", filter: everyone }), "/name");
    const s = await createSegmentIn(ctx, { workspaceId: w.id, name: "Hot", filter: everyone });
    refused(() => updateSegmentIn(ctx, { workspaceId: w.id, id: s.id, name: "Hot\r\nX" }), "/name");
    refused(() => createFieldIn(ctx, { workspaceId: w.id, key: "a", label: "A\nB", type: "text" }), "/label");
    refused(() => createFieldIn(ctx, { workspaceId: w.id, key: "b", label: "B", type: "enum", options: ["x\r\ny"] }), "/options/0");
    refused(() => createQuotaScope(ctx, { workspaceId: w.id, provider: "smtp", scopeKey: "relay\n", limits: {} as never }), "/scope_key");
    await expect(createEndpoint(ctx, { workspaceId: w.id, url: HOOK, description: "a\r\nb" })).rejects.toMatchObject({ errors: [{ pointer: "/description", code: "format" }] });
    expect(() => createWorkspace(ctx, { name: "Acme\r\nBcc: x@evil.test" })).toThrow("name contains a line break (U+000D carriage return) at position 5");
  });
});

test("every text field of every API B request (body and query) takes a format, a pattern or a closed list", () => {
  // Allowed exceptions: the opaque cursor (MAC-checked, any change is refused) and
  // preflight's emails, which exist to report what is wrong with each address
  // (the same address rule, answered per address as reason control_character).
  const exempt = (where: string) => where === "POST /v1/preflight body/emails/items" || (where.startsWith("GET ") && where.endsWith(" query/cursor"));
  const free: string[] = [];
  const walk = (s: any, where: string) => {
    if (!s || typeof s !== "object") return;
    if (s.type === "string" && s.format === undefined && s.pattern === undefined && s.const === undefined && s.enum === undefined) free.push(where);
    for (const [k, v] of Object.entries(s)) if (v && typeof v === "object") walk(v, `${where}/${k}`);
  };
  for (const r of createApp(app.ctx).app.routes as any[]) {
    if (!String(r.path).startsWith("/v1/") || String(r.path).includes("/verify")) continue; // API A has its own contract
    walk(r.hooks?.body, `${r.method} ${r.path} body`);
    walk(r.hooks?.query, `${r.method} ${r.path} query`);
  }
  const named = free.map((w) => w.replace(/\/(properties|anyOf\/\d+)/g, ""));
  expect(named.length).toBeGreaterThan(10); // the walk reaches the schemas: every list's cursor at least
  expect(named.filter((w) => !exempt(w))).toEqual([]);
});
