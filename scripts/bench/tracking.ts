// bench:tracking — the open pixel and the click redirect under wrk on
// loopback, each request a random token over 100,000 sent tracked messages
// (3 links each), against `serve` (token check, machine rules, every hit a
// delivery event with its event, batched durable commits), beside the
// ceiling in the same run: a bare Bun.serve doing the same insert on the same
// SQLite file (bare-tracking.ts). After each run the server is stopped
// cleanly and the hits recorded are counted against the answers wrk got.
// wrk pinned to core 0, the server to core 1. Run: bun scripts/bench/tracking.ts
import { $ } from "bun";
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { createAppContext } from "../../src/app-context";
import { loadConfig } from "../../src/config";
import { newId } from "../../src/lib/ids";
import { silentLogger } from "../../src/lib/log";
import { clickToken, openToken } from "../../src/modules/tracking/tokens";
import { createWorkspace } from "../../src/modules/workspaces/workspaces";
import { appendSection, freePort, median, waitHttp } from "./lib";

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100_000);
const DURATION = process.env.BENCH_SECONDS ?? "10";
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const pin = (cpu: number) => (Bun.which("taskset") ? ["taskset", "-c", String(cpu)] : []);
const root = new URL("../..", import.meta.url).pathname;
if (!Bun.which("wrk")) {
  console.error("wrk is needed: apt-get install -y wrk (scripts/setup-test.sh installs it)");
  process.exit(1);
}

// ---- seed: sent messages with their tracked links and people, raw (the bench measures hits)
const dataDir = mkdtempSync(join(tmpdir(), "nearbound-bench-tracking-"));
const ctx = createAppContext(loadConfig({ "data-dir": dataDir, port: "0" }, { NEARBOUND_SMTP_PORT: "0" }), { log: silentLogger });
const ws = createWorkspace(ctx, { name: "bench" }).workspace.id;
const sqlite = ctx.db.$client;
const now = Date.now();
const person = sqlite.prepare("INSERT INTO people (id, workspace_id, email, email_key, email_domain, source, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'api', 'active', ?, ?)");
const message = sqlite.prepare(
  `INSERT INTO messages (id, workspace_id, connection_id, sender_identity_id, person_id, from_header, recipients, subject, headers, tracking, message_id_header, envelope_from,
                         status, holds, released_holds, due_at, attempts, sent_at, created_at, updated_at)
   VALUES (?1, ?2, ?3, ?4, ?5, 'Amara <amara@northwind.example>', ?6, 'Quick question', '{}', 1, ?7, 'b@bounce.northwind.example',
           'sent', '[]', '[]', ?8, 1, ?8, ?8, ?8)`,
);
const link = sqlite.prepare("INSERT INTO tracked_links (message_id, idx, url) VALUES (?, ?, ?)");
const [cnx, sid] = [newId("cnx"), newId("sid")];
const opens: string[] = [];
const clicks: string[] = [];
const bareOpens: string[] = [];
const bareClicks: string[] = [];
sqlite.transaction(() => {
  for (let i = 0; i < MESSAGES; i++) {
    const id = newId("msg");
    const pid = newId("per");
    const email = `p${i}@c${i % 5000}.example`;
    person.run(pid, ws, email, email, `c${i % 5000}.example`, now, now);
    // sent an hour ago: no click is "too soon"
    message.run(id, ws, cnx, sid, pid, JSON.stringify([{ address: email, kind: "to", state: "sent", response: "250 OK" }]), `${id}@northwind.example`, now - 3_600_000);
    for (let l = 0; l < 3; l++) link.run(id, l, `https://northwind.example/pricing?plan=${l}&ref=${i}`);
    opens.push(`/t/o/${openToken(ctx.secrets, id)}`);
    clicks.push(`/t/c/${clickToken(ctx.secrets, id, i % 3)}`);
    bareOpens.push(`/o/${id}`);
    bareClicks.push(`/c/${id}`);
  }
})();
sqlite.exec("ANALYZE; PRAGMA wal_checkpoint(TRUNCATE)");
sqlite.close();
const dbFile = join(dataDir, "nearbound.sqlite");
const files = Object.fromEntries(
  Object.entries({ opens, clicks, bareOpens, bareClicks }).map(([k, paths]) => {
    const f = join(dataDir, `${k}.txt`);
    writeFileSync(f, paths.sort(() => Math.random() - 0.5).join("\n"));
    return [k, f];
  }),
);

const UA = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15";
async function wrk(base: string, pathsFile: string): Promise<{ rps: number; p99: number; answered: number }> {
  const args = ["-t1", "-c32", `-d${DURATION}s`, "--latency", "-H", `user-agent: ${UA}`, "-s", join(root, "scripts/bench/random-paths.lua"), base];
  const out = await $`${pin(0)} wrk ${args}`.env({ ...process.env, PATHS: pathsFile }).text();
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(out);
  if (non2xx) throw new Error(`${base}: ${non2xx[1]} answers that are neither 2xx nor 3xx\n${out}`);
  const m = /99%\s+([\d.]+)(us|ms|s)/.exec(out);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]),
    p99: m ? Number(m[1]) * (m[2] === "us" ? 0.001 : m[2] === "s" ? 1000 : 1) : NaN,
    answered: Number(/(\d+) requests in/.exec(out)?.[1]),
  };
}

const countEvents = (type: string) => {
  const db = new Database(dbFile, { readonly: true });
  const n = (db.prepare("SELECT count(*) AS n FROM delivery_events WHERE type = ?1").get(type) as { n: number }).n;
  db.close();
  return n;
};

async function nearbound(kind: "opens" | "clicks") {
  const port = await freePort();
  const proc = Bun.spawn([...pin(1), process.execPath, join(root, "src/main.ts"), "serve", "--data-dir", dataDir, "--port", String(port)], {
    stdout: "ignore",
    stderr: "inherit",
    env: { ...process.env, NEARBOUND_SMTP_PORT: "0" },
  });
  try {
    await waitHttp(`http://127.0.0.1:${port}/healthz`);
    const type = kind === "opens" ? "opened" : "clicked";
    const before = countEvents(type);
    const r = await wrk(`http://127.0.0.1:${port}`, files[kind]!);
    proc.kill("SIGTERM"); // a clean stop flushes every pending hit
    await proc.exited;
    return { ...r, recorded: countEvents(type) - before };
  } finally {
    proc.kill("SIGKILL");
  }
}

async function bare(kind: "bareOpens" | "bareClicks") {
  const port = await freePort();
  const proc = Bun.spawn([...pin(1), process.execPath, join(root, "scripts/bench/bare-tracking.ts"), dbFile, String(port)], { stdout: "ignore", stderr: "inherit" });
  try {
    await waitHttp(`http://127.0.0.1:${port}${bareOpens[0]}`); // a pixel: a redirect would be followed off loopback
    return await wrk(`http://127.0.0.1:${port}`, files[kind]!);
  } finally {
    proc.kill("SIGKILL");
    await proc.exited;
  }
}

try {
  const rows: string[] = [];
  for (const kind of ["opens", "clicks"] as const) {
    const full: Awaited<ReturnType<typeof nearbound>>[] = [];
    const ceiling: Awaited<ReturnType<typeof bare>>[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      ceiling.push(await bare(kind === "opens" ? "bareOpens" : "bareClicks"));
      full.push(await nearbound(kind));
    }
    const lost = full.reduce((s, r) => s + Math.max(0, r.answered - r.recorded), 0);
    const ratio = median(full.map((r, i) => r.rps / ceiling[i]!.rps));
    rows.push(
      `| ${kind === "opens" ? "open pixel" : "click redirect"} | ${Math.round(median(full.map((r) => r.rps))).toLocaleString("en")} req/s, p99 ${median(full.map((r) => r.p99)).toFixed(1)} ms | ${Math.round(median(ceiling.map((r) => r.rps))).toLocaleString("en")} req/s, p99 ${median(ceiling.map((r) => r.p99)).toFixed(1)} ms | ${Math.round(ratio * 100)} % | ${full.reduce((s, r) => s + r.answered, 0).toLocaleString("en")} answered, ${full.reduce((s, r) => s + r.recorded, 0).toLocaleString("en")} recorded, ${lost} lost |`,
    );
  }
  const table = ["| hit | Nearbound (median of rounds) | bare Bun.serve, same insert | ratio | durability (every round, after a clean stop) |", "|---|---|---|---|---|", ...rows].join("\n");
  console.log(table);
  appendSection(
    "Tracking (scripts/bench/tracking.ts)",
    `${MESSAGES.toLocaleString("en")} sent tracked messages (3 links each); each request a random token from a shuffled file (scripts/bench/random-paths.lua), a desktop Safari user agent; wrk -t1 -c32 -d${DURATION}s pinned to core 0, the server (\`serve\`) to core 1; ${ROUNDS} rounds alternating the ceiling (scripts/bench/bare-tracking.ts: a bare Bun.serve inserting the same delivery_events row per hit, with the same time-ordered ids, batched per turn) and Nearbound; nproc ${cpus().length}. Goal: ≥ 10,000 req/s each with p99 ≤ 20 ms, and ≥ 50 % of the ceiling.\n\n${table}`,
  );
} finally {
  if (process.env.BENCH_KEEP) console.log(`kept ${dataDir}`);
  else rmSync(dataDir, { recursive: true, force: true });
}
