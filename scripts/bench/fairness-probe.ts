// The light tenant of bench:fairness, in a process of its own so the heavy
// load's generator never delays it: an open-loop stream of GET /healthz and
// point reads of random people (one of each every `everyMs`), each request's
// latency recorded. Prints {healthz: number[], reads: number[]} (ms) on stdout.
//   bun fairness-probe.ts BASE_URL TOKEN IDS_FILE DURATION_MS EVERY_MS
import { readFileSync } from "node:fs";

const [base, token, idsFile, durationMs, everyMs] = process.argv.slice(2) as [string, string, string, string, string];
const ids = readFileSync(idsFile, "utf8").trim().split("\n");
const healthz: number[] = [];
const reads: number[] = [];
const inFlight = new Set<Promise<void>>();

async function timed(into: number[], url: string, headers: Record<string, string> = {}): Promise<void> {
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  into.push(performance.now() - t0);
}

const end = performance.now() + Number(durationMs);
while (performance.now() < end) {
  for (const p of [timed(healthz, `${base}/healthz`), timed(reads, `${base}/v1/people/${ids[Math.floor(Math.random() * ids.length)]}`, { authorization: `Bearer ${token}` })]) {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  }
  await Bun.sleep(Number(everyMs));
}
await Promise.all(inFlight);
process.stdout.write(JSON.stringify({ healthz, reads }));
