// Shared helpers for benchmarks: machine facts and appending to docs/benchmarks.md.
import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";

const DOC = new URL("../../docs/benchmarks.md", import.meta.url).pathname;

export function machine(): string {
  return `${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Bun ${Bun.version}`;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

export function appendSection(title: string, body: string): void {
  if (process.env.BENCH_RECORD === "0") return; // a trial run: nothing recorded
  if (!existsSync(DOC)) writeFileSync(DOC, "# Benchmarks\n\nFigures appended by `bun run bench:<area>` (scripts/bench/). Each section names its date and machine.\n");
  appendFileSync(DOC, `\n## ${title} — ${new Date().toISOString().slice(0, 10)}\n\nMachine: ${machine()}\n\n${body.trim()}\n`);
}

export async function freePort(): Promise<number> {
  const s = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const p = s.port!;
  s.stop(true);
  return p;
}

export async function waitHttp(url: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await Bun.sleep(20);
  }
  throw new Error(`${url} did not answer`);
}

/** CPU seconds of a process's threads on Linux (/proc), the main thread apart; zeros elsewhere. BENCH_THREADS=1 prints them by thread. */
export function cpuOf(pid: number): { main: number; others: number } {
  const out = { main: 0, others: 0 };
  const threads: Record<string, { user: number; sys: number }> = {};
  const dir = `/proc/${pid}/task`;
  if (!existsSync(dir)) return out;
  for (const tid of readdirSync(dir)) {
    try {
      const f = readFileSync(`${dir}/${tid}/stat`, "utf8");
      const [utime, stime] = f.slice(f.lastIndexOf(")") + 2).split(" ").slice(11, 13).map(Number);
      out[Number(tid) === pid ? "main" : "others"] += (utime! + stime!) / 100; // USER_HZ
      if (process.env.BENCH_THREADS) {
        const comm = readFileSync(`${dir}/${tid}/comm`, "utf8").trim();
        const name = Number(tid) === pid ? "main" : comm === "Worker" ? `Worker ${tid}` : comm;
        const t = (threads[name] ??= { user: 0, sys: 0 });
        t.user += utime! / 100;
        t.sys += stime! / 100;
      }
    } catch {
      // the thread ended meanwhile
    }
  }
  if (process.env.BENCH_THREADS) console.log(JSON.stringify(threads));
  return out;
}

/** The machine's CPU counters (/proc/stat: all, steal), zeros elsewhere. */
export function cpuTimes(): { all: number; steal: number } {
  if (!existsSync("/proc/stat")) return { all: 0, steal: 0 };
  const v = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  return { all: v.reduce((a, b) => a + b, 0), steal: v[7] ?? 0 };
}
