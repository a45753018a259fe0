// Email address normalisation: a practical RFC 5321 subset (plus UTF-8 local parts,
// RFC 6531), IDNA-encoded domains, and a case-insensitive comparison key.
import { domainToASCII } from 'node:url';
import { addressProblem } from '../../lib/text';

export type EmailProblem =
  | 'empty'
  | 'control_character'
  | 'whitespace'
  | 'missing_at'
  | 'local_part'
  | 'local_part_too_long'
  | 'domain'
  | 'too_long';

export interface NormalizedEmail {
  /** Local part as given (NFC), "@", lower-case ASCII (IDNA) domain. */
  email: string;
  /** Lower-case ASCII domain, e.g. "xn--bcher-kva.example". */
  domain: string;
  localPart: string;
}

export type EmailParse = ({ ok: true } & NormalizedEmail) | { ok: false; reason: EmailProblem; message: string };

export class InvalidEmailError extends Error {
  override readonly name = 'InvalidEmailError';
  readonly code = 'invalid_email';
  constructor(
    readonly reason: EmailProblem,
    message: string,
  ) {
    super(message);
  }
}

const MAX_LOCAL = 64; // RFC 5321 §4.5.3.1.1, octets
const MAX_ADDRESS = 254; // RFC 5321 path limit (256) minus the angle brackets
const MAX_DOMAIN = 253;

// atext, plus any non-ASCII character (RFC 6531 UTF-8 local parts).
const ATEXT = "[A-Za-z0-9!#$%&'*+\\-/=?^_`{|}~\\u{A0}-\\u{10FFFF}]";
const DOT_ATOM = new RegExp(`^${ATEXT}+(?:\\.${ATEXT}+)*$`, 'u');
// qtext or quoted-pair; space is refused earlier, so neither appears here.
const QUOTED = /^"((?:[\x21\x23-\x5b\x5d-\x7e\u{A0}-\u{10FFFF}]|\\[\x21-\x7e])+)"$/u;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

const fail = (reason: EmailProblem, message: string): EmailParse => ({ ok: false, reason, message });

export function parseEmail(input: unknown): EmailParse {
  if (typeof input !== 'string') return fail('empty', 'email must be a string');
  // The address rule (src/lib/text.ts) on the value as given: a control character (CR, LF,
  // NUL, tab…) anywhere is refused, never trimmed (CR/LF is how header and SMTP injection
  // starts), and so are bidi controls (U+202E makes an address display as another one).
  const problem = addressProblem(input);
  if (problem) return fail('control_character', `email ${problem.message}`);
  const value = input.trim();
  if (value === '') return fail('empty', 'email is empty');
  if (/\s/u.test(value)) return fail('whitespace', 'email must not contain spaces');

  const at = value.lastIndexOf('@');
  if (at < 0) return fail('missing_at', 'email must contain "@"');
  const local = localPart(value.slice(0, at).normalize('NFC'));
  if (local === null) return fail('local_part', 'the part before "@" is not a valid local part');
  if (Buffer.byteLength(local) > MAX_LOCAL) {
    return fail('local_part_too_long', `the part before "@" is longer than ${MAX_LOCAL} bytes`);
  }
  const domain = asciiDomain(value.slice(at + 1));
  if (domain === null) return fail('domain', 'the part after "@" is not a valid domain name');
  const email = `${local}@${domain}`;
  if (Buffer.byteLength(email) > MAX_ADDRESS) return fail('too_long', `email is longer than ${MAX_ADDRESS} bytes`);
  return { ok: true, email, domain, localPart: local };
}

/** Throws InvalidEmailError; see parseEmail for a non-throwing form. */
export function normalizeEmail(input: unknown): NormalizedEmail {
  const r = parseEmail(input);
  if (!r.ok) throw new InvalidEmailError(r.reason, r.message);
  return { email: r.email, domain: r.domain, localPart: r.localPart };
}

/** Case-insensitive comparison key: the whole (normalised) address lower-cased. */
export function emailKey(email: string): string {
  return email.toLowerCase();
}

/** Dot-atom as is; a quoted string is unquoted when its content is a dot-atom anyway. */
function localPart(raw: string): string | null {
  if (DOT_ATOM.test(raw)) return raw;
  const m = QUOTED.exec(raw);
  if (!m) return null;
  const unescaped = m[1].replace(/\\(.)/g, '$1');
  return DOT_ATOM.test(unescaped) ? unescaped : raw;
}

// Why: imports check 100,000 addresses over a few domains; domainToASCII costs ~2 µs each.
const domainCache = new Map<string, string | null>();

function asciiDomain(raw: string): string | null {
  const known = domainCache.get(raw);
  if (known !== undefined) return known;
  const ascii = checkDomain(raw);
  if (domainCache.size < 10_000 && raw.length <= MAX_DOMAIN) domainCache.set(raw, ascii);
  return ascii;
}

function checkDomain(raw: string): string | null {
  // Only LDH and non-ASCII go to IDNA: domainToASCII would percent-decode "%41" or accept "_".
  if (raw === '' || /[^A-Za-z0-9.\-\u{80}-\u{10FFFF}]/u.test(raw)) return null;
  const ascii = domainToASCII(raw); // lower-cases, maps (UTS 46) and checks punycode labels
  if (ascii === '' || ascii.length > MAX_DOMAIN) return null;
  const labels = ascii.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return null;
  if (/^[0-9]+$/.test(labels[labels.length - 1])) return null; // IPv4-looking, not a domain
  return ascii;
}
