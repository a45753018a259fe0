// A small, bounded MIME walker for reading reports (bounces, complaints,
// auto-replies): it runs on every inbound message, so it does only what the
// classifier needs and caps the work a hostile message can cause.
//
// - The raw bytes are read as a "binary string" (one char per byte, latin1),
//   line ends made LF (CRLF, CR and LF all occur), and only the first
//   MAX_RAW bytes are looked at: a report's own text is at the top, the
//   returned original (which can be huge) comes last.
// - Headers are unfolded; values stay raw (decodeWords / headerText decode
//   RFC 2047 encoded words and 8-bit UTF-8).
// - multipart/* is split on its boundary (nesting at most MAX_DEPTH, at most
//   MAX_PARTS parts in all); message/rfc822 and text/rfc822-headers parts (ORIGINAL_TYPES)
//   (the returned original) are read for their headers only, unless the
//   attachment is itself a report (multipart/report).
// - text/* and message/* leaves are transfer-decoded (base64,
//   quoted-printable) and charset-decoded with TextDecoder when their text is
//   first read, and all leaves together get at most MAX_TEXT characters.
//   Other leaves (images, archives) are not decoded at all.

export const MAX_RAW = 1024 * 1024;
export const MAX_TEXT = 256 * 1024;
export const MAX_DEPTH = 10;
export const MAX_PARTS = 200;

export interface Header {
  /** Lower-case name. */
  name: string;
  /** The unfolded value, raw (encoded words and 8-bit bytes as received). */
  value: string;
}

/** Parts that hold a returned or forwarded message, or its headers (RFC 3462, RFC 6533's UTF-8 forms, misspellings seen). */
export const ORIGINAL_TYPES = new Set(["message/rfc822", "message/global", "text/rfc822-headers", "message/rfc822-headers", "text/rfc822-header", "message/global-headers"]);

export interface Entity {
  headers: Header[];
  /** Lower-case "type/subtype"; text/plain when absent. */
  type: string;
  params: Record<string, string>;
  /** Decoded text of a leaf (text/*, message/* that is not parsed further). */
  text: string;
  /** A multipart's parts, or the one message inside message/rfc822. */
  parts: Entity[];
}

interface Budget {
  text: number;
  parts: number;
}

/** Reads a message (bytes or text) into its entity tree. Never throws on malformed input. */
export function parseMessage(raw: Uint8Array | string): Entity {
  const budget: Budget = { text: MAX_TEXT, parts: MAX_PARTS };
  return parseEntity(toBinary(raw), 0, budget, "text/plain");
}

function toBinary(raw: Uint8Array | string): string {
  let s: string;
  if (typeof raw === "string") {
    const clipped = raw.length > MAX_RAW ? raw.slice(0, MAX_RAW) : raw;
    // text given as a string is taken as Unicode: its non-ASCII characters become UTF-8 bytes
    s = /[^\x00-\x7f]/.test(clipped) ? latin1(new TextEncoder().encode(clipped)) : clipped;
  } else {
    s = latin1(raw.length > MAX_RAW ? raw.subarray(0, MAX_RAW) : raw);
  }
  return s.indexOf("\r") >= 0 ? s.replace(/\r\n?/g, "\n") : s;
}

function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
}

const HEADER_LINE = /^[!-9;-~]+[ \t]*:/;

/** Splits a header block off the front of `s`: the headers and where the body starts. */
export function splitHeaders(s: string): { headers: Header[]; body: string } {
  const headers: Header[] = [];
  let pos = 0;
  // an mbox "From " separator line before the headers
  if (s.startsWith("From ")) {
    const nl = s.indexOf("\n");
    pos = nl < 0 ? s.length : nl + 1;
  }
  let current: Header | null = null;
  while (pos < s.length) {
    let nl = s.indexOf("\n", pos);
    if (nl < 0) nl = s.length;
    const line = s.slice(pos, nl);
    if (line === "") {
      pos = nl + 1;
      break;
    }
    const c = line.charCodeAt(0);
    if ((c === 32 || c === 9) && current) {
      current.value += " " + line.trim();
    } else if (HEADER_LINE.test(line)) {
      const colon = line.indexOf(":");
      current = { name: line.slice(0, colon).trim().toLowerCase(), value: line.slice(colon + 1).trim() };
      headers.push(current);
    } else {
      // not a header line: the header block ended without its blank line
      break;
    }
    pos = nl + 1;
  }
  return { headers, body: pos >= s.length ? "" : s.slice(pos) };
}

/** The first value of a header, raw, or null. */
export function header(e: Entity | { headers: Header[] }, name: string): string | null {
  for (const h of e.headers) if (h.name === name) return h.value;
  return null;
}

/** Every value of a header, raw, in order. */
export function headers(e: Entity | { headers: Header[] }, name: string): string[] {
  const out: string[] = [];
  for (const h of e.headers) if (h.name === name) out.push(h.value);
  return out;
}

/** The first value of a header, decoded (encoded words, 8-bit UTF-8), or null. */
export function headerText(e: Entity | { headers: Header[] }, name: string): string | null {
  const v = header(e, name);
  return v === null ? null : decodeWords(v);
}

/** Parses "type/subtype; a=b; c="d"" into its lower-case type and its parameters. */
export function parseContentType(value: string | null): { type: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  if (!value) return { type: "", params };
  const semi = value.indexOf(";");
  const type = (semi < 0 ? value : value.slice(0, semi)).trim().toLowerCase();
  if (semi >= 0) {
    const re = /;\s*([^=;\s]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"?|([^;\s]*))/g;
    let m: RegExpExecArray | null;
    const rest = value.slice(semi);
    while ((m = re.exec(rest))) {
      const key = m[1]!.toLowerCase().replace(/\*\d*\*?$/, "");
      const val = m[2] !== undefined ? m[2].replace(/\\(.)/g, "$1") : m[3]!;
      params[key] = key in params && /\*\d+\*?$/.test(m[1]!) ? params[key] + val : val;
    }
  }
  return { type, params };
}

function parseEntity(s: string, depth: number, budget: Budget, defaultType: string): Entity {
  budget.parts--;
  const { headers: hs, body } = splitHeaders(s);
  const ct = parseContentType(header({ headers: hs }, "content-type"));
  const type = ct.type.includes("/") ? ct.type : defaultType;
  const entity: Entity = { headers: hs, type, params: ct.params, text: "", parts: [] };
  const cte = (header({ headers: hs }, "content-transfer-encoding") ?? "").trim().toLowerCase();

  if (type.startsWith("multipart/") && ct.params.boundary && depth < MAX_DEPTH) {
    const childDefault = type === "multipart/digest" ? "message/rfc822" : "text/plain";
    const chunks = splitMultipart(body, ct.params.boundary);
    if (chunks === null) {
      // no delimiter found: read the body as text (some reports name a boundary they never use)
      entity.text = leafText(body, cte, ct.params.charset, budget);
    } else {
      for (const chunk of chunks) {
        if (budget.parts <= 0) break;
        entity.parts.push(parseEntity(chunk, depth + 1, budget, childDefault));
      }
    }
    return entity;
  }
  if (ORIGINAL_TYPES.has(type) && depth < MAX_DEPTH && budget.parts > 0) {
    // the returned original: only its headers matter (Message-ID, To:, From:),
    // so its body is neither split nor decoded
    const inner = cte === "base64" || cte === "quoted-printable" ? transferDecode(body.slice(0, 64 * 1024), cte) : body;
    const { headers: innerHeaders } = splitHeaders(inner.replace(/^\n+/, ""));
    const innerType = parseContentType(header({ headers: innerHeaders }, "content-type"));
    // except a report forwarded as an attachment, which is read whole
    if (innerType.type === "multipart/report") {
      entity.parts.push(parseEntity(inner.replace(/^\n+/, ""), depth + 1, budget, "text/plain"));
      return entity;
    }
    budget.parts--;
    entity.parts.push({ headers: innerHeaders, type: innerType.type.includes("/") ? innerType.type : "text/plain", params: innerType.params, text: "", parts: [] });
    return entity;
  }
  if (type.startsWith("text/") || type.startsWith("message/") || type === "application/json" || type.startsWith("multipart/")) {
    // decoded when first read: most parts (an HTML twin, the original's text) never are
    let text: string | null = null;
    Object.defineProperty(entity, "text", { get: () => (text ??= leafText(body, cte, ct.params.charset, budget)), enumerable: true });
  }
  return entity;
}

/** The parts between a multipart's delimiters, or null when there is no delimiter at all. */
function splitMultipart(body: string, boundary: string): string[] | null {
  const marker = `--${boundary}`;
  const parts: string[] = [];
  let from = -1;
  for (let d = delimiterLine(body, marker, 0); d; d = delimiterLine(body, marker, d.end)) {
    if (from >= 0) parts.push(body.slice(from, Math.max(from, d.start - 1)));
    if (d.closing || parts.length >= MAX_PARTS) return parts;
    from = d.end + 1;
  }
  if (from < 0) return null;
  if (from < body.length) parts.push(body.slice(from));
  return parts;
}

const isBlank = (c: string | undefined) => c === " " || c === "\t";
const isLineEnd = (c: string | undefined) => c === "\n" || c === "\r" || c === "\u2028" || c === "\u2029";

/**
 * The next delimiter line at or after `at`: the marker alone on its line, "--" after it
 * for the closing one; some MTAs indent it or add trailing blanks. Found with indexOf:
 * JSC tries a /^…$/m pattern at every position of the body, not at line starts.
 */
function delimiterLine(body: string, marker: string, at: number): { start: number; end: number; closing: boolean } | null {
  for (let i = body.indexOf(marker, at); i !== -1; i = body.indexOf(marker, i + 1)) {
    let start = i;
    while (start > at && isBlank(body[start - 1])) start--;
    if (start > 0 && !isLineEnd(body[start - 1])) continue;
    const closing = body.startsWith("--", i + marker.length);
    let tail = i + marker.length + (closing ? 2 : 0);
    while (isBlank(body[tail])) tail++;
    // anything else on the line ("--boundaryX", "--boundary--x"): not a delimiter
    if (tail < body.length && !isLineEnd(body[tail])) continue;
    return { start, end: tail, closing };
  }
  return null;
}

function leafText(body: string, cte: string, charset: string | undefined, budget: Budget): string {
  if (budget.text <= 0 || body === "") return "";
  // quoted-printable and base64 take at most ~3 input bytes per output byte
  const input = body.length > budget.text * 3 ? body.slice(0, budget.text * 3) : body;
  const decoded = decodeCharset(transferDecode(input, cte), charset);
  const text = decoded.length > budget.text ? decoded.slice(0, budget.text) : decoded;
  budget.text -= text.length;
  return text.indexOf("\r") >= 0 ? text.replace(/\r\n?/g, "\n") : text;
}

/** Undoes a Content-Transfer-Encoding; the result is a binary string. */
export function transferDecode(body: string, cte: string): string {
  if (cte === "base64") return Buffer.from(body.replace(/[^A-Za-z0-9+/]/g, ""), "base64").toString("latin1");
  if (cte === "quoted-printable") return decodeQuotedPrintable(body);
  return body;
}

function decodeQuotedPrintable(s: string): string {
  if (s.indexOf("=") < 0) return s;
  return s.replace(/[ \t]+(?=\n|$)/g, "").replace(/=(?:\n|([0-9A-Fa-f]{2}))/g, (_, hex: string | undefined) => (hex ? String.fromCharCode(parseInt(hex, 16)) : ""));
}

const decoders = new Map<string, TextDecoder | null>();

function decoderFor(charset: string): TextDecoder | null {
  let d = decoders.get(charset);
  if (d === undefined) {
    try {
      // any IANA label: an unknown one throws and is remembered as such
      d = new TextDecoder(charset as ConstructorParameters<typeof TextDecoder>[0]);
    } catch {
      d = null;
    }
    decoders.set(charset, d);
  }
  return d;
}

const utf8Fatal = new TextDecoder("utf-8", { fatal: true });

/**
 * Turns a binary string into text by its charset. Without a charset (or with
 * an unknown one), valid UTF-8 is read as UTF-8 and anything else is left
 * byte-for-byte (latin1).
 */
export function decodeCharset(binary: string, charset: string | undefined): string {
  const cs = (charset ?? "").trim().toLowerCase().replace(/^"|"$/g, "");
  // 7-bit text needs no decoding, except for ISO-2022 (escape sequences) and UTF-7/16
  const ascii = !/[^\x00-\x7f]/.test(binary);
  if (ascii && !cs.startsWith("iso-2022") && !cs.startsWith("utf-16") && !cs.startsWith("utf-7")) return binary;
  const bytes = Buffer.from(binary, "latin1");
  if (cs && cs !== "us-ascii" && cs !== "utf-8" && cs !== "utf8") {
    const d = decoderFor(cs);
    if (d) return d.decode(bytes);
  }
  try {
    return utf8Fatal.decode(bytes);
  } catch {
    return binary;
  }
}

/** Decodes RFC 2047 encoded words and raw 8-bit UTF-8 in a header value. */
export function decodeWords(value: string): string {
  let v = value;
  if (v.indexOf("=?") >= 0) {
    // adjacent words of one charset are decoded together: a multi-byte
    // character may be split between two of them
    v = v.replace(/(?:=\?[^?\s]+\?[BbQq]\?[^?\s]*\?=\s*)+/g, (run: string) => {
      let out = "";
      let charset = "";
      let binary = "";
      for (const m of run.matchAll(/=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g)) {
        const cs = m[1]!.replace(/\*.*$/, "").toLowerCase();
        const data = m[2] === "B" || m[2] === "b" ? transferDecode(m[3]!, "base64") : m[3]!.replace(/_/g, " ").replace(/=([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
        if (cs !== charset && binary) {
          out += decodeCharset(binary, charset);
          binary = "";
        }
        charset = cs;
        binary += data;
      }
      out += decodeCharset(binary, charset);
      return /\s$/.test(run) ? out + " " : out;
    });
  }
  return /[^\x00-\x7f]/.test(v) && !/[^\x00-\xff]/.test(v) ? decodeCharset(v, undefined) : v;
}

/** Every entity of the tree, depth first (the entity itself first). */
export function walk(e: Entity, out: Entity[] = []): Entity[] {
  out.push(e);
  for (const p of e.parts) walk(p, out);
  return out;
}
