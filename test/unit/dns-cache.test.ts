import { afterAll, beforeAll, expect, test } from 'bun:test';
import { createCachingResolver, createResolver, DnsError, parseDnsServers } from '../../src/lib/dns/resolver.ts';
import { startDnsServer, type TestDnsServer } from '../helpers/dns.ts';

let dns: TestDnsServer;
const clock = { t: 1_000_000, now() { return this.t; } };

beforeAll(async () => {
  dns = await startDnsServer({
    'short.test': { A: ['192.0.2.1'], ttl: 60 },
    'long.test': { A: ['192.0.2.2'], ttl: 7 * 86_400 },
    'empty.test': {},
    'broken.test': { behavior: 'servfail' },
  });
});
afterAll(() => dns.close());

function setup(opts: { maxTtlMs?: number; negativeTtlMs?: number } = {}) {
  const base = createResolver({ servers: parseDnsServers(dns.servers), timeoutMs: 1000, tries: 1 });
  return createCachingResolver(base, { clock, ...opts });
}

/** Queries the server saw for one name since `from`. */
const seen = (name: string, from: number) => dns.queries.slice(from).filter((q) => q.name === name).length;

test('answers are cached for their TTL', async () => {
  const r = setup();
  const from = dns.queries.length;
  expect(await r.a('short.test')).toEqual(['192.0.2.1']);
  clock.t += 59_000;
  expect(await r.a('Short.Test.')).toEqual(['192.0.2.1']);
  expect(seen('short.test', from)).toBe(1);
  clock.t += 2_000;
  expect(await r.a('short.test')).toEqual(['192.0.2.1']);
  expect(seen('short.test', from)).toBe(2);
});

test('long TTLs are capped by maxTtlMs (at most a day)', async () => {
  const r = setup({ maxTtlMs: 10_000 });
  const from = dns.queries.length;
  await r.a('long.test');
  clock.t += 9_000;
  await r.a('long.test');
  expect(seen('long.test', from)).toBe(1);
  clock.t += 2_000;
  await r.a('long.test');
  expect(seen('long.test', from)).toBe(2);

  const day = setup({ maxTtlMs: 30 * 86_400_000 });
  await day.a('long.test');
  clock.t += 86_400_000 + 1;
  await day.a('long.test');
  expect(seen('long.test', from)).toBe(4);
});

test('negative answers are cached briefly', async () => {
  dns.negativeTtl = 3600; // the cache's own bound must win
  const r = setup({ negativeTtlMs: 5_000 });
  const from = dns.queries.length;
  await expect(r.mx('missing.test')).rejects.toMatchObject({ code: 'NXDOMAIN' });
  await expect(r.mx('empty.test')).rejects.toMatchObject({ code: 'NODATA' });
  clock.t += 4_000;
  await expect(r.mx('missing.test')).rejects.toBeInstanceOf(DnsError);
  await expect(r.mx('empty.test')).rejects.toMatchObject({ code: 'NODATA' });
  expect(seen('missing.test', from) + seen('empty.test', from)).toBe(2);
  clock.t += 2_000;
  await expect(r.mx('missing.test')).rejects.toMatchObject({ code: 'NXDOMAIN' });
  expect(seen('missing.test', from)).toBe(2);
  dns.negativeTtl = 30;
});

test('the SOA bound applies when shorter than negativeTtlMs', async () => {
  dns.negativeTtl = 1;
  const r = setup({ negativeTtlMs: 60_000 });
  const from = dns.queries.length;
  await expect(r.a('gone.test')).rejects.toMatchObject({ code: 'NXDOMAIN' });
  clock.t += 1_500;
  await expect(r.a('gone.test')).rejects.toMatchObject({ code: 'NXDOMAIN' });
  expect(seen('gone.test', from)).toBe(2);
  dns.negativeTtl = 30;
});

test('failures to answer are never cached', async () => {
  const r = setup();
  const from = dns.queries.length;
  await expect(r.mx('broken.test')).rejects.toMatchObject({ code: 'SERVFAIL' });
  await expect(r.mx('broken.test')).rejects.toMatchObject({ code: 'SERVFAIL' });
  expect(seen('broken.test', from)).toBe(2);
});

test('concurrent identical lookups share one query', async () => {
  const r = setup();
  dns.updateZone({ 'burst.test': { A: ['192.0.2.7'] } });
  const from = dns.queries.length;
  const all = await Promise.all([r.a('burst.test'), r.a('burst.test'), r.lookupAll('burst.test')]);
  expect(all[0]).toEqual(['192.0.2.7']);
  expect(all[2]).toEqual([{ address: '192.0.2.7', family: 4 }]);
  expect(dns.queries.slice(from).filter((q) => q.name === 'burst.test' && q.type === 'A')).toHaveLength(1);
});
