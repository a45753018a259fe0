// bench:api — GET /v1/quota_scopes/{id} and a 100-item page under wrk for 10 s,
// side by side with a bare Bun.serve answering the same rows from the same file.
import { $ } from "bun";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/config";
import { createContext } from "../../src/context";
import { silentLogger } from "../../src/lib/log";
import { createQuotaScope } from "../../src/modules/sending/quota-scopes";
import { createWorkspace } from "../../src/modules/workspaces/workspaces";
import { appendSection, freePort, median, waitHttp } from "./lib";

const DURATION = process.env.BENCH_SECONDS ?? "10";
// One wrk thread pinned to core 0, the server under test pinned to core 1
// (2-core machine): unpinned, the scheduler's placement swung the figures ±25 %.
const THREADS = process.env.BENCH_WRK_THREADS ?? "1";
const pin = (cpu: number) => (Bun.which("taskset") ? ["taskset", "-c", String(cpu)] : []);
const root = new URL("../..", import.meta.url).pathname;
if (!(await $`which wrk`.nothrow().quiet()).stdout.length) {
  console.error("wrk is needed: apt-get install -y wrk");
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), "nearbound-bench-api-"));
const ctx = createContext(loadConfig({ "data-dir": dataDir }), { log: silentLogger });
const ws = createWorkspace(ctx, { name: "bench" });
const ids: string[] = [];
for (let i = 0; i < 150; i++) ids.push(createQuotaScope(ctx, { workspaceId: ws.workspace.id, provider: "smtp", scopeKey: `relay-${i}:587`, limits: { messages_per_day: 1000 + i } }).id);
ctx.db.$client.exec("PRAGMA wal_checkpoint(TRUNCATE)");
ctx.db.$client.close();

interface Result {
  rps: number;
  p99: number;
}

async function wrk(url: string, token?: string): Promise<Result> {
  const args = [`-t${THREADS}`, "-c32", `-d${DURATION}s`, "--latency", ...(token ? ["-H", `authorization: Bearer ${token}`] : []), url];
  const out = await $`${pin(0)} wrk ${args}`.text();
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const m = /99%\s+([\d.]+)(us|ms|s)/.exec(out);
  const p99 = m ? Number(m[1]) * (m[2] === "us" ? 0.001 : m[2] === "s" ? 1000 : 1) : NaN;
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(out);
  if (non2xx) throw new Error(`${url}: ${non2xx[1]} non-2xx answers\n${out}`);
  return { rps, p99 };
}

const db = join(dataDir, "nearbound.sqlite");
const barePort = await freePort();
const bare = Bun.spawn([...pin(1), "bun", join(root, "scripts/bench/bare-server.ts"), db, ws.workspace.id, String(barePort)], { stdout: "ignore", stderr: "inherit" });
const fullPort = await freePort();
const full = Bun.spawn([...pin(1), "bun", join(root, "src/main.ts"), "serve", "--data-dir", dataDir, "--port", String(fullPort)], {
  stdout: "ignore", // one JSON log line per request is written, as in production, to /dev/null
  stderr: "inherit",
  env: { ...process.env, NEARBOUND_RATE_LIMIT_PER_SECOND: "100000000", NEARBOUND_RATE_LIMIT_BURST: "100000000" },
});
try {
  await waitHttp(`http://127.0.0.1:${barePort}/v1/quota_scopes`);
  await waitHttp(`http://127.0.0.1:${fullPort}/healthz`);
  const point = `/v1/quota_scopes/${ids[75]}`;
  const page = "/v1/quota_scopes?limit=100";
  // Rounds alternate bare and full so drift of the machine hits both alike; medians are reported.
  const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
  const runs: Record<string, { bare: Result[]; full: Result[] }> = { point: { bare: [], full: [] }, page: { bare: [], full: [] } };
  for (let i = 0; i < ROUNDS; i++) {
    for (const [name, path] of [["point", point], ["page", page]] as const) {
      runs[name]!.bare.push(await wrk(`http://127.0.0.1:${barePort}${path}`));
      runs[name]!.full.push(await wrk(`http://127.0.0.1:${fullPort}${path}`, ws.apiKey));
    }
  }
  const med = (rs: Result[]): Result => ({ rps: median(rs.map((r) => r.rps)), p99: median(rs.map((r) => r.p99)) });
  const rows = [
    ["point read", med(runs.point!.bare), med(runs.point!.full), 0.65],
    ["100-item page", med(runs.page!.bare), med(runs.page!.full), 0.8],
  ] as const;
  const lines = [
    "| request | bare Bun.serve req/s | bare p99 ms | Nearbound req/s | Nearbound p99 ms | ratio | goal |",
    "|---|---|---|---|---|---|---|",
    ...rows.map(([name, b, f, goal]) => `| ${name} | ${b.rps.toFixed(0)} | ${b.p99.toFixed(2)} | ${f.rps.toFixed(0)} | ${f.p99.toFixed(2)} | ${((f.rps / b.rps) * 100).toFixed(0)}% | ≥ ${goal * 100}%${name === "point read" ? ", p99 ≤ 15 ms" : ""} |`),
  ];
  console.log(lines.join("\n"));
  appendSection(
    "API (bench:api)",
    `wrk -t${THREADS} -c32 -d${DURATION}s on loopback (wrk pinned to core 0, the server to core 1), medians of ${ROUNDS} alternating rounds; both servers answer the same JSON body; the full stack runs auth (token hash lookup), scope check, rate limiting, validation, JSON request logging (to /dev/null) and serialisation.\n\n${lines.join("\n")}`,
  );
} finally {
  bare.kill();
  full.kill();
  await Promise.all([bare.exited, full.exited]);
  rmSync(dataDir, { recursive: true, force: true });
}
