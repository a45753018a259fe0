// bench:inbound — 10,000 messages of ~5 KB (half DSNs to the VERP addresses of
// messages we sent, half replies to the sender identity), each DKIM-signed by
// its own sending domain, delivered over SMTP on loopback by 10 concurrent
// clients to the serve process's listener: accepted durably (fsync before each
// 250), authenticated by mailauth (a loopback DNS server answers DKIM keys,
// SPF and DMARC), parsed, classified, matched and recorded. Side by side with
// the ceiling: smtp-server + mailparser alone on the same messages (its own
// process, nothing stored), and the report parser alone.
//   BENCH_MESSAGES (10000)  BENCH_RECORD (1)  BENCH_PROFILE (a directory: the serve process's CPU profile)
import { Database } from "bun:sqlite";
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { dkimSign } from "mailauth/lib/dkim/sign";
import nodemailer from "nodemailer";
import { loadConfig } from "../../src/config";
import { createContext } from "../../src/context";
import { messages, sendingDomains } from "../../src/db/schema";
import { silentLogger } from "../../src/lib/log";
import { createMessage } from "../../src/modules/messages/messages";
import { createConnection } from "../../src/modules/sending/connections";
import { createSendingDomain } from "../../src/modules/sending/domains/domains";
import { createWorkspace } from "../../src/modules/workspaces/workspaces";
import { parseReport } from "../../src/smtp-in/bounces";
import { startDnsServer, type Zone } from "../../test/helpers/dns";
import { appendSection, freePort } from "./lib";

const N = Number(process.env.BENCH_MESSAGES ?? 10_000);
const CLIENTS = 10;
const root = new URL("../..", import.meta.url).pathname;
const DOMAIN = "outreach.bench.test";
const REMOTE_DOMAINS = 8;

// ---- the remote side's DNS: a DKIM key, SPF and DMARC for each sending domain
const remote = Array.from({ length: REMOTE_DOMAINS }, (_, k) => {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return { domain: `remote${k}.bench.test`, selector: "s1", key: privateKey.export({ type: "pkcs8", format: "pem" }) as string, pub: publicKey.export({ type: "spki", format: "der" }).toString("base64") };
});
const zone: Zone = {};
for (const r of remote) {
  zone[`s1._domainkey.${r.domain}`] = { TXT: [`v=DKIM1; k=rsa; p=${r.pub}`] };
  zone[r.domain] = { TXT: ["v=spf1 ip4:127.0.0.1 -all"], A: ["127.0.0.1"] };
  zone[`_dmarc.${r.domain}`] = { TXT: ["v=DMARC1; p=reject; rua=mailto:dmarc@" + r.domain] };
}
const dns = await startDnsServer(zone);

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
    const r = remote[i % REMOTE_DOMAINS]!;
    const signed = await dkimSign(m.raw, { signingDomain: r.domain, selector: r.selector, privateKey: r.key, canonicalization: "relaxed/relaxed" } as never);
    return { ...m, raw: Buffer.from(signed.signatures + m.raw) };
  }),
);
const kb = mail.reduce((n, m) => n + m.raw.length, 0) / N / 1024;

/** Sends every message over `CLIENTS` connections, one transaction at a time each; answers the milliseconds. */
async function deliver(port: number): Promise<number> {
  const pool = nodemailer.createTransport({ host: "127.0.0.1", port, pool: true, maxConnections: CLIENTS, maxMessages: Infinity, secure: false, ignoreTLS: true });
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < N) {
        const m = mail[next++]!;
        await pool.sendMail({ envelope: { from: m.from, to: [m.to] }, raw: m.raw });
      }
    }),
  );
  const ms = performance.now() - t0;
  pool.close();
  return ms;
}

// ---- Nearbound: the serve process's listener, until every message is processed
const smtpPort = await freePort();
const profile = process.env.BENCH_PROFILE ? ["--cpu-prof-md", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
const server = Bun.spawn([process.execPath, ...profile, join(root, "src/main.ts"), "serve", "--data-dir", dataDir, "--port", String(await freePort())], {
  stdout: "ignore",
  stderr: "inherit",
  env: { ...process.env, NEARBOUND_HOSTNAME: "mx.bench.test", NEARBOUND_SMTP_PORT: String(smtpPort), NEARBOUND_DNS_SERVERS: dns.servers, NEARBOUND_SMTP_MAX_PER_IP: "100" },
});
function processedCount(): { processed: number; matched: number; events: number } {
  const db = new Database(join(dataDir, "nearbound.sqlite"), { readonly: true });
  try {
    const q = (sql: string) => db.query<{ n: number }, []>(sql).get()!.n;
    return {
      processed: q("SELECT count(*) AS n FROM inbound_messages WHERE state = 'processed'"),
      matched: q("SELECT count(*) AS n FROM inbound_messages WHERE message_id IS NOT NULL"),
      events: q("SELECT count(*) AS n FROM delivery_events WHERE inbound_message_id IS NOT NULL"),
    };
  } finally {
    db.close();
  }
}
let nb = { acceptedMs: 0, processedMs: 0, counts: { processed: 0, matched: 0, events: 0 } };
try {
  for (let tries = 0; ; tries++) {
    try {
      await nodemailer.createTransport({ host: "127.0.0.1", port: smtpPort, ignoreTLS: true }).verify();
      break;
    } catch (err) {
      if (tries > 200) throw err;
      await Bun.sleep(50);
    }
  }
  const t0 = performance.now();
  nb.acceptedMs = await deliver(smtpPort);
  while ((nb.counts = processedCount()).processed < N) await Bun.sleep(50);
  nb.processedMs = performance.now() - t0;
} finally {
  server.kill();
  await server.exited;
}

// ---- the ceiling: smtp-server + mailparser alone, its own process
const ceilingPort = await freePort();
const ceiling = Bun.spawn([process.execPath, join(root, "scripts/bench/inbound-ceiling.ts"), String(ceilingPort)], { stdin: "pipe", stdout: "pipe", stderr: "inherit" });
const out = ceiling.stdout.getReader();
await out.read(); // "ready"
const ceilingMs = await deliver(ceilingPort);
ceiling.stdin.end();
await ceiling.exited;

// ---- the report parser alone, on the same messages
const tp = performance.now();
for (const m of mail) parseReport(m.raw);
const parseMs = performance.now() - tp;

await dns.close();
rmSync(dataDir, { recursive: true, force: true });

const rate = (ms: number) => Math.round(N / (ms / 1000));
const share = Math.round((100 * rate(nb.processedMs)) / rate(ceilingMs));
const lines = [
  "| path | messages/s | seconds | share of the ceiling |",
  "|---|---|---|---|",
  `| Nearbound end to end: SMTP (${CLIENTS} clients) → fsync'd before each 250 → SPF, DKIM, DMARC, ARC → classified, matched, recorded | ${rate(nb.processedMs)} | ${(nb.processedMs / 1000).toFixed(1)} | ${share} % |`,
  `| of which accepted (every 250 given) | ${rate(nb.acceptedMs)} | ${(nb.acceptedMs / 1000).toFixed(1)} | |`,
  `| ceiling: smtp-server + mailparser, nothing stored | ${rate(ceilingMs)} | ${(ceilingMs / 1000).toFixed(1)} | 100 % |`,
  `| the report parser alone (parseReport, one thread) | ${rate(parseMs)} | ${(parseMs / 1000).toFixed(2)} | |`,
  "",
  `Matched ${nb.counts.matched.toLocaleString("en")} of ${N.toLocaleString("en")}; ${nb.counts.events.toLocaleString("en")} delivery events recorded from DSNs.`,
  `Goals: ≥ 350 messages/s end to end — ${rate(nb.processedMs) >= 350 ? "met" : "not met"}; ≥ 60 % of the ceiling — ${share >= 60 ? "met" : "not met"}; parsing faster than sisimai's ~740 bounces/s — ${rate(parseMs) > 740 ? "met" : "not met"}.`,
];
console.log(lines.join("\n"));
if (process.env.BENCH_RECORD !== "0") {
  appendSection(
    "Inbound (bench:inbound)",
    `${N.toLocaleString("en")} messages (${kb.toFixed(1)} KB on average; half RFC 3464 DSNs to VERP addresses of sent messages, half replies to the identity; each DKIM-signed RSA-2048 by one of ${REMOTE_DOMAINS} domains whose key, SPF and DMARC a loopback DNS server answers) over ${CLIENTS} SMTP connections on loopback; one serve process, not pinned.\n\n${lines.join("\n")}`,
  );
}
