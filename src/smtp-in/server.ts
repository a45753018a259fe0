// The inbound SMTP listener (one of the runtime's services): sockets and the
// SMTP dialogue only. It refuses recipients that are not ours at RCPT
// (recipients.ts), bounds sizes, connections and time, and answers 250 only
// once the message is durably stored (accept.ts); the ingest worker takes it
// from there.
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerAddress, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";
import type { Ctx } from "../context";
import type { Topic } from "../lib/event-bus";
import { errorFields } from "../lib/log";
import type { Service } from "../lib/service";
import { InboundStore } from "./accept";
import { routeRecipient } from "./recipients";

export interface ListenerOptions {
  /** Overrides NEARBOUND_SMTP_PORT (tests: 0 = any free port). */
  port?: number;
  host?: string;
}

/** RFC 5321 §4.5.3.1.8: at least 100 recipients must be taken; more are refused per transaction. */
const MAX_RECIPIENTS = 100;
/**
 * Recipients refused on one connection before it is closed with 421 (Postfix's
 * smtpd_hard_error_limit): a client guessing addresses gets a few tries, not a directory.
 */
const MAX_REFUSED_RECIPIENTS = 20;
/** RFC 5321 §4.5.3.2: 5 minutes for a command, 10 for the data block; one idle limit for both. */
const SOCKET_TIMEOUT_MS = 5 * 60_000;

const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

export class InboundListener implements Service {
  readonly name = "smtp-in";
  private server: SMTPServer | null = null;
  private readonly store: InboundStore;
  private readonly perIp = new Map<string, number>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private boundPort = 0;

  constructor(
    private readonly ctx: Ctx,
    /** Published after each stored message (wakes the ingest worker). */
    private readonly received: Topic,
    private readonly opts: ListenerOptions = {},
  ) {
    this.store = new InboundStore(ctx);
  }

  /** The port listened on (0 when off). */
  get port(): number {
    return this.boundPort;
  }

  async start(): Promise<void> {
    const port = this.opts.port ?? this.ctx.config.smtpPort;
    if (port === 0 && this.opts.port === undefined) return; // NEARBOUND_SMTP_PORT=0: off
    const { smtpIn, hostname } = this.ctx.config;
    const tls = smtpIn.tls ? { key: readFileSync(smtpIn.tls.key), cert: readFileSync(smtpIn.tls.cert) } : null;
    this.server = new SMTPServer({
      name: hostname,
      banner: "Nearbound ESMTP",
      logger: false,
      secure: false,
      ...(tls ?? {}),
      hideSTARTTLS: !tls,
      disabledCommands: tls ? ["AUTH"] : ["AUTH", "STARTTLS"],
      authOptional: true,
      size: smtpIn.maxSize,
      rejectOversized: true,
      maxClients: smtpIn.maxClients,
      socketTimeout: SOCKET_TIMEOUT_MS,
      onConnect: (session, cb) => this.onConnect(session, cb),
      onClose: (session) => this.onClose(session),
      onRcptTo: (address, session, cb) => this.onRcptTo(address, session, cb),
      onData: (stream, session, cb) => this.onData(stream, session, cb),
    });
    this.server.on("error", (err) => this.ctx.log.warn("smtp-in: connection error", errorFields(err)));
    const server = this.server;
    await new Promise<void>((resolve, reject) => {
      server.server.once("error", reject);
      server.listen(port, this.opts.host ?? this.ctx.config.host, () => {
        server.server.off("error", reject);
        resolve();
      });
    });
    this.boundPort = (server.server.address() as AddressInfo).port;
    this.ctx.log.info("smtp-in: listening", { port: this.boundPort, starttls: !!tls });
  }

  /** Stops taking connections, lets the transactions in flight finish (their 250 or error), then closes the rest. */
  async stop(timeoutMs: number): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    const closed = new Promise<void>((r) => server.close(() => r()));
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([Promise.allSettled([...this.inFlight]), new Promise((r) => (timer = setTimeout(r, timeoutMs)))]);
    clearTimeout(timer);
    // idle connections: told we are going (421) rather than left to the close timeout
    for (const c of (server as unknown as { connections: Set<{ send(code: number, text: string): void; close(): void }> }).connections) {
      c.send(421, "4.3.2 Service shutting down");
      c.close();
    }
    await Promise.race([closed, new Promise((r) => setTimeout(r, 50))]);
  }

  private onConnect(session: SMTPServerSession, cb: (err?: Error) => void): void {
    const n = (this.perIp.get(session.remoteAddress) ?? 0) + 1;
    if (n > this.ctx.config.smtpIn.maxPerIp) return cb(smtpError(421, "4.7.0 Too many connections from your address, try again later"));
    this.perIp.set(session.remoteAddress, n);
    (session as { counted?: boolean }).counted = true;
    cb();
  }

  private onClose(session: SMTPServerSession): void {
    if (!(session as { counted?: boolean }).counted) return;
    const n = (this.perIp.get(session.remoteAddress) ?? 1) - 1;
    if (n > 0) this.perIp.set(session.remoteAddress, n);
    else this.perIp.delete(session.remoteAddress);
  }

  private onRcptTo(address: SMTPServerAddress, session: SMTPServerSession, cb: (err?: Error) => void): void {
    if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) return cb(smtpError(452, "4.5.3 Too many recipients"));
    try {
      if (!routeRecipient(this.ctx, address.address).length) {
        // the session object lives as long as the connection (the envelope is per transaction)
        const counted = session as { refused?: number };
        counted.refused = (counted.refused ?? 0) + 1;
        if (counted.refused > MAX_REFUSED_RECIPIENTS) return cb(smtpError(421, "4.7.0 Too many refused recipients, closing connection"));
        return cb(smtpError(550, `5.7.1 <${address.address}>: not a local address; relaying denied`));
      }
      cb();
    } catch (err) {
      this.ctx.log.error("smtp-in: recipient check failed", errorFields(err));
      cb(smtpError(451, "4.3.0 Temporary failure, try again later"));
    }
  }

  private onData(stream: SMTPServerDataStream, session: SMTPServerSession, cb: (err?: Error | null, message?: string) => void): void {
    const chunks: Buffer[] = [];
    let size = 0;
    const limit = this.ctx.config.smtpIn.maxSize;
    // in flight from DATA on, not from the dot: a stop while the client is still
    // sending lets it finish and get its reply (stop waits for inFlight)
    let settle!: () => void;
    const transaction = new Promise<void>((resolve) => (settle = resolve));
    this.inFlight.add(transaction);
    void transaction.then(() => this.inFlight.delete(transaction));
    let received = false;
    stream.once("close", () => received || settle()); // the client went away mid-message: no reply to wait for
    stream.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk); // past the limit the server answers 552; nothing more is kept
    });
    stream.once("end", () => {
      received = true;
      if (stream.sizeExceeded) {
        cb(smtpError(552, "5.3.4 Message too big"));
        return settle();
      }
      void this.store_(session, Buffer.concat(chunks, size))
        .then(
          (text) => cb(null, text),
          (err: Error & { responseCode?: number }) => cb(err.responseCode ? err : smtpError(451, "4.3.0 Temporary failure, try again later")),
        )
        .finally(settle);
    });
  }

  /** Stores the message durably; answers the 250 text. */
  private async store_(session: SMTPServerSession, raw: Buffer): Promise<string> {
    const recipients = session.envelope.rcptTo.map((r) => ({ address: r.address, routes: routeRecipient(this.ctx, r.address) })).filter((r) => r.routes.length);
    if (!recipients.length) throw smtpError(550, "5.7.1 No local recipients left");
    const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
    try {
      const { stored } = await this.store.submit({
        raw,
        mailFrom,
        recipients,
        remoteAddress: session.remoteAddress,
        helo: session.hostNameAppearsAs || null,
        tls: !!session.secure,
      });
      this.received.publish();
      return `2.0.0 Ok: queued as ${stored.map((s) => s.id).join(",")}`;
    } catch (err) {
      this.ctx.log.error("smtp-in: could not store a message", errorFields(err));
      throw smtpError(451, "4.3.0 Temporary failure storing the message, try again later");
    }
  }
}
