// The top-level header fields of a received message, read once at acceptance
// (From, To, Subject, Message-ID, In-Reply-To are stored with it) without a
// full MIME parse: the listener answers 250 only after its commit, so this
// runs on the hot path.
import { createHash } from "node:crypto";

/** Headers longer than this are not read further (a hostile message cannot make us scan megabytes). */
const HEADER_LIMIT = 256 * 1024;
const utf8 = new TextDecoder("utf-8", { fatal: true });
// what mail clients assume of raw 8-bit header bytes that are not UTF-8 (RFC 6532 allows only UTF-8)
const cp1252 = new TextDecoder("windows-1252");

/** Where the body starts (after the first empty line), or the message's length when there is none. */
export function bodyOffset(raw: Uint8Array): number {
  const n = Math.min(raw.length, HEADER_LIMIT);
  for (let i = 0; i < n; i++) {
    if (raw[i] !== 0x0a) continue;
    if (raw[i + 1] === 0x0a) return i + 2;
    if (raw[i + 1] === 0x0d && raw[i + 2] === 0x0a) return i + 3;
  }
  return raw.length;
}

/** The header fields by lower-case name, unfolded, each occurrence in order. */
export function readHeaders(raw: Uint8Array): Map<string, string[]> {
  const text = decodeHeaderBlock(raw.subarray(0, Math.min(bodyOffset(raw), HEADER_LIMIT)));
  const fields = new Map<string, string[]>();
  let name: string | null = null;
  let value = "";
  const end = () => {
    if (name === null) return;
    const list = fields.get(name);
    if (list) list.push(value.trim());
    else fields.set(name, [value.trim()]);
  };
  for (const line of text.split(/\r?\n/)) {
    if (line === "") break;
    if ((line[0] === " " || line[0] === "\t") && name !== null) {
      value += ` ${line.trim()}`;
      continue;
    }
    end();
    const colon = line.indexOf(":");
    name = colon > 0 ? line.slice(0, colon).trim().toLowerCase() : null;
    value = colon > 0 ? line.slice(colon + 1) : "";
  }
  end();
  return fields;
}

/** UTF-8; when some line is not, that line alone as Windows-1252 (an old mailer's raw Latin-1 subject). */
function decodeHeaderBlock(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    const lines: string[] = [];
    let start = 0;
    for (let i = 0; i <= bytes.length; i++) {
      if (i < bytes.length && bytes[i] !== 0x0a) continue;
      const line = bytes.subarray(start, i);
      try {
        lines.push(utf8.decode(line));
      } catch {
        lines.push(cp1252.decode(line));
      }
      start = i + 1;
    }
    return lines.join("\n");
  }
}

/** The first `<…>` of a Message-ID-like field, without the brackets; null when there is none. */
export function messageIdOf(value: string | undefined): string | null {
  if (!value) return null;
  const m = /<([^<>\s]{1,500})>/.exec(value);
  return m ? m[1]! : /^[^<>\s@]{1,250}@[^<>\s@]{1,250}$/.test(value.trim()) ? value.trim() : null;
}

/**
 * What makes two copies of one message the same (stored once): its Message-ID
 * and the hash of its body, line endings normalised (a retry after a lost 250
 * sends the same bytes; an IMAP copy of it has other trace headers but the same
 * body). Without a Message-ID, the hash of the whole message.
 */
export function dedupeKey(raw: Uint8Array, messageId: string | null): string {
  const part = messageId ? raw.subarray(bodyOffset(raw)) : raw;
  const normalised = Buffer.from(part).toString("latin1").replace(/\r\n?/g, "\n").replace(/\s+$/, "");
  const hash = createHash("sha256").update(normalised, "latin1").digest("hex");
  return messageId ? `mid:${messageId}:${hash}` : `sha:${hash}`;
}

/**
 * The address of a From-like field, lower-cased (the last `<…@…>`, else the
 * whole value when it is one bare address); null when there is none.
 */
export function addressKeyOf(value: string | null): string | null {
  if (!value) return null;
  const angled = /<([^<>\s@]{1,64}@[^<>\s@]{1,255})>\s*$/.exec(value) ?? /<([^<>\s@]{1,64}@[^<>\s@]{1,255})>/.exec(value);
  const address = angled ? angled[1]! : /^[^<>\s@,;"]{1,64}@[^<>\s@,;"]{1,255}$/.test(value.trim()) ? value.trim() : null;
  return address ? address.toLowerCase() : null;
}
