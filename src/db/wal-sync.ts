// Durability without holding the event loop: a commit made with the
// connection's synchronous=NORMAL is on disk once the write-ahead log is synced
// after it — exactly what synchronous=FULL does in WAL mode, here done on a
// thread of its own. A checkpoint cannot lose such a commit: SQLite syncs the
// WAL before copying it into the database and the database before the WAL is
// reset. Syncs asked for while one runs share the next (a group commit).
// Why a thread of its own, not node:fs's promises: those run on the runtime's
// small thread pool, where WebCrypto also signs — behind a queue of DKIM
// signatures a 1 ms fsync waited 20–30 ms, every SMTP session with it.
// Used by the MTA's attempt journal (before DATA) and the inbound listener's
// acceptances (before the 250); one per database (walSyncOf).
//
// The thread is started on first use, is never what keeps the process alive,
// and ends after a while without syncs (a test process makes many contexts).
import type { Db } from "./client";
import { preparedOnce } from "./prepared";

const SOURCE = `
const { openSync, fdatasyncSync, closeSync } = require("node:fs");
self.onmessage = (e) => {
  const { id, path } = e.data;
  try {
    // opened anew each time: a WAL truncated or recreated by a checkpoint is never missed;
    // fdatasync, as SQLite syncs the WAL on Linux (the data and the size, not the times)
    const fd = openSync(path, "r");
    try { fdatasyncSync(fd); } finally { closeSync(fd); }
    postMessage({ id });
  } catch (err) {
    postMessage({ id, error: String((err && err.message) || err) });
  }
};`;

let sourceUrl: string | null = null;

const IDLE_MS = 5_000;

export class WalSync {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  private nextId = 1;
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly walPath: string) {}

  /** Resolves once everything committed before the call is on disk. */
  sync(): Promise<void> {
    if (!this.running) {
      // started at once: every turn it waits is a turn every SMTP session behind it waits
      // (commits that land meanwhile share the next sync)
      this.running = this.fsync().finally(() => (this.running = null));
      return this.running;
    }
    // a sync is under way but may have started before our commit: the next one covers it
    this.queued ??= this.running.then(
      () => ((this.queued = null), this.sync()),
      () => ((this.queued = null), this.sync()),
    );
    return this.queued;
  }

  /** Settles when the sync under way ends (at once when none is): a commit made before then would wait for the next sync anyway. */
  current(): Promise<void> {
    return this.running ? this.running.then(
      () => undefined,
      () => undefined,
    ) : Promise.resolve();
  }

  /** Whether a sync is under way. */
  get busy(): boolean {
    return this.running !== null;
  }

  /** Ends the thread now (a sync asked for later starts another). */
  close(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.worker?.terminate();
    this.worker = null;
    for (const w of this.waiting.values()) w.reject(new Error("the WAL sync thread was closed"));
    this.waiting.clear();
  }

  private fsync(): Promise<void> {
    const worker = this.thread();
    const id = this.nextId++;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    worker.ref();
    return new Promise<void>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, path: this.walPath });
    });
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    sourceUrl ??= URL.createObjectURL(new Blob([SOURCE], { type: "application/javascript" }));
    const worker = new Worker(sourceUrl);
    worker.addEventListener("message", (e: MessageEvent) => {
      const a = e.data as { id: number; error?: string };
      const w = this.waiting.get(a.id);
      if (!w) return;
      this.waiting.delete(a.id);
      if (a.error === undefined) w.resolve();
      else w.reject(new Error(`fsync of the WAL failed: ${a.error}`));
      if (this.waiting.size === 0) this.idle();
    });
    worker.addEventListener("error", (e) => {
      // a crashed thread fails its syncs (nothing may be sent on them) and is replaced on the next one
      for (const w of this.waiting.values()) w.reject(new Error(`the WAL sync thread failed: ${e.message}`));
      this.waiting.clear();
      if (this.worker === worker) this.worker = null;
    });
    this.worker = worker;
    return worker;
  }

  private idle(): void {
    this.worker?.unref();
    this.idleTimer = setTimeout(() => this.close(), IDLE_MS);
    this.idleTimer.unref?.();
  }
}

/** The WAL syncer of this database, shared by everything that commits durably on it. */
export function walSyncOf(db: Db): WalSync {
  return preparedOnce(db, "wal-sync", () => new WalSync(`${db.$client.filename}-wal`));
}
