// The non-standard bounce formats: what MTAs and providers write in plain
// text instead of (or besides) an RFC 3464 report. Learnt from the wording of
// real bounces (sisimai's set and its Lhost tables); the table below names a
// format by the phrases that only it writes, and ORIGINAL_BEGINS lists where
// the formats' own text ends and the returned original begins. One generic
// reader (text.ts) then finds the recipients and each one's error text, so a
// format needs a table row, not code.

export interface Format {
  name: string;
  /** Phrases (in the report's text, the From: or the Subject:) that identify it. */
  marks: RegExp;
}

// Lines where the returned original (or its headers) begins, for every format
// (every alternative starts with ^: originalBegins tries it at line starts only).
export const ORIGINAL_BEGINS = new RegExp(
  [
    "^-+ ?This is a copy of the message",
    "^-+ ?Below (?:this|the next) line is a copy of the (?:message|mail header)",
    "^-+ ?Mensaje original adjunto",
    // T-Online frames its headings: "|------ Message header follows: ------|"
    "^[ \\t]*\\|?-+ ?(?:Original message|Original Message|Message header) follows",
    "^[ \\t]*-+ ?(?:Original message|Original Message|Returned Message|Unsent message follows|No message was collected)\\b",
    "^[ \\t]*-+ ?original (?:message|mail info)",
    "^[ \\t]*Original message follows[.:]?$",
    "^[ \\t]*(?:-+ ?)?(?:(?:Undelivered|Undeliverable|Returned) )?(?:Message|Mail) headers follow",
    "^[ \\t]*-+ ?(?:Undelivered|Undeliverable) (?:message|mail) follows",
    "^[ \\t]*-+ ?The (?:header|headers) of the original message",
    "^[ \\t]*Original message headers:",
    "^[ \\t]*Original Message Headers",
    "^[ \\t]*En-t[êe]tes de message d'origine",
    "^[ \\t]*Intestazioni originali del messaggio",
    "^[ \\t]*Ursprungshuvuden:",
    // Exchange's "Original message headers:" in the other languages, and the like
    "^[ \\t]*(?:-+[ \\t]*)?(?:Urspr(?:ü|ue|u)ngliche Nachrichtenkopfzeilen|Kopfzeilen der (?:urspr(?:ü|ue|u)nglichen |Original-?)Nachricht|En-t[êe]tes du message d'origine|(?:En)?[Cc]abeceras del mensaje original|Encabezados del mensaje original|Cabe[çc]alhos da mensagem original|Oorspronkelijke berichtkoppen|Headers van het oorspronkelijke bericht|Intestazioni del messaggio originale|Заголовки исходного (?:письма|сообщения)|원본 메일 헤더|원본 메시지 헤더)",
    "^[ \\t]*Below is a copy of the original message",
    "^[ \\t]*The original message (?:follows|is attached|headers? (?:are|is) (?:attached|included|below))",
    "^[ \\t]*Original mail as follows:",
    "^[ \\t]*Original Message:",
    "^[ \\t]*The attachment contains the original mail headers",
    "^[ \\t]*-+ ?Your message",
    "^[ \\t]*\\*+ ?(?:original|returned) message",
    "^[ \\t]*-+ ?(?:Returned|Rejected) (?:mail|message)",
    "^[ \\t]*-+ ?Message (?:text|body) follows",
    "^[ \\t]*Content-Type: (?:message/rfc822|text/rfc822-headers)",
    "^'\\+{20,}",
    // in any language ("------ Questa è una copia delle intestazioni del messaggio. ------"): the original's own
    // header block, a Return-path or DKIM-Signature line followed by another header line
    "^(?:Return-path|DKIM-Signature):[^\\n]*\\r?\\n(?:[ \\t]|[A-Za-z][A-Za-z0-9-]{1,40}:)",
  ].join("|"),
  "im",
);

// Phrases only a bounce writes: a plain-text report needs one of them (or a
// mailer daemon's From: with a bounce Subject:) before it is read as one.
export const BOUNCE_WORDS = new RegExp(
  [
    // Korean gateways: "수신 거부되었습니다" (refused at receipt), "차단되었습니다" (blocked)
    "수신 ?거부되었습니다",
    "차단되었습니다",
    "could not be delivered",
    "couldn'?t be delivered",
    "cannot be delivered",
    "can'?t be delivered",
    "was not delivered",
    "were not delivered",
    "has not (?:yet )?been delivered",
    "have not (?:yet )?been delivered",
    "not (?:been )?delivered to",
    "undeliverable",
    "undelivered mail",
    "unable to deliver",
    "delivery (?:has )?failed",
    "delivery to the following recipients? (?:failed|has been delayed|is delayed)",
    "did not reach the following recipient",
    "did not reach some or all of the intended recipients",
    "failed permanently",
    "permanent (?:fatal )?errors?",
    "the following address(?:\\(es\\)|es)? (?:failed|had)",
    "i'?m afraid i wasn'?t able to deliver",
    "i'?m sorry to have to inform you",
    "error delivering your (?:mail|message)",
    "error (?:has )?occurred while (?:attempting|trying) to deliver",
    "trouble delivering your message",
    "transcript of session follows",
    "delivery status notification",
    "mail delivery (?:failed|problem|failure)",
    "returned mail",
    "message (?:was )?(?:rejected|refused|bounced) by",
    "rejected by (?:a |the )?(?:remote|recipient'?s?) (?:mail )?server",
    "was rejected by the server",
    "the error that the other server returned",
    "failure reasons",
    "non[- ]delivery",
    "delivery notification",
    "mail system error",
    "delivery (?:attempts|retry) (?:will continue|timeout)",
    "delayed? (?:mail|delivery|warning)",
    "warning: message",
    "still (?:could )?not (?:been )?(?:be )?delivered",
    "retry time not reached",
    "has been frozen",
    // not "has been received and is pending approval": a moderator's hold is no failure
    "your (?:message|mail) to .{0,80} (?:(?:has|was) (?:been )?(?:automatically )?(?:not|rejected|refused|blocked|returned|bounced|delayed|denied|deferred)|could|cannot)",
    "no valid recipients",
    "deliver(?:y|ing) to (?:these|the following) recipients",
    "non remis",
    "non recapitabile",
    "unzustellbar",
    "nicht zugestellt",
    "konnte nicht zugestellt",
    "ne peut (?:pas )?[êe]tre d[ée]livr",
    "message n'a pas pu [êe]tre remis",
    "n'a pas [ée]t[ée] remis",
    "n'a pas pu [êe]tre d[ée]livr",
    "non [èe] stato recapitato",
    "n[ãa]o p[ôo]de ser entregue",
    "[ée]chec de (?:la )?remise",
    "zustellung (?:ist )?fehlgeschlagen",
    "bericht (?:kan )?niet (?:worden )?bezorgd",
    "kan uw bericht niet bezorgen",
    "(?:is|kon) niet (?:worden )?afgeleverd",
    "bezorging (?:is )?mislukt",
    "mensaje no (?:se )?(?:pudo|ha podido|puede) (?:ser )?entrega",
    "error en la entrega",
    "messaggio non (?:[èe]|e') stato (?:consegnato|recapitato)",
    "impossibile recapitare",
    "mancata consegna",
    "mensagem n[ãa]o (?:p[ôo]de|pode) ser entregue",
    "falha na entrega",
    "不能送達",
    "送信できませんでした",
    "配信でき",
    "送達でき",
    "届きません",
    "届けられません",
    "配送(?:されて)?(?:おりません|いません|されませんでした|できませんでした)",
    "受信を拒否(?:いたしました|しました)",
    "не может быть доставлено",
    "не доставлено",
    "не удалось доставить",
    "未能送达",
    "退信",
    "邮件被退回",
    "无法(?:送达|投递)",
    "投递失败",
    "没有(?:发送|投递)成功",
    "전달되지 (?:못|않)",
    "전송되지 (?:못|않)",
    "(?:전송|발송)(?:이|에)? 실패",
  ].join("|"),
  "i",
);

// A word every BOUNCE_WORDS phrase contains (test/unit/bounce-words.test.ts
// holds the list to it): a text with none of them has no bounce phrase, found
// by a few substring searches. JSC tries each alternative at every position:
// ~90 µs for the alternation over a 5 KB reply on the benchmark VM.
export const BOUNCE_ANCHORS = [
  "deliver", "reach the following", "intended recipients", "permanent", "following address", "sorry to have", "transcript", "returned mail",
  "rejected", "refused", "bounced", "other server", "failure reason", "mail system error", "delay", "warning: message",
  "retry time", "frozen", "your message", "your mail", "valid recipient", "non remis", "non recapitabile", "unzustellbar",
  "zugestellt", "ne peut", "pas pu", "remis", "remise", "zustellung", "bezorg", "afgeleverd", "entrega", "recapit", "consegna", "entregue", "不能送達", "送信できませんでした", "配信でき", "送達でき", "届きません", "届けられません", "配送", "受信を拒否", "доставлено", "доставить", "未能送达", "退信", "退回", "无法", "投递失败", "成功", "전달되지", "전송되지", "실패", "수신 거부", "거부되었습니다", "차단되었습니다",
];

export function hasBounceWords(text: string): boolean {
  const lower = text.toLowerCase();
  return BOUNCE_ANCHORS.some((a) => lower.includes(a)) && BOUNCE_WORDS.test(text);
}

const BEGINS_HERE = new RegExp(ORIGINAL_BEGINS.source, "imy");
const LINE_BREAK = /[\n\r\u2028\u2029]/g;

/** Where ORIGINAL_BEGINS first matches (-1: nowhere), tried at line starts only: ~50× faster than exec over a 5 KB text. */
export function originalBegins(text: string): number {
  let at = 0;
  for (;;) {
    BEGINS_HERE.lastIndex = at;
    if (BEGINS_HERE.test(text)) return at;
    LINE_BREAK.lastIndex = at;
    if (!LINE_BREAK.exec(text)) return -1;
    at = LINE_BREAK.lastIndex;
  }
}

// Who sends bounces.
export const DAEMON_FROM = /mailer-daemon|post_?master|mail delivery (?:system|subsystem)|mail administrator|system administrator|mail ?system|delivery[- ]status|mailerdaemon|\bmdaemon\b|noreply-dmarc|bounce/i;

// Subjects of bounces.
export const BOUNCE_SUBJECT =
  /undeliver|undelivered|returned mail|delivery (?:status notification|failure|failed|report|problem|notification)|failure notice|mail delivery|mail failure|non[- ]?remis|non recapitabile|unzustellbar|nicht zustellbar|warning: (?:could not send|message)|user unknown|unknown user|no such user|delayed mail|mail system error|message (?:not delivered|delivery)|could not (?:be )?deliver|delivery (?:has )?failed|failed delivery|failure delivery|rejected|returned to sender|there was an error|mail could not|message you sent|loop alert|error sending|delivery notification|notice: mail delivery status|envío fallido|no entregado|error de entrega|onbestelbaar|niet afgeleverd|no se puede entregar|n[ãa]o [ée] poss[íi]vel entregar|n[ãa]o entregue|mancata consegna|[ée]chec de (?:la )?(?:remise|livraison|distribution)|zustellung fehlgeschlagen|не доставлено|недоставлен|配信|配送|送信エラー|teslim edilemedi|iletilemedi|aviso de falha|falha (?:na|de) entrega|未達|届きません|退信|退回|(?:전송|전달|발송) 실패|반송|message retard|retard de (?:livraison|distribution|remise)|avis de retard|verz(?:ö|oe|o)gert|retrasad|retraso|ritard|vertraagd|vertraging|atrasad|atraso/i;

// Names for what recognised a report, by the phrases only that MTA writes.
// The first row that matches names the report; the reading is the same.
export const FORMATS: Format[] = [
  { name: "exim", marks: /^X-Failed-Recipients:|This message was created automatically by mail delivery software|^Message .{0,60} is frozen|Exim|The following address\(es\) failed/im },
  { name: "qmail", marks: /qmail-send program|^--- Below (?:this|the next) line is a copy of the (?:message|mail header)/im },
  { name: "postfix", marks: /^This is the (?:Postfix|mail system)|^\s*The (?:Postfix )?(?:program|mail system)\s*$/m },
  { name: "sendmail", marks: /-+ ?Transcript of session follows|-+ ?The following addresses had (?:permanent fatal errors|transient non-fatal errors|delivery problems)|The original message was received at /i },
  { name: "exchange", marks: /did not reach the following recipient|Delivery has failed to these recipients|Microsoft Exchange|RESOLVER\.|Diagnostic information for administrators|Informations de diagnostic pour les administrateurs|X-MS-Exchange|MSEXCH:/i },
  { name: "gmail", marks: /Delivery to the following recipients? (?:failed|has been delayed)|Google tried to deliver your message|^\*\* (?:Message|Address) (?:not delivered|blocked)|Google Groups|mailer-daemon@google(?:mail)?\.com/im },
  { name: "dragonfly", marks: /This is the DragonFly Mail Agent/ },
  { name: "opensmtpd", marks: /This is the MAILER-DAEMON, please DO NOT REPLY|An error has occurred while attempting to deliver a message for/ },
  { name: "courier", marks: /running the Courier mail server|DELAYS IN DELIVERING YOUR MESSAGE|UNDELIVERABLE MAIL/ },
  { name: "amazonses", marks: /amazonses\.com|amazonaws\.com/i },
  { name: "yahoo", marks: /Sorry, we were unable to deliver your message to the following address|yahoo/i },
  { name: "outlook", marks: /outlook\.com|hotmail\.com|live\.com/i },
  { name: "zoho", marks: /zoho/i },
  { name: "gmx", marks: /gmx\.|web\.de|1und1|ionos/i },
  { name: "mailru", marks: /mail\.ru/i },
  { name: "domino", marks: /Lotus Domino|Domino Directory|Name & Address Book|-+ Failure Reasons/i },
  { name: "notes", marks: /-+ Returned Message -+|Notes/ },
  { name: "messagingserver", marks: /This report relates to a message you sent with the following header fields/ },
  { name: "imailserver", marks: /Body of message generated response|SMTPD32/ },
  { name: "mfilter", marks: /-+server message|m-FILTER/ },
  { name: "ezweb", marks: /ezweb\.ne\.jp|au\.com/i },
  { name: "kddi", marks: /Your mail (?:sent on|attempted to be delivered on):/ },
  { name: "verizon", marks: /vtext\.com|verizon/i },
  { name: "mailfoundry", marks: /Unable to deliver message to:\s*$|Delivery failed for the following reason:/m },
  { name: "mailmarshal", marks: /Could not be delivered because of|MailMarshal/ },
  { name: "fml", marks: /Original mail as follows:|fml/ },
  { name: "x2", marks: /Unable to deliver message to the following address/ },
  { name: "activehunter", marks: /ActiveHunter/i },
  { name: "v5sendmail", marks: /-+ Unsent message follows -+/ },
];
