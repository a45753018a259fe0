import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Webhook } from 'standardwebhooks';
import type { Resolve } from '../../src/lib/net/webhook-url.ts';
import { sendWebhook, type SendWebhookInput } from '../../src/modules/automation/webhooks/http-sender.ts';
import { newWebhookSecret, webhookHeaders } from '../../src/modules/automation/webhooks/signature.ts';

// Self-signed test-only certificate for "webhook.test" (valid 2020–2120), to check
// that connecting by address over https still verifies the hostname.
const TEST_CERT = `-----BEGIN CERTIFICATE-----
MIIBaTCCARCgAwIBAgIBATAKBggqhkjOPQQDAjAXMRUwEwYDVQQDDAx3ZWJob29r
LnRlc3QwIBcNMjAwMTAxMDAwMDAwWhgPMjEyMDAxMDEwMDAwMDBaMBcxFTATBgNV
BAMMDHdlYmhvb2sudGVzdDBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABFJDw1Wx
Pv6WjpBWaZ2XqnuVnhWyzn9RNKLFarN2n9yWU/Nhc2x6jzRX1DgE3WncgbICYKqx
6xAhMycGkpoKh7ujSzBJMBcGA1UdEQQQMA6CDHdlYmhvb2sudGVzdDAPBgNVHRMB
Af8EBTADAQH/MB0GA1UdDgQWBBSVPK2roNzcyiYg8Sqmv2FLq8kTWjAKBggqhkjO
PQQDAgNHADBEAiBgovvrINIK45tLFsTuwJP0TQDGUyfevl5ZnuYaAiMAPwIgA7aI
822twfEWwRC6n0wb51qEz9/BdxgbcipwoMU8ZZM=
-----END CERTIFICATE-----
`;
const TEST_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg4m9zl0raU+g2ZLGE
7QFHjg/M4j8i3txOKnOr8i8t9+qhRANCAARSQ8NVsT7+lo6QVmmdl6p7lZ4Vss5/
UTSixWqzdp/cllPzYXNseo80V9Q4BN1p3IGyAmCqsesQITMnBpKaCoe7
-----END PRIVATE KEY-----
`;

const MIB = 1024 * 1024;
const hits: Record<string, number> = {};
let lastRequest: { path: string; host: string | null; headers: Headers; body: string } | null = null;
let hugePulled = 0;
const neverAnswered: Array<() => void> = [];

function receiver(req: Request): Response | Promise<Response> {
  const path = new URL(req.url).pathname;
  hits[path] = (hits[path] ?? 0) + 1;
  switch (path) {
    case '/big':
      return new Response('x'.repeat(MIB));
    case '/huge': {
      // 64 MiB produced on demand: shows the sender stops reading after 1 KiB.
      const chunk = new Uint8Array(64 * 1024).fill(121);
      return new Response(
        new ReadableStream({
          pull(c) {
            if (hugePulled >= 64 * MIB) return c.close();
            hugePulled += chunk.byteLength;
            c.enqueue(chunk);
          },
        }),
      );
    }
    case '/utf8':
      return new Response('a'.repeat(1023) + 'é');
    case '/fail':
      return new Response('boom', { status: 500 });
    case '/redirect':
      return new Response(null, { status: 302, headers: { location: '/ok' } });
    case '/hang':
      return new Promise<Response>((resolve) => neverAnswered.push(() => resolve(new Response('late'))));
    default:
      return req.text().then((body) => {
        lastRequest = { path, host: req.headers.get('host'), headers: req.headers, body };
        return new Response(`ok ${path}`);
      });
  }
}

let plain: ReturnType<typeof Bun.serve>;
let secure: ReturnType<typeof Bun.serve>;
let base: string;
let closedPort: number;

beforeAll(() => {
  plain = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: receiver });
  secure = Bun.serve({ hostname: '127.0.0.1', port: 0, tls: { cert: TEST_CERT, key: TEST_KEY }, fetch: receiver });
  base = `http://127.0.0.1:${plain.port}`;
  const gone = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('') });
  closedPort = gone.port!;
  gone.stop(true);
});

afterAll(() => {
  for (const answer of neverAnswered) answer();
  plain.stop(true);
  secure.stop(true);
});

const resolveTo =
  (table: Record<string, string[]>): Resolve =>
  async (host) => {
    const found = table[host];
    if (!found) throw new Error('ENOTFOUND');
    return found;
  };
const noLookups: Resolve = async (host) => {
  throw new Error(`unexpected lookup of ${host}`);
};

function send(url: string, extra: Partial<SendWebhookInput> = {}) {
  return sendWebhook({
    url,
    headers: { 'content-type': 'application/json' },
    body: '{"type":"test"}',
    timeoutMs: 5_000,
    allowPrivate: true,
    resolve: noLookups,
    ...extra,
  });
}

describe('sendWebhook', () => {
  test('200: status, excerpt and a body the receiver can verify', async () => {
    const secret = newWebhookSecret();
    const body = JSON.stringify({ type: 'message.sent', data: { id: 'msg_1' } });
    const headers = webhookHeaders({ msgId: 'evt_1', timestamp: Math.floor(Date.now() / 1000), body, secrets: [secret] });
    const r = await send(`${base}/ok`, { headers: { ...headers }, body });
    expect(r.status).toBe(200);
    expect(r.excerpt).toBe('ok /ok');
    expect(r.durationMs).toBeGreaterThanOrEqual(0);
    expect(lastRequest?.body).toBe(body);
    expect(lastRequest?.headers.get('user-agent')).toBe('Nearbound-Webhooks/1');
    const received = Object.fromEntries(lastRequest!.headers.entries());
    expect(new Webhook(secret).verify(lastRequest!.body, received)).toEqual(JSON.parse(body));
  });

  test('a 1 MiB answer is cut to a 1 KiB excerpt', async () => {
    const r = await send(`${base}/big`);
    expect(r.status).toBe(200);
    expect(r.excerpt).toBe('x'.repeat(1024));
  });

  test('a huge answer is not downloaded', async () => {
    const r = await send(`${base}/huge`);
    expect(r.status).toBe(200);
    expect(r.excerpt).toHaveLength(1024);
    expect(hugePulled).toBeLessThan(16 * MIB); // socket buffers only
  });

  test('a UTF-8 character cut at 1 KiB is dropped, not mangled', async () => {
    const r = await send(`${base}/utf8`);
    expect(r.excerpt).toBe('a'.repeat(1023));
  });

  test('500 is returned with its body', async () => {
    const r = await send(`${base}/fail`);
    expect(r).toMatchObject({ status: 500, excerpt: 'boom' });
  });

  test('302 is returned, not followed', async () => {
    const okHits = hits['/ok'] ?? 0;
    const r = await send(`${base}/redirect`);
    expect(r.status).toBe(302);
    expect(hits['/ok'] ?? 0).toBe(okHits);
  });

  test('a receiver that never answers times out', async () => {
    const r = await send(`${base}/hang`, { timeoutMs: 100 });
    expect(r.status).toBeNull();
    expect(r.excerpt).toContain('timeout');
    expect(r.durationMs).toBeGreaterThanOrEqual(90);
  });

  test('connection refused', async () => {
    const r = await send(`http://127.0.0.1:${closedPort}/ok`);
    expect(r.status).toBeNull();
    expect(r.excerpt).toBe('connection refused');
  });

  test('a private address is refused without connecting when allowPrivate is false', async () => {
    const before = hits['/private'] ?? 0;
    const literal = await send(`${base}/private`, { allowPrivate: false });
    expect(literal.status).toBeNull();
    expect(literal.excerpt).toContain('private_address');
    // DNS rebinding: the name now points at loopback, checked at send time.
    const named = await send(`http://rebind.test:${plain.port}/private`, {
      allowPrivate: false,
      resolve: resolveTo({ 'rebind.test': ['127.0.0.1'] }),
    });
    expect(named).toMatchObject({ status: null });
    expect(named.excerpt).toContain('127.0.0.1');
    expect(hits['/private'] ?? 0).toBe(before);
  });

  test('an invalid or unresolvable URL is reported', async () => {
    expect((await send('ftp://127.0.0.1/')).excerpt).toContain('scheme_not_allowed');
    expect((await send('http://nowhere.test/', { resolve: resolveTo({}) })).excerpt).toContain('unresolvable');
  });

  test('http by hostname connects to the resolved address with the original Host', async () => {
    let lookups = 0;
    const resolve: Resolve = async (host) => {
      lookups++;
      return host === 'hooks.test' ? ['127.0.0.1'] : [];
    };
    const r = await send(`http://hooks.test:${plain.port}/named`, { resolve });
    expect(r).toMatchObject({ status: 200, excerpt: 'ok /named' });
    expect(lastRequest?.host).toBe(`hooks.test:${plain.port}`);
    await send(`http://hooks.test:${plain.port}/named`, { resolve });
    expect(lookups).toBe(2); // re-checked on every send, never cached here
  });

  test('https by hostname is pinned to the checked address and still verifies the name', async () => {
    const resolve = resolveTo({ 'webhook.test': ['127.0.0.1'], 'other.test': ['127.0.0.1'] });
    const ok = await send(`https://webhook.test:${secure.port}/tls`, { resolve, ca: TEST_CERT });
    expect(ok).toMatchObject({ status: 200, excerpt: 'ok /tls' });
    expect(lastRequest?.host).toBe(`webhook.test:${secure.port}`);
    // Same address, but the certificate does not name other.test.
    const wrongName = await send(`https://other.test:${secure.port}/tls`, { resolve, ca: TEST_CERT });
    expect(wrongName.status).toBeNull();
    expect(wrongName.excerpt).toBe('TLS error: ERR_TLS_CERT_ALTNAME_INVALID');
    // Untrusted issuer.
    const untrusted = await send(`https://webhook.test:${secure.port}/tls`, { resolve });
    expect(untrusted.status).toBeNull();
    expect(untrusted.excerpt).toContain('TLS error');
  });
});
