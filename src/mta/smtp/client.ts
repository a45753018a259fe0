// Our own SMTP client, not nodemailer's SMTPConnection, on purpose: a message
// must be recorded durably between the last RCPT answer and DATA (the
// transport's beforeData hook), MAIL and every RCPT go out in one write where
// the server offers PIPELINING, and every answer is kept verbatim, per
// recipient, as evidence. Edge cases follow nodemailer's smtp-connection:
// dot-stuffing with bare CR/LF made CRLF, AUTH LOGIN's 334 dance, multi-line
// replies, plaintext discarded after STARTTLS.
//
// This file opens a session (connect, greeting, EHLO or HELO, STARTTLS, AUTH);
// transaction.ts runs MAIL … DATA on it.
import type { TlsMode } from "../../db/schema";
import { SmtpConnection, SmtpError, type TlsCheck } from "./connection";
import type { Reply } from "./reply";
import type { SmtpTimeouts } from "./timeouts";

export interface HostTarget {
  host: string;
  port: number;
  /** Addresses to try in order, already allowed by the outbound address policy. */
  addresses: string[];
}

export interface SessionOptions {
  /** The EHLO name (NEARBOUND_HOSTNAME). */
  hostname: string;
  /** opportunistic: STARTTLS when offered, any certificate (RFC 7435); starttls and implicit verify it. */
  tls: TlsMode | "opportunistic";
  auth?: { username: string; password: string };
  timeouts: SmtpTimeouts;
  /** Extra trust anchors for verified TLS (tests trust the committed self-signed certificate). */
  ca?: TlsCheck["ca"];
  signal?: AbortSignal;
}

/** An open, greeted (and secured, authenticated) session, ready for transactions. */
export class SmtpSession {
  /** Transactions begun on this session. */
  transactions = 0;

  constructor(
    readonly conn: SmtpConnection,
    readonly host: string,
    readonly address: string,
    /** EHLO keywords (upper case) and their parameters; empty after HELO. */
    readonly extensions: Map<string, string>,
    readonly timeouts: SmtpTimeouts,
  ) {}

  get secure(): boolean {
    return this.conn.secure;
  }

  get open(): boolean {
    return this.conn.open;
  }

  has(keyword: string): boolean {
    return this.extensions.has(keyword);
  }

  /** QUIT, then the connection is gone whatever the server does. */
  async quit(): Promise<void> {
    if (!this.conn.open) return;
    try {
      await this.conn.command("QUIT", "quit", this.timeouts.quit);
      await this.conn.closed(this.timeouts.quit);
    } catch {
      // the server went first: nothing left to close
    } finally {
      this.conn.destroy("quit");
    }
  }
}

/** Connects to the first address that answers and sets the session up; throws SmtpError. */
export async function openSession(target: HostTarget, o: SessionOptions): Promise<SmtpSession> {
  try {
    return await attempt(target, o, o.tls);
  } catch (err) {
    // RFC 7435: opportunistic TLS that fails to negotiate falls back to plaintext on a new connection
    if (o.tls === "opportunistic" && err instanceof SmtpError && err.stage === "tls" && !o.signal?.aborted) return attempt(target, o, "none");
    throw err;
  }
}

async function attempt(target: HostTarget, o: SessionOptions, tls: SessionOptions["tls"]): Promise<SmtpSession> {
  if (o.signal?.aborted) throw new SmtpError("connect", "aborted before connecting");
  const { conn, address } = await connect(target, o, tls);
  const abort = () => conn.destroy("aborted");
  o.signal?.addEventListener("abort", abort);
  try {
    const extensions = await setUp(conn, target.host, o, tls);
    return new SmtpSession(conn, target.host, address, extensions, o.timeouts);
  } catch (err) {
    conn.destroy();
    throw err instanceof SmtpError ? err : new SmtpError("connect", String(err));
  } finally {
    o.signal?.removeEventListener("abort", abort);
  }
}

/** The first of the host's addresses that accepts a connection. */
async function connect(target: HostTarget, o: SessionOptions, tls: SessionOptions["tls"]): Promise<{ conn: SmtpConnection; address: string }> {
  const failures: string[] = [];
  let last: SmtpError | null = null;
  for (const address of target.addresses) {
    try {
      const implicitTls = tls === "implicit" ? { verify: true, ca: o.ca } : null;
      return { conn: await SmtpConnection.open({ address, port: target.port, servername: target.host, implicitTls, timeoutMs: o.timeouts.connect }), address };
    } catch (err) {
      last = err instanceof SmtpError ? err : new SmtpError("connect", String(err));
      failures.push(last.message);
      if (o.signal?.aborted) break;
    }
  }
  if (!last) throw new SmtpError("connect", `${target.host} has no address to connect to`);
  throw new SmtpError(last.stage, `${target.host}: ${failures.join("; ")}`);
}

async function setUp(conn: SmtpConnection, host: string, o: SessionOptions, tls: SessionOptions["tls"]): Promise<Map<string, string>> {
  const t = o.timeouts;
  const greeting = await conn.read("greeting", t.greeting);
  if (greeting.code !== 220) throw refusal("greeting", `${host} refused the session`, greeting);
  let extensions = await hello(conn, host, o);
  const wantTls = tls === "starttls" || (tls === "opportunistic" && extensions.has("STARTTLS"));
  if (wantTls) {
    if (!extensions.has("STARTTLS")) throw new SmtpError("starttls", `${host} does not offer STARTTLS, which this connection requires`);
    const ready = await conn.command("STARTTLS", "starttls", t.tls);
    if (ready.code === 220) {
      await conn.startTls(host, { verify: tls === "starttls", ca: o.ca }, t.tls);
      extensions = await hello(conn, host, o, true);
    } else if (tls === "starttls" || !conn.open) throw refusal("starttls", `${host} refused STARTTLS`, ready);
    // opportunistic: a refused STARTTLS leaves the session in plaintext (RFC 3207 §4)
  }
  if (o.auth) await authenticate(conn, host, extensions, o.auth, t.auth);
  return extensions;
}

/** EHLO (HELO when the server does not know it); the extensions offered. */
async function hello(conn: SmtpConnection, host: string, o: SessionOptions, afterTls = false): Promise<Map<string, string>> {
  const ehlo = await conn.command(`EHLO ${o.hostname}`, "ehlo", o.timeouts.ehlo);
  if (ehlo.code >= 200 && ehlo.code < 300) return extensionsOf(ehlo);
  // after STARTTLS the server spoke EHLO before: a refusal now is not about the verb
  if (ehlo.code === 421 || afterTls || !conn.open) throw refusal("ehlo", `${host} refused EHLO`, ehlo);
  const helo = await conn.command(`HELO ${o.hostname}`, "ehlo", o.timeouts.ehlo);
  if (helo.code >= 200 && helo.code < 300) return new Map();
  throw refusal("ehlo", `${host} refused HELO`, helo);
}

function extensionsOf(r: Reply): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of r.lines.slice(1)) {
    // "AUTH PLAIN LOGIN", and the old "AUTH=LOGIN" some servers still send
    const m = /^([A-Za-z0-9][A-Za-z0-9-]*)(?:[ =](.*))?$/.exec(line.trim());
    if (!m) continue;
    const keyword = m[1]!.toUpperCase();
    const params = (m[2] ?? "").trim();
    map.set(keyword, map.has(keyword) ? `${map.get(keyword)} ${params}`.trim() : params);
  }
  return map;
}

const b64 = (s: string) => Buffer.from(s, "utf8").toString("base64");

/** AUTH PLAIN (RFC 4616) when offered, else AUTH LOGIN. */
async function authenticate(conn: SmtpConnection, host: string, extensions: Map<string, string>, auth: { username: string; password: string }, timeoutMs: number): Promise<void> {
  const methods = (extensions.get("AUTH") ?? "").toUpperCase().split(/\s+/);
  if (methods.includes("PLAIN")) {
    const token = b64(`\0${auth.username}\0${auth.password}`);
    let r = await conn.command(`AUTH PLAIN ${token}`, "auth", timeoutMs);
    // a server that wants the credentials on their own line answers 334 first
    if (r.code === 334) r = await conn.command(token, "auth", timeoutMs);
    if (r.code !== 235) throw refusal("auth", `${host} refused the credentials of ${auth.username}`, r);
    return;
  }
  if (methods.includes("LOGIN")) {
    // 334 asks for the user name, then for the password (their base64 prompts vary between servers)
    const start = await conn.command("AUTH LOGIN", "auth", timeoutMs);
    if (start.code !== 334) throw refusal("auth", `${host} refused AUTH LOGIN`, start);
    const user = await conn.command(b64(auth.username), "auth", timeoutMs);
    if (user.code !== 334) throw refusal("auth", `${host} refused the user name ${auth.username}`, user);
    const done = await conn.command(b64(auth.password), "auth", timeoutMs);
    if (done.code !== 235) throw refusal("auth", `${host} refused the credentials of ${auth.username}`, done);
    return;
  }
  const offered = extensions.has("AUTH") ? `only AUTH ${extensions.get("AUTH")}` : "no AUTH";
  throw new SmtpError("auth", `${host} offers ${offered}${conn.secure ? "" : " without TLS"}; we speak PLAIN and LOGIN`);
}

const refusal = (stage: SmtpError["stage"], what: string, r: Reply) => new SmtpError(stage, `${what}: ${r.raw}`, r);
