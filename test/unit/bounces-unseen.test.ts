// Bounces written for this test in the shapes real MTAs use, none of them in
// the corpus: each case is a kind of wording the reader must generalise to.
import { expect, test } from "bun:test";
import { parseReport } from "../../src/smtp-in/bounces";
import { phraseReason } from "../../src/smtp-in/bounces/phrases";

function plain(from: string, subject: string, body: string, extra: string[] = []): string {
  return [`From: ${from}`, "To: bounce+abc@bounce.outreach.test", `Subject: ${subject}`, "Date: Mon, 23 Nov 2026 10:00:00 +0000", "Message-ID: <r1@mx.test>", ...extra, "MIME-Version: 1.0", "Content-Type: text/plain; charset=utf-8", "", body.replace(/\n/g, "\r\n"), ""].join("\r\n");
}

/** An RFC 3464 report: its human-readable text and one recipient's delivery-status fields. */
function dsnReport(from: string, subject: string, text: string, fields: string[]): string {
  return [`From: ${from}`, "To: bounce+abc@bounce.outreach.test", `Subject: ${subject}`, "MIME-Version: 1.0", 'Content-Type: multipart/report; report-type=delivery-status; boundary="b"', "", "--b", "Content-Type: text/plain; charset=utf-8", "", text, "", "--b", "Content-Type: message/delivery-status", "", "Reporting-MTA: dns; relay.outreach.test", "", ...fields, "", "--b--", ""].join("\r\n");
}

const first = (raw: string) => {
  const r = parseReport(raw);
  const f = r.recipients[0]!;
  return { kind: r.kind, recipient: f.kind, address: f.address, hard: f.hard, reason: f.reason };
};

test("qmail's closing 'Giving up on <host>' follows every remote refusal: the refusal says why, not an expiry", () => {
  const spam = plain("MAILER-DAEMON@mail.example.net", "failure notice", "Hi. This is the qmail-send program at mail.example.net.\nI'm afraid I wasn't able to deliver your message to the following addresses.\nThis is a permanent error; I've given up. Sorry it didn't work out.\n\n<dan@example.com>:\n192.0.2.4 does not like recipient.\nRemote host said: 550 5.7.1 Message rejected as spam by Content Filtering.\nGiving up on 192.0.2.4.\n");
  expect(first(spam)).toEqual({ kind: "bounce", recipient: "bounced", address: "dan@example.com", hard: false, reason: "spam" });
  // control: qmail's own expiry wording still is one
  const expiry = plain("MAILER-DAEMON@mail.example.net", "failure notice", "Hi. This is the qmail-send program at mail.example.net.\nI'm afraid I wasn't able to deliver your message to the following addresses.\nThis is a permanent error; I've given up. Sorry it didn't work out.\n\n<ed@slow.example>:\nI'm not going to try again; this message has been in the queue too long.\n");
  expect(first(expiry).reason).toBe("expired");
});

test("Yahoo's 'dd Not a valid recipient' (554, no enhanced code) is a missing mailbox", () => {
  const raw = plain("MAILER-DAEMON@yahoo.com", "Failure Notice", "Sorry, we were unable to deliver your message to the following address.\n\n<ivy@yahoo.com>:\n554: delivery error: dd Not a valid recipient - atlas103.free.mail.bf1.yahoo.com\n\n--- Below this line is a copy of the message.\n");
  expect(first(raw)).toEqual({ kind: "bounce", recipient: "bounced", address: "ivy@yahoo.com", hard: true, reason: "user_unknown" });
});

test("a delay notice that says what happens 'if the delivery fails permanently' is still a delay", () => {
  const raw = plain("Mail Delivery Subsystem <mailer-daemon@googlemail.com>", "Delivery Status Notification (Delay)", "** Message not delivered yet **\n\nThere was a temporary problem delivering your message to ann@example.com. Gmail will retry for 46 more hours. You'll be notified if the delivery fails permanently.\n\nThe response was:\nThe recipient server did not accept our requests to connect. [mx.example.com. 192.0.2.1: timed out]\n");
  expect(first(raw)).toMatchObject({ recipient: "deferred", address: "ann@example.com", hard: false });
  // control: the permanent failure of the same provider is a bounce
  const failed = plain("Mail Delivery Subsystem <mailer-daemon@googlemail.com>", "Delivery Status Notification (Failure)", "** Message not delivered **\n\nThere was a problem delivering your message to ann@example.com. See the technical details below.\n\nThe response from the remote server was:\n550 5.1.1 The email account that you tried to reach does not exist.\n");
  expect(first(failed)).toMatchObject({ recipient: "bounced", hard: true, reason: "user_unknown" });
});

test("the reason in parentheses after the address (GroupWise) is the recipient's error", () => {
  const raw = plain("postmaster@groupwise.example.com", "Undeliverable mail: Quick question", "The message that you sent was undeliverable to the following:\n\thal@example.com (host not responding)\n\nPossibly truncated original message follows:\n");
  expect(first(raw)).toEqual({ kind: "bounce", recipient: "bounced", address: "hal@example.com", hard: false, reason: "network" });
});

test("one recipient whose reason is written before its address, a footer after it", () => {
  const raw = plain("Postmaster <postmaster@mail.example.net>", "Mail System Error - Returned Mail", "This Message was undeliverable due to the following reason:\n\nThe user(s) account does not exist.\n\n<cy@example.net>\n\nPlease reply to Postmaster@mail.example.net\nif you feel this message to be in error.\n");
  expect(first(raw)).toEqual({ kind: "bounce", recipient: "bounced", address: "cy@example.net", hard: true, reason: "user_unknown" });
  // control: words that do not say why still say nothing
  const vague = plain("Postmaster <postmaster@mail.example.net>", "Mail System Error - Returned Mail", "This Message was undeliverable.\n\n<cy@example.net>\n\nPlease reply to Postmaster@mail.example.net\nif you feel this message to be in error.\n");
  expect(first(vague)).toMatchObject({ hard: false, reason: "other" });
});

test("a mailer daemon's report in a language we do not read is a bounce when it quotes a refusal with its enhanced code", () => {
  const czech = plain("MAILER-DAEMON@email.seznam.example", "Nedoručitelná zpráva", "Toto je automaticky generovaná zpráva.\n\nVaši zprávu se nepodařilo doručit následujícím příjemcům:\n\n<eve@seznam.example>: 550 5.1.1 Mailbox does not exist\n");
  expect(first(czech)).toEqual({ kind: "bounce", recipient: "bounced", address: "eve@seznam.example", hard: true, reason: "user_unknown" });
  const polish = plain("MAILER-DAEMON@poczta.example", "Zwrot wiadomości", "Wiadomość nie mogła zostać dostarczona do następujących odbiorców:\n\nola@poczta.example\n    552-5.2.2 Skrzynka odbiorcy jest pełna\n");
  expect(first(polish)).toMatchObject({ kind: "bounce", address: "ola@poczta.example", hard: false, reason: "mailbox_full" });
  // control: a daemon's notice that quotes no refusal is no bounce
  const notice = plain("MAILER-DAEMON@poczta.example", "Powiadomienie", "Twoja skrzynka jest prawie pełna (95%). Usuń niepotrzebne wiadomości.\n");
  expect(parseReport(notice).kind).toBe("other");
});

test("sendmail's transcript with two recipients: each gets its own answer, whichever order their reasons come in", () => {
  const report = (reasons: boolean, a: [string, string], b: [string, string]) =>
    plain(
      "Mail Delivery Subsystem <MAILER-DAEMON@host.example.com>",
      "Returned mail: see transcript for details",
      [
        "The original message was received at Mon, 23 Nov 2026 10:00:00 +0100",
        "from mx.sender.test [198.51.100.1]",
        "",
        "   ----- The following addresses had permanent fatal errors -----",
        "<s1@example.org>",
        ...(reasons ? [`    (reason: ${a[0]} <s1@example.org>... ${a[1]})`] : []),
        "<s2@example.org>",
        ...(reasons ? [`    (reason: ${b[0]} <s2@example.org>... ${b[1]})`] : []),
        "",
        "   ----- Transcript of session follows -----",
        "... while talking to mail.example.org.:",
        ">>> RCPT To:<s1@example.org>",
        `<<< ${a[0]} <s1@example.org>... ${a[1]}`,
        ">>> RCPT To:<s2@example.org>",
        `<<< ${b[0]} <s2@example.org>... ${b[1]}`,
        "",
      ].join("\n"),
    );
  const full: [string, string] = ["552 5.2.2", "Mailbox full"];
  const unknown: [string, string] = ["550 5.1.1", "User unknown"];
  for (const reasons of [true, false]) {
    const reasons1 = parseReport(report(reasons, full, unknown)).recipients.map((r) => [r.address, r.reason, r.hard]);
    expect(reasons1).toEqual([["s1@example.org", "mailbox_full", false], ["s2@example.org", "user_unknown", true]]);
    const reasons2 = parseReport(report(reasons, unknown, full)).recipients.map((r) => [r.address, r.reason, r.hard]);
    expect(reasons2).toEqual([["s1@example.org", "user_unknown", true], ["s2@example.org", "mailbox_full", false]]);
  }
});

test("Google's refusal of a post to a Workspace group at the company's own domain is policy, as for googlegroups.com", () => {
  const raw = plain(
    "Mail Delivery Subsystem <mailer-daemon@googlemail.com>",
    "Delivery Status Notification (Failure)",
    "Hello,\n\nWe're writing to let you know that the group you tried to contact (sales) may not exist, or you may not have permission to post messages to the group. A few more details on why you weren't able to post:\n\n * You might have spelled or formatted the group name incorrectly.\n",
    ["X-Failed-Recipients: sales@prospect.example"],
  );
  expect(first(raw)).toEqual({ kind: "bounce", recipient: "bounced", address: "sales@prospect.example", hard: false, reason: "policy" });
});

test("a person's reply that says our mail bounced is a reply, not a bounce", () => {
  const reply = plain("Sam <sam@client.example>", "Re: Quick question", "Hi Ada, your last email bounced for my colleague — the address was undeliverable. Try kim@client.example instead.\n\nSam\n", ["In-Reply-To: <msg_1@outreach.test>"]);
  expect(parseReport(reply).kind).toBe("other");
  // controls: a reply-subjected report that quotes the server's answer, and a daemon's report with a reply subject (Verizon's), stay bounces
  const quoted = plain("Sam <sam@client.example>", "Re: Quick question", "Your message could not be delivered to kim@client.example:\n550 5.1.1 User unknown\n");
  expect(first(quoted)).toMatchObject({ kind: "bounce", address: "kim@client.example", hard: true });
  const daemon = plain("post_master@vtext.example", "Re: Quick question", "Error: could not be delivered to kim@vtext.example: no such user\n");
  expect(parseReport(daemon).kind).toBe("bounce");
});

test("Chinese providers' reports: a subject of 退信, and 不存在 (does not exist) said of the address, in any command", () => {
  const qq = plain("MAILER-DAEMON@qq.example", "退信通知 (Undelivered Mail Returned to Sender)", "很抱歉您的邮件没有发送成功。\n\n收件人: wei@qq.example\n退信原因: 收件人地址不存在\n\n550 Mailbox not found or access denied\n");
  expect(first(qq)).toEqual({ kind: "bounce", recipient: "bounced", address: "wei@qq.example", hard: true, reason: "user_unknown" });
  const full = plain("Postmaster@163.example", "系统退信", "您发送到 zhang@163.example 的邮件被退回。\n\n原因: 552 Requested mail action aborted: exceeded mailsize limit or mailbox is full\n");
  expect(first(full)).toMatchObject({ kind: "bounce", address: "zhang@163.example", hard: false, reason: "mailbox_full" });
  // control: the filter's refusal without those words stays soft
  const filtered = plain("MAILER-DAEMON@qq.example", "退信通知", "很抱歉您的邮件没有发送成功。\n\n收件人: wei@qq.example\n\n550 Mail content denied\n");
  expect(first(filtered)).toMatchObject({ kind: "bounce", hard: false });
});

test("an RFC 6533 report (message/global-delivery-status, message/global-headers) names its UTF-8 recipient and the original's Message-ID", () => {
  const raw = [
    "From: MAILER-DAEMON@mx.test", "To: bounce+abc@bounce.outreach.test", "Subject: Undelivered Mail Returned to Sender", "Message-ID: <g1@mx.test>", "MIME-Version: 1.0",
    'Content-Type: multipart/report; report-type=global-delivery-status; boundary="b"', "",
    "--b", "Content-Type: text/plain; charset=utf-8", "", "Failed.", "",
    "--b", "Content-Type: message/global-delivery-status", "", "Reporting-MTA: dns; mx.test", "", "Final-Recipient: utf-8; josé@ejemplo.test", "Action: failed", "Status: 5.1.1", "Diagnostic-Code: smtp; 550 5.1.1 User unknown", "",
    "--b", "Content-Type: message/global-headers", "", "From: ada@outreach.test", "Message-ID: <m2@outreach.test>", "",
    "--b--", "",
  ].join("\r\n");
  const r = parseReport(raw);
  expect(r.originalMessageId).toBe("m2@outreach.test");
  expect(first(raw)).toEqual({ kind: "bounce", recipient: "bounced", address: "josé@ejemplo.test", hard: true, reason: "user_unknown" });
});

test("an authentication refusal without a status gets RFC 7372's own code for what failed: reverse DNS 5.7.25, SPF 5.7.23, DKIM 5.7.20, DMARC 5.7.26", () => {
  const refused = (said: string) => parseReport(plain("MAILER-DAEMON@mx.sender.test", "Undelivered Mail Returned to Sender", `<max@web.example>: host mx.web.example[203.0.113.60] said: ${said} (in reply to MAIL FROM command)\n`)).recipients[0]!;
  expect(refused("554-No SMTP service 554-Bad DNS PTR resource record. 554 For explanation visit http://postmaster.web.example/error-messages")).toMatchObject({ reason: "dmarc", status: "5.7.25" });
  expect(refused("550 SPF check failed: the sending host is not permitted to send for outreach.test")).toMatchObject({ reason: "dmarc", status: "5.7.23" });
  expect(refused("550 Message rejected: DKIM signature verification failed")).toMatchObject({ reason: "dmarc", status: "5.7.20" });
  expect(refused("550 Message rejected due to the sender domain's DMARC policy (SPF and DKIM both failed)")).toMatchObject({ reason: "dmarc", status: "5.7.26" });
});

test("'user not found' names a missing mailbox whatever the command (GroupWise, Mail.ru), hard", () => {
  const gw = plain("Mail Delivery System <postmaster@gw.example>", "Message status - undeliverable", "The message that you sent was undeliverable to the following:\n\tjdoe@gw.example (user not found)\n\nPossibly truncated original message follows:\n");
  expect(first(gw)).toEqual({ kind: "bounce", recipient: "bounced", address: "jdoe@gw.example", hard: true, reason: "user_unknown" });
  const ru = plain("Mail Delivery System <mailer-daemon@corp.mail.example.ru>", "Mail failure.", "Это письмо создано автоматически\nсервером Mail.Ru, отвечать на него не нужно.\n\nК сожалению, Ваше письмо не может быть доставлено одному или нескольким получателям:\n\nivan.petrov@mail.example.ru\nmessage not delivered: user not found\n");
  expect(first(ru)).toMatchObject({ kind: "bounce", address: "ivan.petrov@mail.example.ru", hard: true, reason: "user_unknown" });
  // control: a bare "User unknown" after DATA is still a filter's refusal
  const filtered = plain("MAILER-DAEMON@mx.example.jp", "Undelivered Mail Returned to Sender", "<taro@carrier.example.jp>: host mx.carrier.example.jp[192.0.2.9] said: 550 : User unknown (in reply to end of DATA command)\n");
  expect(first(filtered)).toMatchObject({ hard: false, reason: "policy" });
});

test("a multi-line answer folded into one line: the repeated '550-5.7.1' prefixes are not words, so a phrase split by one still reads", () => {
  const said = (answer: string) => first(plain("MAILER-DAEMON@mx.sender.test", "Undelivered Mail Returned to Sender", `<kim@web.example>: host mx.web.example[203.0.113.60] said: ${answer} (in reply to end of DATA command)\n`));
  expect(said("550-5.7.1 [198.51.100.7 12] Our system has detected that this message is not RFC 550-5.7.1 5322 compliant. To reduce the amount of spam sent to this server, 550-5.7.1 this message has been blocked. 550 5.7.1 Please review the formatting guidelines.")).toMatchObject({ hard: false, reason: "content" });
  expect(said("550-5.7.1 [198.51.100.7] This message was refused because of the low 550-5.7.1 reputation of the sending domain; it also looks suspicious. 550 5.7.1 See the postmaster pages.")).toMatchObject({ hard: false, reason: "blocked" });
  // control: the same shape whose words name spam is still spam
  expect(said("550-5.7.1 [198.51.100.7 12] Our system has detected that this message is likely 550-5.7.1 unsolicited mail. To reduce the amount of spam sent to this server, 550 5.7.1 this message has been blocked.")).toMatchObject({ hard: false, reason: "spam" });
  // control: a code in the text that is not the answer's prefix stays
  expect(said("550 5.1.1 <kim@web.example>: Recipient address rejected: User unknown in virtual mailbox table")).toMatchObject({ hard: true, reason: "user_unknown" });
});

test("a full mailbox and a missing address in the languages reports are written in (Office 365's localized texts among them)", () => {
  const report = (from: string, subject: string, intro: string, address: string, reason: string) => first(plain(from, subject, `${intro}\n\n${address}\n${reason}\n`));
  const full = (from: string, subject: string, intro: string, address: string, reason: string) => expect(report(from, subject, intro, address, reason)).toEqual({ kind: "bounce", recipient: "bounced", address, hard: false, reason: "mailbox_full" });
  const gone = (from: string, subject: string, intro: string, address: string, reason: string) => expect(report(from, subject, intro, address, reason)).toEqual({ kind: "bounce", recipient: "bounced", address, hard: true, reason: "user_unknown" });
  full("MAILER-DAEMON@mail.gmx.net", "Mail delivery failed: returning message to sender", "Die folgende Adresse war nicht erreichbar:", "anna@web.example", "Postfach voll");
  full("postmaster@corp.de", "Unzustellbar: Angebot", "Fehler bei der Zustellung an diese Empfänger oder Gruppen:", "julia@corp.de", "Das Postfach des Empfängers ist voll und kann zurzeit keine Nachrichten annehmen.");
  full("MAILER-DAEMON@libero.example", "Messaggio non recapitato", "Il messaggio non è stato recapitato ai seguenti destinatari:", "dario@libero.example", "Casella di posta piena");
  full("MAILER-DAEMON@uol.example", "Mensagem não entregue", "Sua mensagem não pôde ser entregue aos seguintes destinatários:", "fabio@uol.example", "Caixa postal cheia");
  full("MAILER-DAEMON@wanadoo.example", "Mail delivery failed", "Votre message n'a pas pu être délivré aux destinataires suivants :", "bruno@wanadoo.example", "Raison : boîte aux lettres pleine");
  gone("postmaster@laposte.example", "Non remis : Proposition", "Le message n'a pas pu être remis aux destinataires suivants :", "helene@laposte.example", "L'adresse de messagerie que vous avez entrée est introuvable.");
  gone("postmaster@corp.es", "No se puede entregar: Propuesta", "Error en la entrega a estos destinatarios o grupos:", "ivan@corp.es", "No se encontró la dirección de correo electrónico que escribió.");
  gone("postmaster@corp.it", "Non recapitabile: Proposta", "Recapito non riuscito per questi destinatari o gruppi:", "karin@corp.it", "Impossibile trovare l'indirizzo di posta elettronica immesso.");
  gone("postmaster@corp.nl", "Onbestelbaar: Voorstel", "Bezorging is mislukt voor deze ontvangers of groepen:", "lars@corp.nl", "Het e-mailadres dat u hebt ingevoerd, is niet gevonden.");
  gone("postmaster@corp.de", "Unzustellbar: Angebot", "Fehler bei der Zustellung an diese Empfänger oder Gruppen:", "mia@corp.de", "Die eingegebene E-Mail-Adresse wurde nicht gefunden.");
  gone("postmaster@corp.com.br", "Não entregue: Proposta", "Falha na entrega para estes destinatários ou grupos:", "nina@corp.com.br", "O endereço de email que você inseriu não foi encontrado.");
  // controls: the table's phrases in other scripts still match once Latin accents are folded away (Japanese voiced kana, Chinese)
  expect(phraseReason("ディレクトリのリストにありません")).toBe("user_unknown");
  expect(phraseReason("550 用户不存在")).toBe("user_unknown");
  expect(phraseReason("Le destinataire n'existe pas")).toBe("user_unknown");
});

test("a delay notice that says 'Message delayed' or 'we'll keep trying', or says so in the six other languages, is a delay; the same report that gave up is a bounce", () => {
  const delay = (subject: string, body: string) => first(plain("Mail Delivery System <MAILER-DAEMON@mx.sender.test>", subject, body));
  expect(delay("Delivery Status Notification (Delay)", "Message delayed\nYour message couldn't be delivered to sam@slow.example because the remote server is not responding.\nThe response was:\nThe recipient server did not accept our requests to connect. [slow.example 203.0.113.9: timed out]\nWe'll keep trying for 46 more hours.\n")).toMatchObject({ recipient: "deferred", hard: false, reason: "network" });
  expect(delay("Warnung: Nachricht verzögert", "Ihre Nachricht an <jonas@langsam.example> konnte bisher nicht zugestellt werden. Es wird weiter versucht.\nGrund: Verbindung zum Server abgelehnt\n")).toMatchObject({ recipient: "deferred", reason: "network" });
  expect(delay("Avis de retard", "Votre message à <luc@lent.example> n'a pas encore été distribué. De nouvelles tentatives auront lieu.\nMotif : connexion refusée\n")).toMatchObject({ recipient: "deferred", reason: "network" });
  expect(delay("Aviso de retraso", "Su mensaje para <eva@lento.example> aún no ha sido entregado. Seguiremos intentando.\n")).toMatchObject({ recipient: "deferred" });
  expect(delay("Avviso di ritardo", "Il messaggio per <ugo@lento.example> non è ancora stato consegnato. Continueremo a provare.\n")).toMatchObject({ recipient: "deferred" });
  expect(delay("Vertraagd bericht", "Uw bericht aan <bas@traag.example> is nog niet afgeleverd. Het wordt opnieuw geprobeerd.\n")).toMatchObject({ recipient: "deferred" });
  expect(delay("Mensagem atrasada", "Sua mensagem para <rui@lento.example> ainda não foi entregue. Continuaremos tentando.\n")).toMatchObject({ recipient: "deferred" });
  // control: a report that gave up is final
  expect(delay("Undelivered Mail Returned to Sender", "Your message couldn't be delivered to sam@slow.example. We tried for 5 days and have given up.\nThe recipient server did not accept our requests to connect.\n")).toMatchObject({ recipient: "bounced" });
});

test("an address or a domain named between the words: 'l'adresse e-mail … n'existe pas' is a missing mailbox, 'The domain lapsed.example does not exist' a dead domain, both hard", () => {
  const said = (body: string) => first(plain("MAILER-DAEMON@mx.sender.test", "Undelivered Mail Returned to Sender", body));
  expect(said("Votre message n'a pas pu être remis au destinataire suivant :\n<claire@inconnu.example> : l'adresse e-mail n'existe pas.\n")).toMatchObject({ hard: true, reason: "user_unknown" });
  expect(said("Ihre Nachricht konnte nicht zugestellt werden.\n<jan@fehlt.example>: Die E-Mail-Adresse existiert nicht.\n")).toMatchObject({ hard: true, reason: "user_unknown" });
  expect(said("Your message to ana@domain-that-lapsed.example could not be delivered.\nThe domain domain-that-lapsed.example does not exist.\n")).toMatchObject({ hard: true, reason: "bad_domain" });
  // control: a domain that exists with a full mailbox
  expect(said("Your message to ana@busy.example could not be delivered.\nThe domain busy.example reported: mailbox full.\n")).toMatchObject({ hard: false, reason: "mailbox_full" });
});

test("'could not be delivered for more than 4 hour(s)' says how long delivery has been failing, not that it failed: with 'will be retried' the report is a delay", () => {
  const delay = (subject: string, body: string) => first(plain("MAILER-DAEMON@mx.sender.test", subject, body));
  const banner = "####################################################################\n# THIS IS A WARNING ONLY.  YOU DO NOT NEED TO RESEND YOUR MESSAGE. #\n####################################################################\n\n";
  expect(delay("Delayed Mail (still being retried)", `This is the mail system at host mx.sender.test.\n\n${banner}Your message could not be delivered for more than 4 hour(s).\nIt will be retried until it is 5 day(s) old.\n\n<kim@full.example>: host mx.full.example[198.51.100.24] said: 452 4.2.2 <kim@full.example>: Recipient address rejected: Mailbox is full (in reply to RCPT TO command)\n`)).toMatchObject({ recipient: "deferred", hard: false, reason: "mailbox_full" });
  expect(delay("Warning: delayed mail", "Your message to <lee@slow.example> has not been delivered for the past 2 days. Delivery attempts will continue until it is 5 days old.\nReason: connection timed out\n")).toMatchObject({ recipient: "deferred", reason: "network" });
  // control: the same wording once it gave up is final
  expect(delay("Undelivered Mail Returned to Sender", "This is the mail system at host mx.sender.test.\n\nYour message could not be delivered for 5 day(s) and has been returned.\n\n<kim@full.example>: host mx.full.example[198.51.100.24] said: 452 4.2.2 Mailbox is full (in reply to RCPT TO command)\n")).toMatchObject({ recipient: "bounced", hard: false });
});

test("a Sendmail transcript's command the server accepted ('>>> MAIL From … <<< 250 Ok') is not the one that refused: the second recipient's unknown host stays a hard dead domain", () => {
  const human = [
    "   ----- The following addresses had permanent fatal errors -----",
    "<eva@lab.example.edu>",
    "    (reason: 550 5.1.1 <eva@lab.example.edu>: Recipient address rejected: User unknown)",
    "<ops@gone.example.edu>",
    "    (reason: 550 Host unknown)",
    "",
    "   ----- Transcript of session follows -----",
    "... while talking to mx.lab.example.edu.:",
    ">>> MAIL From:<b+1@bounce.outreach.test> SIZE=2000",
    "<<< 250 2.1.0 Ok",
    ">>> RCPT To:<eva@lab.example.edu>",
    "<<< 550 5.1.1 <eva@lab.example.edu>: Recipient address rejected: User unknown",
    "550 5.1.2 <ops@gone.example.edu>... Host unknown (Name server: gone.example.edu: host not found)",
  ].join("\r\n");
  const dsn = ["Reporting-MTA: dns; gw.example.edu", "", "Final-Recipient: RFC822; eva@lab.example.edu", "Action: failed", "Status: 5.1.1", "Diagnostic-Code: SMTP; 550 5.1.1 User unknown", "", "Final-Recipient: RFC822; ops@gone.example.edu", "Action: failed", "Status: 5.1.2", "Diagnostic-Code: SMTP; 550 Host unknown"].join("\r\n");
  const raw = ["From: Mail Delivery Subsystem <MAILER-DAEMON@gw.example.edu>", "To: b+1@bounce.outreach.test", "Subject: Returned mail: see transcript for details", "MIME-Version: 1.0", 'Content-Type: multipart/report; report-type=delivery-status; boundary="S"', "", "--S", "", human, "", "--S", "Content-Type: message/delivery-status", "", dsn, "", "--S--", ""].join("\r\n");
  const r = parseReport(raw).recipients;
  expect(r.map((x) => [x.address, x.hard, x.reason])).toEqual([
    ["eva@lab.example.edu", true, "user_unknown"],
    ["ops@gone.example.edu", true, "bad_domain"],
  ]);
  // control: a sender address refused at MAIL FROM is still the sender's problem
  const refused = plain("MAILER-DAEMON@mx.sender.test", "Returned mail: see transcript for details", "   ----- Transcript of session follows -----\n... while talking to mx.far.example.:\n>>> MAIL From:<b+1@bounce.outreach.test>\n<<< 553 5.1.8 Domain of sender address does not exist\n<ann@far.example>... User unknown\n");
  expect(first(refused).reason).toBe("policy");
});

test("a person's reply in our thread (In-Reply-To) that pastes a colleague's NDR is a reply: the addresses it names are not ours to suppress", () => {
  const body = "Hi Dana,\n\nyour mail to our CFO bounced, see below. Please write to finance@client.example instead.\n\nDelivery has failed to these recipients or groups:\n\ncfo@client.example\nThe email address you entered couldn't be found.\n\nRemote Server returned '550 5.1.1 RESOLVER.ADR.RecipNotFound; not found'\n\nLena\n";
  expect(parseReport(plain("Lena Berg <lena@client.example>", "Re: Quick question", body, ["In-Reply-To: <msg_0123456789abcdef0123456789abcdef@outreach.test>"])).kind).toBe("other");
  // control: the same text without a thread to answer stays a (forwarded) report
  expect(parseReport(plain("Lena Berg <lena@client.example>", "Re: Quick question", body)).kind).toBe("bounce");
});

test("a second batch of unseen reports (2026-11-29): wording the phrase table lacked, in five languages", () => {
  const said = (body: string, subject = "Undelivered Mail Returned to Sender") => first(plain("MAILER-DAEMON@mx.sender.test", subject, body));
  expect(said("Your message could not be delivered.\n\nThe address ellis.grant@proton.example doesn't exist. Please check the address and try again.\n")).toMatchObject({ hard: true, reason: "user_unknown" });
  expect(said("Votre message n'a pas pu être remis.\n\n<marc@free.example> : Boîte aux lettres inexistante\n", "Non remis")).toMatchObject({ hard: true, reason: "user_unknown" });
  expect(said("Il messaggio non è stato recapitato a <gino@virgilio.example>.\n\nLa casella di posta del destinatario è piena.\n", "Mancata consegna")).toMatchObject({ hard: false, reason: "mailbox_full" });
  expect(said("No se pudo entregar el mensaje a <ana@terra.example>: el dominio terra-old.example no existe (host desconocido).\n")).toMatchObject({ hard: true, reason: "bad_domain" });
  expect(said("您发送到 li@sina-old.example 的邮件投递失败。\n\n原因：收件人域名不存在\n", "系统退信")).toMatchObject({ hard: true, reason: "bad_domain" });
  // a delay that says what happens "if it cannot be delivered" is still a delay
  expect(said("Your message to <kim@busy.example> has not been delivered yet. The server will keep trying. You will be notified if it cannot be delivered.\n\nReason: 421 4.7.0 Too many connections\n", "Delivery delayed")).toMatchObject({ recipient: "deferred" });
  // given up after days of refused connections: expired
  expect(said("The destination mail server refused the connection.\n<kim@gone.example>\nDelivery was attempted for 48 hours and has now been abandoned.\n", "Mail could not be delivered")).toMatchObject({ recipient: "bounced", hard: false, reason: "expired" });
  // controls
  expect(said("The address ellis.grant@proton.example is disabled.\n")).toMatchObject({ hard: false });
  expect(said("Il messaggio non è stato recapitato a <gino@virgilio.example>: utente inesistente.\n", "Mancata consegna")).toMatchObject({ hard: true, reason: "user_unknown" });
});

test("the original's headers quoted in a report's text (under a label in any language) name no recipient: its Message-ID and sender are ours", () => {
  const body = "A mensagem não pôde ser entregue.\n\nDestinatário: joao@bol.example\nMotivo: 550 5.1.1 usuário desconhecido\n\n--- Cabeçalhos da mensagem original ---\nFrom: Dana <dana@outreach.test>\nTo: joao@bol.example\nMessage-ID: <msg_0123456789abcdef0123456789abcdef@outreach.test>\nSubject: Ideia\n";
  const r = parseReport(plain("MAILER-DAEMON@bol.example", "Mensagem não entregue", body));
  expect(r.recipients.map((x) => x.address)).toEqual(["joao@bol.example"]);
});

test("each recipient's own block: CommuniGate's \"Failed to deliver to '<addr>'\" and a localized label ('Destinatário:', '收件人：') start one", () => {
  const cgp = plain("MAILER-DAEMON@cgp.example", "Undeliverable mail", "Failed to deliver to '<old@studio.example>'\nSMTP module(domain studio.example) reports:\n host mx.studio.example says:\n 550 5.1.1 <old@studio.example>... User Unknown\n\nFailed to deliver to '<lea@design.example>'\nLOCAL module(account lea) reports:\n account is full (disk quota exceeded)\n");
  expect(parseReport(cgp).recipients.map((r) => [r.address, r.hard, r.reason])).toEqual([
    ["old@studio.example", true, "user_unknown"],
    ["lea@design.example", false, "mailbox_full"],
  ]);
  const cn = plain("Postmaster@126.example", "系统退信", "退信原因：\n收件人：li@factory.example\n原因：该邮件地址不存在 (550 User not found)\n收件人：zhou@factory.example\n原因：收件人邮箱空间已满 (552 Mailbox quota exceeded)\n");
  expect(parseReport(cn).recipients.map((r) => [r.address, r.hard, r.reason])).toEqual([
    ["li@factory.example", true, "user_unknown"],
    ["zhou@factory.example", false, "mailbox_full"],
  ]);
});

test("the original's Message-ID under Exchange's localized 'Original message headers:' label", () => {
  const mid = "msg_0123456789abcdef0123456789abcdef@outreach.test";
  for (const label of ["Ursprüngliche Nachrichtenkopfzeilen:", "Encabezados del mensaje original:", "Cabeçalhos da mensagem original:", "Oorspronkelijke berichtkoppen:", "--- Kopfzeilen der ursprünglichen Nachricht ---"]) {
    const raw = plain("postmaster@firma.example", "Unzustellbar: Idee", `Die Nachricht konnte nicht zugestellt werden.\n\nkim@firma.example\nRemote Server returned '550 5.1.1 RESOLVER.ADR.RecipNotFound; not found'\n\n${label}\n\nFrom: Dana <dana@outreach.test>\nTo: kim@firma.example\nMessage-ID: <${mid}>\nSubject: Idee\n`);
    expect({ label, id: parseReport(raw).originalMessageId }).toEqual({ label, id: mid });
  }
});

test("the original's Message-ID quoted anywhere in a report's text, under a label we do not know or none", () => {
  const mid = "msg_fedcba9876543210fedcba9876543210@outreach.test";
  const cn = plain("Postmaster@mail.example.cn", "系统退信", `您的邮件未能投递。\n\n原信件信息：\nMessage-ID: <${mid}>\n主题：合作\n\n退信原因：\n收件人：wu@example.cn\n原因：该邮件地址不存在\n`);
  expect(parseReport(cn)).toMatchObject({ kind: "bounce", originalMessageId: mid });
  const indented = plain("MAILER-DAEMON@mx.example.org", "Undelivered Mail", `Your message could not be delivered to <ola@example.org>: 550 5.1.1 no such user\n\n    Message-Id: <${mid}>\n    Subject: Hello\n`);
  expect(parseReport(indented).originalMessageId).toBe(mid);
  // control: a report that quotes no id has none
  expect(parseReport(plain("MAILER-DAEMON@mx.example.org", "Undelivered Mail", "Your message could not be delivered to <ola@example.org>: 550 5.1.1 no such user\n")).originalMessageId).toBeNull();
});

test("'--- Message headers follow ---' and '--- Undelivered message headers follow ---' end the report: the headers below say nothing of why", () => {
  const headers = "Return-Path: <bounce+abc@bounce.outreach.test>\nDKIM-Signature: v=1; a=rsa-sha256; d=outreach.test; s=s1; h=from:to; b=abc\nFrom: Dana <dana@outreach.test>\nTo: max@depot.example\nMessage-ID: <msg_00112233445566778899aabbccddeeff@outreach.test>\nSubject: Rates\n";
  for (const label of ["--- Message headers follow ---", "--- Undelivered message headers follow ---", "------ Returned mail headers follow ------"]) {
    const raw = plain("Mail Delivery System <Mailer-Daemon@gw.depot.example>", "Warning: message 1x2y3z delayed 24 hours", `This message was created automatically by mail delivery software.\nA message that you sent has not yet been delivered to one or more of its\nrecipients after more than 24 hours on the queue on gw.depot.example.\n\nThe address to which the message has not yet been delivered is:\n\n  max@depot.example\n    Delay reason: host mail.depot.example [192.0.2.7]: Connection timed out\n\nNo action is required on your part.\n\n${label}\n${headers}`);
    const r = parseReport(raw);
    expect({ label, id: r.originalMessageId, found: r.recipients.map((x) => [x.address, x.kind, x.reason]) }).toEqual({ label, id: "msg_00112233445566778899aabbccddeeff@outreach.test", found: [["max@depot.example", "deferred", "network"]] });
  }
});

test("Domino's German 'nicht im Domino-Verzeichnis' is a missing mailbox, its French 'a dépassé son quota' a full one (with 'n'a pas été remis', 'Échec de la distribution')", () => {
  const de = plain("Postmaster@notes.example.de", "FEHLER BEI DER ZUSTELLUNG: Angebot", "Ihre Nachricht\n  Betreff: Angebot\nwurde nicht zugestellt an:\n  anna.berg@notes.example.de\nUrsache: Benutzer anna.berg (anna.berg@notes.example.de) ist nicht im Domino-Verzeichnis aufgeführt\n");
  expect(first(de)).toEqual({ kind: "bounce", recipient: "bounced", address: "anna.berg@notes.example.de", hard: true, reason: "user_unknown" });
  const fr = plain("Postmaster@notes.example.fr", "ÉCHEC DE LA DISTRIBUTION : Proposition", "Votre message\n  Objet : Proposition\nn'a pas été remis à :\n  luc.petit@notes.example.fr\npour la raison suivante :\n  La base de courrier du destinataire a dépassé son quota.\n");
  expect(first(fr)).toEqual({ kind: "bounce", recipient: "bounced", address: "luc.petit@notes.example.fr", hard: false, reason: "mailbox_full" });
  for (const [words, reason] of [["Ha excedido su cuota de almacenamiento.", "mailbox_full"], ["Quota überschritten.", "mailbox_full"], ["La casella ha superato la quota.", "mailbox_full"], ["Quotum overschreden.", "mailbox_full"]] as const)
    expect(phraseReason(words)).toBe(reason);
  // control: a Domino refusal that says nothing of why stays unexplained
  expect(first(de.replace("ist nicht im Domino-Verzeichnis aufgeführt", "wurde abgewiesen"))).toMatchObject({ hard: false });
});

test("Korean reports (Daum, Naver): not delivered, account missing, mailbox full, domain missing", () => {
  const report = (reason: string) => plain("MAILER-DAEMON@mail.example.kr", "메일 발송 실패 알림", `보내신 메일이 아래 수신자에게 전달되지 않았습니다.\n\n수신자: kim@example.kr\n사유: ${reason}\n`);
  expect(first(report("존재하지 않는 사용자입니다."))).toEqual({ kind: "bounce", recipient: "bounced", address: "kim@example.kr", hard: true, reason: "user_unknown" });
  expect(first(report("받는 사람의 메일함 용량이 초과되었습니다."))).toMatchObject({ hard: false, reason: "mailbox_full" });
  expect(first(report("수신자 도메인이 존재하지 않습니다."))).toMatchObject({ hard: true, reason: "bad_domain" });
  // control: a notice of a nearly full mailbox is no bounce
  expect(parseReport(plain("MAILER-DAEMON@mail.example.kr", "알림", "메일함 사용량이 90%에 도달했습니다.\n")).kind).toBe("other");
});

test("a read receipt (RFC 8098 multipart/report, report-type=disposition-notification) names its reader as Final-Recipient: no bounce", () => {
  const mdn = (disposition: string) =>
    [
      "From: Ana Lima <ana@prospect.example>",
      "To: Dana <dana@outreach.test>",
      "Subject: Read receipt: Idea",
      "MIME-Version: 1.0",
      'Content-Type: multipart/report; report-type=disposition-notification; boundary="b"',
      "",
      "--b",
      "Content-Type: text/plain",
      "",
      "This is a receipt for the mail you sent to ana@prospect.example.",
      "--b",
      "Content-Type: message/disposition-notification",
      "",
      "Reporting-UA: mail.prospect.example; Webmail",
      "Final-Recipient: rfc822;ana@prospect.example",
      "Original-Message-ID: <msg_00112233445566778899aabbccddeeff@outreach.test>",
      `Disposition: manual-action/MDN-sent-manually; ${disposition}`,
      "--b--",
      "",
    ].join("\r\n");
  for (const d of ["displayed", "deleted"]) expect(parseReport(mdn(d))).toMatchObject({ kind: "auto_reply", recipients: [] });
  // control: the same envelope with a delivery-status part is a bounce
  const dsn = mdn("displayed").replace("report-type=disposition-notification", "report-type=delivery-status").replace("message/disposition-notification", "message/delivery-status").replace("Disposition: manual-action/MDN-sent-manually; displayed", "Action: failed\r\nStatus: 5.1.1");
  expect(parseReport(dsn)).toMatchObject({ kind: "bounce", recipients: [{ address: "ana@prospect.example", hard: true }] });
});

test("'your message to the group … has been received and is pending approval' is a moderator's hold, no failure", () => {
  const held = plain("Groups <groups-noreply@groups.example>", "Your message to sales@prospect.example is awaiting moderation", "Your message to the Sales group (sales@prospect.example) has been received and is pending approval by a group moderator. You will be told if it is rejected.\n");
  expect(parseReport(held).kind).not.toBe("bounce");
  // control: the same sender saying it was rejected
  const rejected = plain("Mail Delivery Subsystem <mailer-daemon@groups.example>", "Delivery Status Notification (Failure)", "Your message to sales@prospect.example has been rejected: 550 5.7.1 only members may post.\n");
  expect(first(rejected)).toMatchObject({ kind: "bounce", recipient: "bounced", address: "sales@prospect.example" });
});

test("a spam-reporting service's plain-text report (SpamCop's '[ Offending message ]') is a complaint about the message it quotes", () => {
  const mid = "msg_0f1e2d3c4b5a69788796a5b4c3d2e1f0@outreach.test";
  const body = `[ SpamCop V5.4.0 ]\nThis message is brief for your comfort.\n\nEmail from 192.0.2.25 / Mon, 23 Nov 2026 09:00:00 +0000\n\n[ Offending message ]\nReturn-Path: <x>\nFrom: Dana <dana@outreach.test>\nTo: x\nSubject: Idea\nMessage-ID: <${mid}>\n\nHi x, worth a call?\n`;
  expect(parseReport(plain("1234567@reports.spamcop.example", "[SpamCop id:1234567]Idea", body))).toMatchObject({ kind: "complaint", feedbackType: "abuse", originalMessageId: mid, recipients: [] });
  // control: a person who mentions SpamCop is no report
  expect(parseReport(plain("Ana <ana@prospect.example>", "Re: Idea", "Stop writing or I will report you to SpamCop.\n")).kind).not.toBe("complaint");
});

test("a person forwarding the bounce of their own reply to us ('Fwd: Undeliverable: Re: …', our address the one it names) is no bounce", () => {
  const ndr = "Your message to dana@outreach.test couldn't be delivered.\n\ndana wasn't found at outreach.test.\n\nRemote Server returned '550 5.1.1 <dana@outreach.test>: Recipient address rejected: User unknown'\n";
  const forwarded = (named: string) => [`From: Priya <priya@prospect.example>`, "To: Dana <dana@outreach.test>", "Subject: Fwd: Undeliverable: Re: Idea", "", "Did my reply reach you? We'd like the demo.", "", "---------- Forwarded message ---------", "From: Microsoft Outlook <postmaster@prospect.example>", "Subject: Undeliverable: Re: Idea", "", ndr.replaceAll("dana@outreach.test", named)].join("\n");
  expect(parseReport(forwarded("dana@outreach.test")).kind).toBe("other");
  // control: a forwarded bounce naming someone else (our mail to a colleague of theirs) stays one
  expect(parseReport(forwarded("old.colleague@prospect.example"))).toMatchObject({ kind: "bounce", recipients: [{ address: "old.colleague@prospect.example" }] });
});

test("'550 5.7.27 <our address>: Sender address has null MX' is our domain's fault: soft policy, whatever the phrase says (a recipient's null MX stays hard)", () => {
  const ours = plain("MAILER-DAEMON@relay.example", "Undelivered Mail Returned to Sender", "<b.lee@corp.example>: host mx.corp.example[192.0.2.9] said: 550 5.7.27\n    <bounce+abc@bounce.outreach.test>: Sender address has null MX\n");
  expect(first(ours)).toMatchObject({ kind: "bounce", hard: false, reason: "policy" });
  const theirs = plain("MAILER-DAEMON@relay.example", "Undelivered Mail Returned to Sender", "<b.lee@corp.example>: host mx.corp.example[192.0.2.9] said: 556 5.1.10\n    <b.lee@corp.example>: Recipient address has null MX\n");
  expect(first(theirs)).toMatchObject({ hard: true, reason: "bad_domain" });
});

test("no bounce: a person's answer in our thread whose subject says 'Undeliverable', and a delay notice's 'has now been delivered'", () => {
  const parcel = plain("Marta Kowalczyk <marta@logistics.example>", "Undeliverable: sample parcel PL-48213 returned to depot", "Hi Dana,\n\nthe sample kit could not be delivered to the address on the label and went back to our depot. Please send the right address to goods-in@logistics.example or call +48 58 555 01 23.\n\nMarta\n", ["In-Reply-To: <msg_00112233445566778899aabbccddeeff@outreach.test>"]);
  expect(parseReport(parcel).kind).toBe("other");
  const delivered = plain("Postmaster <postmaster@partner.example>", "Delivery Status Notification: message delivered after delay", "Your message to <m.sato@partner.example>, previously reported as delayed, has now been delivered successfully.\n\nEarlier delivery attempts had been deferred with: 451 4.7.1 Greylisting in action\n");
  expect(parseReport(delivered).kind).not.toBe("bounce");
  // controls: a daemon's report in the thread, and a delay that has not been delivered
  expect(parseReport(plain("MAILER-DAEMON@logistics.example", "Undeliverable: Idea", "Your message could not be delivered to <ola@logistics.example>: 550 5.1.1 no such user\n", ["In-Reply-To: <msg_00112233445566778899aabbccddeeff@outreach.test>"])).kind).toBe("bounce");
  expect(first(plain("Postmaster <postmaster@partner.example>", "Delivery delayed", "Your message to <m.sato@partner.example> has not yet been delivered. It will be retried.\n\n451 4.7.1 Greylisting in action\n"))).toMatchObject({ recipient: "deferred" });
});

test("a delivery report forwarded as an attachment: the original is the one the report returns, not the forwarded report", () => {
  const dsn = [
    "From: MAILER-DAEMON@mx.corp.example (Mail Delivery System)",
    "To: sam@outreach.test",
    "Subject: Undelivered Mail Returned to Sender",
    "Date: Mon, 23 Nov 2026 09:00:00 +0000",
    "Message-ID: <20261123090000.AB12@mx.corp.example>",
    "MIME-Version: 1.0",
    'Content-Type: multipart/report; report-type=delivery-status; boundary="in"',
    "",
    "--in",
    "Content-Type: text/plain",
    "",
    "I'm sorry to have to inform you that your message could not be delivered.",
    "",
    "--in",
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns; mx.corp.example",
    "",
    "Final-Recipient: rfc822; lee@corp.example",
    "Action: failed",
    "Status: 5.1.1",
    "Diagnostic-Code: smtp; 550 5.1.1 <lee@corp.example>: Recipient address rejected: User unknown",
    "",
    "--in",
    "Content-Type: text/rfc822-headers",
    "",
    "From: Sam <sam@outreach.test>",
    "To: lee@corp.example",
    "Subject: A thought",
    "Message-ID: <msg_0123456789abcdef0123456789abcdef@outreach.test>",
    "",
    "--in--",
    "",
  ].join("\r\n");
  const forwarded = [
    "From: Sam <sam@outreach.test>",
    "To: bounces@outreach.test",
    "Subject: Fwd: Undelivered Mail Returned to Sender",
    "Date: Mon, 23 Nov 2026 09:30:00 +0000",
    "Message-ID: <fwd1@mail.outreach.test>",
    "MIME-Version: 1.0",
    'Content-Type: multipart/mixed; boundary="out"',
    "",
    "--out",
    "Content-Type: text/plain",
    "",
    "This came to me instead, passing it on.",
    "",
    "--out",
    "Content-Type: message/rfc822",
    "",
    dsn,
    "--out--",
    "",
  ].join("\r\n");
  const r = parseReport(forwarded);
  expect(r.kind).toBe("bounce");
  expect(r.originalMessageId).toBe("msg_0123456789abcdef0123456789abcdef@outreach.test");
  // control: the report itself, not forwarded
  expect(parseReport(dsn).originalMessageId).toBe("msg_0123456789abcdef0123456789abcdef@outreach.test");
});

test("a copy of the original introduced in a language we do not read: its header block ends the report, so our DKIM-Signature is no diagnostic", () => {
  const raw = plain("Mail Delivery System <Mailer-Daemon@smtp.provider.example>", "Mail delivery failed: returning message to sender", "This message was created automatically by mail delivery software.\n\nA message that you sent could not be delivered to one or more of its\nrecipients. This is a permanent error. The following address(es) failed:\n\n  ugo@cliente.example\n    host mx.cliente.example [192.0.2.7]\n    SMTP error from remote mail server after RCPT TO:<ugo@cliente.example>:\n    554 5.7.1 <ugo@cliente.example>: Relay access denied\n\n------ Qui sotto trovi le intestazioni del messaggio. ------\n\nReturn-path: <bounce+abc@bounce.outreach.test>\nDKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=outreach.test; s=s1;\n\th=from:to:subject; bh=abc=; b=def=\nFrom: Leo <leo@outreach.test>\nMessage-ID: <msg_1@outreach.test>\n");
  expect(first(raw)).toEqual({ kind: "bounce", recipient: "bounced", address: "ugo@cliente.example", hard: false, reason: "policy" });
});

test("a German provider's warning that delivery 'has not yet reached every recipient' and 'will be retried automatically' is a delay", () => {
  const raw = plain("Mailer-Daemon@mail.anbieter.example", "Warnung: Nachricht verzögert", "Ihre Nachricht konnte bisher nicht an alle Empfänger zugestellt werden.\nDer Zustellversuch wird automatisch bis zum 14.01.2027 wiederholt.\n\nEmpfänger: ina@kunde.example\nGrund: 451 4.7.1 Please try again later\n");
  expect(first(raw)).toMatchObject({ kind: "bounce", recipient: "deferred", address: "ina@kunde.example", hard: false });
});

test("Chinese and NetEase spam refusals ('DT:SPM', 垃圾邮件) are spam", () => {
  const raw = plain("MAILER-DAEMON@m1.provider.example", "系统退信", "抱歉，您的邮件被退回。\n\n<wei@provider.example>: 554 DT:SPM 发送的邮件内容包含了未被许可的信息，或被系统识别为垃圾邮件。\n");
  expect(first(raw)).toMatchObject({ kind: "bounce", address: "wei@provider.example", hard: false, reason: "spam" });
});

test("a Russian report ('не удалось доставить', subject 'Недоставленное сообщение') is a bounce", () => {
  const raw = plain("MAILER-DAEMON@mx.pochta.example", "Недоставленное сообщение", "К сожалению, ваше письмо не удалось доставить одному или нескольким получателям.\n\n<oleg@nowhere.example>: адрес недоступен\n    Host or domain name not found. Name service error for name=nowhere.example type=MX: Host not found\n");
  expect(first(raw)).toMatchObject({ kind: "bounce", address: "oleg@nowhere.example", hard: true, reason: "bad_domain" });
});

test("'did not reach some or all of the intended recipients' from a mail server's own address is a bounce", () => {
  const raw = plain("mailserver@corp.example", "Message undeliverable: A thought", "Your message did not reach some or all of the intended recipients.\n\nThe following recipient(s) could not be reached:\n\nkai@corp.example\n   Remote server replied: 550 5.1.1 Mailbox unavailable\n");
  expect(first(raw)).toMatchObject({ kind: "bounce", address: "kai@corp.example", hard: true, reason: "user_unknown" });
});

test("qmail's 'This address no longer accepts mail. (#5.2.1)' is a disabled mailbox", () => {
  const raw = plain("MAILER-DAEMON@mail.example.org", "failure notice", "Hi. This is the qmail-send program at mail.example.org.\nI'm afraid I wasn't able to deliver your message to the following addresses.\nThis is a permanent error; I've given up. Sorry it didn't work out.\n\n<jo@example.org>:\nThis address no longer accepts mail. (#5.2.1)\n");
  expect(first(raw)).toMatchObject({ kind: "bounce", address: "jo@example.org", hard: false, reason: "mailbox_disabled" });
});

test("a message 'blocked by policy' is the recipient's policy, not a block of our host", () => {
  const said = (answer: string) => first(plain("MAILER-DAEMON@mx.example.net", "Undelivered Mail Returned to Sender", `This is the mail system at host mx.example.net.\n\nI'm sorry to have to inform you that your message could not\nbe delivered to one or more recipients.\n\n<amy@example.net>: host mail.example.net[192.0.2.8] said: ${answer} (in reply to end of DATA command)\n`));
  expect(said("550 5.7.1 Message blocked by policy")).toMatchObject({ hard: false, reason: "policy" });
  expect(said("550 5.7.1 Message blocked by the organization's email policy")).toMatchObject({ hard: false, reason: "policy" });
  // control: our host blocked
  expect(said("554 5.7.1 Service unavailable; Client host [198.51.100.25] blocked using zen.spamhaus.org")).toMatchObject({ reason: "blocked" });
});

test("a person forwarding a provider's notice that quotes no server's refusal is no bounce", () => {
  const notice = plain("Ina Brandt <ina@kunde.example>", "WG: Warnung: Ihr Postfach ist fast voll", "Hallo, deshalb kam Ihre Mail wohl nicht an.\n\n-----Ursprüngliche Nachricht-----\nVon: Mail-Service <noreply@provider.example>\nAn: ina@kunde.example\nBetreff: Warnung: Ihr Postfach ist fast voll\n\nIhr Postfach ist zu 96 % belegt. Ist es voll, erhalten Absender eine Unzustellbarkeitsnachricht und Ihre Nachricht kann nicht zugestellt werden.\n");
  expect(parseReport(notice).kind).toBe("other");
  // control: a forwarded report that quotes the server's refusal is still read
  const forwarded = plain("Ina Brandt <ina@kunde.example>", "WG: Unzustellbar: Angebot", "Zur Info.\n\n-----Ursprüngliche Nachricht-----\nVon: MAILER-DAEMON@mx.kunde.example\nBetreff: Unzustellbar\n\nIhre Nachricht konnte nicht zugestellt werden.\n\n<tom@kunde.example>: 550 5.1.1 User unknown\n");
  expect(parseReport(forwarded).kind).toBe("bounce");
});

test("a filter's 'was blocked by our spam filter … has not been delivered' is final, not a delay", () => {
  const raw = plain("Mail Gateway <postmaster@gw.example.org>", "Message blocked", "Your message to: kai@example.org\nwas blocked by our content filter. The message you sent has NOT BEEN DELIVERED.\n\nIts score is above this organisation's threshold.");
  expect(first(raw)).toMatchObject({ recipient: "bounced", address: "kai@example.org", hard: false });
  // control: a message not delivered yet that will be retried is a delay
  const delay = plain("Mail Gateway <postmaster@gw.example.org>", "Delivery delayed", "Your message to kai@example.org has not yet been delivered.\nThe server will keep trying for 4 more days; no action is required on your part.");
  expect(first(delay)).toMatchObject({ recipient: "deferred", hard: false });
});

test("a text report whose queue gave up, in its own language ('il messaggio è scaduto'), is an expiry whatever the last transient answer", () => {
  const raw = plain("Postmaster <postmaster@mx.example.it>", "Messaggio non recapitato", "Il messaggio inviato a lia@example.it non è stato recapitato.\nUltimo errore: 421 4.3.2 Service not available, closing transmission channel\n\nIl messaggio è scaduto: non verranno effettuati ulteriori tentativi.");
  expect(first(raw)).toMatchObject({ recipient: "bounced", address: "lia@example.it", hard: false, reason: "expired" });
  const de = plain("Postmaster <postmaster@mx.example.de>", "Unzustellbar", "Die Nachricht an ole@example.de konnte nicht zugestellt werden.\nLetzter Fehler: 421 4.4.2 Connection dropped\n\nDie Nachricht ist abgelaufen und wurde aus der Warteschlange entfernt.");
  expect(first(de).reason).toBe("expired");
});

test("'account is dormant' (X.2.1) is a disabled mailbox, soft as every disabled one", () => {
  const raw = plain("MAILER-DAEMON@mx.example.kr", "Undelivered Mail", "Delivery to the following recipient failed:\n\n  jin@example.kr\n\n550 5.2.1 jin@example.kr: Mailbox unavailable - account is dormant");
  expect(first(raw)).toMatchObject({ recipient: "bounced", reason: "mailbox_disabled", hard: false });
});

test("RFC 5321's generic 'mailbox unavailable' over a cause about our host (GMX's invalid PTR) is no missing mailbox", () => {
  const raw = plain("MAILER-DAEMON@mail.sender.example", "Undelivered Mail Returned to Sender", "<eva@gmx.example>: host mx01.gmx.example[192.0.2.9] said:\n    550-Requested action not taken: mailbox unavailable 550 invalid DNS PTR\n    resource record, IP=192.0.2.77 (in reply to RCPT TO command)");
  expect(first(raw)).toMatchObject({ recipient: "bounced", address: "eva@gmx.example", hard: false });
  expect(first(raw).reason).not.toBe("user_unknown");
  // control: the generic words alone still mean the mailbox is missing
  const missing = plain("MAILER-DAEMON@mail.sender.example", "Undelivered Mail Returned to Sender", "<eva@gmx.example>: host mx01.gmx.example[192.0.2.9] said:\n    550 Requested action not taken: mailbox unavailable (in reply to RCPT TO command)");
  expect(first(missing)).toMatchObject({ hard: true, reason: "user_unknown" });
});

test("'452 Mailbox frank@… is full': the address between the mailbox and its state", () => {
  const raw = plain("Mail Delivery System <Mailer-Daemon@mail.sender.example>", "Mail delivery failed: returning message to sender", "This message was created automatically by mail delivery software.\n\nA message that you sent could not be delivered to one or more of its recipients. This is a permanent error. The following address(es) failed:\n\n  frank@velo.example\n    host mail.velo.example [192.0.2.7]\n    SMTP error from remote mail server after end of data:\n    452 Mailbox frank@velo.example is full, please try again later\n    retry timeout exceeded");
  expect(first(raw)).toMatchObject({ address: "frank@velo.example", hard: false, reason: "mailbox_full" });
});

test("T-Online's framed heading '|---- Message header follows: ----|' ends the report: the returned headers are not the diagnostic", () => {
  const raw = plain("Mail Delivery System <MAILER-DAEMON@mailout.t-online.example>", "Mail delivery failed", "|------------------------- Message log follows: -------------------------|\n no valid recipients were found for this message\n|------------------------- Failed addresses follow: ---------------------|\n <ute@pension.example>\n   554 5.7.1 <ute@pension.example>: Relay access denied\n|------------------------- Message header follows: ----------------------|\nReceived: from fwd81.t-online.example\nX-TOI-EXPURGATEID: 150726::1698412229 CLEAN NORMAL\nSubject: Zimmeranfrage");
  const r = parseReport(raw);
  expect(r.recipients[0]!.diagnostic).not.toContain("EXPURGATE");
  expect(first(raw)).toMatchObject({ address: "ute@pension.example", hard: false, reason: "policy" });
});

test("a daemon's notice titled 'Warning: <address> - User unknown!' ('there is no user by that name') is a missing mailbox", () => {
  const raw = plain("\"MDaemon at mx.example.org\" <MDaemon@example.org>", "Warning: zoe@example.org - User unknown!", "zoe@example.org - no such user here.\n\nThere is no user by that name at this server.\n");
  expect(first(raw)).toEqual({ kind: "bounce", recipient: "bounced", address: "zoe@example.org", hard: true, reason: "user_unknown" });
  // control: a person's message with those words in the subject is no report
  const person = plain("Zoe Park <zoe@example.org>", "Re: user unknown error in our CRM", "Hi, we still see the user unknown error when we import. Any idea?\n");
  expect(parseReport(person).kind).not.toBe("bounce");
});

test("localised reports of a missing mailbox (Brazilian qmail, Turkish, Japanese, Polish Exim) are hard; a full mailbox in Japanese is soft", () => {
  const qmail = plain("MAILER-DAEMON@mx.example.com.br", "aviso de falha", "Olá. Este é o programa qmail-send em mx.example.com.br.\nLamento informar que não foi possível entregar sua mensagem aos endereços abaixo.\nEste é um erro permanente; desisti.\n\n<ana@example.com.br>:\nDesculpe, não existe caixa postal com este nome. (#5.1.1)\n");
  expect(first(qmail)).toEqual({ kind: "bounce", recipient: "bounced", address: "ana@example.com.br", hard: true, reason: "user_unknown" });
  const turkish = plain("MAILER-DAEMON@mail.example.com.tr", "İleti teslim edilemedi", "Gönderdiğiniz ileti aşağıdaki alıcıya teslim edilemedi:\n\n    can@example.com.tr\n\nHata nedeni: Alıcının posta kutusu mevcut değil.\nSunucu yanıtı: 550 Böyle bir kullanıcı yok\n\nBu kalıcı bir hatadır.\n");
  expect(first(turkish)).toMatchObject({ kind: "bounce", address: "can@example.com.tr", hard: true, reason: "user_unknown" });
  const japanese = plain("MAILER-DAEMON@mail.example.jp", "メール配送エラー", "お客様が送信されたメールは、以下の宛先に配送できませんでした。\n\n  宛先　： ken@example.jp\n  理由　： 指定されたメールアドレスは存在しません。\n");
  expect(first(japanese)).toMatchObject({ kind: "bounce", address: "ken@example.jp", hard: true, reason: "user_unknown" });
  const full = plain("MAILER-DAEMON@mail.example.jp", "配送エラーのお知らせ", "以下の宛先へのメールは、受信者のメールボックスが容量の上限に達しているため配送できませんでした。\n\n宛先　： yui@example.jp\n理由　： メールボックス容量超過\n");
  expect(first(full)).toMatchObject({ kind: "bounce", address: "yui@example.jp", hard: false, reason: "mailbox_full" });
});

test("a DNS blocklist named beside 'User unknown' refused our IP: blocked and soft, never a suppression", () => {
  const raw = plain("MAILER-DAEMON@mail.example.org", "Undelivered Mail Returned to Sender", "This is the mail system at host mail.example.org.\n\n<lee@example.com>: host mx.example.com[192.0.2.7] said: 550 5.1.1 <lee@example.com>: Recipient address rejected: User unknown; Client host [198.51.100.9] blocked using zen.spamhaus.org (in reply to RCPT TO command)\n");
  expect(first(raw)).toMatchObject({ hard: false, reason: "blocked" });
  // control: the same answer without a blocklist is a missing mailbox
  const unknown = plain("MAILER-DAEMON@mail.example.org", "Undelivered Mail Returned to Sender", "This is the mail system at host mail.example.org.\n\n<lee@example.com>: host mx.example.com[192.0.2.7] said: 550 5.1.1 <lee@example.com>: Recipient address rejected: User unknown in virtual mailbox table (in reply to RCPT TO command)\n");
  expect(first(unknown)).toMatchObject({ hard: true, reason: "user_unknown" });
});

test("Sieve's or Dovecot's rejection sent as an MDN (disposition 'deleted') is a failure with its reason; a read receipt stays none", () => {
  const mdn = (disposition: string, text: string) =>
    [
      "From: Mail Delivery Subsystem <MAILER-DAEMON@mail.example.org>",
      "To: bounce+abc@bounce.outreach.test",
      "Subject: Rejected: Idea",
      "Date: Mon, 23 Nov 2026 10:00:00 +0000",
      "MIME-Version: 1.0",
      'Content-Type: multipart/report; report-type=disposition-notification; boundary="b"',
      "",
      "--b",
      "Content-Type: text/plain",
      "",
      text,
      "",
      "--b",
      "Content-Type: message/disposition-notification",
      "",
      "Reporting-UA: mail.example.org; Dovecot Mail Delivery Agent",
      "Final-Recipient: rfc822; zoe@example.org",
      `Disposition: ${disposition}`,
      "",
      "--b--",
      "",
    ].join("\r\n");
  expect(first(mdn("automatic-action/MDN-sent-automatically; deleted", "Your message to <zoe@example.org> was automatically rejected:\nQuota exceeded (mailbox for user is full)"))).toEqual({
    kind: "bounce",
    recipient: "bounced",
    address: "zoe@example.org",
    hard: false,
    reason: "mailbox_full",
  });
  // control: a read receipt names its reader, and nothing failed
  expect(parseReport(mdn("manual-action/MDN-sent-manually; displayed", "Your message was displayed on Monday.")).kind).toBe("auto_reply");
});

test("a report whose text names no one but whose subject does ('Undeliverable: x@y') fails that address; 'the domain of the recipient address does not exist' is the domain", () => {
  const raw = plain("\"Host Postmaster\" <postmaster@host.example>", "Undeliverable: ann@exampel.test", "Your message could not be delivered.\n\nThe domain of the recipient address does not exist: no MX or A record could be found for it.\n\n  Error: 550 5.1.2 Bad destination system address\n\nThis is a permanent error.\n");
  expect(first(raw)).toEqual({ kind: "bounce", recipient: "bounced", address: "ann@exampel.test", hard: true, reason: "bad_domain" });
});

test("a fresh batch of gateways and hosted systems: GroupWise's 'User or Post Office not found', a bulk-mail filter, a quoted local part", () => {
  const groupwise = plain("<Mailer-Daemon@school.example>", "Message status - undeliverable", "The message that you sent was undeliverable to the following:\n\tkim.lee@school.example (User or Post Office not found (D101))\n\nPossibly truncated original message follows:\n");
  expect(first(groupwise)).toEqual({ kind: "bounce", recipient: "bounced", address: "kim.lee@school.example", hard: true, reason: "user_unknown" });
  const bulk = plain("MAILER-DAEMON@relay.outreach.test", "Undelivered Mail Returned to Sender", "This is the mail system at host relay.outreach.test.\n\n<ola@pharma.example>: host gw.pharma.example[192.0.2.9] said: 550 5.7.1 Message blocked by bulk email filter (score 7.10, threshold 5.00) (in reply to end of DATA command)\n");
  expect(first(bulk)).toEqual({ kind: "bounce", recipient: "bounced", address: "ola@pharma.example", hard: false, reason: "spam" });
  // the local part Postfix had to quote (a trailing dot) stays whole, quotes and all
  const quoted = [
    "From: MAILER-DAEMON@relay.outreach.test",
    "To: bounce+abc@bounce.outreach.test",
    "Subject: Undelivered Mail Returned to Sender",
    "MIME-Version: 1.0",
    'Content-Type: multipart/report; report-type=delivery-status; boundary="b"',
    "",
    "--b",
    "Content-Type: text/plain",
    "",
    '<"ana.kos."@events.example>: host mx.events.example[192.0.2.7] said: 501 5.1.3 Bad recipient address syntax (in reply to RCPT TO command)',
    "",
    "--b",
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns; relay.outreach.test",
    "",
    'Final-Recipient: rfc822; "ana.kos."@events.example',
    "Action: failed",
    "Status: 5.1.3",
    "Diagnostic-Code: smtp; 501 5.1.3 Bad recipient address syntax",
    "",
    "--b--",
    "",
  ].join("\r\n");
  expect(first(quoted)).toMatchObject({ kind: "bounce", address: '"ana.kos."@events.example', hard: true });
});

test("a mailbox closed for good is a hard bounce; one disabled or locked for a while stays soft", () => {
  const report = (line: string) => plain("MAILER-DAEMON@mx.partner.example", "Mail delivery failed: returning message to sender", `This message was created automatically by mail delivery software.\n\nA message that you sent could not be delivered to one or more of its recipients. This is a permanent error. The following address(es) failed:\n\n  lea.park@partner.example\n    ${line}\n`);
  for (const line of ["This mailbox has been closed. Please write to office@partner.example instead.", "550 5.2.1 Het e-mailadres is opgeheven en kan geen berichten meer ontvangen", "550 5.2.1 Das Postfach wurde gelöscht."]) {
    expect(first(report(line))).toMatchObject({ recipient: "bounced", hard: true, reason: "mailbox_disabled" });
  }
  // controls: disabled, suspended, inactive (sisimai's "suspend"): the owner may come back
  for (const line of ["550 5.2.1 The email account that you tried to reach is disabled.", "550 5.2.1 Account has been suspended for inactivity"]) {
    expect(first(report(line))).toMatchObject({ hard: false, reason: "mailbox_disabled" });
  }
});

test("a refusal in general words with a media code (X.6.x) is the content; a table lookup that failed is the remote system's", () => {
  const report = (line: string) => plain("MAILER-DAEMON@relay.outreach.test", "Undelivered Mail Returned to Sender", `This is the mail system at host relay.outreach.test.\n\n<bo@shipper.example>: host mx.shipper.example[192.0.2.8] said: ${line}\n`);
  expect(first(report("554 5.6.0 Message rejected: a header contains raw 8-bit characters (in reply to end of DATA command)")).reason).toBe("content");
  expect(first(report("451 4.3.0 <bo@shipper.example>: Temporary lookup failure (in reply to RCPT TO command)")).reason).toBe("system");
  // control: a refusal by policy with a policy code stays policy
  expect(first(report("554 5.7.1 Message rejected by local policy (in reply to end of DATA command)")).reason).toBe("policy");
});

test("a relay's notice that mentions our return path in its boilerplate is no sender refusal", () => {
  const raw = plain("Relay Notices <notices@relay.example>", "Hard bounce: ops@shipper-typo.example", "Hard bounce for ops@shipper-typo.example\n\nA message sent through your relay could not be delivered.\n\n  Recipient:   ops@shipper-typo.example\n  Details:     smtp;550 5.1.2 DNS error: shipper-typo.example does not exist (NXDOMAIN)\n\nYou are receiving this notice because your message's return path is bounce+abc@bounce.outreach.test.\n");
  expect(first(raw)).toEqual({ kind: "bounce", recipient: "bounced", address: "ops@shipper-typo.example", hard: true, reason: "bad_domain" });
  // control: a refusal of the return path itself is about our sender
  const sender = plain("MAILER-DAEMON@relay.outreach.test", "Undelivered Mail Returned to Sender", "This is the mail system at host relay.outreach.test.\n\n<bo@shipper.example>: host mx.shipper.example[192.0.2.8] said: 550 5.7.1 Return path address rejected: domain not found (in reply to MAIL FROM command)\n");
  expect(first(sender).reason).toBe("policy");
});

test("no recipient is read from a transcript's Message-ID line nor from a link's query; a log digest of our own host is no report", () => {
  const mdaemon = plain("MDaemon <MDaemon@mail.partner.example>", "Permanent Delivery Failure", "The attached message had PERMANENT fatal delivery errors!\n\n--- Session Transcript ---\n *  To: team@partner.example\n *  Message-ID: <20270113164055.03320ab7e7@outreach.test>\n Wed 2027-01-13 11:41:07: List is PRIVATE - only members may post\n Wed 2027-01-13 11:41:07: Message refused, returned to sender\n--- End Transcript ---\n");
  expect(parseReport(mdaemon).recipients.map((r) => r.address)).toEqual(["team@partner.example"]);
  const lure = plain('"Mail Administrator" <support@storage-upgrade.example>', "Action required: storage quota exceeded", "Dear user bounce+abc@bounce.outreach.test,\n\nYour mailbox has exceeded its storage limit. 6 incoming messages could not be delivered to your inbox.\n\nVerify your account:\nhttps://storage-upgrade.example/verify?u=bounce+abc@bounce.outreach.test\n");
  expect(parseReport(lure).recipients).toEqual([]);
  const digest = plain("logwatch@bounce.outreach.test", "Logwatch for bounce.outreach.test (Linux)", " --------------------- Postfix Begin ------------------------\n\n    2   Reject unknown user\n\n **Unmatched Entries**\n    2   NOQUEUE: reject: RCPT from unknown[198.51.100.77]: 550 5.1.1 <info@bounce.outreach.test>: Recipient address rejected: User unknown in virtual alias table\n    3   NOQUEUE: reject: RCPT from unknown[198.51.100.77]: 554 5.7.1 <test@relay.example>: Relay access denied\n\n ---------------------- Postfix End -------------------------\n", ["Auto-Submitted: auto-generated"]);
  expect(parseReport(digest).kind).not.toBe("bounce");
  // control: a gateway's own notice, generated and from no daemon, that says a message failed is a report
  const gateway = plain("Secure Gateway <do-not-reply@gateway.partner.example>", "Message blocked: Pricing 2027", "Your message could not be delivered\n\nYour message to lea.park@partner.example was blocked because the attachment Pricing.docm is a file type that is not allowed.\n", ["Auto-Submitted: auto-generated"]);
  expect(first(gateway)).toMatchObject({ kind: "bounce", address: "lea.park@partner.example", hard: false });
});

test("a fresh batch of hard shapes: 'Original message follows:' ends the report; French junk wording; sendmail's X-Unix host unknown; a Korean gateway; a newsletter quoting codes", () => {
  const mailenable = plain("MailEnable <postmaster@relay.partner.example>", "Message delivery failure", "MailEnable: Message could not be delivered to some recipients.\n\n\tRecipient: [SMTP:ravi@partner.example]\n\tReason: Remote SMTP Server Returned: 554 5.7.1 <ravi@partner.example>: Relay access denied\n\nOriginal message follows:\n\n    From: Leo <leo@outbound.test>\n    Subject: Scan every attachment for viruses\n\n    We block malware and viruses in every attachment.\n");
  expect(first(mailenable)).toMatchObject({ address: "ravi@partner.example", hard: false, reason: "policy" });
  const french = plain("MAILER-DAEMON@mx.hebergeur.example", "Undelivered Mail Returned to Sender", "Ceci est le système de messagerie.\n\n<claire@mont.example>: host mx.mont.example[192.0.2.4] said: 554 5.7.1 Message refusé : contenu considéré comme indésirable (score 11,8)\n");
  expect(first(french).reason).toBe("spam");
  const korean = plain("스팸차단시스템 <spamfilter@steel.example>", "[수신 거부 안내] Following up", "발신자님께,\n\n귀하께서 seojun@steel.example 앞으로 보내신 메일이 당사 스팸 차단 시스템에 의해 수신 거부되었습니다.\n\n■ 차단 사유 : 발송 서버 IP가 RBL에 등록되어 있어 수신이 거부되었습니다.\n(554 5.7.1 Client host [198.51.100.23] blocked using rbl.spamlist.example)\n", ["Auto-Submitted: auto-generated"]);
  expect(first(korean)).toMatchObject({ kind: "bounce", address: "seojun@steel.example", hard: false, reason: "blocked" });
  const newsletter = plain("Inbox Signal <newsletter@inboxsignal.example>", "Inbox Signal #37: what 550 5.1.1 really tells you", "This week: a DSN says\n\n  Final-Recipient: rfc822; jane.doe@example.com\n  Action: failed\n  Status: 5.1.1\n  Diagnostic-Code: smtp; 550 5.1.1 User unknown\n\nThe message could not be delivered, and your ESP will retry a soft one.\n", ["List-Id: Inbox Signal <newsletter.inboxsignal.example>", "List-Unsubscribe: <https://inboxsignal.example/u/7f2c>"]);
  expect(parseReport(newsletter).recipients).toEqual([]);
});

test("sendmail's own 'Host unknown', written as an X-Unix diagnostic, is the domain's failure", () => {
  const raw = dsnReport("Mail Delivery Subsystem <MAILER-DAEMON@relay.outreach.test>", "Returned mail: see transcript for details", "----- The following addresses had permanent fatal errors -----\n<eo@quillfeather.example>", ["Final-Recipient: RFC822; eo@quillfeather.example", "Action: failed", "Status: 5.1.2", "Diagnostic-Code: X-Unix; Host unknown (Name server: quillfeather.example: host not found)"]);
  expect(first(raw)).toMatchObject({ address: "eo@quillfeather.example", hard: true, reason: "bad_domain" });
});

test("Exchange's delay notice with the generic '400 4.4.7 Message delayed': the error its text quotes says why it waits; 5.7.515 is the sender's authentication", () => {
  const delay = (shown: string) =>
    dsnReport("Microsoft Outlook <postmaster@partner.onmicrosoft.example>", "Recapito ritardato: Idea", `Il recapito a g.rinaldi@partner.example è ritardato. Il server ha restituito: ${shown}. Nuovi tentativi per 1 giorno.`, ["Final-Recipient: rfc822; g.rinaldi@partner.example", "Action: delayed", "Status: 4.4.7", "Diagnostic-Code: smtp; 400 4.4.7 Message delayed"]);
  expect(first(delay("451 4.4.0 DNS query failed"))).toMatchObject({ recipient: "deferred", reason: "network" });
  expect(first(delay("451 4.7.1 Greylisted, please try again later"))).toMatchObject({ recipient: "deferred", reason: "greylisted" });
  // control: nothing quoted, the delay stays what the status says
  expect(first(delay("nessun dettaglio"))).toMatchObject({ recipient: "deferred", reason: "expired" });
  const auth = plain("MAILER-DAEMON@relay.outreach.test", "Undelivered Mail Returned to Sender", "This is the mail system at host relay.outreach.test.\n\n<lm@partner.example>: host partner-example.mail.protection.outlook.example[192.0.2.3] said: 550 5.7.515 Access denied, sending domain [OUTREACH.TEST] doesn't meet the required authentication level. (in reply to end of DATA command)\n");
  expect(first(auth).reason).toBe("dmarc");
});

test("a filter's quarantine digest is no report; 'trying to use me as a relay' is a policy refusal", () => {
  const digest = plain("SpamTitan <quarantine@gateway.partner.example>", "SpamTitan weekly quarantine report for bounce+abc@bounce.outreach.test", "The following 3 messages were held:\n\n  From: no-reply@cheap-meds.example  Subject: Undelivered Mail Returned to Sender  Score: 14.2 (spam)\n  From: win@lucky-draw.example  Subject: Delivery Status Notification (Failure)  Score: 11.0 (spam)\n");
  expect(parseReport(digest).kind).not.toBe("bounce");
  const relay = plain("MAILER-DAEMON@relay.outreach.test", "Undelivered Mail Returned to Sender", "This is the mail system at host relay.outreach.test.\n\n<procurement@marine.example>: host cluster.messagelabs.example[192.0.2.9] said: 553-you are trying to use me [server-22.tower-412.messagelabs.example] as a relay, but I have not been configured to let you do this. (in reply to RCPT TO command)\n");
  expect(first(relay)).toMatchObject({ hard: false, reason: "policy" });
});

test("older formats: our IP blocked whatever the block is called; a URI greylist is no greylisting; CompuServe's 'Receiver not found'", () => {
  const verizon = plain("MAILER-DAEMON@relay.outreach.test", "Returned mail: see transcript for details", "----- Transcript of session follows -----\n... while talking to relay.verizon.example.:\n<<< 571 Email from 203.0.113.45 is currently blocked by Verizon Online's anti-spam system.\n554 5.0.0 Service unavailable\n\n----- The following addresses had permanent fatal errors -----\n<hb@verizon.example>\n");
  expect(first(verizon).reason).toBe("blocked");
  const mdaemon = plain("MDaemon <MDaemon@mail.hoa.example>", "Message refused by spam filter", "The message you sent to nb@hoa.example was refused by the spam filter on this server and was NOT delivered.\n\nSpam score: 11.8 (the threshold for refusal is 5.0)\n\n 2.9 URIBL_GREY             Contains an URL listed in the URIBL greylist\n");
  expect(first(mdaemon).reason).toBe("spam");
  const compuserve = plain("CompuServe Postmaster <postmaster@compuserve.example>", "Undeliverable Message", "To: Walt <76543.210@compuserve.example>\nSubject: 15 minutes next week?\n\nReceiver not found: 76543,210\n\nYour message could not be delivered as addressed.\n");
  expect(first(compuserve)).toMatchObject({ address: "76543.210@compuserve.example", hard: true, reason: "user_unknown" });
});

test("a Chinese mailer's '无法发送到 <addr>' blocks: each recipient gets the reason written under it; '系统将继续尝试' is a delay", () => {
  const two = plain("系统管理员 <postmaster@mail.partner.example>", "退信：合作邀请", "您发送的邮件未能送达。\n\n无法发送到 liu.fang@partner.example\n  退信原因：该邮箱地址不存在\n  服务器返回：550 5.1.1 No such user\n\n无法发送到 info@partner.example\n  退信原因：被判定为垃圾邮件\n  服务器返回：554 Message rejected as spam by content filter\n");
  const r = parseReport(two).recipients.map((x) => ({ address: x.address, hard: x.hard, reason: x.reason }));
  expect(r).toEqual([
    { address: "liu.fang@partner.example", hard: true, reason: "user_unknown" },
    { address: "info@partner.example", hard: false, reason: "spam" },
  ]);
  const later = plain("系统管理员 <postmaster@mail.partner.example>", "邮件延迟投递通知", "您发送给 chen.bo@partner.example 的邮件暂时无法投递。\n\n收件人：chen.bo@partner.example\n服务器返回：452 4.2.2 Mailbox full\n\n系统将继续尝试投递，如 5 天内仍未成功将退回。\n");
  expect(first(later)).toMatchObject({ recipient: "deferred", reason: "mailbox_full" });
});

test("a Japanese gateway's notice that it refused a password-protected ZIP ('受信を拒否いたしました … 配送されておりません') is a content bounce", () => {
  const ppap = plain("メールセキュリティ通知 <no-reply-gw@partner.example>", "【配送エラー】添付ファイルを受信できません", "本メールはシステムより自動送信されています。\n\n送信されたメールにパスワード付きZIPファイルが添付されていたため、受信を拒否いたしました。メールは宛先に配送されておりません。\n\n■宛先：soumu@partner.example\n■判定理由：Password-protected archive is not permitted\n", ["Auto-Submitted: auto-generated"]);
  expect(first(ppap)).toMatchObject({ kind: "bounce", address: "soumu@partner.example", hard: false, reason: "content" });
});

test("European providers: a 521 with a protocol status is the protocol, not a dead domain; SMTPUTF8 refused; 'ont été bloqués'; a group for authenticated senders only", () => {
  const report = (line: string) => plain("MAILER-DAEMON@relay.outreach.test", "Undelivered Mail Returned to Sender", `This is the mail system at host relay.outreach.test.\n\n${line}\n`);
  expect(first(report("<j.virtanen@isp.example>: host mx.isp.example[192.0.2.8] said: 521 5.5.2 mx.isp.example Error: bare <LF> received (in reply to end of DATA command)"))).toMatchObject({ hard: false, reason: "protocol" });
  // control: a 521 in its own meaning is still the domain's
  expect(first(report("<j.virtanen@isp.example>: host mx.isp.example[192.0.2.8] said: 521 5.3.2 mx.isp.example does not accept mail (in reply to RCPT TO command)"))).toMatchObject({ hard: true, reason: "bad_domain" });
  expect(first(report("<jose.nuñez@isp.example>: SMTPUTF8 is required, but was not offered by host mx.isp.example[192.0.2.9]"))).toMatchObject({ hard: false, reason: "protocol" });
  expect(first(report("<c.morel@isp.example>: host mx.isp.example[192.0.2.7] said: 550 5.7.1 Les messages envoyes depuis votre plateforme ont ete bloques par notre service anti-abus (in reply to RCPT TO command)"))).toMatchObject({ hard: false, reason: "blocked" });
  expect(first(report("<vendas@loja.example>: host mx.loja.example[192.0.2.6] said: 550 5.7.1 <vendas@loja.example>: este grupo aceita somente remetentes autenticados (in reply to RCPT TO command)"))).toMatchObject({ hard: false, reason: "auth_required" });
});

test("structure: a bounce a person forwards of their mail to another of our addresses is no report of ours", () => {
  const forwarded = (address: string) =>
    plain(
      "Ines Moreau <ines@client.example>",
      "FW: Undeliverable: RE: pilot scope",
      `Hi Leo, my answer bounced from your old address, see below.\n\n________________________________\nFrom: Microsoft Outlook <postmaster@client.example>\nSent: 05 February 2027 10:41\nTo: Ines Moreau <ines@client.example>\nSubject: Undeliverable: RE: pilot scope\n\nYour message to ${address} couldn't be delivered.\n${address.split("@")[0]} wasn't found at ${address.split("@")[1]}.\n\nMore Info for Email Admins\nStatus code: 550 5.1.1\n\nReported error: 550 5.1.1 <${address}>: Recipient address rejected: User unknown in virtual mailbox table\n`,
    ).replace("To: bounce+abc@bounce.outreach.test", "To: Leo <leo@outreach.test>");
  expect(parseReport(forwarded("leo.old@outreach.test")).kind).toBe("other");
  // control: the same forward naming an address at another domain is still read as that bounce
  expect(first(forwarded("marc@client.example"))).toMatchObject({ kind: "bounce", address: "marc@client.example", hard: true });
});

test("a relay's notice that 'we have not given up' and will keep retrying is a delay", () => {
  const raw = plain("Relay Notices <notices@relay.example>", "Delivery delayed: Quick question", "Your message has NOT been delivered yet, but we have not given up on it.\n\n  To: pia@mail.example\n\nThe receiving server answered:\n  421 4.7.0 Temporarily deferred, try again later\n\nWe will keep retrying for up to 72 hours. If it still can't be delivered after that, you will get a final failure report.\n");
  expect(first(raw)).toMatchObject({ recipient: "deferred", address: "pia@mail.example", hard: false });
});

test("Exim's escaped bytes in a DSN's Diagnostic-Code are read as the UTF-8 they spell", () => {
  const escaped = "\\xD0\\x9F\\xD0\\xB8\\xD1\\x81\\xD1\\x8C\\xD0\\xBC\\xD0\\xBE \\xD0\\xBE\\xD1\\x82\\xD0\\xBA\\xD0\\xBB\\xD0\\xBE\\xD0\\xBD\\xD0\\xB5\\xD0\\xBD\\xD0\\xBE: \\xD1\\x81\\xD0\\xBF\\xD0\\xB0\\xD0\\xBC";
  const raw = dsnReport("Mail Delivery System <Mailer-Daemon@relay.outreach.test>", "Mail delivery failed", "A message that you sent could not be delivered.", ["Final-Recipient: rfc822; oleg@mail.example", "Action: failed", "Status: 5.7.1", `Diagnostic-Code: smtp; 554 5.7.1 ${escaped}`]);
  const r = parseReport(raw).recipients[0]!;
  expect([r.reason, r.diagnostic]).toEqual(["spam", "smtp; 554 5.7.1 Письмо отклонено: спам"]);
});

test("'the message was rejected because it contains an attachment type …' is the content, not spam", () => {
  const raw = plain("Gateway <postmaster@gw.example>", "Message blocked", "Your message to the following recipient was not delivered:\n\n  ana@firm.example\n\nReason: The message was rejected because it contains an attachment type the firm does not accept (.docm with macros).\n");
  expect(first(raw)).toMatchObject({ address: "ana@firm.example", hard: false, reason: "content" });
});

test("today's providers: a DMARC refusal under 5.7.2 is dmarc; 'rate limited because … not sent over TLS' is the TLS requirement", () => {
  const report = (line: string) => plain("MAILER-DAEMON@relay.outreach.test", "Undelivered Mail Returned to Sender", `This is the mail system at host relay.outreach.test.\n\n${line}\n`);
  expect(first(report("<ola@yahoo.example>: host mx.yahoo.example[192.0.2.5] said: 553 5.7.2 [mta7] Message rejected due to the sender domain's DMARC policy (in reply to end of DATA command)"))).toMatchObject({ hard: false, reason: "dmarc" });
  // control: 5.7.2 in its own meaning (a list's expansion refused) stays a policy
  expect(first(report("<list@corp.example>: host mx.corp.example[192.0.2.6] said: 550 5.7.2 Mailing list expansion prohibited for this sender (in reply to RCPT TO command)"))).toMatchObject({ hard: false, reason: "policy" });
  const delay = plain("MAILER-DAEMON@relay.outreach.test", "Delayed Mail (still being retried)", "This is the mail system at host relay.outreach.test.\n\n####################################################################\n# THIS IS A WARNING ONLY.  YOU DO NOT NEED TO RESEND YOUR MESSAGE. #\n####################################################################\n\n<ravi@gmail.example>: host mx.gmail.example[192.0.2.7] said: 421-4.7.29 Your email has been rate limited because this message wasn't sent over a TLS connection. (in reply to end of DATA command)\n");
  expect(first(delay)).toMatchObject({ recipient: "deferred", reason: "tls_required" });
});

test("a queue's log transcript: the Message-ID it lists is no recipient, and 'exceeded the maximum retry age' says why it stopped", () => {
  const raw = plain(
    "MDaemon@relay.outreach.test",
    "Permanent Delivery Failure",
    [
      "The attached message had PERMANENT fatal delivery errors!",
      "",
      "After one or more unsuccessful delivery attempts the attached message has been removed from the mail queue on this server.",
      "",
      "--- Session Transcript ---",
      " Tue 2026-11-24 08:00:01.004: *  From: bounce+abc@bounce.outreach.test",
      " Tue 2026-11-24 08:00:01.004: *  To: gus@hardware.example",
      " Tue 2026-11-24 08:00:01.004: *  Message-ID: <k2x9q.m1@outreach.test>",
      " Tue 2026-11-24 08:00:01.210: Attempting SMTP connection to [198.51.100.7:25]",
      " Tue 2026-11-24 08:00:01.390: *  Error: 10060 - Connection timed out",
      " Tue 2026-11-24 08:00:01.391: *  Message has exceeded the maximum retry age of 5 days; removing from queue",
      "--- End Transcript ---",
    ].join("\n"),
  );
  const r = parseReport(raw);
  expect(r.recipients.map((x) => x.address)).toEqual(["gus@hardware.example"]);
  expect(first(raw)).toEqual({ kind: "bounce", recipient: "bounced", address: "gus@hardware.example", hard: false, reason: "expired" });
});

test("amavisd-new's verdict after its id ('- BANNED:', '- BAD-HEADER') refuses the message's parts, not our host", () => {
  const banned = dsnReport("MAILER-DAEMON@relay.outreach.test", "Undelivered Mail Returned to Sender", "Your message could not be delivered.", [
    "Final-Recipient: rfc822; legal@firm.example",
    "Action: failed",
    "Status: 5.7.0",
    "Diagnostic-Code: smtp; 554 5.7.0 Reject, id=10422-03 - BANNED: P=p002,L=1/2,M=application/x-msdownload,T=exe,N=setup.exe",
  ]);
  expect(first(banned)).toEqual({ kind: "bounce", recipient: "bounced", address: "legal@firm.example", hard: false, reason: "content" });
  // control: the same filter's reputation refusal is a block
  const listed = dsnReport("MAILER-DAEMON@relay.outreach.test", "Undelivered Mail Returned to Sender", "Your message could not be delivered.", [
    "Final-Recipient: rfc822; legal@firm.example",
    "Action: failed",
    "Status: 5.7.1",
    "Diagnostic-Code: smtp; 554 5.7.1 Service unavailable; Client host [203.0.113.9] blocked using zen.spamhaus.org",
  ]);
  expect(first(listed).reason).toBe("blocked");
});

test("a mailing list that refuses our post fails it for the list's address (its policy); one that holds it for a moderator does not", () => {
  const notice = (subject: string, text: string) =>
    [
      "From: staff-owner@lists.club.example",
      "To: bounce+abc@bounce.outreach.test",
      `Subject: ${subject}`,
      "Date: Tue, 24 Nov 2026 09:00:00 -0500",
      "Message-ID: <mailman.7.staff@lists.club.example>",
      "X-BeenThere: staff@lists.club.example",
      "X-Mailman-Version: 2.1.39",
      "X-List-Administrivia: yes",
      "List-Id: Club staff <staff.lists.club.example>",
      "Precedence: bulk",
      "MIME-Version: 1.0",
      'Content-Type: multipart/mixed; boundary="m"',
      "",
      "--m",
      "Content-Type: text/plain; charset=us-ascii",
      "",
      text,
      "",
      "--m",
      "Content-Type: message/rfc822",
      "",
      "From: Ada <ada@outreach.test>",
      "To: staff@lists.club.example",
      "Subject: Sponsoring your spring regatta",
      "Message-ID: <q7.m2@outreach.test>",
      "",
      "Hello!",
      "--m--",
      "",
    ].join("\r\n");
  const refused = notice("Request to mailing list Staff rejected", "Your request to the Staff mailing list\n\n    Posting of your message titled \"Sponsoring your spring regatta\"\n\nhas been rejected by the list moderator. The reason given:\n\n\"Non-members may not post here; your message was refused.\"");
  expect(first(refused)).toEqual({ kind: "bounce", recipient: "bounced", address: "staff@lists.club.example", hard: false, reason: "policy" });
  expect(parseReport(refused).originalMessageId).toBe("q7.m2@outreach.test");
  // in the list's language, whatever words it refuses with: the list's policy
  const refusé = notice("Message refusé", "Votre message à la liste Staff a été refusé par le modérateur de la liste.");
  expect(first(refusé)).toEqual({ kind: "bounce", recipient: "bounced", address: "staff@lists.club.example", hard: false, reason: "policy" });
  const held = notice("Your message to Staff awaits moderator approval", "Your mail to 'Staff' with the subject\n\n    Sponsoring your spring regatta\n\nis being held until the list moderator can review it for approval.\n\nThe reason it is being held:\n\n    Post by non-member to a members-only list");
  expect(parseReport(held)).toMatchObject({ kind: "auto_reply", recipients: [] });
});

test("authentication and transport refusals say what they are: a certificate DANE could not verify, a sender requirement, a synchronization error", () => {
  const report = (status: string, diagnostic: string) =>
    dsnReport("MAILER-DAEMON@relay.outreach.test", "Undelivered Mail Returned to Sender", "Your message could not be delivered.", ["Final-Recipient: rfc822; ops@harbour.example", "Action: failed", `Status: ${status}`, `Diagnostic-Code: ${diagnostic}`]);
  // Postfix's X.7.5 ("cryptographic failure") for a TLS certificate it could not verify: TLS, not the content
  expect(first(report("4.7.5", "X-Postfix; Server certificate not verified (DANE TLSA records for _25._tcp.mx.harbour.example did not match)"))).toMatchObject({ hard: false, reason: "tls_required" });
  // a bulk sender's requirement (RFC 8058) is the provider's rule; the same code refusing spam is spam
  expect(first(report("5.7.9", "smtp; 554 5.7.9 Message not accepted: bulk mail must support one-click unsubscribe (List-Unsubscribe-Post)"))).toMatchObject({ hard: false, reason: "policy" });
  expect(first(report("5.7.9", "smtp; 554 5.7.9 Message not accepted: bulk mail rejected as spam"))).toMatchObject({ hard: false, reason: "spam" });
  expect(first(report("5.0.0", "smtp; 554 SMTP synchronization error"))).toMatchObject({ hard: false, reason: "protocol" });
});

test("Exchange Online's X.2.121 and X.2.122 (a recipient's hourly receiving limit) are a rate limit, in whatever language the report is written", () => {
  const report = dsnReport("postmaster@tenant.example", "Kézbesíthetetlen: Ajánlat", "A címzett óránkénti fogadási korlátja túllépve.", [
    "Final-Recipient: rfc822; beszerzes@tenant.example",
    "Action: failed",
    "Status: 5.2.121",
    "Diagnostic-Code: smtp; 550 5.2.121 Recipient's hourly message receive limit from specific sender exceeded",
  ]);
  expect(first(report)).toMatchObject({ kind: "bounce", hard: false, reason: "rate_limited" });
});
