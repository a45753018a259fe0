// DKIM signing (RFC 6376) with every key of the sending domain at once: an
// RSA-2048 key (rsa-sha256, which every verifier knows) and an Ed25519 key
// (ed25519-sha256, RFC 8463, for those that prefer it); both DKIM-Signature
// headers are prepended, each verifiable alone.
//
// relaxed/relaxed canonicalisation. Signed: the headers that say who and what
// (From, To, Cc, Reply-To, Subject, Date, Message-ID), the MIME structure
// (MIME-Version, Content-Type, Content-Transfer-Encoding), one-click
// unsubscribe (List-Unsubscribe, List-Unsubscribe-Post) and the threading and
// list headers a caller may add. The singletons among them are oversigned: h=
// names them once more than they occur, so a second From (or a Cc, Reply-To,
// List-Unsubscribe… added later) breaks the signature instead of riding on it.
//
// Why not mailauth's dkimSign: it cannot oversign, and it signs synchronously
// with node:crypto, which under Bun signs RSA about half as fast as Node; the
// canonical forms are computed here and signed with WebCrypto, whose signing
// runs off the event loop with several messages in flight (scripts/bench/dkim.ts
// measures both, docs/benchmarks.md has the figures). Verified in tests by
// mailauth and by dkimpy (python3-dkim), against keys served over DNS.
import { createHash, createPrivateKey } from "node:crypto";
import { domainToASCII } from "node:url";

export type DkimAlgorithm = "rsa-sha256" | "ed25519-sha256";

export interface SigningKey {
  selector: string;
  algorithm: DkimAlgorithm;
  /** PKCS#8 PEM ("-----BEGIN PRIVATE KEY-----"); PKCS#1 RSA PEM is accepted too. */
  privateKey: string;
}

export interface SigningKeys {
  domain: string;
  keys: SigningKey[];
}

export interface SignOptions {
  /** The signing time (t=), ms since the epoch; default now. */
  now?: number;
}

/** Header fields signed when present, in h= order (lower-case). */
export const SIGNED_HEADERS = [
  "from",
  "to",
  "cc",
  "reply-to",
  "subject",
  "date",
  "message-id",
  "mime-version",
  "content-type",
  "content-transfer-encoding",
  "list-unsubscribe",
  "list-unsubscribe-post",
  "in-reply-to",
  "references",
  "list-id",
  "list-help",
  "list-subscribe",
  "list-post",
  "list-owner",
  "list-archive",
  "feedback-id",
] as const;

/** Fields a message has at most once: named once more in h= than they occur (also when absent). */
export const OVERSIGNED_HEADERS: ReadonlySet<string> = new Set([
  "from",
  "to",
  "cc",
  "reply-to",
  "subject",
  "date",
  "message-id",
  "mime-version",
  "content-type",
  "list-unsubscribe",
  "list-unsubscribe-post",
]);

const SELECTOR = /^[a-z0-9](?:[a-z0-9_-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9_-]*[a-z0-9])?)*$/i;

/** One signature to make: the bytes to sign and the header they belong to. */
export interface PreparedSignature {
  key: SigningKey;
  /** The DKIM-Signature header without its b= value, folded, ending in "b=". */
  template: string;
  /** The canonicalised headers and signature header (what RSA signs; Ed25519 signs its SHA-256). */
  data: Uint8Array<ArrayBuffer>;
}

export interface PreparedMessage {
  raw: Uint8Array;
  signatures: PreparedSignature[];
}

interface Field {
  /** lower-case name */
  name: string;
  /** the field as it stands, folds included, without the final CRLF (latin1: one char per byte) */
  raw: string;
}

const BARE_LINE_BREAK = /\r(?!\n)|(?<!\r)\n/;

/**
 * Everything but the signing itself, synchronously: body hash, the h= list and
 * the canonical bytes of each signature. Exported for the benchmark.
 */
export function prepareSignatures(raw: Uint8Array, keys: SigningKeys, opts: SignOptions = {}): PreparedMessage {
  const domain = domainToASCII(keys.domain.trim().replace(/\.$/, ""));
  if (!domain) throw new Error(`DKIM: not a domain name: ${JSON.stringify(keys.domain)}`);
  // never hand back an unsigned message as if it were signed
  if (keys.keys.length === 0) throw new Error(`DKIM: no keys for ${domain}`);
  const buf = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  const split = buf.indexOf("\r\n\r\n");
  const headerEnd = split < 0 ? buf.length : split + 2;
  const head = buf.toString("latin1", 0, headerEnd);
  const body = split < 0 ? "" : buf.toString("latin1", split + 4);
  if (BARE_LINE_BREAK.test(head) || BARE_LINE_BREAK.test(body)) throw new Error("DKIM: the message has a line break that is not CRLF");

  const fields = parseFields(head);
  const bh = createHash("sha256").update(relaxedBody(body), "latin1").digest("base64");
  const h = signedNames(fields);
  const canonicalHeaders = canonicalFields(fields, h);
  const t = Math.floor((opts.now ?? Date.now()) / 1000);

  const signatures = keys.keys.map((key) => {
    if (!SELECTOR.test(key.selector)) throw new Error(`DKIM: not a selector: ${JSON.stringify(key.selector)}`);
    const template = signatureTemplate([`v=1`, `a=${key.algorithm}`, `c=relaxed/relaxed`, `d=${domain}`, `s=${key.selector}`, `t=${t}`], h, bh);
    const data = Buffer.from(canonicalHeaders + relaxedField(template), "latin1");
    return { key, template, data };
  });
  return { raw, signatures };
}

/** The message with one DKIM-Signature header per key prepended (the first key's on top). */
export async function signMessage(raw: Uint8Array, keys: SigningKeys, opts: SignOptions = {}): Promise<Uint8Array> {
  const prepared = prepareSignatures(raw, keys, opts);
  const values = await Promise.all(prepared.signatures.map((s) => signWithWebCrypto(s)));
  return assemble(prepared, values);
}

/** Prepends the signature headers, given each signature's base64 b= value. */
export function assemble(prepared: PreparedMessage, values: string[]): Uint8Array {
  const headers = prepared.signatures.map((s, i) => s.template + foldBase64(values[i]!) + "\r\n").join("");
  const head = Buffer.from(headers, "latin1");
  const out = new Uint8Array(head.length + prepared.raw.length);
  out.set(head, 0);
  out.set(prepared.raw, head.length);
  return out;
}

// --- signing --------------------------------------------------------------

const WEBCRYPTO: Record<DkimAlgorithm, { name: string; hash?: string }> = {
  "rsa-sha256": { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" },
  "ed25519-sha256": { name: "Ed25519" },
};
const KEY_TYPE: Record<DkimAlgorithm, string> = { "rsa-sha256": "rsa", "ed25519-sha256": "ed25519" };

// Imported keys by PEM: importing costs more than signing. Bounded, oldest out.
const keyCache = new Map<string, Promise<CryptoKey>>();
const KEY_CACHE_SIZE = 512;

function cryptoKey(key: SigningKey): Promise<CryptoKey> {
  const id = `${key.algorithm}\0${key.privateKey}`;
  let k = keyCache.get(id);
  if (!k) {
    const parsed = createPrivateKey(key.privateKey);
    if (parsed.asymmetricKeyType !== KEY_TYPE[key.algorithm]) {
      throw new Error(`DKIM: selector ${key.selector} is ${key.algorithm} but its key is ${parsed.asymmetricKeyType}`);
    }
    const der = parsed.export({ type: "pkcs8", format: "der" });
    k = crypto.subtle.importKey("pkcs8", der, WEBCRYPTO[key.algorithm], false, ["sign"]);
    k.catch(() => keyCache.delete(id));
    if (keyCache.size >= KEY_CACHE_SIZE) keyCache.delete(keyCache.keys().next().value!);
    keyCache.set(id, k);
  }
  return k;
}

async function signWithWebCrypto(s: PreparedSignature): Promise<string> {
  const key = await cryptoKey(s.key);
  // RFC 8463 §3: Ed25519 signs the SHA-256 of the canonical data (PureEdDSA over the hash)
  const input = s.key.algorithm === "ed25519-sha256" ? createHash("sha256").update(s.data).digest() : s.data;
  return Buffer.from(await crypto.subtle.sign(WEBCRYPTO[s.key.algorithm], key, input)).toString("base64");
}

// --- canonicalisation (RFC 6376 §3.4.2, §3.4.4) ----------------------------

function parseFields(head: string): Field[] {
  const fields: Field[] = [];
  for (const raw of head.replace(/\r\n$/, "").split(/\r\n(?![ \t])/)) {
    const colon = raw.indexOf(":");
    if (colon <= 0) continue; // not a field (a stray fold at the very top): never signed
    fields.push({ name: asciiLower(raw.slice(0, colon).replace(/[ \t]+$/, "")), raw });
  }
  return fields;
}

/** h=: each signed field as many times as it occurs, the singletons once more. */
function signedNames(fields: Field[]): string[] {
  const count = new Map<string, number>();
  for (const f of fields) count.set(f.name, (count.get(f.name) ?? 0) + 1);
  const h: string[] = [];
  for (const name of SIGNED_HEADERS) {
    const n = (count.get(name) ?? 0) + (OVERSIGNED_HEADERS.has(name) ? 1 : 0);
    for (let i = 0; i < n; i++) h.push(name);
  }
  return h;
}

/** The fields h= names, each name taking the next instance from the bottom; a name with none left adds nothing. */
function canonicalFields(fields: Field[], h: string[]): string {
  const used = new Set<number>();
  let out = "";
  for (const name of h) {
    for (let i = fields.length - 1; i >= 0; i--) {
      if (used.has(i) || fields[i]!.name !== name) continue;
      used.add(i);
      out += relaxedField(fields[i]!.raw) + "\r\n";
      break;
    }
  }
  return out;
}

/** relaxed header canonicalisation of one field, without the CRLF. */
function relaxedField(raw: string): string {
  const unfolded = raw.replace(/\r\n/g, "");
  const colon = unfolded.indexOf(":");
  const name = asciiLower(unfolded.slice(0, colon).replace(/[ \t]+$/, ""));
  const value = unfolded
    .slice(colon + 1)
    .replace(/[ \t]+/g, " ")
    .replace(/^ | $/g, "");
  return `${name}:${value}`;
}

/** relaxed body canonicalisation: WSP runs → one SP, none at line ends, no empty lines at the end. */
export function relaxedBody(body: string): string {
  if (body === "") return "";
  // a lone SP is its own run: only tabs and longer runs are rewritten (a
  // replacement per space of a 10 KB body cost more than the hash)
  let s = WSP_TO_REWRITE.test(body) ? body.replace(WSP_TO_REWRITE_G, " ") : body;
  if (s.includes(" \r\n")) s = s.replace(/ \r\n/g, "\r\n");
  if (s.endsWith(" ")) s = s.slice(0, -1);
  // the empty lines at the end, walked back from the end (a /(?:\r\n)+$/ tries every position)
  let end = s.length;
  while (end >= 2 && s.charCodeAt(end - 1) === 0x0a && s.charCodeAt(end - 2) === 0x0d) end -= 2;
  return end === 0 ? "" : s.slice(0, end) + "\r\n";
}

const WSP_TO_REWRITE = /[ \t]{2,}|\t/;
const WSP_TO_REWRITE_G = /[ \t]{2,}|\t/g;

const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));

// --- the header ------------------------------------------------------------

const LINE = 76;

/** "DKIM-Signature: v=1; a=…; …; h=a:b:…; bh=…;\r\n\tb=", folded under 78 columns. */
function signatureTemplate(tags: string[], h: string[], bh: string): string {
  let out = "DKIM-Signature:";
  let line = out.length;
  const put = (piece: string, sep: string) => {
    if (line + sep.length + piece.length > LINE) {
      out += "\r\n\t" + piece;
      line = 1 + piece.length;
    } else {
      out += sep + piece;
      line += sep.length + piece.length;
    }
  };
  for (const tag of tags) put(`${tag};`, " ");
  // h= folds between names (FWS is allowed around its colons)
  h.forEach((name, i) => put(`${i === 0 ? "h=" : ""}${name}${i === h.length - 1 ? ";" : ":"}`, i === 0 ? " " : ""));
  put(`bh=${bh};`, " ");
  return out + "\r\n\tb=";
}

/** The b= value, folded (FWS inside b= is ignored by verifiers). */
function foldBase64(b64: string): string {
  const first = LINE - 3; // after "\tb="
  let out = b64.slice(0, first);
  for (let i = first; i < b64.length; i += LINE - 1) out += "\r\n\t" + b64.slice(i, i + LINE - 1);
  return out;
}
