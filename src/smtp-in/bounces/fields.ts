// What the parsers hand the classifier, and the "Name: value" field reading
// that DSNs (RFC 3464), feedback reports (RFC 5965) and many MTAs' own
// formats share.

export interface Found {
  /** The recipient, as written, without angle brackets. */
  address: string;
  /** RFC 3464 Original-Recipient, when the report gives one (the address as the sender wrote it). */
  original?: string;
  /** RFC 3464 Action ("failed", "delayed", "delivered"…), lower case, when stated. */
  action?: string;
  /** RFC 3464 Status, when stated (or a format's own code, e.g. qmail's "#5.1.1"). */
  status?: string | null;
  /** The remote MTA's text (Diagnostic-Code, or the text a format quotes). */
  diagnostic?: string | null;
  remoteMta?: string | null;
  /** More of the report's words about this recipient (a DSN's human-readable part), for the SMTP command answered. */
  context?: string | null;
  replyCode?: string | null;
  /** Host names involved (remote and reporting MTA), for providers' own codes. */
  hosts?: string;
  /** The format says the failure is a delay notice (a warning, will retry). */
  delayed?: boolean;
  /** The format says the failure is for good (e.g. "This is a permanent error"). */
  permanent?: boolean;
  /** A mailing list's notice that it refused the post (index.ts listRefusal): the list's policy, whatever its words. */
  listRefusal?: boolean;
}

export interface Field {
  /** Lower-case name. */
  name: string;
  value: string;
  /** Which blank-line-separated block it is in (0-based). */
  block: number;
}

const FIELD = /^([A-Za-z][A-Za-z0-9-]*)[ \t]*:[ \t]*(.*)$/;

/** "Name: value" lines with their continuation lines unfolded; other lines are skipped. */
export function readFields(text: string): Field[] {
  const out: Field[] = [];
  let last: Field | null = null;
  let block = 0;
  let blockHasFields = false;
  for (const line of text.split("\n")) {
    if (line.trim() === "") {
      last = null;
      if (blockHasFields) block++;
      blockHasFields = false;
      continue;
    }
    const c = line.charCodeAt(0);
    if ((c === 32 || c === 9) && last) {
      last.value += " " + line.trim();
      continue;
    }
    const m = FIELD.exec(line);
    if (m) {
      last = { name: m[1]!.toLowerCase(), value: m[2]!.trim(), block };
      out.push(last);
      blockHasFields = true;
    } else {
      last = null;
    }
  }
  return out;
}

/** "rfc822; <ada@example.org>" → "ada@example.org" (the address type and brackets removed). */
export function addressValue(value: string): string {
  let v = value.trim();
  const semi = v.indexOf(";");
  if (semi >= 0 && semi < 12) v = v.slice(semi + 1).trim();
  const m = /<([^<>\s]+@[^<>\s]+)>/.exec(v);
  if (m) return m[1]!;
  v = v.replace(/^<|>$/g, "");
  // a quoted local part stays as written ("anna.kowalska."@example.org: RFC 5321 quotes a trailing dot); quotes around the whole go
  if (/^"[^"]*"@[^"\s]+$/.test(v)) return v;
  return v.replace(/^["']|["']$/g, "").trim();
}

/** "dns; mx.example.org" → "mx.example.org". */
export function typedValue(value: string): string {
  const semi = value.indexOf(";");
  return (semi >= 0 && semi < 12 ? value.slice(semi + 1) : value).trim();
}

const ADDRESS = /[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*/;
const ADDRESS_AT = new RegExp(ADDRESS.source, "y");
const LOCAL = new Set([..."!#$%&'*+/=?^_`{|}~.-"].map((c) => c.charCodeAt(0)));
const isLocal = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || LOCAL.has(c);

/**
 * The addresses of a text, in order: what a scan with ADDRESS finds, tried only where one can begin — the local
 * part before each "@" (from the end of the last match). A scan tried every character of a long run with no "@"
 * after it, each to the run's end: 25 s for a 200 KB line of letters in a report.
 */
function* addressesIn(text: string): Generator<string> {
  let from = 0;
  for (let at = text.indexOf("@"); at !== -1; at = text.indexOf("@", at + 1)) {
    if (at < from) continue;
    let start = at;
    while (start > from && isLocal(text.charCodeAt(start - 1))) start--;
    if (start === at) continue;
    ADDRESS_AT.lastIndex = start;
    const m = ADDRESS_AT.exec(text);
    if (!m) continue;
    from = start + m[0].length;
    let address = m[0];
    // a link carrying an address ("https://host/verify?u=ana@…"): the address is the query's value, not the URL
    if (address[0] === "/" || text.charCodeAt(start - 1) === 58) address = address.slice(Math.max(...[..."/?=&"].map((c) => address.lastIndexOf(c, address.indexOf("@")))) + 1);
    if (address[0] === "@") continue;
    yield address.replace(/^[.]+|[.]+$/g, "");
  }
}

/** The first e-mail address in a text, or null. */
export function firstAddress(text: string): string | null {
  for (const a of addressesIn(text)) return a;
  return null;
}

/** Every e-mail address in a text, in order. */
export function allAddresses(text: string): string[] {
  return [...addressesIn(text)];
}

export const ADDRESS_SOURCE = ADDRESS.source;
