// The database threads (db-worker.ts), one service of the runtime: a pool of
// read-only connections for reads that may scan (segment filters, counts,
// exports by segment), so one workspace's heavy read never holds the main
// thread, and the checkpointer that folds the WAL into the database file, so
// the main connection never does (its automatic checkpoints are off while
// serving: a large one took seconds after a big import).
//
// A WAL is rewound (written again from its start) only by a write that finds
// every frame of it folded in; under steady writes the checkpointer's passes
// never catch up with the last commit, and the WAL grew by gigabytes in a
// benchmark. So past REWIND_FRAMES the checkpointer folds pass after pass and
// reports one that left little behind; the main connection folds that little
// in itself (RESTART: it is the writer, so no write is refused) and its next
// write rewinds the WAL, cut back to journal_size_limit. That costs the main
// thread a sync of the database file (5–150 ms measured on the benchmark VM
// under load), so it is a bound on disk use, not a routine: once per GiB.
import type { Database } from "bun:sqlite";
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

/** 1 GiB of 4 KiB pages. */
const REWIND_FRAMES = 262_144;
/** What the main thread folds in itself at most (1 MiB): the frames written since the checkpointer's pass. */
const CATCH_UP_FRAMES = 256;

export class DbThreads implements Service {
  readonly name = "db";
  private readers: Reader[] = [];
  private checkpointer: Worker | null = null;
  private nextId = 1;
  private stopped = false;

  constructor(
    private readonly file: string,
    private readonly opts: { size?: number; main?: Database; rewindFrames?: number; checkpointEveryMs?: number } = {},
  ) {}

  /** Starts the checkpointer (readers start on first use). */
  start(): void {
    const checkpointer = (this.checkpointer = new Worker(WORKER_URL));
    const main = this.opts.main;
    const start: DbThreadStart = { role: "checkpointer", file: this.file, checkpointEveryMs: this.opts.checkpointEveryMs };
    if (main) {
      start.rewindFrames = this.opts.rewindFrames ?? REWIND_FRAMES;
      start.catchUpFrames = CATCH_UP_FRAMES;
      // the checkpointer reports a pass of a long WAL that left little behind
      checkpointer.addEventListener("message", () => this.stopped || rewind(main));
    }
    checkpointer.postMessage(start);
    checkpointer.unref();
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
    if (this.readers.length < (this.opts.size ?? 1)) {
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

/** Folds the rest of the WAL in and lets the next write start it anew; a reader still on an older snapshot makes it wait for the next report. */
function rewind(main: Database): void {
  try {
    main.exec("PRAGMA wal_checkpoint(RESTART)");
  } catch {
    // closed, or busy: the checkpointer reports again
  }
}
