// Phrases that reports write about a recipient and that decide its reason
// before the SMTP answer's codes do (answers.ts reads those). Collected from
// real bounces of many MTAs and providers (sisimai's reason tables are the
// reference for what each phrase means); lower case, matched anywhere in the
// diagnostic text. Order matters: the first reason whose phrases match wins,
// and the reasons that must not be mistaken for a dead address (a full
// mailbox, a size limit, a passing lock) come before those that kill one.

import type { BounceReason } from "../../mta/bounce-reason";

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
      "user has too many messages", "邮箱已满", "邮箱空间不足", "空间已满", "the user's space has been used up", "too much mail data", "boite du destinataire pleine",
      "mail file size exceeds the maximum size allowed for mail delivery", "number of messages in recipient's mailbox exceeded",
      "as their mailbox is full", "account is full", "inbox is full", "is over its storage", "storage quota", "exceeding receiving limits",
      "has exceeded its quota", "exceeded quota", "mailbox size exceeded", "mailbox exceeds allowed size", "over its size quota", "over the size quota",
      // the same in the other languages reports are written in (Office 365's localized "The recipient's mailbox is full" among them)
      "postfach voll", "postfach ist voll", "postfach des empfangers ist voll", "speicherplatz erschopft", "boite aux lettres pleine", "boite aux lettres est pleine",
      "boite de reception pleine", "boite de reception est pleine", "buzon lleno", "buzon esta lleno", "buzon del destinatario esta lleno", "casella di posta piena", "casella di posta del destinatario e piena", "casella del destinatario e piena",
      "casella piena", "cassetta postale piena", "cassetta postale del destinatario e piena", "postvak vol", "postvak is vol", "postvak van de ontvanger is vol",
      "skrzynka odbiorcy jest pełna", "skrzynka jest pełna", "skrzynka pocztowa jest pełna", "posta kutusu dolu", "posta kutusu kotası",
      "メールボックス容量超過", "容量の上限", "容量超過", "メールボックスがいっぱい", "メールボックスが一杯",
      "caixa postal cheia", "caixa postal esta cheia", "caixa de correio cheia", "caixa de entrada cheia", "caixa de correio do destinatario esta cheia",
      "a depasse son quota", "quota depasse", "quota uberschritten", "speicherkontingent uberschritten", "ha excedido su cuota", "cuota excedida",
      "ha superato la quota", "quota superata", "quotum overschreden", "excedeu a cota", "cota excedida", "quota excedida",
      "메일함 용량", "용량이 초과", "용량 초과", "메일함이 가득",
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
      "this mailbox is disabled", "account is disabled", "account disabled", "account has been disabled", "account that you tried to reach is disabled",
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
      "user unknown", "unknown user", "unknown recipient", "unknown mailbox", "address unknown", "recipient unknown", "unknown local part", "receiver not found",
      "unknown local-part", "unknown e-mail address", "unknown email address", "no such user", "no such mailbox", "no such recipient", "no such address",
      "no such person", "no such local user", "no mailbox here by that name", "no mailbox by that name", "no mailbox found", "no mail box available",
      "no account by that name", "user not found", "user not known", "user not exist", "user does not exist", "user doesn't exist",
      "mailbox not found", "mailbox does not exist", "mailbox not present", "mailbox unavailable", "mailbox is unavailable", "mailbox unavaiable",
      "mailbox invalid", "invalid mailbox", "invalid recipient", "invalid address", "address invalid", "address does not exist", "address doesn't exist",
      "address not present in directory", "email address does not exist", "email address could not be found", "e-mail address was not found",
      "address not found", "recipient not found", "recipient does not exist", "recipient not exist", "recipient is not local", "recipient not ok",
      "recipient address rejected: invalid", "recipient address rejected: unknown user", "recipient address rejected: access denied",
      "recipient address rejected: userunknown", "is not a valid mailbox", "is not a valid recipient", "not a valid recipient", "not a valid user",
      "is not a known user", "is not an active address", "not a local address", "the email account that you tried to reach does not exist",
      "the user's email name is not found", "there is no one at this address", "this address no longer accepts mail", "no longer valid",
      "resolver.adr.recipnotfound", "resolver.adr.recipientnotfound", "recipnotfound", "sorry, badrcptto", "badrecipientto", "validrcptto", "badrcptto",
      "your envelope recipient has been denied", "user missing home directory", "user not active", "vdeliver: invalid or unknown virtual user",
      "not listed in domino directory", "user or post office not found", "not listed in public name & address book", "unknown or illegal alias", "destination addresses were unknown",
      "has been replaced by", "this user doesn't have a", "doesn't have a yahoo", "not our customer", "invalid final delivery userid",
      "no valid recipients", "requested action not taken: mailbox unavailable", "mailbox unavailable or access denied", "nonexistent user",
      "non-existent user", "utilisateur inconnu", "no existe", "nessun utente", "recipient rejected: user unknown", "is not a valid e-mail address",
      "this spectator does not exist", "recipient is not accepted", "can't accept user", "address couldn't be found", "address could not be found", "ディレクトリのリストにありません",
      // the same in the other languages reports are written in
      "adresse unbekannt", "empfänger unbekannt", "empfaenger unbekannt", "unbekannter empfänger", "unbekannter empfaenger", "benutzer unbekannt", "unbekannter benutzer",
      "empfänger existiert nicht", "benutzer existiert nicht", "adresse existiert nicht", "postfach existiert nicht", "teilnehmer existiert nicht",
      "destinataire inconnu", "adresse inconnue", "utilisateur inexistant", "destinataire inexistant", "boite aux lettres inexistante", "adresse inexistante", "adresse e-mail inexistante", "compte inexistant", "l'adresse n'existe pas", "le destinataire n'existe pas",
      "usuario desconocido", "destinatario desconocido", "el usuario no existe", "la dirección no existe", "la direccion no existe", "buzón inexistente", "buzon inexistente",
      "utente sconosciuto", "utente inesistente", "destinatario sconosciuto", "destinatario inesistente", "l'utente non esiste", "l'indirizzo non esiste", "casella inesistente",
      "gebruiker onbekend", "onbekende ontvanger", "onbekende gebruiker", "gebruiker bestaat niet", "adres bestaat niet", "mailbox bestaat niet",
      "用户不存在", "地址不存在", "邮箱不存在", "收件人不存在", "账户不存在", "帐户不存在", "账号不存在", "帐号不存在",
      "계정이 존재하지 않", "존재하지 않는 계정", "사용자가 존재하지 않", "존재하지 않는 사용자", "주소가 존재하지 않", "존재하지 않는 주소", "수신자가 존재하지 않", "존재하지 않는 수신자",
      "nicht im domino-verzeichnis",
      "usuário desconhecido", "usuario desconhecido", "destinatário desconhecido", "destinatario desconhecido", "caixa postal inexistente", "endereço não existe", "usuário não existe", "usuario nao existe",
      "não existe caixa postal", "caixa postal não existe",
      "skrzynka odbiorcy nie istnieje", "skrzynka pocztowa nie istnieje", "nie ma takiego użytkownika", "użytkownik nie istnieje", "adres odbiorcy nie istnieje",
      "posta kutusu mevcut değil", "böyle bir kullanıcı yok", "kullanıcı bulunamadı", "alıcı bulunamadı",
      "アドレスは存在しません", "宛先は存在しません", "ユーザは存在しません", "ユーザーは存在しません", "存在しないアドレス", "存在しないユーザ",
      // Office 365's localized "The email address you entered couldn't be found"
      "e-mail-adresse wurde nicht gefunden", "e-mail-adresse konnte nicht gefunden werden", "adresse de messagerie que vous avez entree est introuvable",
      "adresse de courrier que vous avez entree est introuvable", "no se encontro la direccion de correo electronico", "no se pudo encontrar la direccion de correo electronico",
      "impossibile trovare l'indirizzo di posta elettronica", "e-mailadres dat u hebt ingevoerd, is niet gevonden", "e-mailadres dat u hebt ingevoerd is niet gevonden",
      "endereco de email que voce inseriu nao foi encontrado", "endereco de e-mail que voce inseriu nao foi encontrado",
    ],
  ],
  [
    "bad_domain",
    [
      "host unknown", "unknown host", "host or domain name not found", "domain does not exist", "domain must exist", "no such domain",
      "unknown domain", "domain not found", "unrouteable address", "unroutable address", "name or service not known", "domain is not reachable",
      "mail domain mentioned in email address is unknown", "the account or domain may not exist", "does not accept mail", "null mx", "nullmx",
      "no mx record found", "illegal host/domain name", "as the remote domain doesnt exist", "host not found", "domain name not found",
      "mail receiving disabled", "indicated no smtp service", "域名不存在", "收件人域名不存在", "도메인이 존재하지 않", "존재하지 않는 도메인",
    ],
  ],
  [
    "expired",
    [
      "retry timeout exceeded", "have been failing for a long time", "has been failing for a long time", "delivery time expired", "delivery expired",
      "message expired", "envelope expired", "queue.expired", "has been in the queue too long", "this message has been in the queue too long",
      "could not be delivered for more than", "was not reachable within the allowed queue period", "unable to deliver message after multiple retries",
      "message timed out", "retry time not reached for any host after a long failure period", "host not reachable", "could not deliver for the last",
      "has now been abandoned", "has been abandoned", "delivery was abandoned", "maximum retry age", "retry age exceeded",
      "dias de tentativas", "giorni di tentativi", "jours de tentatives", "dias de intentos",
      // the queue gave up, in the six other languages
      "il messaggio è scaduto", "rimosso dalla coda", "non verranno effettuati ulteriori tentativi", "die nachricht ist abgelaufen", "aus der warteschlange entfernt",
      "es werden keine weiteren zustellversuche", "le message a expiré", "aucune nouvelle tentative ne sera effectuée", "supprimé de la file d'attente",
      "el mensaje ha caducado", "no se realizarán más intentos", "eliminado de la cola", "het bericht is verlopen", "er worden geen nieuwe pogingen",
      "uit de wachtrij verwijderd", "a mensagem expirou", "não serão feitas novas tentativas", "removida da fila",
    ],
  ],
  [
    "network",
    // a connection refused, failed or timed out, in the other languages reports are written in (English: answers.ts)
    [
      "verbindung abgelehnt", "verbindung zum server abgelehnt", "verbindung fehlgeschlagen", "verbindung zum server fehlgeschlagen", "zeitüberschreitung der verbindung",
      "connexion refusée", "connexion au serveur refusée", "connexion impossible", "échec de la connexion", "délai de connexion dépassé",
      "conexión rechazada", "conexión fallida", "no se pudo conectar", "tiempo de conexión agotado",
      "connessione rifiutata", "connessione fallita", "impossibile connettersi", "timeout della connessione",
      "verbinding geweigerd", "verbinding mislukt", "kan geen verbinding maken", "time-out van de verbinding",
      "conexão recusada", "falha na conexão", "não foi possível conectar", "tempo de conexão esgotado",
    ],
  ],
];

/** Lower case without Latin accents ("boîte" reads as "boite"), other scripts as written (NFC again: Japanese keeps its voiced kana). */
const NON_ASCII = /[^\x00-\x7f]/;
export function fold(text: string): string {
  const lowered = text.toLowerCase();
  return NON_ASCII.test(lowered) ? lowered.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").normalize("NFC") : lowered;
}
for (const entry of table) entry[1] = entry[1].map(fold);

// Wording that needs more than a substring: [reason, pattern, status it needs].
const patterns: [BounceReason, RegExp, RegExp?][] = [
  // "452 Mailbox frank@example.ie is full": the address between the mailbox and its state
  ["mailbox_full", /(?:mailbox|inbox|account|postfach) <?[^\s@<>]+@[^\s<>]+>? (?:is|has|ist) (?:full|over (?:its )?quota|exceeded (?:its|the) (?:quota|storage)|voll)/],
  // X.7.13: the recipient's account is disabled (RFC 3463 says "user account disabled")
  ["mailbox_disabled", /./, /^[45]\.7\.13$/],
  // Postfix's bare "Recipient address rejected." (reject_unlisted_recipient without its reason)
  ["user_unknown", /recipient address rejected\.?\s*(?:\(in reply to rcpt to command\))?$/],
  // X.1.0 (other address status) with "address rejected": the recipient's address
  ["user_unknown", /^(?!.*sender).*\baddress rejected/, /^[45]\.1\.0$/],
  // "553 example.org does not exist": the domain
  ["bad_domain", /\b553 [a-z0-9.-]+\.[a-z]{2,} does not exist/],
  ["bad_domain", /\bhost [a-z0-9.-]+\.[a-z]{2,} not found|dns lookup failure/],
  // the address named between the words: "l'adresse e-mail n'existe pas" (the domain's: DOMAIN_NAMED, first)
  ["user_unknown", /\b(?:the )?(?:e-?mail )?(?:address|recipient|mailbox|account) <?[^ @<>]+@[^ <>]+>? (?:does not|doesn't|did not) exist|\b(?:l'adresse|l'adresse (?:e-?mail|electronique|de messagerie|de courriel)|le destinataire|la boite(?: aux lettres| mail)?) (?:[^ .]+ )?n'existe pas|\b(?:die )?(?:e-?mail-?adresse|empfangeradresse|empfaengeradresse) (?:[^ .]+ )?existiert nicht|\b(?:la )?direccion (?:de correo(?: electronico)?|de e-?mail) (?:[^ .]+ )?no existe|\b(?:l')?indirizzo (?:e-?mail|di posta(?: elettronica)?) (?:[^ .]+ )?non esiste|\bhet e-?mailadres (?:[^ .]+ )?bestaat niet|\bo endereco (?:de e-?mail|de email|eletronico) (?:[^ .]+ )?nao existe/],
];

// Providers' own codes, recognised by the remote MTA's name.
const providers: [RegExp, [BounceReason, RegExp][]][] = [
  [/\.messagelabs\.com\b/i, [["user_unknown", /^542 .*rejected|no such user/i]]],
  [/\.facebook\.com\b/i, [["user_unknown", /\brcp-p1\b/i], ["policy", /\brcp-p[23]\b/i], ["mailbox_disabled", /\brcp-t4\b/i]]],
];

// Orange/La Poste (LPNnnn_ccc, OFRnnn_ccc): the code after the underscore.
const FRANCE_PTT: Record<string, BounceReason> = { "416": "user_unknown", "417": "mailbox_full", "420": "mailbox_disabled", "426": "mailbox_disabled", "514": "message_too_large" };

// A name server that did not answer ("Host not found, try again": DNS
// TRY_AGAIN) says nothing of whether the domain exists.
const TEMPORARY_DNS = /host not found, try again|name service error.*(?:try again|malformed or unexpected|timed out|servfail)|temporary (?:dns|name server) (?:failure|error)/;

/** The reason a provider's own code or wording names, by the hosts involved, or null. */
export function providerReason(text: string, hosts: string): BounceReason | null {
  if (!text || !hosts.trim()) return null;
  for (const [host, rules] of providers) if (host.test(hosts)) for (const [reason, re] of rules) if (re.test(text)) return reason;
  return null;
}

// the domain named between the words, "the domain lapsed.example does not exist", "el dominio x.example no existe":
// read before the table, whose "no existe" would take it for a missing mailbox
const DOMAIN_NAMED = /\b(?:the )?domain (?:name )?[a-z0-9.-]+\.[a-z]{2,} (?:does not|doesn't|did not) exist|\bthe domain (?:of|in|part of) the (?:recipient(?:'s)?|destination) (?:e-?mail )?address (?:does not|doesn't|did not) exist|\bel dominio [a-z0-9.-]+\.[a-z]{2,} no existe|\bil dominio [a-z0-9.-]+\.[a-z]{2,} non esiste|\bhet domein [a-z0-9.-]+\.[a-z]{2,} bestaat niet|\bo dominio [a-z0-9.-]+\.[a-z]{2,} nao existe|\ble domaine [a-z0-9.-]+\.[a-z]{2,} n'existe pas|\bdie domain(?:e)? [a-z0-9.-]+\.[a-z]{2,} existiert nicht/;

/** The reason a report's own phrases name, or null. */
export function phraseReason(text: string, status: string | null = null): BounceReason | null {
  if (!text) return null;
  const lower = fold(text);
  if (TEMPORARY_DNS.test(lower)) return "network";
  const ptt = /\b(?:lpn|lpnaaa|ofr|ouk)\d{0,3}[_-](\d{3})\b/.exec(lower);
  if (ptt && FRANCE_PTT[ptt[1]!]) return FRANCE_PTT[ptt[1]!]!;
  if (DOMAIN_NAMED.test(lower)) return "bad_domain";
  for (const [reason, phrases] of table) {
    for (const p of phrases) if (lower.includes(p)) return reason;
    for (const [r, re, needs] of patterns) if (r === reason && re.test(lower) && (!needs || (status !== null && needs.test(status)))) return reason;
  }
  return null;
}
