// bench:campaign — one campaign of 3 steps over 100,000 people from a segment,
// 50 sender identities (each its own paced mailbox), a test-mode workspace
// (the fake transport), the fake clock advanced a minute at a time across 3
// days. Measured through the API: the enrollment.add job (goal ≤ 5 s) and the
// forecast of the whole campaign (goal ≤ 2 s); then every scheduler tick over
// the 100,000 live enrollments (goal ≤ 200 ms each), beside a ceiling
// measured in the same run: the tick's own due read and a bare prepared
// INSERT of as many message rows, nothing planned or rendered.
// Run: bun scripts/bench/campaign.ts  (BENCH_PEOPLE, BENCH_DAYS to scale)
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/config";
import { createAppContext } from "../../src/app-context";
import { JobRunner } from "../../src/jobs/runner";
import { FakeClock } from "../../src/lib/clock";
import { newId } from "../../src/lib/ids";
import { silentLogger } from "../../src/lib/log";
import { createSegment } from "../../src/modules/audience/segments";
import { BATCH, DUE_SQL, tickCampaign } from "../../src/modules/campaigns/scheduler";
import { createWorkspace } from "../../src/modules/workspaces/workspaces";
import { sendDue } from "../../src/mta/worker";
import { Runtime, services } from "../../src/runtime";
import { HttpServer } from "../../src/server";
import { appendSection, machine, median } from "./lib";

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 100_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 3);
const IDENTITIES = 50;
const MINUTE = 60_000;

const dataDir = mkdtempSync(join(tmpdir(), "nearbound-bench-campaign-"));
// Monday 07:00 UTC: the window (Mon-Fri 08:00-18:00 Europe/Berlin) opens in an hour
const clock = new FakeClock(Date.parse("2026-11-23T07:00:00Z"));
const ctx = createAppContext(
  loadConfig({ "data-dir": dataDir, port: "0" }, { NEARBOUND_RATE_LIMIT_PER_SECOND: "100000000", NEARBOUND_RATE_LIMIT_BURST: "100000000", NEARBOUND_SMTP_PORT: "0" }),
  { log: silentLogger, clock },
);
const w = createWorkspace(ctx, { name: "bench" });
const ws = w.testWorkspace.id;
const sqlite = ctx.db.$client;

// seed with raw statements: the bench measures enrolling, planning and sending, not seeding
const ZONES = ["Europe/Berlin", "Europe/London", "America/New_York", "Asia/Tokyo", null];
const FIRST = ["Ada", "Grace", "Amara", "Lin", "Mateo", "Noor", "Kofi", "Ines", "Sven", "Priya"];
const now = clock.now();
const insertPerson = sqlite.prepare(
  "INSERT INTO people (id, workspace_id, email, email_key, email_domain, given_name, family_name, company, timezone, source, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'api', 'active', ?, ?)",
);
sqlite.transaction(() => {
  for (let i = 0; i < PEOPLE; i++) {
    const domain = `c${Math.floor(Math.random() * 20_000)}.example`;
    const email = `${FIRST[i % FIRST.length]!.toLowerCase()}.${i}@${domain}`;
    insertPerson.run(newId("per"), ws, email, email, domain, FIRST[i % FIRST.length]!, `Family${i}`, `Company ${i % 5000}`, ZONES[i % ZONES.length] ?? null, now, now);
  }
})();
const identityIds: string[] = [];
const insertConnection = sqlite.prepare("INSERT INTO connections (id, workspace_id, kind, name, status, pacing, created_at, updated_at) VALUES (?, ?, 'smtp', ?, 'active', ?, ?, ?)");
const insertIdentity = sqlite.prepare(
  "INSERT INTO sender_identities (id, workspace_id, connection_id, email, email_key, domain, name, tags, enabled, position, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, '[]', 1, 0, ?, ?)",
);
for (let i = 0; i < IDENTITIES; i++) {
  const cnx = newId("cnx");
  const sid = newId("sid");
  const email = `sdr${i}@outreach${i % 10}.example`;
  insertConnection.run(cnx, ws, `Mailbox ${i}`, JSON.stringify({ minGapSeconds: 5, maxGapSeconds: 15, dailyCap: 2_500 }), now, now);
  insertIdentity.run(sid, ws, cnx, email, email, email.split("@")[1]!, `SDR ${i}`, now, now);
  identityIds.push(sid);
}
sqlite.exec("ANALYZE; PRAGMA wal_checkpoint(TRUNCATE)");
const segment = await createSegment(ctx, { workspaceId: ws, name: "Everyone active", filter: { all: [{ field: "status", op: "eq", value: "active" }] } });

const runtime = await new Runtime(services(ctx, { port: 0, logRequests: false })).start(["db", "http"]);
const url = runtime.get(HttpServer).url;
const runner = runtime.get(JobRunner);
const api = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${url}${path}`, { method, headers: { authorization: `Bearer ${w.testApiKey}`, "content-type": "application/json", ...headers }, body: body === undefined ? undefined : JSON.stringify(body) }).then(async (r) => {
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return r.json() as Promise<any>;
  });

const variant = (subject: string, n: number) => ({
  subject,
  html: `<html><body><p>Hi {{ first_name | default: "there" }},</p><p>{Quick|Short} note ${n} about {{ company }}: ${"we help teams like yours ship outreach that lands. ".repeat(20)}</p><p>{Best|Cheers},<br>{{ sender.name }}</p></body></html>`,
  text: `Hi {{ first_name | default: "there" }},\n\n{Quick|Short} note ${n} about {{ company }}: ${"we help teams like yours ship outreach that lands. ".repeat(10)}\n\n{Best|Cheers},\n{{ sender.name }}`,
});
const campaign = await api("POST", "/v1/campaigns", {
  name: "Q1 founders",
  schedule: { send_window: { days: [1, 2, 3, 4, 5], start: "08:00", end: "18:00" }, timezone: "Europe/Berlin", timezone_source: "campaign" },
  senders: { identity_ids: identityIds },
  steps: [
    { name: "Intro", variants: [variant("{Quick|Short} question, {{ first_name }}", 1), variant("{{ company }} and outreach", 2)] },
    { name: "Bump", delay_seconds: 86_400, same_thread: true, variants: [variant("Re", 3)] },
    { name: "Break-up", delay_seconds: 86_400, variants: [variant("Closing the loop, {{ first_name }}", 4)] },
  ],
});

// 1. the enrollment job, through the API
let t0 = performance.now();
const job = await api("POST", "/v1/enrollments", { campaign_id: campaign.id, segment_id: segment.id }, { "idempotency-key": crypto.randomUUID() });
await runner.drain();
const enrollMs = performance.now() - t0;
const finished = await api("GET", `/v1/jobs/${job.id}`);
if (finished.state !== "completed" || finished.result.enrolled !== PEOPLE) throw new Error(`enrollment job: ${JSON.stringify(finished)}`);

// 2. the forecast of the whole campaign, through the API (as if started now)
t0 = performance.now();
const forecast = await api("POST", `/v1/campaigns/${campaign.id}/forecast`, { limit: 0 });
const forecastMs = performance.now() - t0;

// 3. start it, then every tick across the days (the MTA sends what is due each minute)
await api("POST", `/v1/campaigns/${campaign.id}/start`, {});
await runner.drain();
const ticks: { ms: number; made: number }[] = [];
let sendMs = 0;
const started = performance.now();
const end = clock.now() + DAYS * 24 * 60 * MINUTE;
while (clock.now() < end) {
  for (;;) {
    const t = performance.now();
    const r = await tickCampaign(ctx, ws, campaign.id);
    ticks.push({ ms: performance.now() - t, made: r.made });
    if (!r.more) break;
  }
  const s = performance.now();
  await sendDue(ctx);
  sendMs += performance.now() - s;
  clock.advance(MINUTE);
}
const simMs = performance.now() - started;
const count = (sql: string) => (sqlite.prepare(sql).get(campaign.id) as { n: number }).n;
const sent = count("SELECT count(*) AS n FROM messages WHERE campaign_id = ?1 AND status = 'sent'");
const live = count("SELECT count(*) AS n FROM enrollments WHERE campaign_id = ?1 AND status IN ('active', 'paused')");

// the ceiling: the tick's due read and a bare prepared insert of one batch of message rows
const ceil: number[] = [];
sqlite.exec("CREATE TABLE bench_messages (id TEXT PRIMARY KEY, workspace_id TEXT, subject TEXT, html TEXT, text TEXT, created_at INTEGER)");
const bare = sqlite.prepare("INSERT INTO bench_messages (id, workspace_id, subject, html, text, created_at) VALUES (?, ?, ?, ?, ?, ?)");
const html = "x".repeat(2_000);
for (let i = 0; i < 50; i++) {
  const t = performance.now();
  sqlite.prepare(DUE_SQL).all(campaign.id, clock.now() + 365 * 86_400_000, BATCH);
  sqlite.transaction(() => {
    for (let j = 0; j < BATCH; j++) bare.run(newId("msg"), ws, "Quick question", html, html, clock.now());
  })();
  ceil.push(performance.now() - t);
}

const slowest = ticks.map((t, i) => ({ ...t, i })).sort((a, b) => b.ms - a.ms).slice(0, 3);
console.log("slowest ticks (index of", ticks.length, "):", slowest.map((t) => `#${t.i} ${t.ms.toFixed(0)} ms, ${t.made} made`).join("; "));
const working = ticks.filter((t) => t.made > 0).map((t) => t.ms).sort((a, b) => a - b);
const all = ticks.map((t) => t.ms).sort((a, b) => a - b);
const p = (xs: number[], q: number) => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const lines = [
  "| measure | figure | goal |",
  "|---|---|---|",
  `| enrollment.add job, ${PEOPLE.toLocaleString("en")} people from a segment (POST → job completed) | ${(enrollMs / 1000).toFixed(2)} s | ≤ 5 s |`,
  `| forecast of the whole campaign (POST /forecast, ${forecast.sends.toLocaleString("en")} sends, last ${forecast.last_send_at}) | ${(forecastMs / 1000).toFixed(2)} s | ≤ 2 s |`,
  `| scheduler tick that made messages (batch ≤ ${BATCH}): median / p99 / max, ${working.length} ticks | ${fmt(median(working))} / ${fmt(p(working, 0.99))} / ${fmt(working.at(-1) ?? 0)} | ≤ 200 ms |`,
  `| every tick (incl. idle and resting): median / p99 / max, ${all.length} ticks | ${fmt(median(all))} / ${fmt(p(all, 0.99))} / ${fmt(all.at(-1) ?? 0)} | ≤ 200 ms |`,
  `| ceiling: the due read + a bare insert of ${BATCH} message rows (median of 50) | ${fmt(median(ceil))} | |`,
  `| ${DAYS} simulated days: messages sent / enrollments still live | ${sent.toLocaleString("en")} / ${live.toLocaleString("en")} | |`,
  `| wall time of the simulation: ticks / MTA (test mode) | ${((simMs - sendMs) / 1000).toFixed(1)} s / ${(sendMs / 1000).toFixed(1)} s | |`,
];
console.log(lines.join("\n"));
appendSection(
  "Campaign scheduler (scripts/bench/campaign.ts)",
  `${PEOPLE.toLocaleString("en")} people enrolled from a segment into one campaign of 3 steps (2 variants on step 1, liquid with spintax, ~2 KB HTML), 50 identities each on its own mailbox (gaps 5-15 s, 2,500 a day), window Mon-Fri 08:00-18:00 Europe/Berlin, test-mode transport, the fake clock advanced a minute at a time across ${DAYS} days from Monday 07:00 UTC; ${machine()}, nproc ${cpus().length}.\n\n${lines.join("\n")}`,
);

await runtime.stop();
sqlite.close();
if (process.env.BENCH_KEEP) console.log(`kept ${dataDir}`);
else rmSync(dataDir, { recursive: true, force: true });
