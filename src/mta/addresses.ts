// The addresses every message is given by the MTA: its Message-ID on the
// sending domain and its VERP envelope sender on the return-path host.
//
// VERP (variable envelope return path): the envelope sender names the message,
// so a bounce (DSN) sent back to it says which message failed without parsing
// the DSN's body: `b+<32 hex of the msg_ id>.<tag>@bounce.example.com`. The tag
// is an HMAC of the id under a key derived from the appliance's secret key
// (ctx.secrets.derive("verp")), so a forged bounce to a guessed address (ids
// are time-ordered, hence guessable) is told apart and ignored. The tag is
// base32 lower-case: some relays lower-case local parts, and parsing is
// case-insensitive anyway. 8 characters = 40 bits.
import { createHmac, timingSafeEqual } from "node:crypto";
import { domainToASCII } from "node:url";
import { isId } from "../lib/ids";
import type { SecretBox } from "../lib/secrets";

/** The purpose the VERP key is derived for: `ctx.secrets.derive(VERP_KEY_PURPOSE)`. */
export const VERP_KEY_PURPOSE = "verp";

const TAG_CHARS = 8;
const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";
const VERP_LOCAL = /^b\+([0-9a-f]{32})\.([a-z2-7]{8})$/;

type VerpKey = SecretBox | Uint8Array;
const keyOf = (k: VerpKey): Uint8Array => ("derive" in k ? k.derive(VERP_KEY_PURPOSE) : k);

/** Lower-case A-label form of a domain; throws on one that is not a host name. */
function asciiDomain(domain: string): string {
  const ascii = domainToASCII(domain.trim().replace(/\.$/, ""));
  if (!ascii || !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(ascii)) throw new Error(`not a domain name: ${JSON.stringify(domain)}`);
  return ascii;
}

function messageHex(messageId: string): string {
  if (!isId(messageId, "msg")) throw new Error(`not a message id: ${JSON.stringify(messageId)}`);
  return messageId.slice(4);
}

/**
 * The Message-ID of a message, without the angle brackets (as stored in
 * messages.message_id_header): `msg_…@example.com`. Stable across attempts, so
 * a receiver that sees a retry of a message it already took can drop it.
 */
export function messageIdFor(messageId: string, domain: string): string {
  messageHex(messageId);
  return `${messageId}@${asciiDomain(domain)}`;
}

function tagOf(key: Uint8Array, hex: string): string {
  const mac = createHmac("sha256", key).update(`verp\0${hex}`).digest();
  // 40 bits → 8 base32 characters
  let bits = 0n;
  for (let i = 0; i < 5; i++) bits = (bits << 8n) | BigInt(mac[i]!);
  let tag = "";
  for (let i = TAG_CHARS - 1; i >= 0; i--) tag += BASE32[Number((bits >> BigInt(i * 5)) & 31n)];
  return tag;
}

/** The envelope sender (MAIL FROM) of one message: unique to it, on the return-path host. */
export function verpAddress(key: VerpKey, messageId: string, returnPathHost: string): string {
  const hex = messageHex(messageId);
  return `b+${hex}.${tagOf(keyOf(key), hex)}@${asciiDomain(returnPathHost)}`;
}

/**
 * The message id (`msg_…`) a VERP address names, or null when it is not one of
 * ours or its tag does not match (a forged or mangled bounce address). Accepts
 * the address with or without angle brackets, in any case; the host is not
 * checked here (the listener knows which hosts it answers for).
 */
export function parseVerp(address: string, key: VerpKey): string | null {
  let a = address.trim();
  if (a.startsWith("<") && a.endsWith(">")) a = a.slice(1, -1);
  const at = a.lastIndexOf("@");
  const m = VERP_LOCAL.exec((at >= 0 ? a.slice(0, at) : a).toLowerCase());
  if (!m) return null;
  const [, hex, tag] = m;
  const expected = Buffer.from(tagOf(keyOf(key), hex!));
  return timingSafeEqual(expected, Buffer.from(tag!)) ? `msg_${hex}` : null;
}

/**
 * Whether an address needs SMTPUTF8 (RFC 6531): a non-ASCII local part. Such
 * an address goes into the headers as UTF-8 (RFC 6532, see mime.ts), so the
 * message can only be handed to a server that offers SMTPUTF8.
 */
export function needsSmtpUtf8(address: string): boolean {
  const at = address.lastIndexOf("@");
  return /[^\x00-\x7f]/.test(at >= 0 ? address.slice(0, at) : address);
}
