// CSV torture cases through the whole path: upload, job, people, problems.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { startTestApp, type TestApp, type TestWorkspace } from "../helpers/app";
import { afterJobs, createCsvImport, createField } from "../helpers/factory";
import type { Api } from "../helpers/http";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterEach(() => app.running.runner.drain());
afterAll(() => app.close());

const enc = new TextEncoder();
const concat = (...parts: (string | Uint8Array)[]) => {
  const bufs = parts.map((p) => (typeof p === "string" ? enc.encode(p) : p));
  const out = new Uint8Array(bufs.reduce((n, b) => n + b.length, 0));
  let o = 0;
  for (const b of bufs) {
    out.set(b, o);
    o += b.length;
  }
  return out;
};

async function importCsv(w: TestWorkspace, csv: string | Uint8Array) {
  const imp = await createCsvImport(w.api, csv, { headers: { "content-type": "text/csv; charset=utf-8" } });
  return afterJobs(app, w.api, `/v1/imports/${imp.id}`);
}

async function person(api: Api, email: string) {
  return (await api.get(`/v1/people?email=${encodeURIComponent(email)}`)).body.data[0];
}

const codes = (imp: any) => imp.problems.map((p: any) => [p.row, p.column, p.code]);

describe("quoting and encoding", () => {
  // a UTF-8 BOM before quoted headers, CRLF line ends
  const FILE =
    '\uFEFF"Email Address","First Name","Last Name",Company,Notes\r\n' + 'zoe@example.com,Zoë,"O\'Brien","Globex, Inc.","said ""maybe""\r\nthen, on a new line: yes"\r\n' + "ümit@bücher.example,Ümit,Çelik,,\r\n";

  test("a file with a UTF-8 BOM and CRLF line ends imports every row", async () => {
    const w = app.newWorkspace();
    const done = await importCsv(w, FILE);
    expect(done).toMatchObject({ status: "completed", counts: { created: 2, failed: 0 }, problem_count: 0 });
  });

  test("quoted fields keep their commas, doubled quotes and line breaks (notes are multi-line: CRLF is stored as LF)", async () => {
    const w = app.newWorkspace();
    await importCsv(w, FILE);
    expect(await person(w.api, "zoe@example.com")).toMatchObject({ given_name: "Zoë", family_name: "O'Brien", company: "Globex, Inc.", private_notes: 'said "maybe"\nthen, on a new line: yes' });
  });

  test("non-ASCII text is kept; the address's domain becomes IDNA", async () => {
    const w = app.newWorkspace();
    await importCsv(w, FILE);
    expect(await person(w.api, "ümit@xn--bcher-kva.example")).toMatchObject({ given_name: "Ümit", family_name: "Çelik", email_domain: "xn--bcher-kva.example" });
  });

  test("invalid UTF-8 fails its row only, with invalid_utf8", async () => {
    const w = app.newWorkspace();
    const csv = concat("email,first name\r\nbefore@example.com,Ann\r\nbroken@example.com,B", new Uint8Array([0xc3, 0x28, 0xff]), "b\r\nafter@example.com,Cy\r\n");
    const done = await importCsv(w, csv);
    expect(done.counts).toMatchObject({ created: 2, failed: 1 });
    expect(codes(done)).toEqual([[3, null, "invalid_utf8"]]);
    expect(await person(w.api, "broken@example.com")).toBeUndefined();
    expect(await person(w.api, "after@example.com")).toMatchObject({ given_name: "Cy" });
  });

  test("a quote left open at the end of the file is reported as malformed", async () => {
    const w = app.newWorkspace();
    const done = await importCsv(w, 'email,notes\nok@example.com,fine\nopen@example.com,"never closed\n');
    expect(done.counts).toMatchObject({ created: 1, failed: 1 });
    expect(codes(done)).toEqual([[3, null, "malformed"]]);
  });
});

describe("records", () => {
  test("empty lines are skipped and not counted; row numbers count records", async () => {
    const w = app.newWorkspace();
    const done = await importCsv(w, "email\n\n\na@example.com\r\n\r\n\nnot-an-address\n\n");
    expect(done.counts).toMatchObject({ created: 1, failed: 1 });
    expect(codes(done)).toEqual([[3, "email", "format"]]);
  });

  const RAGGED = "email,first name,last name\nshort@example.com,Sam\nlong@example.com,Lou,Lee,extra\ntrail@example.com,Tia,Tam,\nfine@example.com,Fay,Fox\n";

  test("a row with fewer or more fields than the header fails alone", async () => {
    const w = app.newWorkspace();
    const done = await importCsv(w, RAGGED);
    expect(done.counts).toMatchObject({ created: 2, failed: 2 });
    expect(codes(done)).toEqual([
      [2, null, "ragged_row"],
      [3, null, "ragged_row"],
    ]);
    expect(done.problems[0].detail).toBe("the record has 2 fields; the header has 3");
  });

  test("a trailing empty field is tolerated", async () => {
    const w = app.newWorkspace();
    await importCsv(w, RAGGED);
    expect(await person(w.api, "trail@example.com")).toMatchObject({ family_name: "Tam" });
  });

  const LF_ONLY = "E-mail,first_name,FirstName\nmia@example.com,Mia,Maria";

  test("LF line ends without a final newline are read", async () => {
    const w = app.newWorkspace();
    expect((await importCsv(w, LF_ONLY)).counts).toMatchObject({ created: 1, failed: 0 });
  });

  test("a repeated column is reported; the first one wins", async () => {
    const w = app.newWorkspace();
    const done = await importCsv(w, LF_ONLY);
    expect(codes(done)).toEqual([[1, "FirstName", "duplicate_column"]]);
    expect(await person(w.api, "mia@example.com")).toMatchObject({ given_name: "Mia" });
  });
});

describe("large fields", () => {
  const mib = "x".repeat(1024 * 1024);

  test("a 1 MiB field in an ignored column is fine", async () => {
    const w = app.newWorkspace();
    const done = await importCsv(w, `email,blob,notes\nbig@example.com,"${mib}",ok\n`);
    expect(done.counts).toMatchObject({ created: 1, failed: 0 });
    expect(codes(done)).toEqual([[1, "blob", "unknown_column"]]);
    expect(await person(w.api, "big@example.com")).toMatchObject({ private_notes: "ok" });
  });

  test("a 1 MiB note is too long: its row fails with length", async () => {
    const w = app.newWorkspace();
    const done = await importCsv(w, `email,blob,notes\nnotes@example.com,,"${mib}"\nlast@example.com,,done\n`);
    expect(done.counts).toMatchObject({ created: 1, failed: 1 });
    expect(codes(done)).toEqual([
      [1, "blob", "unknown_column"],
      [2, "notes", "length"],
    ]);
  });

  test("a field over 2 MiB fails its row; the rows after it are read", async () => {
    const w = app.newWorkspace();
    const huge = "y".repeat(3 * 1024 * 1024);
    const done = await importCsv(w, `email,blob,notes\nbig@example.com,"${mib}",ok\nhuge@example.com,${huge},\nlast@example.com,,done\n`);
    expect(done.counts).toMatchObject({ created: 2, failed: 1 });
    expect(codes(done)).toEqual([
      [1, "blob", "unknown_column"],
      [3, null, "field_too_large"],
    ]);
    expect(await person(w.api, "last@example.com")).toMatchObject({ private_notes: "done" });
  });
});

describe("custom fields", () => {
  /** Plan, seats, trial, signup date and a custom field shadowed by the standard company; Kai imported with every one. */
  async function kai(w: TestWorkspace) {
    await createField(w.api, { key: "plan", label: "Plan", type: "enum", options: ["free", "pro"] });
    await createField(w.api, { key: "seats", label: "Seats", type: "number" });
    await createField(w.api, { key: "trial", label: "Trial", type: "boolean" });
    await createField(w.api, { key: "signup_date", label: "Signup", type: "date" });
    await createField(w.api, { key: "company", label: "Company (custom)", type: "text" });
    return importCsv(w, "email,Plan,SEATS,trial,signup date,company,custom.company\nkai@example.com,pro, 12 ,yes,2024-02-29,Acme,shadowed\n");
  }
  const UPDATE = "email,plan,seats,trial,signup_date\nkai@example.com,,,no,\nkai@example.com,gold,,,2023-02-29\n";

  test("columns name custom fields by key (any case or spacing) or custom.<key>, and are typed from text", async () => {
    const w = app.newWorkspace();
    const first = await kai(w);
    expect(first.counts).toMatchObject({ created: 1, failed: 0 });
    expect(await person(w.api, "kai@example.com")).toMatchObject({ company: "Acme", custom_fields: { plan: "pro", seats: 12, trial: true, signup_date: "2024-02-29", company: "shadowed" } });
  });

  test("an option not in the enum and an impossible date fail the row, each named", async () => {
    const w = app.newWorkspace();
    await kai(w);
    const second = await importCsv(w, UPDATE);
    expect(second.counts).toMatchObject({ updated: 1, failed: 1 });
    expect(codes(second)).toEqual([
      [3, "plan", "invalid"],
      [3, "signup_date", "format"],
    ]);
  });

  test("empty cells keep the stored custom values", async () => {
    const w = app.newWorkspace();
    await kai(w);
    await importCsv(w, UPDATE);
    expect((await person(w.api, "kai@example.com")).custom_fields).toEqual({ plan: "pro", seats: 12, trial: false, signup_date: "2024-02-29", company: "shadowed" });
  });
});
