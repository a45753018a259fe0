import { describe, expect, test } from 'bun:test';
import { checkWebhookUrl, type Resolve } from '../../src/lib/net/webhook-url.ts';

// Injected resolver: a fixed table, so no test touches real DNS.
const table: Record<string, string[]> = {
  'hooks.example.com': ['93.184.216.34'],
  'dual.example.com': ['93.184.216.34', '2606:4700:4700::1111'],
  'rebind.example.com': ['127.0.0.1'],
  'mixed.example.com': ['93.184.216.34', '10.0.0.5'],
  'mapped.example.com': ['::ffff:169.254.169.254'],
  'garbage.example.com': ['not-an-ip'],
  'localhost': ['127.0.0.1'],
};
const calls: string[] = [];
const resolve: Resolve = async (host) => {
  calls.push(host);
  const found = table[host];
  if (!found) throw new Error('ENOTFOUND');
  return found;
};
const strict = { allowPrivate: false, resolve };

async function code(url: string, opts = strict) {
  const r = await checkWebhookUrl(url, opts);
  return r.ok ? 'ok' : r.code;
}

describe('checkWebhookUrl', () => {
  test.each([
    ['http://localhost/hook', 'private_address'],
    ['http://localhost./hook', 'private_address'],
    ['http://api.localhost/hook', 'private_address'],
    ['http://127.0.0.2/hook', 'private_address'],
    ['http://10.1.2.3/hook', 'private_address'],
    ['http://169.254.169.254/latest/meta-data/', 'private_address'],
    ['http://[::1]/hook', 'private_address'],
    ['http://[::ffff:127.0.0.1]/hook', 'private_address'],
    ['http://[fd00:ec2::254]/', 'private_address'],
    ['http://2130706433/', 'private_address'],
    ['http://0x7f.1/', 'private_address'],
    ['http://0177.0.0.1:8080/', 'private_address'],
    ['http://rebind.example.com/hook', 'private_address'],
    ['http://mixed.example.com/hook', 'private_address'],
    ['http://mapped.example.com/hook', 'private_address'],
    ['ftp://hooks.example.com/x', 'scheme_not_allowed'],
    ['file:///etc/passwd', 'scheme_not_allowed'],
    ['javascript:alert(1)', 'scheme_not_allowed'],
    ['https://user:pw@hooks.example.com/', 'credentials_not_allowed'],
    ['https://user@hooks.example.com/', 'credentials_not_allowed'],
    ['not a url', 'invalid_url'],
    ['/relative/path', 'invalid_url'],
    ['http://', 'invalid_url'],
    ['https://nowhere.example.com/', 'unresolvable'],
    ['https://garbage.example.com/', 'unresolvable'],
  ])('%s → %s', async (url, expected) => {
    expect(await code(url)).toBe(expected);
  });

  test('a public hostname passes with its resolved addresses', async () => {
    const r = await checkWebhookUrl('https://hooks.example.com/in?x=1', strict);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.url.hostname).toBe('hooks.example.com');
    expect(r.addresses).toEqual(['93.184.216.34']);
  });

  test('all resolved addresses are returned', async () => {
    const r = await checkWebhookUrl('https://dual.example.com/', strict);
    expect(r.ok && r.addresses).toEqual(['93.184.216.34', '2606:4700:4700::1111']);
  });

  test('a literal public IP is not looked up', async () => {
    calls.length = 0;
    const r = await checkWebhookUrl('http://8.8.8.8:8080/', strict);
    expect(r.ok && r.addresses).toEqual(['8.8.8.8']);
    const v6 = await checkWebhookUrl('http://[2606:4700:4700::1111]/', strict);
    expect(v6.ok && v6.addresses).toEqual(['2606:4700:4700::1111']);
    expect(calls).toEqual([]);
  });

  test('refusal detail names the offending address', async () => {
    const r = await checkWebhookUrl('http://rebind.example.com/', strict);
    expect(!r.ok && r.detail).toContain('127.0.0.1');
  });

  test('allowPrivate lets loopback through', async () => {
    const lax = { allowPrivate: true, resolve };
    const literal = await checkWebhookUrl('http://127.0.0.1:3000/hook', lax);
    expect(literal.ok && literal.addresses).toEqual(['127.0.0.1']);
    const named = await checkWebhookUrl('http://localhost:3000/hook', lax);
    expect(named.ok && named.addresses).toEqual(['127.0.0.1']);
    expect(await code('http://[::1]/', lax)).toBe('ok');
    // The other rules still apply.
    expect(await code('ftp://127.0.0.1/', lax)).toBe('scheme_not_allowed');
    expect(await code('http://u:p@127.0.0.1/', lax)).toBe('credentials_not_allowed');
  });
});

describe("characters the URL parser would rewrite", () => {
  const resolve = async () => ["93.184.215.14"];
  test.each([
    ["CR LF and a header", "https://hooks.example.com/\r\nX: y"],
    ["a space", "https://hooks.example.com/a b"],
    ["a tab", "https://hooks.example.com/a\tb"],
    ["NUL", "https://hooks.example.com/a\u0000b"],
    ["a C1 control", "https://hooks.example.com/a\u0085b"],
  ])("%s is refused as invalid_url, never silently encoded", async (_name, url) => {
    expect(await checkWebhookUrl(url, { allowPrivate: false, resolve })).toMatchObject({ ok: false, code: "invalid_url" });
  });
});
