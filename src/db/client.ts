import { Database } from "bun:sqlite";
import { drizzle, type BunSQLiteDatabase } from "drizzle-orm/bun-sqlite";

// Without drizzle's relational API (`db.query.*`, unused): given the schema, every
// transaction would build a query helper per table first (~3.5 µs each, measured).
export type Db = BunSQLiteDatabase & {
  $client: Database;
  /** Queries built once per database (src/db/prepared.ts), by name. */
  $prepared: Map<string, unknown>;
};
/** The transaction handle drizzle passes to db.transaction callbacks. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Either the database or an open transaction: services accept both. */
export type DbOrTx = Db | Tx;

/**
 * The main connection. A serving process (`serving`) never waits for the write
 * lock on its thread (a busy database answers at once; server.ts tries again
 * asynchronously) and never checkpoints the WAL itself (the checkpointer thread
 * does, threads.ts); a CLI command waits up to `busyTimeoutMs`.
 */
export function openDatabase(file: string, opts: { busyTimeoutMs: number; serving?: boolean } = { busyTimeoutMs: 5000 }): Db {
  const sqlite = new Database(file, { create: true, strict: true });
  // opening waits for the lock in every process: turning a new file to WAL takes it, and two
  // commands started at once on a fresh data directory would otherwise fail with SQLITE_BUSY
  sqlite.exec(`PRAGMA busy_timeout = ${Math.floor(opts.busyTimeoutMs)}`);
  sqlite.exec("PRAGMA journal_mode = WAL");
  sqlite.exec("PRAGMA foreign_keys = ON");
  if (opts.serving) sqlite.exec("PRAGMA busy_timeout = 0");
  if (opts.serving) sqlite.exec("PRAGMA wal_autocheckpoint = 0");
  // NORMAL is durable across process crashes in WAL mode; records guarding
  // external effects use durably() below to survive power loss too.
  sqlite.exec("PRAGMA synchronous = NORMAL");
  sqlite.exec("PRAGMA temp_store = MEMORY");
  sqlite.exec("PRAGMA cache_size = -32000");
  // a WAL that grew under a burst (checkpoints lag behind sustained writes) is cut back to 64 MiB when it restarts
  sqlite.exec("PRAGMA journal_size_limit = 67108864");
  cacheStatements(sqlite);
  return Object.assign(drizzle({ client: sqlite }), { $prepared: new Map<string, unknown>() }) as Db;
}

/**
 * drizzle prepares (compiles) every query's SQL anew on each call, which costs
 * more than running it. Queries built from the same code have the same text,
 * so compiled statements are reused from a bounded LRU.
 */
function cacheStatements(sqlite: Database, max = 1000): void {
  const raw = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, ReturnType<Database["prepare"]>>();
  sqlite.prepare = ((query: string, ...rest: unknown[]) => {
    if (rest.length) return (raw as (...a: unknown[]) => unknown)(query, ...rest);
    let stmt = cache.get(query);
    if (stmt) {
      cache.delete(query); // refresh its place in the LRU
    } else {
      stmt = raw(query);
      if (cache.size >= max) cache.delete(cache.keys().next().value!);
    }
    cache.set(query, stmt);
    return stmt;
  }) as Database["prepare"];
}

/** Runs fn in a transaction committed with synchronous=FULL (fsync on commit). */
export function durably<T>(db: Db, fn: (tx: Tx) => T): T {
  db.$client.exec("PRAGMA synchronous = FULL");
  try {
    return db.transaction(fn);
  } finally {
    db.$client.exec("PRAGMA synchronous = NORMAL");
  }
}

export function isBusyError(err: unknown): boolean {
  const code = (err as { code?: string })?.code;
  return code === "SQLITE_BUSY" || code === "SQLITE_LOCKED" || code === "SQLITE_BUSY_SNAPSHOT";
}

export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: string })?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}
