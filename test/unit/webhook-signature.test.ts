import { describe, expect, test } from 'bun:test';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { newWebhookSecret, signPayload, webhookHeaders } from '../../src/modules/automation/webhooks/signature.ts';

const now = () => Math.floor(Date.now() / 1000);
const body = JSON.stringify({ type: 'message.sent', data: { id: 'msg_1', subject: 'Grüße ✓' } });

describe('newWebhookSecret', () => {
  test('is whsec_ + base64 of 32 random bytes', () => {
    const s = newWebhookSecret();
    expect(s).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(s.slice(6), 'base64').length).toBe(32);
    expect(newWebhookSecret()).not.toBe(s);
  });
});

describe('signPayload / webhookHeaders', () => {
  test('the official verifier accepts a delivery', () => {
    const secret = newWebhookSecret();
    const headers = webhookHeaders({ msgId: 'evt_abc', timestamp: now(), body, secrets: [secret] });
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
  });

  test('equals the official library signature', () => {
    const secret = newWebhookSecret();
    const ts = 1_700_000_000;
    const official = new Webhook(secret).sign('evt_x', new Date(ts * 1000), body);
    expect(signPayload({ msgId: 'evt_x', timestamp: ts, body, secrets: [secret] })).toBe(official);
  });

  test('headers carry id, timestamp, content type and user agent', () => {
    const ts = now();
    const h = webhookHeaders({ msgId: 'evt_1', timestamp: ts, body, secrets: [newWebhookSecret()] });
    expect(h['webhook-id']).toBe('evt_1');
    expect(h['webhook-timestamp']).toBe(String(ts));
    expect(h['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(h['content-type']).toBe('application/json');
    expect(h['user-agent']).toBe('Nearbound-Webhooks/1');
  });

  test('rotation: one entry per secret and each secret alone verifies', () => {
    const [oldS, newS] = [newWebhookSecret(), newWebhookSecret()];
    const headers = webhookHeaders({ msgId: 'evt_rot', timestamp: now(), body, secrets: [oldS, newS] });
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(oldS).verify(body, { ...headers })).toBeTruthy();
    expect(new Webhook(newS).verify(body, { ...headers })).toBeTruthy();
    expect(() => new Webhook(newWebhookSecret()).verify(body, { ...headers })).toThrow(WebhookVerificationError);
  });

  test('a tampered body, id or timestamp fails verification', () => {
    const secret = newWebhookSecret();
    const ts = now();
    const headers = webhookHeaders({ msgId: 'evt_t', timestamp: ts, body, secrets: [secret] });
    const wh = new Webhook(secret);
    expect(() => wh.verify(body.replace('msg_1', 'msg_2'), { ...headers })).toThrow(WebhookVerificationError);
    expect(() => wh.verify(body, { ...headers, 'webhook-id': 'evt_u' })).toThrow(WebhookVerificationError);
    expect(() => wh.verify(body, { ...headers, 'webhook-timestamp': String(ts - 1) })).toThrow(WebhookVerificationError);
  });

  test('signing is repeatable with a cached key', () => {
    const secret = newWebhookSecret();
    const input = { msgId: 'evt_c', timestamp: 1_700_000_000, body, secrets: [secret] };
    expect(signPayload(input)).toBe(signPayload(input));
  });

  test('rejects non-integer timestamps and an empty secret list', () => {
    const secret = newWebhookSecret();
    expect(() => signPayload({ msgId: 'e', timestamp: 1.5, body, secrets: [secret] })).toThrow();
    expect(() => signPayload({ msgId: 'e', timestamp: now(), body, secrets: [] })).toThrow();
    expect(() => signPayload({ msgId: 'e', timestamp: now(), body, secrets: ['whsec_'] })).toThrow();
  });
});
