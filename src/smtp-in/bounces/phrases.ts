// Phrases that reports write about a recipient and that decide its reason
// before the SMTP answer's codes do (answers.ts reads those). Collected from
// real bounces of many MTAs and providers (sisimai's reason tables are the
// reference for what each phrase means); lower case, matched anywhere in the
// diagnostic text. Order matters: the first reason whose phrases match wins,
// and the reasons that must not be mistaken for a dead address (a full
// mailbox, a size limit, a passing lock) come before those that kill one.

import type { BounceReason } from "../../mta/answers";

const table: [BounceReason, string[]][] = [
  [
    "mailbox_full",
    [
      "mailbox full", "mailbox is full", "mailbox was full", "mailbox has exceeded", "mailbox exceeded the local limit", "mailbox over quota", "mailbox quota",
      "mailbox size limit exceeded", "mailbox would exceed", "mailfolder is full", "maildir over quota", "maildir delivery failed: userdisk quota",
      "maildir delivery failed: domaindisk quota", "full mailbox", "over quota", "over the quota", "over the allowed quota", "over its quota",
      "overquota", "quota exceeded", "quota violation", "exceeded storage allocation", "exceeding its mailbox quota", "exceeding their quota",
      "exceeded their storage", "reached disk quota", "disc quota exceeded", "disk quota exceeded", "diskspace quota", "insufficient disk space",
      "not enough disk space", "not enough storage space", "not sufficient disk space", "does not have enough space", "no space left on device",
      "user has too many messages", "the user's space has been used up", "too much mail data", "boite du destinataire pleine",
      "mail file size exceeds the maximum size allowed for mail delivery", "number of messages in recipient's mailbox exceeded",
      "as their mailbox is full", "account is full", "inbox is full", "is over its storage", "storage quota", "exceeding receiving limits",
      "has exceeded its quota", "exceeded quota", "mailbox size exceeded",
    ],
  ],
  [
    "message_too_large",
    [
      "message too big", "message too large", "message is too big", "message is too large", "message size exceeds", "message size limit",
      "message length exceeds", "exceeds size limit", "exceeds the maximum size", "exceeds maximum allowed size", "size limit exceeded",
      "mail size limit exceeded", "message file too big", "line limit exceeded", "exceeded the maximum message size",
      "email is too large", "size exceeds the limit", "message exceeds the maximum", "message exceeded",
    ],
  ],
  [
    "mailbox_disabled",
    [
      "is currently suspended", "has been suspended", "user suspended", "mailbox currently suspended", "mailbox disabled", "mailbox is disabled",
      "this mailbox is disabled", "account is disabled", "account has been disabled", "account that you tried to reach is disabled",
      "account that you tried to reach is inactive", "inactive account", "invalid/inactive user", "is a deactivated mailbox", "user is terminated",
      "mailbox is frozen", "recipient suspend the service", "user or domain is disabled", "account is locked", "archived recipient",
      "boite du destinataire archivee", "disabled recipient", "recipient account is blocked", "le compte du destinataire est bloque",
      "account has been deactivated", "account is inactive", "mailbox is inactive", "mailbox inactive", "account expired", "disabled or discontinued",
      "recipient rejected: temporarily inactive", "temporary locked", "temporarily locked",
    ],
  ],
  [
    "user_unknown",
    [
      "user unknown", "unknown user", "unknown recipient", "unknown mailbox", "unknown address", "address unknown", "recipient unknown", "unknown local part",
      "unknown local-part", "unknown e-mail address", "unknown email address", "no such user", "no such mailbox", "no such recipient", "no such address",
      "no such person", "no such local user", "no mailbox here by that name", "no mailbox by that name", "no mailbox found", "no mail box available",
      "no account by that name", "user not found", "user not known", "user not exist", "user does not exist", "user doesn't exist",
      "mailbox not found", "mailbox does not exist", "mailbox not present", "mailbox unavailable", "mailbox is unavailable", "mailbox unavaiable",
      "mailbox invalid", "invalid mailbox", "invalid recipient", "invalid address", "address invalid", "address does not exist", "address doesn't exist",
      "address not present in directory", "email address does not exist", "email address could not be found", "e-mail address was not found",
      "address not found", "recipient not found", "recipient does not exist", "recipient not exist", "recipient is not local", "recipient not ok",
      "recipient address rejected: user", "recipient address rejected: invalid", "recipient address rejected: unknown user", "recipient address rejected: access denied",
      "recipient address rejected: userunknown", "is not a valid mailbox", "is not a valid recipient", "not a valid recipient", "not a valid user",
      "is not a known user", "is not an active address", "not a local address", "the email account that you tried to reach does not exist",
      "the user's email name is not found", "there is no one at this address", "this address no longer accepts mail", "no longer valid",
      "resolver.adr.recipnotfound", "resolver.adr.recipientnotfound", "recipnotfound", "sorry, badrcptto", "badrecipientto", "validrcptto", "badrcptto",
      "your envelope recipient has been denied", "user missing home directory", "user not active", "vdeliver: invalid or unknown virtual user",
      "not listed in domino directory", "not listed in public name & address book", "unknown or illegal alias", "destination addresses were unknown",
      "has been replaced by", "this user doesn't have a", "doesn't have a yahoo", "not our customer", "invalid final delivery userid",
      "no valid recipients", "requested action not taken: mailbox unavailable", "mailbox unavailable or access denied", "nonexistent user",
      "non-existent user", "utilisateur inconnu", "no existe", "nessun utente", "recipient rejected: user unknown", "is not a valid e-mail address",
      "this spectator does not exist", "recipient is not accepted", "can't accept user", "ディレクトリのリストにありません",
    ],
  ],
  [
    "bad_domain",
    [
      "host unknown", "unknown host", "host or domain name not found", "domain does not exist", "domain must exist", "no such domain",
      "unknown domain", "domain not found", "unrouteable address", "unroutable address", "name or service not known", "domain is not reachable",
      "mail domain mentioned in email address is unknown", "the account or domain may not exist", "does not accept mail", "null mx", "nullmx",
      "no mx record found", "illegal host/domain name", "as the remote domain doesnt exist", "host not found", "domain name not found",
      "mail receiving disabled",
    ],
  ],
];

const compiled: [BounceReason, string[]][] = table;

/** The reason a report's own phrases name, or null. */
export function phraseReason(text: string): BounceReason | null {
  if (!text) return null;
  const lower = text.toLowerCase();
  for (const [reason, phrases] of compiled) {
    for (const p of phrases) if (lower.includes(p)) return reason;
  }
  return null;
}
