import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import dgram from 'node:dgram';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DnsError,
  createResolver,
  parseDnsServers,
  parseResolvConf,
  systemDnsServers,
  type DnsErrorCode,
} from '../../src/lib/dns/resolver.ts';
import { startDnsServer, type TestDnsServer } from '../helpers/dns.ts';

function dkimRecord(bits: number): string {
  const { publicKey } = generateKeyPairSync('rsa', { modulusLength: bits });
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return `v=DKIM1; k=rsa; p=${der.toString('base64')}`;
}

async function failure(p: Promise<unknown>): Promise<DnsError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(DnsError);
    return err as DnsError;
  }
  throw new Error('expected a DnsError');
}

async function code(p: Promise<unknown>): Promise<DnsErrorCode> {
  return (await failure(p)).code;
}

describe('parseDnsServers', () => {
  test('accepts IPv4, IPv4:port, [IPv6]:port and bare IPv6', () => {
    expect(parseDnsServers('1.2.3.4, 127.0.0.1:5353,[::1]:53,::1,[2001:db8::1]')).toEqual([
      { host: '1.2.3.4', port: 53 },
      { host: '127.0.0.1', port: 5353 },
      { host: '::1', port: 53 },
      { host: '::1', port: 53 },
      { host: '2001:db8::1', port: 53 },
    ]);
  });

  test.each(['dns.example.com', '1.2.3.4:0', '1.2.3.4:65536', '1.2.3', '[1.2.3.4]:53', '1.2.3.4:x', '::1:53x'])(
    'names the bad entry %p',
    (bad) => {
      expect(() => parseDnsServers(`127.0.0.1,${bad}`)).toThrow(`"${bad}"`);
    },
  );

  test('refuses empty lists and empty entries', () => {
    expect(() => parseDnsServers('')).toThrow(/empty/);
    expect(() => parseDnsServers('1.2.3.4,,5.6.7.8')).toThrow(/empty entry/);
  });
});

test('parseResolvConf reads nameserver lines and defaults to 127.0.0.1', () => {
  const conf = '# comment\nsearch example\nnameserver 10.0.0.2\nnameserver fe80::1%eth0\nnameserver bogus\noptions ndots:1\n';
  expect(parseResolvConf(conf)).toEqual([
    { host: '10.0.0.2', port: 53 },
    { host: 'fe80::1%eth0', port: 53 },
  ]);
  expect(parseResolvConf('')).toEqual([{ host: '127.0.0.1', port: 53 }]);
});

test('systemDnsServers reads a resolv.conf file, or defaults when it is missing', () => {
  const dir = mkdtempSync(join(tmpdir(), 'nb-dns-'));
  writeFileSync(join(dir, 'resolv.conf'), 'nameserver 192.0.2.53\n');
  expect(systemDnsServers(join(dir, 'resolv.conf'))).toEqual([{ host: '192.0.2.53', port: 53 }]);
  expect(systemDnsServers(join(dir, 'missing'))).toEqual([{ host: '127.0.0.1', port: 53 }]);
  expect(() => createResolver({ servers: null })).not.toThrow();
});

describe('createResolver against a loopback server', () => {
  let dns: TestDnsServer;
  const dkim2048 = dkimRecord(2048);
  const dkim4096 = dkimRecord(4096);

  beforeAll(async () => {
    dns = await startDnsServer({
      'example.test': {
        A: ['192.0.2.1', '192.0.2.2'],
        AAAA: ['2001:db8::1'],
        MX: [
          { priority: 20, exchange: 'MX2.Example.test.' },
          { priority: 10, exchange: 'mx1.example.test' },
        ],
        TXT: ['v=spf1 -all', ['part one', 'part two']],
      },
      'sel._domainkey.example.test': { TXT: [dkim2048] },
      'big._domainkey.example.test': { TXT: [dkim4096] },
      'null.test': { MX: [{ priority: 0, exchange: '.' }] },
      'v4only.test': { A: ['192.0.2.9'] },
      'alias.test': { CNAME: 'example.test' },
      'broken.test': { behavior: 'servfail' },
      'refused.test': { behavior: 'refused' },
      'silent.test': { behavior: 'timeout' },
    });
  });
  afterAll(() => dns.close());

  const resolver = () => createResolver({ servers: parseDnsServers(dns.servers), timeoutMs: 1000, tries: 1 });

  test('mx sorts by priority and normalises host names', async () => {
    expect(await resolver().mx('Example.Test.')).toEqual([
      { exchange: 'mx1.example.test', priority: 10 },
      { exchange: 'mx2.example.test', priority: 20 },
    ]);
  });

  test('a null MX comes back as "."', async () => {
    expect(await resolver().mx('null.test')).toEqual([{ exchange: '.', priority: 0 }]);
  });

  test('txt keeps records apart and their character-strings separate', async () => {
    expect(await resolver().txt('example.test')).toEqual([['v=spf1 -all'], ['part one', 'part two']]);
  });

  test('a 2048-bit DKIM key is one record whose strings join back to the key', async () => {
    const records = await resolver().txt('sel._domainkey.example.test');
    expect(records).toHaveLength(1);
    expect(records[0].length).toBeGreaterThan(1);
    expect(records[0].every((s) => Buffer.byteLength(s) <= 255)).toBe(true);
    expect(records[0].join('')).toBe(dkim2048);
  });

  test('a truncated UDP answer is retried over TCP', async () => {
    const before = dns.queries.length;
    const records = await resolver().txt('big._domainkey.example.test');
    expect(records.map((r) => r.join(''))).toEqual([dkim4096]);
    expect(dns.queries.slice(before).map((q) => q.transport)).toEqual(['udp', 'tcp']);
  });

  test('a, aaaa and lookupAll', async () => {
    const r = resolver();
    expect(await r.a('example.test')).toEqual(['192.0.2.1', '192.0.2.2']);
    expect(await r.aaaa('example.test')).toEqual(['2001:db8::1']);
    expect(await r.lookupAll('example.test')).toEqual([
      { address: '192.0.2.1', family: 4 },
      { address: '192.0.2.2', family: 4 },
      { address: '2001:db8::1', family: 6 },
    ]);
    expect(await r.lookupAll('v4only.test')).toEqual([{ address: '192.0.2.9', family: 4 }]);
  });

  test('follows a CNAME to the records', async () => {
    expect(await resolver().a('alias.test')).toEqual(['192.0.2.1', '192.0.2.2']);
    const answer = await resolver().query('alias.test', 'MX');
    expect(answer.records.map((m) => m.exchange)).toEqual(['mx1.example.test', 'mx2.example.test']);
    expect(answer.ttl).toBe(300);
  });

  test('typed errors tell absence from failure', async () => {
    const r = resolver();
    const nx = await failure(r.mx('nope.test'));
    expect(nx.code).toBe('NXDOMAIN');
    expect(nx.isNegative).toBe(true);
    expect(nx.ttl).toBe(30);
    expect(await code(r.mx('v4only.test'))).toBe('NODATA');
    expect(await code(r.aaaa('v4only.test'))).toBe('NODATA');
    expect(await code(r.lookupAll('null.test'))).toBe('NODATA');
    expect(await code(r.lookupAll('nope.test'))).toBe('NXDOMAIN');
    const sf = await failure(r.mx('broken.test'));
    expect(sf.code).toBe('SERVFAIL');
    expect(sf.isNegative).toBe(false);
    expect(await code(r.lookupAll('broken.test'))).toBe('SERVFAIL');
    expect(await code(r.txt('refused.test'))).toBe('REFUSED');
    expect(await code(r.mx('bad..name'))).toBe('FORMERR');
    expect(await code(r.mx(`${'a'.repeat(64)}.test`))).toBe('FORMERR');
  });

  test('a silent server times out within the bound', async () => {
    const r = createResolver({ servers: parseDnsServers(dns.servers), timeoutMs: 100, tries: 2 });
    const started = performance.now();
    expect(await code(r.mx('silent.test'))).toBe('TIMEOUT');
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(190);
    expect(elapsed).toBeLessThan(1500);
  });

  test('fails over from a dead server to the next one', async () => {
    const dead = dgram.createSocket('udp4'); // bound but never replies
    await new Promise<void>((resolve) => dead.bind(0, '127.0.0.1', () => resolve()));
    try {
      const r = createResolver({
        servers: [{ host: '127.0.0.1', port: dead.address().port }, ...parseDnsServers(dns.servers)],
        timeoutMs: 100,
        tries: 1,
      });
      expect(await r.a('v4only.test')).toEqual(['192.0.2.9']);
    } finally {
      dead.close();
    }
  });

  test('zone updates are served at once', async () => {
    dns.updateZone({ 'late.test': { A: ['192.0.2.50'] } });
    expect(await resolver().a('late.test')).toEqual(['192.0.2.50']);
  });
});
