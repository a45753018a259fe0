// bench:inbound — two runs, each its own section in docs/benchmarks.md:
//   1. the evidence run (this file): 10,000 messages of ~5 KB, half DSNs to the
//      VERP addresses of messages we sent, half replies to the sender identity;
//   2. the inbox run (inbound-replies.ts, its own process): replies to a
//      started campaign, 10,000 of ~5 KB and 5,000 multipart of ~48 KB, with
//      reply → enrollment stopped latencies.
// Here: each message DKIM-signed by its own sending domain, delivered over SMTP
// on loopback by 10 concurrent clients to the serve process's listener:
// accepted durably (fsync before each 250), authenticated by mailauth (a
// loopback DNS server answers DKIM keys, SPF and DMARC), parsed, classified,
// matched and recorded. Side by side with the ceiling: smtp-server +
// mailparser alone on the same messages (its own process, nothing stored),
// and the report parser alone.
//   BENCH_ONLY (evidence | replies; both when unset)  BENCH_MESSAGES (10000)  BENCH_RECORD (1)  BENCH_PROFILE (a directory: the serve process's CPU profile)  BENCH_THREADS (1: serve's CPU by thread)
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/config";
import { createContext } from "../../src/context";
import { messages, sendingDomains } from "../../src/db/schema";
import { silentLogger } from "../../src/lib/log";
import { createMessage } from "../../src/modules/messages/messages";
import { createConnection } from "../../src/modules/sending/connections";
import { createSendingDomain } from "../../src/modules/sending/domains/domains";
import { createWorkspace } from "../../src/modules/workspaces/workspaces";
import { parseReport } from "../../src/smtp-in/bounces";
import { CLIENTS, REMOTE_DOMAINS, ceilingMs, deliver as deliverAll, signed, startRemote, startServe } from "./inbound-lib";
import { appendSection, cpuOf, cpuTimes } from "./lib";

/** The inbox run, in a process of its own (its memory and the serve process it starts are its own). */
async function replies(): Promise<void> {
  const run = Bun.spawn([process.execPath, new URL("./inbound-replies.ts", import.meta.url).pathname], { stdout: "inherit", stderr: "inherit", env: process.env });
  if ((await run.exited) !== 0) throw new Error(`inbound-replies.ts exited with ${run.exitCode}`);
}
if (process.env.BENCH_ONLY === "replies") {
  await replies();
  process.exit(0);
}

const N = Number(process.env.BENCH_MESSAGES ?? 10_000);
const DOMAIN = "outreach.bench.test";

// ---- the remote side's DNS: a DKIM key, SPF and DMARC for each sending domain
const { remote, dns } = await startRemote();

// ---- setup (not measured): a workspace, a verified domain, an identity and N/2 sent messages
const dataDir = mkdtempSync(join(tmpdir(), "nearbound-bench-inbound-"));
const ctx = createContext(loadConfig({ "data-dir": dataDir }, { NEARBOUND_HOSTNAME: "mx.bench.test" }), { log: silentLogger });
const ws = createWorkspace(ctx, { name: "bench" });
await createSendingDomain(ctx, { workspaceId: ws.workspace.id, domain: DOMAIN });
ctx.db.update(sendingDomains).set({ status: "verified", verifiedAt: Date.now() }).run();
const identity = `ada@${DOMAIN}`;
const { identities } = createConnection(ctx, { workspaceId: ws.workspace.id, kind: "managed", name: "MTA", identities: [{ email: identity, name: "Ada Lovelace" }] });
const words = "outbound pipeline quarterly revenue onboarding integration latency churn forecast partner renewal pricing".split(" ");
const paragraph = (i: number) => Array.from({ length: 60 }, (_, k) => words[(i * 7 + k * 13) % words.length]).join(" ");
const text = (i: number) => Array.from({ length: 8 }, (_, k) => paragraph(i + k)).join("\n\n");
const sent: { id: string; to: string; verp: string; messageIdHeader: string }[] = [];
ctx.db.transaction(() => {
  for (let i = 0; i < Math.ceil(N / 2); i++) {
    const to = `person${i}.${crypto.randomUUID().slice(0, 8)}@remote${i % REMOTE_DOMAINS}.bench.test`;
    const m = createMessage(ctx, { workspaceId: ws.workspace.id, senderIdentityId: identities[0]!.id, to: [to], cc: [], bcc: [], subject: `Quick question ${i}`, text: text(i), html: null, headers: {}, sendAt: null, tracking: false });
    sent.push({ id: m.message.id, to, verp: m.message.envelopeFrom, messageIdHeader: m.message.messageIdHeader });
  }
});
ctx.db.update(messages).set({ status: "sent", sentAt: Date.now() }).run();
ctx.db.$client.close();

// ---- the messages: DSNs (RFC 3464 with the returned original) and replies, each signed by its domain
const date = new Date().toUTCString();
function dsnOf(i: number): { from: string; to: string; raw: string } {
  const s = sent[i % sent.length]!;
  const r = remote[i % REMOTE_DOMAINS]!;
  const status = i % 3 ? "5.1.1" : "5.2.2";
  const raw = [
    `From: Mail Delivery System <MAILER-DAEMON@${r.domain}>`,
    `To: ${s.verp}`,
    `Subject: Undelivered Mail Returned to Sender`,
    `Date: ${date}`,
    `Message-ID: <${crypto.randomUUID()}@${r.domain}>`,
    `Auto-Submitted: auto-replied`,
    `MIME-Version: 1.0`,
    `Content-Type: multipart/report; report-type=delivery-status; boundary="b${i}"`,
    ``,
    `--b${i}`,
    `Content-Type: text/plain; charset=us-ascii`,
    ``,
    `This is the mail system at host ${r.domain}. Your message could not be delivered.`,
    ``,
    `--b${i}`,
    `Content-Type: message/delivery-status`,
    ``,
    `Reporting-MTA: dns; mx.${r.domain}`,
    ``,
    `Final-Recipient: rfc822; ${s.to}`,
    `Action: failed`,
    `Status: ${status}`,
    `Diagnostic-Code: smtp; 550 ${status} <${s.to}>: ${status === "5.1.1" ? "Recipient address rejected: User unknown" : "Mailbox full"}`,
    ``,
    `--b${i}`,
    `Content-Type: message/rfc822`,
    ``,
    `From: Ada Lovelace <${identity}>`,
    `To: ${s.to}`,
    `Subject: Quick question ${i}`,
    `Message-ID: <${s.messageIdHeader}>`,
    ``,
    text(i),
    ``,
    `--b${i}--`,
    ``,
  ].join("\r\n");
  return { from: "", to: s.verp, raw };
}
function replyOf(i: number): { from: string; to: string; raw: string } {
  const s = sent[i % sent.length]!;
  const raw = [
    `From: ${s.to}`,
    `To: Ada Lovelace <${identity}>`,
    `Subject: Re: Quick question ${i}`,
    `Date: ${date}`,
    `Message-ID: <${crypto.randomUUID()}@${s.to.split("@")[1]}>`,
    `In-Reply-To: <${s.messageIdHeader}>`,
    `MIME-Version: 1.0`,
    `Content-Type: text/plain; charset=utf-8`,
    ``,
    `Thanks, this is interesting. ${text(i + 1)}`,
    ``,
  ].join("\r\n");
  return { from: s.to, to: identity, raw };
}
const mail = await Promise.all(
  Array.from({ length: N }, async (_, i) => {
    const m = i % 2 ? replyOf(i) : dsnOf(i);
    return { ...m, raw: await signed(m.raw, remote[i % REMOTE_DOMAINS]!) };
  }),
);
const kb = mail.reduce((n, m) => n + m.raw.length, 0) / N / 1024;

const deliver = async (port: number) => (await deliverAll(port, mail)).ms;

// ---- Nearbound: the serve process's listener, until every message is processed
const server = await startServe(dataDir, dns.servers);
function processedCount(): { processed: number; matched: number; events: number; dkimPass: number } {
  const db = new Database(join(dataDir, "nearbound.sqlite"), { readonly: true });
  try {
    const q = (sql: string) => db.query<{ n: number }, []>(sql).get()!.n;
    return {
      processed: q("SELECT count(*) AS n FROM inbound_messages WHERE state = 'processed'"),
      matched: q("SELECT count(*) AS n FROM inbound_messages WHERE message_id IS NOT NULL"),
      events: q("SELECT count(*) AS n FROM delivery_events WHERE inbound_message_id IS NOT NULL"),
      dkimPass: q("SELECT count(*) AS n FROM inbound_messages WHERE json_extract(authentication, '$.dkim[0].result') = 'pass'"),
    };
  } finally {
    db.close();
  }
}
let nb = { acceptedMs: 0, processedMs: 0, counts: { processed: 0, matched: 0, events: 0, dkimPass: 0 }, cpu: { main: 0, others: 0 }, steal: 0 };
try {
  const [cpu0, times0] = [cpuOf(server.pid), cpuTimes()];
  const t0 = performance.now();
  nb.acceptedMs = await deliver(server.smtpPort);
  while ((nb.counts = processedCount()).processed < N) await Bun.sleep(50);
  nb.processedMs = performance.now() - t0;
  const [cpu1, times1] = [cpuOf(server.pid), cpuTimes()];
  nb.cpu = { main: cpu1.main - cpu0.main, others: cpu1.others - cpu0.others };
  nb.steal = (times1.steal - times0.steal) / Math.max(1, times1.all - times0.all);
} finally {
  await server.stop();
}

// ---- the ceiling: smtp-server + mailparser alone, its own process
const ceiling = await ceilingMs(mail);

// ---- the report parser alone, on the same messages
const tp = performance.now();
for (const m of mail) parseReport(m.raw);
const parseMs = performance.now() - tp;

await dns.close();
rmSync(dataDir, { recursive: true, force: true });

const rate = (ms: number) => Math.round(N / (ms / 1000));
const share = Math.round((100 * rate(nb.processedMs)) / rate(ceiling));
const lines = [
  "| path | messages/s | seconds | share of the ceiling |",
  "|---|---|---|---|",
  `| Nearbound end to end: SMTP (${CLIENTS} clients) → fsync'd before each 250 → SPF, DKIM, DMARC, ARC → classified, matched, recorded | ${rate(nb.processedMs)} | ${(nb.processedMs / 1000).toFixed(1)} | ${share} % |`,
  `| of which accepted (every 250 given) | ${rate(nb.acceptedMs)} | ${(nb.acceptedMs / 1000).toFixed(1)} | |`,
  `| ceiling: smtp-server + mailparser, nothing stored | ${rate(ceiling)} | ${(ceiling / 1000).toFixed(1)} | 100 % |`,
  `| the report parser alone (parseReport, one thread) | ${rate(parseMs)} | ${(parseMs / 1000).toFixed(2)} | |`,
  "",
  `Matched ${nb.counts.matched.toLocaleString("en")} of ${N.toLocaleString("en")}; DKIM verified (pass) for ${nb.counts.dkimPass.toLocaleString("en")}; ${nb.counts.events.toLocaleString("en")} delivery events recorded from DSNs.`,
  `serve's CPU ${nb.cpu.main.toFixed(1)} s on its main thread and ${nb.cpu.others.toFixed(1)} s on its other threads (${((1000 * (nb.cpu.main + nb.cpu.others)) / N).toFixed(2)} ms a message); CPU steal ${(100 * nb.steal).toFixed(0)} %.`,
  `Goals: ≥ 350 messages/s end to end — ${rate(nb.processedMs) >= 350 ? "met" : "not met"}; ≥ 60 % of the ceiling — ${share >= 60 ? "met" : "not met"}; parsing faster than sisimai's ~740 bounces/s — ${rate(parseMs) > 740 ? "met" : "not met"}.`,
];
console.log(lines.join("\n"));
if (process.env.BENCH_RECORD !== "0") {
  appendSection(
    "Inbound (bench:inbound)",
    `${N.toLocaleString("en")} messages (${kb.toFixed(1)} KB on average; half RFC 3464 DSNs to VERP addresses of sent messages, half replies to the identity; each DKIM-signed RSA-2048 by one of ${REMOTE_DOMAINS} domains whose key, SPF and DMARC a loopback DNS server answers) over ${CLIENTS} SMTP connections on loopback; one serve process, not pinned.\n\n${lines.join("\n")}`,
  );
}

if (process.env.BENCH_ONLY !== "evidence") await replies();
