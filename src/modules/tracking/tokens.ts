// Tracking tokens: what a pixel or a tracked link names, signed so that only
// what we minted resolves. An open token names a message; a click token names
// a message and one of its links by index (tracked_links), never a URL — a
// token cannot be made to lead anywhere the message did not link to.
//
// bytes = kind (1) + the msg_ id's 16 bytes [+ link index, 3 bytes] + tag (16),
// the tag an HMAC-SHA256 of what precedes it under a key derived from the
// appliance's secret (ctx.secrets.derive("tracking"), not the VERP key), cut
// to 128 bits. Lengths are multiples of 3 so base64url has exactly one spelling
// (44 and 48 characters): a token with anything appended or altered is refused.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { SecretBox } from "../../lib/secrets";

export const TRACKING_KEY_PURPOSE = "tracking";

const OPEN = 1;
const CLICK = 2;
const TAG = 16;
const OPEN_BYTES = 1 + 16 + TAG; // 33
const CLICK_BYTES = 1 + 16 + 3 + TAG; // 36
/** The highest link index a token can carry (3 bytes). */
export const MAX_LINK_INDEX = 0xffffff;
const TOKEN = /^[A-Za-z0-9_-]+$/;
const MSG_HEX = /^msg_[0-9a-f]{32}$/;

type Key = SecretBox | Uint8Array;
const keyOf = (k: Key): Uint8Array => ("derive" in k ? k.derive(TRACKING_KEY_PURPOSE) : k);

function seal(key: Key, body: Buffer): string {
  const tag = createHmac("sha256", keyOf(key)).update(body).digest().subarray(0, TAG);
  return Buffer.concat([body, tag]).toString("base64url");
}

function body(kind: number, messageId: string, index: number | null): Buffer {
  if (!MSG_HEX.test(messageId)) throw new Error(`not a message id: ${JSON.stringify(messageId)}`);
  const b = Buffer.alloc(index === null ? 17 : 20);
  b[0] = kind;
  b.write(messageId.slice(4), 1, "hex");
  if (index !== null) {
    if (!Number.isInteger(index) || index < 0 || index > MAX_LINK_INDEX) throw new Error(`link index out of range: ${index}`);
    b.writeUIntBE(index, 17, 3);
  }
  return b;
}

export const openToken = (key: Key, messageId: string): string => seal(key, body(OPEN, messageId, null));
export const clickToken = (key: Key, messageId: string, index: number): string => seal(key, body(CLICK, messageId, index));

/** The bytes of a well-formed, correctly signed token of this kind and length, else null. */
function open(key: Key, token: string, kind: number, bytes: number): Buffer | null {
  if (token.length !== Math.ceil((bytes * 4) / 3) || !TOKEN.test(token)) return null;
  const b = Buffer.from(token, "base64url");
  if (b.length !== bytes || b[0] !== kind) return null;
  const signed = b.subarray(0, bytes - TAG);
  const tag = createHmac("sha256", keyOf(key)).update(signed).digest().subarray(0, TAG);
  return timingSafeEqual(tag, b.subarray(bytes - TAG)) ? b : null;
}

/** The message an open token names, or null (tampered, truncated, another kind, not ours). */
export function readOpenToken(key: Key, token: string): string | null {
  const b = open(key, token, OPEN, OPEN_BYTES);
  return b ? `msg_${b.toString("hex", 1, 17)}` : null;
}

/** The message and link index a click token names, or null. */
export function readClickToken(key: Key, token: string): { messageId: string; index: number } | null {
  const b = open(key, token, CLICK, CLICK_BYTES);
  return b ? { messageId: `msg_${b.toString("hex", 1, 17)}`, index: b.readUIntBE(17, 3) } : null;
}
