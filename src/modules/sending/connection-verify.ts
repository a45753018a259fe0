// Verifying an smtp connection: a real session with its server, as sending
// will open it — connect (to an address the outbound policy allows), TLS
// (implicit, or STARTTLS when the connection says starttls: required), EHLO
// with NEARBOUND_HOSTNAME, AUTH PLAIN or LOGIN, QUIT. Nothing is sent. The
// outcome is `active` (health healthy) or `failed` with the server's answer
// verbatim in last_error (health failing).
import { isIP } from "node:net";
import { and, eq } from "drizzle-orm";
import SMTPConnection from "nodemailer/lib/smtp-connection";
import type { Ctx } from "../../context";
import { connections, workspaces, type TlsMode } from "../../db/schema";
import { isPublicAddress } from "../../lib/net/address-policy";
import { transact } from "../events/outbox";
import { setConnectionHealth } from "./connection-health";

export const CONNECTION_VERIFY_JOB_KIND = "connection.verify";

export interface SmtpAccount {
  host: string;
  port: number;
  tls: TlsMode;
  username: string;
  password: string;
}

export type AccountCheck = { ok: true; detail: string } | { ok: false; detail: string };

export interface CheckOptions {
  account: SmtpAccount;
  /** The addresses the outbound policy allowed for account.host, tried in order while none answers. */
  addresses: string[];
  /** The EHLO name (NEARBOUND_HOSTNAME). */
  heloName: string;
  /**
   * Whether the server's certificate must be valid for account.host. A
   * credential is about to cross the connection, so public servers must prove
   * who they are; a relay on a loopback or private address (reachable only with
   * NEARBOUND_ALLOW_PRIVATE_TARGETS) usually has a self-signed certificate.
   */
  verifyCertificate: (address: string) => boolean;
  timeouts?: { connectMs: number; greetingMs: number; socketMs: number };
}

const TIMEOUTS = { connectMs: 15_000, greetingMs: 20_000, socketMs: 30_000 };
/** A server answer kept in last_error: verbatim up to this many characters. */
const MAX_ANSWER = 1000;

/** A server's answer as last_error keeps it: its text, CRs dropped, bounded. */
const answerText = (s: string) => s.replace(/\r/g, "").trim().slice(0, MAX_ANSWER);

interface SmtpError extends Error {
  code?: string;
  response?: string;
}

/** Whether a failure happened before the server said anything (another address may answer). */
const beforeGreeting = (err: SmtpError, greeted: boolean) => !greeted && !err.response && (err.code === "ESOCKET" || err.code === "ECONNECTION" || err.code === "ETIMEDOUT");

/** Runs the session against each address until one answers; the first answer decides. */
export async function checkSmtpAccount(o: CheckOptions): Promise<AccountCheck> {
  const failures: string[] = [];
  for (const address of o.addresses) {
    const r = await session(o, address);
    if (r.kind === "unreachable") {
      failures.push(r.detail);
      continue;
    }
    return r.check;
  }
  return { ok: false, detail: failures.join("; ") || `${o.account.host} has no address to connect to` };
}

type SessionResult = { kind: "answered"; check: AccountCheck } | { kind: "unreachable"; detail: string };

async function session(o: CheckOptions, address: string): Promise<SessionResult> {
  const a = o.account;
  const t = o.timeouts ?? TIMEOUTS;
  const where = `${a.host}:${a.port}${a.host === address ? "" : ` (${address})`}`;
  // the certificate is checked against the name the operator gave, not the address we connect to
  const servername = isIP(a.host) ? undefined : a.host;
  const conn = new SMTPConnection({
    host: address,
    port: a.port,
    secure: a.tls === "implicit",
    ignoreTLS: a.tls === "none",
    name: o.heloName,
    connectionTimeout: t.connectMs,
    greetingTimeout: t.greetingMs,
    socketTimeout: t.socketMs,
    tls: { servername, rejectUnauthorized: o.verifyCertificate(address) },
    logger: false,
  } as SMTPConnection.Options);
  let greeted = false;
  let failure: SmtpError | null = null;
  conn.on("error", (err: SmtpError) => (failure ??= err));
  const step = <T>(run: (done: (err: SmtpError | null | undefined, value?: T) => void) => void) =>
    new Promise<T>((resolve, reject) => {
      const onEnd = () => reject(failure ?? Object.assign(new Error("the server closed the connection"), { code: "ECONNECTION" }));
      conn.once("end", onEnd);
      run((err, value) => {
        conn.off("end", onEnd);
        if (err) reject(err);
        else resolve(value as T);
      });
    });
  try {
    await step<void>((done) => conn.connect((err) => done(err)));
    greeted = true;
    if (a.tls === "starttls" && !conn.secure) {
      return answered(false, `${where} does not offer STARTTLS, which this connection requires (its EHLO answer: ${ehloSummary(conn)}); the credential was not sent`);
    }
    const offered = ((conn as unknown as { _supportedAuth?: string[] })._supportedAuth ?? []).map((m) => m.toUpperCase());
    const method = offered.includes("PLAIN") ? "PLAIN" : offered.includes("LOGIN") ? "LOGIN" : null;
    if (!method) {
      const what = offered.length ? `AUTH ${offered.join(" ")} only; Nearbound speaks PLAIN and LOGIN` : "no AUTH";
      return answered(false, `${where} offers ${what} (its EHLO answer: ${ehloSummary(conn)})`);
    }
    await step<unknown>((done) => conn.login({ user: a.username, pass: a.password, method } as SMTPConnection.Credentials & { method: string }, (err) => done(err)));
    conn.quit();
    return answered(true, `${where}: ${conn.secure ? "TLS" : "no TLS"}, AUTH ${method} accepted`);
  } catch (e) {
    const err = (failure ?? e) as SmtpError;
    if (beforeGreeting(err, greeted)) return { kind: "unreachable", detail: `could not connect to ${where}: ${err.message}` };
    if (err.response) return answered(false, answerText(err.response));
    if (err.code === "ETLS" || /certificate|TLS|SSL/i.test(err.message)) return answered(false, `TLS with ${where} failed: ${err.message}`);
    return answered(false, `${where}: ${err.message}`);
  } finally {
    conn.close();
  }
}

const answered = (ok: boolean, detail: string): SessionResult => ({ kind: "answered", check: ok ? { ok: true, detail } : { ok: false, detail } });

function ehloSummary(conn: SMTPConnection): string {
  const r = conn.lastServerResponse;
  return r ? answerText(r).split("\n").join(" / ") : "none";
}

function openPassword(ctx: Ctx, sealed: string): string | null {
  try {
    return ctx.secrets.open(sealed);
  } catch {
    return null;
  }
}

/** The connection's smtp settings as the job uses them, with the sealed password it was verified with. */
function pendingVerification(ctx: Ctx, workspaceId: string, id: string) {
  return ctx.db
    .select({ smtp: connections.smtp, smtpPassword: connections.smtpPassword, status: connections.status, mode: workspaces.mode })
    .from(connections)
    .innerJoin(workspaces, eq(workspaces.id, connections.workspaceId))
    .where(and(eq(connections.workspaceId, workspaceId), eq(connections.id, id)))
    .get();
}

/**
 * Verifies a `verifying` smtp connection and records the outcome. A result
 * is recorded only if the connection still holds the credential it was
 * checked with and is still verifying: a newer credential, a pause or an
 * archive in the meantime wins, and its own verification decides.
 */
export async function verifyConnection(ctx: Ctx, a: { workspaceId: string; connectionId: string }): Promise<{ status: string; detail: string | null } | null> {
  const c = pendingVerification(ctx, a.workspaceId, a.connectionId);
  if (!c || c.status !== "verifying" || !c.smtp || c.smtpPassword === null) return null;
  let check: AccountCheck;
  if (c.mode === "test") {
    // a test-mode workspace's mail never leaves the appliance: nothing to connect to
    check = { ok: true, detail: "test mode: no connection made" };
  } else {
    const target = await ctx.outbound.target(c.smtp.host);
    if (!target.ok) {
      const why = target.code === "private_address" ? " (connections to loopback and private addresses are refused unless NEARBOUND_ALLOW_PRIVATE_TARGETS is set)" : "";
      check = { ok: false, detail: `${target.detail}${why}` };
    } else {
      const password = openPassword(ctx, c.smtpPassword);
      check =
        password === null
          ? { ok: false, detail: "The stored password cannot be opened (was NEARBOUND_SECRET_KEY or the key file changed?); send the credential again." }
          : await checkSmtpAccount({ account: { ...c.smtp, password }, addresses: target.addresses, heloName: ctx.config.hostname, verifyCertificate: isPublicAddress });
    }
  }
  return transact(ctx, (tx, outbox) => {
    const now = ctx.clock.now();
    const done = tx
      .update(connections)
      .set({ status: check.ok ? "active" : "failed", lastError: check.ok ? null : check.detail, updatedAt: now })
      .where(and(eq(connections.workspaceId, a.workspaceId), eq(connections.id, a.connectionId), eq(connections.status, "verifying"), eq(connections.smtpPassword, c.smtpPassword!)))
      .returning({ id: connections.id })
      .get();
    if (!done) return null;
    setConnectionHealth(ctx, tx, outbox, { workspaceId: a.workspaceId, connectionId: a.connectionId, status: check.ok ? "healthy" : "failing", detail: check.ok ? null : check.detail });
    return { status: check.ok ? "active" : "failed", detail: check.detail };
  });
}
