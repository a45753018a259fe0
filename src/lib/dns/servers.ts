// DNS server lists: NEARBOUND_DNS_SERVERS parsing and /etc/resolv.conf reading.
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';

export interface DnsServer {
  host: string;
  port: number;
}

/**
 * Parses "1.2.3.4,127.0.0.1:5353,[::1]:53,::1" into servers (port 53 by default).
 * Only IP addresses are accepted: a resolver's own address cannot need DNS.
 */
export function parseDnsServers(value: string): DnsServer[] {
  const entries = value.split(',').map((s) => s.trim());
  if (entries.every((e) => e === '')) throw new Error('DNS server list is empty');
  return entries.map((entry) => {
    if (entry === '') throw new Error(`Invalid DNS server list "${value}": empty entry`);
    const server = parseEntry(entry);
    if (!server) {
      throw new Error(`Invalid DNS server "${entry}": expected IP, IP:port or [IPv6]:port`);
    }
    return server;
  });
}

function parseEntry(entry: string): DnsServer | null {
  let host: string;
  let port = '53';
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) {
    host = bracketed[1];
    if (bracketed[2] !== undefined) port = bracketed[2];
    if (isIP(host) !== 6) return null;
  } else if (isIP(entry) !== 0) {
    host = entry; // bare IPv4 or bare IPv6 (many colons, no port)
  } else {
    const m = /^([^:]+):(\d+)$/.exec(entry);
    if (!m || isIP(m[1]) !== 4) return null;
    host = m[1];
    port = m[2];
  }
  const n = Number(port);
  if (!/^\d{1,5}$/.test(port) || n < 1 || n > 65535) return null;
  return { host, port: n };
}

/** Nameserver lines of a resolv.conf; 127.0.0.1 when none is usable (glibc does the same). */
export function parseResolvConf(text: string): DnsServer[] {
  const servers: DnsServer[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/[#;].*$/, '').trim();
    const m = /^nameserver\s+(\S+)/.exec(line);
    if (!m) continue;
    if (isIP(m[1]) !== 0) servers.push({ host: m[1], port: 53 });
  }
  return servers.length > 0 ? servers : [{ host: '127.0.0.1', port: 53 }];
}

export function systemDnsServers(path = '/etc/resolv.conf'): DnsServer[] {
  let text = '';
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    // No resolv.conf: fall through to the local default.
  }
  return parseResolvConf(text);
}
