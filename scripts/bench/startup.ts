// bun run bench:startup — the compiled binary, copied alone into an empty
// directory, started with a fresh data directory each run: time from spawn to
// the first 200 on /healthz, and resident memory after ~2 s idle. Measured
// side by side with the ceiling, a bare compiled Bun.serve (bare-healthz.ts).
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { BINARY, build } from "../build";
import { appendSection, freePort, median } from "./lib";

const RUNS = 10;
const IDLE_MS = 2000;
const GOAL_START_MS = 300;
const GOAL_RSS_MIB = 120;
const root = join(import.meta.dir, "..", "..");

/** Newest modification time under a directory. */
function newest(dir: string): number {
  let max = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    max = Math.max(max, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return max;
}

function needsBuild(): boolean {
  try {
    const built = statSync(BINARY).mtimeMs;
    return built < Math.max(newest(join(root, "src")), newest(join(root, "drizzle")), statSync(join(root, "bun.lock")).mtimeMs);
  } catch {
    return true;
  }
}

function rssMiB(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  if (!kb) throw new Error(`no VmRSS for ${pid}`);
  return Number(kb) / 1024;
}

interface Run {
  startMs: number;
  rssMiB: number;
}

async function measure(bin: string, cwd: string, args: string[]): Promise<Run> {
  const port = await freePort();
  const env: Record<string, string> = { PATH: process.env.PATH ?? "/usr/bin:/bin", NEARBOUND_SMTP_PORT: "0" };
  const t0 = performance.now();
  const proc = Bun.spawn([bin, ...args, "--port", String(port)], { cwd, env, stdout: "ignore", stderr: "inherit" });
  const url = `http://127.0.0.1:${port}/healthz`;
  let startMs = NaN;
  while (Number.isNaN(startMs)) {
    try {
      if ((await fetch(url)).status === 200) startMs = performance.now() - t0;
    } catch {
      if (proc.exitCode !== null) throw new Error(`${bin} exited with ${proc.exitCode} before answering`);
      await Bun.sleep(1);
    }
    if (performance.now() - t0 > 10_000) throw new Error(`${bin} did not answer within 10 s`);
  }
  await Bun.sleep(IDLE_MS);
  const rss = rssMiB(proc.pid);
  proc.kill("SIGTERM");
  const code = await proc.exited;
  if (code !== 0) throw new Error(`${bin} exited with ${code} after SIGTERM`);
  return { startMs, rssMiB: rss };
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);
const spread = (xs: number[]) => `${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))}`;

const loadBefore = loadavg()[0]!;
if (loadBefore > 0.5) console.warn(`warning: load average ${fmt(loadBefore, 2)}; other work on this machine skews start-up times`);
if (needsBuild()) {
  console.log("building dist/nearbound …");
  await build();
}
const work = mkdtempSync(join(tmpdir(), "nearbound-bench-startup-"));
try {
  // the binary alone in an empty directory: no node_modules, no sources
  const alone = join(work, "alone");
  mkdirSync(alone);
  const bin = join(alone, "nearbound");
  copyFileSync(BINARY, bin);
  const bare = await build(join(work, "bare", "bare-healthz"), join(import.meta.dir, "bare-healthz.ts"));

  const ours: Run[] = [];
  const ceiling: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    // interleaved, so drift in the machine's load touches both alike
    ours.push(await measure(bin, alone, ["serve", "--data-dir", join(work, `data-${i}`)]));
    ceiling.push(await measure(bare, alone, []));
    process.stdout.write(".");
  }
  process.stdout.write("\n");

  const start = ours.map((r) => r.startMs);
  const rss = ours.map((r) => r.rssMiB);
  const bareStart = median(ceiling.map((r) => r.startMs));
  const bareRss = median(ceiling.map((r) => r.rssMiB));
  const sizeMiB = statSync(bin).size / 2 ** 20;
  const table = [
    `| metric | nearbound median (min–max) | bare Bun.serve median | ratio | goal |`,
    `|---|---|---|---|---|`,
    `| spawn → first 200 on /healthz (ms), fresh data dir | ${fmt(median(start))} (${spread(start)}) | ${fmt(bareStart)} | ${fmt(median(start) / bareStart, 2)}× | ≤ ${GOAL_START_MS} ${median(start) <= GOAL_START_MS ? "✓" : "✗"} |`,
    `| idle RSS after ${IDLE_MS / 1000} s (MiB) | ${fmt(median(rss))} (${spread(rss)}) | ${fmt(bareRss)} | ${fmt(median(rss) / bareRss, 2)}× | ≤ ${GOAL_RSS_MIB} ${median(rss) <= GOAL_RSS_MIB ? "✓" : "✗"} |`,
  ].join("\n");
  console.log(table);
  console.log(`binary: ${fmt(sizeMiB)} MiB`);
  appendSection(
    "Start-up (bench:startup)",
    `dist/nearbound (${fmt(sizeMiB)} MiB, bun build --compile --bytecode --format=esm --minify) copied alone into an empty directory; ` +
      `${RUNS} runs of \`serve\`, each with a fresh data directory (creates and migrates the database), interleaved with the ceiling: ` +
      `a bare Bun.serve answering /healthz, compiled the same way. nproc ${navigator.hardwareConcurrency}; ` +
      `1-minute load average ${fmt(loadBefore, 2)} before, ${fmt(loadavg()[0]!, 2)} after.\n\n${table}`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
