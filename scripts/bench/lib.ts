// Shared helpers for benchmarks: machine facts and appending to docs/benchmarks.md.
import { appendFileSync, existsSync, writeFileSync } from "node:fs";
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
