// A 100,000-row CSV (~16 MiB, 10 columns, 3 custom fields) through the API:
// correctness only — counts and sampled people checked against an independent
// parser. Speed and memory are measured by scripts/bench/import.ts.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { parse } from "csv-parse/sync";
import { generatePeopleCsv } from "../../scripts/bench/csv-data";
import { startTestApp, type TestApp } from "../helpers/app";
import { afterJobs, createCsvImport, createField } from "../helpers/factory";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const ROWS = 100_000;

describe("a 100,000-row CSV import", () => {
  test("creates every person with the file's values", async () => {
    const w = app.newWorkspace();
    await createField(w.api, { key: "plan", label: "Plan", type: "enum", options: ["free", "starter", "growth", "enterprise"] });
    await createField(w.api, { key: "seats", label: "Seats", type: "number" });
    await createField(w.api, { key: "signup_date", label: "Signup date", type: "date" });
    const csv = generatePeopleCsv(ROWS);
    expect(csv.length).toBeLessThanOrEqual(16 * 1024 * 1024);

    const imp = await createCsvImport(w.api, csv);
    const done = await afterJobs(app, w.api, `/v1/imports/${imp.id}`);
    expect(done).toMatchObject({ status: "completed", bytes: csv.length, counts: { created: ROWS, updated: 0, skipped: 0, failed: 0, suppressed: 0 }, problem_count: 0 });
    const total = await w.api.get(`/v1/people?import_id=${imp.id}&include=total_count&limit=1`);
    expect(total.body.meta).toMatchObject({ total_count: 10_000, total_count_capped: true });
    const n = app.ctx.db.$client.query<{ n: number }, [string, string]>("SELECT count(*) AS n FROM people WHERE workspace_id = ? AND import_id = ?").get(w.id, imp.id)!.n;
    expect(n).toBe(ROWS);

    const records: Record<string, string>[] = parse(Buffer.from(csv), { columns: true, bom: true });
    expect(records).toHaveLength(ROWS);
    for (const i of [0, 1, 10, 4_321, 50_000, 77_770, ROWS - 1]) {
      const rec = records[i]!;
      const p = (await w.api.get(`/v1/people?email=${encodeURIComponent(rec.email!)}`)).body.data[0];
      expect(p).toMatchObject({
        email: rec.email,
        given_name: rec["first name"],
        family_name: rec["last name"],
        company: rec.company,
        telephone: rec.phone!.replaceAll(" ", ""),
        timezone: rec.timezone,
        private_notes: rec.notes!.trim(),
        custom_fields: { plan: rec.plan, seats: Number(rec.seats), signup_date: rec.signup_date },
        source: "csv_import",
        import_id: imp.id,
      });
    }
  }, 120_000);
});
