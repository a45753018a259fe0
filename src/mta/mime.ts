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
// the HTML when absent (html-to-text). Bodies are UTF-8 with CRLF line ends.
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

const htmlToText = compile({
  wordwrap: 76,
  selectors: [
    // tracking pixels and decorative images say nothing in text
    { selector: "img", format: "skip" },
    { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
    ...["h1", "h2", "h3", "h4", "h5", "h6"].map((selector) => ({ selector, options: { uppercase: false } })),
  ],
});

/** The text/plain alternative of an HTML body. */
export function textFromHtml(html: string): string {
  return htmlToText(html);
}

const toCrlf = (s: string) => s.replace(/\r\n|\r|\n/g, "\r\n");

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

  if (html) {
    root.createChild("text/plain; charset=utf-8").setContent(text);
    root.createChild("text/html; charset=utf-8").setContent(html);
  } else {
    root.setContent(text);
  }
  const out: string[] = [];
  serialise(root, out);
  let s = out.join("");
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
  put(qp.encode(buf.subarray(0, end)));
  if (end < buf.length) put(qp.encode(buf.subarray(end)));
  return out + open;
}

/** MimeNode.stream, synchronously, for string content. */
function serialise(node: MimeNode, out: string[]): void {
  const encoding = node.getTransferEncoding();
  out.push(node.buildHeaders(), "\r\n\r\n");
  if (node.multipart) {
    node.childNodes.forEach((child, i) => {
      out.push(`${i > 0 ? "\r\n" : ""}--${node.boundary}\r\n`);
      serialise(child, out);
    });
    out.push(`\r\n--${node.boundary}--\r\n`);
    return;
  }
  const content = node.content;
  if (typeof content !== "string" || content === "") return;
  if (encoding === "quoted-printable") out.push(quotedPrintable(content));
  else if (encoding === "base64") out.push(base64.wrap(base64.encode(content), 76));
  else out.push(content);
}
