// The Transport that speaks SMTP (to an MX, a smart host or an smtp
// connection's server), over src/mta/smtp/. Sessions are pooled per
// destination host, port, TLS mode and credentials: a message takes an idle
// session (RSET first, pipelined with its MAIL where offered) or opens one
// within the host's connection limit (an MX host's is its provider's, from the
// Shaper), and gives it back for the next; an idle session is closed with QUIT
// after timeouts.idle, or by close(). A route's hosts are tried in order while
// connecting fails; once a session is up, its answer is the outcome.
import { createHash } from "node:crypto";
import { systemClock, type Clock } from "../lib/clock";
import type { Logger } from "../lib/log";
import { openSession, type HostTarget, type SmtpSession } from "./smtp/client";
import { SmtpError, type TlsCheck } from "./smtp/connection";
import { DEFAULT_TIMEOUTS, type SmtpTimeouts } from "./smtp/timeouts";
import { runTransaction, StaleSession } from "./smtp/transaction";
import type { Shaper } from "./shaping";
import type { Route, SendRequest, SendResult, Transport } from "./transport";

export interface SmtpTransportOptions {
  /** The EHLO name (NEARBOUND_HOSTNAME). */
  hostname: string;
  log: Logger;
  timeouts?: Partial<SmtpTimeouts>;
  /** An MX host's connection limit is its provider's, read from the Shaper. */
  shaper?: Pick<Shaper, "providerOf" | "limitsOf">;
  clock?: Clock;
  /** Connections at once to the smart host (NEARBOUND_SMTP_RELAY_CONNECTIONS; 20, Postfix's default_destination_concurrency_limit). */
  relayConnections?: number;
  /** Connections per host of submission routes (a mailbox provider's server), and MX hosts without a Shaper (10). */
  maxConnectionsPerHost?: number;
  /** Transactions per session before it is closed (100, KumoMTA's max_deliveries_per_connection). */
  maxMessagesPerConnection?: number;
  /** Extra trust anchors for verified TLS (tests trust the committed self-signed certificate). */
  ca?: TlsCheck["ca"];
}

interface Pool {
  idle: { session: SmtpSession; timer: ReturnType<typeof setTimeout> }[];
  /** Sessions open or opening (idle ones included). */
  count: number;
  waiters: (() => void)[];
}

export function createSmtpTransport(o: SmtpTransportOptions): Transport {
  return new SmtpTransport(o);
}

class SmtpTransport implements Transport {
  private readonly pools = new Map<string, Pool>();
  private readonly quitting = new Set<Promise<void>>();
  private readonly timeouts: SmtpTimeouts;
  private closed = false;

  constructor(private readonly o: SmtpTransportOptions) {
    this.timeouts = { ...DEFAULT_TIMEOUTS, ...o.timeouts };
  }

  async send(req: SendRequest): Promise<SendResult> {
    const { route } = req;
    const failures: string[] = [];
    let lastHost: string | null = null;
    // the last answer a server gave, if any did (a refused greeting, AUTH): the code the caller reads
    let answer: SmtpError["reply"] = null;
    for (const target of route.hosts) {
      if (this.closed) return notSent(target.host, "not sent: the transport is closed (shutting down)");
      const tried = await this.viaHost(route, target, req);
      if ("result" in tried) return tried.result;
      // connecting, TLS or AUTH failed: nothing was sent, the next host may do better
      this.o.log.warn("smtp: host failed", { destination: route.destination, host: target.host, stage: tried.err.stage, error: tried.err.message });
      failures.push(tried.err.message);
      lastHost = target.host;
      answer = tried.err.reply ?? answer;
      if (req.signal?.aborted) break;
    }
    if (!lastHost) return notSent(null, `not sent: the route to ${route.destination} has no host`);
    return { outcome: "not_sent", host: lastHost, tls: false, code: answer?.code ?? null, enhanced: answer?.enhanced ?? null, response: `not sent: ${failures.join("; ")}` };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pool of this.pools.values()) {
      for (const { session, timer } of pool.idle.splice(0)) {
        clearTimeout(timer);
        pool.count--;
        this.quit(session);
      }
      for (const wake of pool.waiters.splice(0)) wake();
    }
    await Promise.all([...this.quitting]);
  }

  /** One host: a session from its pool (or a new one), then the transaction; `err` when no session could be had. */
  private async viaHost(route: Route, target: HostTarget, req: SendRequest): Promise<{ result: SendResult } | { err: SmtpError }> {
    const pool = this.pool(poolKey(route, target));
    const limit = this.limitFor(route, target.host);
    for (;;) {
      const lease = await this.lease(pool, limit, req.signal);
      if (lease === null) return { result: notSent(target.host, "not sent: aborted while waiting for a connection (shutting down)") };
      let session = lease.session;
      if (!session) {
        try {
          session = await openSession(target, { hostname: this.o.hostname, tls: route.tls, auth: route.auth, timeouts: this.timeouts, ca: this.o.ca, signal: req.signal });
        } catch (err) {
          this.drop(pool);
          return { err: err instanceof SmtpError ? err : new SmtpError("connect", String(err)) };
        }
      }
      try {
        const result = await runTransaction(session, req);
        this.giveBack(pool, session, limit);
        return { result };
      } catch (err) {
        session.conn.destroy();
        this.drop(pool);
        // a pooled session the server had closed: nothing happened on it, take another
        if (!(err instanceof StaleSession)) throw err;
      }
    }
  }

  private limitFor(route: Route, host: string): number {
    const s = this.o.shaper;
    if (route.kind === "mx" && s) return s.limitsOf(s.providerOf(host), (this.o.clock ?? systemClock).now()).maxConnections;
    // the smart host is the operator's own relay: each session waits a round trip and the attempt record per message
    if (route.kind === "relay") return this.o.relayConnections ?? 20;
    return this.o.maxConnectionsPerHost ?? 10;
  }

  private pool(key: string): Pool {
    let p = this.pools.get(key);
    if (!p) this.pools.set(key, (p = { idle: [], count: 0, waiters: [] }));
    return p;
  }

  /** An idle session that is still open, or room to open one (session null); null when aborted or closed. */
  private async lease(pool: Pool, limit: number, signal?: AbortSignal): Promise<{ session: SmtpSession | null } | null> {
    for (;;) {
      if (this.closed || signal?.aborted) return null;
      // the most recently used first: the warmest, the least likely to have timed out
      for (let idle = pool.idle.pop(); idle; idle = pool.idle.pop()) {
        clearTimeout(idle.timer);
        if (idle.session.open) return { session: idle.session };
        pool.count--;
      }
      if (pool.count < limit) {
        pool.count++;
        return { session: null };
      }
      await new Promise<void>((resolve) => {
        const wake = () => {
          signal?.removeEventListener("abort", wake);
          resolve();
        };
        pool.waiters.push(wake);
        signal?.addEventListener("abort", wake);
      });
    }
  }

  private giveBack(pool: Pool, session: SmtpSession, limit: number): void {
    const spent = session.transactions >= (this.o.maxMessagesPerConnection ?? 100);
    // a limit cut by the Shaper takes effect as sessions come back
    if (this.closed || !session.open || spent || pool.count > limit) {
      pool.count--;
      this.quit(session);
      this.wakeOne(pool);
      return;
    }
    const entry = {
      session,
      timer: setTimeout(() => {
        const i = pool.idle.indexOf(entry);
        if (i < 0) return;
        pool.idle.splice(i, 1);
        pool.count--;
        this.quit(session);
        this.wakeOne(pool);
      }, this.timeouts.idle),
    };
    entry.timer.unref?.();
    pool.idle.push(entry);
    this.wakeOne(pool);
  }

  /** A session that will not come back (failed, stale): its room goes to a waiter. */
  private drop(pool: Pool): void {
    pool.count--;
    this.wakeOne(pool);
  }

  private wakeOne(pool: Pool): void {
    pool.waiters.shift()?.();
  }

  private quit(session: SmtpSession): void {
    const p = session.quit().finally(() => this.quitting.delete(p));
    this.quitting.add(p);
  }
}

/** Sessions are shared only where they are interchangeable: same server, TLS mode and credentials. */
function poolKey(route: Route, target: HostTarget): string {
  // the password is part of the key: a session authenticated with one credential never carries another's mail
  const auth = route.auth ? `${route.auth.username}:${createHash("sha256").update(route.auth.password).digest("hex").slice(0, 16)}` : "";
  return `${route.kind}|${target.host.toLowerCase()}|${target.port}|${route.tls}|${auth}`;
}

const notSent = (host: string | null, response: string): SendResult => ({ outcome: "not_sent", host, tls: false, code: null, enhanced: null, response });
