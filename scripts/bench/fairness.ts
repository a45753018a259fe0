// bench:fairness — one tenant's heavy work must not freeze the others. A
// workspace with 1,000,000 people runs 20 parallel segment counts (filters that
// read every person), an export of all its people and a 100,000-row CSV import,
// while another workspace's point reads and /healthz are timed by a probe in a
// process of its own (fairness-probe.ts). Goal: the light tenant's p99 ≤ 100 ms.
//   BENCH_PEOPLE (1000000)  BENCH_IMPORT_ROWS (100000)  BENCH_RECORD (1)
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/config";
import { createContext } from "../../src/context";
import { newId } from "../../src/lib/ids";
import { silentLogger } from "../../src/lib/log";
import { createField } from "../../src/modules/audience/fields";
import { createSegment } from "../../src/modules/audience/segments";
import { createWorkspace } from "../../src/modules/workspaces/workspaces";
import { generatePeopleCsv } from "./csv-data";
import { appendSection, freePort, waitHttp } from "./lib";

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 1_000_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const PROBE_EVERY_MS = 10; // the light tenant: 100 reads and 100 health checks a second
const root = new URL("../..", import.meta.url).pathname;

// ---- seed: the heavy workspace's people with raw statements (the bench measures the load, not the seeding)
const dataDir = mkdtempSync(join(tmpdir(), "nearbound-bench-fairness-"));
const ctx = createContext(loadConfig({ "data-dir": dataDir }), { log: silentLogger });
const heavy = createWorkspace(ctx, { name: "heavy" });
const light = createWorkspace(ctx, { name: "light" });
for (const ws of [heavy.workspace.id]) {
  createField(ctx, { workspaceId: ws, key: "plan", label: "Plan", type: "enum", options: ["free", "starter", "growth", "enterprise"] });
  createField(ctx, { workspaceId: ws, key: "seats", label: "Seats", type: "number" });
  createField(ctx, { workspaceId: ws, key: "signup_date", label: "Signup date", type: "date" });
}
const seedStart = performance.now();
const sqlite = ctx.db.$client;
const insert = sqlite.prepare(
  "INSERT INTO people (id, workspace_id, email, email_key, email_domain, given_name, family_name, company, custom_fields, source, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'csv_import', 'active', ?, ?)",
);
const companies = ["Acme", "Globex", "Initech", "Umbrella", "Stark", "Wayne", "Tyrell", "Cyberdyne"];
const plans = ["free", "starter", "growth", "enterprise"];
const seed = (ws: string, n: number, label: string): string[] => {
  const ids: string[] = [];
  const t0 = Date.parse("2025-01-01T00:00:00Z");
  for (let start = 0; start < n; start += 50_000) {
    sqlite.transaction(() => {
      for (let i = start; i < Math.min(n, start + 50_000); i++) {
        const id = newId("per");
        ids.push(id);
        const domain = `${label}${i % 2000}.example`;
        const email = `p${i}@${domain}`;
        const at = t0 + i * 1000;
        insert.run(id, ws, email, email, domain, `Given${i % 977}`, `Family${i % 911}`, `${companies[i % companies.length]} ${i % 300}`, JSON.stringify({ plan: plans[i % 4], seats: i % 500 }), at, at);
      }
    })();
  }
  return ids;
};
seed(heavy.workspace.id, PEOPLE, "heavy");
const lightIds = seed(light.workspace.id, 2000, "light");
// filters no index answers: each count reads every person of the workspace
const segments = await Promise.all(
  [
    { all: [{ field: "company", op: "contains", value: "acme 7" }, { field: "custom.seats", op: "gte", value: 490 }] },
    { any: [{ field: "given_name", op: "starts_with", value: "given99" }, { field: "custom.plan", op: "eq", value: "enterprise" }] },
    { not: { field: "email_domain", op: "contains", value: "heavy1" } },
  ].map((filter, i) => createSegment(ctx, { workspaceId: heavy.workspace.id, name: `Heavy ${i}`, filter })),
);
sqlite.exec("ANALYZE; PRAGMA wal_checkpoint(TRUNCATE)");
await ctx.readers.stop();
ctx.db.$client.close();
const csv = generatePeopleCsv(IMPORT_ROWS);
const idsFile = join(dataDir, "light.ids");
writeFileSync(idsFile, lightIds.join("\n"));
console.log(`seeded ${PEOPLE} people in ${((performance.now() - seedStart) / 1000).toFixed(1)} s; CSV ${(csv.byteLength / 2 ** 20).toFixed(1)} MiB`);

// ---- the server, as an operator runs it
const port = await freePort();
const server = Bun.spawn([process.execPath, join(root, "src/main.ts"), "serve", "--data-dir", dataDir, "--port", String(port)], {
  stdout: "ignore",
  stderr: "inherit",
  env: { ...process.env, NEARBOUND_RATE_LIMIT_PER_SECOND: "100000000", NEARBOUND_RATE_LIMIT_BURST: "100000000", NEARBOUND_SMTP_PORT: "0" },
});
const base = `http://127.0.0.1:${port}`;
const heavyAuth = { authorization: `Bearer ${heavy.apiKey}` };

/** The light tenant's latencies over `ms`, measured by the probe process. */
async function probe(ms: number): Promise<{ healthz: number[]; reads: number[] }> {
  const p = Bun.spawn([process.execPath, join(root, "scripts/bench/fairness-probe.ts"), base, light.apiKey, idsFile, String(ms), String(PROBE_EVERY_MS)], { stdout: "pipe", stderr: "inherit" });
  const out = await new Response(p.stdout).text();
  if ((await p.exited) !== 0) throw new Error("the probe failed");
  return JSON.parse(out);
}

const pct = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};
const row = (name: string, xs: number[]) => `| ${name} | ${xs.length} | ${pct(xs, 0.5).toFixed(1)} | ${pct(xs, 0.99).toFixed(1)} | ${Math.max(...xs).toFixed(1)} |`;

try {
  await waitHttp(`${base}/healthz`);
  await fetch(`${base}/v1/people/${lightIds[0]}`, { headers: { authorization: `Bearer ${light.apiKey}` } });
  const quiet = await probe(5000);

  // ---- the heavy tenant's load, and the probe at the same time
  let loading = true;
  const counts: number[] = [];
  const counters = Array.from({ length: 20 }, async (_, i) => {
    while (loading) {
      const t0 = performance.now();
      const r = await fetch(`${base}/v1/segments/${segments[i % segments.length]!.id}`, { headers: heavyAuth });
      if (r.status !== 200) throw new Error(`segment count: ${r.status} ${await r.text()}`);
      await r.arrayBuffer();
      counts.push(performance.now() - t0);
    }
  });
  const loadStart = performance.now();
  const exp = (await (await fetch(`${base}/v1/exports`, { method: "POST", headers: { ...heavyAuth, "content-type": "application/json" }, body: JSON.stringify({ resource: "people", format: "csv" }) })).json()) as { id: string };
  const imp = (await (await fetch(`${base}/v1/imports`, { method: "POST", headers: { ...heavyAuth, "content-type": "text/csv" }, body: csv })).json()) as { id: string };
  const ended = { export: 0, import: 0 };
  const watch = (async () => {
    while (!ended.export || !ended.import) {
      await Bun.sleep(250);
      const e = (await (await fetch(`${base}/v1/exports/${exp.id}`, { headers: heavyAuth })).json()) as { status: string };
      const m = (await (await fetch(`${base}/v1/imports/${imp.id}`, { headers: heavyAuth })).json()) as { status: string };
      if (!ended.export && ["ready", "failed"].includes(e.status)) ended.export = performance.now() - loadStart;
      if (!ended.import && ["completed", "failed", "cancelled"].includes(m.status)) ended.import = performance.now() - loadStart;
    }
  })();
  const loaded = await probe(Number(process.env.BENCH_LOAD_MS ?? 30_000));
  await watch;
  loading = false;
  await Promise.all(counters);

  const lines = [
    "| light tenant's request | requests | p50 ms | p99 ms | max ms |",
    "|---|---|---|---|---|",
    row("GET /healthz, heavy tenant idle", quiet.healthz),
    row("GET /v1/people/{id}, heavy tenant idle", quiet.reads),
    row("GET /healthz, under the heavy load", loaded.healthz),
    row("GET /v1/people/{id}, under the heavy load", loaded.reads),
    "",
    `Heavy tenant meanwhile: ${counts.length} segment counts over ${PEOPLE.toLocaleString("en")} people (p50 ${pct(counts, 0.5).toFixed(0)} ms, p99 ${pct(counts, 0.99).toFixed(0)} ms), the export of every person ready after ${(ended.export / 1000).toFixed(1)} s, the ${IMPORT_ROWS.toLocaleString("en")}-row import completed after ${(ended.import / 1000).toFixed(1)} s.`,
    `Goal: the light tenant's p99 ≤ 100 ms under the load — ${Math.max(pct(loaded.healthz, 0.99), pct(loaded.reads, 0.99)) <= 100 ? "met" : "not met"}.`,
  ];
  console.log(lines.join("\n"));
  if (process.env.BENCH_RECORD !== "0") {
    appendSection(
      "Fairness (bench:fairness)",
      `One serve process (not pinned: its reader, checkpointer and import threads use both cores). A workspace of ${PEOPLE.toLocaleString("en")} people runs 20 parallel GET /v1/segments/{id} in a loop (three filters no index answers: every count reads every person), POST /v1/exports of all its people (CSV) and POST /v1/imports of a ${IMPORT_ROWS.toLocaleString("en")}-row CSV, while a probe process times another workspace's GET /healthz and GET /v1/people/{id} (random of 2,000), one of each every ${PROBE_EVERY_MS} ms, open loop.\n\n${lines.join("\n")}`,
    );
  }
} finally {
  server.kill();
  await server.exited;
  rmSync(dataDir, { recursive: true, force: true });
}
