// bench:api — every read route of API B under wrk, with a random id per request
// and random distinct pages over ≥ 20,000 rows per resource, side by side with
// a bare Bun.serve answering the same JSON from the same file (bare-server.ts).
//   BENCH_SECONDS (5)  BENCH_ROUNDS (3)  BENCH_ROWS (20000)  BENCH_RESOURCES (all, comma list)
//   BENCH_COMPARE=<dir of another checkout>: a third server from that tree, measured in the same
//   rounds (an A/B of a change: both against the same ceiling on the same data)
import { $ } from "bun";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/config";
import { createContext } from "../../src/context";
import { FakeClock } from "../../src/lib/clock";
import { silentLogger } from "../../src/lib/log";
import { createField } from "../../src/modules/audience/fields";
import { createGroup } from "../../src/modules/audience/groups";
import { createPerson } from "../../src/modules/audience/people";
import { EVENT_TYPES, sampleData } from "../../src/modules/events/registry";
import { createEndpoint } from "../../src/modules/automation/webhooks/endpoints";
import { transact } from "../../src/modules/events/outbox";
import { createQuotaScope } from "../../src/modules/sending/quota-scopes";
import { createWorkspace } from "../../src/modules/workspaces/workspaces";
import { appendSection, freePort, median, waitHttp } from "./lib";

const DURATION = process.env.BENCH_SECONDS ?? "5";
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROWS = Number(process.env.BENCH_ROWS ?? 20_000);
const ALL = ["people", "groups", "events", "webhook_deliveries", "quota_scopes"] as const;
type Resource = (typeof ALL)[number];
const chosen = (process.env.BENCH_RESOURCES?.split(",") ?? ALL) as Resource[];
// One wrk thread pinned to core 0, the server under test pinned to core 1 (2-core machine).
const pin = (cpu: number) => (Bun.which("taskset") ? ["taskset", "-c", String(cpu)] : []);
const root = new URL("../..", import.meta.url).pathname;
if (!Bun.which("wrk")) {
  console.error("wrk is needed: apt-get install -y wrk");
  process.exit(1);
}

// ---- seed: realistic rows through the services, each created at its own moment
const dataDir = mkdtempSync(join(tmpdir(), "nearbound-bench-api-"));
const clock = new FakeClock(Date.parse("2026-03-01T08:00:00Z"));
const tick = () => clock.advance(1 + Math.floor(Math.random() * 600_000));
const ctx = createContext(loadConfig({ "data-dir": dataDir }, { NEARBOUND_ALLOW_PRIVATE_WEBHOOKS: "1" }), { log: silentLogger, clock });
const w = createWorkspace(ctx, { name: "bench" });
const ws = w.workspace.id;
const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;
const seedStart = performance.now();

const groupIds: string[] = [];
for (let i = 0; i < ROWS; i++) {
  tick();
  groupIds.push(createGroup(ctx, { workspaceId: ws, name: `List ${i} ${pick(["Founders", "CTOs", "Agencies", "Berlin", "Q3 leads"])}`, description: i % 3 ? null : "Imported from the spring conference" }).id);
}
createField(ctx, { workspaceId: ws, key: "seats", label: "Seats", type: "number" });
createField(ctx, { workspaceId: ws, key: "industry", label: "Industry", type: "text" });
const given = ["Ada", "Grace", "Alan", "Linus", "Margaret", "Ken", "Barbara", "Dennis", "Frances", "Tim"];
const family = ["Lovelace", "Hopper", "Turing", "Torvalds", "Hamilton", "Thompson", "Liskov", "Ritchie", "Allen", "Berners-Lee"];
for (let i = 0; i < ROWS; i++) {
  tick();
  const memberships = Array.from({ length: Math.floor(Math.random() * 4) }, () => pick(groupIds));
  createPerson(ctx, {
    workspaceId: ws,
    source: "csv_import",
    groupIds: memberships,
    input: {
      email: `${pick(given).toLowerCase()}.${i}@company${i % 997}.example`,
      givenName: pick(given),
      familyName: pick(family),
      company: `Company ${i % 997}`,
      telephones: i % 4 ? null : [`+4930${String(1_000_000 + i)}`],
      timezone: pick(["Europe/Berlin", "America/New_York", "Asia/Tokyo", null]),
      customFields: { seats: i % 500, industry: pick(["software", "retail", "finance", "health"]) },
      privateNotes: i % 5 ? null : "Met at the booth; follow up after the launch.",
    },
  });
}
await createEndpoint(ctx, { workspaceId: ws, url: "http://127.0.0.1:9/hooks", eventTypes: [], enabled: true, description: "CRM sync" });
const types = EVENT_TYPES.filter((t) => t !== "endpoint.test");
for (let i = 0; i < ROWS; i += 100) {
  transact(ctx, (_tx, outbox) => {
    for (let j = i; j < Math.min(ROWS, i + 100); j++) {
      tick();
      const type = pick(types);
      outbox.emit({ workspaceId: ws, type, data: sampleData(type, clock.now()) });
    }
  });
}
// most deliveries were attempted: delivered, or failed and pending a retry hours away
// (no attempt falls due while the bench runs)
ctx.db.$client.exec(`UPDATE webhook_deliveries SET
  state = CASE WHEN random() % 5 = 0 THEN 'pending' ELSE 'delivered' END, next_attempt_at = created_at + 365 * 86400000,
  attempts = 1 + abs(random() % 3), last_attempt_started_at = created_at + 1000, last_attempt_duration_ms = 20 + abs(random() % 300),
  last_attempt_status = 200, last_attempt_excerpt = '{"ok":true}', delivered_at = created_at + 1300`);
for (let i = 0; i < ROWS; i++) {
  tick();
  createQuotaScope(ctx, { workspaceId: ws, provider: pick(["smtp", "ses", "postmark"]), scopeKey: `account-${i}`, limits: { messagesPerDay: 500 + (i % 2000), windowLimit: i % 2 ? 14 : null, windowSeconds: i % 2 ? 1 : null, windowUnit: i % 2 ? "requests" : null } });
}
ctx.db.$client.exec("ANALYZE; PRAGMA wal_checkpoint(TRUNCATE)");
ctx.db.$client.close();
console.log(`seeded ${ROWS} rows of each resource in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

// ---- servers
const db = join(dataDir, "nearbound.sqlite");
// two ceilings: the same JSON body alone, and the same answer (body and headers)
const startBare = async (sameHeaders: boolean) => {
  const port = await freePort();
  const proc = Bun.spawn([...pin(1), process.execPath, join(root, "scripts/bench/bare-server.ts"), db, ws, String(port)], {
    stdout: "ignore",
    stderr: "inherit",
    env: { ...process.env, BARE_HEADERS: sameHeaders ? "1" : "0" },
  });
  return { port, proc };
};
const { port: barePort, proc: bare } = await startBare(true);
const bodyOnly = await startBare(false);
const serve = async (tree: string) => {
  const port = await freePort();
  const proc = Bun.spawn([...pin(1), process.execPath, join(tree, "src/main.ts"), "serve", "--data-dir", dataDir, "--port", String(port)], {
    stdout: "ignore", // the JSON access log is written, as in production, here to /dev/null
    stderr: "inherit",
    env: { ...process.env, NEARBOUND_RATE_LIMIT_PER_SECOND: "100000000", NEARBOUND_RATE_LIMIT_BURST: "100000000", NEARBOUND_SMTP_PORT: "0" },
  });
  return { port, proc };
};
const { port: fullPort, proc: full } = await serve(root);
const compareTree = process.env.BENCH_COMPARE;
const compare = compareTree ? await serve(compareTree) : null;

interface Result {
  rps: number;
  p99: number;
  /** CPU time the server spent per request (user + system), µs: steadier than req/s for comparing builds. */
  cpuUs: number;
}

/** User + system CPU time of a process so far, in clock ticks (/proc/<pid>/stat). */
const cpuTicks = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return Number(f[11]) + Number(f[12]);
};
const TICK_US = 1e6 / Number(process.env.BENCH_CLK_TCK ?? 100);

async function wrk(base: string, pathsFile: string, pid: number, token?: string): Promise<Result> {
  const args = ["-t1", "-c32", `-d${DURATION}s`, "--latency", "-s", join(root, "scripts/bench/random-paths.lua"), ...(token ? ["-H", `authorization: Bearer ${token}`] : []), base];
  const before = cpuTicks(pid);
  const out = await $`${pin(0)} wrk ${args}`.env({ ...process.env, PATHS: pathsFile }).text();
  const ticks = cpuTicks(pid) - before;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const m = /99%\s+([\d.]+)(us|ms|s)/.exec(out);
  const p99 = m ? Number(m[1]) * (m[2] === "us" ? 0.001 : m[2] === "s" ? 1000 : 1) : NaN;
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(out);
  if (non2xx) throw new Error(`${base}: ${non2xx[1]} non-2xx answers\n${out}`);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
  return { rps, p99, cpuUs: (ticks * TICK_US) / requests };
}

/** Every page of a list, walked through the full server (cursors are signed there): the paths of distinct pages. */
async function pagePaths(resource: Resource): Promise<string[]> {
  const paths: string[] = [];
  let path: string | null = `/v1/${resource}?limit=100`;
  while (path) {
    paths.push(path);
    const res = await fetch(`http://127.0.0.1:${fullPort}${path}`, { headers: { authorization: `Bearer ${w.apiKey}` } });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { data: { id: string }[]; meta: { next_cursor: string | null } };
    pointIds.get(resource)!.push(...body.data.map((r) => r.id));
    path = body.meta.next_cursor ? `/v1/${resource}?limit=100&cursor=${body.meta.next_cursor}` : null;
  }
  return paths;
}
const pointIds = new Map<Resource, string[]>(chosen.map((r) => [r, []]));

try {
  await waitHttp(`http://127.0.0.1:${barePort}/v1/quota_scopes`);
  await waitHttp(`http://127.0.0.1:${bodyOnly.port}/v1/quota_scopes`);
  await waitHttp(`http://127.0.0.1:${fullPort}/healthz`);
  if (compare) await waitHttp(`http://127.0.0.1:${compare.port}/healthz`);
  const files: Record<string, { point: string; page: string }> = {};
  for (const r of chosen) {
    const pages = await pagePaths(r);
    files[r] = { point: join(dataDir, `${r}.point`), page: join(dataDir, `${r}.page`) };
    writeFileSync(files[r]!.point, pointIds.get(r)!.map((id) => `/v1/${r}/${id}`).join("\n") + "\n");
    writeFileSync(files[r]!.page, pages.join("\n") + "\n");
    console.log(`${r}: ${pointIds.get(r)!.length} ids, ${pages.length} pages`);
  }
  // A warm-up pass (not measured) fills each server's page cache, then rounds alternate the
  // servers so drift of the machine hits them alike; medians are reported.
  const runs = new Map<string, { bare: Result[]; body: Result[]; full: Result[]; compare: Result[] }>();
  for (let i = -1; i < ROUNDS; i++) {
    for (const r of chosen) {
      for (const kind of ["point", "page"] as const) {
        const key = `${r} ${kind}`;
        if (!runs.has(key)) runs.set(key, { bare: [], body: [], full: [], compare: [] });
        const bodyRun = await wrk(`http://127.0.0.1:${bodyOnly.port}`, files[r]![kind], bodyOnly.proc.pid);
        const bareRun = await wrk(`http://127.0.0.1:${barePort}`, files[r]![kind], bare.pid);
        const fullRun = await wrk(`http://127.0.0.1:${fullPort}`, files[r]![kind], full.pid, w.apiKey);
        const compareRun = compare ? await wrk(`http://127.0.0.1:${compare.port}`, files[r]![kind], compare.proc.pid, w.apiKey) : null;
        if (i < 0) continue;
        runs.get(key)!.bare.push(bareRun);
        runs.get(key)!.body.push(bodyRun);
        runs.get(key)!.full.push(fullRun);
        if (compareRun) runs.get(key)!.compare.push(compareRun);
      }
    }
  }
  const med = (rs: Result[]): Result => ({ rps: median(rs.map((r) => r.rps)), p99: median(rs.map((r) => r.p99)), cpuUs: median(rs.map((r) => r.cpuUs)) });
  const lines = [
    "| resource | request | bare, same answer: req/s | p99 ms | CPU µs/req | Nearbound req/s | p99 ms | CPU µs/req | ratio (median of rounds) | goal | met | bare, same body only: req/s | CPU µs/req | ratio to it |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
  ];
  for (const [key, run] of runs) {
    const [resource, kind] = key.split(" ") as [string, "point" | "page"];
    const b = med(run.bare);
    const f = med(run.full);
    const ratio = median(run.full.map((x, i) => x.rps / run.bare[i]!.rps));
    const goal = kind === "point" ? 0.65 : 0.8;
    const met = ratio >= goal && (kind === "page" || f.p99 <= 15);
    const what = kind === "point" ? `GET /v1/${resource}/{id}` : `GET /v1/${resource}?limit=100`;
    const o = med(run.body);
    const bodyRatio = median(run.full.map((x, i) => x.rps / run.body[i]!.rps));
    lines.push(
      `| ${resource} | ${what} | ${b.rps.toFixed(0)} | ${b.p99.toFixed(2)} | ${b.cpuUs.toFixed(1)} | ${f.rps.toFixed(0)} | ${f.p99.toFixed(2)} | ${f.cpuUs.toFixed(1)} | ${(ratio * 100).toFixed(0)}% | ≥ ${goal * 100}%${kind === "point" ? ", p99 ≤ 15 ms" : ""} | ${met ? "yes" : "no"} | ${o.rps.toFixed(0)} | ${o.cpuUs.toFixed(1)} | ${(bodyRatio * 100).toFixed(0)}% |`,
    );
    if (run.compare.length) {
      const c = med(run.compare);
      const cRatio = median(run.compare.map((x, i) => x.rps / run.bare[i]!.rps));
      lines.push(`| ${resource} (compare: ${compareTree}) | ${what} | | | | ${c.rps.toFixed(0)} | ${c.p99.toFixed(2)} | ${c.cpuUs.toFixed(1)} | ${(cRatio * 100).toFixed(0)}% | | | | | |`);
    }
  }
  console.log(lines.join("\n"));
  if (process.env.BENCH_RECORD !== "0") {
    appendSection(
      "API (bench:api)",
      `${ROWS} rows per resource in one workspace (people in 0-3 of the groups, 4 custom fields' worth of data, events of every type with their sample data, one delivery per event). Each request takes a random id, or a random one of the list's ${Math.ceil(ROWS / 100)} distinct 100-item pages (real signed cursors), from a file (scripts/bench/random-paths.lua). wrk -t1 -c32 -d${DURATION}s on loopback, wrk pinned to core 0 and the server to core 1; a warm-up pass, then ${ROUNDS} rounds alternating the bare server and Nearbound; the ratio is the median of the per-round ratios. The ceiling (scripts/bench/bare-server.ts) answers the same JSON from the same file with hand-written prepared statements and nothing else; the goal's ratio is to the ceiling that sends the same answer (the same body and the headers every API answer carries: X-Request-Id, RateLimit-Policy, RateLimit, and ETag on quota scopes), the last columns to the one that sends the body alone. Nearbound runs auth, scope, rate limit, validation, the JSON access log (to /dev/null), cursor signing and the serializers.\n\n${lines.join("\n")}`,
    );
  }
} finally {
  for (const p of [bare, bodyOnly.proc, full, compare?.proc]) p?.kill();
  await Promise.all([bare.exited, bodyOnly.proc.exited, full.exited, compare?.proc.exited]);
  if (process.env.BENCH_KEEP) console.log(`kept ${dataDir}`);
  else rmSync(dataDir, { recursive: true, force: true });
}
