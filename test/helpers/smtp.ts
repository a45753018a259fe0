// A real SMTP peer on loopback (smtp-server) that records every transaction,
// for the MTA, connection verification and the inbound tests. Answers can be
// scripted per recipient and per DATA; `dropAfterDot` closes the socket after
// the final dot without answering (the "did it arrive?" case).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";

const FIXTURES = join(import.meta.dir, "../fixtures/tls");
/** A self-signed certificate for localhost / 127.0.0.1 (valid for 100 years). */
export const TEST_TLS = { cert: readFileSync(join(FIXTURES, "localhost.crt")), key: readFileSync(join(FIXTURES, "localhost.key")) };

export interface Received {
  from: string;
  to: string[];
  /** The message as received (CRLF line ends, dot-unstuffed). */
  raw: Buffer;
  /** Whether the session was under TLS when DATA was sent. */
  secure: boolean;
  user: string | null;
  heloName: string;
  session: number;
}

/** An SMTP answer: a code and its text ("5.1.1 User unknown"). */
export interface Answer {
  code: number;
  message: string;
}

export interface PeerOptions {
  /** Require AUTH (PLAIN/LOGIN) with these credentials. */
  auth?: { username: string; password: string };
  /** Offer STARTTLS (or speak TLS at once with `implicitTls`) with the test certificate. */
  tls?: boolean;
  implicitTls?: boolean;
  /** An answer for a recipient (null = accept). */
  rcpt?: (address: string, n: number) => Answer | null;
  /** The answer after the final dot (null = 250), called with the transaction number (1, 2, …). */
  data?: (n: number, rcpts: string[]) => Answer | null;
  /** Close the connection after the final dot without an answer, for these transaction numbers. */
  dropAfterDot?: (n: number) => boolean;
  size?: number;
}

export interface SmtpPeer {
  port: number;
  received: Received[];
  /** Sessions opened so far. */
  sessions: number;
  /** Transactions (final dots) seen, including dropped ones. */
  transactions: number;
  /** Resolves once `n` messages are recorded. */
  waitFor(n: number): Promise<void>;
  close(): Promise<void>;
}

function smtpError(a: Answer): Error & { responseCode: number } {
  return Object.assign(new Error(a.message), { responseCode: a.code });
}

export async function startSmtpPeer(o: PeerOptions = {}): Promise<SmtpPeer> {
  const received: Received[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  let sessions = 0;
  let transactions = 0;
  let rcpts = 0;
  const sessionNumbers = new WeakMap<object, number>();
  const options: SMTPServerOptions = {
    secure: o.implicitTls ?? false,
    ...(o.tls || o.implicitTls ? TEST_TLS : { disabledCommands: o.auth ? [] : ["STARTTLS"] }),
    authOptional: !o.auth,
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    size: o.size,
    logger: false,
    onConnect(session, cb) {
      sessions++;
      sessionNumbers.set(session, sessions);
      cb();
    },
    onAuth(auth, _session, cb) {
      if (o.auth && auth.username === o.auth.username && auth.password === o.auth.password) return cb(null, { user: auth.username });
      cb(smtpError({ code: 535, message: "5.7.8 Authentication credentials invalid" }));
    },
    onRcptTo(address, _session, cb) {
      const answer = o.rcpt?.(address.address, ++rcpts) ?? null;
      cb(answer ? smtpError(answer) : undefined);
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const n = ++transactions;
        if (o.dropAfterDot?.(n)) {
          // the socket goes before any answer: the client cannot know whether we kept it
          for (const c of server.connections) if (c.session === session) c._socket.destroy();
          return;
        }
        const rcptList = session.envelope.rcptTo.map((r) => r.address);
        const answer = o.data?.(n, rcptList) ?? null;
        if (answer && answer.code >= 400) return cb(smtpError(answer));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: rcptList,
          raw: Buffer.concat(chunks),
          secure: session.secure,
          user: (session.user as string | undefined) ?? null,
          heloName: session.hostNameAppearsAs,
          session: sessionNumbers.get(session) ?? 0,
        });
        for (const w of waiters.filter((w) => received.length >= w.n)) w.resolve();
        cb(null, answer?.message ?? "2.0.0 Ok: queued");
      });
    },
  };
  const server = new SMTPServer(options) as SMTPServer & { connections: Set<any> };
  // a client that resets its connection (a killed process, an aborted TLS handshake) is not the test's failure
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    received,
    get sessions() {
      return sessions;
    },
    get transactions() {
      return transactions;
    },
    waitFor: (n) => (received.length >= n ? Promise.resolve() : new Promise((resolve) => waiters.push({ n, resolve }))),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
