// The SMTP transport's sessions: reuse, limits, idle and close, hosts tried in
// order; against smtp-server peers and Postfix's smtp-sink on loopback.
import { afterEach, describe, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import { silentLogger } from "../../src/lib/log";
import { createSmtpTransport, type SmtpTransportOptions } from "../../src/mta/smtp-transport";
import type { Route, SendRequest } from "../../src/mta/transport";
import { until } from "../helpers/http";
import { startSmtpPeer, type PeerOptions } from "../helpers/smtp";

const cleanups: (() => Promise<void> | void)[] = [];
/** Transports close first: a peer's close() waits for every client session to end. */
const transports: { close(): Promise<void> | void }[] = [];
afterEach(async () => {
  for (const t of transports.splice(0)) await t.close();
  for (const c of cleanups.splice(0).reverse()) await c();
});

const encode = (s: string) => new TextEncoder().encode(s);
const message = (subject: string) => encode(`From: ada@outreach.test\r\nTo: bob@example.test\r\nSubject: ${subject}\r\n\r\nHello.\r\n`);

function route(port: number, over: Partial<Route> = {}): Route {
  return { kind: "relay", destination: "localhost", hosts: [{ host: "localhost", port, addresses: ["127.0.0.1"] }], tls: "opportunistic", ...over };
}

function transport(o: Partial<SmtpTransportOptions> = {}) {
  const t = createSmtpTransport({ hostname: "mta.nearbound.test", log: silentLogger, ...o });
  transports.push(t);
  return t;
}

const request = (r: Route, subject = "Hello", over: Partial<SendRequest> = {}): SendRequest => ({
  route: r,
  envelope: { from: "bounce@bounce.outreach.test", to: ["bob@example.test"] },
  message: message(subject),
  beforeData: async () => {},
  ...over,
});

async function peer(o: PeerOptions = {}) {
  const p = await startSmtpPeer(o);
  cleanups.push(() => p.close());
  return p;
}

/** An smtp-server peer that logs the commands it receives and tells when sessions end. */
async function trackedPeer() {
  const commands: string[] = [];
  let open = 0;
  let closeWaiters: (() => void)[] = [];
  const debug = (meta: { tnx?: string }, _fmt: string, line?: string) => {
    if (meta?.tnx === "command" && typeof line === "string") commands.push(line.split(" ")[0]!.toUpperCase());
  };
  const noop = () => {};
  const server = new SMTPServer({
    logger: { info: noop, warn: noop, error: noop, trace: noop, fatal: noop, debug } as never,
    disabledCommands: ["STARTTLS", "AUTH"],
    disableReverseLookup: true,
    authOptional: true,
    onConnect(_s, cb) {
      open++;
      cb();
    },
    onClose() {
      open--;
      const w = closeWaiters;
      closeWaiters = [];
      w.forEach((f) => f());
    },
    onData(stream, _s, cb) {
      stream.resume();
      stream.on("end", () => cb(null, "2.0.0 Ok: queued"));
    },
  }) as SMTPServer & { connections: Set<{ _socket: net.Socket }> };
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  cleanups.push(() => new Promise<void>((r) => server.close(() => r())));
  return {
    port: (server.server.address() as net.AddressInfo).port,
    commands,
    get open() {
      return open;
    },
    /** Resolves once no session is open. */
    allClosed: () =>
      new Promise<void>((resolve) => {
        const check = () => (open === 0 ? resolve() : closeWaiters.push(check));
        check();
      }),
    /** The server drops every connection (its own idle timeout). */
    dropAll: () => {
      for (const c of server.connections) c._socket.destroy();
    },
  };
}

/** A port nobody listens on. */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", () => r()));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe("connection reuse", () => {
  test("two messages to one destination share one session", async () => {
    const p = await peer();
    const t = transport();
    for (const subject of ["one", "two"]) expect(await t.send(request(route(p.port), subject))).toMatchObject({ outcome: "answered", code: 250 });
    expect(p.sessions).toBe(1);
    expect(p.received.map((r) => r.session)).toEqual([1, 1]);
  });

  test("RSET between messages, QUIT on close()", async () => {
    const p = await trackedPeer();
    const t = createSmtpTransport({ hostname: "mta.nearbound.test", log: silentLogger });
    await t.send(request(route(p.port), "one"));
    await t.send(request(route(p.port), "two"));
    await t.close();
    await p.allClosed();
    expect(p.commands).toEqual(["EHLO", "MAIL", "RCPT", "DATA", "RSET", "MAIL", "RCPT", "DATA", "QUIT"]);
  });

  test("a session whose transaction was refused is reset and reused", async () => {
    const p = await peer({ rcpt: (a) => (a.startsWith("ghost") ? { code: 550, message: "5.1.1 User unknown" } : null) });
    const t = transport();
    expect(await t.send(request(route(p.port), "one", { envelope: { from: "b@bounce.outreach.test", to: ["ghost@example.test"] } }))).toMatchObject({ outcome: "refused", code: 550 });
    expect(await t.send(request(route(p.port), "two"))).toMatchObject({ outcome: "answered", code: 250 });
    expect(p.sessions).toBe(1);
  });

  test("an idle session is closed with QUIT after the idle timeout", async () => {
    const p = await trackedPeer();
    const t = transport({ timeouts: { idle: 20 } });
    await t.send(request(route(p.port)));
    await p.allClosed();
    expect(p.commands.at(-1)).toBe("QUIT");
    // the next message opens a new session
    expect(await t.send(request(route(p.port), "again"))).toMatchObject({ outcome: "answered" });
    expect(p.commands.filter((c) => c === "EHLO")).toHaveLength(2);
  });

  test("a pooled session the server closed is replaced without failing the message", async () => {
    const p = await trackedPeer();
    const t = transport();
    await t.send(request(route(p.port), "one"));
    p.dropAll();
    await p.allClosed();
    expect(await t.send(request(route(p.port), "two"))).toMatchObject({ outcome: "answered", code: 250 });
    expect(p.commands.filter((c) => c === "EHLO")).toHaveLength(2);
  });

  test("a pooled session that answers RSET with 421 is replaced without failing the message", async () => {
    let sessions = 0;
    const server = net.createServer((socket) => {
      const n = ++sessions;
      socket.on("error", () => {});
      socket.write("220 raw.test ESMTP\r\n");
      let buf = "";
      let inData = false;
      socket.on("data", (d: Buffer) => {
        buf += d.toString("latin1");
        for (;;) {
          if (inData) {
            const end = buf.indexOf("\r\n.\r\n");
            if (end < 0) return;
            buf = buf.slice(end + 5);
            inData = false;
            socket.write("250 2.0.0 queued\r\n");
            continue;
          }
          const nl = buf.indexOf("\r\n");
          if (nl < 0) return;
          const verb = buf.slice(0, nl).split(/[ :]/)[0]!.toUpperCase();
          buf = buf.slice(nl + 2);
          if (verb === "RSET" && n === 1) {
            socket.end("421 4.4.2 raw.test Error: timeout exceeded\r\n");
            return;
          }
          if (verb === "QUIT") {
            socket.end("221 bye\r\n");
            return;
          }
          if (verb === "DATA") inData = true;
          socket.write(verb === "EHLO" ? "250-raw.test\r\n250 PIPELINING\r\n" : verb === "DATA" ? "354 go\r\n" : "250 2.0.0 Ok\r\n");
        }
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    cleanups.push(() => new Promise<void>((r) => server.close(() => r())));
    const port = (server.address() as net.AddressInfo).port;
    const t = transport();
    expect(await t.send(request(route(port), "one"))).toMatchObject({ outcome: "answered" });
    expect(await t.send(request(route(port), "two"))).toMatchObject({ outcome: "answered" });
    expect(sessions).toBe(2);
    await t.close();
  });

  test("a session is closed after maxMessagesPerConnection transactions", async () => {
    const p = await peer();
    const t = transport({ maxMessagesPerConnection: 2 });
    for (const s of ["1", "2", "3"]) await t.send(request(route(p.port), s));
    expect(p.received.map((r) => r.session)).toEqual([1, 1, 2]);
  });

  test("different credentials never share a session", async () => {
    const auth = { username: "ada@outreach.test", password: "right" };
    const p = await peer({ auth });
    const t = transport();
    const sub = route(p.port, { kind: "submission", tls: "none", auth });
    expect(await t.send(request(sub, "one"))).toMatchObject({ outcome: "answered" });
    // same user name, wrong password: a new session, refused at AUTH
    const wrong = await t.send(request({ ...sub, auth: { ...auth, password: "guess" } }, "two"));
    expect(wrong).toMatchObject({ outcome: "not_sent", code: 535 });
    expect(p.received).toHaveLength(1);
  });
});

describe("limits", () => {
  test("no more sessions to a host than its limit; the others wait their turn", async () => {
    const p = await peer();
    const t = transport({ maxConnectionsPerHost: 2 });
    const sub = route(p.port, { kind: "submission" });
    const results = await Promise.all(["a", "b", "c", "d", "e"].map((s) => t.send(request(sub, s))));
    expect(results.map((r) => r.outcome)).toEqual(["answered", "answered", "answered", "answered", "answered"]);
    expect(p.sessions).toBe(2);
    expect(p.received).toHaveLength(5);
  });

  test("the smart host has a limit of its own (NEARBOUND_SMTP_RELAY_CONNECTIONS; 20 by default)", async () => {
    const p = await peer();
    const t = transport({ relayConnections: 3, maxConnectionsPerHost: 1 });
    await Promise.all(Array.from({ length: 9 }, (_, i) => t.send(request(route(p.port), `m${i}`))));
    expect(p.sessions).toBe(3);
    expect(p.received).toHaveLength(9);
    const defaults = transport();
    const q = await peer();
    await Promise.all(Array.from({ length: 30 }, (_, i) => defaults.send(request(route(q.port), `m${i}`, { beforeData: async () => void (await until(() => q.sessions >= 20 || i >= 20)) }))));
    expect(q.sessions).toBe(20);
  });

  test("an MX host's limit is its provider's, from the Shaper", async () => {
    const p = await peer();
    const limits: string[] = [];
    const shaper = {
      providerOf: (host: string) => `provider-of-${host}`,
      limitsOf: (provider: string) => {
        limits.push(provider);
        return { maxConnections: 1, messagesPerMinute: 100 };
      },
    };
    const t = transport({ shaper, maxConnectionsPerHost: 10 });
    const mx = route(p.port, { kind: "mx", destination: "example.test" });
    await Promise.all(["a", "b", "c"].map((s) => t.send(request(mx, s))));
    expect(p.sessions).toBe(1);
    expect(limits).toContain("provider-of-localhost");
  });

  test("aborted while waiting for a session: not sent", async () => {
    const p = await peer();
    const t = transport({ relayConnections: 1 });
    const ac = new AbortController();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // the first message holds the only session in its beforeData
    const first = t.send(request(route(p.port), "first", { beforeData: () => held }));
    const second = t.send(request(route(p.port), "second", { signal: ac.signal }));
    ac.abort();
    expect(await second).toMatchObject({ outcome: "not_sent" });
    release();
    expect(await first).toMatchObject({ outcome: "answered" });
    expect(p.received).toHaveLength(1);
  });
});

describe("hosts in order", () => {
  test("a host that refuses connections is skipped for the next", async () => {
    const p = await peer();
    const dead = await closedPort();
    const t = transport();
    const r: Route = { kind: "mx", destination: "example.test", tls: "opportunistic", hosts: [{ host: "mx1.example.test", port: dead, addresses: ["127.0.0.1"] }, { host: "mx2.example.test", port: p.port, addresses: ["127.0.0.1"] }] };
    expect(await t.send(request(r))).toMatchObject({ outcome: "answered", host: "mx2.example.test" });
  });

  test("every host failing: not sent, each failure named", async () => {
    const one = await closedPort();
    const two = await closedPort();
    const t = transport();
    const r: Route = { kind: "mx", destination: "example.test", tls: "opportunistic", hosts: [{ host: "mx1.example.test", port: one, addresses: ["127.0.0.1"] }, { host: "mx2.example.test", port: two, addresses: ["127.0.0.1"] }] };
    const res = await t.send(request(r));
    expect(res).toMatchObject({ outcome: "not_sent", host: "mx2.example.test", code: null });
    expect(res.response).toContain("mx1.example.test");
    expect(res.response).toContain("mx2.example.test");
  });

  test("a host's second address is tried when the first refuses", async () => {
    const p = await peer();
    const t = transport();
    // 127.0.0.2 is loopback too; nothing listens on it at this port
    const r = route(p.port, { hosts: [{ host: "localhost", port: p.port, addresses: ["127.0.0.2", "127.0.0.1"] }] });
    expect(await t.send(request(r))).toMatchObject({ outcome: "answered" });
  });

  test("once a session is up its answer is the outcome: no second host", async () => {
    const refusing = await peer({ rcpt: () => ({ code: 550, message: "5.1.1 User unknown" }) });
    const accepting = await peer();
    const t = transport();
    const r: Route = { kind: "mx", destination: "example.test", tls: "opportunistic", hosts: [{ host: "mx1.example.test", port: refusing.port, addresses: ["127.0.0.1"] }, { host: "mx2.example.test", port: accepting.port, addresses: ["127.0.0.1"] }] };
    expect(await t.send(request(r))).toMatchObject({ outcome: "refused", code: 550, host: "mx1.example.test" });
    expect(accepting.sessions).toBe(0);
  });

  test("after close(), nothing is sent", async () => {
    const p = await peer();
    const t = transport();
    await t.close();
    expect(await t.send(request(route(p.port)))).toMatchObject({ outcome: "not_sent" });
    expect(p.sessions).toBe(0);
  });
});

// ---- Postfix's smtp-sink: a second, independent real peer --------------------------

const SINK = Bun.which("smtp-sink") ?? ["/usr/sbin/smtp-sink", "/usr/lib/postfix/sbin/smtp-sink"].find((p) => existsSync(p)) ?? null;
// CI installs postfix (scripts/setup-test.sh): there a missing binary fails the test instead of skipping it
const sinkTest = SINK || process.env.CI === "true" ? test : test.skip;

async function startSink(extra: string[] = []) {
  if (!SINK) throw new Error("smtp-sink not found: install Debian's postfix (scripts/setup-test.sh does)");
  const dir = mkdtempSync(join(tmpdir(), "nearbound-sink-"));
  chmodSync(dir, 0o777); // smtp-sink drops to nobody when started as root
  const port = await closedPort();
  const user = process.getuid?.() === 0 ? ["-u", "nobody"] : [];
  const proc = Bun.spawn([SINK, ...user, "-c", "-D", join(dir, "dump"), ...extra, `127.0.0.1:${port}`, "100"], { stdout: "pipe", stderr: "pipe" });
  cleanups.push(() => {
    proc.kill();
    rmSync(dir, { recursive: true, force: true });
  });
  // wait until it listens
  for (let i = 0; ; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const s = net.connect({ host: "127.0.0.1", port }, () => {
        s.destroy();
        resolve(true);
      });
      s.on("error", () => resolve(false));
    });
    if (up) break;
    if (i > 200 || proc.exitCode !== null) throw new Error(`smtp-sink did not start: ${await new Response(proc.stderr).text()}`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return { port, dump: () => (existsSync(join(dir, "dump")) ? readFileSync(join(dir, "dump"), "latin1") : "") };
}

describe("against Postfix's smtp-sink", () => {
  sinkTest("three messages over one pipelined session, each answered 250 and dumped", async () => {
    const sink = await startSink();
    const t = createSmtpTransport({ hostname: "mta.nearbound.test", log: silentLogger });
    const results = [];
    for (const s of ["sink one", "sink two", "sink three"]) results.push(await t.send(request(route(sink.port), s, { envelope: { from: "bounce@bounce.outreach.test", to: ["bob@example.test", "ann@example.test"] } })));
    await t.close();
    for (const r of results) {
      expect(r).toMatchObject({ outcome: "answered", code: 250, enhanced: "2.0.0" });
      if (r.outcome === "answered") expect(r.recipients.map((x) => x.accepted)).toEqual([true, true]);
    }
    const dump = sink.dump();
    for (const s of ["sink one", "sink two", "sink three"]) expect(dump).toContain(`Subject: ${s}`);
    expect(dump.match(/RCPT TO:<ann@example\.test>|ann@example\.test/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
  });

  sinkTest("a soft-rejected RCPT: refused with smtp-sink's 4xx answer", async () => {
    const sink = await startSink(["-r", "RCPT"]);
    const t = transport();
    const r = await t.send(request(route(sink.port)));
    expect(r).toMatchObject({ outcome: "refused", code: 450, enhanced: "4.3.0", response: "450 4.3.0 Error: command failed" });
  });

  sinkTest("a 421 after DATA's dot: answered 421", async () => {
    const sink = await startSink(["-Q", "."]);
    const t = transport();
    const r = await t.send(request(route(sink.port)));
    expect(r).toMatchObject({ outcome: "answered", code: 421 });
  });
});
