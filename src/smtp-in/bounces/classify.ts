// One recipient of a report: what the failure means (reason, hard or soft)
// and its status, from what the report states (Action, Status, the remote
// MTA's text) — the remote server's answer is read as the MTA reads a
// synchronous one (answers.ts), after the phrases only reports write
// (phrases.ts).
//
// - kind: "deferred" when the report is a delay notice (Action: delayed, or a
//   format's "will retry" wording); else "bounced".
// - permanent: by the status's class, else the reply code's, else what the
//   format says ("This is a permanent error"), else permanent (a report
//   without codes says the message was given up).
// - hard: only a permanent failure of user_unknown or bad_domain whose words
//   do not speak of a passing condition ("temporarily", "try again later").
//   Reasons as in answers.ts, with these differences for reports (see
//   docs/bounces.md; a wrong hard bounce loses a contact for good):
//     mailbox_disabled   soft here (hard for synchronous answers): accounts
//                        are locked and suspended for a while
//     user_unknown       becomes policy (soft) when answered to DATA, or with a
//                        mailbox-status code (X.2.x) or no code about the
//                        address and no RCPT named, unless the words are
//                        unmistakable ("does not exist"): a recipient's filter
//     bad_address        reported as user_unknown (hard either way)
//     refused at MAIL FROM, with X.1.7/X.1.8 or with X.7.27 naming the sender → policy; x-unix → system
// - status: the report's (Status:, or a code in its text; preferStatus picks
//   between the two), else derived from the reason (statusFor).

import { classifyAnswer, HARD_REASONS, type BounceReason } from "../../mta/answers";
import type { Found } from "./fields";
import { fold, phraseReason, providerReason } from "./phrases";
import { findCommand, findReplyCode, findStatus, preferStatus, statusFor } from "./status";

export interface Classified {
  address: string;
  originalRecipient?: string;
  kind: "bounced" | "deferred";
  hard: boolean;
  reason: BounceReason;
  status: string;
  replyCode: string | null;
  diagnostic: string | null;
  remoteMta: string | null;
}

const DEFINITE_UNKNOWN = /(?:user|mailbox|address|account|recipient)(?: <?[^ @<>]+@[^ <>]+>?)? does(?:n't| not) exist|doesn't have an? \S+ account|receiver not found|invalid recipient|not a valid (?:recipient|mailbox)|destinataire invalide|recipient name is not recognized|000c05a6|address couldn'?t be found|not listed in|invalid final delivery userid|no valid recipients|>: user unknown|(?:user|mailbox) not found|user or post office not found|unknown user:|there is no (?:user|mailbox) by that name|(?:skrzynka|u[zż]ytkownik|adres)(?: [a-ząćęłńóśźż]+){0,2} nie istnieje|nie ma takiego u[zż]ytkownika|posta kutusu mevcut de[gğ]il|b[oö]yle bir kullan[ıi]c[ıi] yok|(?:アドレス|宛先|ユーザー?)は存在しません|存在しない(?:アドレス|ユーザ)|requested action not taken: mailbox unavailable|existiert nicht|n'existe pas|inexistant|inexistente|inesistente|no existe|non esiste|bestaat niet|n[ãa]o existe|존재하지 않|nicht im domino-verzeichnis|(?:用户|地址|邮箱|收件人|[账帐][户号])不存在|e-mail-adresse (?:wurde nicht gefunden|konnte nicht gefunden werden)|adresse de (?:messagerie|courrier) que vous avez entr[ée]e est introuvable|no se (?:encontr[óo]|pudo encontrar) la direcci[óo]n de correo electr[óo]nico|impossibile trovare l'indirizzo di posta elettronica|e-mailadres dat u hebt ingevoerd,? is niet gevonden|endere[çc]o de e-?mail que voc[êe] inseriu n[ãa]o foi encontrado/i;

/** Google's refusal of a post to a group, also for a Workspace group at the company's own domain (English, German). */
const GROUP_REFUSAL = /the group you tried to contact|permission to post messages to the group|die gruppe, die sie kontaktieren|um der gruppe nachrichten zu posten/i;

/** A refusal about the sending host: its reverse DNS, its IP, a block list. */
const SENDING_HOST = /invalid (?:dns )?ptr|ptr (?:resource )?record|reverse (?:dns|lookup|hostname)|rdns|\bip=[0-9]|client host (?:\[|rejected)|your ip(?: address)? (?:is|has been|was)|blocked using|listed (?:at|in|on) [a-z.]*(?:spamhaus|spamcop|sorbs|barracuda)/i;

/** Transient conditions a report that gave up names as its last error: the failure is the expiry. */
/** A DNS blocklist's refusal of our sending IP. */
const DNSBL = /blocked using [a-z0-9.-]+\.[a-z]{2,}|listed (?:at|in|on) [a-z0-9.-]*(?:spamhaus|spamcop|sorbs|barracuda|dnsbl|rbl)|\b(?:zen|sbl|xbl|pbl)\.spamhaus\.org/i;
const GAVE_UP_ON = new Set<BounceReason>(["network", "other", "system", "protocol"]);
const NO_CONNECTION = /timed? ?out|connection (?:refused|reset|lost|closed|dropped|failed)|did not accept (?:our )?(?:requests? to connect|(?:the )?connection)|(?:could not|couldn't|unable to|failed to|cannot) (?:connect|establish)/i;
const DNS_OR_LOOP = /name ?server|\bdns\b|host not found|not resolv|\bloop|hop count/i;
const NOT_FAILED = new Set(["delivered", "relayed", "expanded", "deliverable"]);
const PASSING = /temporar|try again later|retry later|will be retried|try later/i;
/**
 * A mailbox closed for good, not locked for a while: "this mailbox has been closed", "account deleted", "is opgeheven",
 * "Postfach wurde gelöscht", "compte supprimé", "cuenta eliminada", "casella cessata", "conta encerrada" (folded).
 */
const CLOSED_FOR_GOOD = new RegExp(
  [
    "(?:mailbox|account|address|e-?mail address|user) (?:has been |was |is )?(?:permanently )?(?:closed|deleted|removed|terminated|cancell?ed)(?![a-z])|(?:account|mailbox|address) no longer exists",
    "(?:postfach|konto|adresse|e-?mail-adresse) (?:wurde |ist )?(?:geloscht|geloescht|gekundigt|gekuendigt|aufgelost|aufgeloest|geschlossen)",
    "(?:is|werd|wordt) opgeheven|(?:adres|account|mailbox) (?:is |werd )?verwijderd",
    "(?:compte|adresse|boite(?: aux lettres)?) (?:a ete |est )?(?:supprime|ferme|cloture|resilie)e?",
    "(?:cuenta|buzon|direccion) (?:ha sido |fue |esta )?(?:eliminad|cerrad|cancelad)[oa](?! temporal)|dad[oa] de baja",
    "(?:account|casella|indirizzo) (?:e stat[oa] |e )?(?:eliminat|chius|cancellat|cessat|disattivat[oa] definitivamente)[oa]?",
    "(?:conta|caixa(?: postal)?|endereco) (?:foi |esta )?(?:excluid|encerrad|cancelad|eliminad)[oa]",
  ].map((p) => `(?<![a-z])(?:${p})`).join("|"),
);

/** The first line of a multi-line answer ("550-5.7.1 …"); its code and enhanced code start every line after it. */
const MULTI_LINE = /(?:^|\s)([245]\d\d)-(?:([245]\.\d{1,3}\.\d{1,3})(?=\s))?/;

/**
 * A multi-line answer folded into one line ("… this message is not RFC
 * 550-5.7.1 5322 compliant …"): the prefixes of its later lines are not words,
 * and a phrase they split must still read.
 */
function withoutReplyPrefixes(text: string): string {
  const m = MULTI_LINE.exec(text);
  if (!m) return text;
  const [, code, enhanced] = m;
  const again = new RegExp(`\\s${code}[ -]${enhanced ? `${enhanced.replace(/\./g, "\\.")}(?=\\s|$)` : "(?=\\S)"}`, "g");
  const start = m.index + m[0].length;
  return text.slice(0, start) + text.slice(start).replace(again, "");
}

/** The recipient's verdict, or null when the report says it was delivered (Action: delivered/relayed/expanded). */
export function classifyRecipient(f: Found): Classified | null {
  if (f.action && NOT_FAILED.has(f.action)) return null;
  if (f.status && f.status[0] === "2") return null;
  const diagnostic = f.diagnostic ? f.diagnostic.replace(/\s+/g, " ").trim() || null : null;
  // "smtp; 550 …", "X-Postfix; …": the diagnostic type is not the text
  const text = diagnostic ? withoutReplyPrefixes(diagnostic.replace(/^[a-z][a-z0-9-]{1,15};\s*/i, "")) : "";
  const given = f.status && /^[245]\.\d{1,3}\.\d{1,3}$/.test(f.status) ? f.status : null;
  const inText = findStatus(text);
  let replyCode = f.replyCode ?? findReplyCode(text);
  let status = preferStatus(given, inText, replyCode);
  const delayed = f.action === "delayed" || (f.delayed === true && f.action !== "failed");
  let permanent: boolean;
  if (delayed) permanent = false;
  else if (status) permanent = status[0] === "5";
  else if (replyCode && replyCode[0] !== "2") permanent = replyCode[0] === "5";
  else permanent = f.permanent ?? true;
  // a reply code of the other class than the status is a transcript's, not the verdict
  if (replyCode && status && replyCode[0] !== status[0]) replyCode = findReplyCode(text, status[0]);
  if (replyCode && replyCode[0] === "2") replyCode = null;

  const cls = permanent ? "5" : "4";
  const code = replyCode && replyCode[0] === cls ? Number(replyCode) : Number(cls) * 100 + 50;
  const provider = providerReason(text, `${f.remoteMta ?? ""} ${f.hosts ?? ""}`);
  let phrase = provider ?? phraseReason(text, status);
  // X.2.1 with words of a mailbox closed ("this address no longer accepts mail (#5.2.1)"): disabled, not missing
  if (phrase === "user_unknown" && status !== null && /^[45]\.2\.1$/.test(status) && classifyAnswer(code, status, text).bounce?.reason === "mailbox_disabled") phrase = "mailbox_disabled";
  let reason: BounceReason;
  // the report's own words saying the mailbox is full beat the quoted answer:
  // a full mailbox must not be taken for a dead one
  if (phrase !== "mailbox_full" && f.context && phraseReason(f.context) === "mailbox_full") reason = "mailbox_full";
  else if (phrase) reason = phrase;
  else {
    const verdict = classifyAnswer(code, status, text);
    reason = verdict.bounce?.reason ?? "other";
  }
  // the recipient's own text says nothing of why (a footer followed its address): a one-recipient report's words may
  let words = text;
  if (reason === "other" && f.context) {
    const said = phraseReason(f.context, status) ?? classifyAnswer(code, status, f.context).bounce?.reason;
    if (said && said !== "other") [reason, words] = [said, `${f.context} ${text}`];
  }
  // "User unknown" in answer to DATA (the recipient was accepted at RCPT),
  // with a mailbox-status code (X.2.x) and no RCPT named, or with no address
  // at all ("550 : User unknown": Japanese carriers' recipient filters) is a
  // filter's refusal, not a dead mailbox: soft. Wording that can only mean a
  // missing mailbox stays user_unknown whatever the command.
  const command = findCommand(`${f.context ?? ""} ${text}`);
  if (reason === "user_unknown" && !provider && !(status && /^[45]\.1\.(?:[0-6]|9|10)$/.test(status)) && !DEFINITE_UNKNOWN.test(words)) {
    if (command !== "RCPT" || /(?:^|\s|:)\d{3}:?\s+:\s*user unknown/i.test(text)) reason = "policy";
  }
  // RFC 5321's generic "mailbox unavailable" over a cause about our sending host ("… 550 invalid DNS PTR resource record,
  // IP=…": GMX, Web.de): our host refused, the mailbox is not said to be missing
  // (a DNS blocklist named beside "user unknown" — "Client host [x] blocked using zen.spamhaus.org" — refused our IP
  // whatever the code says of the mailbox: suppressing the address would lose a live one)
  if (reason === "user_unknown" && (!(status && /^[45]\.1\.(?:[0-6]|10)$/.test(status)) || DNSBL.test(words)) && SENDING_HOST.test(words)) {
    // named as the MTA's own answers name it (reverse DNS: dmarc), else a block
    const named = classifyAnswer(code, null, words.replace(/mailbox unavailable/gi, " ")).bounce?.reason;
    reason = named && named !== "user_unknown" && named !== "other" && named !== "policy" ? named : "blocked";
  }
  // refused at MAIL FROM, or with a code about the sender's address (X.1.7, X.1.8):
  // our address, not the recipient's
  // (X.7.27 naming the sender: RFC 7505's null MX of our sender's domain; Sendmail also gives it to a recipient's domain that takes no mail)
  const senderNullMx = status !== null && /^[45]\.7\.27$/.test(status) && /\bsender\b/i.test(text);
  if ((HARD_REASONS.has(reason) || reason === "other") && (command === "MAIL" || senderNullMx || (status !== null && /^[45]\.1\.[78]$/.test(status)))) reason = "policy";
  // refused before any command (the greeting, "after initial connection"): the server refuses our IP, not this mail
  if (command === "CONN" && (reason === "policy" || reason === "other")) reason = "blocked";
  // Google Groups answers a post it refuses (no such group, or no permission to post) without a code: the
  // group refused the sender (sisimai's GoogleGroups module reads it so), whatever language it is written in;
  // a Workspace group at the company's own domain is known by Google's wording
  // (so does any mailing list's own notice that it refused a post, in whatever words: index.ts listRefusal)
  if (reason === "other" && (f.listRefusal || /@googlegroups\.com$/i.test(f.address) || GROUP_REFUSAL.test(`${f.context ?? ""} ${text}`))) reason = "policy";
  // a delay notice's generic "400 4.4.7 Message delayed" (Exchange): the last error its text shows says why it waits
  if (delayed && reason === "expired" && f.context) {
    const rest = f.context.replace(/\b4\.4\.7\b[^.;\n]*/g, " ");
    // the remote server's own answer, when the text quotes one ("451 4.4.0 DNS query failed"), else the words
    const answer = /\b4\d\d[ -]4\.\d{1,3}\.\d{1,3}\b[^\n]{0,160}/.exec(rest)?.[0];
    const shown = answer ?? rest;
    const shownStatus = findStatus(shown);
    const said = phraseReason(shown, shownStatus) ?? classifyAnswer(Number(findReplyCode(shown, "4") ?? 450), shownStatus, shown).bounce?.reason;
    if (said && said !== "expired" && said !== "other") reason = said;
  }
  // given up with a transient status (Action: failed, 4.x.x): the message outlived the queue's retries
  // (a text report's own words that its queue gave up, "il messaggio è scaduto", say it too)
  const gaveUp = f.action === "failed" || (f.action === undefined && !!f.context && phraseReason(f.context) === "expired");
  if (!delayed && !permanent && gaveUp && GAVE_UP_ON.has(reason)) reason = "expired";
  // a permanent failure to connect, with no answer from the remote server: nobody refused the message, the
  // reporting MTA stopped retrying (Gmail's "did not accept our requests to connect"). A DNS error or a
  // mail loop may be final at once, so only a connection that never came counts.
  if (!delayed && permanent && replyCode === null && reason === "network" && NO_CONNECTION.test(text) && !DNS_OR_LOOP.test(text)) reason = "expired";
  // a local delivery program's failure (x-unix: procmail, a pipe) is the receiving system's
  // (sendmail also writes its own "Host unknown" as X-Unix: the domain's failure, read as such)
  if (diagnostic && /^x-unix;/i.test(diagnostic) && reason !== "mailbox_full" && reason !== "bad_domain") reason = "system";
  // a recipient address the remote server calls malformed is as dead as a missing one
  if (reason === "bad_address") reason = "user_unknown";
  // a disabled or suspended mailbox may come back (RFC 3463 calls X.2.1 permanent
  // or transient; providers lock accounts for a while): in a report it is soft, unless closed for good
  const hard = !delayed && permanent && HARD_REASONS.has(reason) && (reason !== "mailbox_disabled" || CLOSED_FOR_GOOD.test(fold(words))) && !PASSING.test(words);
  status ??= statusFor(reason, permanent, words);
  return {
    address: f.address,
    ...(f.original && f.original.toLowerCase() !== f.address.toLowerCase() ? { originalRecipient: f.original } : {}),
    kind: delayed ? "deferred" : "bounced",
    hard,
    reason,
    status,
    replyCode,
    diagnostic,
    remoteMta: f.remoteMta ?? null,
  };
}
