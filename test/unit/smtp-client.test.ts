// The SMTP client against real peers on loopback: smtp-server (test/helpers/smtp.ts)
// for the dialogue a production server speaks, and a hand-scripted net.Server
// where a test needs to see the bytes as they arrive or script a misbehaviour.
import { afterEach, describe, expect, test } from "bun:test";
import net from "node:net";
import { SMTPServer } from "smtp-server";
import { silentLogger } from "../../src/lib/log";
import { dataBlock } from "../../src/mta/smtp/data";
import { ReplyError, ReplyParser } from "../../src/mta/smtp/reply";
import type { SmtpTimeouts } from "../../src/mta/smtp/timeouts";
import { createSmtpTransport } from "../../src/mta/smtp-transport";
import type { RecipientAnswer, Route, SendRequest } from "../../src/mta/transport";
import { until } from "../helpers/http";
import { startSmtpPeer, TEST_TLS, type PeerOptions } from "../helpers/smtp";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

const MESSAGE = new TextEncoder().encode("From: ada@outreach.test\r\nTo: bob@example.test\r\nSubject: Hello\r\n\r\nHello Bob.\r\n");

function route(port: number, over: Partial<Route> = {}): Route {
  return { kind: "relay", destination: "localhost", hosts: [{ host: "localhost", port, addresses: ["127.0.0.1"] }], tls: "opportunistic", ...over };
}

/** One send through a fresh transport (closed after the test); `accepted` records what beforeData saw. */
async function send(r: Route, over: Partial<SendRequest> = {}, opts: { timeouts?: Partial<SmtpTimeouts>; ca?: boolean } = {}) {
  const transport = createSmtpTransport({ hostname: "mta.nearbound.test", log: silentLogger, timeouts: opts.timeouts, ca: opts.ca ? TEST_TLS.cert : undefined });
  cleanups.push(() => transport.close());
  const accepted: RecipientAnswer[][] = [];
  const result = await transport.send({
    route: r,
    envelope: { from: "bounce+abc@bounce.outreach.test", to: ["bob@example.test"] },
    message: MESSAGE,
    beforeData: async (a) => {
      accepted.push(a);
    },
    ...over,
  });
  return { result, accepted };
}

async function peer(o: PeerOptions = {}) {
  const p = await startSmtpPeer(o);
  cleanups.push(() => p.close());
  return p;
}

// ---- a scripted peer -----------------------------------------------------------

interface RawPeer {
  port: number;
  /** Command lines received, in order (DATA content excluded). */
  lines: string[];
  /** Each chunk as it arrived (what the client wrote together arrives together on loopback). */
  packets: string[];
  /** DATA contents as received, dot-stuffing included, final dot excluded. */
  contents: string[];
  sessions: number;
  /** Sessions the client has closed (or that ended). */
  closed: number;
  /** Resolves when the final dot of a DATA has arrived. */
  dot: Promise<void>;
}

interface RawScript {
  greeting?: string | null;
  extensions?: string[];
  /** The answer to a command line; undefined = the default; null = silence. */
  on?: (line: string) => string | null | undefined;
  /** The answer after the final dot; null = silence. */
  afterDot?: (n: number) => string | null;
  /** After a 220 to STARTTLS, answer the TLS ClientHello with plaintext and hang up. */
  breakTls?: boolean;
}

async function rawPeer(script: RawScript = {}): Promise<RawPeer> {
  const sockets = new Set<net.Socket>();
  let dotSeen!: () => void;
  const state: RawPeer = { port: 0, lines: [], packets: [], contents: [], sessions: 0, closed: 0, dot: new Promise((r) => (dotSeen = r)) };
  const server = net.createServer((socket) => {
    state.sessions++;
    sockets.add(socket);
    socket.on("close", () => {
      sockets.delete(socket);
      state.closed++;
    });
    socket.on("error", () => {});
    const greeting = script.greeting === undefined ? "220 raw.test ESMTP ready\r\n" : script.greeting;
    if (greeting !== null) socket.write(greeting);
    let buf = "";
    let data: string | null = null;
    let tlsNext = false;
    socket.on("data", (chunk: Buffer) => {
      const text = chunk.toString("latin1");
      state.packets.push(text);
      if (tlsNext) {
        socket.end("this is not TLS\r\n");
        return;
      }
      buf += text;
      for (;;) {
        if (data !== null) {
          const end = buf.indexOf("\r\n.\r\n");
          const bare = data === "" && buf.startsWith(".\r\n");
          if (end < 0 && !bare) {
            break;
          }
          const content = bare ? "" : buf.slice(0, end + 2);
          buf = buf.slice(bare ? 3 : end + 5);
          data = null;
          state.contents.push(content);
          dotSeen();
          const answer = script.afterDot ? script.afterDot(state.contents.length) : "250 2.0.0 Ok: queued as RAW1\r\n";
          if (answer !== null) socket.write(answer);
          continue;
        }
        const nl = buf.indexOf("\r\n");
        if (nl < 0) break;
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 2);
        state.lines.push(line);
        const custom = script.on?.(line);
        if (custom === null) continue;
        const verb = line.split(/[ :]/)[0]!.toUpperCase();
        const exts = script.extensions ?? ["PIPELINING", "SIZE 10240000", "8BITMIME", "ENHANCEDSTATUSCODES"];
        const answer =
          custom ??
          (verb === "EHLO"
            ? [`250${exts.length ? "-" : " "}raw.test`, ...exts.map((e, i) => `250${i === exts.length - 1 ? " " : "-"}${e}`)].join("\r\n") + "\r\n"
            : verb === "HELO"
              ? "250 raw.test\r\n"
              : verb === "MAIL"
                ? "250 2.1.0 Ok\r\n"
                : verb === "RCPT"
                  ? "250 2.1.5 Ok\r\n"
                  : verb === "DATA"
                    ? "354 End data with <CR><LF>.<CR><LF>\r\n"
                    : verb === "RSET"
                      ? "250 2.0.0 Ok\r\n"
                      : verb === "QUIT"
                        ? "221 2.0.0 Bye\r\n"
                        : "502 5.5.2 Error: command not recognized\r\n");
        if (verb === "DATA" && answer.startsWith("354")) data = "";
        if (verb === "STARTTLS" && answer.startsWith("220") && script.breakTls) tlsNext = true;
        socket.write(answer);
        if (verb === "QUIT") socket.end();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  state.port = (server.address() as net.AddressInfo).port;
  cleanups.push(async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => server.close(() => r()));
  });
  return state;
}

const verbs = (p: RawPeer) => p.lines.map((l) => l.split(/[ :]/)[0]!.toUpperCase());

// ---- TLS -------------------------------------------------------------------------

describe("TLS", () => {
  test("opportunistic: STARTTLS when offered, the self-signed certificate taken (RFC 7435)", async () => {
    const p = await peer({ tls: true });
    const { result } = await send(route(p.port));
    expect(result).toMatchObject({ outcome: "answered", code: 250, tls: true, host: "localhost" });
    expect(p.received[0]!.secure).toBe(true);
    expect(p.received[0]!.heloName).toBe("mta.nearbound.test");
  });

  test("opportunistic: plaintext when the server offers no STARTTLS", async () => {
    const p = await peer();
    const { result } = await send(route(p.port));
    expect(result).toMatchObject({ outcome: "answered", code: 250, tls: false });
    expect(p.received[0]!.secure).toBe(false);
  });

  test("opportunistic: a refused STARTTLS goes on in plaintext", async () => {
    const p = await rawPeer({ extensions: ["PIPELINING", "STARTTLS"], on: (l) => (l === "STARTTLS" ? "454 4.7.0 TLS not available due to local problem\r\n" : undefined) });
    const { result } = await send(route(p.port));
    expect(result).toMatchObject({ outcome: "answered", tls: false });
    expect(verbs(p)).toEqual(["EHLO", "STARTTLS", "MAIL", "RCPT", "DATA"]);
  });

  test("opportunistic: a failed handshake falls back to plaintext on a new connection", async () => {
    // the peer says 220 to STARTTLS, then answers the ClientHello with plaintext garbage
    const p = await rawPeer({ extensions: ["STARTTLS"], breakTls: true, on: (l) => (l === "STARTTLS" ? "220 2.0.0 Ready to start TLS\r\n" : undefined) });
    const { result } = await send(route(p.port));
    expect(result).toMatchObject({ outcome: "answered", tls: false });
    expect(p.sessions).toBe(2);
    expect(p.contents).toHaveLength(1);
  });

  test("starttls mode: required and the certificate verified", async () => {
    const p = await peer({ tls: true });
    const ok = await send(route(p.port, { tls: "starttls" }), {}, { ca: true });
    expect(ok.result).toMatchObject({ outcome: "answered", tls: true });
    // without the test certificate as a trust anchor it does not validate: nothing is sent
    const bad = await send(route(p.port, { tls: "starttls" }));
    expect(bad.result).toMatchObject({ outcome: "not_sent", code: null });
    expect(bad.result.response).toContain("TLS handshake failed");
    expect(p.received).toHaveLength(1);
  });

  test("starttls mode: a server without STARTTLS is not used", async () => {
    const p = await peer();
    const { result, accepted } = await send(route(p.port, { tls: "starttls" }), {}, { ca: true });
    expect(result).toMatchObject({ outcome: "not_sent", code: null });
    expect(result.response).toContain("does not offer STARTTLS");
    expect(accepted).toHaveLength(0);
    expect(p.received).toHaveLength(0);
  });

  test("implicit TLS with the test certificate", async () => {
    const p = await peer({ implicitTls: true });
    const { result } = await send(route(p.port, { tls: "implicit" }), {}, { ca: true });
    expect(result).toMatchObject({ outcome: "answered", code: 250, tls: true });
    expect(p.received[0]!.secure).toBe(true);
  });

  test("none: plaintext even when STARTTLS is offered", async () => {
    const p = await peer({ tls: true });
    const { result } = await send(route(p.port, { tls: "none" }));
    expect(result).toMatchObject({ outcome: "answered", tls: false });
    expect(p.received[0]!.secure).toBe(false);
  });
});

// ---- AUTH ------------------------------------------------------------------------

describe("AUTH", () => {
  const auth = { username: "ada@outreach.test", password: "correct horse battery" };

  test("PLAIN against a server that requires it, after STARTTLS", async () => {
    const p = await peer({ auth, tls: true });
    const { result } = await send(route(p.port, { kind: "submission", tls: "starttls", auth }), {}, { ca: true });
    expect(result).toMatchObject({ outcome: "answered", code: 250, tls: true });
    expect(p.received[0]!.user).toBe(auth.username);
  });

  test("LOGIN when it is the only method offered", async () => {
    const methods: string[] = [];
    const server = new SMTPServer({
      logger: false,
      authMethods: ["LOGIN"],
      allowInsecureAuth: true,
      disabledCommands: ["STARTTLS"],
      onAuth(a, _s, cb) {
        methods.push(a.method);
        cb(a.username === auth.username && a.password === auth.password ? null : new Error("bad"), { user: a.username });
      },
      onData(stream, _s, cb) {
        stream.resume();
        stream.on("end", () => cb(null, "2.0.0 Ok: queued"));
      },
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    cleanups.push(() => new Promise<void>((r) => server.close(() => r())));
    const port = (server.server.address() as net.AddressInfo).port;
    const { result } = await send(route(port, { kind: "submission", tls: "none", auth }));
    expect(result).toMatchObject({ outcome: "answered", code: 250 });
    expect(methods).toEqual(["LOGIN"]);
  });

  test("wrong credentials: not sent, the server's answer kept", async () => {
    const p = await peer({ auth, tls: true });
    const { result, accepted } = await send(route(p.port, { kind: "submission", tls: "starttls", auth: { ...auth, password: "wrong" } }), {}, { ca: true });
    expect(result).toMatchObject({ outcome: "not_sent", code: 535, enhanced: "5.7.8" });
    expect(result.response).toContain("535 5.7.8 Authentication credentials invalid");
    expect(result.response).not.toContain("wrong");
    expect(accepted).toHaveLength(0);
  });

  test("a server that offers neither PLAIN nor LOGIN: not sent, saying so", async () => {
    const p = await rawPeer({ extensions: ["AUTH CRAM-MD5"] });
    const { result } = await send(route(p.port, { kind: "submission", tls: "none", auth }));
    expect(result).toMatchObject({ outcome: "not_sent", code: null });
    expect(result.response).toContain("offers only AUTH CRAM-MD5");
    expect(verbs(p)).toEqual(["EHLO"]);
  });
});

// ---- the transaction ----------------------------------------------------------------

describe("transaction", () => {
  test("RCPT refusals are answered per recipient; the accepted ones get the message", async () => {
    const p = await peer({ rcpt: (a) => (a.startsWith("ghost") ? { code: 550, message: "5.1.1 <ghost@example.test>: Recipient address rejected: User unknown" } : null) });
    const { result, accepted } = await send(route(p.port), { envelope: { from: "b@bounce.outreach.test", to: ["bob@example.test", "ghost@example.test", "eve@example.test"] } });
    expect(result.outcome).toBe("answered");
    if (result.outcome !== "answered") return;
    expect(result.recipients).toEqual([
      { address: "bob@example.test", accepted: true, code: 250, enhanced: null, response: "250 Accepted" },
      { address: "ghost@example.test", accepted: false, code: 550, enhanced: "5.1.1", response: "550 5.1.1 <ghost@example.test>: Recipient address rejected: User unknown" },
      { address: "eve@example.test", accepted: true, code: 250, enhanced: null, response: "250 Accepted" },
    ]);
    expect(accepted[0]!.map((a) => a.address)).toEqual(["bob@example.test", "eve@example.test"]);
    expect(p.received[0]!.to).toEqual(["bob@example.test", "eve@example.test"]);
  });

  test("every recipient refused: refused, beforeData never called, no DATA", async () => {
    const p = await peer({ rcpt: () => ({ code: 450, message: "4.2.1 Mailbox busy, try again later" }) });
    const { result, accepted } = await send(route(p.port), { envelope: { from: "b@bounce.outreach.test", to: ["bob@example.test", "eve@example.test"] } });
    expect(result).toMatchObject({ outcome: "refused", code: 450, enhanced: "4.2.1", response: "450 4.2.1 Mailbox busy, try again later" });
    if (result.outcome === "refused") expect(result.recipients.map((r) => r.accepted)).toEqual([false, false]);
    expect(accepted).toHaveLength(0);
    expect(p.transactions).toBe(0);
  });

  test("MAIL refused: refused with the MAIL answer, no recipient answers", async () => {
    const p = await rawPeer({ on: (l) => (l.startsWith("MAIL") ? "553 5.7.1 <b@bounce.outreach.test>: Sender address rejected: not owned by user\r\n" : undefined) });
    const { result, accepted } = await send(route(p.port));
    expect(result).toEqual({ outcome: "refused", host: "localhost", tls: false, code: 553, enhanced: "5.7.1", response: "553 5.7.1 <b@bounce.outreach.test>: Sender address rejected: not owned by user", recipients: [] });
    expect(accepted).toHaveLength(0);
    expect(p.contents).toHaveLength(0);
  });

  test("a 5xx after DATA: answered, the server's text verbatim", async () => {
    const p = await peer({ data: () => ({ code: 554, message: "5.7.1 Message rejected as spam by Content Filtering" }) });
    const { result } = await send(route(p.port));
    expect(result).toMatchObject({ outcome: "answered", code: 554, enhanced: "5.7.1", response: "554 5.7.1 Message rejected as spam by Content Filtering" });
  });

  test("a 4xx after DATA: answered, the server's text verbatim", async () => {
    const p = await peer({ data: () => ({ code: 451, message: "4.3.0 Temporary local problem, try again" }) });
    const { result } = await send(route(p.port));
    expect(result).toMatchObject({ outcome: "answered", code: 451, enhanced: "4.3.0", response: "451 4.3.0 Temporary local problem, try again" });
  });

  test("the connection dropped after the final dot: uncertain", async () => {
    const p = await peer({ dropAfterDot: () => true });
    const { result, accepted } = await send(route(p.port));
    expect(result.outcome).toBe("uncertain");
    expect(result.response).toContain("no final answer after the message was sent");
    expect(accepted).toHaveLength(1);
    expect(p.transactions).toBe(1);
  });

  test("no answer after the final dot within the timeout: uncertain", async () => {
    const p = await rawPeer({ afterDot: () => null });
    const { result } = await send(route(p.port), {}, { timeouts: { dot: 100 } });
    expect(result).toMatchObject({ outcome: "uncertain", host: "localhost" });
    expect(result.response).toContain("no answer to DOT within 100 ms");
    expect(p.contents).toHaveLength(1);
  });

  test("beforeData throwing: not sent; inside the pipelined DATA the session is closed before any byte of the message", async () => {
    const p = await rawPeer();
    const { result } = await send(route(p.port), {
      beforeData: async () => {
        throw new Error("database is locked");
      },
    });
    expect(result).toMatchObject({ outcome: "not_sent", code: null });
    expect(result.response).toContain("database is locked");
    expect(verbs(p)).toEqual(["EHLO", "MAIL", "RCPT", "DATA"]);
    await until(() => p.closed === p.sessions);
    expect(p.contents).toHaveLength(0);
  });

  test("beforeData throwing without PIPELINING: not sent, RSET instead of DATA", async () => {
    const p = await rawPeer({ extensions: [] });
    const { result } = await send(route(p.port), {
      beforeData: async () => {
        throw new Error("database is locked");
      },
    });
    expect(result).toMatchObject({ outcome: "not_sent", code: null });
    expect(verbs(p).slice(0, 4)).toEqual(["EHLO", "MAIL", "RCPT", "RSET"]);
    expect(verbs(p)).not.toContain("DATA");
  });

  test("beforeData throwing against smtp-server: the peer never saw DATA", async () => {
    const p = await peer();
    const { result } = await send(route(p.port), {
      beforeData: async () => {
        throw new Error("disk full");
      },
    });
    expect(result.outcome).toBe("not_sent");
    expect(p.transactions).toBe(0);
    expect(p.received).toHaveLength(0);
  });

  test("refused at DATA: refused with DATA's answer, the message never went (pipelined: nor was an attempt begun)", async () => {
    for (const extensions of [["PIPELINING"], []]) {
      const p = await rawPeer({ extensions, on: (l) => (l === "DATA" ? "554 5.5.1 Error: no valid recipients\r\n" : undefined) });
      const { result, accepted } = await send(route(p.port));
      expect(result).toMatchObject({ outcome: "refused", code: 554, enhanced: "5.5.1", response: "554 5.5.1 Error: no valid recipients" });
      expect(accepted).toHaveLength(extensions.length ? 0 : 1);
      expect(p.contents).toHaveLength(0);
    }
  });

  test("pipelined DATA opened although no recipient was accepted: the session is closed, nothing sent", async () => {
    const p = await rawPeer({ on: (l) => (l.startsWith("RCPT") ? "550 5.1.1 No such user\r\n" : undefined) });
    const { result, accepted } = await send(route(p.port));
    expect(result).toMatchObject({ outcome: "refused", code: 550, enhanced: "5.1.1" });
    expect(accepted).toHaveLength(0);
    await until(() => p.closed === p.sessions);
    expect(p.contents).toHaveLength(0);
  });

  test("aborted before DATA (shutdown): not sent", async () => {
    const p = await rawPeer();
    const ac = new AbortController();
    const { result } = await send(route(p.port), { signal: ac.signal, beforeData: async () => ac.abort() });
    expect(result.outcome).toBe("not_sent");
    await until(() => p.closed === p.sessions);
    expect(p.contents).toHaveLength(0);
  });

  test("aborted after the message was sent: uncertain", async () => {
    const p = await rawPeer({ afterDot: () => null });
    const ac = new AbortController();
    void p.dot.then(() => ac.abort());
    const { result } = await send(route(p.port), { signal: ac.signal });
    expect(result.outcome).toBe("uncertain");
    expect(result.response).toContain("aborted after the message was sent");
  });

  test("an already aborted signal: nothing is connected", async () => {
    const p = await rawPeer();
    const ac = new AbortController();
    ac.abort();
    const { result } = await send(route(p.port), { signal: ac.signal });
    expect(result.outcome).toBe("not_sent");
    expect(p.sessions).toBe(0);
  });

  test("the message arrives byte for byte: dots stuffed, bare line ends made CRLF", async () => {
    const p = await peer();
    const body = "Subject: dots\r\n\r\n.leading dot\r\n..two dots\r\nbare LF\nbare CR\rend\r\n.\r\nlast";
    const { result } = await send(route(p.port), { message: new TextEncoder().encode(body) });
    expect(result.outcome).toBe("answered");
    expect(p.received[0]!.raw.toString("utf8")).toBe("Subject: dots\r\n\r\n.leading dot\r\n..two dots\r\nbare LF\r\nbare CR\r\nend\r\n.\r\nlast\r\n");
  });

  test("MAIL carries SIZE and BODY=8BITMIME when offered, SMTPUTF8 when a mailbox name needs it", async () => {
    const p = await rawPeer({ extensions: ["PIPELINING", "SIZE 1000000", "8BITMIME", "SMTPUTF8"] });
    await send(route(p.port), { envelope: { from: "b@bounce.outreach.test", to: ["jürgen@example.test", "ana@bücher.example"] } });
    expect(p.lines).toContain(`MAIL FROM:<b@bounce.outreach.test> SIZE=${MESSAGE.length} BODY=8BITMIME SMTPUTF8`);
    // the IDN domain goes as its A-label
    expect(p.lines).toContain("RCPT TO:<ana@xn--bcher-kva.example>");
  });

  test("a UTF-8 mailbox name without SMTPUTF8: refused without a MAIL", async () => {
    const p = await rawPeer({ extensions: ["PIPELINING"] });
    const { result } = await send(route(p.port), { envelope: { from: "b@bounce.outreach.test", to: ["jürgen@example.test"] } });
    expect(result).toMatchObject({ outcome: "refused", code: 553, enhanced: "5.6.7" });
    expect(verbs(p)).not.toContain("MAIL");
  });

  test("an envelope address with a line break is never written", async () => {
    const p = await rawPeer();
    const { result } = await send(route(p.port), { envelope: { from: "b@bounce.outreach.test", to: ["bob@example.test>\r\nDATA"] } });
    expect(result.outcome).toBe("not_sent");
    expect(verbs(p)).not.toContain("RCPT");
  });
});

// ---- the dialogue ------------------------------------------------------------------

describe("dialogue", () => {
  test("PIPELINING: MAIL, every RCPT and DATA leave in one write, their answers read in order", async () => {
    const p = await rawPeer({ on: (l) => (l === "RCPT TO:<eve@example.test>" ? "550 5.1.1 No such user\r\n" : undefined) });
    const { result } = await send(route(p.port), { envelope: { from: "b@bounce.outreach.test", to: ["bob@example.test", "eve@example.test", "ann@example.test"] } });
    expect(p.packets).toContain("MAIL FROM:<b@bounce.outreach.test> SIZE=" + MESSAGE.length + " BODY=8BITMIME\r\nRCPT TO:<bob@example.test>\r\nRCPT TO:<eve@example.test>\r\nRCPT TO:<ann@example.test>\r\nDATA\r\n");
    if (result.outcome === "answered") expect(result.recipients.map((r) => r.accepted)).toEqual([true, false, true]);
    else throw new Error(result.outcome);
  });

  test("without PIPELINING: one command at a time", async () => {
    const p = await rawPeer({ extensions: [] });
    await send(route(p.port), { envelope: { from: "b@bounce.outreach.test", to: ["bob@example.test", "ann@example.test"] } });
    expect(p.packets).toContain("MAIL FROM:<b@bounce.outreach.test>\r\n");
    expect(p.packets).toContain("RCPT TO:<bob@example.test>\r\n");
    expect(p.packets).toContain("RCPT TO:<ann@example.test>\r\n");
  });

  test("HELO when the server does not know EHLO", async () => {
    const p = await rawPeer({ on: (l) => (l.startsWith("EHLO") ? "500 5.5.1 Command unrecognized\r\n" : undefined) });
    const { result } = await send(route(p.port));
    expect(result.outcome).toBe("answered");
    expect(p.lines.slice(0, 2)).toEqual(["EHLO mta.nearbound.test", "HELO mta.nearbound.test"]);
  });

  test("multi-line answers are kept whole, with their enhanced code", async () => {
    const p = await rawPeer({
      afterDot: () => "550-5.7.1 [203.0.113.9] Our system has detected an unusual rate of\r\n550-5.7.1 unsolicited mail originating from your IP address.\r\n550 5.7.1 https://support.example/spam\r\n",
    });
    const { result } = await send(route(p.port));
    expect(result).toMatchObject({
      outcome: "answered",
      code: 550,
      enhanced: "5.7.1",
      response: "550-5.7.1 [203.0.113.9] Our system has detected an unusual rate of\n550-5.7.1 unsolicited mail originating from your IP address.\n550 5.7.1 https://support.example/spam",
    });
  });

  test("a greeting refusal: not sent, with the server's answer", async () => {
    const p = await rawPeer({ greeting: "554 5.7.1 raw.test ESMTP not accepting connections from you\r\n" });
    const { result } = await send(route(p.port));
    expect(result).toMatchObject({ outcome: "not_sent", code: 554, enhanced: "5.7.1" });
    expect(result.response).toContain("554 5.7.1 raw.test ESMTP not accepting connections from you");
  });

  test("no greeting within the timeout: not sent", async () => {
    const p = await rawPeer({ greeting: null });
    const { result } = await send(route(p.port), {}, { timeouts: { greeting: 50 } });
    expect(result).toMatchObject({ outcome: "not_sent", code: null });
    expect(result.response).toContain("no answer to GREETING within 50 ms");
  });

  test("no RCPT answer within the timeout: not sent", async () => {
    // a server that is stuck answers nothing after MAIL, the pipelined DATA included
    const p = await rawPeer({ on: (l) => (l.startsWith("RCPT") || l === "DATA" ? null : undefined) });
    const { result, accepted } = await send(route(p.port), {}, { timeouts: { rcpt: 50 } });
    expect(result.outcome).toBe("not_sent");
    expect(accepted).toHaveLength(0);
  });

  test("a 421 at RCPT ends the session: the next message opens a new one", async () => {
    let first = true;
    const p = await rawPeer({
      on: (l) => {
        if (!l.startsWith("RCPT") || !first) return undefined;
        first = false;
        return "421 4.7.0 raw.test Service not available, closing transmission channel\r\n";
      },
    });
    const transport = createSmtpTransport({ hostname: "mta.nearbound.test", log: silentLogger });
    cleanups.push(() => transport.close());
    const req = { route: route(p.port), envelope: { from: "b@bounce.outreach.test", to: ["bob@example.test"] }, message: MESSAGE, beforeData: async () => {} };
    const one = await transport.send(req);
    expect(one).toMatchObject({ outcome: "refused", code: 421 });
    const two = await transport.send(req);
    expect(two.outcome).toBe("answered");
    expect(p.sessions).toBe(2);
  });
});

// ---- pieces -----------------------------------------------------------------------

describe("reply parser", () => {
  const parse = (...chunks: string[]) => {
    const p = new ReplyParser();
    return chunks.flatMap((c) => p.push(Buffer.from(c, "utf8")));
  };

  test("replies split across chunks, CRLF or bare LF", () => {
    expect(parse("250-mx.example\r\n250-PIPE", "LINING\n250 SIZE 1000\r\n")).toEqual([
      { code: 250, enhanced: null, lines: ["mx.example", "PIPELINING", "SIZE 1000"], raw: "250-mx.example\n250-PIPELINING\n250 SIZE 1000" },
    ]);
  });

  test("an enhanced code only when its class matches the reply's", () => {
    expect(parse("550 5.1.1 unknown\r\n")[0]!.enhanced).toBe("5.1.1");
    expect(parse("451 5.1.1 odd\r\n")[0]!.enhanced).toBeNull();
    expect(parse("250 2.0.0\r\n")[0]!.enhanced).toBe("2.0.0");
    expect(parse("250 Ok\r\n")[0]!.enhanced).toBeNull();
  });

  test("UTF-8 text is decoded", () => {
    expect(parse("550 5.1.1 Empfänger unbekannt\r\n")[0]!.raw).toBe("550 5.1.1 Empfänger unbekannt");
  });

  test("a line that is not a reply, or a reply without end, is refused", () => {
    expect(() => parse("hello there\r\n")).toThrow(ReplyError);
    expect(() => parse("250-x\r\n".repeat(600))).toThrow(ReplyError);
    expect(() => parse("250 " + "x".repeat(70_000))).toThrow(ReplyError);
  });
});

describe("data block", () => {
  const block = (s: string) => Buffer.from(dataBlock(new TextEncoder().encode(s))).toString("latin1");

  test.each([
    ["hello\r\n", "hello\r\n.\r\n"],
    ["hello", "hello\r\n.\r\n"],
    ["", ".\r\n"],
    [".", "..\r\n.\r\n"],
    ["a\r\n.b\r\n", "a\r\n..b\r\n.\r\n"],
    ["a\n.\nb", "a\r\n..\r\nb\r\n.\r\n"],
    ["a\r.\rb\r", "a\r\n..\r\nb\r\n.\r\n"],
    ["x\r\n\r\n", "x\r\n\r\n.\r\n"],
    [".a\r\n.b\r\n..c\r\nd.\r\n.", "..a\r\n..b\r\n...c\r\nd.\r\n..\r\n.\r\n"],
    ["a\r\n.\r\nb\n.", "a\r\n..\r\nb\r\n..\r\n.\r\n"],
    ["\r\n", "\r\n.\r\n"],
  ])("%j → %j", (input, wire) => {
    expect(block(input)).toBe(wire);
  });
});
