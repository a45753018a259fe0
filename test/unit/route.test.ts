import { afterAll, beforeAll, expect, test } from 'bun:test';
import { createResolver, parseDnsServers } from '../../src/lib/dns/resolver.ts';
import { findRoute } from '../../src/modules/verification/route.ts';
import { startDnsServer, type TestDnsServer } from '../helpers/dns.ts';

let dns: TestDnsServer;

beforeAll(async () => {
  dns = await startDnsServer({
    'mx.test': {
      MX: [
        { priority: 20, exchange: 'backup.mx.test' },
        { priority: 5, exchange: 'Primary.MX.test.' },
        { priority: 30, exchange: 'primary.mx.test' },
      ],
      A: ['192.0.2.1'],
    },
    'null.test': { MX: [{ priority: 0, exchange: '.' }], A: ['192.0.2.2'] },
    'mixed.test': { MX: [{ priority: 0, exchange: '.' }, { priority: 10, exchange: 'mx.mixed.test' }] },
    'implicit4.test': { A: ['192.0.2.3'] },
    'implicit6.test': { AAAA: ['2001:db8::3'] },
    'txtonly.test': { TXT: ['v=spf1 -all'] },
    'alias.test': { CNAME: 'mx.test' },
    'broken.test': { behavior: 'servfail' },
    'refused.test': { behavior: 'refused' },
    'silent.test': { behavior: 'timeout' },
    'addrfail.test': { TXT: ['x'], behavior: 'servfail', behaviorTypes: ['A', 'AAAA'] },
    'halfaddr.test': { A: ['192.0.2.4'], behavior: 'servfail', behaviorTypes: ['AAAA'] },
  });
});
afterAll(() => dns.close());

const resolver = () => createResolver({ servers: parseDnsServers(dns.servers), timeoutMs: 150, tries: 1 });

test.each([
  ['mx.test', 'mx', ['primary.mx.test', 'backup.mx.test']],
  ['MX.Test.', 'mx', ['primary.mx.test', 'backup.mx.test']],
  ['alias.test', 'mx', ['primary.mx.test', 'backup.mx.test']],
  ['null.test', 'null_mx', []],
  ['mixed.test', 'mx', ['mx.mixed.test']],
  ['implicit4.test', 'implicit_mx', ['implicit4.test']],
  ['implicit6.test', 'implicit_mx', ['implicit6.test']],
  ['txtonly.test', 'none', []],
  ['nowhere.test', 'none', []],
  ['broken.test', 'unknown', []],
  ['refused.test', 'unknown', []],
  ['silent.test', 'unknown', []],
])('%s → %s %p', async (domain, route, hosts) => {
  expect(await findRoute(resolver(), domain)).toEqual({ route, hosts } as never);
});

test('an MX lookup that succeeds does not query address records', async () => {
  const from = dns.queries.length;
  await findRoute(resolver(), 'mx.test');
  expect(dns.queries.slice(from).map((q) => q.type)).toEqual(['MX']);
});

test('implicit MX is unknown when the address lookup cannot be answered', async () => {
  // MX answers NODATA, then A/AAAA fail: we cannot say "none".
  expect(await findRoute(resolver(), 'addrfail.test')).toEqual({ route: 'unknown', hosts: [] });
  // One family answering is enough to route.
  expect(await findRoute(resolver(), 'halfaddr.test')).toEqual({ route: 'implicit_mx', hosts: ['halfaddr.test'] });
});
