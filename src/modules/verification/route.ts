// Where mail for a domain goes, per RFC 5321 §5.1 (MX, else implicit MX via A/AAAA)
// and RFC 7505 (a lone "." MX means the domain accepts no mail).
import { DnsError } from '../../lib/dns/errors.ts';
import type { Resolver } from '../../lib/dns/api.ts';

export type RouteKind = 'mx' | 'implicit_mx' | 'null_mx' | 'none' | 'unknown';

export interface MailRoute {
  route: RouteKind;
  /** MX hosts by priority (deduplicated), the domain itself for implicit_mx, else empty. */
  hosts: string[];
}

export async function findRoute(resolver: Pick<Resolver, 'mx' | 'lookupAll'>, domain: string): Promise<MailRoute> {
  const name = domain.trim().replace(/\.$/, '').toLowerCase();
  try {
    const records = await resolver.mx(name);
    const real = records.filter((r) => r.exchange !== '.' && r.exchange !== '');
    // A null MX mixed with real ones is a misconfiguration; RFC 7505 §3 says the
    // null MX must stand alone, so the real hosts are what senders will use.
    if (real.length === 0) return { route: 'null_mx', hosts: [] };
    const hosts = [...real].sort((x, y) => x.priority - y.priority).map((r) => r.exchange);
    return { route: 'mx', hosts: [...new Set(hosts)] };
  } catch (err) {
    if (!(err instanceof DnsError)) throw err;
    if (err.code === 'NXDOMAIN') return { route: 'none', hosts: [] };
    if (err.code !== 'NODATA') return { route: 'unknown', hosts: [] };
  }
  // No MX RRset: the domain's own address records are the implicit MX.
  try {
    await resolver.lookupAll(name);
    return { route: 'implicit_mx', hosts: [name] };
  } catch (err) {
    if (!(err instanceof DnsError)) throw err;
    return err.isNegative ? { route: 'none', hosts: [] } : { route: 'unknown', hosts: [] };
  }
}
