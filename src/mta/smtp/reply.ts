// SMTP replies as they arrive (RFC 5321 §4.2): "250-first line", "250 last
// line", a reply being all lines up to the one whose code is followed by a
// space. Kept verbatim (the evidence a delivery records), with the RFC 3463
// enhanced status code read from its first line.

export interface Reply {
  code: number;
  /** RFC 3463 class.subject.detail (e.g. "5.1.1") when the first line starts with one of the reply's class. */
  enhanced: string | null;
  /** The text of each line, without code and separator. */
  lines: string[];
  /** The reply as received, its lines joined by "\n" (CR dropped). */
  raw: string;
}

/** Bounds a peer cannot push us past: one reply's size and line count. */
const MAX_REPLY_BYTES = 64 * 1024;
const MAX_REPLY_LINES = 512;

export class ReplyError extends Error {}

const decoder = new TextDecoder("utf-8");

/** Reads replies out of the bytes a server sends; throws ReplyError on a malformed or oversized reply. */
export class ReplyParser {
  private buffer: Buffer = Buffer.alloc(0);
  private lines: string[] = [];
  private rawLines: string[] = [];
  private size = 0;

  /** The complete replies in `chunk` (and what came before it). */
  push(chunk: Buffer): Reply[] {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    const replies: Reply[] = [];
    let start = 0;
    for (let nl = this.buffer.indexOf(0x0a, start); nl >= 0; nl = this.buffer.indexOf(0x0a, start)) {
      const end = nl > start && this.buffer[nl - 1] === 0x0d ? nl - 1 : nl;
      const line = decoder.decode(this.buffer.subarray(start, end));
      start = nl + 1;
      const reply = this.line(line);
      if (reply) replies.push(reply);
    }
    this.buffer = this.buffer.subarray(start);
    if (this.size + this.buffer.length > MAX_REPLY_BYTES) throw new ReplyError(`a reply longer than ${MAX_REPLY_BYTES} bytes`);
    return replies;
  }

  /** Forgets everything buffered (RFC 3207 §6: nothing received before TLS carries over). */
  reset(): number {
    const dropped = this.buffer.length + this.size;
    this.buffer = Buffer.alloc(0);
    this.lines = [];
    this.rawLines = [];
    this.size = 0;
    return dropped;
  }

  private line(line: string): Reply | null {
    const m = /^(\d{3})([ -]?)(.*)$/s.exec(line);
    if (!m || (m[2] === "" && m[3] !== "")) throw new ReplyError(`not an SMTP reply line: ${JSON.stringify(line.slice(0, 80))}`);
    this.lines.push(m[3]!);
    this.rawLines.push(line);
    this.size += line.length + 1;
    if (this.size > MAX_REPLY_BYTES || this.lines.length > MAX_REPLY_LINES) throw new ReplyError("a reply too long");
    if (m[2] === "-") return null;
    const code = Number(m[1]);
    const reply: Reply = { code, enhanced: enhancedCode(code, this.lines[0]!), lines: this.lines, raw: this.rawLines.join("\n") };
    this.lines = [];
    this.rawLines = [];
    this.size = 0;
    return reply;
  }
}

/** RFC 3463 status at the start of `text`, only when its class matches the reply code's. */
export function enhancedCode(code: number, text: string): string | null {
  const m = /^([245])\.(\d{1,3})\.(\d{1,3})(?=\s|$)/.exec(text);
  return m && m[1] === String(code)[0] ? `${m[1]}.${m[2]}.${m[3]}` : null;
}

/** The reply's words without codes, one line: what classifiers read. */
export const replyText = (r: Reply) => r.lines.join(" ").trim();
