// A small DNS client over dns-packet (a non-recursive "stub resolver" in RFC 1034
// terms: it asks the configured servers). It exists because Bun's node:dns splits one
// long TXT record into several (oven-sh/bun#21370), and DKIM/SPF need record boundaries.
import { domainToASCII } from 'node:url';
import type * as packet from 'dns-packet';
import { resolverFromQuery, type DnsAnswer, type MxRecord, type RecordTypes, type Resolver } from './api.ts';
import { DnsError, type DnsErrorCode } from './errors.ts';
import { systemDnsServers, type DnsServer } from './servers.ts';
import { exchange, type QueryType, type Response } from './transport.ts';

export { DnsError, isDnsError, type DnsErrorCode } from './errors.ts';
export { createCachingResolver, type CacheOptions } from './cache.ts';
export {
  resolverFromQuery,
  type DnsAnswer,
  type LookupAddress,
  type MxRecord,
  type RecordTypes,
  type Resolver,
} from './api.ts';
export { parseDnsServers, parseResolvConf, systemDnsServers, type DnsServer } from './servers.ts';
export type { QueryType } from './transport.ts';

export interface ResolverOptions {
  /** null = the nameservers of /etc/resolv.conf. */
  servers: DnsServer[] | null;
  /** Per server and attempt. Default 2000. */
  timeoutMs?: number;
  /** Rounds over the server list. Default 2. */
  tries?: number;
}

export function createResolver(options: ResolverOptions): Resolver {
  const servers = options.servers ?? systemDnsServers();
  if (servers.length === 0) throw new Error('createResolver: no DNS servers');
  const timeoutMs = options.timeoutMs ?? 2000;
  const tries = Math.max(1, options.tries ?? 2);

  async function query<T extends QueryType>(name: string, type: T): Promise<DnsAnswer<T>> {
    const qname = toQueryName(name, type);
    // TIMEOUT unless some server actually answered with a failure code.
    let failure: DnsErrorCode = 'TIMEOUT';
    for (let round = 0; round < tries; round++) {
      for (const server of servers) {
        let res: Response;
        try {
          res = await exchange(server, qname, type, timeoutMs);
        } catch (err) {
          if (!(err instanceof DnsError)) throw err;
          if (err.code !== 'TIMEOUT') failure = err.code;
          continue;
        }
        switch (res.rcode ?? 'NOERROR') {
          case 'NOERROR':
            return extract(res, qname, type);
          case 'NXDOMAIN':
            throw new DnsError('NXDOMAIN', qname, type, negativeTtl(res));
          case 'REFUSED':
            failure = 'REFUSED';
            break;
          case 'FORMERR':
            failure = 'FORMERR';
            break;
          default: // SERVFAIL, NOTIMP and the rest: another server may do better
            failure = 'SERVFAIL';
        }
      }
    }
    throw new DnsError(failure, qname, type);
  }

  return resolverFromQuery(query);
}

/** Lower-case, no trailing dot, IDNA-encoded; rejects names DNS cannot carry. */
function toQueryName(name: string, type: string): string {
  let n = name.trim().replace(/\.$/, '').toLowerCase();
  if (/[^\x21-\x7e]/.test(n)) n = domainToASCII(n);
  const labels = n.split('.');
  if (n === '' || n.length > 253 || labels.some((l) => l.length === 0 || l.length > 63)) {
    throw new DnsError('FORMERR', name, type);
  }
  return n;
}

function bare(name: string): string {
  return name.toLowerCase().replace(/\.$/, '');
}

function extract<T extends QueryType>(res: Response, qname: string, type: T): DnsAnswer<T> {
  const answers = (res.answers ?? []) as packet.Answer[];
  // Follow the CNAME chain a recursive server puts before the records themselves.
  const names = new Set([qname]);
  let ttl = Infinity;
  for (let hops = 0; hops < 16; hops++) {
    const next = answers.find(
      (a) => a.type === 'CNAME' && names.has(bare(a.name)) && !names.has(bare(a.data)),
    );
    if (!next || next.type !== 'CNAME') break;
    names.add(bare(next.data));
    ttl = Math.min(ttl, next.ttl ?? 0);
  }
  const records: RecordTypes[T][] = [];
  for (const a of answers) {
    if (a.type !== type || !names.has(bare(a.name))) continue;
    ttl = Math.min(ttl, a.ttl ?? 0);
    records.push(convert(a) as RecordTypes[T]);
  }
  if (records.length === 0) throw new DnsError('NODATA', qname, type, negativeTtl(res));
  if (type === 'MX') (records as MxRecord[]).sort((x, y) => x.priority - y.priority);
  return { records, ttl };
}

function convert(a: packet.Answer): RecordTypes[QueryType] {
  switch (a.type) {
    case 'A':
    case 'AAAA':
      return a.data;
    case 'MX': {
      const host = a.data.exchange === '.' || a.data.exchange === '' ? '.' : bare(a.data.exchange);
      return { exchange: host, priority: a.data.preference ?? 0 };
    }
    case 'TXT': {
      const parts = Array.isArray(a.data) ? a.data : [a.data];
      return parts.map((p) => (typeof p === 'string' ? p : p.toString('utf8')));
    }
    default:
      throw new Error(`unexpected record type ${a.type}`);
  }
}

/** RFC 2308: negative answers live for min(SOA TTL, SOA MINIMUM). */
function negativeTtl(res: Response): number | null {
  const soa = (res.authorities ?? []).find((a) => a.type === 'SOA');
  if (!soa || soa.type !== 'SOA') return null;
  return Math.min(soa.ttl ?? 0, soa.data.minimum ?? Infinity);
}
