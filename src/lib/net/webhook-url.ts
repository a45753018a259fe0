// Validates a webhook target URL and the addresses its host resolves to, so a
// tenant cannot point deliveries at the appliance's own network (SSRF).
import { addressProblem } from '../text.ts';
import { isPublicAddress, normaliseIp } from './address-policy.ts';

/** Resolves a hostname to its IP addresses (A and AAAA); rejects when it cannot. */
export type Resolve = (host: string) => Promise<string[]>;

export type WebhookUrlErrorCode =
  | 'invalid_url'
  | 'scheme_not_allowed'
  | 'credentials_not_allowed'
  | 'private_address'
  | 'unresolvable';

export type WebhookUrlCheck =
  | { ok: true; url: URL; addresses: string[] }
  | { ok: false; code: WebhookUrlErrorCode; detail: string };

export interface CheckWebhookUrlOptions {
  /** Lets private/loopback targets through (self-hosted setups, tests). */
  allowPrivate: boolean;
  resolve: Resolve;
}

const fail = (code: WebhookUrlErrorCode, detail: string): WebhookUrlCheck => ({ ok: false, code, detail });

/** Literal IP of a WHATWG-parsed hostname (already normalised: 0x7f.1 → 127.0.0.1), or null. */
export function literalHostAddress(url: URL): string | null {
  return normaliseIp(url.hostname);
}

// RFC 6761: these names are loopback whatever a resolver says.
function isLocalhostName(host: string): boolean {
  const h = host.endsWith('.') ? host.slice(0, -1) : host;
  return h === 'localhost' || h.endsWith('.localhost');
}

export async function checkWebhookUrl(raw: string, opts: CheckWebhookUrlOptions): Promise<WebhookUrlCheck> {
  // The URL parser would quietly drop or percent-encode these (/\r\nX: y → /X:%20y):
  // a URL is stored as given or refused, never rewritten.
  if (/[\x00-\x20\x7f-\x9f]/.test(raw)) return fail('invalid_url', 'URL contains a space or a control character (CR, LF, tab…); percent-encode it');
  // the address rule (src/lib/text.ts): bidi controls (U+202E…) could make it display as another URL
  const problem = addressProblem(raw);
  if (problem) return fail('invalid_url', `URL ${problem.message}; percent-encode it`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail('invalid_url', 'not a valid absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return fail('scheme_not_allowed', `scheme ${url.protocol.slice(0, -1)} is not allowed; use http or https`);
  }
  if (url.username || url.password) return fail('credentials_not_allowed', 'URL must not contain user info');
  if (!url.hostname) return fail('invalid_url', 'URL has no host');

  const literal = literalHostAddress(url);
  let addresses: string[];
  if (literal) {
    addresses = [literal];
  } else {
    if (!opts.allowPrivate && isLocalhostName(url.hostname)) {
      return fail('private_address', `${url.hostname} is a loopback name`);
    }
    const host = url.hostname.endsWith('.') ? url.hostname.slice(0, -1) : url.hostname;
    let found: string[];
    try {
      found = await opts.resolve(host);
    } catch (err) {
      return fail('unresolvable', `${host} did not resolve: ${err instanceof Error ? err.message : String(err)}`);
    }
    // Garbage from a resolver is dropped rather than connected to.
    addresses = found.map(normaliseIp).filter((a): a is string => a !== null);
    if (addresses.length === 0) return fail('unresolvable', `${host} has no IP address`);
  }

  if (!opts.allowPrivate) {
    // ANY private answer refuses: the connection could land on either address.
    const blocked = addresses.find((a) => !isPublicAddress(a));
    if (blocked) {
      const detail = literal ? `${blocked} is not a public address` : `${url.hostname} resolves to non-public address ${blocked}`;
      return fail('private_address', detail);
    }
  }
  return { ok: true, url, addresses };
}
