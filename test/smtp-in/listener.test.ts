// The inbound listener's SMTP dialogue over real sockets on loopback: never an
// open relay (550 5.7.1 at RCPT for anything not ours), the recipient and size
// limits, the per-IP connection limit, STARTTLS with a self-signed certificate
// from real clients (swaks, nodemailer), duplicate suppression, the null
// sender, and a graceful stop that lets a transaction in DATA finish.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import net from "node:net";
import { join } from "node:path";
import nodemailer from "nodemailer";
import { startTestApp, type TestApp, type TestWorkspace } from "../helpers/app";
import { expectOk, until } from "../helpers/http";
import { reply } from "../helpers/reports";
import { SmtpDialogue, smtpSend, type Reply } from "../helpers/smtp-client";
import { managedSenderRows, queueMessage, smtpSender, type TestSender } from "../helpers/sending";

const SWAKS = "/usr/bin/swaks"; // Debian's, installed by scripts/setup-test.sh
const TLS_DIR = join(import.meta.dir, "../fixtures/tls");
const MAX_SIZE = 20_000;

let app: TestApp; // STARTTLS offered, 20,000-byte limit
let plain: TestApp; // no TLS configuration, two connections per address

beforeAll(async () => {
  app = await startTestApp({
    smtp: true,
    env: {
      NEARBOUND_HOSTNAME: "mx.nearbound.test",
      NEARBOUND_SMTP_MAX_SIZE: String(MAX_SIZE),
      NEARBOUND_TLS_CERT: join(TLS_DIR, "localhost.crt"),
      NEARBOUND_TLS_KEY: join(TLS_DIR, "localhost.key"),
    },
  });
  plain = await startTestApp({ smtp: true, env: { NEARBOUND_HOSTNAME: "mx.nearbound.test", NEARBOUND_SMTP_MAX_PER_IP: "2" } });
});
afterAll(async () => {
  await app.close();
  await plain.close();
});

/** Every inbound message stored, all workspaces. */
const storedCount = (a: TestApp = app) => a.ctx.db.$client.query<{ n: number }, []>("SELECT count(*) AS n FROM inbound_messages").get()!.n;

async function inboundOf(w: TestWorkspace): Promise<any[]> {
  const r = await w.api.get("/v1/inbound_messages");
  expectOk(r);
  return r.body.data;
}

/** A workspace with one enabled identity (a managed connection's rows) and a message queued from it: its VERP address. */
async function mailbox(a: TestApp = app): Promise<{ w: TestWorkspace; identity: TestSender; verp: string }> {
  const w = a.newWorkspace();
  const identity = managedSenderRows(a, w, `${crypto.randomUUID().slice(0, 8)}.outreach.test`);
  const m = await queueMessage(w, identity);
  const verp = a.ctx.db.$client.query<{ e: string }, [string]>("SELECT envelope_from AS e FROM messages WHERE id = ?1").get(m.id)!.e;
  return { w, identity, verp };
}

async function ehlo(port: number): Promise<{ client: SmtpDialogue; ehlo: Reply }> {
  const { client, greeting } = await SmtpDialogue.open(port);
  expect(greeting.code).toBe(220);
  return { client, ehlo: await client.command("EHLO client.test") };
}

/** Distinct filler lines: a message body of about `bytes`. */
const filler = (bytes: number) => Array.from({ length: Math.ceil(bytes / 64) }, (_, i) => `${String(i).padStart(6, "0")} ${"x".repeat(56)}`).join("\r\n");

describe("recipients: never an open relay", () => {
  test("a foreign address is refused at RCPT with 550 5.7.1, and nothing is stored", async () => {
    const before = storedCount();
    const { client } = await ehlo(app.running.smtpPort);
    try {
      expect((await client.command("MAIL FROM:<spammer@elsewhere.test>")).code).toBe(250);
      const rcpt = await client.command("RCPT TO:<victim@gmail.example>");
      expect(rcpt.code).toBe(550);
      expect(rcpt.text).toStartWith("5.7.1");
      // DATA without an accepted recipient is refused too
      expect((await client.command("DATA")).code).toBe(503);
    } finally {
      client.close();
    }
    expect(storedCount()).toBe(before);
  });

  test("our addresses only: a real VERP address and an enabled identity are taken; a forged VERP tag, a VERP on another host, a disabled identity and an archived connection's identity are refused", async () => {
    const { w, identity, verp } = await mailbox();
    const disabled = await smtpSender(w, { enabled: false });
    const archived = await smtpSender(w, { archived: true });
    const [local, host] = verp.split("@") as [string, string];
    const tag = local.slice(-8);
    const forgedTag = local.slice(0, -8) + (tag === "aaaaaaaa" ? "bbbbbbbb" : "aaaaaaaa");
    const { client } = await ehlo(app.running.smtpPort);
    try {
      expect((await client.command("MAIL FROM:<grace@example.org>")).code).toBe(250);
      const answer = async (to: string) => (await client.command(`RCPT TO:<${to}>`)).code;
      expect(await answer(verp)).toBe(250);
      expect(await answer(verp.toUpperCase())).toBe(250); // relays may change the case of local parts
      expect(await answer(identity.email)).toBe(250);
      expect(await answer(`${forgedTag}@${host}`)).toBe(550);
      expect(await answer(`${local}@bounce.elsewhere.test`)).toBe(550);
      expect(await answer(disabled.email)).toBe(550);
      expect(await answer(archived.email)).toBe(550);
      expect(await answer(`unsubscribe+${"a".repeat(24)}@${host}`)).toBe(550); // no message has this token
    } finally {
      client.close();
    }
  });

  test("more than 100 recipients: the 101st gets 452 4.5.3; the message is stored once for the 100 taken", async () => {
    const w = app.newWorkspace();
    const ids = Array.from({ length: 101 }, (_, i) => managedSenderRows(app, w, `r${i}-${crypto.randomUUID().slice(0, 8)}.outreach.test`).email);
    const { client } = await ehlo(app.running.smtpPort);
    try {
      expect((await client.command("MAIL FROM:<grace@example.org>")).code).toBe(250);
      const codes: number[] = [];
      let last: Reply | null = null;
      for (const to of ids) codes.push((last = await client.command(`RCPT TO:<${to}>`)).code);
      expect(codes.slice(0, 100)).toEqual(Array(100).fill(250));
      expect(codes[100]).toBe(452);
      expect(last!.text).toStartWith("4.5.3");
      expect((await client.data(reply({ from: "grace@example.org", to: ids[0]! }))).code).toBe(250);
    } finally {
      client.close();
    }
    const [stored] = await inboundOf(w);
    expect(stored.envelope.rcpt_to).toEqual(ids.slice(0, 100));
  });

  test("a client guessing addresses: after 20 refused recipients on one connection the next gets 421 and the connection closes", async () => {
    const { client } = await ehlo(app.running.smtpPort);
    try {
      expect((await client.command("MAIL FROM:<harvester@elsewhere.test>")).code).toBe(250);
      for (let i = 0; i < 20; i++) expect((await client.command(`RCPT TO:<guess${i}@gmail.example>`)).code).toBe(550);
      const last = await client.command("RCPT TO:<guess20@gmail.example>");
      expect(last.code).toBe(421);
      expect(last.text).toStartWith("4.7.0");
      expect((await client.command("RCPT TO:<guess21@gmail.example>")).code).toBe(0); // closed
    } finally {
      client.close();
    }
    // a new connection starts afresh
    const { client: again } = await ehlo(app.running.smtpPort);
    try {
      expect((await again.command("MAIL FROM:<harvester@elsewhere.test>")).code).toBe(250);
      expect((await again.command("RCPT TO:<guess22@gmail.example>")).code).toBe(550);
    } finally {
      again.close();
    }
  });

  test("the null sender (MAIL FROM:<>) is accepted: bounces come from it", async () => {
    const { w, verp } = await mailbox();
    const r = await smtpSend(app.running.smtpPort, "", [verp], reply({ from: "MAILER-DAEMON@mx.recipient.test", to: verp }));
    expect(r.mail.code).toBe(250);
    expect(r.data!.code).toBe(250);
    const [stored] = await inboundOf(w);
    expect(stored.envelope).toMatchObject({ mail_from: "", rcpt_to: [verp], remote_address: "127.0.0.1", helo: "client.test", tls: false });
  });
});

describe("size", () => {
  test(`EHLO advertises SIZE ${MAX_SIZE}`, async () => {
    const { client, ehlo: e } = await ehlo(app.running.smtpPort);
    client.close();
    expect(e.code).toBe(250);
    expect(e.text.split("\n")).toContain(`SIZE ${MAX_SIZE}`);
  });

  test("MAIL FROM with a declared SIZE over the limit gets 552", async () => {
    const { client } = await ehlo(app.running.smtpPort);
    try {
      expect((await client.command(`MAIL FROM:<grace@example.org> SIZE=${MAX_SIZE + 1}`)).code).toBe(552);
      expect((await client.command(`MAIL FROM:<grace@example.org> SIZE=${MAX_SIZE - 1000}`)).code).toBe(250);
    } finally {
      client.close();
    }
  });

  test("a message over the limit gets 552 after the dot and nothing is stored; the session goes on", async () => {
    const { w, identity } = await mailbox();
    const before = storedCount();
    const big = reply({ from: "grace@example.org", to: identity.email, body: filler(MAX_SIZE + 5000) });
    const { client } = await ehlo(app.running.smtpPort);
    try {
      const r = await client.send("grace@example.org", [identity.email], big);
      expect(r.rcpt[0]!.code).toBe(250);
      expect(r.data!.code).toBe(552);
      expect(storedCount()).toBe(before);
      // the same connection can still deliver a message within the limit
      expect((await client.send("grace@example.org", [identity.email], reply({ from: "grace@example.org", to: identity.email }))).data!.code).toBe(250);
    } finally {
      client.close();
    }
    expect(await inboundOf(w)).toHaveLength(1);
  });
});

describe("connections", () => {
  test("per-address limit (NEARBOUND_SMTP_MAX_PER_IP=2): a third connection gets 421; once one closes, a new one is taken", async () => {
    const first = await SmtpDialogue.open(plain.running.smtpPort);
    const second = await SmtpDialogue.open(plain.running.smtpPort);
    expect([first.greeting.code, second.greeting.code]).toEqual([220, 220]);
    const third = await SmtpDialogue.open(plain.running.smtpPort);
    expect(third.greeting.code).toBe(421);
    expect(third.greeting.text).toStartWith("4.7.0");
    third.client.close();
    first.client.close();
    // the slot is given back when the server sees the close
    const next = await until(async () => {
      const c = await SmtpDialogue.open(plain.running.smtpPort);
      if (c.greeting.code === 220) return c;
      c.client.close();
      return null;
    }, "a connection taken after one closed");
    next.client.close();
    second.client.close();
  });
});

describe("STARTTLS", () => {
  test("without a TLS configuration EHLO does not offer STARTTLS, and STARTTLS is refused", async () => {
    const { client, ehlo: e } = await ehlo(plain.running.smtpPort);
    try {
      expect(e.code).toBe(250);
      expect(e.text.split("\n")).not.toContain("STARTTLS");
      expect((await client.command("STARTTLS")).code).toBeGreaterThanOrEqual(500);
    } finally {
      client.close();
    }
  });

  test("EHLO offers STARTTLS with NEARBOUND_TLS_CERT/KEY", async () => {
    const { client, ehlo: e } = await ehlo(app.running.smtpPort);
    client.close();
    expect(e.text.split("\n")).toContain("STARTTLS");
  });

  test("swaks is installed (scripts/setup-test.sh)", () => {
    expect(existsSync(SWAKS)).toBe(true);
  });

  test("swaks --tls with the self-signed certificate: 250, the stored message has tls = true", async () => {
    const { w, identity } = await mailbox();
    const raw = reply({ from: "grace@example.org", to: identity.email, subject: "Over TLS from swaks" });
    const proc = Bun.spawn(
      [SWAKS, "--tls", "--server", `127.0.0.1:${app.running.smtpPort}`, "--helo", "swaks.client.test", "--from", "grace@example.org", "--to", identity.email, "--data", "-"],
      { stdin: new Blob([raw]), stdout: "pipe", stderr: "pipe" },
    );
    const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    if (code !== 0) throw new Error(`swaks exited ${code}:\n${out}\n${err}`);
    expect(out).toMatch(/<~ +250 2\.0\.0 Ok: queued as inm_/); // "<~": read over TLS
    const [stored] = await inboundOf(w);
    expect(stored).toMatchObject({ subject: "Over TLS from swaks", envelope: { tls: true, helo: "swaks.client.test", rcpt_to: [identity.email] } });
  });

  test("nodemailer with requireTLS (certificate not verified): 250, the stored message has tls = true", async () => {
    const { w, identity } = await mailbox();
    const transport = nodemailer.createTransport({ host: "127.0.0.1", port: app.running.smtpPort, secure: false, requireTLS: true, name: "nodemailer.client.test", tls: { rejectUnauthorized: false } });
    try {
      const info = await transport.sendMail({
        envelope: { from: "grace@example.org", to: [identity.email] },
        raw: reply({ from: "grace@example.org", to: identity.email, subject: "Over TLS from nodemailer" }),
      });
      expect(info.response).toStartWith("250 2.0.0 Ok: queued as inm_");
    } finally {
      transport.close();
    }
    const [stored] = await inboundOf(w);
    expect(stored).toMatchObject({ subject: "Over TLS from nodemailer", envelope: { tls: true, helo: "nodemailer.client.test" } });
  });

  test("nodemailer verifying the certificate refuses the self-signed one: nothing is sent", async () => {
    const { w, identity } = await mailbox();
    const transport = nodemailer.createTransport({ host: "127.0.0.1", port: app.running.smtpPort, secure: false, requireTLS: true, tls: { rejectUnauthorized: true } });
    try {
      await expect(transport.sendMail({ envelope: { from: "grace@example.org", to: [identity.email] }, raw: reply({ from: "grace@example.org", to: identity.email }) })).rejects.toThrow();
    } finally {
      transport.close();
    }
    expect(await inboundOf(w)).toEqual([]);
  });
});

describe("duplicates", () => {
  test("the same bytes in two transactions: two 250s naming one stored message, one inbound_messages item", async () => {
    const { w, identity } = await mailbox();
    const raw = reply({ from: "grace@example.org", to: identity.email });
    const a = await smtpSend(app.running.smtpPort, "grace@example.org", [identity.email], raw);
    const b = await smtpSend(app.running.smtpPort, "grace@example.org", [identity.email], raw);
    expect([a.data!.code, b.data!.code]).toEqual([250, 250]);
    const id = /queued as (inm_\w+)/.exec(a.data!.text)?.[1];
    expect(b.data!.text).toContain(`queued as ${id}`);
    const list = await inboundOf(w);
    expect(list.map((m) => m.id)).toEqual([id]);
  });

  test("a copy with other trace headers (an IMAP copy: one more Received) is stored once", async () => {
    const { w, identity } = await mailbox();
    const raw = reply({ from: "grace@example.org", to: identity.email });
    const copy = `Received: from imap.example.org by relay.example.org; Sat, 21 Nov 2026 12:01:00 +0000\r\nX-Copied: yes\r\n${raw}`;
    expect((await smtpSend(app.running.smtpPort, "grace@example.org", [identity.email], raw)).data!.code).toBe(250);
    expect((await smtpSend(app.running.smtpPort, "grace@example.org", [identity.email], copy)).data!.code).toBe(250);
    expect(await inboundOf(w)).toHaveLength(1);
  });

  test("the same Message-ID with another body is another message: stored twice", async () => {
    const { w, identity } = await mailbox();
    const messageId = `${crypto.randomUUID()}@example.org`;
    await smtpSend(app.running.smtpPort, "grace@example.org", [identity.email], reply({ from: "grace@example.org", to: identity.email, messageId, body: "One" }));
    await smtpSend(app.running.smtpPort, "grace@example.org", [identity.email], reply({ from: "grace@example.org", to: identity.email, messageId, body: "Two" }));
    expect(await inboundOf(w)).toHaveLength(2);
  });
});

/** A bare SMTP connection on which the test writes what it wants and reads each reply. */
async function rawSession(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  socket.setEncoding("latin1");
  let buffer = "";
  const replies: Reply[] = [];
  const waiters: ((r: Reply) => void)[] = [];
  let lines: string[] = [];
  socket.on("data", (d: string) => {
    buffer += d;
    for (let nl = buffer.indexOf("\r\n"); nl >= 0; nl = buffer.indexOf("\r\n")) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 2);
      lines.push(line);
      if (line[3] === "-") continue;
      const r = { code: Number(line.slice(0, 3)), text: lines.map((l) => l.slice(4)).join("\n") };
      lines = [];
      const w = waiters.shift();
      if (w) w(r);
      else replies.push(r);
    }
  });
  socket.on("close", () => waiters.splice(0).forEach((w) => w({ code: 0, text: "connection closed" })));
  const next = () => new Promise<Reply>((resolve) => (replies.length ? resolve(replies.shift()!) : waiters.push(resolve)));
  return {
    next,
    write: (text: string) => socket.write(text, "latin1"),
    command: (line: string) => (socket.write(`${line}\r\n`), next()),
    end: () => socket.end(),
  };
}

describe("graceful stop", () => {
  test("a client in the middle of DATA when the runtime stops still gets its 250, and the message is stored", async () => {
    const own = await startTestApp({ smtp: true, env: { NEARBOUND_HOSTNAME: "mx.nearbound.test" } });
    try {
      const { w, identity } = await mailbox(own);
      const s = await rawSession(own.running.smtpPort);
      expect((await s.next()).code).toBe(220);
      expect((await s.command("EHLO client.test")).code).toBe(250);
      expect((await s.command("MAIL FROM:<grace@example.org>")).code).toBe(250);
      expect((await s.command(`RCPT TO:<${identity.email}>`)).code).toBe(250);
      expect((await s.command("DATA")).code).toBe(354);
      s.write(reply({ from: "grace@example.org", to: identity.email, subject: "Sent while stopping" }));
      const stopped = own.running.stop();
      // the listener no longer takes connections…
      await until(
        () =>
          new Promise<boolean>((resolve) => {
            const probe = net.connect(own.running.smtpPort, "127.0.0.1");
            probe.once("error", () => resolve(true));
            probe.once("data", () => (probe.destroy(), resolve(false)));
          }),
        "the listener closed to new connections",
      );
      // …but the transaction under way finishes
      s.write(".\r\n");
      const final = await s.next();
      expect(final.code).toBe(250);
      await stopped;
      s.end();
      const rows = own.ctx.db.$client.query<{ subject: string; state: string }, [string]>("SELECT subject, state FROM inbound_messages WHERE workspace_id = ?1").all(w.id);
      expect(rows).toEqual([{ subject: "Sent while stopping", state: "received" }]);
    } finally {
      await own.close();
    }
  });
});
