// fsync of the database's WAL on a thread of its own, for the attempt
// journal. The guarantee is db/group-commit.ts's WalSync (a commit is on disk
// once the WAL was synced after it: what synchronous=FULL does), and so is the
// sharing (syncs asked for while one runs share the next). What differs is
// where the sync runs: node:fs's promises go through the runtime's small
// thread pool, which is also where WebCrypto signs — behind a queue of DKIM
// signatures a 1 ms fsync waited 20–30 ms, and every SMTP session with it,
// between RCPT and DATA. Here it waits for nothing but the disk.
//
// The thread is started on first use, is never what keeps the process alive,
// and ends after a while without syncs (a test process makes many contexts).
const SOURCE = `
const { openSync, fsyncSync, closeSync } = require("node:fs");
self.onmessage = (e) => {
  const { id, path } = e.data;
  try {
    // opened anew each time: a WAL truncated or recreated by a checkpoint is never missed
    const fd = openSync(path, "r");
    try { fsyncSync(fd); } finally { closeSync(fd); }
    postMessage({ id });
  } catch (err) {
    postMessage({ id, error: String((err && err.message) || err) });
  }
};`;

let sourceUrl: string | null = null;

const IDLE_MS = 5_000;

export class WalSyncThread {
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
