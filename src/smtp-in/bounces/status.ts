// DSN status codes (RFC 3463) and SMTP reply codes found in free text, which
// of two codes a report means, and the status to state when a report gives
// none (derived from the reason and whether the failure was permanent).

import type { BounceReason } from "../../mta/answers";

const STATUS_IN_TEXT = /(?<![\d.vV])([245])\.([0-7])\.(\d{1,3})(?![\d.]*\d)/g;
const IPV4 = /\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b/g;

/**
 * The enhanced status code a text gives ("5.1.1"), the most specific one when
 * it gives several (a "X.0.0" or "4.4.7" only when nothing else is there).
 * `cls` ("4" or "5") restricts the class looked for; without it 2.x.x codes are skipped.
 */
export function findStatus(text: string, cls?: string): string | null {
  if (text.length < 5) return null;
  const t = text.indexOf(".") >= 0 ? text.replace(IPV4, " ") : text;
  let best: string | null = null;
  let fallback: string | null = null;
  for (const m of t.matchAll(STATUS_IN_TEXT)) {
    // a failure's status is never a success code (a transcript quotes "250 2.1.5 Ok")
    if (cls ? m[1] !== cls : m[1] === "2") continue;
    const code = `${m[1]}.${m[2]}.${Number(m[3])}`;
    if (m[2] === "0" && m[3] === "0") fallback ??= code;
    else if (code === "4.4.7") fallback ??= code;
    else best = best === null ? code : preferStatus(best, code, null);
  }
  return best ?? fallback;
}

const REPLY_IN_TEXT = /(?<![\d.\-/:#A-Za-z])([245][0-5]\d)(?![\d.:A-Za-z/])/g;
const VALID_REPLY = new Set([
  "211", "214", "220", "221", "235", "250", "251", "252", "253",
  "421", "422", "430", "432", "450", "451", "452", "453", "454", "455", "456", "458", "459",
  "500", "501", "502", "503", "504", "520", "521", "523", "524", "525", "530", "533", "534", "535", "538",
  "550", "551", "552", "553", "554", "555", "556", "557",
]);

/** The SMTP reply code a text gives ("550"), of class `cls` when given. */
export function findReplyCode(text: string, cls?: string): string | null {
  if (text.length < 3) return null;
  const t = text.indexOf(".") >= 0 ? text.replace(IPV4, " ").replace(STATUS_IN_TEXT, " ") : text;
  let found: string | null = null;
  for (const m of t.matchAll(REPLY_IN_TEXT)) {
    const code = m[1]!;
    if (!VALID_REPLY.has(code)) continue;
    if (cls && code[0] !== cls) continue;
    if (code[0] === "2" && found === null) {
      // a 2xx is a reply only when nothing better is there ("250 OK" in a transcript)
      found = code;
      continue;
    }
    if (found === null || found[0] === "2") found = code;
    if (found[0] !== "2") break;
  }
  return found;
}

const isGeneric = (s: string) => /^\d\.0\.0$/.test(s);

/**
 * Which of two status codes a report means: `given` (the Status: field or the
 * first found) or `inText` (one in the diagnostic text); `reply` is the reply
 * code, whose class decides when the two disagree on theirs.
 * A specific code beats a generic one ("X.0.0"); the text's code beats a
 * Status: field that only says "expired", "too many errors", a system or a
 * protocol error, since the text says what happened at the remote end.
 */
export function preferStatus(given: string | null, inText: string | null, reply: string | null): string | null {
  if (!given) return inText;
  if (!inText || given === inText) return given;
  if (reply && given[0] !== inText[0]) {
    if (reply[0] === given[0]) return given;
    if (reply[0] === inText[0]) return inText;
  }
  if (isGeneric(given)) return isGeneric(inText) ? given : inText;
  if (isGeneric(inText)) return given;
  if (/^\d\.\d\.0$/.test(given) && !/^\d\.\d\.0$/.test(inText)) return inText;
  if (given === "4.4.7" || given === "4.7.0" || given.startsWith("5.3.") || /^\d\.5\.[1245]$/.test(given)) return inText;
  if (given === "5.1.1") return /^\d\.\d\.0$/.test(inText) || inText.startsWith("5.5.") ? given : inText;
  if (given === "5.1.3" && inText.startsWith("5.7.")) return inText;
  return given;
}

// The status to state for a reason when the report gives none (RFC 3463's
// code for that condition; the class comes from the failure's kind).
const REASON_STATUS: Record<BounceReason, string> = {
  user_unknown: "1.1",
  bad_domain: "1.2",
  bad_address: "1.3",
  mailbox_disabled: "2.1",
  mailbox_full: "2.2",
  message_too_large: "3.4",
  content: "6.0",
  spam: "7.1",
  blocked: "7.1",
  policy: "7.1",
  auth_required: "7.0",
  dmarc: "7.26",
  tls_required: "7.10",
  rate_limited: "4.5",
  greylisted: "7.1",
  network: "4.0",
  protocol: "5.0",
  system: "3.0",
  expired: "4.7",
  other: "0.0",
};

/** An authentication failure's own RFC 7372 code, by what the text says failed (else 7.26: several checks). */
const AUTH_STATUS: [RegExp, string][] = [
  [/\b(?:ptr|rdns|reverse (?:dns|lookup|hostname)|reverse-dns)\b/i, "7.25"],
  [/\bspf\b/i, "7.23"],
  [/\bdkim\b/i, "7.20"],
];

/** A status derived from the reason, for a permanent ("5") or temporary ("4") failure; `text`, the remote server's words. */
export function statusFor(reason: BounceReason, permanent: boolean, text = ""): string {
  const detail = reason === "dmarc" && !/\bdmarc\b/i.test(text) ? AUTH_STATUS.find(([re]) => re.test(text))?.[1] : undefined;
  return `${permanent ? "5" : "4"}.${detail ?? REASON_STATUS[reason]}`;
}

/** A transcript's command the server accepted (">>> MAIL From:<…> <<< 250 2.1.0 Ok"): not the one it refused. */
const ACCEPTED_EXCHANGE = />>> (?:(?!>>>|<<<)[^]){0,300}<<< 2[0-9]{2}(?![0-9])(?:(?!>>>|<<<)[^]){0,200}/g;

/**
 * The SMTP command the remote server was answering, as the report words it
 * ("in reply to RCPT TO command", "after end of data", ">>> DATA", "did not
 * like our RCPT TO"): the last one named, past the commands a transcript shows
 * accepted. Null when none is.
 */
export function findCommand(report: string): "CONN" | "HELO" | "MAIL" | "RCPT" | "DATA" | null {
  const text = report.includes("<<< 2") ? report.replace(ACCEPTED_EXCHANGE, " ") : report;
  let found: "CONN" | "HELO" | "MAIL" | "RCPT" | "DATA" | null = null;
  let at = -1;
  const see = (re: RegExp, cmd: "CONN" | "HELO" | "MAIL" | "RCPT" | "DATA") => {
    for (const m of text.matchAll(re)) {
      if (m.index! > at) {
        at = m.index!;
        found = cmd;
      }
    }
  };
  see(/\bRCPT(?:[ _]TO)?\b|\brecipient address rejected|\bdoes not like recipient|\bafter RCPT\b/gi, "RCPT");
  see(/\bMAIL FROM\b|\bafter MAIL\b/gi, "MAIL");
  see(/(?<![\w-])DATA(?![\w-])|\bend of data\b|\bafter (?:end of )?data\b|\bfinal DATA\b/g, "DATA");
  see(/\b(?:EHLO|HELO)\b|\brefused to talk to me\b/g, "HELO");
  see(/\bafter initial connection\b|\bduring initial connection\b/gi, "CONN");
  return found;
}
