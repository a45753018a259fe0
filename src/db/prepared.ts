// drizzle builds a query's SQL on every call (~40 µs); hot paths build it once
// with placeholders and keep the prepared query per database.
import type { Db } from "./client";

const caches = new WeakMap<Db, Map<string, unknown>>();

export function preparedOnce<T>(db: Db, key: string, build: () => T): T {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  let p = cache.get(key) as T | undefined;
  if (!p) cache.set(key, (p = build()));
  return p;
}
