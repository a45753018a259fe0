// bench:mta — messages of 5 KB queued through the API (POST /v1/messages,
// random recipients and bodies), dual-signed (RSA-2048 + Ed25519), delivered by
// the serve process to Postfix's smtp-sink on loopback (the smart host), every
// state change durably recorded; side by side with two ceilings on the same
// sink: a raw nodemailer pool sending the same messages unsigned, and the same
// pool sending them signed with our signer and no database work.
//   BENCH_MESSAGES (10000)  BENCH_CLIENTS (32)  BENCH_RECORD (1)  BENCH_PROFILE (a directory: the serve process's CPU profile)  BENCH_THREADS (1: serve's CPU by thread)  BENCH_TIMELINE (1: sent and CPU each second once queued)
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import nodemailer from "nodemailer";
import { loadConfig } from "../../src/config";
import { createContext } from "../../src/context";
import { sendingDomains } from "../../src/db/schema";
import { silentLogger } from "../../src/lib/log";
import { buildMessage } from "../../src/mta/mime";
import { signMessage } from "../../src/mta/dkim";
import { createConnection } from "../../src/modules/sending/connections";
import { createSendingDomain } from "../../src/modules/sending/domains/domains";
import { signingKeysFor } from "../../src/modules/sending/domains/dkim-keys";
import { createWorkspace } from "../../src/modules/workspaces/workspaces";
import { appendSection, cpuOf, cpuTimes, freePort, waitHttp } from "./lib";

const N = Number(process.env.BENCH_MESSAGES ?? 10_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);
const POOL = 20; // connections to the smart host: its default (NEARBOUND_SMTP_RELAY_CONNECTIONS), and the ceilings'
const root = new URL("../..", import.meta.url).pathname;
const DOMAIN = "outreach.bench.test";

// ---- the sink: Postfix's smtp-sink accepts everything and keeps nothing
const sinkPort = await freePort();
const sink = Bun.spawn(["smtp-sink", ...(process.getuid?.() === 0 ? ["-u", "nobody"] : []), "-c", `127.0.0.1:${sinkPort}`, "1024"], { stdout: "ignore", stderr: "inherit" });
await Bun.sleep(200); // smtp-sink prints nothing when it is listening

// ---- setup (not measured): a live workspace with a verified domain and a managed connection
const dataDir = mkdtempSync(join(tmpdir(), "nearbound-bench-mta-"));
const ctx = createContext(loadConfig({ "data-dir": dataDir }, { NEARBOUND_HOSTNAME: "mta.bench.test" }), { log: silentLogger });
const ws = createWorkspace(ctx, { name: "bench" });
await createSendingDomain(ctx, { workspaceId: ws.workspace.id, domain: DOMAIN });
// its DNS records are not published anywhere: the bench marks it verified (the verification job is tested elsewhere)
ctx.db.update(sendingDomains).set({ status: "verified", verifiedAt: Date.now() }).run();
const { identities } = createConnection(ctx, { workspaceId: ws.workspace.id, kind: "managed", name: "MTA", identities: [{ email: `ada@${DOMAIN}`, name: "Ada Lovelace" }] });
const identityId = identities[0]!.id;
const keys = signingKeysFor(ctx, { workspaceId: ws.workspace.id, domain: DOMAIN })!;
ctx.db.$client.close();

// ---- the messages: distinct recipients, subjects and ~5 KB bodies
const words = "outbound pipeline quarterly revenue onboarding integration latency churn forecast partner renewal pricing".split(" ");
const paragraph = (i: number) => Array.from({ length: 60 }, (_, k) => words[(i * 7 + k * 13) % words.length]).join(" ");
const bodies = Array.from({ length: N }, (_, i) => ({
  to: [`person${i}.${crypto.randomUUID().slice(0, 8)}@recipient${i % 500}.test`],
  subject: `Quick question ${i}: ${words[i % words.length]}`,
  html: `<p>Hi there,</p>${Array.from({ length: 10 }, (_, k) => `<p>${paragraph(i + k)}</p>`).join("")}<p>Ada</p>`,
}));
const kb = Buffer.byteLength(bodies[0]!.html) / 1024;

// ---- end to end: POST every message, then wait until every one is sent
const port = await freePort();
const profile = process.env.BENCH_PROFILE ? ["--cpu-prof", "--cpu-prof-md", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
const server = Bun.spawn([process.execPath, ...profile, join(root, "src/main.ts"), "serve", "--data-dir", dataDir, "--port", String(port)], {
  stdout: "ignore",
  stderr: "inherit",
  env: {
    ...process.env,
    NEARBOUND_HOSTNAME: "mta.bench.test",
    NEARBOUND_SMTP_RELAY: `127.0.0.1:${sinkPort}`,
    NEARBOUND_ALLOW_PRIVATE_TARGETS: "1",
    NEARBOUND_SMTP_PORT: "0",
    NEARBOUND_RATE_LIMIT_PER_SECOND: "100000000",
    NEARBOUND_RATE_LIMIT_BURST: "100000000",
  },
});
const base = `http://127.0.0.1:${port}`;
const headers = { authorization: `Bearer ${ws.apiKey}`, "content-type": "application/json" };

function sentCount(): number {
  const db = new Database(join(dataDir, "nearbound.sqlite"), { readonly: true });
  try {
    return db.query<{ n: number }, []>("SELECT count(*) AS n FROM messages WHERE status = 'sent'").get()!.n;
  } finally {
    db.close();
  }
}

let e2e = { queuedMs: 0, sentMs: 0 };
// serve's CPU while it queues and sends (milliseconds a message move less with the machine's load than messages/s)
let cpu = { main: 0, others: 0, steal: 0 };
try {
  await waitHttp(`${base}/healthz`);
  const cpu0 = cpuOf(server.pid);
  const own0 = process.cpuUsage();
  const sink0 = cpuOf(sink.pid);
  const times0 = cpuTimes();
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < N) {
        const b = bodies[next++]!;
        const r = await fetch(`${base}/v1/messages`, { method: "POST", headers, body: JSON.stringify({ sender_identity_id: identityId, ...b }) });
        if (r.status !== 201) throw new Error(`POST /v1/messages: ${r.status} ${await r.text()}`);
        await r.arrayBuffer();
      }
    }),
  );
  e2e.queuedMs = performance.now() - t0;
  const timeline = Boolean(process.env.BENCH_TIMELINE);
  const cpuNow = () => (timeline ? cpuOf(server.pid) : { main: 0, others: 0 });
  let last = { t: performance.now(), sent: sentCount(), cpu: cpuNow() };
  while (last.sent < N) {
    await Bun.sleep(timeline ? 1000 : 100);
    const now = { t: performance.now(), sent: sentCount(), cpu: cpuNow() };
    if (timeline) {
      const s = (now.t - last.t) / 1000;
      console.log(`${((now.t - t0) / 1000).toFixed(1)} s: ${now.sent} sent, ${Math.round((now.sent - last.sent) / s)} msg/s, serve main ${(100 * (now.cpu.main - last.cpu.main) / s).toFixed(0)} % others ${(100 * (now.cpu.others - last.cpu.others) / s).toFixed(0)} %`);
    }
    last = now;
  }
  e2e.sentMs = performance.now() - t0;
  const cpu1 = cpuOf(server.pid);
  const times1 = cpuTimes();
  const own = process.cpuUsage(own0);
  const sink1 = cpuOf(sink.pid);
  if (process.env.BENCH_THREADS) console.log(`bench clients ${((own.user + own.system) / 1e6).toFixed(1)} s, smtp-sink ${(sink1.main + sink1.others - sink0.main - sink0.others).toFixed(1)} s`);
  cpu = { main: cpu1.main - cpu0.main, others: cpu1.others - cpu0.others, steal: (times1.steal - times0.steal) / Math.max(1, times1.all - times0.all) };
} finally {
  server.kill();
  await server.exited;
}

// ---- the ceilings: the same messages through a nodemailer pool of the same size,
// 64 in flight (as the MTA keeps them), each built (and signed) just before it is sent
async function pooled(make: (i: number) => Uint8Array | Promise<Uint8Array>): Promise<number> {
  const pool = nodemailer.createTransport({ host: "127.0.0.1", port: sinkPort, pool: true, maxConnections: POOL, maxMessages: Infinity, secure: false, ignoreTLS: true });
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 64 }, async () => {
      while (next < N) {
        const i = next++;
        await pool.sendMail({ envelope: { from: `bounces@${DOMAIN}`, to: bodies[i]!.to }, raw: Buffer.from(await make(i)) });
      }
    }),
  );
  const ms = performance.now() - t0;
  pool.close();
  return ms;
}
const mime = (i: number) =>
  buildMessage({ from: { address: `ada@${DOMAIN}`, name: "Ada Lovelace" }, to: bodies[i]!.to, cc: [], subject: bodies[i]!.subject, html: bodies[i]!.html, headers: {}, messageId: `bench${i}@${DOMAIN}`, date: new Date() });
const unsignedMs = await pooled(mime);
const signedMs = await pooled((i) => signMessage(mime(i), keys));
let signed = 0;
const t1 = performance.now();
await Promise.all(
  Array.from({ length: 64 }, async () => {
    while (signed < N) {
      signed++;
      await signMessage(mime(signed % N), keys);
    }
  }),
);
const signMs = performance.now() - t1;

sink.kill();
rmSync(dataDir, { recursive: true, force: true });

const rate = (ms: number) => Math.round(N / (ms / 1000));
const lines = [
  "| path | messages/s | seconds | share of the signed ceiling |",
  "|---|---|---|---|",
  `| Nearbound end to end: POST /v1/messages (${CLIENTS} clients) → pipeline → both signatures → smart host, every state durably recorded | ${rate(e2e.sentMs)} | ${(e2e.sentMs / 1000).toFixed(1)} | ${Math.round((100 * rate(e2e.sentMs)) / rate(signedMs))} % |`,
  `| of which queueing through the API (all ${N.toLocaleString("en")} accepted) | ${rate(e2e.queuedMs)} | ${(e2e.queuedMs / 1000).toFixed(1)} | |`,
  `| ceiling: nodemailer pool (${POOL} connections), signed with both keys, no database | ${rate(signedMs)} | ${(signedMs / 1000).toFixed(1)} | 100 % |`,
  `| ceiling: the same pool, unsigned | ${rate(unsignedMs)} | ${(unsignedMs / 1000).toFixed(1)} | |`,
  `| building and signing alone (both signatures, 64 in flight) | ${rate(signMs)} | ${(signMs / 1000).toFixed(1)} | |`,
  "",
  `serve's CPU end to end: ${cpu.main.toFixed(1)} s on its main thread and ${cpu.others.toFixed(1)} s on its other threads (${((1000 * (cpu.main + cpu.others)) / N).toFixed(2)} ms a message); CPU steal ${(100 * cpu.steal).toFixed(0)} %.`,
  "",
  `Goals: ≥ 600 messages/s end to end — ${rate(e2e.sentMs) >= 600 ? "met" : "not met"}; ≥ 60 % of the signed ceiling — ${rate(e2e.sentMs) >= 0.6 * rate(signedMs) ? "met" : "not met"}.`,
];
console.log(lines.join("\n"));
if (process.env.BENCH_RECORD !== "0") {
  appendSection(
    "MTA (bench:mta)",
    `${N.toLocaleString("en")} messages (HTML ${kb.toFixed(1)} KB each, distinct recipients over 500 domains) to Postfix's smtp-sink on loopback as the smart host (NEARBOUND_SMTP_RELAY); one serve process, not pinned.\n\n${lines.join("\n")}`,
  );
}
