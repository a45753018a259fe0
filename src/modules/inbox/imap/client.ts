// One logged-in ImapFlow client for a mailbox: to an address the outbound
// policy allows (resolved here, so a name that rebinds to a private address is
// refused), TLS as the connection says (implicit; STARTTLS required; none),
// the certificate checked for the configured name unless the server sits on a
// loopback or private address (reachable only with
// NEARBOUND_ALLOW_PRIVATE_TARGETS; such servers usually carry self-signed
// certificates), AUTHENTICATE PLAIN/LOGIN or LOGIN as the server offers.
import { isIP } from "node:net";
import { ImapFlow, type ImapFlowOptions } from "imapflow";
import type { Ctx } from "../../../context";
import { isPublicAddress } from "../../../lib/net/address-policy";
import type { MailboxAccount } from "./accounts";

/** The server refused the credentials (or there is no usable one): the connection's health says so. */
export class LoginFailed extends Error {
  constructor(readonly serverText: string) {
    super(`IMAP login failed: ${serverText}`);
  }
}

/** The server's words on a failed login: its response code and text, bounded. */
export function loginAnswer(err: { serverResponseCode?: string; responseText?: string; response?: unknown; message?: string }): string {
  const text = err.responseText ?? (typeof err.response === "string" ? err.response : err.message) ?? "refused";
  const answer = `${err.serverResponseCode && !text.includes(`[${err.serverResponseCode}]`) ? `[${err.serverResponseCode}] ` : ""}${text}`;
  return answer.replace(/[\r\n]+/g, " ").trim().slice(0, 500);
}

export interface ClientEvents {
  /** The selected folder's message count changed (IDLE or an untagged EXISTS). */
  exists(path: string): void;
  /** The connection ended or failed: whoever waits on it should look. */
  closed(err?: Error): void;
}

export interface ClientTimeouts {
  connectMs: number;
  greetingMs: number;
  socketMs: number;
  /** IDLE is broken and restarted this often (servers and NATs drop long silences). */
  maxIdleMs: number;
}

const TIMEOUTS: ClientTimeouts = { connectMs: 30_000, greetingMs: 16_000, socketMs: 5 * 60_000, maxIdleMs: 4 * 60_000 };

function openPassword(ctx: Ctx, sealed: string): string {
  try {
    return ctx.secrets.open(sealed);
  } catch {
    throw new LoginFailed("the stored password cannot be opened (was NEARBOUND_SECRET_KEY or the key file changed?); send the IMAP password again");
  }
}

/** Connects and logs in, trying each allowed address while none answers; throws LoginFailed when the server refuses the login. */
export async function openClient(ctx: Ctx, account: MailboxAccount, events: ClientEvents, timeouts: ClientTimeouts = TIMEOUTS): Promise<ImapFlow> {
  const s = account.imap;
  const target = await ctx.outbound.target(s.host);
  if (!target.ok) {
    const why = target.code === "private_address" ? " (connections to loopback and private addresses are refused unless NEARBOUND_ALLOW_PRIVATE_TARGETS is set)" : "";
    throw new Error(`${target.detail}${why}`);
  }
  const password = openPassword(ctx, account.sealedPassword);
  const servername = isIP(s.host) ? undefined : s.host;
  const failures: string[] = [];
  for (const address of target.addresses) {
    const options: ImapFlowOptions = {
      host: address,
      port: s.port,
      secure: s.tls === "implicit",
      doSTARTTLS: s.tls === "starttls" ? true : s.tls === "none" ? false : undefined,
      servername,
      tls: { servername, rejectUnauthorized: isPublicAddress(address) },
      auth: { user: s.username, pass: password },
      logger: false,
      disableAutoIdle: true, // the session decides when to IDLE (session.ts)
      clientInfo: { name: "Nearbound" },
      connectionTimeout: timeouts.connectMs,
      greetingTimeout: timeouts.greetingMs,
      socketTimeout: timeouts.socketMs,
      maxIdleTime: timeouts.maxIdleMs,
    };
    const client = new ImapFlow(options);
    // an 'error' with no listener would throw out of the event loop
    client.on("error", (err: Error) => events.closed(err));
    client.on("close", () => events.closed());
    client.on("exists", (e: { path: string }) => events.exists(e.path));
    try {
      await client.connect();
      return client;
    } catch (e) {
      const err = e as Error & { authenticationFailed?: boolean; serverResponseCode?: string; responseText?: string; response?: unknown };
      client.close();
      if (err.authenticationFailed) throw new LoginFailed(loginAnswer(err));
      failures.push(`${address}: ${err.message}`);
    }
  }
  throw new Error(`could not connect to ${s.host}:${s.port}: ${failures.join("; ")}`);
}
