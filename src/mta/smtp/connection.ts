// One socket to an SMTP server and the replies read from it: every wait has
// its own timer; a timeout, a close, an abort or a malformed reply ends the
// connection, and replies that arrived before a close are still read ("421
// closing" then FIN).
import net from "node:net";
import tls from "node:tls";
import { ReplyError, ReplyParser, type Reply } from "./reply";

/** Where in the dialogue a failure happened: what the transport's outcome and its text name. */
export type Stage = "connect" | "greeting" | "ehlo" | "starttls" | "tls" | "auth" | "mail" | "rcpt" | "data" | "dot" | "rset" | "quit";

export class SmtpError extends Error {
  constructor(
    readonly stage: Stage,
    message: string,
    /** The server's answer, when it gave one. */
    readonly reply: Reply | null = null,
  ) {
    super(message);
  }
}

/** How a TLS session is checked: opportunistic TLS (RFC 7435) takes any certificate. */
export interface TlsCheck {
  verify: boolean;
  /** Extra trust anchors (tests trust the committed self-signed certificate). */
  ca?: string | Buffer | (string | Buffer)[];
}

export interface ConnectOptions {
  address: string;
  port: number;
  /** The server's name: SNI and the certificate's identity. */
  servername: string;
  /** Speak TLS at once (implicit TLS, RFC 8314). */
  implicitTls: TlsCheck | null;
  timeoutMs: number;
}

const tlsOptions = (servername: string, check: TlsCheck): tls.ConnectionOptions => ({
  // SNI takes names only (RFC 6066 §3); an address is still checked against the certificate
  ...(net.isIP(servername) ? {} : { servername }),
  host: servername,
  rejectUnauthorized: check.verify,
  ...(check.ca ? { ca: check.ca } : {}),
});

export class SmtpConnection {
  secure: boolean;
  private parser = new ReplyParser();
  private replies: Reply[] = [];
  private waiter: { resolve: (r: Reply) => void; reject: (e: Error) => void; timer: ReturnType<typeof setTimeout> } | null = null;
  private failure: Error | null = null;
  private readonly onData = (chunk: Buffer) => this.received(chunk);
  private readonly onError = (err: Error) => this.fail(new SmtpError("connect", `connection error: ${err.message}`));
  private readonly onClose = () => this.fail(new SmtpError("connect", "the server closed the connection"));

  private constructor(private socket: net.Socket) {
    this.secure = socket instanceof tls.TLSSocket;
    this.listen(socket);
  }

  /** Opens a connection (TLS at once with `implicitTls`); rejects with stage connect or tls. */
  static open(o: ConnectOptions): Promise<SmtpConnection> {
    return new Promise((resolve, reject) => {
      const socket = o.implicitTls ? tls.connect({ ...tlsOptions(o.servername, o.implicitTls), host: o.address, port: o.port }) : net.connect({ host: o.address, port: o.port });
      const stage = o.implicitTls ? "tls" : "connect";
      const timer = setTimeout(() => done(new SmtpError("connect", `no connection to ${o.address}:${o.port} within ${o.timeoutMs} ms`)), o.timeoutMs);
      const ready = o.implicitTls ? "secureConnect" : "connect";
      const onReady = () => done(null);
      const onError = (err: Error) => done(new SmtpError(stage, `${o.address}:${o.port}: ${err.message}`));
      const onClose = () => done(new SmtpError(stage, `${o.address}:${o.port}: connection closed`));
      const done = (err: Error | null) => {
        clearTimeout(timer);
        // only ours: the socket's own listeners (half-close handling) stay
        socket.off(ready, onReady).off("error", onError).off("close", onClose);
        if (err) {
          socket.on("error", () => {});
          socket.destroy();
          return reject(err);
        }
        resolve(new SmtpConnection(socket));
      };
      socket.once(ready, onReady);
      socket.once("error", onError);
      socket.once("close", onClose);
    });
  }

  /** Whether the connection can still carry commands. */
  get open(): boolean {
    return this.failure === null;
  }

  /** The next reply; rejects (and ends the connection) after `timeoutMs`. */
  read(stage: Stage, timeoutMs: number): Promise<Reply> {
    const next = this.replies.shift();
    if (next) return Promise.resolve(next);
    if (this.failure) return Promise.reject(this.failure);
    if (this.waiter) return Promise.reject(new SmtpError(stage, "a read is already waiting"));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.fail(new SmtpError(stage, `no answer to ${stage.toUpperCase()} within ${timeoutMs} ms`)), timeoutMs);
      this.waiter = { resolve, reject, timer };
    });
  }

  /** Writes bytes; throws when the connection is gone. */
  write(data: string | Uint8Array): void {
    if (this.failure) throw this.failure;
    this.socket.write(data);
  }

  async command(line: string, stage: Stage, timeoutMs: number): Promise<Reply> {
    this.write(`${line}\r\n`);
    return this.read(stage, timeoutMs);
  }

  /** STARTTLS (RFC 3207) once the server said 220: the handshake on this socket. */
  startTls(servername: string, check: TlsCheck, timeoutMs: number): Promise<void> {
    // RFC 3207 §6: nothing received in plaintext after the 220 may be used
    this.parser.reset();
    this.replies = [];
    const plain = this.socket;
    plain.removeListener("data", this.onData);
    plain.removeListener("error", this.onError);
    plain.removeListener("close", this.onClose);
    return new Promise((resolve, reject) => {
      const secure = tls.connect({ ...tlsOptions(servername, check), socket: plain });
      const timer = setTimeout(() => done(new SmtpError("tls", `no TLS handshake within ${timeoutMs} ms`)), timeoutMs);
      const onReady = () => done(null);
      const onError = (err: Error) => done(new SmtpError("tls", `TLS handshake failed: ${err.message}`));
      const onClose = () => done(new SmtpError("tls", "the server closed the connection during the TLS handshake"));
      const done = (err: Error | null) => {
        clearTimeout(timer);
        secure.off("secureConnect", onReady).off("error", onError).off("close", onClose);
        this.socket = secure;
        this.listen(secure);
        if (err) {
          this.fail(err);
          return reject(err);
        }
        this.secure = true;
        resolve();
      };
      secure.once("secureConnect", onReady);
      secure.once("error", onError);
      secure.once("close", onClose);
    });
  }

  /** Ends the connection now; a waiting read rejects with `reason`. */
  destroy(reason = "connection closed"): void {
    this.fail(new SmtpError("connect", reason));
  }

  /** Resolves once the socket is closed (for QUIT: wait for the server's close). */
  closed(timeoutMs: number): Promise<void> {
    if (this.socket.destroyed) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.destroy();
        resolve();
      }, timeoutMs);
      this.socket.once("close", () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private listen(socket: net.Socket): void {
    socket.on("data", this.onData);
    socket.on("error", this.onError);
    socket.on("close", this.onClose);
  }

  private received(chunk: Buffer): void {
    let replies: Reply[];
    try {
      replies = this.parser.push(chunk);
    } catch (err) {
      return this.fail(new SmtpError("connect", err instanceof ReplyError ? `malformed answer: ${err.message}` : String(err)));
    }
    for (const r of replies) {
      const w = this.waiter;
      if (w) {
        this.waiter = null;
        clearTimeout(w.timer);
        w.resolve(r);
      } else this.replies.push(r);
    }
  }

  private fail(err: Error): void {
    if (this.failure) return;
    this.failure = err;
    this.socket.on("error", () => {});
    this.socket.destroy();
    const w = this.waiter;
    if (w) {
      this.waiter = null;
      clearTimeout(w.timer);
      w.reject(err);
    }
  }
}
