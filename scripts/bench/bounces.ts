// Report parsing rate: parseReport (src/smtp-in/bounces) over every message of
// sisimai's set of real bounces, N passes in a shuffled order, beside
// mailparser's simpleParser on the same bytes (what the parser replaces: it
// only parses, it does not classify). Sisimai (Perl) does ~740 bounces/s.
// Prints a table; does not write docs/benchmarks.md (the lead records figures).
// Usage: bun scripts/bench/bounces.ts [passes=20]

import { simpleParser } from "mailparser";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseReport } from "../../src/smtp-in/bounces";
import { appendSection, median } from "./lib";

const CORPUS = resolve(import.meta.dir, "../../../shared/corpora/bounces-sisimai/maildir");
const PASSES = Number(process.argv[2] ?? 20);

if (!existsSync(CORPUS)) {
  console.error(`no corpus at ${CORPUS}`);
  process.exit(1);
}
const files = ["bsd", "not"].flatMap((d) => readdirSync(join(CORPUS, d)).map((f) => join(CORPUS, d, f)));
const messages = files.map((f) => new Uint8Array(readFileSync(f)));
const bytes = messages.reduce((n, m) => n + m.length, 0);

// a fixed-seed shuffle, so runs compare
let seed = 42;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
function shuffled<T>(list: T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

interface Result {
  name: string;
  perSecond: number;
  medianMs: number;
  p99Ms: number;
}

async function measure(name: string, passes: number, parse: (m: Uint8Array) => unknown): Promise<Result> {
  for (const m of messages.slice(0, 50)) await parse(m); // warm-up
  const times: number[] = [];
  const start = performance.now();
  for (let p = 0; p < passes; p++) {
    for (const m of shuffled(messages)) {
      const t = performance.now();
      await parse(m);
      times.push(performance.now() - t);
    }
  }
  const elapsed = (performance.now() - start) / 1000;
  const sorted = [...times].sort((a, b) => a - b);
  return { name, perSecond: times.length / elapsed, medianMs: median(times), p99Ms: sorted[Math.floor(sorted.length * 0.99)]! };
}

const ours = await measure("parseReport (parse + classify)", PASSES, (m) => parseReport(m));
const mailparser = await measure("mailparser simpleParser (parse only)", Math.max(1, Math.ceil(PASSES / 4)), (m) => simpleParser(Buffer.from(m)));

const lines = [
  `${messages.length} messages of the sisimai corpus, ${(bytes / 1024).toFixed(0)} KiB; ${PASSES} passes (mailparser ${Math.max(1, Math.ceil(PASSES / 4))}), shuffled, one thread.`,
  "",
  "| parser | messages/s | median ms/message | p99 ms/message |",
  "|---|---:|---:|---:|",
  ...[ours, mailparser].map((r) => `| ${r.name} | ${r.perSecond.toFixed(0)} | ${r.medianMs.toFixed(3)} | ${r.p99Ms.toFixed(3)} |`),
  `| sisimai (Perl), for reference | ~740 | | |`,
  "",
  `parseReport is ${(ours.perSecond / mailparser.perSecond).toFixed(1)}× mailparser and ${(ours.perSecond / 740).toFixed(1)}× sisimai.`,
];
console.log(lines.join("\n"));
if (process.env.BENCH_RECORD !== "0") appendSection("Bounce parsing (bench:bounces)", lines.join("\n"));
