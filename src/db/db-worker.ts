// A database thread of its own (threads.ts starts them). SQLite calls are
// synchronous: work that may scan many rows, or fold the WAL into the database
// file, runs here so the main thread keeps answering every other request.
//   reader        a read-only connection answering queries (WAL: readers never block the writer)
//   checkpointer  a connection that folds the WAL back into the database (PASSIVE: never blocks anyone)
// Compiled builds list this file as an entrypoint of its own (scripts/build.ts).
import { Database } from "bun:sqlite";

declare const self: Worker;

export type DbThreadStart = { role: "reader" | "checkpointer"; file: string; checkpointEveryMs?: number; rewindFrames?: number; catchUpFrames?: number };
/** What a checkpoint pass found: frames in the WAL, and how many of them are in the database file. */
export type CheckpointReport = { checkpoint: { log: number; checkpointed: number } };
export type ReadRequest = { id: number; sql: string; params: unknown[] };
export type ReadAnswer = { id: number; rows: unknown[] } | { id: number; error: { message: string; code?: string } };

let db: Database | null = null;

self.addEventListener("message", (e: MessageEvent) => {
  const m = e.data as DbThreadStart | ReadRequest;
  if ("role" in m) return start(m);
  try {
    self.postMessage({ id: m.id, rows: db!.query(m.sql).all(...(m.params as never[])) } satisfies ReadAnswer);
  } catch (err) {
    const e2 = err as { message?: string; code?: string };
    self.postMessage({ id: m.id, error: { message: e2.message ?? String(err), code: e2.code } } satisfies ReadAnswer);
  }
});

function start(m: DbThreadStart): void {
  if (m.role === "reader") {
    db = new Database(m.file, { readonly: true });
    db.exec("PRAGMA cache_size = -32000");
    db.exec("PRAGMA busy_timeout = 5000"); // a reader waits only on WAL recovery, here on its own thread
    return;
  }
  db = new Database(m.file);
  db.exec("PRAGMA busy_timeout = 0");
  const every = m.checkpointEveryMs ?? 1000;
  const rewindFrames = m.rewindFrames ?? Infinity;
  const fold = () => {
    let pass: { log: number; checkpointed: number } | null = null;
    try {
      pass = db!.query<{ log: number; checkpointed: number }, []>("PRAGMA wal_checkpoint(PASSIVE)").get();
    } catch {
      // busy or closed: the next round folds it in
    }
    if (pass === null || pass.log < rewindFrames) return void setTimeout(fold, every);
    // a long WAL is folded pass after pass, each leaving less behind; once little is
    // left the main thread is told, and given a moment to rewind it without this pass in its way
    const little = pass.log - pass.checkpointed <= (m.catchUpFrames ?? 0);
    if (little) self.postMessage({ checkpoint: pass } satisfies CheckpointReport);
    setTimeout(fold, little ? Math.min(every, 10) : 0);
  };
  setTimeout(fold, every);
}
