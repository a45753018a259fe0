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

import { ADDRESS_SOURCE, allAddresses, firstAddress, type Found } from "./fields";
import { ORIGINAL_BEGINS } from "./formats";

const A = `(${ADDRESS_SOURCE})`;
const ALONE = new RegExp(`^\\s*(?:[\\w ."'-]{0,60}<mailto:)?<?${A}>?\\s*:?\\s*(?:\\(.*\\))?$`);
const HEAD = new RegExp(`^\\s*<${A}>:?\\s+(\\S.*)$|^\\s*${A}:\\s+(\\S.*)$|^\\s*<?${A}>?(?:\\.{3}|\\s+(?:on\\s|\\(|\\[|invalid|unknown|user|mailbox|is\\s|was\\s|has\\s|-\\s|ERROR)|,)(.*)$`, "i");
const SENTENCE = new RegExp(
  `(?:deliver(?:ing|ed|y)?|sent|send|message|mail|transmit|rejected|failed|addressed)\\b[^<>@\\n]{0,40}?\\bto:?\\s*"?<${A}>|(?:Could not be delivered to|Unable to deliver (?:message )?to|Failed recipient|Recipient address|Invalid recipient|Unknown user|User unknown|Unknown address|Recipient|Destinataire|Empf[äa]nger)\\s*:\\s*<?${A}>?`,
  "i",
);

export interface TextScan {
  /** The report's own text (the returned original cut off). */
  region: string;
  recipients: Found[];
}

/** Cuts a report's text where the returned original begins. */
export function reportRegion(body: string): string {
  const m = ORIGINAL_BEGINS.exec(body);
  return m && m.index > 0 ? body.slice(0, m.index) : body;
}

/**
 * Reads recipients and their error text from a report's text. `exclude`:
 * addresses that are not recipients (the bounce's own To:, the original's
 * sender, postmaster).
 */
export function scanText(body: string, exclude: Set<string>): TextScan {
  const region = reportRegion(body);
  const lines = region.split("\n");
  const marks: { line: number; indent: number; address: string; rest: string }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length > 400 || line.indexOf("@") < 0) continue;
    let address: string | null = null;
    let rest = "";
    let alone = false;
    let m = ALONE.exec(line);
    if (m) {
      address = m[1]!;
      alone = true;
    } else if ((m = HEAD.exec(line))) {
      address = m[1] ?? m[3] ?? m[5]!;
      rest = m[2] ?? m[4] ?? m[6] ?? "";
    } else if ((m = SENTENCE.exec(line))) {
      address = m[1] ?? m[2]!;
      rest = line.slice(m.index + m[0].length).replace(/^[>.:\s]+/, "");
    }
    if (!address) continue;
    address = address.replace(/\.+$/, "");
    if (exclude.has(address.toLowerCase()) || /^(?:postmaster|mailer-daemon)@/i.test(address)) continue;
    // an address in a line indented under a recipient is part of that one's error text
    const indent = line.search(/\S/);
    if (!alone && marks.length > 0 && indent > marks[marks.length - 1]!.indent) continue;
    marks.push({ line: i, indent, address, rest });
  }
  const recipients: Found[] = [];
  const seen = new Map<string, Found>();
  for (let k = 0; k < marks.length; k++) {
    const mark = marks[k]!;
    const end = k + 1 < marks.length ? marks[k + 1]!.line : lines.length;
    const text = [mark.rest, ...lines.slice(mark.line + 1, end)].join("\n");
    const diagnostic = squeeze(text);
    const key = mark.address.toLowerCase();
    const known = seen.get(key);
    if (known) {
      // the same address again (a copy of the report, a transcript): keep the fuller text
      if (!known.diagnostic || (diagnostic && diagnostic.length > known.diagnostic.length && !known.diagnostic.includes(diagnostic))) known.diagnostic = known.diagnostic && diagnostic && !diagnostic.includes(known.diagnostic) ? `${known.diagnostic} ${diagnostic}` : diagnostic || known.diagnostic;
      continue;
    }
    const found: Found = { address: mark.address, diagnostic: diagnostic || null };
    seen.set(key, found);
    recipients.push(found);
  }
  return { region, recipients };
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

/** Addresses in a text, less the excluded ones. */
export function otherAddresses(text: string, exclude: Set<string>): string[] {
  const out: string[] = [];
  for (const a of allAddresses(text)) {
    const k = a.toLowerCase();
    if (exclude.has(k) || /^(?:postmaster|mailer-daemon|root)@/i.test(a) || out.some((o) => o.toLowerCase() === k)) continue;
    out.push(a);
  }
  return out;
}

export { firstAddress };
