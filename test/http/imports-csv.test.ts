// CSV torture cases through the whole path: upload, job, people, problems.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestApp, type TestApp, type TestWorkspace } from "../helpers/app";
import { expectOk, type Api } from "../helpers/http";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
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
  const r = await w.api.post("/v1/imports", csv, { "content-type": "text/csv; charset=utf-8" });
  expectOk(r, 202);
  await app.running.runner.drain();
  return (await w.api.get(`/v1/imports/${r.body.id}`)).body;
}

async function person(api: Api, email: string) {
  return (await api.get(`/v1/people?email=${encodeURIComponent(email)}`)).body.data[0];
}

const codes = (imp: any) => imp.problems.map((p: any) => [p.row, p.column, p.code]);

describe("CSV torture cases", () => {
  test("UTF-8 BOM, CRLF, quoted fields with commas, doubled quotes and newlines, non-ASCII text", async () => {
    const w = app.newWorkspace();
    const csv = '\uFEFF"Email Address","First Name","Last Name",Company,Notes\r\n' + 'zoe@example.com,Zoë,"O\'Brien","Globex, Inc.","said ""maybe""\r\nthen, on a new line: yes"\r\n' + "ümit@bücher.example,Ümit,Çelik,,\r\n";
    const done = await importCsv(w, csv);
    expect(done).toMatchObject({ status: "completed", counts: { created: 2, failed: 0 }, problem_count: 0 });
    expect(await person(w.api, "zoe@example.com")).toMatchObject({ given_name: "Zoë", family_name: "O'Brien", company: "Globex, Inc.", private_notes: 'said "maybe"\r\nthen, on a new line: yes' });
    expect(await person(w.api, "ümit@xn--bcher-kva.example")).toMatchObject({ given_name: "Ümit", family_name: "Çelik", email_domain: "xn--bcher-kva.example" });
  });

  test("empty lines are skipped and not counted; row numbers count records", async () => {
    const w = app.newWorkspace();
    const done = await importCsv(w, "email\n\n\na@example.com\r\n\r\n\nnot-an-address\n\n");
    expect(done.counts).toMatchObject({ created: 1, failed: 1 });
    expect(codes(done)).toEqual([[3, "email", "format"]]);
  });

  test("ragged rows fail alone; a trailing empty field is tolerated", async () => {
    const w = app.newWorkspace();
    const done = await importCsv(w, "email,first name,last name\nshort@example.com,Sam\nlong@example.com,Lou,Lee,extra\ntrail@example.com,Tia,Tam,\nfine@example.com,Fay,Fox\n");
    expect(done.counts).toMatchObject({ created: 2, failed: 2 });
    expect(codes(done)).toEqual([
      [2, null, "ragged_row"],
      [3, null, "ragged_row"],
    ]);
    expect(done.problems[0].detail).toBe("the record has 2 fields; the header has 3");
    expect(await person(w.api, "trail@example.com")).toMatchObject({ family_name: "Tam" });
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

  test("a 1 MiB field: fine in an ignored column, too long for notes; over 2 MiB a field fails its row", async () => {
    const w = app.newWorkspace();
    const mib = "x".repeat(1024 * 1024);
    const huge = "y".repeat(3 * 1024 * 1024);
    const csv = `email,blob,notes\nbig@example.com,"${mib}",ok\nnotes@example.com,,"${mib}"\nhuge@example.com,${huge},\nlast@example.com,,done\n`;
    const done = await importCsv(w, csv);
    expect(done.counts).toMatchObject({ created: 2, failed: 2 });
    expect(codes(done)).toEqual([
      [1, "blob", "unknown_column"],
      [3, "notes", "length"],
      [4, null, "field_too_large"],
    ]);
    expect(await person(w.api, "big@example.com")).toMatchObject({ private_notes: "ok" });
    expect(await person(w.api, "last@example.com")).toMatchObject({ private_notes: "done" });
  });

  test("a quote left open at the end of the file is reported as malformed", async () => {
    const w = app.newWorkspace();
    const done = await importCsv(w, 'email,notes\nok@example.com,fine\nopen@example.com,"never closed\n');
    expect(done.counts).toMatchObject({ created: 1, failed: 1 });
    expect(codes(done)).toEqual([[3, null, "malformed"]]);
  });

  test("LF without CR, no final newline, and a repeated column (the first wins)", async () => {
    const w = app.newWorkspace();
    const done = await importCsv(w, "E-mail,first_name,FirstName\nmia@example.com,Mia,Maria");
    expect(done.counts).toMatchObject({ created: 1, failed: 0 });
    expect(codes(done)).toEqual([[1, "FirstName", "duplicate_column"]]);
    expect(await person(w.api, "mia@example.com")).toMatchObject({ given_name: "Mia" });
  });

  test("custom fields by key or custom.<key>, typed from text; empty cells keep stored values", async () => {
    const w = app.newWorkspace();
    for (const f of [
      { key: "plan", label: "Plan", type: "enum", options: ["free", "pro"] },
      { key: "seats", label: "Seats", type: "number" },
      { key: "trial", label: "Trial", type: "boolean" },
      { key: "signup_date", label: "Signup", type: "date" },
      { key: "company", label: "Company (custom)", type: "text" },
    ]) {
      expectOk(await w.api.post("/v1/fields", f), 201);
    }
    const first = await importCsv(w, "email,Plan,SEATS,trial,signup date,company,custom.company\nkai@example.com,pro, 12 ,yes,2024-02-29,Acme,shadowed\n");
    expect(first.counts).toMatchObject({ created: 1, failed: 0 });
    expect(await person(w.api, "kai@example.com")).toMatchObject({ company: "Acme", custom_fields: { plan: "pro", seats: 12, trial: true, signup_date: "2024-02-29", company: "shadowed" } });
    const second = await importCsv(w, "email,plan,seats,trial,signup_date\nkai@example.com,,,no,\nkai@example.com,gold,,,2023-02-29\n");
    expect(second.counts).toMatchObject({ updated: 1, failed: 1 });
    expect(codes(second)).toEqual([
      [3, "plan", "invalid"],
      [3, "signup_date", "format"],
    ]);
    expect((await person(w.api, "kai@example.com")).custom_fields).toEqual({ plan: "pro", seats: 12, trial: false, signup_date: "2024-02-29", company: "shadowed" });
  });
});
