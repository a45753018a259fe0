// One webhook HTTP attempt. The URL is re-checked at send time (DNS may have
// changed since the endpoint was saved: rebinding) and the request then goes to
// the address that passed the check, never to a second lookup.
import { checkWebhookUrl, literalHostAddress, type Resolve } from '../../../lib/net/webhook-url.ts';

const EXCERPT_BYTES = 1024;
const MAX_CACHED_TARGETS = 1024;

export interface SendWebhookInput {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** Lets private/loopback targets through (self-hosted setups, tests). */
  allowPrivate: boolean;
  /** Hostname resolver; expected to cache on its own. */
  resolve: Resolve;
  /** Extra trusted CA certificate(s), PEM, for https endpoints on a private PKI (and tests). */
  ca?: string | string[];
}

export interface SendWebhookResult {
  /** HTTP status, or null when nothing answered. */
  status: number | null;
  /** First KiB of the answer (UTF-8), or what went wrong when nothing answered. */
  excerpt: string | null;
  durationMs: number;
}

interface Target {
  /** The URL fetched: the original with its host replaced by the checked address. */
  connectUrl: string;
  /** Original Host header value when connecting by address, else null. */
  host: string | null;
  /** TLS name to verify when connecting by address over https, else null. */
  serverName: string | null;
}

type Prepared = { ok: true; target: Target } | { ok: false; excerpt: string };

// URLs whose host is a literal IP need no lookup, so their verdict is fixed: cache it
// to keep the per-delivery cost at ~2,000/s down to the fetch itself.
const literalTargets = new Map<string, Prepared>();

async function prepare(input: SendWebhookInput): Promise<Prepared> {
  const key = `${input.allowPrivate ? 1 : 0} ${input.url}`;
  const cached = literalTargets.get(key);
  if (cached) return cached;
  const check = await checkWebhookUrl(input.url, { allowPrivate: input.allowPrivate, resolve: input.resolve });
  const prepared: Prepared = check.ok
    ? { ok: true, target: toTarget(check.url, check.addresses[0]) }
    : { ok: false, excerpt: `refused (${check.code}): ${check.detail}` };
  const parsed = URL.parse(input.url);
  if (parsed && literalHostAddress(parsed) !== null) {
    if (literalTargets.size >= MAX_CACHED_TARGETS) literalTargets.clear();
    literalTargets.set(key, prepared);
  }
  return prepared;
}

function toTarget(url: URL, address: string): Target {
  if (literalHostAddress(url) !== null) return { connectUrl: url.href, host: null, serverName: null };
  const connect = new URL(url.href);
  connect.hostname = address.includes(':') ? `[${address}]` : address;
  const name = url.hostname.endsWith('.') ? url.hostname.slice(0, -1) : url.hostname;
  // https: Bun verifies the certificate against tls.serverName (and sends it as SNI),
  // so connecting by address keeps full hostname verification. Tested in webhook-http-sender.
  return { connectUrl: connect.href, host: url.host, serverName: url.protocol === 'https:' ? name : null };
}

async function readExcerpt(res: Response): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let done = false;
  try {
    while (size < EXCERPT_BYTES) {
      const next = await reader.read();
      if (next.done) {
        done = true;
        break;
      }
      chunks.push(next.value);
      size += next.value.byteLength;
    }
  } catch {
    // Timed out or reset mid-body: keep what arrived.
  } finally {
    // Stop downloading: a huge answer is never read past the excerpt.
    if (!done) void reader.cancel().catch(() => {});
  }
  const bytes = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES);
  // stream: true drops a multi-byte character cut at the 1 KiB boundary.
  return new TextDecoder().decode(bytes, { stream: true });
}

function tlsOptions(target: Target, ca: string | string[] | undefined) {
  if (!target.connectUrl.startsWith('https:')) return undefined;
  if (!target.serverName && !ca) return undefined; // default options keep the shared pool
  return { ...(target.serverName ? { serverName: target.serverName } : {}), ...(ca ? { ca } : {}) };
}

const TLS_CODE = /CERT|TLS|SSL|SELF_SIGNED|ALTNAME|HANDSHAKE/i;

/** What went wrong when nothing answered, in words for the delivery log. */
function describeSendError(err: unknown, timeoutMs: number): string {
  const e = (err ?? {}) as { name?: string; code?: string; message?: string };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return `timeout: no answer within ${timeoutMs} ms`;
  const code = e.code ?? '';
  if (code === 'ECONNREFUSED' || code === 'ConnectionRefused') return 'connection refused';
  if (code === 'ECONNRESET' || code === 'ConnectionClosed') return 'connection reset before an answer';
  // Bun appends the fetched URL (our internal address form) and a debugging hint: drop them.
  const message = (e.message ?? String(err)).replace(/ fetching ".*$/s, '');
  const detail = message && message !== code ? `${code}: ${message}` : code;
  if (TLS_CODE.test(code)) return `TLS error: ${detail}`;
  return `request failed: ${detail || e.name || 'error'}`;
}

export async function sendWebhook(input: SendWebhookInput): Promise<SendWebhookResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const prepared = await prepare(input);
  if (!prepared.ok) return { status: null, excerpt: prepared.excerpt, durationMs: elapsed() };

  const { target } = prepared;
  const headers = new Headers(input.headers);
  if (target.host) headers.set('host', target.host);
  const tls = tlsOptions(target, input.ca);
  try {
    const res = await fetch(target.connectUrl, {
      method: 'POST',
      headers,
      body: input.body,
      redirect: 'manual', // a 3xx is the endpoint's answer, never followed
      signal: AbortSignal.timeout(input.timeoutMs),
      proxy: false, // a proxy would do its own lookup and void the address check
      tls,
    });
    const excerpt = await readExcerpt(res);
    return { status: res.status, excerpt, durationMs: elapsed() };
  } catch (err) {
    return { status: null, excerpt: describeSendError(err, input.timeoutMs), durationMs: elapsed() };
  }
}
