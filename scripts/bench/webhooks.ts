// Webhook benchmark: 10,000 events fanned out to 5 loopback endpoints (50,000
// signed deliveries, each attempt recorded durably), against the ceiling of a
// raw signed-POST client on the same receivers; and event → long-poll wake-up
// latency against a bare Bun long-poll. Receivers run in a child process and
// verify every signature with the `standardwebhooks` library.
//   bun run bench:webhooks [--events 10000] [--runs 3] [--dry] (--dry: print only, append nothing)
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { count, eq, and, sum } from "drizzle-orm";
import { loadConfig } from "../../src/config";
import { createContext, type Ctx } from "../../src/context";
import { webhookDeliveries } from "../../src/db/schema";
import { silentLogger } from "../../src/lib/log";
import { signPayload } from "../../src/modules/automation/webhooks/signature";
import { transact } from "../../src/modules/events/outbox";
import { createWorkspace } from "../../src/modules/workspaces/workspaces";
import { Runtime, services } from "../../src/runtime";
import { HttpServer } from "../../src/server";
import { appendSection, median } from "./lib";

const ENDPOINTS = 5;
const CONCURRENCY = 64; // the worker's default in-flight bound, used by the ceiling too
const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};

// ---------- child process: the receivers ----------
if (process.argv.includes("--receivers")) {
  const { Webhook } = await import("standardwebhooks");
  const stats = { received: 0, verified: 0, failed: 0 };
  const verifiers = new Map<number, InstanceType<typeof Webhook>>();
  const servers = Array.from({ length: ENDPOINTS }, (_, i) =>
    Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      async fetch(req) {
        const url = new URL(req.url);
        if (url.pathname === "/__secret") {
          verifiers.set(i, new Webhook(await req.text()));
          return new Response("ok");
        }
        if (url.pathname === "/__stats") {
          const body = JSON.stringify(stats);
          if (url.searchParams.has("reset")) Object.assign(stats, { received: 0, verified: 0, failed: 0 });
          return new Response(body);
        }
        const body = await req.text();
        stats.received++;
        const v = verifiers.get(i);
        if (v) {
          try {
            v.verify(body, Object.fromEntries(req.headers));
            stats.verified++;
          } catch {
            stats.failed++;
          }
        }
        return new Response("ok");
      },
    }),
  );
  console.log(JSON.stringify(servers.map((s) => s.port)));
  await new Promise(() => {});
}

// ---------- parent: the appliance and the measurements ----------
const EVENTS = arg("events", 10_000);
const RUNS = arg("runs", 3);
const WAKEUPS = 200;

const child = Bun.spawn([process.execPath, import.meta.path, "--receivers"], { stdout: "pipe", stderr: "inherit" });
const reader = child.stdout.getReader();
const { value } = await reader.read();
const ports = JSON.parse(new TextDecoder().decode(value).trim().split("\n")[0]!) as number[];
const receiverUrl = (i: number, path = "/hook") => `http://127.0.0.1:${ports[i]}${path}`;
const stats = async (reset = false) => (await (await fetch(receiverUrl(0, `/__stats${reset ? "?reset" : ""}`))).json()) as { received: number; verified: number; failed: number };

const dataDir = mkdtempSync(join(tmpdir(), "nearbound-bench-webhooks-"));
const config = loadConfig({ "data-dir": dataDir, port: "0" }, { NEARBOUND_ALLOW_PRIVATE_WEBHOOKS: "1", NEARBOUND_SMTP_PORT: "0", NEARBOUND_RATE_LIMIT_PER_SECOND: "100000", NEARBOUND_RATE_LIMIT_BURST: "100000" });
const ctx: Ctx = createContext(config, { log: silentLogger });
const runtime = await new Runtime(services(ctx, { port: 0, logRequests: false })).start();
const running = { url: runtime.get(HttpServer).url, stop: () => runtime.stop() };

async function setUpWorkspace() {
  const ws = createWorkspace(ctx, { name: "bench" });
  for (let i = 0; i < ENDPOINTS; i++) {
    const r = await fetch(`${running.url}/v1/webhook_endpoints`, {
      method: "POST",
      headers: { authorization: `Bearer ${ws.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ url: receiverUrl(i) }),
    });
    const body = (await r.json()) as { secret: string };
    await fetch(receiverUrl(i, "/__secret"), { method: "POST", body: body.secret });
  }
  return ws;
}

function emitEvents(workspaceId: string, n: number): void {
  for (let done = 0; done < n; done += 100) {
    transact(ctx, (_tx, outbox) => {
      for (let i = done; i < Math.min(n, done + 100); i++) {
        outbox.emit({ workspaceId, type: "message.sent", data: { id: `msg_${i.toString(16).padStart(32, "0")}`, object: "message", status: "sent", subject: "Quick question", to: ["grace@example.org"] } });
      }
    });
  }
}

/** Events committed → every delivery recorded delivered; deliveries per second. */
async function applianceRun(): Promise<{ rate: number; delivered: number; attempts: number; verified: number; failed: number }> {
  const ws = await setUpWorkspace();
  await stats(true);
  const target = EVENTS * ENDPOINTS;
  const started = performance.now();
  emitEvents(ws.workspace.id, EVENTS);
  const where = and(eq(webhookDeliveries.workspaceId, ws.workspace.id), eq(webhookDeliveries.state, "delivered"));
  let delivered = 0;
  while (delivered < target) {
    await Bun.sleep(10);
    delivered = ctx.db.select({ n: count() }).from(webhookDeliveries).where(where).get()!.n;
  }
  const seconds = (performance.now() - started) / 1000;
  const attempts = Number(ctx.db.select({ n: sum(webhookDeliveries.attempts) }).from(webhookDeliveries).where(eq(webhookDeliveries.workspaceId, ws.workspace.id)).get()!.n);
  const s = await stats();
  return { rate: target / seconds, delivered, attempts, verified: s.verified, failed: s.failed };
}

/** The ceiling: the same signed POSTs from a bare client, nothing recorded. */
async function ceilingRun(): Promise<number> {
  const secret = "whsec_" + Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64");
  const body = JSON.stringify({ id: "evt_0", object: "event", type: "message.sent", data: { id: "msg_0", object: "message", status: "sent" }, synthetic: false, webhook_endpoint_id: null, created_at: new Date().toISOString() });
  const target = EVENTS * ENDPOINTS;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < target) {
        const i = next++;
        const msgId = `evt_${i}`;
        const timestamp = Math.floor(Date.now() / 1000);
        const res = await fetch(receiverUrl(i % ENDPOINTS, "/raw"), {
          method: "POST",
          body,
          headers: { "content-type": "application/json", "webhook-id": msgId, "webhook-timestamp": String(timestamp), "webhook-signature": signPayload({ msgId, timestamp, body, secrets: [secret] }) },
        });
        await res.text();
      }
    }),
  );
  return target / ((performance.now() - started) / 1000);
}

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}

/** Event committed → parked GET /v1/events?wait= answered, in ms. */
async function wakeups(): Promise<number[]> {
  const ws = createWorkspace(ctx, { name: "bench-longpoll" });
  const auth = { authorization: `Bearer ${ws.apiKey}` };
  let after = transact(ctx, (_tx, outbox) => outbox.emit({ workspaceId: ws.workspace.id, type: "endpoint.test", data: {} })).id;
  const out: number[] = [];
  for (let i = 0; i < WAKEUPS; i++) {
    const poll = fetch(`${running.url}/v1/events?after=${after}&wait=25`, { headers: auth }).then((r) => r.json());
    while (ctx.waiters.count(ws.workspace.id) === 0) await Bun.sleep(1);
    const t0 = performance.now();
    after = transact(ctx, (_tx, outbox) => outbox.emit({ workspaceId: ws.workspace.id, type: "endpoint.test", data: { i } })).id;
    const page = (await poll) as { data: { id: string }[] };
    out.push(performance.now() - t0);
    if (page.data[0]?.id !== after) throw new Error("long-poll answered without the event");
  }
  return out;
}

/** The ceiling: a bare Bun long-poll released by an in-process call. */
async function bareWakeups(): Promise<number[]> {
  let release: (() => void) | null = null;
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    idleTimeout: 60,
    fetch: () => new Promise<Response>((resolve) => (release = () => resolve(Response.json({ data: [{ id: "evt" }] })))),
  });
  const out: number[] = [];
  for (let i = 0; i < WAKEUPS; i++) {
    release = null;
    const poll = fetch(`http://127.0.0.1:${server.port}/`).then((r) => r.json());
    while (release === null) await Bun.sleep(1);
    const t0 = performance.now();
    (release as () => void)();
    await poll;
    out.push(performance.now() - t0);
  }
  server.stop(true);
  return out;
}

const loadBefore = loadavg()[0]!.toFixed(2);
try {
  const runs: Awaited<ReturnType<typeof applianceRun>>[] = [];
  const ceilings: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    ceilings.push(await ceilingRun());
    const run = await applianceRun();
    if (run.verified !== EVENTS * ENDPOINTS || run.failed !== 0 || run.attempts !== EVENTS * ENDPOINTS) {
      throw new Error(`run ${r + 1}: ${JSON.stringify(run)} — expected ${EVENTS * ENDPOINTS} verified deliveries, one attempt each`);
    }
    runs.push(run);
    console.log(`run ${r + 1}: appliance ${Math.round(run.rate)} deliveries/s, raw client ${Math.round(ceilings[r]!)} requests/s`);
  }
  const wake = await wakeups();
  const bare = await bareWakeups();
  const rate = median(runs.map((r) => r.rate));
  const ceiling = median(ceilings);
  const fmt = (n: number, d = 0) => n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
  const table = [
    "| measure | Nearbound | ceiling | ratio | goal |",
    "|---|---|---|---|---|",
    `| signed deliveries/s, ${fmt(EVENTS)} events × ${ENDPOINTS} endpoints, every attempt recorded (median of ${RUNS}) | ${fmt(rate)} | ${fmt(ceiling)} (raw signed POSTs, ${CONCURRENCY} in flight, nothing recorded) | ${fmt(rate / ceiling, 2)} | ≥ 2,000 |`,
    `| event → long-poll wake-up p50, ms (${WAKEUPS} wake-ups) | ${fmt(percentile(wake, 50), 2)} | ${fmt(percentile(bare, 50), 2)} (bare Bun long-poll) | | |`,
    `| event → long-poll wake-up p99, ms | ${fmt(percentile(wake, 99), 2)} | ${fmt(percentile(bare, 99), 2)} | | ≤ 50 |`,
  ].join("\n");
  console.log(`\n${table}\n`);
  if (!process.argv.includes("--dry")) appendSection(
    "Webhooks (bench:webhooks)",
    `${table}\n\nEach delivery is signed (Standard Webhooks, verified by the \`standardwebhooks\` library in the receiver process), sent to one of ${ENDPOINTS} loopback receivers in a child process, and its attempt recorded with synchronous=FULL commits (claims and outcomes batched). The clock starts before the events are committed and stops when every delivery reads \`delivered\`. Load average at start: ${loadBefore}.`,
  );
} finally {
  await running.stop();
  ctx.db.$client.close();
  child.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
