// Auto-replies (RFC 3834): out-of-office notices, vacation responders,
// "your message was received" acknowledgements. Never bounces: they are
// checked only after every bounce and complaint format said no, because
// bounces carry the same headers (Postfix and Exim put Auto-Submitted:
// auto-replied on their DSNs).
//
// An auto-reply is a message with:
// - Auto-Submitted: auto-replied / auto-generated / auto-notified (RFC 3834)
//   (anything but "no"), X-Autoreply / X-Autorespond / X-Auto-Response,
//   Precedence: auto_reply, X-Apple-Action: vacation, X-Vacation, or
// - a subject that says so: "Auto:", "Automatic reply:", "Auto reply:",
//   "Autoreply", "Out of office", "Out of the office", "Abwesenheitsnotiz",
//   "Réponse automatique", "Respuesta automática", "自動応答"…,
// - Microsoft's X-MS-Exchange-Inbox-Rules-Loop or X-Auto-Response-Suppress
//   together with an out-of-office wording in the subject or body.
// Messages from a mailer daemon, postmaster or root are excluded: those are
// reports about delivery, not replies from a person's mailbox.

import { header, headerText, type Entity } from "./mime";

const AUTO_SUBJECT =
  /^(?:\s*(?:re|aw|fw|fwd)\s*:\s*)*(?:auto(?:matic)?[ -]?(?:reply|response|answer)|auto\s*:|autoreply|autoresponse|out of (?:the )?office|ooo\b|away from (?:the|my) office|on vacation|vacation (?:reply|notice|message)|abwesenheit|automatische (?:antwort|r[üu]ckmeldung)|r[ée]ponse automatique|respuesta autom[áa]tica|fuera de la oficina|risposta automatica|fuori ufficio|automatisch antwoord|afwezig|resposta autom[áa]tica|автоответ|自動応答|自動返信|不在)/i;

const OOO_WORDS = /out of (?:the )?office|on (?:vacation|holiday|leave|annual leave|parental leave)|away (?:from|until)|i am away|i'?m away|will be back|return(?:ing)? (?:to the office )?on|limited access to (?:e-?mail|my e-?mail)|currently (?:away|out)|abwesend|bin (?:bis|ab)/i;

const DAEMON_FROM = /^(?:mailer-daemon|postmaster|root|mail delivery (?:system|subsystem))\b|<(?:mailer-daemon|postmaster|root)@/i;

/** Whether a message is an auto-reply (see the top of this file). */
export function isAutoReply(msg: Entity, bodyText: () => string): boolean {
  const from = (headerText(msg, "from") ?? "").trim();
  if (DAEMON_FROM.test(from) || /^(?:mailer-daemon|postmaster)@/i.test(from.replace(/^.*</, ""))) return false;
  const auto = (header(msg, "auto-submitted") ?? "").trim().toLowerCase();
  if (auto && !auto.startsWith("no")) return true;
  if (header(msg, "x-autoreply") !== null || header(msg, "x-autorespond") !== null || header(msg, "x-auto-response") !== null || header(msg, "x-vacation") !== null) return true;
  if ((header(msg, "precedence") ?? "").trim().toLowerCase() === "auto_reply") return true;
  if ((header(msg, "x-apple-action") ?? "").trim().toLowerCase() === "vacation") return true;
  const subject = headerText(msg, "subject") ?? "";
  if (AUTO_SUBJECT.test(subject)) return true;
  if (header(msg, "x-ms-exchange-inbox-rules-loop") !== null || header(msg, "x-auto-response-suppress") !== null) {
    return OOO_WORDS.test(subject) || OOO_WORDS.test(bodyText().slice(0, 4000));
  }
  return false;
}
