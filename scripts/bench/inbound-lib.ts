// What the two bench:inbound runs share (inbound.ts: DSNs and replies mixed;
// inbound-replies.ts: the inbox's replies): the remote side (8 sending domains,
// each with its DKIM key, SPF and DMARC served by a loopback DNS server),
// DKIM signing, delivery over pooled SMTP connections, the serve process and
// the ceiling (smtp-server + mailparser alone, inbound-ceiling.ts).
import { generateKeyPairSync } from "node:crypto";
import { join } from "node:path";
import { dkimSign } from "mailauth/lib/dkim/sign";
import nodemailer from "nodemailer";
import { startDnsServer, type Zone } from "../../test/helpers/dns";
import { freePort } from "./lib";

export const CLIENTS = 10;
export const REMOTE_DOMAINS = 8;
const root = new URL("../..", import.meta.url).pathname;

export interface Remote {
  domain: string;
  selector: string;
  key: string;
}

export interface Mail {
  from: string;
  to: string;
  raw: Buffer;
}

/** The remote domains and a loopback DNS server answering their DKIM keys, SPF and DMARC. */
export async function startRemote(count = REMOTE_DOMAINS) {
  const keys = Array.from({ length: count }, (_, k) => {
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    return { domain: `remote${k}.bench.test`, selector: "s1", key: privateKey.export({ type: "pkcs8", format: "pem" }) as string, pub: publicKey.export({ type: "spki", format: "der" }).toString("base64") };
  });
  const zone: Zone = {};
  for (const r of keys) {
    zone[`s1._domainkey.${r.domain}`] = { TXT: [`v=DKIM1; k=rsa; p=${r.pub}`] };
    zone[r.domain] = { TXT: ["v=spf1 ip4:127.0.0.1 -all"], A: ["127.0.0.1"] };
    zone[`_dmarc.${r.domain}`] = { TXT: ["v=DMARC1; p=reject; rua=mailto:dmarc@" + r.domain] };
  }
  const dns = await startDnsServer(zone);
  const remote: Remote[] = keys.map(({ domain, selector, key }) => ({ domain, selector, key }));
  return { remote, dns };
}

/** The message with a DKIM-Signature (relaxed/relaxed, RSA-2048) of its domain on top. */
export async function signed(raw: string | Buffer, r: Remote): Promise<Buffer> {
  // dkimSign reads signatureData; given the key at the top level it signs nothing and says nothing
  const s = await dkimSign(raw, { signatureData: [{ signingDomain: r.domain, selector: r.selector, privateKey: r.key, canonicalization: "relaxed/relaxed" }] } as never);
  if (!s.signatures.startsWith("DKIM-Signature:")) throw new Error(`the bench's DKIM signing failed: ${JSON.stringify(s.errors)}`);
  return Buffer.concat([Buffer.from(s.signatures), Buffer.isBuffer(raw) ? raw : Buffer.from(raw)]);
}

/**
 * Sends every message over `CLIENTS` pooled connections, one transaction at a
 * time each. Answers the milliseconds taken and, per message, the wall-clock
 * time (Date.now()) its 250 arrived.
 */
export async function deliver(port: number, mail: Mail[]): Promise<{ ms: number; acceptedAt: number[] }> {
  const pool = nodemailer.createTransport({ host: "127.0.0.1", port, pool: true, maxConnections: CLIENTS, maxMessages: Infinity, secure: false, ignoreTLS: true });
  const acceptedAt = new Array<number>(mail.length).fill(0);
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < mail.length) {
        const i = next++;
        const m = mail[i]!;
        await pool.sendMail({ envelope: { from: m.from, to: [m.to] }, raw: m.raw });
        acceptedAt[i] = Date.now();
      }
    }),
  );
  const ms = performance.now() - t0;
  pool.close();
  return { ms, acceptedAt };
}

/** `serve` on the data directory, its SMTP listener on a port of its own; BENCH_PROFILE=dir writes its CPU profile (markdown, and .cpuprofile for tools). */
export async function startServe(dataDir: string, dnsServers: string, env: Record<string, string> = {}) {
  const smtpPort = await freePort();
  const profile = process.env.BENCH_PROFILE ? ["--cpu-prof", "--cpu-prof-md", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const proc = Bun.spawn([process.execPath, ...profile, join(root, "src/main.ts"), "serve", "--data-dir", dataDir, "--port", String(await freePort())], {
    stdout: "ignore",
    stderr: "inherit",
    env: { ...process.env, NEARBOUND_HOSTNAME: "mx.bench.test", NEARBOUND_SMTP_PORT: String(smtpPort), NEARBOUND_DNS_SERVERS: dnsServers, NEARBOUND_SMTP_MAX_PER_IP: "100", ...env },
  });
  for (let tries = 0; ; tries++) {
    try {
      await nodemailer.createTransport({ host: "127.0.0.1", port: smtpPort, ignoreTLS: true }).verify();
      break;
    } catch (err) {
      if (tries > 200 || proc.exitCode !== null) {
        proc.kill();
        throw err;
      }
      await Bun.sleep(50);
    }
  }
  return {
    smtpPort,
    pid: proc.pid,
    async stop() {
      proc.kill();
      await proc.exited;
    },
  };
}

/** The ceiling on the same messages: smtp-server + mailparser alone, in a process of its own; answers the milliseconds. */
export async function ceilingMs(mail: Mail[]): Promise<number> {
  const port = await freePort();
  const ceiling = Bun.spawn([process.execPath, join(root, "scripts/bench/inbound-ceiling.ts"), String(port)], { stdin: "pipe", stdout: "pipe", stderr: "inherit" });
  await ceiling.stdout.getReader().read(); // "ready"
  const { ms } = await deliver(port, mail);
  ceiling.stdin.end();
  await ceiling.exited;
  return ms;
}
