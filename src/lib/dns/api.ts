// The Resolver interface and its convenience methods, all built on one `query`
// so wrappers (the cache) only have to wrap `query`.
import { DnsError } from './errors.ts';
import type { QueryType } from './transport.ts';

export interface MxRecord {
  /** Lower-case host without trailing dot; "." is the RFC 7505 null MX. */
  exchange: string;
  priority: number;
}

export interface LookupAddress {
  address: string;
  family: 4 | 6;
}

export interface RecordTypes {
  A: string;
  AAAA: string;
  MX: MxRecord;
  /** One entry per record; its character-strings kept separate (join them for DKIM/SPF). */
  TXT: string[];
}

export interface DnsAnswer<T extends QueryType> {
  records: RecordTypes[T][];
  /** Smallest TTL of the answer's records (and CNAMEs followed), in seconds. */
  ttl: number;
}

export interface Resolver {
  query<T extends QueryType>(name: string, type: T): Promise<DnsAnswer<T>>;
  /** Sorted by priority (stable for equal priorities). */
  mx(name: string): Promise<MxRecord[]>;
  txt(name: string): Promise<string[][]>;
  a(name: string): Promise<string[]>;
  aaaa(name: string): Promise<string[]>;
  /** A and AAAA together; fails only when neither family gives an answer. */
  lookupAll(name: string): Promise<LookupAddress[]>;
}

/** Builds the convenience methods on top of `query`, so wrappers (the cache) only wrap `query`. */
export function resolverFromQuery(query: Resolver['query']): Resolver {
  return {
    query,
    mx: async (name) => (await query(name, 'MX')).records,
    txt: async (name) => (await query(name, 'TXT')).records,
    a: async (name) => (await query(name, 'A')).records,
    aaaa: async (name) => (await query(name, 'AAAA')).records,
    async lookupAll(name) {
      const [v4, v6] = await Promise.allSettled([query(name, 'A'), query(name, 'AAAA')]);
      const out: LookupAddress[] = [];
      if (v4.status === 'fulfilled') for (const address of v4.value.records) out.push({ address, family: 4 });
      if (v6.status === 'fulfilled') for (const address of v6.value.records) out.push({ address, family: 6 });
      if (out.length > 0) return out;
      const errors = [v4, v6].map((r) => (r.status === 'rejected' ? r.reason : null));
      // A failure to answer outranks absence: one family unanswered means we do not know.
      const failed = errors.find((e) => !(e instanceof DnsError) || !e.isNegative);
      if (failed) throw failed;
      const nx = errors.find((e) => e instanceof DnsError && e.code === 'NXDOMAIN');
      throw nx ?? new DnsError('NODATA', name.trim().replace(/\.$/, '').toLowerCase(), 'A/AAAA');
    },
  };
}
