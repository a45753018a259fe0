// The IMAP reader, one of the runtime's services: every readable mailbox
// (accounts.ts) has a session of its own (session.ts) whose messages go
// through the same durable store and ingest as the listener's
// (InboundStore.submit, then `received` wakes the IngestWorker). The list of
// mailboxes is read again every refreshMs and when a connection changes
// (ctx.connectionsChanged) or on refresh(): an archived or
// removed connection's session logs out; changed settings (server, account,
// folders, password) connect again.
import type { Ctx } from "../../../context";
import type { Topic } from "../../../lib/event-bus";
import type { Service } from "../../../lib/service";
import { InboundStore } from "../../../smtp-in/accept";
import { fingerprint, readableAccounts } from "./accounts";
import { MailboxSession, type SessionOptions, type SyncOutcome } from "./session";

export type { SyncOutcome } from "./session";

export interface ImapReaderOptions {
  /** Every folder is read this often (the first one at once too, when the server offers IDLE). Default 60 s. */
  pollMs?: number;
  /** The list of mailboxes is read again this often. Default 30 s. */
  refreshMs?: number;
  retry?: SessionOptions["retry"];
  loginRetry?: SessionOptions["loginRetry"];
}

const DEFAULTS: Required<ImapReaderOptions> = {
  pollMs: 60_000,
  refreshMs: 30_000,
  retry: { minMs: 1_000, maxMs: 5 * 60_000 },
  loginRetry: { minMs: 60_000, maxMs: 60 * 60_000 },
};

export class ImapReader implements Service {
  readonly name = "imap";
  private readonly opts: Required<ImapReaderOptions>;
  private readonly store: InboundStore;
  private readonly sessions = new Map<string, { fingerprint: string; session: MailboxSession }>();
  /** Sessions logging out (an archived connection, changed settings): stop() waits for them too. */
  private readonly ending = new Set<Promise<void>>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private unsubscribe: (() => void) | null = null;
  private running = false;

  constructor(
    private readonly ctx: Ctx,
    private readonly received: Topic,
    opts: ImapReaderOptions = {},
  ) {
    this.opts = { ...DEFAULTS, ...opts };
    this.store = new InboundStore(ctx);
  }

  /** Starts a session per readable mailbox; connecting happens in the background. */
  start(): void {
    this.running = true;
    this.refresh();
    this.timer = setInterval(() => this.refresh(), this.opts.refreshMs);
    this.timer.unref?.();
    // a connection created, changed or archived: at once rather than at the next refresh
    this.unsubscribe = this.ctx.connectionsChanged.subscribe(() => this.refresh());
  }

  /** Reads the list of mailboxes again: new ones start, archived or removed ones stop, changed ones reconnect. */
  refresh(): void {
    if (!this.running) return;
    let accounts;
    try {
      accounts = readableAccounts(this.ctx);
    } catch (err) {
      this.ctx.log.error("imap: could not read the mailboxes to read", { error: err instanceof Error ? err.message : String(err) });
      return;
    }
    const wanted = new Map(accounts.map((a) => [a.connectionId, a]));
    for (const [id, s] of this.sessions) {
      const a = wanted.get(id);
      if (a && fingerprint(a) === s.fingerprint && a.workspaceId === s.session.account.workspaceId) continue;
      this.sessions.delete(id);
      this.end(s.session);
    }
    for (const a of accounts) {
      if (this.sessions.has(a.connectionId)) continue;
      const session = new MailboxSession(this.ctx, a, this.store, () => this.received.publish(), this.opts);
      this.sessions.set(a.connectionId, { fingerprint: fingerprint(a), session });
      session.start();
    }
  }

  /**
   * Reads every folder of every mailbox (or of one connection) once, after a
   * refresh, and resolves when done: for tests and one-off runs. A mailbox
   * that cannot be read answers ok: false with why.
   */
  async syncNow(connectionId?: string): Promise<SyncOutcome[]> {
    this.refresh();
    const targets = [...this.sessions.entries()].filter(([id]) => connectionId === undefined || id === connectionId).map(([, s]) => s.session);
    return Promise.all(targets.map((s) => s.sync()));
  }

  async stop(timeoutMs: number): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const sessions = [...this.sessions.values()].map((s) => s.session);
    this.sessions.clear();
    await Promise.all([...sessions.map((s) => s.stop(timeoutMs)), ...this.ending]);
  }

  private end(session: MailboxSession): void {
    const p = session.stop(10_000).finally(() => this.ending.delete(p));
    this.ending.add(p);
  }
}
