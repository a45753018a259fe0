// Renders one message to RFC 5322 bytes (CRLF line ends), synchronously.
//
// The headers and parts are nodemailer's MimeNode (the tree MailComposer builds):
// address headers with IDN domains as A-labels and names as encoded words,
// unstructured values RFC 2047-encoded when not ASCII, msg-ids in angle
// brackets, folding at 76, the multipart boundary, the transfer encoding
// (7bit for short ASCII lines, quoted-printable for mostly Latin text, base64
// otherwise). MimeNode only streams its output (one setImmediate per part), so
// the tree is serialised here the way MimeNode.stream does, with nodemailer's
// own qp/base64 encoders; a test checks the bytes equal MailComposer's
// (bodies under 64 KiB; see quotedPrintable).
//
// Shape: text only → one text/plain part; html (with or without text) →
// multipart/alternative of text/plain and text/html, the text generated from
// the HTML when absent (html-text.ts, else html-to-text). Bodies are UTF-8 with CRLF line ends.
//
// Addresses: a domain in Unicode is written as its A-label ("bücher.example" →
// "xn--bcher-kva.example"). A non-ASCII local part cannot be written any other
// way than as UTF-8 (RFC 6532): such an address is kept whole in UTF-8, which
// makes the message need SMTPUTF8 (addresses.ts needsSmtpUtf8).
//
// Every value that reaches a header (names, addresses, subject, caller headers,
// Message-ID, List-Unsubscribe targets) passes headerText (src/lib/text.ts)
// first: a CR, LF, NUL or other control throws HeaderTextError; nothing is
// repaired. Bcc is not an input: blind copies travel in the envelope only.
import { compile } from "html-to-text";
import * as base64 from "nodemailer/lib/base64";
import * as mimeFuncs from "nodemailer/lib/mime-funcs";
import MimeNode from "nodemailer/lib/mime-node";
import * as qp from "nodemailer/lib/qp";
import { headerText } from "../lib/text";
import { CallerHeaderError, callerHeaderProblems } from "./headers";
import { textFromSimpleHtml } from "./html-text";

export interface Mailbox {
  address: string;
  name?: string | null;
}

export interface MessageInput {
  from: Mailbox;
  to: (string | Mailbox)[];
  cc?: (string | Mailbox)[];
  replyTo?: string | Mailbox | null;
  subject: string;
  html?: string | null;
  text?: string | null;
  /** Caller headers from the allow-list (headers.ts); checked again here. */
  headers?: Record<string, string>;
  /** Without angle brackets: `msg_…@example.com` (addresses.ts messageIdFor). */
  messageId: string;
  date: Date;
  /** One-click unsubscribe (RFC 2369, RFC 8058): an http(s) URL and a mailto address (with or without "mailto:"). */
  listUnsubscribe?: { url: string; mailto: string } | null;
}

/** html-to-text's options for the text part (html-text.ts writes the same text for simple HTML). */
export const HTML_TO_TEXT_OPTIONS = {
  wordwrap: 76,
  selectors: [
    // tracking pixels and decorative images say nothing in text
    { selector: "img", format: "skip" },
    { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
    ...["h1", "h2", "h3", "h4", "h5", "h6"].map((selector) => ({ selector, options: { uppercase: false } })),
  ],
};

const htmlToText = compile(HTML_TO_TEXT_OPTIONS);

/** The text/plain alternative of an HTML body: html-text.ts's for simple HTML (the same text, faster), else html-to-text's. */
export function textFromHtml(html: string): string {
  return textFromSimpleHtml(html) ?? htmlToText(html);
}

/** Every line end as CRLF (the common case, LF only or none, without a regex). */
function toCrlf(s: string): string {
  if (s.includes("\r")) return s.replace(/\r\n|\r|\n/g, "\r\n");
  return s.includes("\n") ? s.replaceAll("\n", "\r\n") : s;
}

function mailbox(header: string, m: string | Mailbox): { address: string; name: string } {
  const address = typeof m === "string" ? m : m.address;
  const name = typeof m === "string" ? "" : (m.name ?? "");
  headerText(header, address, "address");
  if (!address.includes("@")) throw new Error(`${header}: not an address: ${JSON.stringify(address)}`);
  return { address, name: headerText(header, name) };
}

/** The message as bytes, CRLF line ends, ready to be signed (dkim.ts). */
export function buildMessage(input: MessageInput): Uint8Array {
  const from = mailbox("From", input.from);
  const to = input.to.map((m) => mailbox("To", m));
  const cc = (input.cc ?? []).map((m) => mailbox("Cc", m));
  const replyTo = input.replyTo ? mailbox("Reply-To", input.replyTo) : null;
  const subject = headerText("Subject", input.subject);
  const messageId = headerText("Message-ID", input.messageId, "address");
  if (!/^[^\s<>@]+@[^\s<>@]+$/.test(messageId)) throw new Error(`Message-ID: not an id@domain: ${JSON.stringify(messageId)}`);
  const custom = input.headers ?? {};
  for (const [name, value] of Object.entries(custom)) {
    headerText("Header name", name);
    headerText(name, value);
  }
  const problems = callerHeaderProblems(custom);
  if (problems.length) throw new CallerHeaderError(problems);

  const html = input.html ? toCrlf(input.html) : null;
  const text = toCrlf(input.text ?? (input.html ? textFromHtml(input.html) : ""));

  const root = html ? new MimeNode("multipart/alternative") : new MimeNode("text/plain; charset=utf-8");
  root.setHeader("From", from);
  if (to.length) root.setHeader("To", to);
  if (cc.length) root.setHeader("Cc", cc);
  if (replyTo) root.setHeader("Reply-To", replyTo);
  root.setHeader("Subject", unstructured(subject));
  root.setHeader("Message-ID", `<${messageId}>`);
  root.setHeader("Date", input.date);
  if (input.listUnsubscribe) {
    const { url, mailto } = input.listUnsubscribe;
    headerText("List-Unsubscribe", url, "address");
    headerText("List-Unsubscribe", mailto, "address");
    if (!/^https?:\/\/[\x21-\x7e]+$/.test(url) || /[<>,]/.test(url)) throw new Error(`List-Unsubscribe: not an http(s) URL: ${JSON.stringify(url)}`);
    const target = mailto.startsWith("mailto:") ? mailto : `mailto:${mailto}`;
    if (!/^mailto:[\x21-\x7e]+@[\x21-\x7e]+$/.test(target) || /[<>,]/.test(target)) throw new Error(`List-Unsubscribe: not a mailto address: ${JSON.stringify(mailto)}`);
    // prepared: the URL goes out exactly as minted, folded only between the two targets
    root.setHeader("List-Unsubscribe", { prepared: true, value: `<${url}>,\r\n <${target}>` });
    root.setHeader("List-Unsubscribe-Post", "List-Unsubscribe=One-Click");
  }
  for (const [name, value] of Object.entries(custom)) root.addHeader(name, value);
  // MIME-Version (and Content-Transfer-Encoding) are added by buildHeaders, Content-Type goes last

  let s: string;
  if (html) {
    // MimeNode writes the root's headers and boundary; the two parts' headers are fixed, so they are written here
    const head = root.buildHeaders();
    const b = root.boundary as string;
    s = `${head}\r\n\r\n--${b}\r\n${part("text/plain", text)}\r\n--${b}\r\n${part("text/html", html)}\r\n--${b}--\r\n`;
  } else {
    const encoding = transferEncoding(text);
    // set before buildHeaders, where MimeNode would append it after a scan of its own
    if (encoding) root.setHeader("Content-Transfer-Encoding", encoding);
    s = `${root.buildHeaders()}\r\n\r\n${encoded(encoding, text)}`;
  }
  if (!s.endsWith("\n")) s += "\r\n";
  const bytes = Buffer.from(s, "utf8");
  const long = s.slice(0, s.indexOf("\r\n\r\n")).split("\r\n").find((line) => Buffer.byteLength(line) > 998);
  if (long) throw new Error(`header line longer than 998 octets (RFC 5322 §2.1.1): ${long.slice(0, 40)}…`);
  return bytes;
}

// A word too long to fold would make a header line longer than SMTP carries;
// as RFC 2047 encoded words it folds, and decodes to the same value.
const UNFOLDABLE = /[^ \t]{900,}/;
function unstructured(value: string): string | { prepared: true; foldLines: true; value: string } {
  return UNFOLDABLE.test(value) ? { prepared: true, foldLines: true, value: mimeFuncs.encodeWord(value, "Q", 52) } : value;
}

/** A text part of multipart/alternative as MimeNode writes it: its two headers, then its body. */
function part(type: "text/plain" | "text/html", content: string): string {
  const encoding = transferEncoding(content);
  const head = `Content-Type: ${type}; charset=utf-8${encoding ? `\r\nContent-Transfer-Encoding: ${encoding}` : ""}`;
  return `${head}\r\n\r\n${encoded(encoding, content)}`;
}

/**
 * MimeNode.getTransferEncoding for text/* string content: none for no content,
 * 7bit for plain text without lines over 76, quoted-printable for mostly Latin
 * text, else base64.
 */
function transferEncoding(content: string): "7bit" | "quoted-printable" | "base64" | null {
  if (content === "") return null;
  const plain = !NOT_PLAIN.test(content);
  if (plain && !(content.length > 128 * 1024 || LONG_LINE.test(content))) return "7bit";
  // plain text has no binary or non-ASCII character: any Latin letter outnumbers none
  return (plain ? LATIN_LETTER.test(content) : mostlyLatin(content)) ? "quoted-printable" : "base64";
}

function encoded(encoding: ReturnType<typeof transferEncoding>, content: string): string {
  if (encoding === "quoted-printable") return quotedPrintable(content);
  if (encoding === "base64") return base64.wrap(base64.encode(content), 76);
  return content;
}

// mime-funcs' isPlainText and hasLongerLines(…, 76)
const NOT_PLAIN = /[\x00-\x08\x0b\x0c\x0e-\x1f\u0080-\uFFFF]/;
const LONG_LINE = /^.{77,}/m;
const LATIN_LETTER = /[A-Za-z]/;

/** MimeNode._getTextEncoding: more Latin letters than binary or non-ASCII characters means Q. */
function mostlyLatin(value: string): boolean {
  let nonLatin = 0;
  let latin = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c <= 0x08 || c === 0x0b || c === 0x0c || (c >= 0x0e && c <= 0x1f) || c >= 0x80) nonLatin++;
    else if ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) latin++;
  }
  return nonLatin < latin;
}

/**
 * nodemailer's qp.Encoder over one chunk: whitespace at the very end is held
 * back and encoded after the rest, and each wrap keeps its last line open, so
 * soft breaks fall where the stream puts them. (Over 64 KiB the stream also
 * slices its input; the output then differs only in where soft breaks fall.)
 */
function quotedPrintable(content: string): string {
  const buf = Buffer.from(content, "utf8");
  let end = buf.length;
  while (end > 0 && (buf[end - 1] === 0x20 || buf[end - 1] === 0x09)) end--;
  let out = "";
  let open = "";
  const put = (encoded: string) => {
    const wrapped = qp.wrap(open + encoded, 76);
    const lf = wrapped.lastIndexOf("\n");
    out += wrapped.slice(0, lf + 1);
    open = wrapped.slice(lf + 1);
  };
  if (QP_AS_IS.test(content)) {
    // printable ASCII (the usual HTML): qp.encode's bytes without a pass over each byte
    put(qpAscii(content.slice(0, end)));
    if (end < content.length) put(content.slice(end, -1) + (content.endsWith(" ") ? "=20" : "=09"));
  } else {
    put(qp.encode(buf.subarray(0, end)));
    if (end < buf.length) put(qp.encode(buf.subarray(end)));
  }
  return out + open;
}

// every character qp.encode may write as it is (besides "=", written =3D)
const QP_AS_IS = /^[\t\r\n\x20-\x7e]*$/;
const WSP_BEFORE_BREAK = /[ \t](?=[\r\n])/g;

/** qp.encode of printable ASCII that does not end in whitespace: "=" and a space or tab before a line break encoded. */
function qpAscii(s: string): string {
  const e = s.includes("=") ? s.replaceAll("=", "=3D") : s;
  return e.replace(WSP_BEFORE_BREAK, (c) => (c === " " ? "=20" : "=09"));
}
