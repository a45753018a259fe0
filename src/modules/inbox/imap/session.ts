// One mailbox, read for as long as its connection is readable: connect and log
// in, read every configured folder, then wait — in IDLE on the first folder
// when the server offers it (its new mail is read at once), and for the next
// poll (every folder, every pollMs) — and read again. A lost connection is
// connected again after a capped exponential backoff (longer after a refused
// login: providers lock accounts that keep failing); a syncNow cuts the wait
// short. A refused login makes the connection unhealthy; the next successful
// one clears that (health.ts).
import type { ImapFlow } from "imapflow";
import type { Ctx } from "../../../context";
import { errorFields } from "../../../lib/log";
import type { InboundStore } from "../../../smtp-in/accept";
import { ownAddresses, type MailboxAccount } from "./accounts";
import { LoginFailed, openClient } from "./client";
import { readFolder, type FolderResult } from "./folder";
import { recordLoginFailure, recordLoginSuccess } from "./health";

export interface SessionOptions {
  pollMs: number;
  /** After a failure: min doubling to max (network, server errors) … */
  retry: { minMs: number; maxMs: number };
  /** … and after a refused login. */
  loginRetry: { minMs: number; maxMs: number };
}

/** What one full read of a mailbox came to. */
export type SyncOutcome = { connectionId: string; ok: true; folders: FolderResult[] } | { connectionId: string; ok: false; error: string };

type Waiter = (o: SyncOutcome) => void;

export class MailboxSession {
  private stopped = false;
  private client: ImapFlow | null = null;
  /** syncNow callers: answered by the next full read (or the failure that prevents it). */
  private waiters: Waiter[] = [];
  /** The idled folder reported new mail. */
  private firstDirty = false;
  private wake: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  /** Folders already reported missing or unreadable (once per session, not every poll). */
  private readonly reported = new Set<string>();

  constructor(
    private readonly ctx: Ctx,
    readonly account: MailboxAccount,
    private readonly store: InboundStore,
    /** After a batch stored a new message: the ingest runs at once. */
    private readonly stored: () => void,
    private readonly opts: SessionOptions,
  ) {}

  start(): void {
    this.loop ??= this.run().catch((err) => this.ctx.log.error("imap: the mailbox's session ended", { ...this.log, ...errorFields(err) }));
  }

  /** Resolves after the next full read of every folder, or with the failure that prevented it. */
  sync(): Promise<SyncOutcome> {
    if (this.stopped) return Promise.resolve(this.failed("the mailbox is no longer read"));
    return new Promise((resolve) => {
      this.waiters.push(resolve);
      this.poke();
    });
  }

  /** Logs out and ends the loop, both within timeoutMs (a read in flight ends at the closed socket; its cursor stands). */
  async stop(timeoutMs: number): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    this.stopped = true;
    this.poke();
    const client = this.client;
    if (client) await bounded(client.logout().catch(() => {}), timeoutMs / 2);
    client?.close();
    if (this.loop) await bounded(this.loop, deadline - performance.now());
    this.answer(this.failed("the mailbox is no longer read"));
  }

  private get log() {
    return { connection_id: this.account.connectionId, workspace_id: this.account.workspaceId };
  }

  private failed(error: string): SyncOutcome {
    return { connectionId: this.account.connectionId, ok: false, error };
  }

  private answer(o: SyncOutcome, waiters = this.waiters.splice(0)): void {
    for (const w of waiters) w(o);
  }

  private poke(): void {
    const w = this.wake;
    this.wake = null;
    w?.();
  }

  /** Waits `ms`, or until poked. */
  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = null;
        resolve();
      }, Math.max(0, ms));
      timer.unref?.();
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private async run(): Promise<void> {
    let failures = 0;
    let loginRefused = false;
    while (!this.stopped) {
      try {
        this.client = await openClient(this.ctx, this.account, {
          exists: (path) => {
            if (samePath(path, this.account.imap.folders[0]!)) {
              this.firstDirty = true;
              this.poke();
            }
          },
          closed: () => this.poke(),
        });
        if (this.stopped) break;
        failures = 0;
        loginRefused = false;
        recordLoginSuccess(this.ctx, this.account);
        await this.serve(this.client);
      } catch (err) {
        if (this.stopped) break;
        failures++;
        loginRefused = err instanceof LoginFailed;
        if (err instanceof LoginFailed) {
          this.ctx.log.warn("imap: login refused", { ...this.log, detail: err.serverText });
          try {
            recordLoginFailure(this.ctx, this.account, err.serverText);
          } catch (e) {
            this.ctx.log.error("imap: could not record the connection's health", { ...this.log, ...errorFields(e) });
          }
        } else {
          this.ctx.log.warn("imap: mailbox read failed; connecting again", { ...this.log, ...errorFields(err) });
        }
        this.answer(this.failed(err instanceof Error ? err.message : String(err)));
      } finally {
        this.client?.close();
        this.client = null;
      }
      if (this.stopped) break;
      await this.pause(backoff(failures, loginRefused ? this.opts.loginRetry : this.opts.retry));
    }
  }

  /** Reads, waits, reads again, until stopped or the connection is lost (thrown). */
  private async serve(client: ImapFlow): Promise<void> {
    const folders = this.account.imap.folders;
    const idle = client.capabilities.has("IDLE");
    let lastFull = 0;
    let full = true;
    for (;;) {
      if (!client.usable) throw new Error("the IMAP connection was closed");
      const waiters = full ? this.waiters.splice(0) : [];
      this.firstDirty = false;
      let results: FolderResult[];
      try {
        results = await this.read(client, full ? folders : folders.slice(0, 1));
      } catch (err) {
        this.answer(this.failed(err instanceof Error ? err.message : String(err)), waiters);
        throw err;
      }
      if (full) lastFull = performance.now();
      this.answer({ connectionId: this.account.connectionId, ok: true, folders: results }, waiters);
      if (this.stopped) return;

      // IDLE on the first folder (when it is one we read), so its new mail wakes us
      const first = results.find((r) => r.folder === folders[0]);
      if (idle && (!first || first.status === "read")) {
        if (!client.mailbox || !samePath(client.mailbox.path, folders[0]!)) await client.mailboxOpen(folders[0]!, { readOnly: true });
        client.idle().catch(() => {}); // broken by our next command; a lost connection shows as !usable
      }
      full = await this.next(client, lastFull);
      if (this.stopped) return;
    }
  }

  /** Waits for the next read: true for all folders (poll time, a syncNow), false for the first (its new mail). */
  private async next(client: ImapFlow, lastFull: number): Promise<boolean> {
    for (;;) {
      if (this.stopped || this.waiters.length) return true;
      if (!client.usable) throw new Error("the IMAP connection was closed");
      const due = lastFull + this.opts.pollMs - performance.now();
      if (due <= 0) return true;
      if (this.firstDirty) return false;
      await this.pause(due);
    }
  }

  private async read(client: ImapFlow, folders: string[]): Promise<FolderResult[]> {
    const own = ownAddresses(this.ctx, this.account);
    const results: FolderResult[] = [];
    for (const folder of folders) {
      if (this.stopped) break;
      const r = await readFolder({ ctx: this.ctx, client, store: this.store, account: this.account, own, stored: this.stored }, folder);
      if ((r.status === "missing" || r.status === "unreadable") && !this.reported.has(folder)) {
        this.reported.add(folder);
        this.ctx.log.warn(`imap: a configured folder is ${r.status === "missing" ? "missing on the server" : "refused by the server"}`, { ...this.log, folder, detail: r.detail });
      }
      results.push(r);
    }
    return results;
  }
}

/** INBOX is INBOX in any case (RFC 3501 §5.1); other names are as the server spells them. */
const samePath = (a: string, b: string) => a === b || (a.toUpperCase() === "INBOX" && b.toUpperCase() === "INBOX");

/** min·2^(n-1), capped at max, ±20 % so many mailboxes of one server do not come back at once. */
export function backoff(failures: number, r: { minMs: number; maxMs: number }): number {
  const base = Math.min(r.maxMs, r.minMs * 2 ** Math.max(0, failures - 1));
  return base * (0.8 + Math.random() * 0.4);
}

function bounded<T>(p: Promise<T>, ms: number): Promise<T | void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, ms))));
  return Promise.race([p, limit]).finally(() => clearTimeout(timer));
}
