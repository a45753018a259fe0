// parseReport on small hand-written messages: each report shape, the
// encodings and line ends real ones arrive in, and hostile input.
import { describe, expect, test } from "bun:test";
import { parseReport } from "../../src/smtp-in/bounces";
import { allAddresses, firstAddress } from "../../src/smtp-in/bounces/fields";
import { decodeWords, parseMessage, walk } from "../../src/smtp-in/bounces/mime";

const lines = (...l: string[]) => l.join("\n");

const ORIGINAL = lines("From: Ada <ada@sender.example>", "To: bob@example.org", "Subject: Hello", "Message-ID: <m-1@sender.example>", "", "Hi Bob.");

function dsn(perRecipient: string[], human = "Your message could not be delivered.") {
  return lines(
    "From: Mail Delivery System <MAILER-DAEMON@mx.sender.example>",
    "To: ada@sender.example",
    "Subject: Undelivered Mail Returned to Sender",
    "Auto-Submitted: auto-replied",
    "MIME-Version: 1.0",
    'Content-Type: multipart/report; report-type=delivery-status; boundary="B1"',
    "",
    "--B1",
    "Content-Type: text/plain",
    "",
    human,
    "",
    "--B1",
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns; mx.sender.example",
    "Arrival-Date: Mon, 23 Nov 2026 10:00:00 +0000",
    "",
    ...perRecipient,
    "",
    "--B1",
    "Content-Type: message/rfc822",
    "",
    ORIGINAL,
    "--B1--",
    "",
  );
}

const USER_UNKNOWN = dsn([
  "Final-Recipient: rfc822; bob@example.org",
  "Action: failed",
  "Status: 5.1.1",
  "Remote-MTA: dns; mx.example.org",
  "Diagnostic-Code: smtp; 550 5.1.1 <bob@example.org>: Recipient address",
  "    rejected: User unknown in virtual mailbox table",
]);

describe("RFC 3464 delivery status notifications", () => {
  test("a failed recipient: hard user_unknown, the report's status, code, text and remote MTA", () => {
    const r = parseReport(USER_UNKNOWN);
    expect(r).toEqual({
      kind: "bounce",
      format: "rfc3464",
      recipients: [
        {
          address: "bob@example.org",
          kind: "bounced",
          hard: true,
          reason: "user_unknown",
          status: "5.1.1",
          replyCode: "550",
          diagnostic: "smtp; 550 5.1.1 <bob@example.org>: Recipient address rejected: User unknown in virtual mailbox table",
          remoteMta: "mx.example.org",
        },
      ],
      originalMessageId: "m-1@sender.example",
      originalSubject: "Hello",
      feedbackType: null,
      arrivalDate: "Mon, 23 Nov 2026 10:00:00 +0000",
    });
  });

  test("a delay notice: deferred, never hard", () => {
    const r = parseReport(
      dsn(["Final-Recipient: rfc822; bob@example.org", "Action: delayed", "Status: 4.4.7", "Diagnostic-Code: smtp; 451 4.3.0 Temporary local problem", "Will-Retry-Until: Tue, 24 Nov 2026 10:00:00 +0000"], "warning: message still undelivered"),
    );
    expect(r.kind).toBe("bounce");
    expect(r.recipients).toHaveLength(1);
    expect(r.recipients[0]).toMatchObject({ address: "bob@example.org", kind: "deferred", hard: false, status: "4.3.0", replyCode: "451" });
  });

  test("Action: delivered is not a bounced recipient", () => {
    const r = parseReport(dsn(["Final-Recipient: rfc822; bob@example.org", "Action: delivered", "Status: 2.0.0"]));
    expect(r.recipients.filter((x) => x.kind === "bounced")).toEqual([]);
    // a success DSN is a machine's notice: an auto-reply, never a bounce nor a person's mail
    expect(r.kind).toBe("auto_reply");
    expect(parseReport(dsn(["Final-Recipient: rfc822; bob@example.org", "Action: relayed", "Status: 2.0.0"])).kind).toBe("auto_reply");
  });

  test("without a Status line the status comes from the text, else from the reason", () => {
    const inText = parseReport(dsn(["Final-Recipient: rfc822; bob@example.org", "Action: failed", "Diagnostic-Code: smtp; 552 5.2.2 Mailbox full"]));
    expect(inText.recipients[0]).toMatchObject({ status: "5.2.2", reason: "mailbox_full", hard: false });
    const derived = parseReport(
      dsn(["Final-Recipient: rfc822; carol@example.org", "Action: failed", "Diagnostic-Code: smtp; 550 No such user here"], "<carol@example.org>: host mx.example.org said: 550 No such user here (in reply to RCPT TO command)"),
    );
    expect(derived.recipients[0]).toMatchObject({ address: "carol@example.org", status: "5.1.1", reason: "user_unknown", hard: true, replyCode: "550" });
  });

  test("several recipients, blank lines missing between them, fields in any order", () => {
    const r = parseReport(
      dsn([
        "Final-Recipient: rfc822; bob@example.org",
        "Action: failed",
        "Status: 5.1.1",
        "Final-Recipient: rfc822; carol@example.org",
        "Action: failed",
        "Status: 5.2.2",
        "",
        "Action: failed",
        "Diagnostic-Code: smtp; 550 5.1.2 Host or domain name not found",
        "Final-Recipient: rfc822; dave@nowhere.example",
      ]),
    );
    expect(r.recipients.map((x) => [x.address, x.reason, x.hard])).toEqual([
      ["bob@example.org", "user_unknown", true],
      ["carol@example.org", "mailbox_full", false],
      ["dave@nowhere.example", "bad_domain", true],
    ]);
  });

  test("Sendmail's X-Actual-Recipient: the alias's member that failed is the address, the alias its original recipient", () => {
    const r = parseReport(
      dsn([
        "Original-Recipient: rfc822;team@example.org",
        "Final-Recipient: RFC822; team@example.org",
        "X-Actual-Recipient: RFC822; bob@store.example.org",
        "Action: failed",
        "Status: 5.1.1",
        "Diagnostic-Code: SMTP; 550 5.1.1 <bob@store.example.org>... User unknown",
        "",
        "Final-Recipient: RFC822; carol@example.org",
        "X-Actual-Recipient: rfc822; carol@example.org",
        "Action: failed",
        "Status: 5.2.2",
      ]),
    );
    expect(r.recipients.map((x) => [x.address, x.originalRecipient, x.hard])).toEqual([
      ["bob@store.example.org", "team@example.org", true],
      ["carol@example.org", undefined, false],
    ]);
  });

  test("a disabled mailbox and a user-unknown answer to DATA are soft", () => {
    const disabled = parseReport(dsn(["Final-Recipient: rfc822; bob@example.org", "Action: failed", "Status: 5.2.1", "Diagnostic-Code: smtp; 550 5.2.1 The email account that you tried to reach is disabled."]));
    expect(disabled.recipients[0]).toMatchObject({ reason: "mailbox_disabled", hard: false });
    const filtered = parseReport(
      dsn(["Final-Recipient: rfc822; bob@example.org", "Action: failed", "Status: 5.0.0", "Diagnostic-Code: smtp; 550 Unknown user bob@example.org"], "<bob@example.org>: host mx said: 550 Unknown user bob@example.org (in reply to end of DATA command)"),
    );
    expect(filtered.recipients[0]).toMatchObject({ reason: "policy", hard: false, status: "5.0.0" });
  });
});

describe("plain-text bounces", () => {
  test("Exim: the failed address on its own line, the remote answer under it", () => {
    const r = parseReport(
      lines(
        "From: Mail Delivery System <Mailer-Daemon@mx.sender.example>",
        "To: ada@sender.example",
        "Subject: Mail delivery failed: returning message to sender",
        "X-Failed-Recipients: bob@example.org",
        "",
        "This message was created automatically by mail delivery software.",
        "",
        "A message that you sent could not be delivered to one or more of its",
        "recipients. This is a permanent error. The following address(es) failed:",
        "",
        "  bob@example.org",
        "    SMTP error from remote mail server after RCPT TO:<bob@example.org>:",
        "    host mx.example.org [192.0.2.1]: 550 5.1.1 <bob@example.org>: User unknown",
        "",
        "------ This is a copy of the message, including all the headers. ------",
        "",
        ORIGINAL,
      ),
    );
    expect(r.kind).toBe("bounce");
    expect(r.format).toBe("exim");
    expect(r.originalMessageId).toBe("m-1@sender.example");
    expect(r.recipients).toHaveLength(1);
    expect(r.recipients[0]).toMatchObject({ address: "bob@example.org", hard: true, reason: "user_unknown", status: "5.1.1", replyCode: "550" });
  });

  test("qmail, several recipients, one over quota", () => {
    const r = parseReport(
      lines(
        "From: MAILER-DAEMON@mx.sender.example",
        "Subject: failure notice",
        "",
        "Hi. This is the qmail-send program at mx.sender.example.",
        "I'm afraid I wasn't able to deliver your message to the following addresses.",
        "This is a permanent error; I've given up. Sorry it didn't work out.",
        "",
        "<bob@example.org>:",
        "192.0.2.1 does not like recipient.",
        "Remote host said: 550 5.1.1 <bob@example.org>... No such user",
        "Giving up on 192.0.2.1.",
        "",
        "<carol@example.org>:",
        "Remote host said: 552 Mailbox quota exceeded",
        "",
        "--- Below this line is a copy of the message.",
        "",
        ORIGINAL,
      ),
    );
    expect(r.format).toBe("qmail");
    expect(r.recipients.map((x) => [x.address, x.reason, x.hard, x.status])).toEqual([
      ["bob@example.org", "user_unknown", true, "5.1.1"],
      ["carol@example.org", "mailbox_full", false, "5.2.2"],
    ]);
  });
});

describe("localized non-delivery reports", () => {
  const ndr = (subject: string, intro: string, diagnostic: string) =>
    lines("From: postmaster@example.org", "To: ada@sender.example", `Subject: ${subject}`, "Content-Type: text/plain; charset=utf-8", "", intro, "", "bob@example.org", diagnostic, "", ORIGINAL);

  test.each([
    ["nl", "Onbestelbaar: Hello", "Kan uw bericht niet bezorgen bij de volgende ontvangers:"],
    ["es", "No se puede entregar: Hello", "Su mensaje no se pudo entregar a los siguientes destinatarios:"],
    ["pt", "Não entregue: Hello", "Sua mensagem não pôde ser entregue aos seguintes destinatários:"],
    ["it", "Mancata consegna: Hello", "Il messaggio non è stato recapitato ai seguenti destinatari:"],
    ["fr", "Échec de la remise : Hello", "Votre message n'a pas pu être remis aux destinataires suivants :"],
    ["de", "Zustellung fehlgeschlagen: Hello", "Die Zustellung ist fehlgeschlagen an folgende Empfänger:"],
    ["nl, 'afgeleverd'", "Niet afgeleverd: Hello", "Uw bericht kon niet worden afgeleverd aan:"],
  ])("%s: read as a bounce, the recipient hard", (_lang, subject, intro) => {
    const r = parseReport(ndr(subject, intro, "<mx.example.org #5.1.1 smtp;550 5.1.1 RESOLVER.ADR.RecipNotFound; not found>"));
    expect(r.kind).toBe("bounce");
    expect(r.recipients[0]).toMatchObject({ address: "bob@example.org", hard: true, reason: "user_unknown", status: "5.1.1" });
  });

  test.each(["Destinataire inconnu", "Usuario desconocido", "Utente sconosciuto", "Gebruiker onbekend", "Usuário desconhecido", "Empfänger unbekannt"])("%p answered to RCPT is user_unknown, hard", (words) => {
    const r = parseReport(ndr("Mail delivery failed", "Your message could not be delivered.", `SMTP error from remote mail server after RCPT TO:<bob@example.org>: 550 ${words}`));
    expect(r.recipients[0]).toMatchObject({ reason: "user_unknown", hard: true });
  });

  test.each(["Utente inesistente", "Caixa postal inexistente", "Destinataire inexistant"])("%p (nonexistent) needs no command to be hard", (words) => {
    expect(parseReport(ndr("Mail delivery failed", "Your message could not be delivered.", `<bob@example.org>: 550 ${words}`)).recipients[0]).toMatchObject({ reason: "user_unknown", hard: true });
  });

  test("'does not exist' in the local language makes an uncoded user-unknown hard", () => {
    const r = parseReport(ndr("Mail delivery failed", "Your message could not be delivered.", "<bob@example.org> ... unknown user / Teilnehmer existiert nicht"));
    expect(r.recipients[0]).toMatchObject({ address: "bob@example.org", hard: true, reason: "user_unknown" });
  });
});

describe("reasons a report's circumstances decide", () => {
  const dsnOf = (action: string, status: string, diagnostic: string, rcpt = "bob@example.org") =>
    lines(
      "From: MAILER-DAEMON@mx.sender.example", "To: ada@sender.example", "Subject: Undelivered Mail Returned to Sender", "MIME-Version: 1.0",
      'Content-Type: multipart/report; report-type=delivery-status; boundary="b"', "", "--b", "Content-Type: text/plain", "", "The mail system.", "",
      "--b", "Content-Type: message/delivery-status", "", "Reporting-MTA: dns; mx.sender.example", "", `Final-Recipient: rfc822; ${rcpt}`, `Action: ${action}`, `Status: ${status}`, `Diagnostic-Code: smtp; ${diagnostic}`, "", "--b--", "",
    );

  test("given up with a transient status: expired, soft, the last error kept", () => {
    const r = parseReport(dsnOf("failed", "4.4.1", "connect to mx.example.org[192.0.2.1]:25: Connection timed out"));
    expect(r.recipients[0]).toMatchObject({ kind: "bounced", hard: false, reason: "expired", status: "4.4.1", diagnostic: "smtp; connect to mx.example.org[192.0.2.1]:25: Connection timed out" });
  });

  test("a permanent failure to connect, the remote server never answering: the sender gave up, expired", () => {
    for (const diagnostic of ["The recipient server did not accept our requests to connect. [mx.example.org 192.0.2.1: timed out]", "Could not connect to mx.example.org: connection refused"]) {
      expect(parseReport(dsnOf("failed", "5.0.0", diagnostic)).recipients[0]).toMatchObject({ hard: false, reason: "expired" });
    }
    // a DNS error or a mail loop may be final at once: the network's
    expect(parseReport(dsnOf("failed", "5.0.0", "Name service error for name=example.org type=MX: Malformed or unexpected name server reply")).recipients[0]).toMatchObject({ reason: "network" });
    expect(parseReport(dsnOf("failed", "5.0.0", "Maximum hop count exceeded. Message probably in a routing loop.")).recipients[0]).toMatchObject({ reason: "network" });
  });

  test("the reporting MTA's own words that it gave up: expired, whatever failed last", () => {
    for (const diagnostic of ["Delivery failed after 20 attempts", "Message could not be delivered for 5 days - giving up", "Retry timeout exceeded: connection refused", "Message has been in the queue too long"]) {
      expect(parseReport(dsnOf("failed", "5.0.0", diagnostic)).recipients[0]).toMatchObject({ hard: false, reason: "expired" });
    }
    // a verdict on the address still wins
    expect(parseReport(dsnOf("failed", "5.1.1", "550 5.1.1 User unknown; giving up")).recipients[0]).toMatchObject({ hard: true, reason: "user_unknown" });
  });

  test("the same status in a delay notice stays a network delay", () => {
    const r = parseReport(dsnOf("delayed", "4.4.1", "connect to mx.example.org[192.0.2.1]:25: Connection timed out"));
    expect(r.recipients[0]).toMatchObject({ kind: "deferred", reason: "network" });
  });

  test("refused at the greeting: blocked", () => {
    const r = parseReport(dsnOf("failed", "5.0.0", "host mx.example.org [192.0.2.1] SMTP error from remote mail server after initial connection: 550 Access denied"));
    expect(r.recipients[0]).toMatchObject({ hard: false, reason: "blocked" });
  });

  test("an unrecognised refusal of MAIL FROM: policy (our sender)", () => {
    const r = parseReport(dsnOf("failed", "5.0.0", "SMTP error from remote mail server after MAIL FROM:<ada@sender.example>: 550 Unroutable sender address"));
    expect(r.recipients[0]).toMatchObject({ hard: false, reason: "policy" });
  });

  test("Google Groups' refusal of a post, in any language: policy", () => {
    const r = parseReport(dsnOf("failed", "5.0.0", "Hallo, die Gruppe, die Sie kontaktieren möchten, ist möglicherweise nicht vorhanden.", "team@googlegroups.com"));
    expect(r.recipients[0]).toMatchObject({ address: "team@googlegroups.com", hard: false, reason: "policy" });
  });
});

describe("complaints and auto-replies", () => {
  test("an RFC 5965 feedback report is a complaint", () => {
    const r = parseReport(
      lines(
        "From: feedbackloop@isp.example",
        "To: fbl@sender.example",
        "Subject: FW: Hello",
        "MIME-Version: 1.0",
        'Content-Type: multipart/report; report-type=feedback-report; boundary="F"',
        "",
        "--F",
        "Content-Type: text/plain",
        "",
        "This is an email abuse report.",
        "--F",
        "Content-Type: message/feedback-report",
        "",
        "Feedback-Type: abuse",
        "User-Agent: SomeFBL/1.0",
        "Version: 1",
        "Original-Rcpt-To: bob@example.org",
        "Arrival-Date: Mon, 23 Nov 2026 10:00:00 +0000",
        "--F",
        "Content-Type: message/rfc822",
        "",
        ORIGINAL,
        "--F--",
      ),
    );
    expect(r).toMatchObject({ kind: "complaint", format: "arf", feedbackType: "abuse", originalMessageId: "m-1@sender.example", arrivalDate: "Mon, 23 Nov 2026 10:00:00 +0000" });
    expect(r.recipients).toEqual([{ address: "bob@example.org", kind: "complained", hard: false, reason: "complaint", status: null, replyCode: null, diagnostic: null, remoteMta: null }]);
  });

  test("an out-of-office with Auto-Submitted: auto-replied is an auto-reply, never a bounce", () => {
    const r = parseReport(
      lines(
        "From: Bob <bob@example.org>",
        "To: ada@sender.example",
        "Subject: Out of Office: Hello",
        "Auto-Submitted: auto-replied",
        "",
        "I am out of the office until Monday and cannot deliver your request before then.",
      ),
    );
    expect(r).toEqual({ kind: "auto_reply", format: "auto_reply", recipients: [], originalMessageId: null, feedbackType: null });
  });

  test("an auto-reply recognised by its subject alone", () => {
    expect(parseReport(lines("From: bob@example.org", "Subject: Automatic reply: Hello", "", "Thanks, I will answer soon.")).kind).toBe("auto_reply");
  });

  test("a person's reply is other", () => {
    const r = parseReport(lines("From: Bob <bob@example.org>", "To: ada@sender.example", "Subject: Re: Hello", "In-Reply-To: <m-1@sender.example>", "", "Sounds good, talk soon.", "", "> Hi Bob."));
    expect(r).toEqual({ kind: "other", format: "none", recipients: [], originalMessageId: null, feedbackType: null });
  });
});

describe("encodings and line ends", () => {
  test("base64 and quoted-printable parts are decoded", () => {
    const human = Buffer.from("This is the mail system.\n\n<bob@example.org>: host mx said: 550 5.1.1 User unknown (in reply to RCPT TO command)\n").toString("base64");
    const r = parseReport(
      lines(
        "From: MAILER-DAEMON@mx.sender.example",
        "Subject: Undelivered Mail Returned to Sender",
        'Content-Type: multipart/report; report-type=delivery-status; boundary="Q"',
        "",
        "--Q",
        "Content-Type: text/plain; charset=utf-8",
        "Content-Transfer-Encoding: base64",
        "",
        human.slice(0, 40),
        human.slice(40),
        "--Q",
        "Content-Type: message/delivery-status",
        "Content-Transfer-Encoding: quoted-printable",
        "",
        "Final-Recipient: rfc822; bob@exam=",
        "ple.org",
        "Action: failed",
        "Status: 5.1.1",
        "Diagnostic-Code: smtp; 550 5.1.1 <bob@example.org>=3A User unknown",
        "--Q--",
      ),
    );
    expect(r.recipients).toHaveLength(1);
    expect(r.recipients[0]).toMatchObject({ address: "bob@example.org", hard: true, diagnostic: "smtp; 550 5.1.1 <bob@example.org>: User unknown" });
  });

  test("CRLF and CR-only line ends read the same as LF", () => {
    const lf = parseReport(USER_UNKNOWN);
    expect(parseReport(USER_UNKNOWN.replace(/\n/g, "\r\n"))).toEqual(lf);
    expect(parseReport(USER_UNKNOWN.replace(/\n/g, "\r"))).toEqual(lf);
    expect(parseReport(new TextEncoder().encode(USER_UNKNOWN.replace(/\n/g, "\r\n")))).toEqual(lf);
  });

  test("charsets: an ISO-2022-JP part and RFC 2047 subjects are decoded", () => {
    const jis = new Uint8Array([0x1b, 0x24, 0x42, 0x24, 0x22, 0x1b, 0x28, 0x42]); // "あ"
    const head = new TextEncoder().encode(lines("Subject: =?UTF-8?B?44GC44GE?= =?UTF-8?B?44GG?=", "Content-Type: text/plain; charset=ISO-2022-JP", "", ""));
    const msg = parseMessage(new Uint8Array([...head, ...jis]));
    expect(msg.text).toBe("あ");
    expect(walk(msg)).toHaveLength(1);
    expect(decodeWords("=?UTF-8?B?44GC44GE?= =?UTF-8?B?44GG?=")).toBe("あいう");
  });
});

test("multipart delimiters: indented or with trailing blanks they count; a longer boundary or text after one does not", () => {
  const msg = parseMessage(
    lines(
      'Content-Type: multipart/mixed; boundary="b.1"',
      "",
      "preamble --b.1 is not a delimiter here",
      "--b.1",
      "",
      "first",
      "--b.1x",
      "--b.1 trailing text",
      "--b.1---",
      "  --b.1 \t",
      "",
      "second",
      "--b.1-- \t",
      "",
      "--b.1",
      "",
      "after the closing delimiter: epilogue, not a part",
    ),
  );
  expect(msg.parts.map((p) => p.text)).toEqual(["first\n--b.1x\n--b.1 trailing text\n--b.1---", "second"]);
});

describe("garbage and hostile input", () => {
  test("never throws: garbage is other", () => {
    const random = new Uint8Array(4096).map((_, i) => (i * 7919 + 13) % 256);
    for (const input of ["", "\n\n\n", "::::", "Content-Type: multipart/mixed; boundary=\n\n--\n--", random, new Uint8Array(0), "From: x\n\n" + "\u0000".repeat(100)]) {
      const r = parseReport(input);
      expect(r.kind).toBe("other");
      expect(r.recipients).toEqual([]);
    }
  });

  test("a deeply nested multipart is cut at depth 10", () => {
    let body = "innermost";
    for (let i = 500; i > 0; i--) body = lines(`Content-Type: multipart/mixed; boundary="b${i}"`, "", `--b${i}`, body, `--b${i}--`);
    const msg = parseMessage(lines("From: x@example.org", body));
    let depth = 0;
    for (let e = msg; e.parts.length > 0; e = e.parts[0]!) depth++;
    expect(depth).toBeLessThanOrEqual(10);
    expect(parseReport(body).kind).toBe("other");
  });

  test("a huge message: only its head is read, the bounce in it still found", () => {
    const huge = USER_UNKNOWN.replace("Hi Bob.", "x".repeat(20 * 1024 * 1024));
    const r = parseReport(huge);
    expect(r.recipients[0]?.address).toBe("bob@example.org");
    const many = lines('Content-Type: multipart/mixed; boundary="m"', "", ...Array.from({ length: 100_000 }, () => "--m\n\nhello"), "--m--");
    expect(walk(parseMessage(many)).length).toBeLessThanOrEqual(201);
  });
});

test("hostile HTML (unclosed <script and < openers by the ten thousand) is read in linear time", () => {
  // no timing assertion: before the fix these took seconds, which the suite's timeout would show
  for (const html of ["<script ".repeat(30_000), "<script>".repeat(30_000), "<a ".repeat(60_000), "<style>x".repeat(20_000)]) {
    const r = parseReport(`From: a@b.test\r\nTo: c@d.test\r\nSubject: x\r\nContent-Type: text/html\r\n\r\n${html}\r\n`);
    expect(r.kind).toBe("other");
  }
});

test("a report with a long run of address characters and no '@' after it (a line of letters, of 'a.', of '<a…') is read in linear time", () => {
  // no timing assertion: a scan for addresses tried every character of such a run, to its end (25 s for 200 KB)
  for (const run of ["a".repeat(200_000) + "!", "a.".repeat(100_000), "<" + "a".repeat(100_000), "x@" + "a-".repeat(100_000)]) {
    const raw = ["From: MAILER-DAEMON@mx.example", "To: bounce@x.example", "Subject: Undelivered Mail Returned to Sender", "", "This is the mail system at host mx.example.", "", run].join("\r\n");
    expect(typeof parseReport(raw).kind).toBe("string");
  }
});

test("addresses are found where a scan would find them, each tried only from the local part before its '@'", () => {
  const SCAN = /[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*/g;
  const scan = (t: string) => [...t.matchAll(SCAN)].map((m) => m[0].replace(/^[.]+|[.]+$/g, ""));
  let seed = 5;
  const next = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
  const alphabet = ["a", "b", "1", ".", "-", "+", "@", "@", " ", "<", ">", "x.org", "!", "_"];
  for (let i = 0; i < 3000; i++) {
    const text = Array.from({ length: 1 + next(30) }, () => alphabet[next(alphabet.length)]).join("");
    expect({ text, found: allAddresses(text) }).toEqual({ text, found: scan(text) });
    expect(firstAddress(text)).toBe(scan(text)[0] ?? null);
  }
  expect(allAddresses("x@y.com+c@d.com, <ann@example.org>")).toEqual(["x@y.com", "+c@d.com", "ann@example.org"]);
});
