// While imports run, SQLite's automatic WAL checkpoints are held off: each
// one copies the pages written so far back into the database file and syncs
// it, and a 100,000-row import would trigger a dozen (~0.5 s of its ~2.5 s).
// When the last import ends, the threshold comes back and the WAL is folded
// in once, a moment later so the requests already waiting go first. The WAL
// grows by at most the pages of the imports running (the upload limit bounds each).
import type { Database } from "bun:sqlite";

// Per database: imports holding checkpoints, and the threshold to restore (read before the first hold).
const holds = new WeakMap<Database, { count: number; threshold: number }>();
const RESTORE_AFTER_MS = 50;

export function holdCheckpoints(db: Database): () => void {
  let h = holds.get(db);
  if (!h) {
    const threshold = db.query<{ wal_autocheckpoint: number }, []>("PRAGMA wal_autocheckpoint").get()?.wal_autocheckpoint ?? 1000;
    holds.set(db, (h = { count: 0, threshold }));
  }
  if (h.count++ === 0) db.exec("PRAGMA wal_autocheckpoint = 0");
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--h.count > 0) return;
    // Deferred a moment: restoring the threshold now would make the next commit (the
    // job's own record) run the ~0.3 s checkpoint before the requests already waiting.
    setTimeout(() => {
      if (h.count > 0) return; // another import holds them again
      try {
        db.exec(`PRAGMA wal_autocheckpoint = ${h.threshold}`);
        db.exec("PRAGMA wal_checkpoint(PASSIVE)");
      } catch {
        // the database was closed meanwhile (shutdown): nothing left to fold in
      }
    }, RESTORE_AFTER_MS).unref();
  };
}
