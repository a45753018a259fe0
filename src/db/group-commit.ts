// Durable writes that many callers wait on at once (the inbound listener's
// acceptances). Everything submitted in one turn of the event loop is written
// in one transaction; the caller's promise resolves only once the write-ahead
// log holding that commit is fsync'd — the guarantee of synchronous=FULL (in
// WAL mode FULL means exactly this: the WAL is synced at each commit), without
// blocking the event loop for the fsync: it runs on libuv's thread pool, and
// commits made while one runs share the next (a group commit).
//
// Why this is safe: a commit in WAL mode appends its frames to the -wal file; a
// checkpoint syncs the WAL before copying frames into the database and syncs
// the database before the WAL is reset or truncated, so a commit is on disk once
// either the WAL was synced after it or a checkpoint moved it. The WAL is opened
// anew for each sync, so a truncated or recreated file is never missed.
import { open } from "node:fs/promises";
import type { Db, Tx } from "./client";

export class WalSync {
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

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

  // fdatasync, as SQLite itself syncs the WAL on Linux: the data and the file's
  // size, without the inode's times
  private async fsync(): Promise<void> {
    const file = await open(this.walPath, "r");
    try {
      await file.datasync();
    } finally {
      await file.close();
    }
  }
}

export class GroupCommit<In, Out> {
  private pending: { item: In; resolve: (out: Out) => void; reject: (e: unknown) => void }[] = [];
  private scheduled = false;

  /** `write` runs inside the transaction and answers one result per item, in order. */
  constructor(
    private readonly db: Db,
    private readonly wal: WalSync,
    private readonly write: (tx: Tx, items: In[]) => Out[],
  ) {}

  /** Resolves once `item` is committed and on disk; rejects when the commit or the sync failed. */
  submit(item: In): Promise<Out> {
    return new Promise((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = [];
    let out: Out[];
    try {
      out = this.db.transaction((tx) => this.write(tx, batch.map((p) => p.item)));
    } catch (err) {
      for (const p of batch) p.reject(err);
      return;
    }
    this.wal.sync().then(
      () => batch.forEach((p, i) => p.resolve(out[i]!)),
      (err) => batch.forEach((p) => p.reject(err)),
    );
  }
}
