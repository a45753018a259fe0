// The generic reader of plain-text bounces: finds the report's own text (up
// to where the returned original begins), the recipients in it and, for each,
// the error text that follows it. Every MTA writes the failed address on a
// line of its own or at the head of a line, then the remote server's answer:
//
//   kijitora@example.jp                         (Exim, Gmail, mailer daemons)
//     SMTP error from remote mail server after RCPT TO:<…>: 550 5.1.1 …
//   <kijitora@example.jp>:                      (qmail, Yahoo, Postfix, Courier)
//   kijitora@example.jp: 550 5.1.1 …            (OpenSMTPD, Postfix)
//   kijitora@example.jp on Thu, 29 Apr 2010 …   (Exchange 2003)
//   There was an error delivering your mail to <kijitora@example.jp>.
//
// When no line names one, the addresses X-Failed-Recipients lists, then the
// returned original's To: are taken, with the report's whole text as error.

import { ADDRESS_SOURCE, allAddresses, type Found } from "./fields";
import { originalBegins } from "./formats";

const A = `(${ADDRESS_SOURCE})`;
// GroupWise and others put the reason in parentheses after it: "addr (host not responding)"
const ALONE = new RegExp(`^\\s*(?:[\\w ."'-]{0,60}<mailto:)?[<"]?${A}[>"]?\\s*:?\\s*(?:\\((.*)\\))?$`);
const HEAD = new RegExp(`^\\s*<${A}>:?\\s+(\\S.*)$|^\\s*${A}:\\s+(\\S.*)$|^\\s*<?${A}>?(?:\\.{3}|\\s+(?:on\\s|\\(|\\[|invalid|unknown|user|mailbox|is\\s|was\\s|has\\s|-\\s|ERROR)|,)(.*)$`, "i");
// sendmail's transcript: the server's answers come before the line naming the address
const TRANSCRIPT = new RegExp(`^\\s*([245]\\d\\d) <${A}>\\.{3}\\s*(.*)$`);
const SENTENCE = new RegExp(
  `(?:deliver(?:ing|ed|y)?|sent|send|message|mail|transmit|rejected|failed|addressed)\\b[^<>@\\n]{0,40}?\\bto:?\\s*["']?<?${A}>?|(?:RCPT TO|Could not be delivered to|Unable to deliver (?:message )?to|Failed recipient|Recipient address|Invalid recipient|Unknown user|User unknown|Unknown address|Recipient|Destinataire|Empf[äa]nger|Destinat[áa]rio|Ontvanger|Получатель|收件人|宛先)\\s*[:：]\\s*<?${A}>?|(?:无法发送到|无法投递到|无法送达|未能发送到|未能投递到|发送失败)\\s*[:：]?\\s*<?${A}>?`,
  "i",
);

export interface TextScan {
  /** The report's own text (the returned original cut off). */
  region: string;
  recipients: Found[];
  /** Every address the text names as a recipient, the excluded ones too, for look-ups by address. */
  named: Found[];
}

let lastBody: string | null = null;
let lastRegion = "";

/** Cuts a report's text where the returned original begins (the last answer is kept: callers ask for one text several times). */
export function reportRegion(body: string): string {
  if (body === lastBody) return lastRegion;
  const at = originalBegins(body);
  lastBody = body;
  lastRegion = at > 0 ? body.slice(0, at) : body;
  return lastRegion;
}

/** A header line of the returned original quoted in the text (or listed in a transcript, " *  Message-ID: <…>"): its Message-ID and sender are no recipients. */
const QUOTED_HEADER = /^[\s*>|]*(?:message-id|in-reply-to|references|from|return-path|sender|reply-to|dkim-signature|list-unsubscribe|list-id|feedback-id)\s*:/i;

/** A message id named anywhere in a line ("… 10:14:02.118: *  Message-ID: <…@…>", a log's transcript): no address. */
const MESSAGE_ID = /\b(?:message-id|in-reply-to|references)\s*:\s*<[^<>\s]*>/gi;
const withoutMessageIds = (line: string) => (line.indexOf("@") < 0 ? line : line.replace(MESSAGE_ID, " "));

/**
 * Reads recipients and their error text from a report's text. `exclude`:
 * addresses that are not recipients (the bounce's own To:, the original's
 * sender, postmaster).
 */
export function scanText(body: string, exclude: Set<string>): TextScan {
  const region = reportRegion(body);
  const lines = region.split("\n");
  const marks: Mark[] = [];
  const excluded: Mark[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = withoutMessageIds(lines[i]!);
    if (line.length > 400 || line.indexOf("@") < 0 || QUOTED_HEADER.test(line)) continue;
    let address: string | null = null;
    let rest = "";
    let alone = false;
    let before = false;
    let label = false;
    let m = TRANSCRIPT.exec(line);
    if (m) {
      address = m[2]!;
      rest = `${m[1]} ${m[3]}`;
      before = true;
    } else if ((m = ALONE.exec(line))) {
      address = m[1]!;
      rest = m[2] ?? "";
      alone = true;
    } else if ((m = HEAD.exec(line))) {
      address = m[1] ?? m[3] ?? m[5]!;
      rest = m[2] ?? m[4] ?? m[6] ?? "";
    } else if ((m = SENTENCE.exec(line))) {
      // Chinese mailers' "无法发送到 addr" ("could not be sent to"): its error follows, as a sentence's does
      address = m[1] ?? m[2] ?? m[3]!;
      // "RCPT TO: addr", "Recipient: addr" in a list of details: the error is written around it
      label = m[2] !== undefined;
      // the sentence's words say what happened ("Unknown user: <addr>")
      rest = line.replace(address, " ").replace(/[<>]/g, " ").trim();
    }
    if (!address) continue;
    address = address.replace(/\.+$/, "");
    if (/^mailer-daemon@/i.test(address)) continue;
    if (exclude.has(address.toLowerCase())) {
      // the bounce's own addressee is a recipient only when no one else is named
      excluded.push({ line: i, indent: line.search(/\S/), address, rest, before, label });
      continue;
    }
    // an address in a line indented under a recipient, or the same address
    // again right after it, is part of that one's error text
    const indent = line.search(/\S/);
    if (marks.length > 0 && marks[marks.length - 1]!.address.toLowerCase() === address.toLowerCase()) continue;
    if (!alone && marks.length > 0 && indent > marks[marks.length - 1]!.indent) continue;
    marks.push({ line: i, indent, address, rest, before, label });
  }
  const every = [...marks, ...excluded].sort((a, b) => a.line - b.line);
  return { region, recipients: found(lines, marks.length > 0 ? marks : excluded), named: found(lines, every) };
}

interface Mark {
  line: number;
  indent: number;
  address: string;
  rest: string;
  /** sendmail's transcript: the error text is in the lines before. */
  before: boolean;
  /** A labelled address ("RCPT TO: …"): the error text may be before or after it. */
  label: boolean;
}

/** Each marked address with the text that belongs to it (one entry per address). */
function found(lines: string[], marks: Mark[]): Found[] {
  const recipients: Found[] = [];
  const seen = new Map<string, Found>();
  for (let k = 0; k < marks.length; k++) {
    const mark = marks[k]!;
    const end = k + 1 < marks.length ? marks[k + 1]!.line : lines.length;
    const start = k > 0 ? marks[k - 1]!.line + 1 : 0;
    // sendmail's transcript: only the conversation with the host that refused it
    const talk = mark.before || mark.label ? lines.slice(start, mark.line).map((l) => /^\s*(?:\.{3}\s*)?while talking to/i.test(l)).lastIndexOf(true) : -1;
    const from = talk >= 0 ? start + talk : start;
    let text: string;
    // a transcript's command (">>> RCPT To:<addr>"): its answer follows; the lines before answered the recipient before it
    const command = mark.label && /^\s*>>>/.test(lines[mark.line]!);
    if (mark.before) text = [...lines.slice(from, mark.line).filter((l) => /^(?:>>>|<<<)|while talking to/i.test(l)), mark.rest].join("\n");
    else if (mark.label && !command) text = [...lines.slice(from, mark.line), mark.rest, ...lines.slice(mark.line + 1, end)].join("\n");
    else text = [mark.rest, ...lines.slice(mark.line + 1, end)].join("\n");
    let diagnostic = squeeze(text);
    // nothing after it: the error was written before the address ("Failure Reasons: …\naddr")
    if (!diagnostic) diagnostic = squeeze(lines.slice(start, mark.line).join("\n")).slice(-1000);
    const key = mark.address.toLowerCase();
    const known = seen.get(key);
    if (known) {
      // the same address again (a copy of the report, a transcript): keep both texts
      if (diagnostic && !(known.diagnostic ?? "").includes(diagnostic)) known.diagnostic = known.diagnostic ? `${known.diagnostic} ${diagnostic}` : diagnostic;
      continue;
    }
    const f: Found = { address: mark.address, diagnostic: diagnostic || null };
    // sendmail's "554 <addr>... 550 Host unknown": the code on the address's own line is the verdict
    if (mark.before) f.replyCode = /^(\d{3})/.exec(mark.rest)?.[1] ?? null;
    seen.set(key, f);
    recipients.push(f);
  }
  return recipients;
}

/** Whitespace collapsed; lines of dashes, "*" and "=" dropped. */
export function squeeze(text: string): string {
  return text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "" && !/^[-=*_#+]{3,}$/.test(l))
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Addresses in a text, less the excluded ones and those of the original's quoted header lines. */
export function otherAddresses(text: string, exclude: Set<string>): string[] {
  const out: string[] = [];
  const named = text.split("\n").filter((line) => !QUOTED_HEADER.test(line)).map(withoutMessageIds).join("\n");
  for (const a of allAddresses(named)) {
    const k = a.toLowerCase();
    if (exclude.has(k) || /^(?:postmaster|mailer-daemon|root)@/i.test(a) || out.some((o) => o.toLowerCase() === k)) continue;
    out.push(a);
  }
  return out;
}
