// The inbox classifier's visible text: what a reply says that is new, with
// quoted history, forwarded parts and signatures cut, from plain text and
// HTML, in the seven languages; and hostile input that must still return.
import { describe, expect, test } from "bun:test";
import { classifyMessage } from "../../src/modules/inbox/classifier";

const head = ["From: Lena Brandt <lena@kunde.example>", "To: Ravi <ravi@sender.example>", "Subject: Re: Ein kurzer Gedanke", "Date: Wed, 6 Jan 2027 08:15:00 +0100"];
const plain = (...body: string[]) => [...head, "", ...body].join("\n");
const html = (markup: string) => [...head, "MIME-Version: 1.0", "Content-Type: text/html; charset=utf-8", "", markup].join("\n");
const visible = (raw: string) => classifyMessage(raw).visibleText;

describe("quoted history in plain text", () => {
  test.each([
    ["en", "On Tue, Jan 5, 2027 at 4:02 PM Ravi <ravi@sender.example> wrote:"],
    ["de", "Am Di., 5. Jan. 2027 um 16:02 Uhr schrieb Ravi <ravi@sender.example>:"],
    ["fr", "Le mar. 5 janv. 2027 à 16:02, Ravi <ravi@sender.example> a écrit :"],
    ["es", "El mar, 5 ene 2027 a las 16:02, Ravi (<ravi@sender.example>) escribió:"],
    ["it", "Il giorno mar 5 gen 2027 alle ore 16:02 Ravi <ravi@sender.example> ha scritto:"],
    ["nl", "Op di 5 jan. 2027 om 16:02 schreef Ravi <ravi@sender.example>:"],
    ["pt", "Em ter., 5 de jan. de 2027 às 16:02, Ravi <ravi@sender.example> escreveu:"],
  ])("the %s attribution line and the quote under it go", (_lang, attribution) => {
    expect(visible(plain("Passt gut.", "", attribution, "> Hätten Sie Zeit? Abmelden hier"))).toBe("Passt gut.");
  });

  test.each([
    ["de", "Ravi <ravi@sender.example> schrieb am Di., 5. Jan. 2027, 16:02:"],
    ["es", "Ravi <ravi@sender.example> escribió el mar., 5 ene 2027 16:02:"],
    ["it", "Ravi <ravi@sender.example> ha scritto il giorno mar 5 gen 2027 alle ore 16:02:"],
    ["nl", "Ravi <ravi@sender.example> schreef op di 5 jan. 2027 om 16:02:"],
    ["pt", "Ravi <ravi@sender.example> escreveu no dia ter., 05/01/2027 às 16:02:"],
    ["Gmail's older ISO form", "2027-01-05 16:02 GMT+01:00 Ravi <ravi@sender.example>:"],
  ])("the %s attribution of Gmail's apps (the address, then the verb before the date) and the unprefixed quote under it go", (_lang, attribution) => {
    expect(visible(plain("Passt gut, schicken Sie mir die Unterlagen.", "", attribution, "", "Hätten Sie Zeit? Abmelden hier"))).toBe("Passt gut, schicken Sie mir die Unterlagen.");
  });

  test.each([
    ["fi", "ti 5.1.2027 klo 16.02 Ravi <ravi@sender.example> kirjoitti:"],
    ["pl", "W dniu 5.01.2027 o 16:02, Ravi <ravi@sender.example> pisze:"],
    ["sv", "Den tis 5 jan. 2027 kl 16:02 skrev Ravi <ravi@sender.example>:"],
    ["ru", "вт, 5 янв. 2027 г. в 16:02, Ravi <ravi@sender.example>:"],
    ["tr", "5 Oca 2027 Sal 16:02 tarihinde Ravi <ravi@sender.example> şunu yazdı:"],
    ["ja", "2027年1月5日(火) 16:02 Ravi <ravi@sender.example>:"],
  ])("in a language we do not read (%s), a line ending in ':' that names the address the reply went to is the attribution", (_lang, attribution) => {
    expect(visible(plain("Passt gut.", "", attribution, "", "Hätten Sie Zeit? Abmelden hier"))).toBe("Passt gut.");
  });

  test.each([
    ["pl", ["Od: Ravi <ravi@sender.example>", "Wysłano: wtorek, 5 stycznia 2027 16:02", "Do: Lena Brandt <lena@kunde.example>", "Temat: Ein kurzer Gedanke"]],
    ["sv", ["Från: Ravi <ravi@sender.example>", "Skickat: den 5 januari 2027 16:02", "Till: Lena Brandt", "Ämne: Ein kurzer Gedanke"]],
    ["fi", ["Lähettäjä: Ravi <ravi@sender.example>", "Lähetetty: tiistai 5. tammikuuta 2027 16.02", "Vastaanottaja: Lena Brandt", "Aihe: Ein kurzer Gedanke"]],
    ["ru", ["От: Ravi <ravi@sender.example>", "Отправлено: 5 января 2027 г. 16:02", "Кому: Lena Brandt", "Тема: Ein kurzer Gedanke"]],
  ])("Outlook's header block in a language we do not read (%s) starts the history", (_lang, block) => {
    expect(visible(plain("Passt gut.", "", ...(block as string[]), "", "Hätten Sie Zeit? Abmelden hier"))).toBe("Passt gut.");
  });

  test("GMX's and Web.de's header block, the date first ('Gesendet: …' then 'Von: …'), goes whole: its date is no meeting", () => {
    const block = ["Gesendet: Dienstag, 05. Januar 2027 um 16:02 Uhr", 'Von: "Ravi" <ravi@sender.example>', 'An: "Lena Brandt" <lena@kunde.example>', "Betreff: Ein kurzer Gedanke"];
    expect(visible(plain("Passt gut.", "", ...block, "Hätten Sie Zeit? Abmelden hier"))).toBe("Passt gut.");
  });

  test("Zoho's framed attribution ('---- On … Ravi <ravi@…> wrote ----') and the quote under it go", () => {
    expect(visible(plain("Passt gut.", "", "---- On Tue, 05 Jan 2027 16:02:00 +0100 Ravi <ravi@sender.example> wrote ----", "", "Hätten Sie Zeit? Abmelden hier"))).toBe("Passt gut.");
  });

  test("labelled lines of the reply itself that name that address, with no date, stay", () => {
    expect(visible(plain("Passt gut.", "Send it to: ravi@sender.example", "Cc: my boss", "Deadline: Friday"))).toBe("Passt gut.\nSend it to: ravi@sender.example\nCc: my boss\nDeadline: Friday");
  });

  test("a line of the reply that names that address, with no date and no brackets, stays", () => {
    expect(visible(plain("Please write to ravi@sender.example:", "the team reads it."))).toBe("Please write to ravi@sender.example:\nthe team reads it.");
  });

  test("a line of the reply that says what the writer wrote on a day stays", () => {
    expect(visible(plain("Here is what I wrote on 5 January:", "Send me the deck."))).toBe("Here is what I wrote on 5 January:\nSend me the deck.");
  });

  test("an attribution wrapped over two lines", () => {
    expect(visible(plain("Fine by me.", "", "On Tue, Jan 5, 2027 at 4:02 PM Ravi Kumar <ravi@sender.example>", "wrote:", "", "> earlier"))).toBe("Fine by me.");
  });

  test("answers written between quoted lines stay", () => {
    expect(visible(plain("See inline.", "", "On Tue, 5 Jan 2027 Ravi wrote:", "> Budget?", "", "About 10k.", "", "> Timing?", "Spring."))).toBe("See inline.\n\nAbout 10k.\n\nSpring.");
  });

  const blocks: string[][] = [
    ["en", "From: Ravi <ravi@sender.example>", "Sent: Tuesday, January 5, 2027 4:02 PM", "To: Lena", "Subject: A thought"],
    ["de", "Von: Ravi <ravi@sender.example>", "Gesendet: Dienstag, 5. Januar 2027 16:02", "An: Lena", "Betreff: Ein Gedanke"],
    ["fr", "De : Ravi <ravi@sender.example>", "Envoyé : mardi 5 janvier 2027 16:02", "À : Lena", "Objet : Une idée"],
    ["es", "De: Ravi <ravi@sender.example>", "Enviado el: martes, 5 de enero de 2027 16:02", "Para: Lena", "Asunto: Una idea"],
    ["it", "Da: Ravi <ravi@sender.example>", "Inviato: martedì 5 gennaio 2027 16:02", "A: Lena", "Oggetto: Un'idea"],
    ["nl", "Van: Ravi <ravi@sender.example>", "Verzonden: dinsdag 5 januari 2027 16:02", "Aan: Lena", "Onderwerp: Een idee"],
    ["pt", "De: Ravi <ravi@sender.example>", "Enviado: terça-feira, 5 de janeiro de 2027 16:02", "Para: Lena", "Assunto: Uma ideia"],
  ];
  test.each(blocks.map(([lang, ...block]) => ({ lang, block })))("an Outlook header block in $lang and everything under it goes", ({ block }) => {
    expect(visible(plain("Kurz gesagt: nein.", "", ...block, "", "Hallo Lena, unsubscribe here"))).toBe("Kurz gesagt: nein.");
  });

  test.each([
    "-----Original Message-----",
    "-----Ursprüngliche Nachricht-----",
    "-----Message d'origine-----",
    "-----Mensaje original-----",
    "-------- Messaggio originale --------",
    "-----Oorspronkelijk bericht-----",
    "-----Mensagem original-----",
    "---------- Forwarded message ---------",
    "-------- Weitergeleitete Nachricht --------",
    "Begin forwarded message:",
    "________________________________",
  ])("a separator %p ends the new text", (separator) => {
    expect(visible(plain("Siehe unten.", "", separator, "From: Ravi", "Hi"))).toBe("Siehe unten.");
  });
});

describe("signatures", () => {
  test.each(["Sent from my iPhone", "Von meinem iPhone gesendet", "Envoyé de mon iPad", "Enviado desde mi Samsung Galaxy", "Inviato da iPhone", "Verzonden vanaf mijn Android", "Enviado do meu iPhone", "Get Outlook for Android"])("the mobile line %p goes", (line) => {
    expect(visible(plain("Klingt gut.", "", line))).toBe("Klingt gut.");
  });

  test("the '-- ' delimiter and what follows go", () => {
    expect(visible(plain("Gern.", "-- ", "Lena Brandt", "Einkauf"))).toBe("Gern.");
  });

  const signOffs: string[][] = [
    ["Best regards,", "Lena Brandt", "Head of Purchasing", "+49 30 555 0101"],
    ["Mit freundlichen Grüßen", "Lena Brandt"],
    ["Cordialement,", "Lena"],
    ["Un saludo,", "Lena"],
    ["Cordiali saluti", "Lena Brandt"],
    ["Met vriendelijke groet,", "Lena"],
    ["Atenciosamente,", "Lena"],
    ["Cheers, Lena"],
  ];
  test.each(signOffs.map((block) => ({ block })))("a sign-off and its name block go: $block", ({ block }) => {
    expect(visible(plain("Passt.", "", ...block))).toBe("Passt.");
  });

  test("after a greeting, 'Thanks' and a question are the message", () => {
    expect(visible(plain("Hi Ravi,", "Thanks", "Could we talk Friday?"))).toBe("Hi Ravi,\nThanks\nCould we talk Friday?");
    expect(visible(plain("Hi Ravi,", "", "no, thanks.", "", "Best,", "Lena"))).toBe("Hi Ravi,\n\nno, thanks.");
  });

  test("a sign-off that is the whole message stays", () => {
    expect(visible(plain("Thank you!"))).toBe("Thank you!");
  });

  test("the writer's own name on a line of its own, and the block under it, go", () => {
    // a booking link or a newsletter footer in the signature is not what they wrote to us
    expect(visible(plain("Not interested, thanks.", "", "Lena Brandt", "Head of Sales, Kunde GmbH", "Book a meeting with me: https://calendly.com/lena"))).toBe("Not interested, thanks.");
    expect(visible(plain("Sounds good, send me more.", "", "Lena", "", "To unsubscribe from our newsletter, click here."))).toBe("Sounds good, send me more.");
    expect(visible(plain("Kein Interesse.", "", "Lena Brandt | Kunde GmbH", "Tel. +49 89 1234"))).toBe("Kein Interesse.");
    // with no display name, the address's local part names them
    const bare = plain("No thanks.", "", "Lena", "Kunde GmbH").replace("From: Lena Brandt <lena@kunde.example>", "From: lena.brandt@kunde.example");
    expect(visible(bare)).toBe("No thanks.");
    // their name before more of the message stays
    expect(visible(plain("Interesting.", "", "Lena", "", "P.S. could we talk on Friday?"))).toBe("Interesting.\n\nLena\n\nP.S. could we talk on Friday?");
    // another person's name is no signature
    expect(visible(plain("Please talk to my colleague:", "", "Max Weber", "Head of Purchasing"))).toBe("Please talk to my colleague:\n\nMax Weber\nHead of Purchasing");
  });

  test("a confidentiality disclaimer goes", () => {
    expect(visible(plain("Not for now.", "", "This message and any attachments are confidential and intended solely for the addressee."))).toBe("Not for now.");
    expect(visible(plain("Später.", "", "Diese E-Mail enthält vertrauliche Informationen."))).toBe("Später.");
  });
});

describe("HTML", () => {
  test("HTML-only: text of the markup, no style or script", () => {
    expect(visible(html("<html><head><style>p{color:red}</style><title>t</title></head><body><p>Yes &amp; no &mdash; caf&eacute;</p><script>var x=1</script></body></html>"))).toBe("Yes & no — café");
  });

  test("Gmail's gmail_quote and signature go", () => {
    expect(visible(html('<div dir="ltr">Let\'s talk Friday.</div><div class="gmail_signature">Lena<br>CEO</div><div class="gmail_quote"><div class="gmail_attr">On Tue wrote:</div><blockquote class="gmail_quote">Interested? <a href="x">Unsubscribe</a></blockquote></div>'))).toBe("Let's talk Friday.");
  });

  test.each([
    ["Proton Mail", '<div>Not for us.</div><div class="protonmail_signature_block">Lena<br>Book a call: https://cal.com/lena</div><div class="protonmail_quote">On Tuesday wrote:<blockquote>Interested?</blockquote></div>'],
    ["Outlook's div#Signature", '<div class="elementToProof">Not for us.</div><div id="Signature"><p>Lena Brandt</p><p>Schedule a meeting with me</p></div>'],
    ["Outlook mobile's signature", '<div>Not for us.</div><div id="ms-outlook-mobile-signature">Get Outlook for iOS</div>'],
    ["the new Outlook's reference message", '<div>Not for us.</div><div id="mail-editor-reference-message-container"><div>From: Ravi</div><div>Interested in a call?</div></div>'],
    ["Zimbra's markers", '<div>Not for us.</div><div data-marker="__SIG_PRE__">Lena</div><div data-marker="__QUOTED_TEXT__">Interested in a call?</div>'],
    ["Apple Mail's original contents", '<div>Not for us.</div><div class="AppleOriginalContents">Interested in a call?</div>'],
  ])("%s goes", (_client, markup) => {
    expect(visible(html(markup))).toBe("Not for us.");
  });

  test("Apple Mail's blockquote type=cite goes, nested ones too", () => {
    expect(visible(html('<div>Sure.</div><blockquote type="cite"><div>Earlier<blockquote type="cite">older</blockquote>still quoted</div></blockquote>'))).toBe("Sure.");
  });

  test("Outlook: everything from divRplyFwdMsg on goes", () => {
    expect(visible(html('<div>Nicht jetzt.</div><div id="appendonsend"></div><hr><div id="divRplyFwdMsg"><b>Von:</b> Ravi</div><div>Hallo Lena, Interesse?</div>'))).toBe("Nicht jetzt.");
  });

  test("Outlook desktop: the From/Sent block in the markup goes", () => {
    expect(visible(html('<p class="MsoNormal">Thanks, no.</p><div style="border-top:solid #E1E1E1 1.0pt"><p class="MsoNormal"><b>From:</b> Ravi &lt;ravi@sender.example&gt;<br><b>Sent:</b> Tuesday<br><b>To:</b> Lena<br><b>Subject:</b> A thought</p></div><p>Hi Lena</p>'))).toBe("Thanks, no.");
  });

  test("a text/plain part is preferred to its HTML twin", () => {
    const raw = [...head, "MIME-Version: 1.0", 'Content-Type: multipart/alternative; boundary="alt"', "", "--alt", "Content-Type: text/plain; charset=utf-8", "", "From the plain part.", "--alt", "Content-Type: text/html; charset=utf-8", "", "<p>From the HTML part.</p>", "--alt--"].join("\n");
    expect(visible(raw)).toBe("From the plain part.");
  });

  test("quoted-printable and base64 bodies in another charset are decoded", () => {
    const qp = [...head, "Content-Type: text/plain; charset=iso-8859-1", "Content-Transfer-Encoding: quoted-printable", "", "Sch=F6ne Gr=FC=DFe, gern mehr dazu."].join("\n");
    expect(visible(qp)).toBe("Schöne Grüße, gern mehr dazu.");
    const b64 = [...head, "Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: base64", "", Buffer.from("Très intéressant.").toString("base64")].join("\n");
    expect(visible(b64)).toBe("Très intéressant.");
  });

  test("an attached message is not the writer's text", () => {
    const raw = [...head, 'Content-Type: multipart/mixed; boundary="m"', "", "--m", "Content-Type: text/plain", "", "FYI, see attached.", "--m", "Content-Type: message/rfc822", "", "From: x@y.example", "Subject: old", "", "Please unsubscribe me", "--m--"].join("\n");
    expect(visible(raw)).toBe("FYI, see attached.");
  });
});

describe("hostile input returns", () => {
  test("100 KB of '>' lines", () => {
    const v = classifyMessage(plain(">\n".repeat(50_000)));
    expect(v.classification).toBe("reply");
    expect(v.visibleText).toBe("");
  });

  test("deeply nested HTML", () => {
    const v = classifyMessage(html("<div>".repeat(40_000) + "Okay." + "</div>".repeat(40_000)));
    expect(v.visibleText).toBe("Okay.");
    expect(classifyMessage(html("<blockquote>".repeat(50_000) + "never closed")).visibleText).toBe("");
  });

  test("long runs that defeat backtracking regexes", () => {
    for (const body of [" ".repeat(200_000) + "x", ",".repeat(200_000) + "x", "a".repeat(500_000), "On " + "x ".repeat(50_000), "From: x\n".repeat(20_000), "?".repeat(100_000), ("a".repeat(60) + "@").repeat(3_000), "Please contact " + "Abc ".repeat(30_000), "unsubscribe, ".repeat(20_000), "abmeldung jederzeit, ".repeat(10_000), "send the\ninvite to me ".repeat(10_000)]) {
      expect(typeof classifyMessage(plain(body)).classification).toBe("string");
    }
    expect(classifyMessage(html("<td>".repeat(60_000) + "x")).visibleText).toBe("x");
  });

  test("long subjects that defeat backtracking regexes (the removal and auto-reply subject readers)", () => {
    const withSubject = (subject: string, body = "") => plain(body).replace(/^Subject: .*$/m, `Subject: ${subject}`);
    for (const subject of ["unsubscribe " + "1".repeat(200_000) + " ?", "Re:" + " ".repeat(200_000) + "x", "Re: " + "re: ".repeat(50_000) + "x", "Re: idea" + " (".repeat(50_000) + "x", "Automatic reply" + " -".repeat(100_000) + "?"]) {
      expect(typeof classifyMessage(withSubject(subject)).classification).toBe("string");
      expect(typeof classifyMessage(withSubject(subject, "Sounds good.")).classification).toBe("string");
    }
  });

  test("garbage bytes", () => {
    const bytes = new Uint8Array(64 * 1024);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) % 256;
    expect(classifyMessage(bytes).classification).toBe("reply");
    expect(classifyMessage("").classification).toBe("reply");
  });
});
