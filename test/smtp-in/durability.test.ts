// "A 250 means we keep it", proved with kill -9: `serve` takes replies over
// SMTP on loopback and is killed the moment the last 250 arrives (and, in a
// second run, in the middle of the stream); restarted, it ingests every
// message that got a 250: none lost, none stored twice. A message whose 250
// the kill swallowed is sent again, as a real client would, and is stored once.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { rmSync } from "node:fs";
import net from "node:net";
import { join } from "node:path";
import { startTestApp } from "../helpers/app";
import { startDnsServer, type TestDnsServer } from "../helpers/dns";
import { until } from "../helpers/http";
import { reply } from "../helpers/reports";
import { SmtpDialogue } from "../helpers/smtp-client";
import { managedSenderRows } from "../helpers/sending";

const MESSAGES = 200;
const CONNECTIONS = 4;
const root = join(import.meta.dir, "../..");

let dns: TestDnsServer;

beforeAll(async () => {
  dns = await startDnsServer(); // answers every mailauth lookup at once (NXDOMAIN): no waiting on the outside world
});
afterAll(() => dns.close());

/** A data directory with a workspace and one enabled identity; the app of this process no longer serves it. */
async function prepared(): Promise<{ dataDir: string; to: string }> {
  const app = await startTestApp({ env: { NEARBOUND_DNS_SERVERS: dns.servers } });
  const w = app.newWorkspace();
  const { email } = managedSenderRows(app, w, "mail.northwind.test");
  await app.running.stop();
  app.ctx.db.$client.close();
  return { dataDir: app.dataDir, to: email };
}

/** A port nothing listens on now: bound on 0, then closed. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function serve(dataDir: string, smtpPort: number) {
  return Bun.spawn([process.execPath, join(root, "src/main.ts"), "serve", "--data-dir", dataDir, "--port", "0"], {
    stdout: "ignore",
    stderr: "ignore",
    env: { ...process.env, NEARBOUND_SMTP_PORT: String(smtpPort), NEARBOUND_HOSTNAME: "mx.nearbound.test", NEARBOUND_DNS_SERVERS: dns.servers },
  });
}

/** Resolves once the listener greets. */
const listening = (port: number) =>
  until(
    () =>
      new Promise<boolean>((resolve) => {
        const s = net.connect(port, "127.0.0.1");
        s.once("error", () => resolve(false));
        s.once("data", (d) => (s.end("QUIT\r\n"), resolve(d.toString().startsWith("220"))));
      }),
    "the listener to greet",
    20_000,
  );

interface Stored {
  count: number;
  processed: number;
}

/** Message-ID header → how many rows hold it and how many of them are processed, read through a connection of this process. */
function stored(dataDir: string): Map<string, Stored> {
  const db = new Database(join(dataDir, "nearbound.sqlite"), { readonly: true });
  try {
    const rows = db.query<{ mid: string; state: string }, []>("SELECT message_id_header AS mid, state FROM inbound_messages").all();
    const out = new Map<string, Stored>();
    for (const r of rows) {
      const s = out.get(r.mid) ?? { count: 0, processed: 0 };
      s.count++;
      if (r.state === "processed") s.processed++;
      out.set(r.mid, s);
    }
    return out;
  } finally {
    db.close();
  }
}

/** `n` replies to `to`, each with its own Message-ID (`reply-<i>@recipient.test`). */
const replies = (to: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({ messageId: `reply-${i}@recipient.test`, raw: reply({ from: `r${i}@recipient.test`, to, messageId: `reply-${i}@recipient.test`, body: `Reply number ${i}.` }) }));

/**
 * Sends the messages over `CONNECTIONS` sessions at once, one transaction after
 * another on each; `onAck` runs the moment each 250 arrives. A session whose
 * server went away stops. Answers the Message-IDs that got a 250.
 */
async function sendAll(port: number, to: string, messages: { messageId: string; raw: string }[], onAck: (acked: Set<string>) => void): Promise<Set<string>> {
  const acked = new Set<string>();
  const queue = [...messages];
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, c) => {
      const { client, greeting } = await SmtpDialogue.open(port);
      if (greeting.code !== 220) return;
      if ((await client.command(`EHLO client${c}.test`)).code !== 250) return;
      for (let m = queue.shift(); m; m = queue.shift()) {
        const r = await client.send(`sender${c}@recipient.test`, [to], m.raw);
        if (r.data?.code !== 250) return; // 0: the connection died with the server
        acked.add(m.messageId);
        onAck(acked);
      }
      client.close();
    }),
  );
  return acked;
}

/** Every acked message is stored once and processed; nothing is stored twice; answers the stored map. */
async function everyAckedProcessed(dataDir: string, acked: Set<string>): Promise<Map<string, Stored>> {
  const ready = (s: Map<string, Stored>) => [...acked].every((id) => s.get(id)?.processed === 1) && [...s.values()].every((x) => x.processed === x.count);
  // leases the killed process held are released when the new one starts; each check opens the database, so checks are spaced
  await until(() => ready(stored(dataDir)), "every accepted message stored and processed", 90_000, 50);
  const s = stored(dataDir);
  const lost = [...acked].filter((id) => !s.has(id));
  const twice = [...s].filter(([, x]) => x.count > 1).map(([id]) => id);
  expect(lost).toEqual([]);
  expect(twice).toEqual([]);
  return s;
}

test(`kill -9 the moment the last of ${MESSAGES} 250s arrives: after a restart every one is stored once and processed`, async () => {
  const { dataDir, to } = await prepared();
  const port = await freePort();
  try {
    const first = serve(dataDir, port);
    await listening(port);
    const acked = await sendAll(port, to, replies(to, MESSAGES), (a) => a.size === MESSAGES && first.kill(9));
    await first.exited;
    expect(first.signalCode).toBe("SIGKILL");
    expect(acked.size).toBe(MESSAGES);
    // durable before the restart: the rows are in the file the killed process left
    const atKill = stored(dataDir);
    expect([...acked].filter((id) => !atKill.has(id))).toEqual([]);

    const second = serve(dataDir, port);
    try {
      const s = await everyAckedProcessed(dataDir, acked);
      expect(s.size).toBe(MESSAGES);
    } finally {
      second.kill();
      await second.exited;
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);

test(`kill -9 in the middle of ${MESSAGES} messages: every 250 survives; the rest, sent again after the restart, is stored once`, async () => {
  const { dataDir, to } = await prepared();
  const port = await freePort();
  const messages = replies(to, MESSAGES);
  try {
    const first = serve(dataDir, port);
    await listening(port);
    const acked = await sendAll(port, to, messages, (a) => a.size === MESSAGES / 4 && first.kill(9));
    await first.exited;
    expect(first.signalCode).toBe("SIGKILL");
    expect(acked.size).toBeGreaterThanOrEqual(MESSAGES / 4);
    expect(acked.size).toBeLessThan(MESSAGES);
    const atKill = stored(dataDir);
    expect([...acked].filter((id) => !atKill.has(id))).toEqual([]);

    const second = serve(dataDir, port);
    try {
      await listening(port);
      // the client retries what it has no 250 for: some of those were stored before the kill (their 250 lost), and stay single
      const rest = messages.filter((m) => !acked.has(m.messageId));
      const retried = await sendAll(port, to, rest, () => {});
      expect(retried.size).toBe(rest.length);
      const s = await everyAckedProcessed(dataDir, new Set([...acked, ...retried]));
      expect(s.size).toBe(MESSAGES);
    } finally {
      second.kill();
      await second.exited;
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);
