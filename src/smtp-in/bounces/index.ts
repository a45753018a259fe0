// What an inbound message is: a bounce (per recipient: bounced or deferred,
// hard or soft, reason, status), a complaint, an auto-reply, or anything
// else. A pure function over the raw bytes, run for every inbound message:
// bounded work (mime.ts), never throws. See docs/bounces.md.
//
// Order: a feedback report (arf.ts) → Amazon SES's JSON notifications →
// an RFC 3464 report (dsn.ts, with the human-readable part filling in what the
// fields leave out) → a plain-text bounce (text.ts; formats.ts names it) →
// an auto-reply (auto-reply.ts) → other. Bounces come before auto-replies
// because DSNs carry Auto-Submitted too.

import type { BounceReason } from "../../mta/answers";
import { parseSesNotification } from "./amazon-ses";
import { parseComplaint, returnedOriginal } from "./arf";
import { isAutoReply } from "./auto-reply";
import { classifyRecipient, type Classified } from "./classify";
import { parseDeliveryStatus } from "./dsn";
import { allAddresses, firstAddress, type Found } from "./fields";
import { BOUNCE_SUBJECT, DAEMON_FROM, FORMATS, hasBounceWords } from "./formats";
import { decodeWords, header, headers, headerText, ORIGINAL_TYPES, parseMessage, walk, type Entity } from "./mime";
import { otherAddresses, reportRegion, scanText, squeeze } from "./text";

export { feedbackEffect } from "./arf";

export type ReportKind = "bounce" | "complaint" | "auto_reply" | "other";

export interface ReportRecipient {
  /** The failed recipient, as written, without angle brackets. */
  address: string;
  /** The Original-Recipient a DSN states when it differs from address (an alias the reporting MTA expanded). */
  originalRecipient?: string;
  /** "deferred": a delay notice (Action: delayed, "message still undelivered"). */
  kind: "bounced" | "deferred" | "complained";
  /** Bounced only: a permanent failure that must suppress the address. */
  hard: boolean;
  reason: BounceReason | "complaint";
  /** DSN status ("5.1.1"): the report's, else derived from its text or reason. */
  status: string | null;
  /** The SMTP reply code ("550") when known. */
  replyCode: string | null;
  /** The remote MTA's text, unfolded. */
  diagnostic: string | null;
  remoteMta: string | null;
}

export interface Report {
  kind: ReportKind;
  /** What recognised it: "rfc3464", "arf", "exim", "qmail", "exchange", "gmail", "amazonses", "auto_reply", "none"… */
  format: string;
  /** Empty for auto_reply and other. */
  recipients: ReportRecipient[];
  /** Message-ID of the returned original, without <>. */
  originalMessageId: string | null;
  /** Subject of the returned original (decoded), when it is shown: tells which of our messages it was when the Message-ID is not ours. */
  originalSubject?: string | null;
  originalRecipients?: never;
  /** ARF Feedback-Type ("abuse", "opt-out"…) for complaints. */
  feedbackType: string | null;
  arrivalDate?: string | null;
}

const MDN_PARTS = new Set(["message/disposition-notification", "message/global-disposition-notification"]);
const DSN_PARTS = new Set(["message/delivery-status", "message/global-delivery-status"]);

/** The failed recipient of an MDN that reports a rejection (disposition "deleted", "was automatically rejected: <reason>"), else null. */
function mdnRejection(fields: string, text: string): ReturnType<typeof parseDeliveryStatus>["recipients"] | null {
  if (!/^disposition:[^\n]*\bdeleted\b/im.test(fields)) return null;
  const reason = /(?:was |has been )?(?:automatically )?rejected:?\s*([^\n]{3,300})/i.exec(text)?.[1];
  const rcpt = /^final-recipient:\s*(?:rfc822\s*;)?\s*<?([^\s<>;]+@[^\s<>;]+?)>?\s*$/im.exec(fields)?.[1];
  if (!reason || !rcpt) return null;
  const dsn = parseDeliveryStatus(`Reporting-MTA: dns; mdn\n\nFinal-Recipient: rfc822; ${rcpt}\nAction: failed\nDiagnostic-Code: smtp; ${reason.trim()}\n`);
  return dsn.recipients.length ? dsn.recipients : null;
}

const NONE: Report = { kind: "other", format: "none", recipients: [], originalMessageId: null, feedbackType: null };

/** Says what a message is (see the top of this file). Never throws: garbage is "other". `parsed`: these bytes through parseMessage, when the caller has them. */
export function parseReport(raw: Uint8Array | string, parsed?: Entity): Report {
  try {
    return read(parsed ?? parseMessage(raw));
  } catch {
    return { ...NONE, recipients: [] };
  }
}

function read(msg: Entity): Report {
  const all = walk(msg);
  const body = lazy(() => bodyText(msg));

  const complaint = parseComplaint(msg, all);
  if (complaint) {
    return {
      kind: "complaint",
      format: complaint.format,
      recipients: complaint.recipients.map((address) => ({ address, kind: "complained", hard: false, reason: "complaint", status: null, replyCode: null, diagnostic: null, remoteMta: null })),
      originalMessageId: originalMessageId(msg, body()),
      originalSubject: originalSubject(msg, body()),
      feedbackType: complaint.feedbackType,
      arrivalDate: complaint.arrivalDate,
    };
  }

  const ses = parseSesNotification(body());
  if (ses) {
    if (ses.complaint) {
      return {
        kind: "complaint",
        format: "amazonses",
        recipients: ses.recipients.map((f) => ({ address: f.address, kind: "complained", hard: false, reason: "complaint", status: null, replyCode: null, diagnostic: null, remoteMta: null })),
        originalMessageId: ses.messageId,
        feedbackType: ses.feedbackType ?? "abuse",
      };
    }
    return bounceReport("amazonses", ses.recipients, ses.messageId);
  }

  const statusPart = all.find((e) => DSN_PARTS.has(e.type));
  if (statusPart) {
    const dsn = parseDeliveryStatus(statusPart.text);
    if (dsn.recipients.length > 0) {
      const text = body();
      const scan = scanText(text, excluded(msg));
      for (const r of dsn.recipients) {
        // a DSN without Diagnostic-Code: the human-readable part's text for that recipient
        const seen = scan.named.find((s) => s.address.toLowerCase() === r.address.toLowerCase());
        if (!r.diagnostic && seen?.diagnostic) r.diagnostic = seen.diagnostic;
        else r.context = seen?.diagnostic ?? (dsn.recipients.length === 1 ? scan.region.slice(0, 4000) : null);
        if (!r.diagnostic && dsn.recipients.length === 1 && !r.status) r.diagnostic = squeeze(scan.region).slice(0, 1000) || null;
      }
      const report = bounceReport(formatName(msg, text) ?? "rfc3464", dsn.recipients, originalMessageId(msg, text), msg);
      report.arrivalDate = dsn.arrivalDate;
      report.originalSubject = originalSubject(msg, text);
      if (report.recipients.length > 0) return report;
      // delivered, relayed, expanded and nothing failed: a machine's notice, as a read receipt is
      if (dsn.recipients.some((r) => r.action && r.action !== "failed" && r.action !== "delayed")) return { ...report, kind: "auto_reply" };
    }
  }

  // a read receipt (RFC 8098) names its reader as Final-Recipient, and nothing failed
  const mdn = all.find((e) => MDN_PARTS.has(e.type));
  if (mdn || (msg.type === "multipart/report" && /^disposition-notification$/i.test(msg.params["report-type"] ?? ""))) {
    // …unless its disposition is "deleted" and its text says the message was rejected: Sieve's and Dovecot's
    // refusal (RFC 5429 "reject", a full mailbox at delivery) is sent as an MDN, the reason in the text
    const rejected = mdn ? mdnRejection(mdn.text, body()) : null;
    if (rejected) return bounceReport("mdn-reject", rejected, originalMessageId(msg, body()), msg);
    return { kind: "auto_reply", format: "mdn", recipients: [], originalMessageId: null, feedbackType: null };
  }

  const text = body();
  const list = listRefusal(msg, text);
  if (list) return { ...bounceReport("list", [list], originalMessageId(msg, text), msg), originalSubject: originalSubject(msg, text) };
  if (looksLikeBounce(msg, text)) {
    const recipients = plainTextRecipients(msg, text);
    if (recipients.length > 0 && !ownBounceForwarded(msg, recipients) && !forwardedNotice(msg, text)) {
      const report = bounceReport(formatName(msg, text) ?? "text", recipients, originalMessageId(msg, text), msg);
      report.originalSubject = originalSubject(msg, text);
      if (report.recipients.length > 0) return report;
    }
  }

  if (isAutoReply(msg, body)) return { kind: "auto_reply", format: "auto_reply", recipients: [], originalMessageId: null, feedbackType: null };
  return { ...NONE, recipients: [] };
}

// A mailing list's own notice (Mailman's X-List-Administrivia, its -owner/-bounces/-request senders, Sympa, LISTSERV)
const LIST_SENDER = /^(?:[^@\s<>]+-(?:owner|bounces|request|admin)|owner-[^@\s<>]+|listserv|sympa|mailman)@/i;
// …that our post was refused, in the languages list managers write ("You are not allowed to post to this mailing list")
const LIST_REFUSED = /\b(?:rejected|refused|discarded|denied)\b|\bnot (?:allowed|authori[sz]ed|permitted) to (?:post|send)|(?<![a-zà-ÿ])(?:abgelehnt|zur(?:ü|ue)ckgewiesen|nicht berechtigt|rejet(?:é|e)e?|refus(?:é|e)e?|pas autoris(?:é|e)e?|rechazad[oa]|no (?:est(?:á|a)s? )?autorizad[oa]|rifiutat[oa]|respint[oa]|non (?:sei |(?:è|e) )?autorizzat[oa]|geweigerd|afgewezen|niet toegestaan|rejeitad[oa]|recusad[oa]|n(?:ã|a)o (?:est(?:á|a) |tem )?autorizad[oa])(?![a-zà-ÿ])/i;
// …not held for a moderator (that post may still go out: no failure)
const LIST_HELD = /\b(?:held|awaits?|awaiting|pending|for (?:the )?(?:list )?(?:moderator'?s? )?approval|moderator (?:can |will )?review|zur(?:ü|ue)ckgehalten|wartet auf|freigabe|en attente|approbation|pendiente|en espera|in attesa|approvazione|wacht op|goedkeuring|aguarda|pendente)\b/i;

/**
 * A mailing list's notice that it refused our post ("You are not allowed to post to this mailing list"): a failure for
 * the list's posting address (X-BeenThere, List-Post, else the returned original's To:), the list's policy. A post held
 * for a moderator has not failed.
 */
function listRefusal(msg: Entity, text: string): Found | null {
  const administrivia = /^\s*yes\s*$/i.test(header(msg, "x-list-administrivia") ?? "") || header(msg, "x-mailman-version") !== null || LIST_SENDER.test(firstAddress(header(msg, "from") ?? "") ?? "");
  if (!administrivia) return null;
  const region = reportRegion(text).slice(0, 4000);
  if (!LIST_REFUSED.test(region) || LIST_HELD.test(region)) return null;
  const original = returnedOriginal(msg);
  const address =
    firstAddress(header(msg, "x-beenthere") ?? "") ??
    /<mailto:([^<>?\s]+@[^<>?\s]+)/i.exec(header(msg, "list-post") ?? "")?.[1] ??
    (original ? firstAddress(header(original, "to") ?? "") : null);
  if (!address || excluded(msg).has(address.toLowerCase())) return null;
  return { address, diagnostic: squeeze(region).slice(0, 1000) || null, permanent: true, listRefusal: true };
}

function bounceReport(format: string, found: Found[], originalMessageId: string | null, msg?: Entity): Report {
  // the hosts that handled the bounce: providers' own codes are recognised by them
  const hosts = msg ? headers(msg, "received").slice(0, 3).map((r) => /^from\s+(\S+)/i.exec(r)?.[1] ?? "").join(" ") : "";
  for (const f of found) f.hosts = hosts;
  const recipients = found.map(classifyRecipient).filter((c): c is Classified => c !== null);
  return { kind: recipients.length > 0 ? "bounce" : "other", format, recipients, originalMessageId, feedbackType: null };
}

function lazy<T>(f: () => T): () => T {
  let done = false;
  let v: T;
  return () => {
    if (!done) {
      v = f();
      done = true;
    }
    return v;
  };
}

/**
 * The report's readable text: its text parts outside the returned original
 * (HTML reduced to text when there is no plain part).
 */
function bodyText(msg: Entity): string {
  const out: string[] = [];
  const visit = (e: Entity, depth: number) => {
    if (ORIGINAL_TYPES.has(e.type)) return;
    if (e.parts.length > 0) {
      const alternative = e.type === "multipart/alternative";
      if (alternative) {
        const plain = e.parts.find((p) => p.type === "text/plain" && p.text.trim() !== "");
        if (plain) return visit(plain, depth + 1);
      }
      for (const p of e.parts) visit(p, depth + 1);
      return;
    }
    if (e.type === "text/plain" || e.type === "text/x-aol" || (e.type.startsWith("text/") && e.type !== "text/html" && e.type !== "text/rfc822-headers")) out.push(e.text);
    else if (e.type === "text/html") out.push(htmlToText(e.text));
    else if (e.type === "application/json") out.push(e.text);
    else if (e.type.startsWith("multipart/")) out.push(e.text);
  };
  visit(msg, 0);
  return out.join("\n");
}

/**
 * The HTML without its <script> and <style> elements, in one pass of indexOf:
 * a regex with a lazy body rescans to the end from every unclosed opener
 * (seconds on 200 KB of "<script"). An unclosed element takes the rest.
 */
function withoutScripts(html: string): string {
  const lower = html.toLowerCase();
  const next = (tag: string, from: number) => lower.indexOf(tag, from);
  let script = next("<script", 0);
  let style = next("<style", 0);
  let out = "";
  let i = 0;
  while (script >= 0 || style >= 0) {
    const isScript = style < 0 || (script >= 0 && script < style);
    const at = isScript ? script : style;
    out += `${html.slice(i, at)} `;
    const end = next(isScript ? "</script" : "</style", at);
    if (end < 0) return out;
    const close = lower.indexOf(">", end);
    i = close < 0 ? html.length : close + 1;
    if (script >= 0 && script < i) script = next("<script", i);
    if (style >= 0 && style < i) style = next("<style", i);
  }
  return out + html.slice(i);
}

function htmlToText(html: string): string {
  return withoutScripts(html)
    .replace(/<br\s*\/?>|<\/(?:p|div|tr|li|h\d)>/gi, "\n")
    .replace(/<[^<>]*>/g, " ") // [^<>]: a "<" without its ">" is not rescanned to the end (quadratic on hostile HTML)
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/[ \t]+/g, " ");
}

/** The addresses that are not recipients of a bounce: its own To:, the original's sender. */
function excluded(msg: Entity): Set<string> {
  const out = new Set<string>();
  for (const a of allAddresses(header(msg, "to") ?? "")) out.add(a.toLowerCase());
  const original = returnedOriginal(msg);
  if (original) for (const a of allAddresses(header(original, "from") ?? "")) out.add(a.toLowerCase());
  return out;
}

const QUOTED_REFUSAL = /\b5\d\d\b.{0,80}(?:not taken|no such|unknown|rejected|denied|refused|failed|invalid|does not exist|not found|unavailable)|\b5\d\d[ -]5\.\d{1,3}\.\d{1,3}\b/i;

/** A server's reply code where a refusal is quoted ("550 ", "554-", "<<< 550"), not any three digits (a phone number). */
const REFUSAL_CODE = /(?:^|[\s:;(<'"])[45][0-9]{2}[ -](?![0-9])(?=.{0,80}[a-z]{3})/im;
/** A delay notice's happy ending. */
const DELIVERED_NOW = /\b(?:has (?:now |finally |since )?been|was (?:now |finally )?) ?(?:successfully )?delivered\b(?! to (?:the )?(?:following|these))/i;

const REPLY_SUBJECT = /^\s*(?:re|aw|sv|vs|antw|odp|rif|r|res|ynt|回复|答复)\s*:/i;
const ENHANCED_CODE = /\b[245]\.\d{1,3}\.\d{1,3}\b/;

function looksLikeBounce(msg: Entity, text: string): boolean {
  const from = headerText(msg, "from") ?? "";
  const subject = headerText(msg, "subject") ?? "";
  if (header(msg, "x-failed-recipients") !== null) return true;
  if (msg.type === "multipart/report") return true;
  const region = reportRegion(text);
  // a person's reply that speaks of a bounce ("the address was undeliverable") quotes no server's answer;
  // one that answers in a thread (In-Reply-To) is a reply whatever it pastes (a colleague's NDR with its
  // "550 5.1.1"): what it names is not ours to suppress
  if (REPLY_SUBJECT.test(subject) && !DAEMON_FROM.test(from)) {
    if (header(msg, "in-reply-to") !== null) return false;
    if (!QUOTED_REFUSAL.test(region) && !ENHANCED_CODE.test(region)) return false;
  }
  // a person answering in our thread ("Undeliverable: sample parcel returned to depot") quotes no server's refusal
  if (!DAEMON_FROM.test(from) && header(msg, "in-reply-to") !== null && !ENHANCED_CODE.test(region) && !REFUSAL_CODE.test(region)) return false;
  // "has now been delivered" after a delay: nothing failed
  if (DELIVERED_NOW.test(region) && !FINAL_WORDS.test(region)) return false;
  // a machine's own notice that is no delivery report (a log digest: "Logwatch for <host>", with the refusals its
  // server made): generated on the recipient's own site (logwatch@bounce.<our domain> to root@…), from no mailer daemon
  // (by its name, not its host's), under no failure's subject, saying of no message that it failed or waits
  const ownNotice = /^auto-generated\s*$/i.test(header(msg, "auto-submitted") ?? "") && sameSite(from, header(msg, "to") ?? "") && !DAEMON_FROM.test(from.replace(/@[^\s>]*/g, "")) && !BOUNCE_SUBJECT.test(subject) && !FINAL_WORDS.test(region) && !DELAY_WORDS.test(region);
  if (ownNotice) return false;
  // a filter's digest of what it held for the mailbox ("weekly quarantine report"): the subjects it lists are others' mail
  if (QUARANTINE_DIGEST.test(subject)) return false;
  // a newsletter or a list's post (List-Id, List-Unsubscribe) from no mailer daemon, under no failure's subject: its
  // bounce codes are examples ("what '550 5.1.1' really means"), nobody's failure
  if ((header(msg, "list-id") !== null || header(msg, "list-unsubscribe") !== null) && !DAEMON_FROM.test(from.replace(/@[^\s>]*/g, "")) && !BOUNCE_SUBJECT.test(subject)) return false;
  if (hasBounceWords(region)) return true;
  if (!DAEMON_FROM.test(from)) return false;
  // a mailer daemon's message with a bounce subject, or quoting a refusal (in any language the daemon writes
  // around it: a reply code with its enhanced code, "550 5.1.1", is one)
  return BOUNCE_SUBJECT.test(subject) || QUOTED_REFUSAL.test(region.slice(0, 4000));
}

const QUARANTINE_DIGEST = /\bquarantin\w* (?:report|digest|summary|notification|notice)|\b(?:spam|junk) (?:digest|summary|quarantine)|messages? (?:held|quarantined) for you/i;

/** The two addresses' domains are one site: equal, or one under the other ("bounce.acme.example" and "acme.example"). */
function sameSite(from: string, to: string): boolean {
  const a = firstAddress(from)?.toLowerCase().split("@")[1];
  const b = firstAddress(to)?.toLowerCase().split("@")[1];
  return !!a && !!b && (a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`));
}

function formatName(msg: Entity, text: string): string | null {
  const head = `From: ${header(msg, "from") ?? ""}\nSubject: ${headerText(msg, "subject") ?? ""}\n${header(msg, "x-failed-recipients") !== null ? "X-Failed-Recipients: yes\n" : ""}`;
  const sample = head + reportRegion(text).slice(0, 8000);
  for (const f of FORMATS) if (f.marks.test(sample)) return f.name;
  return null;
}

// Wording of the report as a whole that says every failure in it is a delay
// (a warning; delivery goes on) or is final.
const IF_FINAL = /\b(?:if|when|once|should)\b[^.\n]{0,60}?\b(?:fails? permanently|(?:cannot|can't|could not|couldn't) be delivered)/gi;
// "could not be delivered for more than 4 hour(s)" (Postfix's delay notice) says how long delivery has been failing
const FOR_A_WHILE = /\b(?:could not|couldn't|has not|hasn't|have not|was not) (?:yet )?(?:been|be) delivered for (?:more than |over |the (?:last|past) )?\d+ ?(?:minute|hour|day)/gi;
const DELAY_WORDS = /has not (?:yet )?been delivered|not delivered yet|have not (?:yet )?been delivered|not yet been delivered|delivery (?:is |has been )?delayed|delayed (?:mail|delivery)|warning: message|will (?:continue to |keep )?(?:re)?try|will be retried|still trying|delivery attempts will continue|no action is required on your part|this is a warning|delay(?:ed)? (?:warning|notification)|delays in delivering your message|(?:we|it)'ll (?:continue to |keep )?(?:re)?try|keep(?:s)? (?:re)?trying|message (?:is |was )?delayed|bisher nicht (?:an [^.\n]{1,40} )?zugestellt|wird (?:automatisch )?(?:bis [^.\n]{1,40} )?(?:erneut |weiter )?wiederholt|noch nicht zugestellt|wird (?:weiter(?:hin)?|erneut) versucht|weitere zustellversuche|verz(?:ö|oe|o)gert|pas encore (?:été |ete )?(?:distribu|remis|livr)|nouvelles tentatives|continuera (?:d'essayer|à|a) |retard(?:é|e)e? |a[úu]n no (?:se )?ha (?:sido )?entregad|(?:seguir[áa]|seguiremos) intentando|retrasad|non (?:è|e) ancora stat[oa] (?:consegnat|recapitat)|continueremo a (?:provare|tentare)|ritardat|nog niet (?:afgeleverd|bezorgd)|(?:wordt|worden) opnieuw geprobeerd|vertraagd|ainda n(?:ã|a)o foi entregue|(?:continuaremos|continuar(?:á|a)) tentando|atrasad|延迟投递|投递延迟|延迟发送|将继续尝试|继续尝试投递|尚未投递成功|稍后重试|配信が遅延|遅延しています|再送を試み|再試行します|전송이 지연|재시도합니다/i;
const FINAL_WORDS = /permanent(?:ly)?|(?<!(?:not|n't|not yet) )given up|(?<!not )giving up|will not (?:be )?(?:re)?tr|not be delivered|could not be delivered|delivery (?:has )?failed|failed permanently|undeliverable|returning message to sender|(?:was|has been) (?:blocked|rejected|refused) by/i;

const FORWARD_SUBJECT = /^\s*(?:fw|fwd|wg|tr|rv|i|enc|doorst|vs)\s*:/i;

/** A person forwards a provider's notice ("WG: Ihr Postfach ist fast voll"): no server's reply or status code is in it. */
function forwardedNotice(msg: Entity, text: string): boolean {
  return FORWARD_SUBJECT.test(headerText(msg, "subject") ?? "") && !DAEMON_FROM.test(headerText(msg, "from") ?? "") && !REFUSAL_CODE.test(text) && !ENHANCED_CODE.test(text);
}

/**
 * A person forwards the bounce of mail they sent to us: the one it names is our own address, the addressee of this
 * message, or another at its domain ("got this bounce when replying to you – it went to an older address of yours").
 */
function ownBounceForwarded(msg: Entity, found: Found[]): boolean {
  if (!FORWARD_SUBJECT.test(headerText(msg, "subject") ?? "") || DAEMON_FROM.test(headerText(msg, "from") ?? "")) return false;
  const to = excluded(msg);
  const domainOf = (a: string) => a.slice(a.lastIndexOf("@") + 1).toLowerCase();
  const domains = new Set([...to].map(domainOf));
  return found.every((f) => to.has(f.address.toLowerCase()) || domains.has(domainOf(f.address)));
}

/** A bounce's subject that names the failed address: "Undeliverable: x@y", "Delivery failed: <x@y>", "Mail delivery failed for x@y". */
const SUBJECT_RECIPIENT = /(?:undeliverable|undelivered|not delivered|delivery (?:failed|failure)|failure notice|returned mail)(?: (?:for|to))?\s*[:-]?\s*<?([^\s<>@,;]+@[^\s<>,;]+?)>?\s*$/i;

function plainTextRecipients(msg: Entity, text: string): Found[] {
  const exclude = excluded(msg);
  const scan = scanText(text, exclude);
  const region = scan.region;
  const intro = region.slice(0, 3000);
  // "you'll be notified if the delivery fails permanently" (Gmail's delay notice), "…if it cannot be delivered", say what has not happened
  const final = FINAL_WORDS.test(intro.replace(IF_FINAL, " ").replace(FOR_A_WHILE, " "));
  const delayed = DELAY_WORDS.test(intro) && !final;
  const permanent = final && !delayed;
  let found = scan.recipients;
  const failed = (header(msg, "x-failed-recipients") ?? "")
    .split(/[,\s]+/)
    .map((a) => a.replace(/^<|>$/g, ""))
    .filter((a) => a.includes("@"));
  if (failed.length > 0) {
    // Exim names its failed recipients: they decide who, the scan says why
    found = failed.map((address) => scan.named.find((f) => f.address.toLowerCase() === address.toLowerCase()) ?? { address, diagnostic: squeeze(region).slice(0, 2000) });
  }
  if (found.length === 0) {
    // no line names a recipient: any address the report's text names, else the original's To:
    const others = otherAddresses(region, exclude);
    const original = returnedOriginal(msg);
    const to = original ? firstAddress(header(original, "to") ?? "") : quotedHeader(text, "to");
    // "Subject: Undeliverable: h.lindqvist@…" over a text that names no one: the subject names the recipient
    const inSubject = SUBJECT_RECIPIENT.exec(headerText(msg, "subject") ?? "")?.[1] ?? null;
    const addresses = others.length > 0 && others.length <= 5 ? others : to ? [to] : inSubject && !exclude.has(inSubject.toLowerCase()) ? [inSubject] : [];
    const diagnostic = squeeze(region).slice(0, 2000) || null;
    found = addresses.map((address) => ({ address, diagnostic }));
  }
  // one recipient: the report's whole text is about it (read when its own text says nothing of why)
  if (found.length === 1) found[0]!.context ??= intro;
  for (const f of found) {
    if (delayed) f.delayed = true;
    if (permanent) f.permanent = true;
  }
  return found;
}

/** A header of the original when it is quoted in the text (no message/rfc822 part). */
function quotedHeader(text: string, name: string): string | null {
  const m = new RegExp(`^${name}:[ \\t]*(.+)$`, "im").exec(text.slice(reportRegion(text).length));
  return m ? firstAddress(m[1]!) : null;
}

/** The returned original's Subject, decoded: from its headers, else quoted in the text after the report. */
function originalSubject(msg: Entity, text: string): string | null {
  const original = returnedOriginal(msg);
  let subject = original ? headerText(original, "subject") : null;
  if (subject === null) {
    const m = /^Subject:[ \t]*(.+)$/im.exec(text.slice(reportRegion(text).length));
    if (m) subject = decodeWords(m[1]!);
  }
  return subject?.trim() || null;
}

const QUOTED_ID = /^[ \t]*Message-Id[ \t]*:[ \t]*(.+)$/im;

function originalMessageId(msg: Entity, text: string): string | null {
  const original = returnedOriginal(msg);
  let id = original ? header(original, "message-id") : null;
  if (!id) {
    // quoted after the report, else anywhere in it (a report never names its own id in its text)
    const m = QUOTED_ID.exec(text.slice(reportRegion(text).length)) ?? QUOTED_ID.exec(text);
    if (m) id = m[1]!;
  }
  if (!id) return null;
  const m = /<([^<>\s]+)>/.exec(id);
  return (m ? m[1]! : id.trim()) || null;
}
