// The database threads (db-worker.ts), one service of the runtime: a pool of
// read-only connections for reads that may scan (segment filters, counts,
// exports by segment), so one workspace's heavy read never holds the main
// thread, and the checkpointer that folds the WAL into the database file, so
// the main connection never does (its automatic checkpoints are off while
// serving: a large one took seconds after a big import).
import type { Service } from "../lib/service";
import type { DbThreadStart, ReadAnswer, ReadRequest } from "./db-worker";

// From source the worker sits next to this file; in the compiled binary it is
// an entrypoint of its own under the executable's root (scripts/build.ts).
const WORKER_URL = import.meta.url.endsWith("/threads.ts") ? new URL("./db-worker.ts", import.meta.url) : new URL("./db/db-worker.ts", import.meta.url);

interface Reader {
  worker: Worker;
  pending: Map<number, { resolve: (rows: unknown[]) => void; reject: (err: Error) => void }>;
}

/** An error from a reader thread, with SQLite's code (isBusyError reads it). */
export class ReadError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export class DbThreads implements Service {
  readonly name = "db";
  private readers: Reader[] = [];
  private checkpointer: Worker | null = null;
  private nextId = 1;
  private stopped = false;

  constructor(
    private readonly file: string,
    private readonly size = 1,
  ) {}

  /** Starts the checkpointer (readers start on first use). */
  start(): void {
    this.checkpointer = new Worker(WORKER_URL);
    this.checkpointer.postMessage({ role: "checkpointer", file: this.file } satisfies DbThreadStart);
    this.checkpointer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.checkpointer?.terminate();
    for (const r of this.readers) {
      for (const p of r.pending.values()) p.reject(new ReadError("the server is stopping"));
      r.worker.terminate();
    }
    this.readers = [];
  }

  /** The rows of a read-only statement, run on a reader thread. */
  all<T>(sql: string, params: unknown[]): Promise<T[]> {
    if (this.stopped) return Promise.reject(new ReadError("the server is stopping"));
    const reader = this.leastBusy();
    const id = this.nextId++;
    return new Promise<T[]>((resolve, reject) => {
      if (reader.pending.size === 0) reader.worker.ref();
      reader.pending.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
      reader.worker.postMessage({ id, sql, params } satisfies ReadRequest);
    });
  }

  private leastBusy(): Reader {
    if (this.readers.length < this.size) {
      const idle = this.readers.find((r) => r.pending.size === 0);
      if (idle) return idle;
      return this.spawn();
    }
    return this.readers.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
  }

  private spawn(): Reader {
    const worker = new Worker(WORKER_URL);
    const reader: Reader = { worker, pending: new Map() };
    worker.postMessage({ role: "reader", file: this.file } satisfies DbThreadStart);
    worker.addEventListener("message", (e: MessageEvent) => {
      const a = e.data as ReadAnswer;
      const p = reader.pending.get(a.id);
      if (!p) return;
      reader.pending.delete(a.id);
      // idle readers never keep the process alive
      if (reader.pending.size === 0) worker.unref();
      if ("error" in a) p.reject(new ReadError(a.error.message, a.error.code));
      else p.resolve(a.rows);
    });
    worker.addEventListener("error", (e) => {
      // a crashed reader fails its reads and is replaced on the next one
      for (const p of reader.pending.values()) p.reject(new ReadError(`a reader thread failed: ${e.message}`));
      this.readers = this.readers.filter((r) => r !== reader);
    });
    this.readers.push(reader);
    return reader;
  }
}
