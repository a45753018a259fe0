// TTL-respecting answer cache in front of a Resolver. Negative answers (NXDOMAIN,
// NODATA) are kept briefly; failures to answer (SERVFAIL, TIMEOUT…) are never kept.
import { DnsError } from './errors.ts';
import { resolverFromQuery, type DnsAnswer, type Resolver } from './api.ts';
import type { QueryType } from './transport.ts';

export interface CacheOptions {
  clock: { now(): number };
  /** Upper bound for positive answers. Default one day. */
  maxTtlMs?: number;
  /** Upper bound for negative answers. Default 60 s. */
  negativeTtlMs?: number;
  /** Oldest entries are dropped beyond this. Default 10,000. */
  maxEntries?: number;
}

type Entry = { expires: number; answer: DnsAnswer<QueryType> } | { expires: number; error: DnsError };

const DAY_MS = 86_400_000;

export function createCachingResolver(resolver: Resolver, options: CacheOptions): Resolver {
  const { clock } = options;
  const maxTtlMs = Math.min(options.maxTtlMs ?? DAY_MS, DAY_MS);
  const negativeTtlMs = options.negativeTtlMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, Entry>();
  // Concurrent identical lookups share one query instead of racing to the server.
  const inflight = new Map<string, Promise<DnsAnswer<QueryType>>>();

  function store(key: string, entry: Entry): void {
    if (entry.expires <= clock.now()) return;
    entries.delete(key); // re-insert so Map order is oldest-first
    entries.set(key, entry);
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
  }

  async function query<T extends QueryType>(name: string, type: T): Promise<DnsAnswer<T>> {
    const key = `${type} ${name.trim().replace(/\.$/, '').toLowerCase()}`;
    const hit = entries.get(key);
    if (hit && hit.expires > clock.now()) {
      if ('error' in hit) throw hit.error;
      return hit.answer as DnsAnswer<T>;
    }
    if (hit) entries.delete(key);
    let pending = inflight.get(key);
    if (!pending) {
      pending = resolver.query(name, type).then(
        (answer) => {
          store(key, { expires: clock.now() + Math.min(answer.ttl * 1000, maxTtlMs), answer });
          return answer;
        },
        (err: unknown) => {
          if (err instanceof DnsError && err.isNegative) {
            const ttlMs = Math.min(err.ttl === null ? negativeTtlMs : err.ttl * 1000, negativeTtlMs);
            store(key, { expires: clock.now() + ttlMs, error: err });
          }
          throw err;
        },
      );
      inflight.set(key, pending);
      const clear = () => inflight.delete(key);
      pending.then(clear, clear);
    }
    return pending as Promise<DnsAnswer<T>>;
  }

  return resolverFromQuery(query);
}
