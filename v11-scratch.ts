import { startTestApp } from "./test/helpers/app";
import { generatePeopleCsv } from "./scripts/bench/csv-data";
const app = await startTestApp();
const w = app.newWorkspace();
for (const [key, type, options] of [["plan", "enum", ["free", "pro", "enterprise"]], ["seats", "number"], ["signup_date", "date"]] as const) {
  const r = await w.api.post("/v1/fields", { key, label: key, type, ...(options ? { options } : {}) });
  if (r.status !== 201) console.log(r.text);
}
const csv = generatePeopleCsv(100_000);
const r = await w.api.post("/v1/imports", csv, { "content-type": "text/csv" });
console.log(r.status);
const t = performance.now();
await app.running.runner.drain();
console.log("job ms", performance.now() - t);
console.log((await w.api.get(`/v1/imports/${r.body.id}`)).body.counts ?? (await w.api.get(`/v1/imports/${r.body.id}`)).text.slice(0, 300));
await app.close();
