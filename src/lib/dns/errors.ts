// Typed DNS failures, so callers can tell "the domain does not exist / has no such
// record" (a real answer) from "nobody could answer" (retry later).

export type DnsErrorCode = 'NXDOMAIN' | 'NODATA' | 'SERVFAIL' | 'TIMEOUT' | 'REFUSED' | 'FORMERR';

export class DnsError extends Error {
  override readonly name = 'DnsError';
  readonly code: DnsErrorCode;
  readonly hostname: string;
  readonly rrtype: string;
  /** Negative-caching TTL in seconds from the SOA (RFC 2308), when the server gave one. */
  readonly ttl: number | null;

  constructor(code: DnsErrorCode, hostname: string, rrtype: string, ttl: number | null = null) {
    super(`DNS ${rrtype} ${hostname}: ${code}`);
    this.code = code;
    this.hostname = hostname;
    this.rrtype = rrtype;
    this.ttl = ttl;
  }

  /** True when the answer is authoritative absence rather than a failure to answer. */
  get isNegative(): boolean {
    return this.code === 'NXDOMAIN' || this.code === 'NODATA';
  }
}

export function isDnsError(err: unknown, ...codes: DnsErrorCode[]): err is DnsError {
  return err instanceof DnsError && (codes.length === 0 || codes.includes(err.code));
}
