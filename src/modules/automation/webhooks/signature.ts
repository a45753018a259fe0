// Standard Webhooks v1 signing (https://www.standardwebhooks.com): the receiver
// verifies `v1,<base64 HMAC-SHA256(key, "id.timestamp.body")>` with any live secret.
import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';
const MAX_CACHED_KEYS = 1024;

export interface SignInput {
  /** The event id; constant across retries so receivers can de-duplicate. */
  msgId: string;
  /** Unix seconds. */
  timestamp: number;
  /** The exact bytes sent as the request body. */
  body: string;
  /** Live secrets (`whsec_…`); during rotation both old and new sign. */
  secrets: string[];
}

export interface WebhookHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
  'content-type': 'application/json';
  'user-agent': 'Nearbound-Webhooks/1';
}

/** A new endpoint secret: `whsec_` + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

// Decoding base64 and building a KeyObject per delivery is the costly part of signing,
// so keys are cached per secret string; a crude clear keeps the map bounded.
const keyCache = new Map<string, KeyObject>();

function signingKey(secret: string): KeyObject {
  let key = keyCache.get(secret);
  if (key) return key;
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  const raw = Buffer.from(encoded, 'base64');
  if (raw.length === 0) throw new Error('webhook secret is empty or not base64');
  key = createSecretKey(raw);
  if (keyCache.size >= MAX_CACHED_KEYS) keyCache.clear();
  keyCache.set(secret, key);
  return key;
}

/** The `webhook-signature` header value: one `v1,<sig>` entry per secret, space-separated. */
export function signPayload({ msgId, timestamp, body, secrets }: SignInput): string {
  if (!Number.isSafeInteger(timestamp)) throw new Error('webhook timestamp must be integer unix seconds');
  if (secrets.length === 0) throw new Error('at least one webhook secret is required');
  const content = `${msgId}.${timestamp}.${body}`;
  return secrets
    .map((secret) => `v1,${createHmac('sha256', signingKey(secret)).update(content).digest('base64')}`)
    .join(' ');
}

/** All headers of a delivery request. */
export function webhookHeaders(input: SignInput): WebhookHeaders {
  return {
    'webhook-id': input.msgId,
    'webhook-timestamp': String(input.timestamp),
    'webhook-signature': signPayload(input),
    'content-type': 'application/json',
    'user-agent': 'Nearbound-Webhooks/1',
  };
}
